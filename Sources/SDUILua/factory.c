/*
** factory.c -- runs a Lua function as a component factory.
**
** engine -> factory_callback -> callback_run(factory_run): the data decoded
** from its JSON text, or kept from the last render of the same text
** (data_push), the Lua function, its view table handed
** over in one call (view.c), the status back to the engine.
*/
#include <lauxlib.h>
#include <lua.h>

#include "callback.h"
#include "ctx.h"
#include "factory.h"
#include "luajson.h"
#include "view.h"

/*
** The data cache: a component that renders again with unchanged data (after
** a state change or a script reload) gets the table decoded the time before.
** The engine names each data text with a token (sdui_call_input_text); the
** cache is a registry table
**   [1] the page the tokens belong to (the token's high 32 bits)
**   [2] tokens seen once: token -> true
**   [3] tables kept: token -> data
** A table is kept from a component's second render on, so a first render of
** a page keeps no more memory than before; a new page starts a new cache.
** Data given as a value (token 0) is decoded every time.
*/
enum { CACHE_PAGE = 1, CACHE_SEEN, CACHE_KEPT };

/* Pushes the cache's table `slot` for page `page`, making the cache (or a new one for a new page) as needed. */
static int push_cache(lua_State *L, sdui_bridge *bridge, lua_Integer page)
{
    if (bridge->data_cache != 0)
        lua_rawgeti(L, LUA_REGISTRYINDEX, bridge->data_cache);
    else {
        lua_createtable(L, 3, 0);
        lua_pushvalue(L, -1);
        bridge->data_cache = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    int cache = lua_gettop(L);
    if (lua_rawgeti(L, cache, CACHE_PAGE) != LUA_TNUMBER || lua_tointeger(L, -1) != page) {
        lua_pushinteger(L, page);
        lua_rawseti(L, cache, CACHE_PAGE);
        lua_newtable(L);
        lua_rawseti(L, cache, CACHE_SEEN);
        lua_newtable(L);
        lua_rawseti(L, cache, CACHE_KEPT);
    }
    lua_pop(L, 1);
    return cache;
}

/*
** Pushes the component's data: decoded from the JSON text the engine keeps
** (the page's own bytes), with no value built on the engine's side, or the
** table decoded from the same text before.
*/
static void data_push(lua_State *L, sdui_bridge *bridge, sdui_call *call)
{
    const char *text;
    size_t len;
    unsigned long long token;
    if (sdui_call_input_text(call, &text, &len, &token) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    if (token == 0) {
        luajson_decode(L, text, len);
        return;
    }
    int cache = push_cache(L, bridge, (lua_Integer)(token >> 32));
    lua_Integer key = (lua_Integer)token;
    lua_rawgeti(L, cache, CACHE_KEPT);
    if (lua_rawgeti(L, -1, key) == LUA_TTABLE) { /* rendered with this text before: the same table */
        lua_replace(L, cache);
        lua_settop(L, cache);
        return;
    }
    lua_pop(L, 1);
    lua_rawgeti(L, cache, CACHE_SEEN);
    int again = lua_rawgeti(L, -1, key) != LUA_TNIL;
    lua_pop(L, 1);
    if (!again) { /* the first render: remember the token only */
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, key);
    }
    lua_pop(L, 1); /* kept table at the top again */
    luajson_decode(L, text, len);
    if (again && lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, key);
    }
    lua_replace(L, cache);
    lua_settop(L, cache);
}

/* Protected part: fn(data, ctx) -> view table. */
static int factory_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    sdui_call *call = cb->bridge->call;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    data_push(L, cb->bridge, call);
    ctx_push(L, cb->bridge, CTX_FACTORY, cb->name, NULL);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return luaL_error(L, "factory for \"%s\" returned %s, expected a view table",
                          cb->name, luaL_typename(L, -1));
    view_return(L, cb->bridge, call, lua_gettop(L));
    return 0;
}

static int factory_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, factory_run);
}

/* A script's factory: its last good version stands in when it fails. */
static int factory_callback_kept(sdui_call *call, void *userdata)
{
    return callback_run_kept(call, userdata, factory_run, KEPT_FACTORY);
}

int factory_register(sdui_bridge *bridge, lua_State *L, const char *type, int fn)
{
    callback *cb = callback_new(bridge, L, fn, type, NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_component(bridge->engine, type, factory_callback, cb,
                                                              callback_destroy));
}

int factory_register_kept(sdui_bridge *bridge, lua_State *L, const char *type, int fn, int versions)
{
    callback *cb = callback_new_kept(bridge, L, fn, type, versions);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_component(bridge->engine, type, factory_callback_kept, cb,
                                                              callback_destroy));
}
