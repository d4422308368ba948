/*
** module_effects.c -- the engine's methods of sdui.h's "Effects": the
** performers of effects, finishing an effect, and engine time (tick, the
** next delayed action).
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"
#include "reactive.h"

/*
** e:effect(type, fn): fn(effect, ctx) performs the effects of `type` once
** their dispatch committed; effect.id names it for e:finish_effect;
** ctx.finish(ok, result) finishes it at once, ctx.dispatch queues an action.
** Registering a type again replaces the performer; e:effect(type, nil)
** removes it.
*/
static int engine_effect(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *type = module_check_cstring(L, 2);
    if (lua_isnoneornil(L, 3))
        return module_result(L, e, sdui_unregister_effect(e->engine, type));
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return module_result(L, e, reactive_register_effect(&e->bridge, L, type, 3));
}

/*
** e:finish_effect(id, ok [, result]) -> true: dispatches the pending
** effect's on_success (ok true) or on_failure action with result (nil for
** null) in payload.result; nil, message for an unknown id or a failing chain.
*/
static int engine_finish_effect(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    lua_Integer id = luaL_checkinteger(L, 2);
    luaL_checkany(L, 3);
    int ok = lua_toboolean(L, 3);
    const char *json = NULL;
    size_t len = 0;
    if (!lua_isnoneornil(L, 4))
        json = module_value_arg(L, 4, &len);
    return module_result(L, e, sdui_finish_effect(e->engine, (long long)id, ok, json, len));
}

/* e:tick(now_ms) -> how many delayed actions ran: engine time moves to now_ms (never back). */
static int engine_tick(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    lua_Integer now = luaL_checkinteger(L, 2);
    int fired = 0;
    if (sdui_tick(e->engine, (long long)now, &fired) != SDUI_OK)
        return module_fail(L, e);
    lua_pushinteger(L, fired);
    return 1;
}

/* e:next_timer() -> milliseconds until the next delayed action is due, or nil when none waits. */
static int engine_next_timer(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    long long next = sdui_next_timer(e->engine);
    if (next < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, (lua_Integer)next);
    return 1;
}

const luaL_Reg module_effects_methods[] = {
    {"effect", engine_effect},
    {"finish_effect", engine_finish_effect},
    {"tick", engine_tick},
    {"next_timer", engine_next_timer},
    {NULL, NULL},
};
