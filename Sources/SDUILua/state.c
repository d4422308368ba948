/*
** state.c -- a handler's state as tracked views over the bridge's mirror of
** it (see state.h for what a script sees).
**
** The bridge keeps one registry table of mirrors (bridge->mirrors), keyed by
** service name. Each entry is a table:
**   [1] the root view (or the state itself when it is not a table)
**   [2] the engine's version of the state it mirrors; -1 while a handler
**       runs on it and after one failed (out of date)
**   [3] the tables assigned into the state by the running handler, each
**       {view, key, table}, handed to the engine when it returns; or nil
**   [4] the number (bridge->active) of the handler allowed to change it
** The mirrors table also keeps the views' shared metamethods at [1] to [3].
**
** A view is an empty table whose metatable holds:
**   __index = the backing table (the mirror's data: reads go straight there)
**   __newindex, __len, __pairs = the functions below; __name = "sdui.state";
**   the codec's proxy mark (luajson_setproxy: a view encodes and packs as
**   its backing table)
**   [1] the parent view's metatable (none at the root), [2] the key in the
**   parent (an array element's index moves with removals), [3] true once
**   the view was replaced or removed from the state ("detached": writes to
**   it then change only its own table, as with a plain table), [4] at the
**   root, the mirror entry.
** Backing tables hold views for their table values, so state.a.b reads
** through views all the way down.
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luajson.h"
#include "packed.h"
#include "state.h"

/* The views' __name (tostring, error messages). */
#define STATE_NAME "sdui.state"

/* Entry and view metatable slots (see the top). */
enum { ENTRY_ROOT = 1, ENTRY_VERSION, ENTRY_PENDING, ENTRY_WRITER };
enum { VIEW_PARENT = 1, VIEW_KEY, VIEW_DETACHED, VIEW_ENTRY };
/* Where the mirrors table keeps the shared metamethods. */
enum { MIRRORS_NEWINDEX = 1, MIRRORS_LEN, MIRRORS_PAIRS };

/* Views are the only proxies (luajson.h) the bridge makes. */
#define is_view(L, idx) luajson_isproxy(L, idx)

static int view_newindex(lua_State *L);
static int view_len(lua_State *L);
static int view_pairs(lua_State *L);

/* Pushes the bridge's mirrors table, creating it the first time. */
static void push_mirrors(lua_State *L, sdui_bridge *bridge)
{
    if (bridge->mirrors != 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, bridge->mirrors);
        return;
    }
    lua_createtable(L, 3, 4);
    lua_pushlightuserdata(L, bridge);
    lua_pushcclosure(L, view_newindex, 1);
    lua_rawseti(L, -2, MIRRORS_NEWINDEX);
    lua_pushcfunction(L, view_len);
    lua_rawseti(L, -2, MIRRORS_LEN);
    lua_pushcfunction(L, view_pairs);
    lua_rawseti(L, -2, MIRRORS_PAIRS);
    lua_pushvalue(L, -1);
    bridge->mirrors = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Pushes service's mirror entry, creating an empty (out of date) one. */
static void push_entry(lua_State *L, sdui_bridge *bridge, const char *service, size_t len)
{
    push_mirrors(L, bridge);
    lua_pushlstring(L, service, len);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 4, 0);
        lua_pushinteger(L, -1);
        lua_rawseti(L, -2, ENTRY_VERSION);
        lua_pushlstring(L, service, len);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    lua_remove(L, -2);
}

/* -- building views -------------------------------------------------------- */

