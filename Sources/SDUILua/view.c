/*
** view.c -- a factory's view table into the engine through the node builder.
**
** The walk mirrors the JSON form member for member: "type" opens the node,
** strings become members as they are, "children" recurses, and other values
** (an action or a style table, a number) go in packed (packed.h), with no
** JSON text in between. The walk gives up (returns 0) on anything it does not cover or
** that the engine refuses; view_return then sends the whole table as JSON,
** so errors read exactly as they always have.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "luajson.h"
#include "packed.h"
#include "view.h"

/* The number of keys of the table at t. With lua_rawlen(t) == n and every
** item 1..n present (a missing one fails the build), n keys mean exactly
** the items 1..n. */
static lua_Unsigned key_count(lua_State *L, int t)
{
    lua_Unsigned count = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        count++;
    }
    return count;
}

/* Builds the node at idx (an absolute index); 1 when done, 0 to fall back. */
static int build(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx, int depth)
{
    if (lua_type(L, idx) != LUA_TTABLE || depth > LUAJSON_MAXDEPTH)
        return 0;
    luaL_checkstack(L, 6, "view nested too deep");
    if (lua_getfield(L, idx, "type") != LUA_TSTRING) {
        lua_pop(L, 1);
        return 0;
    }
    int st = sdui_call_begin(call, lua_tostring(L, -1));
    lua_pop(L, 1);
    if (st != SDUI_OK)
        return 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* key at -2, value at -1 */
        if (lua_type(L, -2) != LUA_TSTRING) {
            lua_pop(L, 2);
            return 0;
        }
        const char *name = lua_tostring(L, -2); /* a string key: no conversion */
        int type = lua_type(L, -1);
        if (strcmp(name, "type") == 0) {
            /* done by sdui_call_begin */
        } else if (type == LUA_TSTRING) {
            size_t len;
            const char *s = lua_tolstring(L, -1, &len);
            st = sdui_call_member(call, name, s, len);
        } else if (strcmp(name, "children") == 0 && type == LUA_TTABLE) {
            int list = lua_gettop(L);
            lua_Unsigned n = lua_rawlen(L, list);
            if (n == 0 || key_count(L, list) != n) {
                /* empty, or not a plain list: the JSON route decides (and names the error) */
                lua_pop(L, 2);
                return 0;
            }
            for (lua_Unsigned i = 1; i <= n && st == SDUI_OK; i++) {
                lua_rawgeti(L, list, (lua_Integer)i);
                if (!build(L, bridge, call, lua_gettop(L), depth + 1))
                    st = SDUI_ECONTRACT;
                lua_pop(L, 1);
            }
        } else if (type == LUA_TTABLE || type == LUA_TNUMBER || type == LUA_TBOOLEAN || luajson_isnull(L, -1)) {
            packed_buffer *b = &bridge->scratch;
            st = packed_encode(L, -1, b) ? sdui_call_member_packed(call, name, b->data, b->len)
                                          : SDUI_EINVAL; /* the JSON route explains it */
        } else {
            st = SDUI_EINVAL; /* a function, a userdata...: the JSON path names it */
        }
        if (st != SDUI_OK) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
    }
    return sdui_call_end(call) == SDUI_OK;
}

void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx)
{
    idx = lua_absindex(L, idx);
    if (!build(L, bridge, call, idx, 0))
        bridge_return_json(L, call, idx, "view");
}
