/*
** ctx.c -- the `ctx` table of Lua callbacks.
**
** Every ctx function is a C closure over the bridge (upvalue 1) and the
** number of the callback it was made for (upvalue 2). It works only while
** that very callback runs: a ctx kept and used later, even inside another
** callback, raises instead of reaching a call that is not its own.
** The functions raise on failure; the callback then fails as a whole.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "ctx.h"
#include "luajson.h"
#include "state.h"

/*
** The call behind a ctx function, or an error once its callback returned.
** Upvalue 1 is the bridge, never read from ctx itself (a script can write
** any slot of its ctx): it comes from the closure of ctx's __index, which
** belongs to the bridge (bridge.ctx_metatables). Upvalue 2, the callback's
** number, is read from ctx: a forged number can only name the callback
** running now on this very bridge, or none.
*/
static sdui_call *current_call(lua_State *L)
{
    sdui_bridge *bridge = lua_touserdata(L, lua_upvalueindex(1));
    lua_Integer serial = lua_tointeger(L, lua_upvalueindex(2));
    if (bridge->call == NULL || (lua_Integer)bridge->active != serial)
        luaL_error(L, "ctx used after its callback returned");
    return bridge->call;
}

/*
** Raises "<who>: invalid <what> at $.path: reason" from the call's last
** message: its "line:column" means nothing to a script author, the path does.
*/
static int invalid(lua_State *L, sdui_call *call, const char *who, const char *what)
{
    const char *msg = sdui_call_errmsg(call);
    const char *path = strstr(msg, "$");
    return luaL_error(L, "%s: invalid %s at %s", who, what, path ? path : msg);
}

/*
** ctx.state(service [, path]) -> value, or nil when absent. In a handler
** (upvalue 3 is true), its own service reads the state as the handler has
** changed it so far: the tables it assigned are handed to the engine first.
*/
static int ctx_state(lua_State *L)
{
    sdui_call *call = current_call(L);
    const char *service = luaL_checkstring(L, 1);
    const char *path = luaL_optstring(L, 2, NULL);
    if (!lua_isnone(L, lua_upvalueindex(3))) {
        const char *type = sdui_call_id(call), *slash = strchr(type, '/');
        if (slash != NULL && strlen(service) == (size_t)(slash - type) && strncmp(service, type, strlen(service)) == 0)
            state_flush(L, lua_touserdata(L, lua_upvalueindex(1)), service, strlen(service));
    }
    char **box = bridge_sharedbuffer(L);
    size_t len = 0;
    int status = sdui_call_state(call, service, path, box, &len);
    if (status == SDUI_ENOTFOUND) {
        lua_pushnil(L);
        return 1;
    }
    if (status != SDUI_OK)
        return luaL_error(L, "ctx.state: %s", sdui_call_errmsg(call));
    bridge_pushdecoded(L, box, len);
    return 1;
}

/*
** ctx.dispatch(action_table_or_json): queues a follow-up action (a
** handler's runs in the same transaction, a subscriber's or performer's as
** the next round).
*/
static int ctx_dispatch(lua_State *L)
{
    sdui_call *call = current_call(L);
    size_t len;
    const char *json = bridge_json_arg(L, 1, &len);
    if (sdui_call_dispatch(call, json, len) != SDUI_OK)
        return luaL_error(L, "ctx.dispatch: %s", sdui_call_errmsg(call));
    return 0;
}

/* Emits the effect at idx (table or JSON) for ctx function `who`. */
static void emit(lua_State *L, int idx, const char *who)
{
    sdui_call *call = current_call(L);
    size_t len;
    const char *json = bridge_json_arg(L, idx, &len);
    if (sdui_call_emit(call, json, len) != SDUI_OK)
        invalid(L, call, who, "effect");
}

/* ctx.emit(effect_table_or_json): asks for an effect once the dispatch commits. */
static int ctx_emit(lua_State *L)
{
    luaL_checkany(L, 1);
    emit(L, 1, "ctx.emit");
    return 0;
}

/* ctx.after(ms, action): emits {type = "after", ms = ms, action = action}. */
static int ctx_after(lua_State *L)
{
    current_call(L);
    luaL_checktype(L, 1, LUA_TNUMBER);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_createtable(L, 0, 3);
    lua_pushliteral(L, "after");
    lua_setfield(L, -2, "type");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "ms");
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "action");
    emit(L, lua_gettop(L), "ctx.after");
    return 0;
}

