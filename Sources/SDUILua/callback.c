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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "callback.h"
#include "packed.h"

static int unref_run(lua_State *L)
{
    for (int i = 1; i <= lua_gettop(L); i++)
        luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, i));
    return 0;
}

void callback_destroy(void *userdata)
{
    callback *cb = userdata;
    lua_State *L = cb->bridge->main;
    if (lua_checkstack(L, 4)) {
        lua_pushcfunction(L, unref_run);
        lua_pushinteger(L, cb->ref);
        lua_pushinteger(L, cb->versions);
        lua_pushinteger(L, cb->previous);
        if (lua_pcall(L, 3, 0, 0) != LUA_OK)
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
    cb->versions = LUA_NOREF;
    cb->previous = LUA_NOREF;
    cb->succeeded = 0;
    memcpy(cb->name, name, n + 1);
    memcpy(cb->name + n + 1, path ? path : "", m + 1);
    return cb;
}

int callback_registered(lua_State *L, callback *cb, int status)
{
    if (status != SDUI_OK) {
        luaL_unref(L, LUA_REGISTRYINDEX, cb->ref);
        luaL_unref(L, LUA_REGISTRYINDEX, cb->versions);
        luaL_unref(L, LUA_REGISTRYINDEX, cb->previous);
        free(cb);
    }
    return status;
}

callback *callback_new_kept(sdui_bridge *bridge, lua_State *L, int index, const char *name, int record)
{
    index = lua_absindex(L, index);
    record = lua_absindex(L, record);
    /* the references first (they may raise): whatever raises leaves only registry slots behind */
    lua_pushvalue(L, record);
    int versions = luaL_ref(L, LUA_REGISTRYINDEX);
    int previous = LUA_NOREF;
    if (lua_rawgeti(L, record, VERSIONS_GOOD) == LUA_TNIL)
        lua_pop(L, 1);
    else
        previous = luaL_ref(L, LUA_REGISTRYINDEX);
    callback *cb = callback_new(bridge, L, index, name, NULL);
    if (cb == NULL) {
        luaL_unref(L, LUA_REGISTRYINDEX, versions);
        luaL_unref(L, LUA_REGISTRYINDEX, previous);
        return NULL;
    }
    cb->versions = versions;
    cb->previous = previous;
    return cb;
}

void callback_pushinput(lua_State *L, sdui_call *call)
{
    const void *packed = NULL;
    size_t len = 0;
    if (sdui_call_packed(call, SDUI_INPUT, NULL, &packed, &len) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    packed_push(L, packed, len);
}

/* No room on the Lua stack to start a callback. */
#define NO_STACK (-1)

/*
** Runs `run` under lua_pcall as callback_run describes. Returns the Lua
** status, with the error object on top of bridge->L on failure, or NO_STACK.
*/
static int run_protected(sdui_call *call, callback *cb, lua_CFunction run)
{
    sdui_bridge *bridge = cb->bridge;
    lua_State *L = bridge->L;
    if (!lua_checkstack(L, 8))
        return NO_STACK;
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
    return status;
}

/* The message of a failed run_protected (the error object still on top of L, if any). */
static const char *failure_message(sdui_bridge *bridge, lua_State *L, int status)
{
    if (status == NO_STACK)
        return "Lua stack overflow";
    if (status == LUA_ERRRUN && bridge->memory_message[0] && lua_type(L, -1) == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), "not enough memory") == 0)
        status = LUA_ERRMEM; /* lauxlib's buffers raise the allocator's refusal as a plain error */
    if (status == LUA_ERRMEM) /* the script host's allocator says which limit refused the block */
        return bridge->memory_message[0] ? bridge->memory_message : "out of memory";
    if (bridge->limit_hit && bridge->limit_message[0]) /* not what a __close handler raised after it */
        return bridge->limit_message;
    return lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string";
}

/* Turns a failed run_protected into the call's error and a status; pops the error object. */
static int failed(sdui_call *call, sdui_bridge *bridge, lua_State *L, int status)
{
    sdui_call_error(call, failure_message(bridge, L, status));
    if (status == NO_STACK)
        return SDUI_ERROR;
    lua_pop(L, 1);
    return SDUI_ECALLBACK;
}

int callback_run(sdui_call *call, callback *cb, lua_CFunction run)
{
    int status = run_protected(call, cb, run);
    return status == LUA_OK ? SDUI_OK : failed(call, cb->bridge, cb->bridge->L, status);
}

/* Sets a flag of cb's versions record: no allocation (the record's array part holds it). */
static void note_version(lua_State *L, callback *cb, int slot)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->versions);
    if (lua_istable(L, -1)) {
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, slot);
    }
    lua_pop(L, 1);
}

int callback_run_kept(sdui_call *call, callback *cb, lua_CFunction run, int kind)
{
    int status = run_protected(call, cb, run);
    lua_State *L = cb->bridge->L;
    if (status == LUA_OK) {
        if (!cb->succeeded) {
            cb->succeeded = 1;
            note_version(L, cb, VERSIONS_RAN);
        }
        return SDUI_OK;
    }
    if (status == NO_STACK)
        return failed(call, cb->bridge, L, status);
    note_version(L, cb, VERSIONS_FAILED);
    if (cb->previous == LUA_NOREF || sdui_call_rollback(call) != SDUI_OK)
        return failed(call, cb->bridge, L, status);
    /* The current version's message stays on the stack (a string: no collection) while the previous one runs. */
    const char *message = failure_message(cb->bridge, L, status);
    char kept[sizeof cb->bridge->memory_message];
    if (message == cb->bridge->memory_message || message == cb->bridge->limit_message) { /* the next run clears it */
        memcpy(kept, message, sizeof kept);
        message = kept;
    }
    int current = cb->ref;
    cb->ref = cb->previous;
    int again = run_protected(call, cb, run);
    cb->ref = current;
    if (again != LUA_OK) {
        if (again != NO_STACK)
            lua_pop(L, 1);
        return failed(call, cb->bridge, L, status);
    }
    const char *id = sdui_call_id(call);
    size_t size = strlen(message) + strlen(cb->name) + (id ? strlen(id) : 0) + 128;
    char *warning = malloc(size);
    if (warning == NULL) {
        sdui_call_warn(call, message);
    } else {
        if (kind == KEPT_FACTORY)
            snprintf(warning, size, "%s (component \"%s\", showing the previous version of \"%s\" until the script is fixed)",
                     message, id ? id : "", cb->name);
        else
            snprintf(warning, size, "%s (handled by the previous version until the script is fixed)", message);
        sdui_call_warn(call, warning);
        free(warning);
    }
    lua_pop(L, 1);
    return SDUI_OK;
}

void callback_warn(lua_State *L, const char *prefix)
{
    lua_warning(L, prefix, 1);
    lua_warning(L, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string", 0);
    lua_pop(L, 1);
}
