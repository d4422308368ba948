/*
** sandbox.c -- the script state's allocator and sandbox: scripts see only
** a vetted set of globals, cannot load binary chunks, stop the collector or
** reach string.dump, and require only modules of the script folder.
*/
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "bridge.h"
#include "budget.h"
#include "files.h"
#include "library.h"
#include "luajson.h"
#include "pool.h"
#include "sandbox.h"
#include "scripthost.h"

#define MAX_SCRIPT_BYTES (16L << 20)

/* -- memory -------------------------------------------------------------- */

/*
** Notes in item's bridge why a block of `size` bytes was refused, with the
** script line running (the allocator may not raise: Lua raises a memory
** error on its own, and the callback or loader reports this message).
*/
static void note_refusal(script *item, const char *limit_name, long long limit, size_t size)
{
    char where[128] = "";
    lua_Debug ar;
    lua_State *L = item->bridge.L;
    for (int level = 0; L != NULL && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(where, sizeof where, "%s:%d: ", ar.short_src, ar.currentline);
            break;
        }
    }
    snprintf(item->bridge.memory_message, sizeof item->bridge.memory_message, "%s%s of %lld bytes reached (a block of %zu bytes)",
             where, limit_name, limit, size);
    item->bridge.collect_first = 1; /* garbage may hold the room: the next run collects first */
}

/*
** Every block is charged to the script whose state asks for it, and to the
** host's total; a block bigger than the size limit (one string, one table
** part, the stack) is refused whatever the accounts say: no single VM
** instruction can then copy or compare more than that many bytes, which
** bounds how far a run overshoots its deadline (docs/robustness.md).
** Refusing a block makes Lua raise a memory error, which scripts cannot
** catch (budget.c); the bridge's memory_message says which limit it was.
*/
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    script *item = ud;
    scripts *host = item->host;
    if (ptr == NULL) {
        if (nsize == 0)
            return NULL;
        osize = 0; /* a new block: osize is the kind of object, not a size */
    }
    if (nsize == 0) { /* a block freed */
        if (POOL_ON && osize <= POOL_MAX)
            pool_give(&item->pool, ptr, osize);
        else
            pool_realloc(&item->pool, ptr, osize, 0);
        item->memory_used -= osize;
        host->memory_used -= osize;
        return NULL;
    }
    if (nsize > osize) {
        size_t more = nsize - osize;
        if (host->object_limit > 0 && (long long)nsize > host->object_limit) {
            note_refusal(item, "size limit", host->object_limit, nsize);
            return NULL;
        }
        if (host->memory_limit > 0 && (long long)(item->memory_used + more) > host->memory_limit) {
            note_refusal(item, "script memory cap", host->memory_limit, nsize);
            return NULL;
        }
        if (host->total_memory_limit > 0 && (long long)(host->memory_used + more) > host->total_memory_limit) {
            note_refusal(item, "memory cap for all scripts together", host->total_memory_limit, nsize);
            return NULL;
        }
    }
    void *block;
    if (ptr == NULL)
        block = POOL_ON && nsize <= POOL_MAX ? pool_take(&item->pool, nsize) : pool_realloc(&item->pool, NULL, 0, nsize);
    else
        block = pool_realloc(&item->pool, ptr, osize, nsize);
    if (block == NULL) {
        snprintf(item->bridge.memory_message, sizeof item->bridge.memory_message, "out of memory");
        return NULL;
    }
    item->memory_used = item->memory_used - osize + nsize;
    host->memory_used = host->memory_used - osize + nsize;
    if (host->memory_limit > 0 && (long long)item->memory_used > host->memory_limit / 4 * 3)
        item->bridge.collect_first = 1; /* near its cap: the next run starts with a full collection */
    return block;
}

/* -- the sandbox ----------------------------------------------------------- */

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

/* Registry key of the table every script environment falls back to. */
static const char SANDBOX_KEY = 0;
/* Registry key of the modules required in this load round. */
static const char LOADED_KEY = 0;

