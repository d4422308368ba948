/*
** loader.c -- runs scripts in the sandbox and registers what they return.
** A script runs in protected mode under the instruction budget; only when
** the whole table it returns checks out is anything registered, so a
** failing script leaves its previous version live.
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "callback.h"
#include "factory.h"
#include "files.h"
#include "handler.h"
#include "loader.h"
#include "luajson.h"
#include "reactive.h"
#include "sandbox.h"
#include "scripthost.h"

/* What a script's functions are for: result.components, .actions or .effects. */
enum { COMPONENTS, ACTIONS, EFFECTS, KINDS };
static const char *const kind_names[KINDS] = {"components", "actions", "effects"};

/* Whether the string at idx holds a NUL byte: it would cut the name the engine is given short. */
static int has_nul(lua_State *L, int idx)
{
    size_t len;
    const char *text = lua_tolstring(L, idx, &len);
    return memchr(text, '\0', len) != NULL;
}

/* Checks that the table at idx maps strings to functions, and the names suit `kind`. */
static void check_functions(lua_State *L, int idx, int kind, const char *shown)
{
    const char *what = kind_names[kind];
    if (lua_isnil(L, idx))
        return;
    if (!lua_istable(L, idx))
        luaL_error(L, "%s: \"%s\" must be a table, got %s", shown, what, luaL_typename(L, idx));
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING || lua_rawlen(L, -2) == 0)
            luaL_error(L, "%s: %s keys must be non-empty strings", shown, what);
        const char *name = lua_tostring(L, -2);
        if (has_nul(L, -2))
            luaL_error(L, "%s: %s keys must not contain NUL bytes", shown, what);
        if (!lua_isfunction(L, -1))
            luaL_error(L, "%s: %s[\"%s\"] must be a function, got %s", shown, what, name, luaL_typename(L, -1));
        if (kind == ACTIONS) {
            const char *slash = strchr(name, '/');
            if (slash == NULL || slash == name || slash[1] == '\0')
                luaL_error(L, "%s: action type \"%s\" must look like \"service/name\"", shown, name);
        }
        if (kind == EFFECTS && (strcmp(name, "after") == 0 || strcmp(name, "navigate") == 0 ||
                                strcmp(name, "appearance") == 0))
            luaL_error(L, "%s: effect type \"%s\" is the engine's own and takes no performer", shown, name);
        lua_pop(L, 1);
    }
}

/* True when the engine has service `name` or the encoded table at `declared` declares it. */
static int service_known(scripts *s, lua_State *L, int declared, const char *name, size_t len)
{
    lua_pushlstring(L, name, len);
    int found = lua_rawget(L, declared) != LUA_TNIL;
    lua_pop(L, 1);
    if (found)
        return 1;
    char service[256], *current = NULL;
    if (len >= sizeof service)
        return 0;
    memcpy(service, name, len);
    service[len] = '\0';
    found = sdui_state_json(s->engine, service, NULL, &current, NULL) == SDUI_OK;
    sdui_free(current);
    return found;
}

/* Creates the declared services that do not exist yet: state survives reloads. */
static void create_services(scripts *s, lua_State *L, int declared, const char *shown)
{
    lua_pushnil(L);
    while (lua_next(L, declared)) {
        const char *name = lua_tostring(L, -2);
        char *current = NULL;
        int status = sdui_state_json(s->engine, name, NULL, &current, NULL);
        sdui_free(current);
        if (status == SDUI_ENOTFOUND) {
            size_t len;
            const char *json = lua_tolstring(L, -1, &len);
            if (sdui_register_service(s->engine, name, json, len) != SDUI_OK)
                luaL_error(L, "%s: service \"%s\": %s", shown, name, sdui_errmsg(s->engine));
        }
        lua_pop(L, 1);
    }
}

/*
** Versions: each component and action type registered from a script keeps
** a record (callback.h: its current function, whether that ran and whether
** it failed, its last good version) in the registry table at &versions_key,
** {[COMPONENTS + 1] = {type = record}, [ACTIONS + 1] = {...}}. A reload
** makes the current function the last good one when it ran and never
** failed; a failing function then hands its calls to the last good one
** (callback_run_kept).
*/
static const char versions_key = 0;

/* Pushes the table of the records of `kind`, creating it the first time. */
static void push_versions(lua_State *L, int kind)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &versions_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, KINDS, 0);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &versions_key);
    }
    if (lua_rawgeti(L, -1, kind + 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, kind + 1);
    }
    lua_remove(L, -2);
}

