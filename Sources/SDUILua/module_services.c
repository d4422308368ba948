/*
** module_services.c -- the engine's method of sdui.h's "Services": a named
** service and its initial state.
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"

/* e:service(name, initial) */
static int engine_service(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *name = module_check_cstring(L, 2);
    luaL_checkany(L, 3);
    size_t len;
    const char *json = module_value_arg(L, 3, &len);
    return module_result(L, e, sdui_register_service(e->engine, name, json, len));
}

const luaL_Reg module_services_methods[] = {
    {"service", engine_service},
    {NULL, NULL},
};