/*
** Replaces the value at the top, if it is a table, with a view over it;
** its table values become views in turn. `parent` is the parent view's
** metatable (0 for the root) and `key` the index of the key there;
** `mirrors` the index of the mirrors table.
*/
static void wrap(lua_State *L, int mirrors, int parent, int key)
{
    if (lua_type(L, -1) != LUA_TTABLE)
        return;
    luaL_checkstack(L, 8, "state nested too deeply");
    int t = lua_gettop(L);
    lua_createtable(L, 0, 0);              /* the view */
    lua_createtable(L, 4, 6);              /* its metatable */
    int m = lua_gettop(L);
    luajson_setproxy(L, m);                /* encodes as what it shows */
    lua_pushvalue(L, t);
    lua_setfield(L, m, "__index");
    lua_rawgeti(L, mirrors, MIRRORS_NEWINDEX);
    lua_setfield(L, m, "__newindex");
    lua_rawgeti(L, mirrors, MIRRORS_LEN);
    lua_setfield(L, m, "__len");
    lua_rawgeti(L, mirrors, MIRRORS_PAIRS);
    lua_setfield(L, m, "__pairs");
    lua_pushliteral(L, STATE_NAME);
    lua_setfield(L, m, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, m, "__metatable"); /* its __index is the mirror itself: out of scripts' reach */
    if (parent != 0) {
        lua_pushvalue(L, parent);
        lua_rawseti(L, m, VIEW_PARENT);
        lua_pushvalue(L, key);
        lua_rawseti(L, m, VIEW_KEY);
    }
    lua_pushvalue(L, m);
    lua_setmetatable(L, t + 1);
    /* the children: assigning to existing keys during lua_next is allowed */
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            wrap(L, mirrors, m, lua_gettop(L) - 1);
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, t);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);          /* the metatable */
    lua_replace(L, t);      /* the view takes the table's place */
}

/* Pushes the JSON text `json` decoded and wrapped as a root or a child view. */
static void push_wrapped(lua_State *L, sdui_bridge *bridge, const char *json, size_t len, int parent, int key)
{
    push_mirrors(L, bridge);
    int mirrors = lua_gettop(L);
    luajson_decode(L, json, len);
    wrap(L, mirrors, parent, key);
    lua_remove(L, mirrors);
}

/* -- paths ----------------------------------------------------------------- */

/* Pushes the path step for the key at idx: .name, ["quoted"] or [index-1]. */
static void push_step(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_pushfstring(L, "[%I]", (LUAI_UACINT)(lua_tointeger(L, idx) - 1));
        return;
    }
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    size_t plain = 0;
    while (plain < n) {
        unsigned char c = (unsigned char)s[plain];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            break;
        plain++;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (n > 0 && plain == n) {
        luaL_addchar(&b, '.');
        luaL_addlstring(&b, s, n);
    } else {
        /* the engine's path syntax: only " and \ are escaped inside quotes */
        luaL_addlstring(&b, "[\"", 2);
        for (size_t i = 0; i < n; i++) {
            if (s[i] == '"' || s[i] == '\\')
                luaL_addchar(&b, '\\');
            luaL_addchar(&b, s[i]);
        }
        luaL_addlstring(&b, "\"]", 2);
    }
    luaL_pushresult(&b);
}

/* Whether the step for a string key of n bytes is .name (else ["quoted"]). */
static int plain_key(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/*
** The path of key k under the view whose path is the string at index base,
** as push_step and a concatenation would make it, written into buf (size
** bytes, NUL-terminated) without making Lua strings; NULL when it does not
** fit.
*/
static const char *step_path(lua_State *L, int base, int k, char *buf, size_t size)
{
    size_t bn;
    const char *b = lua_tolstring(L, base, &bn);
    if (bn + 32 > size)
        return NULL;
    memcpy(buf, b, bn);
    char *at = buf + bn;
    if (lua_type(L, k) == LUA_TNUMBER) {
        lua_Integer i = lua_tointeger(L, k) - 1;
        if (i < 0)
            return NULL; /* (not for an array index) */
        char digits[24];
        int d = 0;
        do {
            digits[d++] = (char)('0' + i % 10);
            i /= 10;
        } while (i > 0);
        *at++ = '[';
        while (d > 0)
            *at++ = digits[--d];
        *at++ = ']';
        *at = '\0';
        return buf;
    }
    size_t n;
    const char *s = lua_tolstring(L, k, &n);
    if (plain_key(s, n)) {
        if (bn + 1 + n + 1 > size)
            return NULL;
        *at++ = '.';
        memcpy(at, s, n);
        at[n] = '\0';
        return buf;
    }
    if (bn + 2 * n + 5 > size)
        return NULL;
    /* the engine's path syntax: only " and \ are escaped inside quotes */
    *at++ = '[';
    *at++ = '"';
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"' || s[i] == '\\')
            *at++ = '\\';
        *at++ = s[i];
    }
    *at++ = '"';
    *at++ = ']';
    *at = '\0';
    return buf;
}

