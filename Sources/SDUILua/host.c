/*
** host.c -- runs Lua functions as sdui component factories and action
** handlers.
**
** The engine calls factory_callback / handler_callback (C, sdui_factory_fn
** and sdui_handler_fn). They touch Lua only through lua_pcall of
** factory_run / handler_run, which do the real work in protected mode: read
** the input, call the Lua function, encode its result, hand it back with
** sdui_call_return. Whatever goes wrong there comes back as a status.
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "host.h"
#include "luajson.h"

#define BUFFER_MT "sdui.buffer"

/* One registered Lua function: which host runs it and where it is kept. */
typedef struct host_fn {
    sdui_host *host;
    int ref;            /* the function in the registry */
    char type[];        /* component or action type */
} host_fn;

void host_init(sdui_host *host, sdui_engine *engine, lua_State *L)
{
    memset(host, 0, sizeof *host);
    host->engine = engine;
    host->L = L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    host->main = lua_tothread(L, -1);
    lua_pop(L, 1);
}

void host_begin_run(sdui_host *host)
{
    host->used = 0;
    host->limit_hit = 0;
}

void host_hook(lua_State *L, lua_Debug *ar)
{
    sdui_host *host = host_of(L);
    if (host == NULL || host->budget <= 0)
        return;
    host->used += HOST_HOOK_STEP;
    if (host->used > host->budget) {
        host->limit_hit = 1;
        /* Name the script line that was running, as every script error does. */
        if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
            luaL_error(L, "%s:%d: instruction budget of %I exceeded", ar->short_src, ar->currentline,
                       (lua_Integer)host->budget);
        luaL_error(L, "instruction budget of %I exceeded", (lua_Integer)host->budget);
    }
}

/* -- engine buffers ------------------------------------------------------ */

static int buffer_gc(lua_State *L)
{
    char **box = luaL_checkudata(L, 1, BUFFER_MT);
    sdui_free(*box);
    *box = NULL;
    return 0;
}

char **host_newbuffer(lua_State *L)
{
    char **box = lua_newuserdatauv(L, sizeof(char *), 0);
    *box = NULL;
    luaL_setmetatable(L, BUFFER_MT);
    return box;
}

void host_pushdecoded(lua_State *L, char **box, size_t len)
{
    luajson_decode(L, *box, len);
    sdui_free(*box);
    *box = NULL;
}