/*
** Pushes the record of the type (a string at index `type`) of `kind`, with
** the function at index `fn` now current: a new function takes over, and the
** one it replaces becomes the last good version if it ran and never failed.
*/
static void push_record(lua_State *L, int kind, int type, int fn)
{
    push_versions(L, kind);
    int table = lua_gettop(L);
    lua_pushvalue(L, type);
    if (lua_rawget(L, table) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 4, 0); /* every slot in the array part: marking it never allocates */
        lua_pushvalue(L, type);
        lua_pushvalue(L, -2);
        lua_rawset(L, table);
    } else {
        lua_rawgeti(L, -1, VERSIONS_CURRENT);
        if (lua_rawequal(L, -1, fn)) { /* the same function again (a module's): nothing changes */
            lua_pop(L, 1);
            lua_remove(L, table);
            return;
        }
        lua_rawgeti(L, -2, VERSIONS_RAN);
        lua_rawgeti(L, -3, VERSIONS_FAILED);
        int good = lua_toboolean(L, -2) && !lua_toboolean(L, -1);
        lua_pop(L, 2);
        if (good)
            lua_rawseti(L, -2, VERSIONS_GOOD);
        else
            lua_pop(L, 1);
    }
    lua_pushvalue(L, fn);
    lua_rawseti(L, -2, VERSIONS_CURRENT);
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, VERSIONS_RAN);
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, VERSIONS_FAILED);
    lua_remove(L, table);
}

