/*
** module_hosts.c -- the engine's methods of sdui.h's "Hosts" (the host
** contract): a component's measured height and both appearances' values.
** An acknowledged edit is e:set_input's seq (module_dispatch.c).
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"

/* e:component_height(id, height): the height a natively laid-out host
** measured component id at, in points (sdui_set_component_height) */
static int engine_component_height(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *id = module_check_cstring(L, 2);
    double height = (double)luaL_checknumber(L, 3);
    return module_result(L, e, sdui_set_component_height(e->engine, id, height));
}

/* e:theme_values("light" | "dark") -> {["color:NAME"] = value, ...}: the
** theme's values under that appearance, whichever is in force (sdui_theme_values_json) */
static int engine_theme_values(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *appearance = module_check_cstring(L, 2);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = sdui_theme_values_json(e->engine, appearance, box, &len);
    return module_push_output(L, e, status, box, len, 1);
}

const luaL_Reg module_hosts_methods[] = {
    {"component_height", engine_component_height},
    {"theme_values", engine_theme_values},
    {NULL, NULL},
};