/*
** Pushes a fresh environment for one chunk: a plain table (no metatable,
** nothing shared) holding the sandbox's globals, each library table copied
** anew. Whatever a chunk does to its globals or its libraries -- replace
** string.format, empty table, set a metatable on _ENV -- stays in its own
** copies: other scripts, and the next run of the same script, start from
** the pristine tables kept in the registry, which no script can reach.
*/
static void push_environment(lua_State *L)
{
    luaL_checkstack(L, 6, NULL);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SANDBOX_KEY);
    int pristine = lua_gettop(L);
    lua_createtable(L, 0, 32);
    int env = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, pristine)) {
        if (lua_type(L, -1) == LUA_TTABLE) { /* a library: copied */
            int library = lua_gettop(L);
            lua_createtable(L, 0, 32);
            lua_pushnil(L);
            while (lua_next(L, library)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, library + 1);
            }
            lua_replace(L, library);
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, env);
    }
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");
    lua_remove(L, pristine);
}

void sandbox_load(lua_State *L, const char *path, const char *shown)
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
    push_environment(L);
    lua_setupvalue(L, -2, 1);
}

/*
** -- the DSL, kept while untouched --------------------------------------------
**
** Every run of a script requires its modules afresh, "sdui.ui" included;
** running the DSL's chunk again takes about 0.1 ms, most of a reload's
** time. So the last instance is kept with a deep copy of what a script can
** reach of it (its fields; the tables among them, such as array_mt and
** style_fields, and theirs), and handed out again only when it is exactly
** as made: no field added, removed or replaced, at any depth, and no
** metatable set. Its functions keep nothing a script could change
** (ui.lua writes its own tables only while it loads), so such an instance
** cannot be told from a new one. Anything else gets a new instance.
*/

/* Registry keys of the kept instance and its copy. */
static const char DSL_KEY = 0, DSL_COPY_KEY = 0;

/* Pushes a copy of table t (an absolute index): its fields, tables among them copied too, `depth` deep. */
static void push_copy(lua_State *L, int t, int depth)
{
    luaL_checkstack(L, 6, NULL);
    lua_newtable(L);
    int copy = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -1) == LUA_TTABLE && depth > 0) {
            lua_newtable(L); /* {table itself, its copy} */
            lua_pushvalue(L, -2);
            lua_rawseti(L, -2, 1);
            push_copy(L, lua_absindex(L, -2), depth - 1);
            lua_rawseti(L, -2, 2);
            lua_replace(L, -2);
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, copy);
    }
}

/* Whether table t (an absolute index) is exactly as its copy at `copy` says (push_copy's form). */
static int same_as_copy(lua_State *L, int t, int copy, int depth)
{
    luaL_checkstack(L, 6, NULL);
    if (lua_getmetatable(L, t)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_Integer fields = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        fields++;
        lua_pushvalue(L, -2);
        int kept = lua_rawget(L, copy), same;
        if (kept == LUA_TTABLE && lua_type(L, -2) == LUA_TTABLE && depth > 0) {
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);
            same = lua_rawequal(L, -1 - 1, -4) && same_as_copy(L, lua_absindex(L, -4), lua_absindex(L, -1), depth - 1);
            lua_pop(L, 2);
        } else {
            same = kept != LUA_TNIL && lua_rawequal(L, -1, -2);
        }
        lua_pop(L, 2);
        if (!same) {
            lua_pop(L, 1); /* the key */
            return 0;
        }
    }
    lua_Integer copied = 0;
    lua_pushnil(L);
    while (lua_next(L, copy)) {
        copied++;
        lua_pop(L, 1);
    }
    return fields == copied;
}

/* Pushes the DSL for a run: the kept instance when untouched, else a new one (kept with its copy). */
static void push_dsl(lua_State *L)
{
    enum { DEPTH = 3 };
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &DSL_KEY) == LUA_TTABLE) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &DSL_COPY_KEY);
        int same = lua_istable(L, -1) && same_as_copy(L, lua_absindex(L, -2), lua_absindex(L, -1), DEPTH);
        lua_pop(L, 1);
        if (same)
            return;
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, bridge_load_ui);
    lua_call(L, 0, 1);
    push_copy(L, lua_gettop(L), DEPTH);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &DSL_COPY_KEY);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &DSL_KEY);
}

