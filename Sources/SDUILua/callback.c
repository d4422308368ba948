/*
** callback.c -- registered Lua functions and the protected entry of the
** engine's C callbacks into Lua.
**
** A C callback (factory_callback and the others, one file per kind) touches
** Lua only through callback_run: lua_pcall of a protected part (factory_run,
** ...) that does the real work -- read the input, call the Lua function,
** encode its result, hand it back with sdui_call_return. Whatever goes wrong
** there comes back as a status.
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "callback.h"
#include "packed.h"

static int unref_run(lua_State *L)
{
    luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 1));
    return 0;
}

void callback_destroy(void *userdata)
{
    callback *cb = userdata;
    lua_State *L = cb->bridge->main;
    if (lua_checkstack(L, 2)) {
        lua_pushcfunction(L, unref_run);
        lua_pushinteger(L, cb->ref);
        if (lua_pcall(L, 1, 0, 0) != LUA_OK)
            lua_pop(L, 1);
    }
    free(cb);
}

callback *callback_new(sdui_bridge *bridge, lua_State *L, int index, const char *name, const char *path)
{
    lua_pushvalue(L, index);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX); /* may raise: nothing to free yet */
    size_t n = strlen(name), m = path ? strlen(path) : 0;
    callback *cb = malloc(sizeof *cb + n + m + 2);
    if (cb == NULL) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        sdui_report(bridge->engine, SDUI_ENOMEM, "out of memory");
        return NULL;
    }
    cb->bridge = bridge;
    cb->ref = ref;
    memcpy(cb->name, name, n + 1);
    memcpy(cb->name + n + 1, path ? path : "", m + 1);
    return cb;
}

int callback_registered(lua_State *L, callback *cb, int status)
{
    if (status != SDUI_OK) {
        luaL_unref(L, LUA_REGISTRYINDEX, cb->ref);
        free(cb);
    }
    return status;
}

void callback_pushinput(lua_State *L, sdui_call *call)
{
    const void *packed = NULL;
    size_t len = 0;
    if (sdui_call_packed(call, SDUI_INPUT, NULL, &packed, &len) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    packed_push(L, packed, len);
}

int callback_run(sdui_call *call, callback *cb, lua_CFunction run)
{
    sdui_bridge *bridge = cb->bridge;
    lua_State *L = bridge->L;
    if (!lua_checkstack(L, 8)) {
        sdui_call_error(call, "Lua stack overflow");
        return SDUI_ERROR;
    }
    sdui_call *outer = bridge->call;
    unsigned long outer_active = bridge->active;
    bridge->call = call;
    bridge->active = ++bridge->serial;
    bridge->depth++;
    bridge_begin_run(bridge);
    lua_pushcfunction(L, run);
    lua_pushlightuserdata(L, cb);
    int status = lua_pcall(L, 1, 0, 0);
    bridge->depth--;
    bridge->call = outer;
    bridge->active = outer_active;
    if (status == LUA_OK)
        return SDUI_OK;
    if (status == LUA_ERRMEM)
        sdui_call_error(call, "out of memory (script memory cap reached)");
    else
        sdui_call_error(call, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                            : "error object is not a string");
    lua_pop(L, 1);
    return SDUI_ECALLBACK;
}

void callback_warn(lua_State *L, const char *prefix)
{
    lua_warning(L, prefix, 1);
    lua_warning(L, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string", 0);
    lua_pop(L, 1);
}