void host_openlib(lua_State *L)
{
    if (luaL_newmetatable(L, BUFFER_MT)) {
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
}

int host_array(lua_State *L)
{
    if (lua_isnoneornil(L, 1)) {
        lua_settop(L, 0);
        lua_newtable(L);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    luajson_markarray(L, 1);
    return 1;
}

int host_load_ui(lua_State *L)
{
    if (luaL_loadbufferx(L, sdui_ui_source, sdui_ui_source_len, "=sdui.ui", "t") != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, 1);
    /* The DSL's own array marker is replaced by the one the encoder knows. */
    lua_pushcfunction(L, host_array);
    lua_setfield(L, -2, "array");
    return 1;
}

/* -- the ctx table ------------------------------------------------------- */

/* The call behind a ctx function, or an error once its callback returned. */
static sdui_call *current_call(lua_State *L)
{
    sdui_host *host = lua_touserdata(L, lua_upvalueindex(1));
    if (host->call == NULL)
        luaL_error(L, "ctx used after its callback returned");
    return host->call;
}

/*
** ctx.state(service [, path]) -> value, or nil when absent. In a handler,
** its own service reads the state table as the handler has changed it so
** far (upvalue 2): it is handed to the engine first.
*/
static int ctx_state(lua_State *L)
{
    sdui_call *call = current_call(L);
    const char *service = luaL_checkstring(L, 1);
    const char *path = luaL_optstring(L, 2, NULL);
    if (!lua_isnone(L, lua_upvalueindex(2))) {
        const char *type = sdui_call_id(call), *slash = strchr(type, '/');
        if (slash != NULL && strlen(service) == (size_t)(slash - type) && strncmp(service, type, strlen(service)) == 0) {
            luajson_pushencoded(L, lua_upvalueindex(2));
            size_t len;
            const char *json = lua_tolstring(L, -1, &len);
            if (sdui_call_return(call, json, len) != SDUI_OK)
                return luaL_error(L, "ctx.state: %s", sdui_call_errmsg(call));
            lua_pop(L, 1);
        }
    }
    char **box = host_newbuffer(L);
    size_t len = 0;
    int status = sdui_call_state(call, service, path, box, &len);
    if (status == SDUI_ENOTFOUND) {
        lua_pushnil(L);
        return 1;
    }
    if (status != SDUI_OK)
        return luaL_error(L, "ctx.state: %s", sdui_call_errmsg(call));
    host_pushdecoded(L, box, len);
    return 1;
}

/* ctx.dispatch(action_table_or_json): queues a follow-up action. */
static int ctx_dispatch(lua_State *L)
{
    sdui_call *call = current_call(L);
    size_t len;
    const char *json;
    if (lua_type(L, 1) == LUA_TSTRING) {
        json = lua_tolstring(L, 1, &len);
    } else {
        luaL_checktype(L, 1, LUA_TTABLE);
        luajson_pushencoded(L, 1);
        json = lua_tolstring(L, -1, &len);
    }
    if (sdui_call_dispatch(call, json, len) != SDUI_OK)
        return luaL_error(L, "ctx.dispatch: %s", sdui_call_errmsg(call));
    return 0;
}

/* Pushes a ctx table: {type, id | service, state, dispatch}; `state` is the handler's state table index, or 0. */
static void push_ctx(lua_State *L, sdui_host *host, const host_fn *fn, int handler, int state)
{
    lua_createtable(L, 0, 4);
    lua_pushstring(L, fn->type);
    lua_setfield(L, -2, "type");
    if (handler) {
        const char *slash = strchr(fn->type, '/');
        lua_pushlstring(L, fn->type, slash ? (size_t)(slash - fn->type) : strlen(fn->type));
        lua_setfield(L, -2, "service");
        lua_pushlightuserdata(L, host);
        lua_pushcclosure(L, ctx_dispatch, 1);
        lua_setfield(L, -2, "dispatch");
    } else {
        lua_pushstring(L, sdui_call_id(host->call));
        lua_setfield(L, -2, "id");
    }
    lua_pushlightuserdata(L, host);
    if (state != 0) {
        lua_pushvalue(L, state);
        lua_pushcclosure(L, ctx_state, 2);
    } else {
        lua_pushcclosure(L, ctx_state, 1);
    }
    lua_setfield(L, -2, "state");
}

/* Pushes the call's input (data or payload) or state, decoded. */
static void push_source(lua_State *L, sdui_call *call, int source)
{
    char **box = host_newbuffer(L);
    size_t len = 0;
    if (sdui_call_json(call, source, NULL, box, &len) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    host_pushdecoded(L, box, len);
    lua_remove(L, -2); /* the emptied box */
}

/* Hands the value at idx back as the call's result. */
static void return_value(lua_State *L, sdui_call *call, int idx, const char *what)
{
    luajson_pushencoded(L, idx);
    size_t len;
    const char *json = lua_tolstring(L, -1, &len);
    if (sdui_call_return(call, json, len) != SDUI_OK) {
        /* The JSON's line:column means nothing to a script author; the path does. */
        const char *msg = sdui_call_errmsg(call);
        const char *path = strstr(msg, "$");
        luaL_error(L, "invalid %s at %s", what, path ? path : msg);
    }
}

/* -- factories and handlers ---------------------------------------------- */

/* Protected part of a factory call: upvalue-free, argument 1 is the host_fn. */
static int factory_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    sdui_call *call = fn->host->call;
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    push_source(L, call, SDUI_INPUT);
    push_ctx(L, fn->host, fn, 0, 0);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return luaL_error(L, "factory for \"%s\" returned %s, expected a view table",
                          fn->type, luaL_typename(L, -1));
    return_value(L, call, lua_gettop(L), "view");
    return 0;
}

/* Protected part of a handler call. */
static int handler_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    sdui_call *call = fn->host->call;
    push_source(L, call, SDUI_STATE);
    int state = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    lua_pushvalue(L, state);
    push_source(L, call, SDUI_INPUT);
    push_ctx(L, fn->host, fn, 1, state);
    lua_call(L, 3, 1);
    /* nil keeps the state table the handler may have changed in place */
    return_value(L, call, lua_isnil(L, -1) ? state : lua_gettop(L), "state");
    return 0;
}

/* Runs `run` under lua_pcall for a callback and turns failure into a status. */
static int protected_callback(sdui_call *call, host_fn *fn, lua_CFunction run)
{
    sdui_host *host = fn->host;
    lua_State *L = host->L;
    if (!lua_checkstack(L, 8)) {
        sdui_call_error(call, "Lua stack overflow");
        return SDUI_ERROR;
    }
    sdui_call *outer = host->call;
    host->call = call;
    host_begin_run(host);
    lua_pushcfunction(L, run);
    lua_pushlightuserdata(L, fn);
    int status = lua_pcall(L, 1, 0, 0);
    host->call = outer;
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

static int factory_callback(sdui_call *call, void *userdata)
{
    return protected_callback(call, userdata, factory_run);
}

static int handler_callback(sdui_call *call, void *userdata)
{
    return protected_callback(call, userdata, handler_run);
}

static int unref_run(lua_State *L)
{
    luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 1));
    return 0;
}

/* Destroy callback: releases the function's registry slot, then the record. */
static void host_fn_destroy(void *userdata)
{
    host_fn *fn = userdata;
    lua_State *L = fn->host->main;
    if (lua_checkstack(L, 2)) {
        lua_pushcfunction(L, unref_run);
        lua_pushinteger(L, fn->ref);
        if (lua_pcall(L, 1, 0, 0) != LUA_OK)
            lua_pop(L, 1);
    }
    free(fn);
}

static int register_fn(sdui_host *host, lua_State *L, const char *type, int index, int handler)
{
    lua_pushvalue(L, index);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX); /* may raise: nothing to free yet */
    size_t n = strlen(type);
    host_fn *fn = malloc(sizeof *fn + n + 1);
    if (fn == NULL) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        return sdui_report(host->engine, SDUI_ENOMEM, "out of memory");
    }
    fn->host = host;
    fn->ref = ref;
    memcpy(fn->type, type, n + 1);
    int status = handler
        ? sdui_register_action(host->engine, type, handler_callback, fn, host_fn_destroy)
        : sdui_register_component(host->engine, type, factory_callback, fn, host_fn_destroy);
    if (status != SDUI_OK) {
        luaL_unref(L, LUA_REGISTRYINDEX, fn->ref);
        free(fn);
    }
    return status;
}

int host_register_component(sdui_host *host, lua_State *L, const char *type, int fn)
{
    return register_fn(host, L, type, fn, 0);
}

int host_register_action(sdui_host *host, lua_State *L, const char *type, int fn)
{
    return register_fn(host, L, type, fn, 1);
}
