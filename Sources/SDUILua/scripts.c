/*
** scripts.c -- the script host: Lua scripts in an engine-owned, sandboxed
** Lua state, loaded from a folder and hot-swapped when they change.
**
** The host hangs off the engine as client data ("sdui.scripts"). Its Lua
** state has a capped allocator and an instruction-count hook, and scripts
** see only a vetted set of globals. A script runs in protected mode and
** returns {services, components, actions, effects}; only when the whole table checks
** out is anything registered, so a failing script leaves its previous
** version live.
*/
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "host.h"
#include "luajson.h"

#define CLIENTDATA_NAME "sdui.scripts"
#define DEFAULT_MEMORY (64LL << 20)
#define DEFAULT_INSTRUCTIONS 10000000LL
#define MAX_SCRIPT_BYTES (16L << 20)

/* A file the host has read: a script, or a module a script required. */
typedef struct watched {
    char *path;             /* real path */
    struct timespec mtime;
    off_t size;
} watched;

/* A loaded script and what it registered the last time it ran. */
typedef struct script {
    watched file;
    int env_ref;            /* the script's returned table, kept for its functions */
} script;

typedef struct scripts {
    sdui_host host;
    lua_State *L;            /* NULL until the first load */
    char *root;              /* real path of the script folder; NULL until the first load */
    size_t memory_used;
    long long memory_limit;
    script *items;
    int count, capacity;
    char **folders;          /* real paths of loaded folders, rescanned on reload */
    int folder_count;
    watched *modules;        /* modules required since the last full reload */
    int module_count;
    int running;             /* a script is running: guards against re-entry */
} scripts;

/* -- memory -------------------------------------------------------------- */

/* lua_Alloc with a cap: refusing a block makes Lua raise a memory error. */
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    scripts *s = ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->memory_used -= old;
        return NULL;
    }
    if (nsize > old && s->memory_limit > 0 &&
        (long long)(s->memory_used - old + nsize) > s->memory_limit)
        return NULL;
    void *block = realloc(ptr, nsize);
    if (block != NULL)
        s->memory_used = s->memory_used - old + nsize;
    return block;
}

/* -- files --------------------------------------------------------------- */

static int stat_file(const char *path, watched *w)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    w->mtime = st.st_mtim;
    w->size = st.st_size;
    return 0;
}

static int changed(const watched *w)
{
    watched now;
    if (stat_file(w->path, &now) != 0)
        return 1;
    return now.size != w->size || now.mtime.tv_sec != w->mtime.tv_sec ||
           now.mtime.tv_nsec != w->mtime.tv_nsec;
}

/* True when `path` (a real path) is `root` or lies inside it. */
static int inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strncmp(root, path, n) == 0 && (path[n] == '\0' || path[n] == '/' || strcmp(root, "/") == 0);
}

/* The path relative to the script folder, for chunk names and messages. */
static const char *relative(const scripts *s, const char *path)
{
    size_t n = strlen(s->root);
    return strncmp(s->root, path, n) == 0 && path[n] == '/' ? path + n + 1 : path;
}

/* Reads a whole file into a Lua string on the stack; raises on failure. */
static void push_file(lua_State *L, const char *path, const char *shown)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        luaL_error(L, "%s: cannot open: %s", shown, strerror(errno));
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t total = 0, n;
    do {
        char *p = luaL_prepbuffer(&b);
        n = fread(p, 1, LUAL_BUFFERSIZE, f);
        luaL_addsize(&b, n);
        total += n;
    } while (n > 0 && total <= MAX_SCRIPT_BYTES);
    int failed = ferror(f);
    fclose(f);
    if (failed)
        luaL_error(L, "%s: cannot read", shown);
    if (total > MAX_SCRIPT_BYTES)
        luaL_error(L, "%s: larger than %d bytes", shown, (int)MAX_SCRIPT_BYTES);
    luaL_pushresult(&b);
}

