/*
** module_navigation.c -- the engine's methods of sdui.h's "Navigation":
** opening a route, going back, and the stack of pages.
*/
#include <lua.h>

#include "module.h"

/*
** e:navigate(route) -> true: opens route, asking the "navigation/fetch"
** performer (e:effect) for its page; the page is on top of the stack when
** the performer finished the effect at once. nil, message when it cannot
** (no performer, a failed fetch, a bad page): the stack is as it was.
*/
static int engine_navigate(lua_State *L)
{
    return module_string_call(L, sdui_navigate);
}

/*
** e:back() -> offset: shows the page below the current one as it was left
** and returns its viewport offset (its scroll position, 0 without a
** viewport); nil, message on the root.
*/
static int engine_back(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    double offset = 0;
    if (sdui_back(e->engine, &offset) != SDUI_OK)
        return module_fail(L, e);
    lua_pushnumber(L, offset);
    return 1;
}

/* e:route() -> the current page's route, or nil when it has none. */
static int engine_route(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    char *out = NULL;
    size_t len = 0;
    if (sdui_navigation_route(e->engine, &out, &len) != SDUI_OK) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushlstring(L, out, len);
    sdui_free(out);
    return 1;
}

/* e:depth() -> the pages on the navigation stack, the current one included. */
static int engine_depth(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    long long depth = sdui_navigation_depth(e->engine);
    if (depth < 0)
        return module_fail(L, e);
    lua_pushinteger(L, (lua_Integer)depth);
    return 1;
}

const luaL_Reg module_navigation_methods[] = {
    {"navigate", engine_navigate},
    {"back", engine_back},
    {"route", engine_route},
    {"depth", engine_depth},
    {NULL, NULL},
};
