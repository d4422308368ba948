/*
** module_persistence.c -- the engine's methods of sdui.h's "Persistence":
** services that keep their state between runs, and where it is saved.
*/
#include <lua.h>

#include "module.h"

/* e:persist(name): the service keeps its state between runs (sdui_persist_service) */
static int engine_persist(lua_State *L)
{
    return module_string_call(L, sdui_persist_service);
}

/* e:persist_directory(path): persistent services save to path/NAME.json (sdui_persist_directory) */
static int engine_persist_directory(lua_State *L)
{
    return module_string_call(L, sdui_persist_directory);
}

const luaL_Reg module_persistence_methods[] = {
    {"persist", engine_persist},
    {"persist_directory", engine_persist_directory},
    {NULL, NULL},
};