/* -- the sandbox ----------------------------------------------------------- */

/* Registry key of the table every script environment falls back to. */
static const char SANDBOX_KEY = 0;
/* Registry key of the modules required in this load round. */
static const char LOADED_KEY = 0;

/* Loads a text chunk from a file with `env` (an index) as its _ENV; raises on failure. */
static void load_chunk(lua_State *L, const char *path, const char *shown)
{
    push_file(L, path, shown);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    char chunkname[PATH_MAX + 2];
    snprintf(chunkname, sizeof chunkname, "@%s", shown);
    if (luaL_loadbufferx(L, text, len, chunkname, "t") != LUA_OK) {
        /* Syntax errors name the chunk already; "binary chunk" refusals do not. */
        const char *message = lua_tostring(L, -1);
        if (message != NULL && strncmp(message, shown, strlen(shown)) != 0)
            luaL_error(L, "%s: %s", shown, message);
        lua_error(L);
    }
    lua_remove(L, -2); /* the text */
    /* A fresh environment that reads through to the sandbox. */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SANDBOX_KEY);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setupvalue(L, -2, 1);
}

/* Remembers a required module's file so poll can notice it changing. */
static void watch_module(scripts *s, const char *path)
{
    for (int i = 0; i < s->module_count; i++)
        if (strcmp(s->modules[i].path, path) == 0)
            return;
    watched w;
    if (stat_file(path, &w) != 0)
        return;
    watched *grown = realloc(s->modules, (size_t)(s->module_count + 1) * sizeof *grown);
    char *copy = strdup(path);
    if (grown == NULL || copy == NULL) {
        free(copy);
        if (grown != NULL)
            s->modules = grown;
        return; /* not watched: poll will miss it, nothing breaks */
    }
    s->modules = grown;
    w.path = copy;
    s->modules[s->module_count++] = w;
}

/* require(name) inside the sandbox: "sdui.ui", "sdui.contract", or NAME.lua under the script folder. */
static int sandbox_require(lua_State *L)
{
    scripts *s = lua_touserdata(L, lua_upvalueindex(1));
    const char *name = luaL_checkstring(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    if (lua_getfield(L, -1, name) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    if (strcmp(name, "sdui.ui") == 0 || strcmp(name, "sdui.contract") == 0) {
        lua_pushcfunction(L, name[5] == 'u' ? host_load_ui : host_load_contract);
        lua_call(L, 0, 1);
    } else {
        /* Module names are dotted identifiers: no "..", no "/". */
        for (const char *p = name; *p; p++)
            if (!(*p == '.' || *p == '_' || *p == '-' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                  (*p >= '0' && *p <= '9')) || (p[0] == '.' && p[1] == '.'))
                return luaL_error(L, "module '%s' not found: bad module name", name);
        char wanted[PATH_MAX], real[PATH_MAX];
        int n = snprintf(wanted, sizeof wanted, "%s/%s", s->root, name);
        if (n < 0 || (size_t)n + 4 >= sizeof wanted)
            return luaL_error(L, "module '%s' not found: name too long", name);
        for (char *p = wanted + strlen(s->root) + 1; *p; p++)
            if (*p == '.')
                *p = '/';
        strcat(wanted, ".lua");
        if (realpath(wanted, real) == NULL || !inside(s->root, real))
            return luaL_error(L, "module '%s' not found in the script folder", name);
        load_chunk(L, real, relative(s, real));
        lua_pushstring(L, name);
        lua_call(L, 1, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_pushboolean(L, 1);
        }
        watch_module(s, real);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

/* collectgarbage("count") only: scripts must not stop or tune the collector. */
static int sandbox_collectgarbage(lua_State *L)
{
    const char *option = luaL_optstring(L, 1, "count");
    if (strcmp(option, "count") != 0)
        return luaL_error(L, "collectgarbage(\"%s\") is not available to scripts", option);
    lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) + lua_gc(L, LUA_GCCOUNTB, 0) / 1024.0);
    return 1;
}

/* Opens the safe libraries and builds the sandbox table in the registry. */
static int open_sandbox(lua_State *L)
{
    scripts *s = lua_touserdata(L, 1);
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},         {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table},   {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},   {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_OSLIBNAME, luaopen_os},       {NULL, NULL},
    };
    for (const luaL_Reg *lib = libs; lib->name; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    host_openlib(L);

    /* string.dump is reachable through every string's metatable: remove it at the source. */
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable"); /* getmetatable("") cannot reach it */
    lua_pop(L, 2);

    lua_newtable(L);
    int sandbox = lua_gettop(L);
    static const char *const globals[] = {
        "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen",
        "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type", "xpcall",
        "_VERSION", LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME, LUA_COLIBNAME, NULL,
    };
    for (const char *const *g = globals; *g; g++) {
        lua_getglobal(L, *g);
        lua_setfield(L, sandbox, *g);
    }
    lua_createtable(L, 0, 3);
    lua_getglobal(L, LUA_OSLIBNAME);
    static const char *const os_fields[] = {"time", "clock", "date", NULL};
    for (const char *const *f = os_fields; *f; f++) {
        lua_getfield(L, -1, *f);
        lua_setfield(L, -3, *f);
    }
    lua_pop(L, 1);
    lua_setfield(L, sandbox, LUA_OSLIBNAME);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, sandbox_require, 1);
    lua_setfield(L, sandbox, "require");
    lua_pushcfunction(L, sandbox_collectgarbage);
    lua_setfield(L, sandbox, "collectgarbage");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SANDBOX_KEY);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    /* The real globals stay in the state only for the host's own use. */
    return 0;
}

