/*
** module_counters.c -- the engine's method of sdui.h's "Counters": how
** much work the engine did (factory runs, renders, actions, layouts, saves).
*/
#include <stddef.h>

#include <lua.h>

#include "module.h"

/* e:counters() -> {factory_runs =, renders =, actions =, layouts =, saves =}, or nil, message inside a callback */
static int engine_counters(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    static const struct {
        const char *name;
        int which;
    } counters[] = {
        {"factory_runs", SDUI_COUNTER_FACTORY_RUNS},
        {"renders", SDUI_COUNTER_RENDERS},
        {"actions", SDUI_COUNTER_ACTIONS},
        {"layouts", SDUI_COUNTER_LAYOUTS},
        {"saves", SDUI_COUNTER_SAVES},
    };
    lua_createtable(L, 0, (int)(sizeof counters / sizeof counters[0]));
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        long long value = sdui_counter(e->engine, counters[i].which);
        if (value < 0)
            return module_fail(L, e);
        lua_pushinteger(L, (lua_Integer)value);
        lua_setfield(L, -2, counters[i].name);
    }
    return 1;
}

const luaL_Reg module_counters_methods[] = {
    {"counters", engine_counters},
    {NULL, NULL},
};
