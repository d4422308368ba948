/*
** factory.c -- runs a Lua function as a component factory.
**
** engine -> factory_callback -> callback_run(factory_run): the data decoded
** from its JSON text (data_push), the Lua function, its view table handed
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
** Pushes the component's data: decoded from the JSON text the engine keeps
** (the page's own bytes), with no value built on the engine's side.
*/
static void data_push(lua_State *L, sdui_call *call)
{
    const char *text;
    size_t len;
    if (sdui_call_input_text(call, &text, &len, NULL) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    luajson_decode(L, text, len);
}

/* Protected part: fn(data, ctx) -> view table. */
static int factory_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    sdui_call *call = cb->bridge->call;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    data_push(L, call);
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