/* -- running a script ---------------------------------------------------- */

/* What a script's functions are for: result.components, .actions or .effects. */
enum { COMPONENTS, ACTIONS, EFFECTS, KINDS };
static const char *const kind_names[KINDS] = {"components", "actions", "effects"};

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
        if (!lua_isfunction(L, -1))
            luaL_error(L, "%s: %s[\"%s\"] must be a function, got %s", shown, what, name, luaL_typename(L, -1));
        if (kind == ACTIONS) {
            const char *slash = strchr(name, '/');
            if (slash == NULL || slash == name || slash[1] == '\0')
                luaL_error(L, "%s: action type \"%s\" must look like \"service/name\"", shown, name);
        }
        if (kind == EFFECTS && strcmp(name, "after") == 0)
            luaL_error(L, "%s: effect type \"after\" is the engine's own timer and takes no performer", shown);
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
    found = sdui_state_json(s->host.engine, service, NULL, &current, NULL) == SDUI_OK;
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
        int status = sdui_state_json(s->host.engine, name, NULL, &current, NULL);
        sdui_free(current);
        if (status == SDUI_ENOTFOUND) {
            size_t len;
            const char *json = lua_tolstring(L, -1, &len);
            if (sdui_register_service(s->host.engine, name, json, len) != SDUI_OK)
                luaL_error(L, "%s: service \"%s\": %s", shown, name, sdui_errmsg(s->host.engine));
        }
        lua_pop(L, 1);
    }
}

/* Registers the functions of result.components, .actions or .effects (by `kind`). */
static void register_functions(scripts *s, lua_State *L, int result, int kind, const char *shown)
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
        int status = kind == COMPONENTS ? host_register_component(&s->host, L, type, fn)
                   : kind == ACTIONS    ? host_register_action(&s->host, L, type, fn)
                                        : host_register_effect(&s->host, L, type, fn);
        if (status != SDUI_OK)
            luaL_error(L, "%s: %s", shown, sdui_errmsg(s->host.engine));
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
                        sdui_unregister_component(s->host.engine, type);
                    else if (k == ACTIONS)
                        sdui_unregister_action(s->host.engine, type);
                    else
                        sdui_unregister_effect(s->host.engine, type);
                }
                lua_pop(L, 1);
            }
        }
        lua_settop(L, old);
    }
    lua_pop(L, 1);
}

