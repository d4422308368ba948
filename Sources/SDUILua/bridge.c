/*
** bridge.c -- the floor of the Lua binding: the bridge record, the
** instruction budget, engine buffers, JSON arguments and results,
** sdui.array and the embedded DSL (see bridge.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "dsl.h"
#include "luajson.h"

#define BUFFER_MT "sdui.buffer"

/* -- the record ------------------------------------------------------------ */

void bridge_init(sdui_bridge *bridge, sdui_engine *engine, lua_State *L)
{
    memset(bridge, 0, sizeof *bridge);
    bridge->engine = engine;
    bridge->L = L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    bridge->main = lua_tothread(L, -1);
    lua_pop(L, 1);
    /* SDUI_LUA_PACKED_VIEWS (set and not "0"): every view goes packed, as
    ** before flat.c; the tests compare the two ways with it. */
    const char *packed = getenv("SDUI_LUA_PACKED_VIEWS");
    bridge->flat_views = packed == NULL || strcmp(packed, "0") == 0;
}

void bridge_close(sdui_bridge *bridge, lua_State *L)
{
    if (L != NULL && bridge->mirrors != 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, bridge->mirrors);
        bridge->mirrors = 0;
    }
    for (int kind = 0; L != NULL && kind < 5; kind++) {
        if (bridge->ctx_metatables[kind] > 0)
            luaL_unref(L, LUA_REGISTRYINDEX, bridge->ctx_metatables[kind]);
        bridge->ctx_metatables[kind] = 0;
    }
    if (L != NULL && bridge->data_cache != 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, bridge->data_cache);
        bridge->data_cache = 0;
    }
    packed_buffer_free(&bridge->scratch);
}

/*
** -- the instruction budget ------------------------------------------------
**
** Only the script host's state is budgeted: it installs bridge_hook as a
** count hook and keeps its bridge in the state's extra space (bridge_of).
** Every callback or script run starts the count afresh (bridge_begin_run);
** the hook adds its interval each time it fires and raises once the sum
** passes the budget. budget.c makes the error uncatchable by scripts and
** charges the work the hook cannot see.
*/

void bridge_begin_run(sdui_bridge *bridge)
{
    bridge->used = 0;
    bridge->limit_hit = 0;
    bridge->memory_message[0] = '\0';
    bridge->limit_message[0] = '\0';
    bridge->deadline_ns = bridge->time_limit_ns > 0 ? bridge_now_ns() + bridge->time_limit_ns : 0;
    if (bridge->interrupt != NULL)
        bridge->interrupt_seen = *bridge->interrupt;
    if (bridge->collect_first && bridge->L != NULL) {
        bridge->collect_first = 0;
        lua_gc(bridge->L, LUA_GCCOLLECT);
    }
}

long long bridge_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Pushes "file:line: " of the innermost script line running, or "". */
static void push_where(lua_State *L)
{
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

int bridge_limit_error(lua_State *L, const char *what)
{
    sdui_bridge *bridge = bridge_of(L);
    push_where(L);
    lua_pushstring(L, what);
    lua_concat(L, 2);
    if (bridge != NULL) {
        if (!bridge->limit_hit) /* the first limit is the one the run reports */
            snprintf(bridge->limit_message, sizeof bridge->limit_message, "%s", lua_tostring(L, -1));
        bridge->limit_hit = 1;
    }
    return lua_error(L);
}

void bridge_check_clock(lua_State *L, sdui_bridge *bridge)
{
    if (bridge->interrupt != NULL && *bridge->interrupt != bridge->interrupt_seen)
        bridge_limit_error(L, "interrupted by the host");
    if (bridge->deadline_ns > 0 && bridge_now_ns() > bridge->deadline_ns) {
        char what[96];
        snprintf(what, sizeof what, "time limit of %lld ms exceeded", bridge->time_limit_ns / 1000000);
        bridge_limit_error(L, what);
    }
}

void bridge_charge(lua_State *L, sdui_bridge *bridge, long long steps, const char *what)
{
    if (bridge == NULL || steps <= 0)
        return;
    long long before = bridge->used;
    bridge->used = steps > LLONG_MAX - before ? LLONG_MAX : before + steps;
    if (bridge->limit_hit || (bridge->budget > 0 && bridge->used > bridge->budget)) {
        char message[128];
        snprintf(message, sizeof message, "instruction budget of %lld exceeded%s", bridge->budget, what);
        bridge_limit_error(L, message);
    }
    if (bridge->used / BRIDGE_HOOK_STEP != before / BRIDGE_HOOK_STEP)
        bridge_check_clock(L, bridge); /* a run doing its work in C calls meets its deadline too */
}

void bridge_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    sdui_bridge *bridge = bridge_of(L);
    if (bridge == NULL)
        return;
    bridge->used += lua_gethookcount(L); /* the instructions since the last call (coroutines have their own interval) */
    if (bridge->budget > 0 && bridge->used > bridge->budget) {
        char what[96];
        snprintf(what, sizeof what, "instruction budget of %lld exceeded", bridge->budget);
        bridge_limit_error(L, what);
    }
    bridge_check_clock(L, bridge);
}

