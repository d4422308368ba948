/*
** module_render.c -- the engine's methods of sdui.h's "Render": the screen
** as Lua values, as JSON or as text, one component of it, and the
** diagnostics of the last render.
*/
#include <lua.h>

#include "module.h"

/* e:render() -> the screen: {id =, version =, components = {{id =, type =, view =}...}} */
static int engine_render(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_render_json, 1);
}

/* e:render_json() -> the screen as JSON text */
static int engine_render_json(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_render_json, 0);
}

/* e:component_view(id) -> {id, type, view}; e:component_json(id) -> its JSON text */
static int component_output(lua_State *L, int decode)
{
    lua_engine *e = module_check_engine(L);
    const char *id = module_check_cstring(L, 2);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = sdui_component_json(e->engine, id, box, &len);
    return module_push_output(L, e, status, box, len, decode);
}

static int engine_component_view(lua_State *L)
{
    return component_output(L, 1);
}

static int engine_component_json(lua_State *L)
{
    return component_output(L, 0);
}

/* e:render_text() -> the screen as plain text */
static int engine_render_text(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_render_text, 0);
}

/* e:diagnostics() -> the last render's {{severity =, code =, component =, message =}...} */
static int engine_diagnostics(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_diagnostics_json, 1);
}

const luaL_Reg module_render_methods[] = {
    {"render", engine_render},
    {"render_json", engine_render_json},
    {"component_view", engine_component_view},
    {"component_json", engine_component_json},
    {"render_text", engine_render_text},
    {"diagnostics", engine_diagnostics},
    {NULL, NULL},
};
