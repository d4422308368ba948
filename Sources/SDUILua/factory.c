/*
** factory.c -- runs a Lua function as a component factory.
**
** engine -> factory_callback -> callback_run(factory_run): the data decoded
** from its JSON text, or kept from the last render of the same text
** (data_push), the Lua function, its view table handed
** over in one call (view.c), the status back to the engine.
*/
#include <stdint.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "callback.h"
#include "ctx.h"
#include "factory.h"
#include "luajson.h"
#include "view.h"

/*
** The data cache: a component that renders again with unchanged data (after
** a state change or a script reload) gets the table decoded the time before.
** The engine names each data text with a token (sdui_call_input_text); the
** cache is a registry table
**   [1] the page the tokens belong to (the token's high 32 bits)
**   [2] the tokens seen once: a token_set (userdata), made on first use
**   [3] tables kept: token -> data
** A table is kept from a component's second render on, so a first render of
** a page keeps no more memory than before; a new page starts a new cache.
** Data given as a value (token 0) is decoded every time.
*/
enum { CACHE_PAGE = 1, CACHE_SEEN, CACHE_KEPT };

/*
** The tokens seen: open addressing on the token's bits, at most half full
** (0 marks a free slot: no token is 0). A page's first render inserts every
** component's token, so this is a C array, not a Lua table.
*/
typedef struct token_set {
    size_t count, mask; /* mask + 1 slots */
    uint64_t slot[];
} token_set;

#define TOKEN_SLOTS_MIN 64

static size_t token_slot(uint64_t token, size_t mask)
{
    return (size_t)((token * 0x9E3779B97F4A7C15u) >> 32) & mask;
}

/* Puts `token` in the set, which has room for it. */
static void token_put(token_set *set, uint64_t token)
{
    size_t i = token_slot(token, set->mask);
    while (set->slot[i] != 0)
        i = (i + 1) & set->mask;
    set->slot[i] = token;
    set->count++;
}

/* Whether `token` was seen before in the cache at `cache`; it is seen from now on. */
static int seen_before(lua_State *L, int cache, uint64_t token)
{
    lua_rawgeti(L, cache, CACHE_SEEN);
    token_set *set = lua_touserdata(L, -1);
    lua_pop(L, 1); /* the cache keeps it */
    if (set != NULL) {
        for (size_t i = token_slot(token, set->mask); set->slot[i] != 0; i = (i + 1) & set->mask) {
            if (set->slot[i] == token)
                return 1;
        }
    }
    if (set == NULL || (set->count + 1) * 2 > set->mask + 1) { /* a new set, twice as big */
        size_t slots = set == NULL ? TOKEN_SLOTS_MIN : (set->mask + 1) * 2;
        token_set *grown = lua_newuserdatauv(L, sizeof(token_set) + slots * sizeof(uint64_t), 0);
        grown->count = 0;
        grown->mask = slots - 1;
        memset(grown->slot, 0, slots * sizeof(uint64_t));
        for (size_t i = 0; set != NULL && i <= set->mask; i++) {
            if (set->slot[i] != 0)
                token_put(grown, set->slot[i]);
        }
        lua_rawseti(L, cache, CACHE_SEEN);
        set = grown;
    }
    token_put(set, token);
    return 0;
}

/* Pushes the cache's table for page `page`, making the cache (or a new one for a new page) as needed. */
static int push_cache(lua_State *L, sdui_bridge *bridge, lua_Integer page)
{
    if (bridge->data_cache != 0)
        lua_rawgeti(L, LUA_REGISTRYINDEX, bridge->data_cache);
    else {
        lua_createtable(L, 3, 0);
        lua_pushvalue(L, -1);
        bridge->data_cache = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    int cache = lua_gettop(L);
    if (lua_rawgeti(L, cache, CACHE_PAGE) != LUA_TNUMBER || lua_tointeger(L, -1) != page) {
        lua_pushinteger(L, page);
        lua_rawseti(L, cache, CACHE_PAGE);
        lua_pushnil(L);
        lua_rawseti(L, cache, CACHE_SEEN);
        lua_newtable(L);
        lua_rawseti(L, cache, CACHE_KEPT);
    }
    lua_pop(L, 1);
    return cache;
}

/*
** Pushes the component's data: decoded from the JSON text the engine keeps
** (the page's own bytes), with no value built on the engine's side, or the
** table decoded from the same text before.
*/
static void data_push(lua_State *L, sdui_bridge *bridge, sdui_call *call)
{
    const char *text;
    size_t len;
    unsigned long long token;
    if (sdui_call_input_text(call, &text, &len, &token) != SDUI_OK)
        luaL_error(L, "%s", sdui_call_errmsg(call));
    if (token == 0) {
        luajson_decode(L, text, len);
        return;
    }
    int cache = push_cache(L, bridge, (lua_Integer)(token >> 32));
    if (!seen_before(L, cache, (uint64_t)token)) { /* the first render: nothing kept, the token remembered */
        luajson_decode(L, text, len);
        lua_replace(L, cache);
        return;
    }
    lua_Integer key = (lua_Integer)token;
    lua_rawgeti(L, cache, CACHE_KEPT);
    if (lua_rawgeti(L, -1, key) == LUA_TTABLE) { /* rendered with this text before: the same table */
        lua_replace(L, cache);
        lua_settop(L, cache);
        return;
    }
    lua_pop(L, 1); /* the kept tables at the top again */
    luajson_decode(L, text, len);
    if (lua_type(L, -1) == LUA_TTABLE) { /* the second render: kept from now on */
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, key);
    }
    lua_replace(L, cache);
    lua_settop(L, cache);
}

/* Protected part: fn(data, ctx) -> view table. */
static int factory_run(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    sdui_call *call = cb->bridge->call;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    int fn = lua_gettop(L);
    lua_pushvalue(L, fn); /* kept: a view over the limits names where it was defined */
    data_push(L, cb->bridge, call);
    ctx_push(L, cb->bridge, CTX_FACTORY, cb->name, NULL);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return luaL_error(L, "factory for \"%s\" returned %s, expected a view table",
                          cb->name, luaL_typename(L, -1));
    view_return(L, cb->bridge, call, lua_gettop(L), fn);
    return 0;
}

static int factory_callback(sdui_call *call, void *userdata)
{
    return callback_run(call, userdata, factory_run);
}

/* A script's factory: its last good version stands in when it fails. */
static int factory_callback_kept(sdui_call *call, void *userdata)
{
    return callback_run_kept(call, userdata, factory_run, KEPT_FACTORY);
}

int factory_register(sdui_bridge *bridge, lua_State *L, const char *type, int fn)
{
    callback *cb = callback_new(bridge, L, fn, type, NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_component(bridge->engine, type, factory_callback, cb,
                                                              callback_destroy));
}

int factory_register_kept(sdui_bridge *bridge, lua_State *L, const char *type, int fn, int versions)
{
    callback *cb = callback_new_kept(bridge, L, fn, type, versions);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_register_component(bridge->engine, type, factory_callback_kept, cb,
                                                              callback_destroy));
}
