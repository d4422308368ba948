/*
** module_callbacks.c -- the engine's methods of sdui.h's "Callbacks": Lua
** functions as the factories of component types and the handlers of
** action types.
*/
#include <lauxlib.h>
#include <lua.h>

#include "factory.h"
#include "handler.h"
#include "module.h"

/* e:component(type, fn) */
static int engine_component(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *type = module_check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return module_result(L, e, factory_register(&e->bridge, L, type, 3));
}

/* e:action(type, fn) */
static int engine_action(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *type = module_check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return module_result(L, e, handler_register(&e->bridge, L, type, 3));
}

const luaL_Reg module_callbacks_methods[] = {
    {"component", engine_component},
    {"action", engine_action},
    {NULL, NULL},
};