/*
** Protected: runs the script `item` (argument 2) for the host at argument 1.
** The returned table is checked in full before anything is registered, so
** an error leaves the previous version live. On success the result replaces
** the item's previous one.
*/
static int run_script(lua_State *L)
{
    scripts *s = lua_touserdata(L, 1);
    script *item = lua_touserdata(L, 2);
    const char *shown = relative(s, item->file.path);
    load_chunk(L, item->file.path, shown);
    lua_call(L, 0, 1);
    int result = lua_gettop(L);
    if (!lua_istable(L, result))
        return luaL_error(L, "%s: a script must return a table {services=, components=, actions=, effects=}, got %s",
                          shown, luaL_typename(L, result));
    lua_pushnil(L);
    while (lua_next(L, result)) {
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : luaL_typename(L, -2);
        if (strcmp(key, "services") && strcmp(key, "components") && strcmp(key, "actions") && strcmp(key, "effects"))
            return luaL_error(L, "%s: unknown key \"%s\" in the returned table (expected services, components, "
                              "actions, effects)", shown, key);
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
            if (lua_type(L, -2) != LUA_TSTRING || lua_rawlen(L, -2) == 0 || strchr(lua_tostring(L, -2), '/'))
                return luaL_error(L, "%s: service names must be non-empty strings without '/'", shown);
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

    /* Commit: nothing below fails short of running out of memory. */
    create_services(s, L, declared, shown);
    for (int kind = 0; kind < KINDS; kind++)
        register_functions(s, L, result, kind, shown);
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

/* Runs fn(s, item) in protected mode; returns the Lua status, the message on the stack on error. */
static int protected(scripts *s, script *item, lua_CFunction fn)
{
    lua_State *L = s->L;
    s->host.L = L;
    lua_settop(L, 0);
    host_begin_run(&s->host);
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, s);
    lua_pushlightuserdata(L, item);
    s->running = 1;
    int status = lua_pcall(L, 2, 0, 0);
    s->running = 0;
    return status;
}

/*
** Runs one script file and, if it succeeds, makes its result live.
** Returns an sdui status; a failure leaves the previous version live and
** the message ("file:line: message") in sdui_errmsg().
*/
static int run_file(scripts *s, script *item)
{
    int status = protected(s, item, run_script);
    stat_file(item->file.path, &item->file); /* poll retries only when the file changes again */
    if (status == LUA_OK)
        return sdui_report(s->host.engine, SDUI_OK, NULL);
    int code = status == LUA_ERRMEM || s->host.limit_hit ? SDUI_ELIMIT : SDUI_ECALLBACK;
    char message[512];
    const char *text = status == LUA_ERRMEM ? NULL : lua_tostring(s->L, -1);
    if (text == NULL) {
        snprintf(message, sizeof message, "%s: script memory cap of %lld bytes reached",
                 relative(s, item->file.path), s->memory_limit);
        text = message;
    }
    sdui_report(s->host.engine, code, text);
    lua_settop(s->L, 0);
    return code;
}

/* -- the host object ------------------------------------------------------ */

static void scripts_destroy(void *data)
{
    scripts *s = data;
    if (s->L != NULL)
        lua_close(s->L);
    host_close(&s->host, NULL); /* the registry went with the state */
    for (int i = 0; i < s->count; i++)
        free(s->items[i].file.path);
    free(s->items);
    for (int i = 0; i < s->folder_count; i++)
        free(s->folders[i]);
    free(s->folders);
    for (int i = 0; i < s->module_count; i++)
        free(s->modules[i].path);
    free(s->modules);
    free(s->root);
    free(s);
}

/* The engine's script host, created on first use; NULL (reported) on failure. */
static scripts *get_scripts(sdui_engine *engine)
{
    scripts *s = sdui_get_clientdata(engine, CLIENTDATA_NAME);
    if (s != NULL)
        return s;
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        sdui_report(engine, SDUI_ENOMEM, "out of memory");
        return NULL;
    }
    s->host.engine = engine;
    s->host.budget = DEFAULT_INSTRUCTIONS;
    s->memory_limit = DEFAULT_MEMORY;
    if (sdui_set_clientdata(engine, CLIENTDATA_NAME, s, scripts_destroy) != SDUI_OK) {
        free(s);
        return NULL;
    }
    return s;
}

