/*
** module_themes.c -- the engine's methods of sdui.h's "Themes": the theme
** views' "@token"s resolve from, and the appearance (light or dark).
*/
#include <lua.h>

#include "module.h"

/* e:set_theme(theme_table_or_json): the theme views' "@token"s resolve from (sdui_set_theme) */
static int engine_set_theme(lua_State *L)
{
    return module_json_call(L, sdui_set_theme);
}

/* e:set_appearance("light" | "dark") (sdui_set_appearance) */
static int engine_set_appearance(lua_State *L)
{
    return module_string_call(L, sdui_set_appearance);
}

/* e:appearance() -> "light" or "dark" */
static int engine_appearance(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *appearance = sdui_appearance(e->engine);
    if (appearance == NULL)
        return module_fail(L, e);
    lua_pushstring(L, appearance);
    return 1;
}

const luaL_Reg module_themes_methods[] = {
    {"set_theme", engine_set_theme},
    {"set_appearance", engine_set_appearance},
    {"appearance", engine_appearance},
    {NULL, NULL},
};
