/*
** module.c -- `require "sdui"`: the engine as a Lua object.
**
** The only file facing Lua as a module: luaopen_sdui assembles the engine's
** method table from the section files (module_pages.c, module_render.c, ...:
** one for each section of include/sdui.h, and module_scripts.c for
** sdui_scripts.h) over what they share (module.h, module_floor.c).
** Everything goes through the public headers (include/sdui*.h).
*/
#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "luajson.h"
#include "module.h"

/* The engine's methods, one array a section, in the order of the headers. */
static const luaL_Reg *const engine_sections[] = {
    module_engine_methods,      /* close */
    module_pages_methods,       /* load_page, capabilities */
    module_callbacks_methods,   /* component, action */
    module_services_methods,    /* service */
    module_persistence_methods, /* persist, persist_directory */
    module_dispatch_methods,    /* dispatch, set_input, press */
    module_state_methods,       /* state */
    module_themes_methods,      /* set_theme, set_appearance, appearance */
    module_render_methods,      /* render, render_json, component_view, component_json, render_text, diagnostics */
    module_reactive_methods,    /* patches, patches_json, on_patches, images, subscribe, middleware... */
    module_effects_methods,     /* effect, finish_effect, tick, next_timer */
    module_navigation_methods,  /* navigate, back, route, depth */
    module_layout_methods,      /* layout, viewport, measurer, image_size, cell_size */
    module_hosts_methods,       /* component_height, theme_values */
    module_counters_methods,    /* counters */
    module_scripts_methods,     /* sdui_scripts.h: load_scripts, reload, poll */
    NULL,
};

/* Pushes the table of every section's methods (the engine's __index). */
static void push_engine_methods(lua_State *L)
{
    int count = 0;
    for (const luaL_Reg *const *section = engine_sections; *section != NULL; section++)
        for (const luaL_Reg *method = *section; method->name != NULL; method++)
            count++;
    lua_createtable(L, 0, count);
    for (const luaL_Reg *const *section = engine_sections; *section != NULL; section++)
        luaL_setfuncs(L, *section, 0);
}

static const luaL_Reg module_functions[] = {
    {"engine", module_engine_new},
    {"array", bridge_array},
    {NULL, NULL},
};

SDUI_LUA_API int luaopen_sdui(lua_State *L)
{
    luaL_checkversion(L);
    bridge_openlib(L);
    if (luaL_newmetatable(L, ENGINE_MT)) {
        push_engine_methods(L);
        lua_setfield(L, -2, "__index");
        luaL_setfuncs(L, module_engine_metamethods, 0);
    }
    lua_pop(L, 1);

    /* `require "sdui.ui"` and "sdui.contract" work wherever sdui is loaded. */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, bridge_load_ui);
    lua_setfield(L, -2, "sdui.ui");
    lua_pushcfunction(L, bridge_load_contract);
    lua_setfield(L, -2, "sdui.contract");
    lua_pop(L, 1);

    luaL_newlib(L, module_functions);
    lua_pushstring(L, sdui_libversion());
    lua_setfield(L, -2, "version");
    luajson_pushnull(L);
    lua_setfield(L, -2, "null");
    lua_newtable(L);
    luaL_setfuncs(L, module_json_functions, 0);
    lua_setfield(L, -2, "json");
    return 1;
}