/* Forgets the versions of the type at index `type` of `kind` (no longer declared). */
static void forget_versions(lua_State *L, int kind, int type)
{
    type = lua_absindex(L, type);
    push_versions(L, kind);
    lua_pushvalue(L, type);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* Registers the functions of result.components, .actions or .effects (by `kind`). */
static void register_functions(scripts *s, script *item, lua_State *L, int result, int kind, const char *shown)
{
    if (lua_getfield(L, result, kind_names[kind]) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int table = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, table)) {
        const char *type = lua_tostring(L, -2);
        int fn = lua_gettop(L);
        int status;
        if (kind == EFFECTS) {
            status = reactive_register_effect(&item->bridge, L, type, fn);
        } else {
            push_record(L, kind, fn - 1, fn);
            status = kind == COMPONENTS ? factory_register_kept(&item->bridge, L, type, fn, fn + 1)
                                        : handler_register_kept(&item->bridge, L, type, fn, fn + 1);
            lua_pop(L, 1);
        }
        if (status != SDUI_OK)
            luaL_error(L, "%s: %s", shown, sdui_errmsg(s->engine));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/*
** Unregisters what the old result (a registry ref) declared and the new one
** at `result` (0: none) does not.
*/
static void unregister_dropped(scripts *s, lua_State *L, int old_ref, int result)
{
    if (old_ref == LUA_NOREF || old_ref == LUA_REFNIL)
        return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, old_ref);
    int old = lua_gettop(L);
    for (int k = 0; k < KINDS; k++) {
        if (lua_getfield(L, old, kind_names[k]) == LUA_TTABLE) {
            int table = lua_gettop(L);
            lua_pushnil(L);
            while (lua_next(L, table)) {
                int kept = 0;
                if (result != 0) {
                    if (lua_getfield(L, result, kind_names[k]) == LUA_TTABLE) {
                        lua_pushvalue(L, table + 1);
                        kept = lua_rawget(L, -2) != LUA_TNIL;
                    }
                    lua_settop(L, table + 2);
                }
                if (!kept) {
                    const char *type = lua_tostring(L, table + 1);
                    if (k == COMPONENTS)
                        sdui_unregister_component(s->engine, type);
                    else if (k == ACTIONS)
                        sdui_unregister_action(s->engine, type);
                    else
                        sdui_unregister_effect(s->engine, type);
                    if (k != EFFECTS)
                        forget_versions(L, k, table + 1);
                }
                lua_pop(L, 1);
            }
        }
        lua_settop(L, old);
    }
    lua_pop(L, 1);
}

/*
** Makes the table at idx (a theme, as sdui_set_theme() takes it) the
** engine's theme, or raises naming the script and the theme's path.
*/
static void set_theme(scripts *s, lua_State *L, int idx, const char *shown)
{
    if (!lua_istable(L, idx))
        luaL_error(L, "%s: \"theme\" must be a table, got %s", shown, luaL_typename(L, idx));
    luajson_pushencoded(L, idx);
    size_t len;
    const char *json = lua_tolstring(L, -1, &len);
    if (sdui_set_theme(s->engine, json, len) != SDUI_OK) {
        /* "line:column: $.path: reason": the line and column of the encoded text mean nothing here */
        const char *msg = sdui_errmsg(s->engine), *path = strstr(msg, "$");
        luaL_error(L, "%s: invalid theme at %s", shown, path ? path : msg);
    }
    lua_pop(L, 1);
}

/*
** Protected: runs the script `item` (argument 2) for the script host at argument 1.
** The returned table is checked in full before anything is registered, so
** an error leaves the previous version live. On success the result replaces
** the item's previous one.
*/
static int run_script(lua_State *L)
{
    scripts *s = lua_touserdata(L, 1);
    script *item = lua_touserdata(L, 2);
    const char *shown = files_relative(s->root, item->file.path);
    sandbox_load(L, item->file.path, shown);
    lua_call(L, 0, 1);
    int result = lua_gettop(L);
    if (!lua_istable(L, result))
        return luaL_error(L, "%s: a script must return a table {services=, persist=, components=, actions=, effects=, "
                          "theme=}, got %s",
                          shown, luaL_typename(L, result));
    lua_pushnil(L);
    while (lua_next(L, result)) {
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : luaL_typename(L, -2);
        if (strcmp(key, "services") && strcmp(key, "persist") && strcmp(key, "components") && strcmp(key, "actions") &&
            strcmp(key, "effects") && strcmp(key, "theme"))
            return luaL_error(L, "%s: unknown key \"%s\" in the returned table (expected services, persist, "
                              "components, actions, effects, theme)", shown, key);
        lua_pop(L, 1);
    }
    lua_getfield(L, result, "components");
    check_functions(L, lua_gettop(L), COMPONENTS, shown);
    lua_getfield(L, result, "effects");
    check_functions(L, lua_gettop(L), EFFECTS, shown);
    lua_getfield(L, result, "actions");
    int actions = lua_gettop(L);
    check_functions(L, actions, ACTIONS, shown);

    /* Services: names without '/', values that encode as JSON. */
    lua_getfield(L, result, "services");
    int services = lua_gettop(L);
    lua_newtable(L);
    int declared = lua_gettop(L);
    if (!lua_isnil(L, services)) {
        if (!lua_istable(L, services))
            return luaL_error(L, "%s: \"services\" must be a table", shown);
        lua_pushnil(L);
        while (lua_next(L, services)) {
            if (lua_type(L, -2) != LUA_TSTRING || lua_rawlen(L, -2) == 0 || strchr(lua_tostring(L, -2), '/') ||
                has_nul(L, -2))
                return luaL_error(L, "%s: service names must be non-empty strings without '/' or NUL bytes", shown);
            luajson_pushencoded(L, -1);
            lua_pushvalue(L, -3);
            lua_insert(L, -2);
            lua_rawset(L, declared);
            lua_pop(L, 1);
        }
    }
    /* Every action's service must exist or be declared here. */
    if (lua_istable(L, actions)) {
        lua_pushnil(L);
        while (lua_next(L, actions)) {
            const char *type = lua_tostring(L, -2);
            size_t len = (size_t)(strchr(type, '/') - type);
            if (!service_known(s, L, declared, type, len)) {
                lua_pushlstring(L, type, len);
                return luaL_error(L, "%s: action \"%s\" needs the service \"%s\": declare it in services",
                                  shown, type, lua_tostring(L, -1));
            }
            lua_pop(L, 1);
        }
    }

    /* Persist: a list of the names of services declared here or existing. */
    lua_getfield(L, result, "persist");
    int persist = lua_gettop(L);
    lua_Integer persisted = 0;
    if (!lua_isnil(L, persist)) {
        if (!lua_istable(L, persist))
            return luaL_error(L, "%s: \"persist\" must be a list of service names", shown);
        persisted = (lua_Integer)lua_rawlen(L, persist);
        lua_pushnil(L);
        while (lua_next(L, persist)) {
            if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 1 || lua_tointeger(L, -2) > persisted ||
                lua_type(L, -1) != LUA_TSTRING)
                return luaL_error(L, "%s: \"persist\" must be a list of service names", shown);
            size_t len;
            const char *name = lua_tolstring(L, -1, &len);
            /* "sdui/appearance": the theme's appearance, which persists like a service. */
            int appearance = len == strlen(SDUI_PERSIST_APPEARANCE) && memcmp(name, SDUI_PERSIST_APPEARANCE, len) == 0;
            if (!appearance && (len == 0 || strchr(name, '/') || memchr(name, '\0', len) ||
                                !service_known(s, L, declared, name, len)))
                return luaL_error(L, "%s: persist names the service \"%s\": declare it in services", shown, name);
            lua_pop(L, 1);
        }
    }
    /* The theme, last: set only when everything above checked out, and it
    ** changes nothing when it is refused. */
    if (lua_getfield(L, result, "theme") != LUA_TNIL)
        set_theme(s, L, lua_gettop(L), shown);

    /* Commit: nothing below fails short of running out of memory. */
    create_services(s, L, declared, shown);
    for (int kind = 0; kind < KINDS; kind++)
        register_functions(s, item, L, result, kind, shown);
    /* After the handlers: a "NAME/sdui.restore" handler restores its service. */
    for (lua_Integer i = 1; i <= persisted; i++) {
        lua_rawgeti(L, persist, i);
        if (sdui_persist_service(s->engine, lua_tostring(L, -1)) != SDUI_OK)
            luaL_error(L, "%s: persist \"%s\": %s", shown, lua_tostring(L, -1), sdui_errmsg(s->engine));
        lua_pop(L, 1);
    }
    unregister_dropped(s, L, item->env_ref, result);
    luaL_unref(L, LUA_REGISTRYINDEX, item->env_ref);
    lua_pushvalue(L, result);
    item->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

/* Protected: unregisters everything the script at argument 2 declared. */
static int drop_script(lua_State *L)
{
    scripts *s = lua_touserdata(L, 1);
    script *item = lua_touserdata(L, 2);
    unregister_dropped(s, L, item->env_ref, 0);
    luaL_unref(L, LUA_REGISTRYINDEX, item->env_ref);
    item->env_ref = LUA_NOREF;
    return 0;
}

/* Runs fn(s, item) in protected mode on item's state; returns the Lua status, the message on the stack on error. */
static int protected(scripts *s, script *item, lua_CFunction fn)
{
    lua_State *L = item->L;
    item->bridge.L = L;
    lua_settop(L, 0);
    bridge_begin_run(&item->bridge);
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, s);
    lua_pushlightuserdata(L, item);
    s->running = 1;
    int status = lua_pcall(L, 2, 0, 0);
    s->running = 0;
    return status;
}