/*
** Walks from the view metatable at m to the root. Pushes the path of key k
** (an index; 0 for the view itself) and the root's entry, and returns 1;
** or pushes nothing and returns 0 when a view on the way is detached.
*/
static int push_path(lua_State *L, int m, int k)
{
    int top = lua_gettop(L);
    luaL_checkstack(L, 4, "state nested too deeply");
    if (lua_rawgeti(L, m, VIEW_PARENT) != LUA_TTABLE) {
        /* the root view (a handler's usual writer): no walk, "$" or "$" and one step */
        int detached = lua_rawgeti(L, m, VIEW_DETACHED) != LUA_TNIL;
        lua_settop(L, top);
        if (detached)
            return 0;
        lua_pushliteral(L, "$");
        if (k != 0) {
            push_step(L, k);
            lua_concat(L, 2);
        }
        lua_rawgeti(L, m, VIEW_ENTRY);
        return 1;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, m);
    for (;;) {
        luaL_checkstack(L, 4, "state nested too deeply");
        if (lua_rawgeti(L, -1, VIEW_DETACHED) != LUA_TNIL) {
            lua_settop(L, top);
            return 0;
        }
        lua_pop(L, 1);
        if (lua_rawgeti(L, -1, VIEW_PARENT) != LUA_TTABLE) {
            lua_pop(L, 1);
            break;
        }
    }
    /* top+1 .. last: the metatables from m up to the root */
    int last = lua_gettop(L);
    lua_rawgeti(L, last, VIEW_ENTRY);
    int entry = lua_gettop(L);
    lua_pushliteral(L, "$");
    for (int i = last - 1; i > top; i--) {
        lua_rawgeti(L, i, VIEW_KEY);
        push_step(L, lua_gettop(L));
        lua_remove(L, -2);
    }
    if (k != 0)
        push_step(L, k);
    lua_concat(L, lua_gettop(L) - entry);
    lua_rotate(L, top + 1, 2);  /* path and entry to the bottom */
    lua_settop(L, top + 2);
    lua_insert(L, top + 1);     /* path, entry */
    return 1;
}

/* -- writing through a view -------------------------------------------------- */

/* Marks the view at idx (if it is one) detached. */
static void detach(lua_State *L, int idx)
{
    if (is_view(L, idx)) {
        lua_getmetatable(L, idx);
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, VIEW_DETACHED);
        lua_pop(L, 1);
    }
}

static int encode_run(lua_State *L)
{
    luajson_pushencoded(L, 1);
    return 1;
}

/*
** Pushes the JSON text of the value at idx, which goes to `path` in the
** state; an encoding error names the place in the state ("cannot encode a
** function at $.a.f"), not in the value. `where` ("file:line: " of the
** assignment, or NULL) leads an error that names no script line of its own
** (a table assigned is encoded when the handler returns).
*/
static const char *encode_at(lua_State *L, int idx, const char *path, size_t *len, const char *where,
                             sdui_bridge *bridge)
{
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, encode_run);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (msg != NULL && where != NULL && where[0] != '\0' && strncmp(msg, where, strlen(where)) != 0) {
            lua_pushstring(L, where);
            lua_insert(L, -2);
            lua_concat(L, 2);
            msg = lua_tostring(L, -1);
            if (bridge->limit_hit) /* the run reports its limit as recorded: with the line now */
                snprintf(bridge->limit_message, sizeof bridge->limit_message, "%s", msg);
        }
        const char *at = msg ? strstr(msg, " at $") : NULL;
        if (at == NULL)
            lua_error(L);
        lua_pushlstring(L, msg, (size_t)(at - msg) + 4);
        lua_pushstring(L, path);
        lua_pushstring(L, at + 5);
        lua_concat(L, 3);
        lua_error(L);
    }
    return lua_tolstring(L, -1, len);
}

