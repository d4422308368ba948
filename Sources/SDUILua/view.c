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
*/
#include <stdint.h>
#include <string.h>

#include "bridge.h"
#include "flat.h"
#include "luajson.h"
#include "packed.h"
#include "view.h"

static int pack_node(lua_State *L, packed_buffer *b, int idx, int depth);

/* Packs the children list at idx: items 1..n, each a node; anything else the general packer decides. */
static int pack_children(lua_State *L, packed_buffer *b, int idx, int depth)
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
        int ok = pack_node(L, b, lua_gettop(L), depth + 1);
        lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    return 1;
}

/* Packs the node table at idx (an absolute index); 0 when the JSON route must take the view. */
static int pack_node(lua_State *L, packed_buffer *b, int idx, int depth)
{
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
        int ok = packed_put_text(b, "children", 8) && pack_children(L, b, lua_gettop(L), depth);
        lua_pop(L, 1);
        if (!ok)
            return 0;
        count++;
    }
    memcpy(b->data + count_at, &count, sizeof count);
    return 1;
}

void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx)
{
    idx = lua_absindex(L, idx);
    packed_buffer *b = &bridge->scratch;
    if (bridge->flat_views && flat_write(L, b, idx) && sdui_call_return_flat(call, b->data, b->len) == SDUI_OK)
        return;
    b->len = 0;
    if (pack_node(L, b, idx, 0) && sdui_call_return_packed(call, b->data, b->len) == SDUI_OK)
        return;
    bridge_return_json(L, call, idx, "view");
}
