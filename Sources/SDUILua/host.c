/*
** host.c -- runs Lua functions as sdui callbacks: component factories,
** action handlers, subscribers, middleware, effect performers and the patch
** listener.
**
** The engine calls the C callbacks here (factory_callback and the others).
** They touch Lua only through lua_pcall of a protected part (factory_run,
** ...), which does the real work: read the input, call the Lua function,
** encode its result, hand it back with sdui_call_return. Whatever goes wrong
** there comes back as a status (or, for the listener, a Lua warning).
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "ctx.h"
#include "host.h"
#include "luajson.h"
#include "state.h"
#include "view.h"

#define BUFFER_MT "sdui.buffer"

/* One registered Lua function: which host runs it and where it is kept. */
typedef struct host_fn {
    sdui_host *host;
    int ref;            /* the function in the registry */
    char name[];        /* component, action or effect type, or service; then a
                           subscriber's path after the NUL ("" for none) */
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

void host_close(sdui_host *host, lua_State *L)
{
    if (L != NULL)
        state_release(L, host);
    packed_buffer_free(&host->scratch);
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

const char *host_json_arg(lua_State *L, int idx, size_t *len)
{
    if (lua_type(L, idx) == LUA_TSTRING)
        return lua_tolstring(L, idx, len);
    luaL_argexpected(L, lua_type(L, idx) == LUA_TTABLE, idx, "table or JSON string");
    luajson_pushencoded(L, idx);
    lua_replace(L, idx);
    return lua_tolstring(L, idx, len);
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

int host_load_contract(lua_State *L)
{
    if (luaL_loadbufferx(L, sdui_contract_source, sdui_contract_source_len, "=sdui.contract", "t") != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, 1);
    return 1;
}

int host_load_ui(lua_State *L)
{
    if (luaL_loadbufferx(L, sdui_ui_source, sdui_ui_source_len, "=sdui.ui", "t") != LUA_OK)
        return lua_error(L);
    host_load_contract(L); /* the DSL's tables come from it: its argument, no require needed */
    lua_call(L, 1, 1);
    /* The DSL's own array marker is replaced by the one the encoder knows. */
    lua_pushcfunction(L, host_array);
    lua_setfield(L, -2, "array");
    return 1;
}

/* -- callbacks ------------------------------------------------------------ */

/*
** Pushes the call's input (data, payload, value, effect) or state as a Lua
** value, built from its packed form (no JSON text in between).
*/
static void push_source(lua_State *L, sdui_call *call, int source)
{
    const void *packed = NULL;
    size_t len = 0;
    if (sdui_call_packed(call, source, NULL, &packed, &len) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    packed_push(L, packed, len);
}

void host_return_json(lua_State *L, sdui_call *call, int idx, const char *what)
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

/*
** The protected parts of the callbacks: each runs under lua_pcall with the
** host_fn as argument 1, reads its input, calls the Lua function and hands
** back what it returned.
*/

/* Factory: fn(data, ctx) -> view table. */
static int factory_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    sdui_call *call = fn->host->call;
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    push_source(L, call, SDUI_INPUT);
    ctx_push(L, fn->host, CTX_FACTORY, fn->name, NULL);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return luaL_error(L, "factory for \"%s\" returned %s, expected a view table",
                          fn->name, luaL_typename(L, -1));
    view_return(L, fn->host, call, lua_gettop(L));
    return 0;
}

/*
** Handler: fn(state, payload, ctx) -> new state, or nil (or the state
** itself) for the state as it changed in place. The state is a view over
** the host's mirror of it (state.c).
*/
static int handler_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    sdui_host *host = fn->host;
    const char *slash = strchr(fn->name, '/');
    size_t len = slash ? (size_t)(slash - fn->name) : strlen(fn->name);
    long long version = 0;
    int entry = state_push(L, host, fn->name, len, &version);
    int view = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    lua_pushvalue(L, view);
    push_source(L, host->call, SDUI_INPUT);
    ctx_push(L, host, CTX_HANDLER, fn->name, NULL);
    lua_call(L, 3, 1);
    state_finish(L, host, entry, view, lua_gettop(L), version);
    return 0;
}

/* Subscriber: fn(value, ctx); value is nil when the watched value is gone (or null). */
static int subscriber_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    push_source(L, fn->host->call, SDUI_INPUT);
    if (luajson_isnull(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    ctx_push(L, fn->host, CTX_SUBSCRIBER, fn->name, fn->name + strlen(fn->name) + 1);
    lua_call(L, 2, 0);
    return 0;
}

/* Middleware: fn(phase, action, ctx); raising fails the dispatch. */
static int middleware_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    push_source(L, fn->host->call, SDUI_INPUT);
    int input = lua_gettop(L);
    lua_getfield(L, input, "phase");
    lua_getfield(L, input, "action");
    lua_remove(L, input);
    ctx_push(L, fn->host, CTX_MIDDLEWARE, fn->name, NULL);
    lua_call(L, 3, 0);
    return 0;
}

/* Performer: fn(effect, ctx); effect.id names it for e:finish_effect. */
static int performer_run(lua_State *L)
{
    host_fn *fn = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn->ref);
    push_source(L, fn->host->call, SDUI_INPUT);
    ctx_push(L, fn->host, CTX_PERFORMER, fn->name, NULL);
    lua_call(L, 2, 0);
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
    unsigned long outer_active = host->active;
    host->call = call;
    host->active = ++host->serial;
    host->depth++;
    host_begin_run(host);
    lua_pushcfunction(L, run);
    lua_pushlightuserdata(L, fn);
    int status = lua_pcall(L, 1, 0, 0);
    host->depth--;
    host->call = outer;
    host->active = outer_active;
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

static int subscriber_callback(sdui_call *call, void *userdata)
{
    return protected_callback(call, userdata, subscriber_run);
}

static int middleware_callback(sdui_call *call, void *userdata)
{
    return protected_callback(call, userdata, middleware_run);
}

static int performer_callback(sdui_call *call, void *userdata)
{
    return protected_callback(call, userdata, performer_run);
}

/* -- the patch listener ---------------------------------------------------- */

/* What the listener passes to its protected part. */
typedef struct listener_args {
    host_fn *fn;
    const char *json;
    size_t len;
} listener_args;

/* Protected part of the listener: fn(patches_table). */
static int listener_run(lua_State *L)
{
    listener_args *args = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, args->fn->ref);
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
    sdui_host *host = args.fn->host;
    lua_State *L = host->L;
    if (!lua_checkstack(L, 8))
        return;
    host->depth++;
    host_begin_run(host);
    lua_pushcfunction(L, listener_run);
    lua_pushlightuserdata(L, &args);
    int status = lua_pcall(L, 1, 0, 0);
    host->depth--;
    if (status != LUA_OK) {
        lua_warning(L, "sdui: the patch listener failed: ", 1);
        lua_warning(L, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string", 0);
        lua_pop(L, 1);
    }
}

typedef struct measure_args {
    host_fn *fn;
    const char *text;
    size_t len;
    const char *font;
    double max_width;
    double width, height;
} measure_args;

/* Protected part of the measurer: width, height = fn(text, font, max_width). */
static int measure_run(lua_State *L)
{
    measure_args *args = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, args->fn->ref);
    lua_pushlstring(L, args->text, args->len);
    if (args->font != NULL)
        lua_pushstring(L, args->font);
    else
        lua_pushnil(L);
    if (args->max_width >= 0)
        lua_pushnumber(L, args->max_width);
    else
        lua_pushnil(L);
    lua_call(L, 3, 2);
    args->width = luaL_checknumber(L, -2);
    args->height = luaL_checknumber(L, -1);
    return 0;
}

/*
** The engine's sdui_measure_fn for a Lua measurer. A failing one measures
** 0 x 0, after a Lua warning, as the header says.
*/
static int measure_callback(const char *text, size_t len, const char *font, double max_width, double *width,
                            double *height, void *userdata)
{
    measure_args args = {userdata, text, len, font, max_width, 0, 0};
    sdui_host *host = args.fn->host;
    lua_State *L = host->L;
    if (!lua_checkstack(L, 8))
        return SDUI_ERROR;
    lua_pushcfunction(L, measure_run);
    lua_pushlightuserdata(L, &args);
    host->depth++; /* e:close() refused while the engine lays out */
    int status = lua_pcall(L, 1, 0, 0);
    host->depth--;
    if (status != LUA_OK) {
        lua_warning(L, "sdui: the measurer failed: ", 1);
        lua_warning(L, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string", 0);
        lua_pop(L, 1);
        return SDUI_ECALLBACK;
    }
    *width = args.width;
    *height = args.height;
    return SDUI_OK;
}

/* -- registration ------------------------------------------------------------ */

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

/*
** A record for the Lua function at `index`, named `name` (and `path`, kept
** after the name's NUL; NULL for none). Returns NULL, reported, when out of
** memory; raises only when the registry cannot grow.
*/
static host_fn *new_fn(sdui_host *host, lua_State *L, int index, const char *name, const char *path)
{
    lua_pushvalue(L, index);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX); /* may raise: nothing to free yet */
    size_t n = strlen(name), m = path ? strlen(path) : 0;
    host_fn *fn = malloc(sizeof *fn + n + m + 2);
    if (fn == NULL) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        sdui_report(host->engine, SDUI_ENOMEM, "out of memory");
        return NULL;
    }
    fn->host = host;
    fn->ref = ref;
    memcpy(fn->name, name, n + 1);
    memcpy(fn->name + n + 1, path ? path : "", m + 1);
    return fn;
}

