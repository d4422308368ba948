/*
** module_reactive.c -- the engine's methods of sdui.h's "Reactive": what
** changed on the screen (patches, the patch listener, the images),
** subscriptions to services' state, and middleware around actions.
*/
#include <lauxlib.h>
#include <lua.h>

#include "module.h"
#include "reactive.h"

/* e:patches() -> {patches = {...}, images = {added = {...}, removed = {...}}}; moves the baseline. */
static int engine_patches(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_patches_json, 1);
}

/* e:patches_json() -> the same as JSON text. */
static int engine_patches_json(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_patches_json, 0);
}

/*
** e:on_patches(fn | nil): fn(patches_table) runs at the end of every call
** that changed the screen, with what e:patches() would have returned (it
** moves the baseline the same way). The engine is locked meanwhile: engine
** calls from fn return nil, message. An error fn raises is dropped with a
** Lua warning. nil removes the listener.
*/
static int engine_on_patches(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, reactive_set_patch_listener(&e->bridge, L, module_opt_function(L, 2)));
}

/* e:images() -> the sorted image URLs on the current screen. */
static int engine_images(lua_State *L)
{
    return module_output(L, module_check_engine(L), sdui_images_json, 1);
}

/* Pushes an id stored by the engine, or nil, message. */
static int id_result(lua_State *L, lua_engine *e, int status, long long id)
{
    if (status != SDUI_OK)
        return module_fail(L, e);
    lua_pushinteger(L, (lua_Integer)id);
    return 1;
}

/*
** e:subscribe(service, path | nil, fn) -> id: fn(value, ctx) runs once per
** dispatch round in which the value at path changed (and when the service
** is created); value is nil when gone; ctx.service, ctx.path, ctx.state,
** ctx.dispatch (queued: runs as the next round).
*/
static int engine_subscribe(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    const char *service = module_check_cstring(L, 2);
    const char *path = module_opt_cstring(L, 3);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    long long id = 0;
    int status = reactive_subscribe(&e->bridge, L, service, path, 4, &id);
    return id_result(L, e, status, id);
}

/* e:unsubscribe(id) -> true, or nil, message for an unknown id. */
static int engine_unsubscribe(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, sdui_unsubscribe(e->engine, (long long)luaL_checkinteger(L, 2)));
}

/*
** e:middleware(fn) -> id: fn(phase, action, ctx) sees every action "before"
** and "after" its handler, in order of addition; raising fails the
** dispatch and rolls it back (a guard).
*/
static int engine_middleware(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    long long id = 0;
    int status = reactive_add_middleware(&e->bridge, L, 2, &id);
    return id_result(L, e, status, id);
}

/* e:remove_middleware(id) -> true, or nil, message for an unknown id. */
static int engine_remove_middleware(lua_State *L)
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, sdui_remove_middleware(e->engine, (long long)luaL_checkinteger(L, 2)));
}

const luaL_Reg module_reactive_methods[] = {
    {"patches", engine_patches},
    {"patches_json", engine_patches_json},
    {"on_patches", engine_on_patches},
    {"images", engine_images},
    {"subscribe", engine_subscribe},
    {"unsubscribe", engine_unsubscribe},
    {"middleware", engine_middleware},
    {"remove_middleware", engine_remove_middleware},
    {NULL, NULL},
};
