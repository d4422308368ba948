/*
** view.c -- a factory's view table into the engine in one call.
**
** A view of the common shape goes in the engine's own flat form (flat.c,
** sdui_call_return_flat), which the engine checks and keeps as it is. Any
** other view, and one the engine refuses that way, is packed: the whole
** tree into the bridge's scratch buffer, handed over with
** sdui_call_return_packed, which reads and checks it in one pass. The
** nodes are laid out here, their members in the order lua_next gives them
** (the engine reads a node's members in any order) and "children", as nodes,
** last (so the engine knows the node before its children come);
** every other value (an action, a style table) and any node with a
** metatable are packed by packed.c as luajson_encode would write them. A
** tree the packer does not cover (a cycle, a function, a key that is not a
** string, deep nesting...) or the engine refuses goes the JSON route
** instead, so every error reads exactly as it always has: "invalid view at
** $.path: ...".
**
** Every way counts the view against the engine's view limits
** (SDUI_LIMIT_VIEW_NODES, SDUI_LIMIT_VIEW_BYTES, read with sdui_call_limit)
** as it goes, since the tables of a view may refer to the same tables
** again and again (a DAG) and written out be millions of nodes: the flat
** writer and the packer count each node before writing it and the buffer
** grows no further than the bytes allowed; the JSON route is measured
** before anything is encoded. A view over a limit fails the factory with
** "SCRIPT:LINE: the view has more nodes than the node limit of N
** (SDUI_LIMIT_VIEW_NODES)" (the factory function's script and line), the
** engine's own words for it, and goes no other way.
*/
#include <stdint.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge.h"
#include "flat.h"
#include "luajson.h"
#include "packed.h"
#include "view.h"

/*
** The packed form takes more bytes than the flat one (member names, tags):
** the packer may write this many times the view byte limit (the engine
** then checks the flat form's bytes exactly).
*/
#define PACKED_SLACK 8

static int pack_node(lua_State *L, packed_buffer *b, int idx, int depth, view_count *left);

/* Packs the children list at idx: items 1..n, each a node; anything else the general packer decides. */
static int pack_children(lua_State *L, packed_buffer *b, int idx, int depth, view_count *left)
{
    lua_Unsigned n = lua_rawlen(L, idx);
    if (n == 0 || lua_getmetatable(L, idx)) { /* empty ({} or []), or marked: as luajson_encode has it */
        if (n != 0)
            lua_pop(L, 1);
        return packed_append(L, idx, b);
    }
    lua_Unsigned keys = 0; /* items 1..n and nothing else, or the JSON route names what is wrong */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        keys++;
    }
    if (keys != n || n > UINT32_MAX || !packed_put_tag(b, SDUI_PACKED_ARRAY) || !packed_put_count(b, (size_t)n))
        return 0;
    for (lua_Unsigned i = 1; i <= n; i++) {
        if (lua_rawgeti(L, idx, (lua_Integer)i) != LUA_TTABLE) {
            lua_pop(L, 1);
            return 0;
        }
        int ok = pack_node(L, b, lua_gettop(L), depth + 1, left);
        lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    return 1;
}

/*
** Packs the node table at idx (an absolute index); 0 when the JSON route
** must take the view, or a limit stopped the packer (left->over).
*/
static int pack_node(lua_State *L, packed_buffer *b, int idx, int depth, view_count *left)
{
    if (--left->nodes_left < 0) {
        left->over = VIEW_OVER_NODES;
        return 0;
    }
    if (b->over || (b->max != 0 && b->len > b->max)) {
        left->over = VIEW_OVER_BYTES;
        return 0;
    }
    if (depth > LUAJSON_MAXDEPTH || !lua_checkstack(L, 6))
        return 0;
    if (lua_getmetatable(L, idx)) { /* a proxy, say: the general packer knows */
        lua_pop(L, 1);
        return packed_append(L, idx, b);
    }
    if (!packed_put_tag(b, SDUI_PACKED_OBJECT))
        return 0;
    size_t count_at = b->len;
    if (!packed_put_count(b, 0))
        return 0;
    uint32_t count = 0;
    int children = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* key at -2, value at -1 */
        size_t len;
        if (lua_type(L, -2) != LUA_TSTRING) {
            lua_pop(L, 2);
            return 0;
        }
        const char *name = lua_tolstring(L, -2, &len); /* a string key: no conversion */
        int ok = packed_put_text(b, name, len);
        if (ok && lua_type(L, -1) == LUA_TSTRING) {
            const char *s = lua_tolstring(L, -1, &len);
            ok = packed_put_tag(b, SDUI_PACKED_STRING) && packed_put_text(b, s, len);
        } else if (ok && len == 8 && memcmp(name, "children", 8) == 0 && lua_type(L, -1) == LUA_TTABLE) {
            b->len -= 4 + len; /* written last, below */
            children = 1;
            count--;
        } else if (ok)
            ok = packed_append(L, -1, b);
        lua_pop(L, 1);
        if (!ok) {
            lua_pop(L, 1);
            return 0;
        }
        count++;
    }
    if (children) { /* last: the engine then reads the node's own members first, and its children in place */
        lua_pushliteral(L, "children");
        lua_rawget(L, idx);
        int ok = packed_put_text(b, "children", 8) && pack_children(L, b, lua_gettop(L), depth, left);
        lua_pop(L, 1);
        if (!ok)
            return 0;
        count++;
    }
    memcpy(b->data + count_at, &count, sizeof count);
    return 1;
}

