/*
** module_pages.c -- the engine's methods of sdui.h's "Pages": the page
** shown and the capabilities its requirements are checked against.
*/
#include <lua.h>

#include "module.h"

/* e:load_page(json_string_or_table) */
static int engine_load_page(lua_State *L)
{
    return module_json_call(L, sdui_load_page);
}

/* e:capabilities(table_or_json): replaces the host's declared capabilities,
** {name = "MAJOR.MINOR[.PATCH]"} (sdui_set_capabilities) */
static int engine_capabilities(lua_State *L)
{
    return module_json_call(L, sdui_set_capabilities);
}

const luaL_Reg module_pages_methods[] = {
    {"load_page", engine_load_page},
    {"capabilities", engine_capabilities},
    {NULL, NULL},
};