/* require(name) inside the sandbox: "sdui.ui", "sdui.contract", or NAME.lua under the script folder. */
static int sandbox_require(lua_State *L)
{
    script *item = lua_touserdata(L, lua_upvalueindex(1));
    scripts *s = item->host;
    size_t name_len;
    const char *name = luaL_checklstring(L, 1, &name_len);
    budget_charge(L, (long long)name_len);
    if (strlen(name) != name_len)
        return luaL_error(L, "module name contains a NUL byte");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    if (lua_getfield(L, -1, name) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    if (strcmp(name, "sdui.ui") == 0) {
        push_dsl(L);
    } else if (strcmp(name, "sdui.contract") == 0) {
        lua_pushcfunction(L, bridge_load_contract);
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
        if (realpath(wanted, real) == NULL || !files_inside(s->root, real))
            return luaL_error(L, "module '%s' not found in the script folder", name);
        sandbox_load(L, real, files_relative(s->root, real));
        lua_pushstring(L, name);
        lua_call(L, 1, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_pushboolean(L, 1);
        }
        files_watch(&s->modules, &s->module_count, real);
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

/*
** tostring: the stock one, except for numbers (having no metatable), which
** are written here: the stock one formats them through lua_pushfstring and
** snprintf, several times dearer, and factories and handlers turn numbers
** into text all the time (tostring(id), tostring(rating)). Same text: an
** integer as LUA_INTEGER_FMT, a plain decimal; a float as "%.14g", with
** ".0" after what looks like an integer, for the usual floats (float_text).
*/

#if LUA_FLOAT_TYPE == LUA_FLOAT_DOUBLE
/* 10^0 .. 10^17, exact doubles. */
static const double tens[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,
                              1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17};

/*
** A float as Lua writes it ("%.14g": fourteen significant digits, correctly
** rounded, trailing zeros dropped; then ".0" if nothing but digits is
** left), with `point` the decimal point, into buf (at least 32 bytes);
** returns its length, or 0 when the stock conversion must write it. Taken
** here: 1e-4 <= |v| < 1e9, where "%.14g" writes no exponent, and only when
** the digits are sure: v * 10^d (d the fractional digits "%.14g" writes
** for v's magnitude) is computed with one rounding, within 1/128 of its
** exact value below 10^14, so when it lies within 1/4 of an integer M, the
** exact value rounds to M too.
*/
static size_t float_text(double v, char point, char *buf)
{
    double a = v < 0 ? -v : v;
    if (!(a >= 1e-4 && a < 1e9)) /* NaN too */
        return 0;
    int x = -4; /* floor(log10(a)); a wrong guess fails the range check below */
    while (x < 8 && a >= (x + 1 >= 0 ? tens[x + 1] : 1.0 / tens[-(x + 1)]))
        x++;
    int d = 13 - x; /* 5 .. 17 */
    double y = a * tens[d];
    double r = (double)(uint64_t)(y + 0.5); /* y < 2^47: y + 0.5 is exact, and no libm is needed */
    if (!(r >= 1e13 && r < 1e14) || !(y - r < 0.25 && r - y < 0.25))
        return 0;
    char digits[14];
    uint64_t m = (uint64_t)r;
    for (int i = 13; i >= 0; i--) {
        digits[i] = (char)('0' + m % 10);
        m /= 10;
    }
    int last = 13; /* the last significant digit */
    while (last > 0 && digits[last] == '0' && last >= 14 - d)
        last--;
    size_t n = 0;
    if (v < 0)
        buf[n++] = '-';
    if (d >= 14) { /* 0.000ddd */
        buf[n++] = '0';
        buf[n++] = point;
        for (int i = 0; i < d - 14; i++)
            buf[n++] = '0';
        for (int i = 0; i <= last; i++)
            buf[n++] = digits[i];
        return n;
    }
    int whole = 14 - d; /* digits before the point */
    for (int i = 0; i < whole; i++)
        buf[n++] = digits[i];
    buf[n++] = point;
    if (last < whole) { /* a whole number: Lua adds ".0" */
        buf[n++] = '0';
        return n;
    }
    for (int i = whole; i <= last; i++)
        buf[n++] = digits[i];
    return n;
}
#endif

/* The decimal point Lua writes (lua_getlocaledecpoint), or 0 when the locale's is not one byte. */
static char decimal_point(void)
{
    const char *p = localeconv()->decimal_point;
    return p != NULL && p[0] != '\0' && p[1] == '\0' ? p[0] : 0;
}

/* Upvalue 1: whether float_text writes what the stock tostring writes in this state (float_text_agrees). */
static int sandbox_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    if (lua_type(L, 1) == LUA_TNUMBER) {
        if (lua_getmetatable(L, 1)) {
            lua_pop(L, 1);
        } else if (lua_isinteger(L, 1)) {
            lua_Integer n = lua_tointeger(L, 1);
            char buf[24];
            char *end = buf + sizeof buf, *p = end;
            lua_Unsigned u = n < 0 ? 0u - (lua_Unsigned)n : (lua_Unsigned)n;
            do {
                *--p = (char)('0' + u % 10);
                u /= 10;
            } while (u > 0);
            if (n < 0)
                *--p = '-';
            lua_pushlstring(L, p, (size_t)(end - p));
            return 1;
        } else if (lua_toboolean(L, lua_upvalueindex(1))) {
#if LUA_FLOAT_TYPE == LUA_FLOAT_DOUBLE
            char buf[32], point = decimal_point();
            size_t n = point != 0 ? float_text((double)lua_tonumber(L, 1), point, buf) : 0;
            if (n > 0) {
                lua_pushlstring(L, buf, n);
                return 1;
            }
#endif
        }
    }
    library_charge_tostring(L, 1);
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/*
** Whether float_text writes what the stock conversion writes here (a Lua
** built with another float format would not): a few values checked once.
*/
static int float_text_agrees(lua_State *L)
{
#if LUA_FLOAT_TYPE == LUA_FLOAT_DOUBLE
    static const double samples[] = {7.8, -0.25, 3.0, 0.000123, 123456.789, 1.0 / 3.0, 99999999.5};
    char point = decimal_point();
    if (point == 0)
        return 1; /* no fast path is taken in such a locale anyway */
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        char buf[32];
        size_t n = float_text(samples[i], point, buf);
        lua_pushnumber(L, (lua_Number)samples[i]);
        size_t len;
        const char *stock = luaL_tolstring(L, -1, &len);
        int same = n == 0 || (n == len && memcmp(buf, stock, n) == 0);
        lua_pop(L, 2);
        if (!same)
            return 0;
    }
    return 1;
#else
    (void)L;
    return 0;
#endif
}

/*
** The meter of a script state's JSON encodings (luajson.h): one encoding is
** an object like any other, at most the size limit, and its bytes are
** charged as library.c charges a copy (32 bytes an instruction).
*/
static size_t encoding_limit(lua_State *L)
{
    sdui_bridge *bridge = bridge_of(L);
    return bridge != NULL && bridge->object_limit > 0 ? (size_t)bridge->object_limit : 0;
}

static void encoding_charge(lua_State *L, size_t bytes)
{
    budget_charge(L, (long long)(bytes / LUAJSON_STEP_BYTES + 1));
}

static void encoding_refused(lua_State *L, size_t max)
{
    char what[128];
    snprintf(what, sizeof what, "size limit of %zu bytes reached (a value encoded as JSON)", max);
    bridge_limit_error(L, what);
}

int sandbox_open(lua_State *L)
{
    script *item = lua_touserdata(L, 1);
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
    bridge_openlib(L);
    /* The array metatable is applied from C to every array decoded into the
    ** state: getmetatable answers with a stand-in of the same name, so that no
    ** script can add to it (a __gc there would run, unbudgeted, on each array). */
    luajson_push_array_mt(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, LUAJSON_ARRAY_MT);
    lua_setfield(L, -2, "__name");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    /* Before the sandbox copies pcall & co.: scripts see only the budgeted ones. */
    lua_pushcfunction(L, budget_open);
    lua_call(L, 0, 0);
    /* Values encoded as JSON (a state, an effect, a view by the JSON route) as any other object. */
    static const luajson_meter meter = {encoding_limit, encoding_charge, encoding_refused};
    luajson_set_meter(L, &meter);
    /* Then every library function bounded (library.c), before the sandbox copies them. */
    lua_pushcfunction(L, library_open);
    lua_call(L, 0, 0);

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
    lua_pushlightuserdata(L, item);
    lua_pushcclosure(L, sandbox_require, 1);
    lua_setfield(L, sandbox, "require");
    lua_pushcfunction(L, sandbox_collectgarbage);
    lua_setfield(L, sandbox, "collectgarbage");
    lua_pushboolean(L, float_text_agrees(L));
    lua_pushcclosure(L, sandbox_tostring, 1);
    lua_setfield(L, sandbox, "tostring");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SANDBOX_KEY);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    /* The real globals stay in the state only for the script host's own use. */
    return 0;
}

/* -- the module cache ------------------------------------------------------ */

static int new_module_cache(lua_State *L)
{
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LOADED_KEY);
    return 0;
}

void sandbox_reset_modules(lua_State *L)
{
    lua_pushcfunction(L, new_module_cache);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK)
        lua_pop(L, 1); /* out of memory: the old cache stays, and so does the old state of its modules */
}