/* ---- the JSON route, measured first ------------------------------------- */

/*
** Walks the value at v (absolute) as the JSON encoder would, counting its
** nodes (node 1: a node; 2: a "children" list, whose tables are nodes;
** 0: any other value) against count and
** the bytes of its strings (an estimate of the view's bytes below what the
** engine keeps) against *bytes_left; stops at the first limit passed
** (left->over), and leaves what the encoder refuses (a cycle, found with
** the set of tables open at `open`, and nesting it does not take) to it.
*/
static void measure(lua_State *L, int v, int node, int depth, int open, view_count *left, long long *bytes_left)
{
    if (node == 1 && --left->nodes_left < 0) {
        left->over = VIEW_OVER_NODES;
        return;
    }
    if (lua_type(L, v) == LUA_TSTRING) {
        if ((*bytes_left -= (long long)lua_rawlen(L, v)) < 0)
            left->over = VIEW_OVER_BYTES;
        return;
    }
    if (lua_type(L, v) != LUA_TTABLE || depth >= LUAJSON_MAXDEPTH || !lua_checkstack(L, 8))
        return;
    lua_pushvalue(L, v);
    if (lua_rawget(L, open) != LUA_TNIL) { /* a cycle: the encoder says so */
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, v);
    lua_pushboolean(L, 1);
    lua_rawset(L, open);
    int children = 0; /* the value is a "children" list: its items are nodes */
    if (node == 2)
        children = 1;
    lua_pushnil(L);
    while (left->over == 0 && lua_next(L, v)) { /* key at -2, value at -1 */
        int kind = 0;
        if (children)
            kind = lua_type(L, -1) == LUA_TTABLE;
        else if (node == 1 && lua_type(L, -2) == LUA_TSTRING && lua_rawlen(L, -2) == 8 &&
                 memcmp(lua_tostring(L, -2), "children", 8) == 0)
            kind = 2;
        measure(L, lua_gettop(L), kind, depth + 1, open, left, bytes_left);
        lua_pop(L, 1);
    }
    if (left->over != 0)
        lua_pop(L, 1); /* the key lua_next left */
    lua_pushvalue(L, v);
    lua_pushnil(L);
    lua_rawset(L, open);
}

/* ---- handing the view over ------------------------------------------------ */

/*
** Raises the error of a view over a limit: the engine's message when it
** refused the view (`engine`), else the limit left->over names, after the
** script and line of the factory function at fn.
*/
static int over_limit(lua_State *L, sdui_call *call, int fn, const view_count *left, long long nodes,
                      long long bytes, int engine)
{
    lua_Debug ar;
    lua_pushvalue(L, fn);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) /* a Lua function of a script */
        lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.linedefined);
    else
        lua_pushliteral(L, "");
    if (engine)
        lua_pushstring(L, sdui_call_errmsg(call));
    else if (left->over == VIEW_OVER_NODES)
        lua_pushfstring(L, "the view has more nodes than the node limit of %I (SDUI_LIMIT_VIEW_NODES)",
                        (lua_Integer)nodes);
    else
        lua_pushfstring(L, "the view takes more than the view byte limit of %I bytes (SDUI_LIMIT_VIEW_BYTES)",
                        (lua_Integer)bytes);
    lua_concat(L, 2);
    return lua_error(L);
}

/* The bytes b may hold for a writer allowed `bytes` (0: none, so the limit of 1 byte takes everything). */
static size_t buffer_max(long long bytes, long long times)
{
    if (bytes <= 0)
        return 1;
    return (unsigned long long)bytes > SIZE_MAX / (unsigned long long)times ? SIZE_MAX
                                                                             : (size_t)bytes * (size_t)times;
}

void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx, int fn)
{
    idx = lua_absindex(L, idx);
    fn = lua_absindex(L, fn);
    packed_buffer *b = &bridge->scratch;
    long long nodes = sdui_call_limit(call, SDUI_LIMIT_VIEW_NODES), bytes = sdui_call_limit(call, SDUI_LIMIT_VIEW_BYTES);
    view_count count = {nodes, 0};
    int status = SDUI_ERROR; /* the engine's answer to the last form handed over */
    b->max = buffer_max(bytes, 1);
    b->over = 0;
    if (bridge->flat_views && flat_write(L, b, idx, &count))
        status = sdui_call_return_flat(call, b->data, b->len);
    if (status != SDUI_OK && status != SDUI_ELIMIT && count.over == 0) { /* not flat, or refused as such: packed */
        count.nodes_left = nodes;
        b->len = 0;
        b->max = buffer_max(bytes, PACKED_SLACK);
        b->over = 0;
        if (pack_node(L, b, idx, 0, &count))
            status = sdui_call_return_packed(call, b->data, b->len);
        else if (count.over == 0 && b->over)
            count.over = VIEW_OVER_BYTES;
    }
    b->max = 0;
    b->over = 0;
    if (status == SDUI_OK)
        return;
    if (count.over != 0 || status == SDUI_ELIMIT)
        over_limit(L, call, fn, &count, nodes, bytes, status == SDUI_ELIMIT);
    /* the JSON route, measured first: the encoder would expand what the writers stopped at */
    count.nodes_left = nodes;
    long long bytes_left = bytes;
    lua_newtable(L);
    measure(L, idx, 1, 0, lua_gettop(L), &count, &bytes_left);
    lua_pop(L, 1);
    if (count.over != 0)
        over_limit(L, call, fn, &count, nodes, bytes, 0);
    bridge_return_json(L, call, idx, "view");
}
