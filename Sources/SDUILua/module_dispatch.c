/*
** module_dispatch.c -- the engine's methods of sdui.h's "Dispatch": an
** action, an input's value, a press on a node.
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"

/* e:dispatch(action_table_or_json) */
static int engine_dispatch(lua_State *L)
{
    return module_json_call(L, sdui_dispatch);
}

/* e:set_input(node_id, value [, seq]): the bound input's value (sdui_set_input),
** its text: a string (a number raises, whatever the input's kind: "7", not 7);
** with seq, an integer, the host's number for this edit (sdui_set_input_seq) */
static int engine_set_input(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *id = module_check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TSTRING);
    size_t len;
    const char *value = lua_tolstring(L, 3, &len);
    if (lua_isnoneornil(L, 4))
        return module_result(L, e, sdui_set_input(e->engine, id, value, len));
    lua_Integer seq = luaL_checkinteger(L, 4);
    return module_result(L, e, sdui_set_input_seq(e->engine, id, value, len, (long long)seq));
}

/* e:press(node_id): the node's action, with the inputs it asks for (sdui_press) */
static int engine_press(lua_State *L)
{
    return module_string_call(L, sdui_press);
}

const luaL_Reg module_dispatch_methods[] = {
    {"dispatch", engine_dispatch},
    {"set_input", engine_set_input},
    {"press", engine_press},
    {NULL, NULL},
};
