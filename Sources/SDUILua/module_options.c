/*
** module_options.c -- sdui.engine's options table: sdui.h's "Limits" and
** "Options" (limits = {...}, duplicate_keys), the scripts' limits
** (sdui_scripts.h), and what a new engine starts with (capabilities,
** services, state_dir, persist).
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luajson.h"
#include "module.h"
#include "sdui_scripts.h"

/* The string at `idx` (an option's value or key, checked to be a string) as
** a C string: raises "sdui.engine: `what` must not contain a NUL byte" for one. */
static const char *option_cstring(lua_State *L, int idx, const char *what)
{
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || strlen(s) != len)
        luaL_error(L, "sdui.engine: %s must not contain a NUL byte (\"\\0\")", what);
    return s;
}

/* Applies the integer option `field` of the table at idx with setter(engine, which, value). */
static void apply_limit(lua_State *L, lua_engine *e, int idx, const char *field, int which,
                        long long (*setter)(sdui_engine *, int, long long))
{
    if (lua_getfield(L, idx, field) != LUA_TNIL) {
        lua_Integer value = luaL_checkinteger(L, -1);
        if (value < 0)
            luaL_error(L, "sdui.engine: option %s must not be negative", field);
        setter(e->engine, which, (long long)value);
    }
    lua_pop(L, 1);
}

void module_apply_options(lua_State *L, lua_engine *e)
{
    if (lua_getfield(L, 1, "limits") != LUA_TNIL) {
        int limits = lua_gettop(L);
        luaL_checktype(L, limits, LUA_TTABLE);
        apply_limit(L, e, limits, "payload_bytes", SDUI_LIMIT_PAYLOAD_BYTES, sdui_limit);
        apply_limit(L, e, limits, "depth", SDUI_LIMIT_DEPTH, sdui_limit);
        apply_limit(L, e, limits, "queue", SDUI_LIMIT_QUEUE, sdui_limit);
        apply_limit(L, e, limits, "pages", SDUI_LIMIT_PAGES, sdui_limit);
        apply_limit(L, e, limits, "view_nodes", SDUI_LIMIT_VIEW_NODES, sdui_limit);
        apply_limit(L, e, limits, "view_bytes", SDUI_LIMIT_VIEW_BYTES, sdui_limit);
        apply_limit(L, e, limits, "actions", SDUI_LIMIT_ACTIONS, sdui_limit);
        apply_limit(L, e, limits, "write_bytes", SDUI_LIMIT_WRITE_BYTES, sdui_limit);
        apply_limit(L, e, limits, "state_bytes", SDUI_LIMIT_STATE_BYTES, sdui_limit);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "duplicate_keys") != LUA_TNIL) {
        luaL_checkstring(L, -1);
        const char *how = option_cstring(L, -1, "duplicate_keys");
        if (strcmp(how, "reject") != 0 && strcmp(how, "last") != 0)
            luaL_error(L, "sdui.engine: option duplicate_keys must be \"reject\" or \"last\", got \"%s\"", how);
        sdui_option(e->engine, SDUI_OPTION_DUPLICATE_KEYS, how[0] == 'l');
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "capabilities") != LUA_TNIL) {
        if (module_json_status(L, e, lua_gettop(L), sdui_set_capabilities) != SDUI_OK)
            luaL_error(L, "sdui.engine: capabilities: %s", sdui_errmsg(e->engine));
    }
    lua_pop(L, 1);
    apply_limit(L, e, 1, "script_memory", SDUI_SCRIPT_LIMIT_MEMORY, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_instructions", SDUI_SCRIPT_LIMIT_INSTRUCTIONS, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_time_ms", SDUI_SCRIPT_LIMIT_TIME, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_object_bytes", SDUI_SCRIPT_LIMIT_OBJECT, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_total_memory", SDUI_SCRIPT_LIMIT_TOTAL_MEMORY, sdui_scripts_limit);
    if (lua_getfield(L, 1, "services") != LUA_TNIL) {
        int services = lua_gettop(L);
        luaL_checktype(L, services, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, services)) {
            if (lua_type(L, -2) != LUA_TSTRING)
                luaL_error(L, "sdui.engine: service names must be strings");
            size_t len;
            luajson_pushencoded(L, -1);
            const char *json = lua_tolstring(L, -1, &len);
            if (sdui_register_service(e->engine, option_cstring(L, -3, "a service name"), json, len) != SDUI_OK)
                luaL_error(L, "sdui.engine: %s", sdui_errmsg(e->engine));
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "state_dir") != LUA_TNIL) {
        luaL_checkstring(L, -1);
        if (sdui_persist_directory(e->engine, option_cstring(L, -1, "state_dir")) != SDUI_OK)
            luaL_error(L, "sdui.engine: state_dir: %s", sdui_errmsg(e->engine));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "persist") != LUA_TNIL) {
        int persist = lua_gettop(L);
        luaL_checktype(L, persist, LUA_TTABLE);
        lua_Integer n = luaL_len(L, persist);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_geti(L, persist, i) != LUA_TSTRING)
                luaL_error(L, "sdui.engine: persist must be a list of service names");
            if (sdui_persist_service(e->engine, option_cstring(L, -1, "a persist name")) != SDUI_OK)
                luaL_error(L, "sdui.engine: persist: %s", sdui_errmsg(e->engine));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}