/* -- engine buffers ------------------------------------------------------ */

static int buffer_gc(lua_State *L)
{
    char **box = luaL_checkudata(L, 1, BUFFER_MT);
    sdui_free(*box);
    *box = NULL;
    return 0;
}

char **bridge_newbuffer(lua_State *L)
{
    char **box = lua_newuserdatauv(L, sizeof(char *), 0);
    *box = NULL;
    luaL_setmetatable(L, BUFFER_MT);
    return box;
}

/* Registry key of the state's shared box (its address is the key). */
static const char SHARED_BOX = 0;

char **bridge_sharedbuffer(lua_State *L)
{
    char **box;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &SHARED_BOX) == LUA_TUSERDATA) {
        box = lua_touserdata(L, -1);
        sdui_free(*box); /* what a raise left there */
        *box = NULL;
    } else {
        lua_pop(L, 1);
        box = bridge_newbuffer(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &SHARED_BOX);
    }
    lua_pop(L, 1);
    return box;
}

void bridge_pushdecoded(lua_State *L, char **box, size_t len)
{
    luajson_decode(L, *box, len);
    sdui_free(*box);
    *box = NULL;
}

/* -- arguments and results ----------------------------------------------- */

const char *bridge_json_arg(lua_State *L, int idx, size_t *len)
{
    if (lua_type(L, idx) == LUA_TSTRING)
        return lua_tolstring(L, idx, len);
    luaL_argexpected(L, lua_type(L, idx) == LUA_TTABLE, idx, "table or JSON string");
    luajson_pushencoded(L, idx);
    lua_replace(L, idx);
    return lua_tolstring(L, idx, len);
}

void bridge_return_json(lua_State *L, sdui_call *call, int idx, const char *what)
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

void bridge_openlib(lua_State *L)
{
    if (luaL_newmetatable(L, BUFFER_MT)) {
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
}

/* -- sdui.array and the DSL ---------------------------------------------- */

int bridge_array(lua_State *L)
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

/* Registry keys of the compiled DSL and contract chunks, compiled once a state. */
static const char UI_CHUNK = 0, CONTRACT_CHUNK = 0;

/*
** Pushes the embedded chunk `text` compiled (once a state: later calls push
** the kept function, so each require of it runs it afresh -- a new module
** instance -- without parsing it again); raises on failure.
*/
static void push_chunk(lua_State *L, const void *key, const char *text, size_t len, const char *name)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TFUNCTION)
        return;
    lua_pop(L, 1);
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK)
        lua_error(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

int bridge_load_contract(lua_State *L)
{
    push_chunk(L, &CONTRACT_CHUNK, sdui_contract_source, sdui_contract_source_len, "=sdui.contract");
    lua_call(L, 0, 1);
    return 1;
}

int bridge_load_ui(lua_State *L)
{
    push_chunk(L, &UI_CHUNK, sdui_ui_source, sdui_ui_source_len, "=sdui.ui");
    bridge_load_contract(L); /* the DSL's tables come from it: its argument, no require needed */
    lua_pushvalue(L, -1);
    lua_insert(L, -3); /* kept below the chunk, for dsl_install */
    lua_call(L, 1, 1);
    dsl_install(L, -1, -2); /* its common forms built in C */
    lua_remove(L, -2);
    /* The DSL's own array marker is replaced by the one the encoder knows. */
    lua_pushcfunction(L, bridge_array);
    lua_setfield(L, -2, "array");
    return 1;
}
