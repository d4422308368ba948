/*
** module_layout.c -- the engine's methods of sdui.h's "Layout": frames at
** a width, the lazy list's viewport, the text measurer and pictures' sizes.
*/
#include <lauxlib.h>
#include <lua.h>

#include "measurer.h"
#include "module.h"

/*
** e:layout(width) -> {width=, height=, components = {{id=, y=, root = node}}}
** with node = {id=, type=, frame = {x=, y=, width=, height=}, children = {...}}.
*/
static int engine_layout(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    lua_Number width = luaL_checknumber(L, 2);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = sdui_layout_json(e->engine, (double)width, box, &len);
    return module_push_output(L, e, status, box, len, 1);
}

/*
** e:viewport(width, offset, height) -> events: sets the lazy list's window
** (only components in or near it render) and returns what appeared or
** disappeared since the last call, {{type = "appear" | "disappear", id =}...}
** top to bottom. e:viewport(nil) removes it.
*/
static int engine_viewport(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    double width = 0, offset = 0, height = 0;
    if (!lua_isnoneornil(L, 2)) {
        width = (double)luaL_checknumber(L, 2);
        offset = (double)luaL_checknumber(L, 3);
        height = (double)luaL_checknumber(L, 4);
        luaL_argcheck(L, height > 0, 4, "height must be positive (use e:viewport(nil) to remove it)");
    }
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = sdui_set_viewport(e->engine, width, offset, height, box, &len);
    return module_push_output(L, e, status, box, len, 1);
}

/* e:measurer(fn | nil): w, h = fn(text, font, max_width) sizes text; nil restores monospace cells. */
static int engine_measurer(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, measurer_set(&e->bridge, L, module_opt_function(L, 2)));
}

/* e:image_size(url, width, height): the picture at url is that size (layout units) */
static int engine_image_size(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *url = module_check_cstring(L, 2);
    double width = (double)luaL_checknumber(L, 3), height = (double)luaL_checknumber(L, 4);
    return module_result(L, e, sdui_set_image_size(e->engine, url, width, height));
}

/* e:cell_size(width, height): the size in points of the default measurer's
** monospace cell, as a terminal host lays out in points (sdui_set_cell_size) */
static int engine_cell_size(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    double width = (double)luaL_checknumber(L, 2), height = (double)luaL_checknumber(L, 3);
    return module_result(L, e, sdui_set_cell_size(e->engine, width, height));
}

const luaL_Reg module_layout_methods[] = {
    {"layout", engine_layout},
    {"viewport", engine_viewport},
    {"measurer", engine_measurer},
    {"image_size", engine_image_size},
    {"cell_size", engine_cell_size},
    {NULL, NULL},
};