/*
** Sets the value at v, not a table (0: removes), at `path`; raises on
** failure. (Tables go through push_wrapped, which keeps their text.)
*/
static void set_value(lua_State *L, sdui_bridge *bridge, const char *path, int v)
{
    const char *json = NULL;
    size_t len = 0;
    int st, encoded = 0;
    if (v != 0 && packed_encode(L, v, &bridge->scratch)) {
        st = sdui_call_set_packed(bridge->call, path, bridge->scratch.data, bridge->scratch.len);
    } else {
        if (v != 0) { /* what packing refuses (NaN, a function...): the encoder's error names it */
            json = encode_at(L, v, path, &len, NULL, bridge);
            encoded = 1;
        }
        st = sdui_call_set(bridge->call, path, json, len);
    }
    if (st != SDUI_OK)
        luaL_error(L, "cannot set state at %s: %s", path, sdui_call_errmsg(bridge->call));
    if (encoded)
        lua_pop(L, 1);
}

/* Raises when the view at v is the one at metatable m or one of its parents. */
static void check_cycle(lua_State *L, int v, int m, const char *path)
{
    if (!lua_getmetatable(L, v))
        return;
    int vm = lua_gettop(L);
    lua_pushvalue(L, m);
    do {
        if (lua_rawequal(L, -1, vm))
            luaL_error(L, "cyclic table at %s", path);
    } while (lua_rawgeti(L, -1, VIEW_PARENT) == LUA_TTABLE);
    lua_settop(L, vm - 1);
}

/* Removes element k of the backing array t (length n), moving the rest down. */
static void remove_element(lua_State *L, int t, lua_Integer k, lua_Integer n)
{
    for (lua_Integer i = k; i < n; i++) {
        lua_rawgeti(L, t, i + 1);
        if (lua_type(L, -1) == LUA_TTABLE && lua_getmetatable(L, -1)) {
            lua_pushinteger(L, i);
            lua_rawseti(L, -2, VIEW_KEY);
            lua_pop(L, 1);
        }
        lua_rawseti(L, t, i);
    }
    lua_pushnil(L);
    lua_rawseti(L, t, n);
}

/*
** view[k] = v. Checks the handler may write, sets the value in the engine
** at the key's path, then in the mirror. Tables assigned are handed over
** when the handler returns (state_finish), views are copied at once.
*/
static int view_newindex(lua_State *L)
{
    sdui_bridge *bridge = lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 3);
    lua_getmetatable(L, 1);
    int m = 4;
    lua_getfield(L, m, "__index");
    int t = 5;
    if (!push_path(L, m, 0)) { /* no longer in the state: a plain table now */
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, t);
        return 0;
    }
    /* 6: the view's own path, 7: the entry */
    lua_rawgeti(L, 7, ENTRY_WRITER);
    if (bridge->call == NULL || lua_tointeger(L, -1) != (lua_Integer)bridge->active)
        return luaL_error(L, "state can change only in its own action handler, while it runs");
    lua_pop(L, 1);
    int array = luajson_isarray(L, t);
    lua_Unsigned n = lua_rawlen(L, t);
    if (!array && lua_type(L, 2) == LUA_TNUMBER && lua_tointeger(L, 2) == 1 && !lua_isnil(L, 3)) {
        lua_pushnil(L);
        if (!lua_next(L, t)) { /* an empty object given element 1 becomes an array, as a plain table would */
            if (sdui_call_set(bridge->call, lua_tostring(L, 6), "[]", 2) != SDUI_OK)
                return luaL_error(L, "cannot set state at %s: %s", lua_tostring(L, 6), sdui_call_errmsg(bridge->call));
            array = 1;
            luajson_markarray(L, t);
        } else {
            lua_pop(L, 2);
        }
    }
    lua_Integer k = 0;
    if (array) {
        int exact = 0;
        k = lua_tointegerx(L, 2, &exact);
        if (!exact || k < 1 || (lua_Unsigned)k > n + 1)
            return luaL_error(L, "state array index must be an integer from 1 to %I (#array + 1), got %s",
                              (LUAI_UACINT)(n + 1), luaL_tolstring(L, 2, NULL));
        lua_pushinteger(L, k);
        lua_replace(L, 2);
    } else if (lua_type(L, 2) != LUA_TSTRING) {
        return luaL_error(L, "state object keys must be strings, got %s", luaL_typename(L, 2));
    } else if (memchr(lua_tostring(L, 2), '\0', lua_rawlen(L, 2)) != NULL) {
        return luaL_error(L, "state keys cannot contain a NUL byte");
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, t);
    int old = lua_gettop(L);
    if (lua_isnil(L, 3) && lua_isnil(L, old))
        return 0; /* removing something absent */
    char buf[256];
    const char *path = step_path(L, 6, 2, buf, sizeof buf);
    if (path == NULL) { /* a long path: as a Lua string */
        push_step(L, 2);
        lua_pushvalue(L, 6);
        lua_insert(L, -2);
        lua_concat(L, 2);
        path = lua_tostring(L, -1);
    }
    if (lua_isnil(L, 3)) {
        set_value(L, bridge, path, 0);
        detach(L, old);
        if (array)
            remove_element(L, t, k, (lua_Integer)n);
        else {
            lua_pushvalue(L, 2);
            lua_pushnil(L);
            lua_rawset(L, t);
        }
        return 0;
    }
    if (lua_type(L, 3) == LUA_TTABLE && !is_view(L, 3)) {
        /*
        ** Taken when the handler returns; until then reads give it back as
        ** it is. The engine holds null in its place meanwhile, so array
        ** indexes and member order stay as the script sees them.
        */
        if (sdui_call_set(bridge->call, path, "null", 4) != SDUI_OK)
            return luaL_error(L, "cannot set state at %s: %s", path, sdui_call_errmsg(bridge->call));
        lua_rawgeti(L, 7, ENTRY_PENDING);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_rawseti(L, 7, ENTRY_PENDING);
        }
        lua_createtable(L, 4, 0);
        lua_pushvalue(L, 1);
        lua_rawseti(L, -2, 1);
        lua_pushvalue(L, 2);
        lua_rawseti(L, -2, 2);
        lua_pushvalue(L, 3);
        lua_rawseti(L, -2, 3);
        luaL_where(L, 1); /* the assignment's "file:line: ", for an error when it is handed over */
        lua_rawseti(L, -2, 4);
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
        lua_pop(L, 1);
        detach(L, old);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, t);
        return 0;
    }
    if (lua_type(L, 3) != LUA_TTABLE) {
        set_value(L, bridge, path, 3);
        detach(L, old);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, t);
        return 0;
    }
    /* a view: a copy of what it shows, unless it holds the target */
    check_cycle(L, 3, m, path);
    size_t len;
    const char *json = encode_at(L, 3, path, &len, NULL, bridge);
    if (sdui_call_set(bridge->call, path, json, len) != SDUI_OK)
        return luaL_error(L, "cannot set state at %s: %s", path, sdui_call_errmsg(bridge->call));
    detach(L, old);
    lua_pushvalue(L, 2);
    push_wrapped(L, bridge, json, len, m, 2);
    lua_rawset(L, t);
    return 0;
}