/* Creates the Lua state on first load. */
static int open_state(scripts *s)
{
    if (s->L != NULL)
        return SDUI_OK;
    lua_State *L = lua_newstate(capped_alloc, s);
    if (L == NULL)
        return sdui_report(s->host.engine, SDUI_ENOMEM, "cannot create the script state: out of memory");
    host_of(L) = &s->host;
    lua_pushcfunction(L, open_sandbox);
    lua_pushlightuserdata(L, s);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        lua_close(L);
        return sdui_report(s->host.engine, SDUI_ENOMEM, "cannot set up the script sandbox: out of memory");
    }
    lua_sethook(L, host_hook, LUA_MASKCOUNT, HOST_HOOK_STEP);
    long long budget = s->host.budget;
    host_init(&s->host, s->host.engine, L);
    s->host.budget = budget;
    s->L = L;
    return SDUI_OK;
}

/* The script entry for `path`, added when new; NULL (reported) when out of memory. */
static script *find_or_add(scripts *s, const char *path)
{
    for (int i = 0; i < s->count; i++)
        if (strcmp(s->items[i].file.path, path) == 0)
            return &s->items[i];
    if (s->count == s->capacity) {
        int capacity = s->capacity ? s->capacity * 2 : 8;
        script *grown = realloc(s->items, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return NULL;
        s->items = grown;
        s->capacity = capacity;
    }
    char *copy = strdup(path);
    if (copy == NULL)
        return NULL;
    script *item = &s->items[s->count++];
    memset(item, 0, sizeof *item);
    item->file.path = copy;
    item->env_ref = LUA_NOREF;
    return item;
}

/* Drops a script whose file is gone, unregistering what it declared. */
static void forget(scripts *s, int index)
{
    script *item = &s->items[index];
    if (protected(s, item, drop_script) != LUA_OK)
        lua_settop(s->L, 0); /* out of memory: its types stay registered */
    free(item->file.path);
    memmove(item, item + 1, (size_t)(s->count - index - 1) * sizeof *item);
    s->count--;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
** Collects the "*.lua" files directly inside `folder`, sorted by name, as
** malloc'd real paths in *out. Returns the count, or -1 (reported).
*/
static int list_folder(sdui_engine *engine, const char *folder, char ***out)
{
    DIR *dir = opendir(folder);
    if (dir == NULL) {
        char message[PATH_MAX + 64];
        snprintf(message, sizeof message, "cannot open script folder %s: %s", folder, strerror(errno));
        sdui_report(engine, SDUI_ENOTFOUND, message);
        return -1;
    }
    char **names = NULL;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        size_t n = strlen(entry->d_name);
        if (n < 5 || strcmp(entry->d_name + n - 4, ".lua") != 0 || entry->d_name[0] == '.')
            continue;
        char path[PATH_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char **grown = realloc(names, (size_t)(count + 1) * sizeof *grown);
        char *copy = strdup(path);
        if (grown == NULL || copy == NULL) {
            free(copy);
            names = grown ? grown : names;
            for (int i = 0; i < count; i++)
                free(names[i]);
            free(names);
            closedir(dir);
            sdui_report(engine, SDUI_ENOMEM, "out of memory");
            return -1;
        }
        names = grown;
        names[count++] = copy;
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof *names, compare_names);
    *out = names;
    return count;
}

/* A round's failure messages, one a line (malloc'd: built outside any Lua call). */
typedef struct report {
    char *text;
    size_t len;
    int first;               /* status of the first failure, SDUI_OK if none */
} report;

static void note_failure(report *r, int status, const char *message)
{
    size_t n = strlen(message);
    char *grown = realloc(r->text, r->len + n + 2);
    if (grown != NULL) {
        r->text = grown;
        if (r->len > 0)
            r->text[r->len++] = '\n';
        memcpy(r->text + r->len, message, n + 1);
        r->len += n;
    }
    if (r->first == SDUI_OK)
        r->first = status;
}

/*
** Runs the scripts that `pick` selects (all when pick is NULL), then loads
** new files of the loaded folders. Returns SDUI_OK or the first failure's
** status, with every failure's message, one a line.
*/
static int run_round(scripts *s, int (*pick)(const script *), int *reloaded)
{
    sdui_engine *engine = s->host.engine;
    report r = {NULL, 0, SDUI_OK};
    int runs = 0;
    for (int i = 0; i < s->count; i++) {
        struct stat st;
        if (stat(s->items[i].file.path, &st) != 0) {
            forget(s, i--);
            runs++;
            continue;
        }
        if (pick != NULL && !pick(&s->items[i]))
            continue;
        runs++;
        int status = run_file(s, &s->items[i]);
        if (status != SDUI_OK)
            note_failure(&r, status, sdui_errmsg(engine));
    }
    for (int f = 0; f < s->folder_count; f++) {
        char **names;
        int count = list_folder(engine, s->folders[f], &names);
        if (count < 0) {
            note_failure(&r, SDUI_ENOTFOUND, sdui_errmsg(engine));
            continue;
        }
        for (int i = 0; i < count; i++) {
            int known = 0;
            for (int j = 0; j < s->count && !known; j++)
                known = strcmp(s->items[j].file.path, names[i]) == 0;
            if (!known) {
                script *item = find_or_add(s, names[i]);
                int status = item ? run_file(s, item) : sdui_report(engine, SDUI_ENOMEM, "out of memory");
                runs++;
                if (status != SDUI_OK)
                    note_failure(&r, status, sdui_errmsg(engine));
            }
            free(names[i]);
        }
        free(names);
    }
    if (reloaded != NULL)
        *reloaded = runs;
    int status = sdui_report(engine, r.first, r.first == SDUI_OK ? NULL : r.text);
    free(r.text);
    return status;
}

/* Clears the module cache so the next round requires modules afresh. */
static int new_module_cache(lua_State *L)
{
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    return 0;
}

static void reset_modules(scripts *s)
{
    lua_pushcfunction(s->L, new_module_cache);
    if (lua_pcall(s->L, 0, 0, 0) != LUA_OK)
        lua_pop(s->L, 1); /* out of memory: the old cache stays */
    for (int i = 0; i < s->module_count; i++)
        free(s->modules[i].path);
    s->module_count = 0;
}

/*
** Common entry: takes the engine lock and refuses calls from inside a
** callback (sdui_limit answers -1 there) or from inside a running script.
*/
static scripts *enter(sdui_engine *engine, int *status)
{
    if (engine == NULL) {
        *status = SDUI_EINVAL;
        return NULL;
    }
    sdui_lock(engine);
    scripts *s = sdui_get_clientdata(engine, CLIENTDATA_NAME);
    if (sdui_limit(engine, SDUI_LIMIT_DEPTH, -1) < 0 || (s != NULL && (s->running || s->host.call != NULL))) {
        *status = sdui_report(engine, SDUI_EBUSY,
                              "scripts cannot be loaded or reloaded from inside a callback or a running script");
        sdui_unlock(engine);
        return NULL;
    }
    s = get_scripts(engine);
    if (s == NULL) {
        *status = SDUI_ENOMEM;
        sdui_unlock(engine);
    }
    return s;
}

SDUI_LUA_API int sdui_scripts_load(sdui_engine *engine, const char *path)
{
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    char real[PATH_MAX];
    struct stat st;
    if (path == NULL) {
        status = sdui_report(engine, SDUI_EINVAL, "path is NULL");
    } else if (realpath(path, real) == NULL || stat(real, &st) != 0) {
        char message[PATH_MAX + 64];
        snprintf(message, sizeof message, "script not found: %s: %s", path, strerror(errno));
        status = sdui_report(engine, SDUI_ENOTFOUND, message);
    } else if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) {
        status = sdui_report(engine, SDUI_EINVAL, "a script path must be a file or a folder");
    } else if (s->root != NULL && !inside(s->root, real)) {
        char message[2 * PATH_MAX + 64];
        snprintf(message, sizeof message, "%s is outside the script folder %s", path, s->root);
        status = sdui_report(engine, SDUI_EINVAL, message);
    } else {
        if (s->root == NULL) {
            char folder[PATH_MAX];
            strcpy(folder, real);
            if (!S_ISDIR(st.st_mode)) {
                char *slash = strrchr(folder, '/');
                if (slash == folder)
                    slash[1] = '\0';
                else
                    *slash = '\0';
            }
            s->root = strdup(folder);
        }
        status = s->root == NULL ? sdui_report(engine, SDUI_ENOMEM, "out of memory") : open_state(s);
        if (status == SDUI_OK && S_ISDIR(st.st_mode)) {
            int known = 0;
            for (int i = 0; i < s->folder_count && !known; i++)
                known = strcmp(s->folders[i], real) == 0;
            if (!known) {
                char **grown = realloc(s->folders, (size_t)(s->folder_count + 1) * sizeof *grown);
                char *copy = strdup(real);
                if (grown != NULL)
                    s->folders = grown;
                if (grown == NULL || copy == NULL) {
                    free(copy);
                    status = sdui_report(engine, SDUI_ENOMEM, "out of memory");
                } else {
                    s->folders[s->folder_count++] = copy;
                }
            }
            if (status == SDUI_OK)
                status = run_round(s, NULL, NULL);
        } else if (status == SDUI_OK) {
            script *item = find_or_add(s, real);
            status = item ? run_file(s, item) : sdui_report(engine, SDUI_ENOMEM, "out of memory");
        }
    }
    sdui_unlock(engine);
    return status;
}

SDUI_LUA_API int sdui_scripts_reload(sdui_engine *engine)
{
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    if (s->L == NULL) {
        status = sdui_report(engine, SDUI_OK, NULL);
    } else {
        reset_modules(s);
        status = run_round(s, NULL, NULL);
    }
    sdui_unlock(engine);
    return status;
}

static int file_changed(const script *item)
{
    return changed(&item->file);
}

SDUI_LUA_API int sdui_scripts_poll(sdui_engine *engine, int *reloaded)
{
    if (reloaded != NULL)
        *reloaded = 0;
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    if (s->L == NULL) {
        status = sdui_report(engine, SDUI_OK, NULL);
    } else {
        int modules_changed = 0;
        for (int i = 0; i < s->module_count && !modules_changed; i++)
            modules_changed = changed(&s->modules[i]);
        if (modules_changed)
            reset_modules(s);
        status = run_round(s, modules_changed ? NULL : file_changed, reloaded);
    }
    sdui_unlock(engine);
    return status;
}

SDUI_LUA_API long long sdui_scripts_limit(sdui_engine *engine, int which, long long value)
{
    if (engine == NULL || (which != SDUI_SCRIPT_LIMIT_MEMORY && which != SDUI_SCRIPT_LIMIT_INSTRUCTIONS))
        return -1;
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return -1;
    long long *slot = which == SDUI_SCRIPT_LIMIT_MEMORY ? &s->memory_limit : &s->host.budget;
    long long previous = *slot;
    if (value >= 0)
        *slot = value;
    sdui_report(engine, SDUI_OK, NULL);
    sdui_unlock(engine);
    return previous;
}
