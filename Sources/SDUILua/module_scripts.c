/*
** module_scripts.c -- the engine's methods of sdui_scripts.h: a folder of
** Lua scripts loaded into the engine, reloaded, or polled for changes.
*/
#include <lua.h>

#include "module.h"
#include "sdui_scripts.h"

/* e:load_scripts(path) */
static int engine_load_scripts(lua_State *L)
{
    return module_string_call(L, sdui_scripts_load);
}

/* e:reload() */
static int engine_reload(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, sdui_scripts_reload(e->engine));
}

/* e:poll() -> number of files reloaded */
static int engine_poll(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    int reloaded = 0;
    if (sdui_scripts_poll(e->engine, &reloaded) != SDUI_OK)
        return module_fail(L, e);
    lua_pushinteger(L, reloaded);
    return 1;
}

const luaL_Reg module_scripts_methods[] = {
    {"load_scripts", engine_load_scripts},
    {"reload", engine_reload},
    {"poll", engine_poll},
    {NULL, NULL},
};