int loader_run(scripts *s, script *item)
{
    /* A clean environment on every run: its modules are required afresh too. */
    sandbox_reset_modules(item->L);
    int status = protected(s, item, run_script);
    files_stat(item->file.path, &item->file); /* poll retries only when the file changes again */
    if (status == LUA_OK)
        return sdui_report(s->engine, SDUI_OK, NULL);
    if (status == LUA_ERRRUN && item->bridge.memory_message[0] && lua_type(item->L, -1) == LUA_TSTRING &&
        strcmp(lua_tostring(item->L, -1), "not enough memory") == 0)
        status = LUA_ERRMEM; /* lauxlib's buffers raise the allocator's refusal as a plain error */
    int code = status == LUA_ERRMEM || item->bridge.limit_hit ? SDUI_ELIMIT : SDUI_ECALLBACK;
    const char *shown = files_relative(s->root, item->file.path);
    char message[512];
    const char *text = message;
    if (status == LUA_ERRMEM) {
        const char *why = item->bridge.memory_message[0] ? item->bridge.memory_message : "out of memory";
        /* "file:line: " leads when a script line was running; else name the file */
        if (strncmp(why, shown, strlen(shown)) == 0)
            snprintf(message, sizeof message, "%s", why);
        else
            snprintf(message, sizeof message, "%s: %s", shown, why);
    } else if (item->bridge.limit_hit && item->bridge.limit_message[0]) {
        snprintf(message, sizeof message, "%s", item->bridge.limit_message); /* whatever was raised after it */
    } else if (lua_type(item->L, -1) == LUA_TSTRING) {
        text = lua_tostring(item->L, -1);
    } else {
        snprintf(message, sizeof message, "%s: error object is a %s value, not a message", shown,
                 luaL_typename(item->L, -1));
    }
    sdui_report(s->engine, code, text);
    lua_settop(item->L, 0);
    return code;
}

int loader_drop(scripts *s, script *item)
{
    if (item->L == NULL || protected(s, item, drop_script) == LUA_OK)
        return SDUI_OK;
    lua_settop(item->L, 0); /* out of memory: its types stay registered */
    return SDUI_ENOMEM;
}
