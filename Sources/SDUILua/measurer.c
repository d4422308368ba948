/*
** measurer.c -- runs a Lua function as the engine's text measurer. It has
** no ctx and no status worth an error: a failing measurer measures 0 x 0,
** after a Lua warning, as the header says.
*/
#include <lauxlib.h>
#include <lua.h>

#include "callback.h"
#include "measurer.h"

typedef struct measure_args {
    callback *cb;
    const char *text;
    size_t len;
    const char *font;
    double max_width;
    double width, height;
} measure_args;

/* Protected part of the measurer: width, height = fn(text, font, max_width). */
static int measure_run(lua_State *L)
{
    measure_args *args = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, args->cb->ref);
    lua_pushlstring(L, args->text, args->len);
    if (args->font != NULL)
        lua_pushstring(L, args->font);
    else
        lua_pushnil(L);
    if (args->max_width >= 0)
        lua_pushnumber(L, args->max_width);
    else
        lua_pushnil(L);
    lua_call(L, 3, 2);
    args->width = luaL_checknumber(L, -2);
    args->height = luaL_checknumber(L, -1);
    return 0;
}

/* The engine's sdui_measure_fn for a Lua measurer. */
static int measure_callback(const char *text, size_t len, const char *font, double max_width, double *width,
                            double *height, void *userdata)
{
    measure_args args = {userdata, text, len, font, max_width, 0, 0};
    sdui_bridge *bridge = args.cb->bridge;
    lua_State *L = bridge->L;
    if (!lua_checkstack(L, 8))
        return SDUI_ERROR;
    lua_pushcfunction(L, measure_run);
    lua_pushlightuserdata(L, &args);
    bridge->depth++; /* e:close() refused while the engine lays out */
    int status = lua_pcall(L, 1, 0, 0);
    bridge->depth--;
    if (status != LUA_OK) {
        callback_warn(L, "sdui: the measurer failed: ");
        return SDUI_ECALLBACK;
    }
    *width = args.width;
    *height = args.height;
    return SDUI_OK;
}

int measurer_set(sdui_bridge *bridge, lua_State *L, int fn)
{
    if (fn == 0)
        return sdui_set_measurer(bridge->engine, NULL, NULL, NULL);
    callback *cb = callback_new(bridge, L, fn, "", NULL);
    if (cb == NULL)
        return SDUI_ENOMEM;
    return callback_registered(L, cb, sdui_set_measurer(bridge->engine, measure_callback, cb, callback_destroy));
}
