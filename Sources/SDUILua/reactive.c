/*
** reactive.c -- runs Lua functions as subscribers, middleware, effect
** performers and the patch listener.
**
** The first three have a status and enter Lua through callback_run, as
** factories and handlers do. The patch listener has none: an error its Lua
** function raises becomes a Lua warning.
*/
#include <string.h>

#include <lua.h>

#include "callback.h"
#include "ctx.h"
#include "luajson.h"
#include "reactive.h"

/* Subscriber: fn(value, ctx); value is nil when the watched value is gone (or null). */
static int subscriber_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    callback_pushinput(L, cb->bridge->call);
    if (luajson_isnull(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    ctx_push(L, cb->bridge, CTX_SUBSCRIBER, cb->name, cb->name + strlen(cb->name) + 1);
    lua_call(L, 2, 0);
    return 0;
}

/* Middleware: fn(phase, action, ctx); raising fails the dispatch. */
static int middleware_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    callback_pushinput(L, cb->bridge->call);
    int input = lua_gettop(L);
    lua_getfield(L, input, "phase");
    lua_getfield(L, input, "action");
    lua_remove(L, input);
    ctx_push(L, cb->bridge, CTX_MIDDLEWARE, cb->name, NULL);
    lua_call(L, 3, 0);
    return 0;
}

/* Performer: fn(effect, ctx); effect.id names it for e:finish_effect. */
static int performer_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    callback_pushinput(L, cb->bridge->call);
    ctx_push(L, cb->bridge, CTX_PERFORMER, cb->name, NULL);
    lua_call(L, 2, 0);
    return 0;
}

static int subscriber_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, subscriber_run);
}

static int middleware_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, middleware_run);
}

static int performer_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, performer_run);
}

/* -- the patch listener ---------------------------------------------------- */

/* What the listener passes to its protected part. */
typedef struct listener_args {
    callback *cb;
    const char *json;
    size_t len;
} listener_args;

/* Protected part of the listener: fn(patches_table). */
static int listener_run(lua_State *L)
{
    listener_args *args = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, args->cb->ref);
    luajson_decode(L, args->json, args->len);
    lua_call(L, 1, 0);
    return 0;
}

/*
** The engine's sdui_patch_fn. It has no status to return: an error the
** Lua function raises is dropped, after a Lua warning (lua_warning; the
** stock interpreter shows it after warn("@on")). While it runs the engine
** is locked and refuses every call with SDUI_EBUSY (nil, message in Lua).
*/
static void listener_callback(const char *json, size_t len, void *userdata)
{
    listener_args args = {userdata, json, len};
    sdui_bridge *bridge = args.cb->bridge;
    lua_State *L = bridge->L;
    if (!lua_checkstack(L, 8))
        return;
    bridge->depth++;
    bridge_begin_run(bridge);
    lua_pushcfunction(L, listener_run);
    lua_pushlightuserdata(L, &args);
    int status = lua_pcall(L, 1, 0, 0);
    bridge->depth--;
    if (status != LUA_OK)
        callback_warn(L, "sdui: the patch listener failed: ");
}

/* -- registration ------------------------------------------------------------ */

int reactive_register_effect(sdui_bridge *bridge, lua_State *L, const char *type, int fn)
{
    callback *cb = callback_new(bridge, L, fn, type, NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_effect(bridge->engine, type, performer_callback, cb,
                                                           callback_destroy));
}

int reactive_subscribe(sdui_bridge *bridge, lua_State *L, const char *service, const char *path, int fn,
                       long long *id)
{
    callback *cb = callback_new(bridge, L, fn, service, path);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_subscribe(bridge->engine, service, path, subscriber_callback, cb,
                                                     callback_destroy, id));
}

int reactive_add_middleware(sdui_bridge *bridge, lua_State *L, int fn, long long *id)
{
    callback *cb = callback_new(bridge, L, fn, "", NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_add_middleware(bridge->engine, middleware_callback, cb,
                                                          callback_destroy, id));
}

int reactive_set_patch_listener(sdui_bridge *bridge, lua_State *L, int fn)
{
    if (fn == 0)
        return sdui_set_patch_listener(bridge->engine, NULL, NULL, NULL);
    callback *cb = callback_new(bridge, L, fn, "", NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_set_patch_listener(bridge->engine, listener_callback, cb,
                                                              callback_destroy));
}
