/*
** handler.c -- runs a Lua function as an action handler.
**
** engine -> handler_callback -> callback_run(handler_run): the state as a
** view over the bridge's mirror of it (state.c), the payload built from its
** packed form, the Lua function; then what it assigned or returned goes to
** the engine (state_finish).
*/
#include <string.h>

#include <lua.h>

#include "callback.h"
#include "ctx.h"
#include "handler.h"
#include "state.h"

/*
** Protected part: fn(state, payload, ctx) -> new state, or nil (or the
** state itself) for the state as it changed in place.
*/
static int handler_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    sdui_bridge *bridge = cb->bridge;
    const char *slash = strchr(cb->name, '/');
    size_t len = slash ? (size_t)(slash - cb->name) : strlen(cb->name);
    long long version = 0;
    int entry = state_push(L, bridge, cb->name, len, &version);
    int view = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    /*
    ** A Lua function that takes fewer than three parameters (and no ...)
    ** never sees the ctx: it gets nil instead, which saves a table (and its
    ** share of collection) per dispatch.
    */
    lua_Debug ar;
    lua_pushvalue(L, -1);
    int wants_ctx = !lua_getinfo(L, ">u", &ar) || ar.isvararg || ar.nparams >= 3;
    lua_pushvalue(L, view);
    callback_pushinput(L, bridge->call);
    if (wants_ctx)
        ctx_push(L, bridge, CTX_HANDLER, cb->name, NULL);
    else
        lua_pushnil(L);
    lua_call(L, 3, 1);
    state_finish(L, bridge, entry, view, lua_gettop(L), version);
    return 0;
}

static int handler_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, handler_run);
}

/*
** A script's handler: its last good version stands in when it fails. The
** failed run left the state's mirror out of date, so the previous version
** reads the state as the rollback left it.
*/
static int handler_callback_kept(sdui_call *call, void *userdata)
{
    return callback_run_kept(call, userdata, handler_run, KEPT_HANDLER);
}

int handler_register(sdui_bridge *bridge, lua_State *L, const char *type, int fn)
{
    callback *cb = callback_new(bridge, L, fn, type, NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_action(bridge->engine, type, handler_callback, cb,
                                                           callback_destroy));
}

int handler_register_kept(sdui_bridge *bridge, lua_State *L, const char *type, int fn, int versions)
{
    callback *cb = callback_new_kept(bridge, L, fn, type, versions);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_action(bridge->engine, type, handler_callback_kept, cb,
                                                           callback_destroy));
}