/*
** ctx.request{url =, method =, body =, on_success =, on_failure =}: emits
** the table's members with type = "request".
*/
static int ctx_request(lua_State *L)
{
    current_call(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newtable(L);
    int effect = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            return luaL_error(L, "ctx.request: keys must be strings");
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, effect);
    }
    if (lua_getfield(L, effect, "type") != LUA_TNIL && !(lua_type(L, -1) == LUA_TSTRING &&
                                                          strcmp(lua_tostring(L, -1), "request") == 0))
        return luaL_error(L, "ctx.request: type must be \"request\" or absent");
    lua_pop(L, 1);
    lua_pushliteral(L, "request");
    lua_setfield(L, effect, "type");
    emit(L, effect, "ctx.request");
    return 0;
}

/*
** ctx.finish(ok [, result]): a performer finishes its effect now; the
** on_success (ok true) or on_failure action runs after it returns, with
** `result` (any JSON value, nil for null) in payload.result.
*/
static int ctx_finish(lua_State *L)
{
    sdui_call *call = current_call(L);
    luaL_checkany(L, 1);
    int ok = lua_toboolean(L, 1);
    const char *json = NULL;
    size_t len = 0;
    if (!lua_isnoneornil(L, 2)) {
        luajson_pushencoded(L, 2);
        json = lua_tolstring(L, -1, &len);
    }
    if (sdui_call_finish(call, ok, json, len) != SDUI_OK)
        return luaL_error(L, "ctx.finish: %s", sdui_call_errmsg(call));
    return 0;
}

/* ctx.warn(message): a warning in the diagnostics, naming the component or action; the callback goes on. */
static int ctx_warn(lua_State *L)
{
    sdui_call *call = current_call(L);
    size_t len;
    const char *message = luaL_checklstring(L, 1, &len);
    /* the engine copies it (and keeps at most 4 KiB of it): charged as a copy */
    bridge_charge(L, lua_touserdata(L, lua_upvalueindex(1)), (long long)(len / 32 + 1), "");
    if (sdui_call_warn(call, message) != SDUI_OK)
        return luaL_error(L, "ctx.warn: %s", sdui_call_errmsg(call));
    return 0;
}

/* ctx.appearance() -> "light" or "dark"; recorded: the component renders again when it switches. */
static int ctx_appearance(lua_State *L)
{
    lua_pushstring(L, sdui_call_appearance(current_call(L)));
    return 1;
}

/*
** The ctx functions are made when a callback first reads them (most
** callbacks use none, or one): ctx's metatable for its kind and bridge has
** an __index, a closure over the bridge, that finds the name in the kind's
** list, makes the closure over the bridge and the callback's number and
** stores it in ctx. The number is kept in ctx's array part (CTX_SERIAL):
** set by index, with no key to hash on every callback. A factory's ctx.id
** is made the same way, on first read. The metatable carries __metatable,
** so that no script can reach it (and, say, add a __gc the next ctx would get).
*/
#define CTX_SERIAL 1

typedef struct ctx_function {
    const char *name;
    lua_CFunction fn;
} ctx_function;

static const ctx_function factory_functions[] = {
    {"state", ctx_state}, {"warn", ctx_warn}, {"appearance", ctx_appearance}, {NULL, NULL}};
static const ctx_function handler_functions[] = {
    {"state", ctx_state}, {"dispatch", ctx_dispatch}, {"emit", ctx_emit},
    {"after", ctx_after}, {"request", ctx_request}, {"warn", ctx_warn}, {NULL, NULL}};
static const ctx_function subscriber_functions[] = {
    {"state", ctx_state}, {"dispatch", ctx_dispatch}, {"warn", ctx_warn}, {NULL, NULL}};
static const ctx_function performer_functions[] = {
    {"state", ctx_state}, {"dispatch", ctx_dispatch}, {"finish", ctx_finish}, {"warn", ctx_warn}, {NULL, NULL}};
static const ctx_function middleware_functions[] = {{"state", ctx_state}, {"warn", ctx_warn}, {NULL, NULL}};

static const ctx_function *const functions_of[] = {
    [CTX_FACTORY] = factory_functions,
    [CTX_HANDLER] = handler_functions,
    [CTX_SUBSCRIBER] = subscriber_functions,
    [CTX_MIDDLEWARE] = middleware_functions,
    [CTX_PERFORMER] = performer_functions,
};

/* The metatables' names (their __name); their addresses are their registry keys. */
static const char *const metatable_names[] = {
    [CTX_FACTORY] = "sdui.ctx.factory",
    [CTX_HANDLER] = "sdui.ctx.handler",
    [CTX_SUBSCRIBER] = "sdui.ctx.subscriber",
    [CTX_MIDDLEWARE] = "sdui.ctx.middleware",
    [CTX_PERFORMER] = "sdui.ctx.performer",
};

