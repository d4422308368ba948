/*
** module_floor.c -- what every section of the Lua module `sdui` uses: the
** engine at argument 1, C strings and JSON from the arguments, and the
** answers (true; a value or text the engine wrote; nil, message).
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luajson.h"
#include "module.h"

lua_engine *module_check_engine(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine == NULL)
        luaL_error(L, "attempt to use a closed sdui engine");
    e->bridge.L = L;
    return e;
}

const char *module_check_cstring(lua_State *L, int arg)
{
    size_t len;
    const char *s = luaL_checklstring(L, arg, &len);
    if (strlen(s) != len)
        luaL_argerror(L, arg, "must not contain a NUL byte (\"\\0\")");
    return s;
}

const char *module_opt_cstring(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : module_check_cstring(L, arg);
}

int module_opt_function(lua_State *L, int arg)
{
    if (lua_isnoneornil(L, arg))
        return 0;
    luaL_checktype(L, arg, LUA_TFUNCTION);
    return arg;
}

const char *module_value_arg(lua_State *L, int idx, size_t *len)
{
    luajson_pushencoded(L, idx);
    lua_replace(L, idx);
    return lua_tolstring(L, idx, len);
}

int module_fail(lua_State *L, lua_engine *e)
{
    lua_pushnil(L);
    lua_pushstring(L, sdui_errmsg(e->engine));
    return 2;
}

int module_result(lua_State *L, lua_engine *e, int status)
{
    if (status != SDUI_OK)
        return module_fail(L, e);
    lua_pushboolean(L, 1);
    return 1;
}

int module_push_output(lua_State *L, lua_engine *e, int status, char **box, size_t len, int decode)
{
    if (status != SDUI_OK)
        return module_fail(L, e);
    if (decode)
        bridge_pushdecoded(L, box, len);
    else
        lua_pushlstring(L, *box, len);
    return 1;
}

int module_output(lua_State *L, lua_engine *e, int (*fill)(sdui_engine *, char **, size_t *), int decode)
{
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    int status = fill(e->engine, box, &len);
    return module_push_output(L, e, status, box, len, decode);
}

int module_string_call(lua_State *L, int (*fn)(sdui_engine *, const char *))
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, fn(e->engine, module_check_cstring(L, 2)));
}

int module_json_status(lua_State *L, lua_engine *e, int idx, int (*fn)(sdui_engine *, const char *, size_t))
{
    size_t len;
    const char *json = bridge_json_arg(L, idx, &len);
    return fn(e->engine, json, len);
}

int module_json_call(lua_State *L, int (*fn)(sdui_engine *, const char *, size_t))
{
    lua_engine *e = module_check_engine(L);
    return module_result(L, e, module_json_status(L, e, 2, fn));
}
