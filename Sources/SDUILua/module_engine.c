/*
** module_engine.c -- sdui.h's "Engine" for Lua: sdui.engine([options])
** makes an engine object; e:close(), __close and __gc free it.
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"

/* Frees e's engine and its bridge now (e is closed from then on). */
static void free_engine(lua_State *L, lua_engine *e)
{
    sdui_engine *engine = e->engine;
    e->engine = NULL;
    sdui_engine_free(engine);
    bridge_close(&e->bridge, L);
}

/*
** e:close(), __close and __gc: frees the engine; safe to call twice.
** Refused (raises) from inside one of the engine's own Lua callbacks.
*/
static int engine_close(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine != NULL && e->bridge.depth > 0)
        return luaL_error(L, "cannot close an sdui engine from inside one of its callbacks");
    if (e->engine != NULL) {
        e->bridge.L = L;
        free_engine(L, e);
    }
    return 0;
}

/* tostring(e) -> "sdui.engine (0x...)" or "sdui.engine (closed)" */
static int engine_tostring(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine == NULL)
        lua_pushstring(L, "sdui.engine (closed)");
    else
        lua_pushfstring(L, "sdui.engine (%p)", (void *)e->engine);
    return 1;
}

/* module_apply_options under lua_pcall: (options, engine). */
static int apply_options_run(lua_State *L)
{
    module_apply_options(L, lua_touserdata(L, 2));
    return 0;
}

/* sdui.engine([options]) */
int module_engine_new(lua_State *L)
{
    if (!lua_isnoneornil(L, 1))
        luaL_checktype(L, 1, LUA_TTABLE);
    lua_engine *e = lua_newuserdatauv(L, sizeof *e, 0);
    e->engine = NULL;
    luaL_setmetatable(L, ENGINE_MT);
    e->engine = sdui_engine_new();
    if (e->engine == NULL)
        return luaL_error(L, "sdui.engine: out of memory");
    bridge_init(&e->bridge, e->engine, L);
    if (lua_istable(L, 1)) {
        lua_pushcfunction(L, apply_options_run);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, -3);
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            /* The engine goes now, not when collected: a state folder it
               holds (state_dir) is free for the next engine at once. */
            free_engine(L, e);
            return lua_error(L);
        }
    }
    return 1;
}

const luaL_Reg module_engine_methods[] = {
    {"close", engine_close},
    {NULL, NULL},
};

const luaL_Reg module_engine_metamethods[] = {
    {"__gc", engine_close},
    {"__close", engine_close},
    {"__tostring", engine_tostring},
    {NULL, NULL},
};