/*
** A factory's ctx.id, read first while its callback runs (the call copies
** the id out; most factories never read it). Raises once the callback has
** returned, as ctx's functions do.
*/
static int ctx_id(lua_State *L, sdui_bridge *bridge)
{
    lua_rawgeti(L, 1, CTX_SERIAL);
    if (bridge->call == NULL || !lua_isinteger(L, -1) || (lua_Integer)bridge->active != lua_tointeger(L, -1))
        return luaL_error(L, "ctx used after its callback returned");
    const char *id = sdui_call_id(bridge->call);
    if (id == NULL)
        return luaL_error(L, "ctx.id: out of memory");
    lua_pushstring(L, id);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

/*
** __index(ctx, name): the function `name` of ctx's kind (upvalue 1), made
** now over the bridge (upvalue 2); nil for other names.
*/
static int ctx_index(lua_State *L)
{
    ctx_kind kind = (ctx_kind)lua_tointeger(L, lua_upvalueindex(1));
    sdui_bridge *bridge = lua_touserdata(L, lua_upvalueindex(2));
    if (lua_type(L, 2) != LUA_TSTRING || !lua_istable(L, 1))
        return 0;
    const char *name = lua_tostring(L, 2);
    if (kind == CTX_FACTORY && strcmp(name, "id") == 0)
        return ctx_id(L, bridge);
    for (const ctx_function *f = functions_of[kind]; f->name != NULL; f++) {
        if (strcmp(f->name, name) != 0)
            continue;
        lua_pushlightuserdata(L, bridge);
        lua_rawgeti(L, 1, CTX_SERIAL);
        if (!lua_isinteger(L, -1)) {
            lua_pop(L, 1);
            lua_pushinteger(L, 0); /* no callback has number 0: the function raises when used */
        }
        int n = 2;
        if (f->fn == ctx_state && kind == CTX_HANDLER) {
            lua_pushboolean(L, 1); /* its own service is read after the tables it assigned go in */
            n = 3;
        }
        lua_pushcclosure(L, f->fn, n);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, 1);
        return 1;
    }
    return 0;
}

/* Pushes the metatable of `bridge`'s ctx tables of `kind`, made the first time (a registry reference in the bridge). */
static void push_metatable(lua_State *L, sdui_bridge *bridge, ctx_kind kind)
{
    if (bridge->ctx_metatables[kind] > 0 && lua_rawgeti(L, LUA_REGISTRYINDEX, bridge->ctx_metatables[kind]) == LUA_TTABLE)
        return;
    if (bridge->ctx_metatables[kind] > 0)
        lua_pop(L, 1);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, metatable_names[kind]);
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushinteger(L, kind);
    lua_pushlightuserdata(L, bridge);
    lua_pushcclosure(L, ctx_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, -1);
    bridge->ctx_metatables[kind] = luaL_ref(L, LUA_REGISTRYINDEX);
}

void ctx_push(lua_State *L, sdui_bridge *bridge, ctx_kind kind, const char *name, const char *path)
{
    /* the number; type, service or path; the functions the callback uses, made on first use */
    lua_createtable(L, 1, 4);
    lua_pushinteger(L, (lua_Integer)bridge->active);
    lua_rawseti(L, -2, CTX_SERIAL);
    if (kind != CTX_SUBSCRIBER) {
        /* middleware: the action's type, as the call names it */
        lua_pushstring(L, kind == CTX_MIDDLEWARE ? sdui_call_id(bridge->call) : name);
        lua_setfield(L, -2, "type");
    }
    switch (kind) {
    case CTX_HANDLER: {
        const char *slash = strchr(name, '/');
        lua_pushlstring(L, name, slash ? (size_t)(slash - name) : strlen(name));
        lua_setfield(L, -2, "service");
        break;
    }
    case CTX_SUBSCRIBER:
        lua_pushstring(L, name);
        lua_setfield(L, -2, "service");
        if (path != NULL && path[0] != '\0') {
            lua_pushstring(L, path);
            lua_setfield(L, -2, "path");
        }
        break;
    case CTX_FACTORY: /* ctx.id: made on first read (ctx_id) */
    case CTX_MIDDLEWARE:
    case CTX_PERFORMER:
        break;
    }
    push_metatable(L, bridge, kind);
    lua_setmetatable(L, -2);
}
