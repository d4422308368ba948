/*
** module_state.c -- the engine's method of sdui.h's "State": a service's
** state, or the value at a path in it.
*/
#include <lua.h>

#include "module.h"

/* e:state(service [, path]) */
static int engine_state(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *service = module_check_cstring(L, 2);
    const char *path = module_opt_cstring(L, 3);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = sdui_state_json(e->engine, service, path, box, &len);
    return module_push_output(L, e, status, box, len, 1);
}

const luaL_Reg module_state_methods[] = {
    {"state", engine_state},
    {NULL, NULL},
};