/* #view: the length of the backing table. */
static int view_len(lua_State *L)
{
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

/* The iterator pairs(view) returns: next over the backing table. */
static int backing_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* pairs(view): backing_next, the backing table, nil. */
static int view_pairs(lua_State *L)
{
    lua_getmetatable(L, 1);
    lua_pushcfunction(L, backing_next);
    lua_getfield(L, -2, "__index");
    lua_pushnil(L);
    return 3;
}

/* -- the handler's side -------------------------------------------------------- */

/* Makes the JSON text `json` the mirror of the entry at index entry. */
static void set_root(lua_State *L, sdui_bridge *bridge, int entry, const char *json, size_t len)
{
    push_wrapped(L, bridge, json, len, 0, 0);
    if (lua_getmetatable(L, -1)) { /* the root view knows its entry */
        lua_pushvalue(L, entry);
        lua_rawseti(L, -2, VIEW_ENTRY);
        lua_pop(L, 1);
    }
    lua_rawseti(L, entry, ENTRY_ROOT);
}

int state_push(lua_State *L, sdui_bridge *bridge, const char *service, size_t len, long long *result)
{
    long long received = 0;
    if (sdui_call_versions(bridge->call, &received, result) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(bridge->call));
    push_entry(L, bridge, service, len);
    int entry = lua_gettop(L);
    lua_rawgeti(L, entry, ENTRY_VERSION);
    int current = lua_tointeger(L, -1) == (lua_Integer)received;
    lua_pop(L, 1);
    if (!current) {
        /* views of the old copy, if a script kept any, no longer reach the state */
        lua_rawgeti(L, entry, ENTRY_ROOT);
        detach(L, lua_gettop(L));
        lua_pop(L, 1);
        char **box = bridge_newbuffer(L);
        size_t n = 0;
        if (sdui_call_json(bridge->call, SDUI_STATE, NULL, box, &n) != SDUI_OK)
            luaL_error(L, "%s", sdui_call_errmsg(bridge->call));
        set_root(L, bridge, entry, *box, n);
        sdui_free(*box);
        *box = NULL;
        lua_pop(L, 1); /* the box */
    }
    /* out of date until the handler returns: a failure leaves it so */
    lua_pushinteger(L, -1);
    lua_rawseti(L, entry, ENTRY_VERSION);
    lua_pushnil(L);
    lua_rawseti(L, entry, ENTRY_PENDING);
    lua_pushinteger(L, (lua_Integer)bridge->active);
    lua_rawseti(L, entry, ENTRY_WRITER);
    lua_rawgeti(L, entry, ENTRY_ROOT);
    return entry;
}

/* Hands the entry's pending tables (at index entry) to the engine and wraps them. */
static void flush(lua_State *L, sdui_bridge *bridge, int entry)
{
    if (lua_rawgeti(L, entry, ENTRY_PENDING) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int pending = lua_gettop(L);
    lua_pushnil(L);
    lua_rawseti(L, entry, ENTRY_PENDING);
    lua_Integer count = (lua_Integer)lua_rawlen(L, pending);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, pending, i);
        int record = lua_gettop(L);
        lua_rawgeti(L, record, 1); /* view */
        lua_getmetatable(L, -1);
        int m = lua_gettop(L);
        lua_getfield(L, m, "__index");
        int t = lua_gettop(L);
        lua_rawgeti(L, record, 2); /* key */
        int key = lua_gettop(L);
        lua_rawgeti(L, record, 3); /* the table assigned */
        int value = lua_gettop(L);
        /* still where it was put? an array element may have moved */
        lua_pushvalue(L, key);
        int found = lua_rawget(L, t) == LUA_TTABLE && lua_rawequal(L, -1, value);
        lua_pop(L, 1);
        if (!found && luajson_isarray(L, t)) {
            lua_Integer n = (lua_Integer)lua_rawlen(L, t);
            for (lua_Integer j = 1; j <= n && !found; j++) {
                lua_rawgeti(L, t, j);
                if (lua_rawequal(L, -1, value)) {
                    found = 1;
                    lua_pushinteger(L, j);
                    lua_replace(L, key);
                }
                lua_pop(L, 1);
            }
        }
        if (found && push_path(L, m, key)) {
            lua_pop(L, 1); /* the entry */
            const char *path = lua_tostring(L, -1);
            lua_rawgeti(L, record, 4);
            const char *where = lua_tostring(L, -1);
            lua_pop(L, 1); /* the record keeps it */
            size_t len;
            const char *json = encode_at(L, value, path, &len, where, bridge);
            if (sdui_call_set(bridge->call, path, json, len) != SDUI_OK)
                luaL_error(L, "cannot set state at %s: %s", path, sdui_call_errmsg(bridge->call));
            lua_pushvalue(L, key);
            push_wrapped(L, bridge, json, len, m, key);
            lua_rawset(L, t);
        }
        lua_settop(L, record - 1);
    }
    lua_pop(L, 1);
}

void state_flush(lua_State *L, sdui_bridge *bridge, const char *service, size_t len)
{
    push_entry(L, bridge, service, len);
    flush(L, bridge, lua_gettop(L));
    lua_pop(L, 1);
}

void state_finish(lua_State *L, sdui_bridge *bridge, int entry, int view, int result, long long version)
{
    if (lua_isnil(L, result) || lua_rawequal(L, result, view)) {
        flush(L, bridge, entry);
    } else {
        /* a new state: the engine takes it whole, and the mirror is made from what it took */
        lua_pushnil(L);
        lua_rawseti(L, entry, ENTRY_PENDING);
        bridge_return_json(L, bridge->call, result, "state");
        size_t n;
        const char *json = lua_tolstring(L, -1, &n);
        set_root(L, bridge, entry, json, n);
        lua_pop(L, 1);
        detach(L, view);
    }
    lua_pushinteger(L, (lua_Integer)version);
    lua_rawseti(L, entry, ENTRY_VERSION);
}