/* After a registration: on failure the engine kept nothing, so the record goes. */
static int registered(lua_State *L, host_fn *fn, int status)
{
    if (status != SDUI_OK) {
        luaL_unref(L, LUA_REGISTRYINDEX, fn->ref);
        free(fn);
    }
    return status;
}

int host_register_component(sdui_host *host, lua_State *L, const char *type, int fn)
{
    host_fn *f = new_fn(host, L, fn, type, NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_register_component(host->engine, type, factory_callback, f, host_fn_destroy));
}

int host_register_action(sdui_host *host, lua_State *L, const char *type, int fn)
{
    host_fn *f = new_fn(host, L, fn, type, NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_register_action(host->engine, type, handler_callback, f, host_fn_destroy));
}

int host_register_effect(sdui_host *host, lua_State *L, const char *type, int fn)
{
    host_fn *f = new_fn(host, L, fn, type, NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_register_effect(host->engine, type, performer_callback, f, host_fn_destroy));
}

int host_subscribe(sdui_host *host, lua_State *L, const char *service, const char *path, int fn, long long *id)
{
    host_fn *f = new_fn(host, L, fn, service, path);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_subscribe(host->engine, service, path, subscriber_callback, f, host_fn_destroy, id));
}

int host_add_middleware(sdui_host *host, lua_State *L, int fn, long long *id)
{
    host_fn *f = new_fn(host, L, fn, "", NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_add_middleware(host->engine, middleware_callback, f, host_fn_destroy, id));
}

int host_set_measurer(sdui_host *host, lua_State *L, int fn)
{
    if (fn == 0)
        return sdui_set_measurer(host->engine, NULL, NULL, NULL);
    host_fn *f = new_fn(host, L, fn, "", NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_set_measurer(host->engine, measure_callback, f, host_fn_destroy));
}

int host_set_patch_listener(sdui_host *host, lua_State *L, int fn)
{
    if (fn == 0)
        return sdui_set_patch_listener(host->engine, NULL, NULL, NULL);
    host_fn *f = new_fn(host, L, fn, "", NULL);
    if (f == NULL)
        return SDUI_ENOMEM;
    return registered(L, f, sdui_set_patch_listener(host->engine, listener_callback, f, host_fn_destroy));
}
