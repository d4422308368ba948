/*
** module_json.c -- sdui.json: the binding's JSON codec (luajson.c) for Lua
** programs, answering bad input with nil and the codec's message.
*/
#include <lauxlib.h>
#include <lua.h>

#include "luajson.h"
#include "module.h"

/* Run under lua_pcall by json_call (the codec raises): the JSON text at 1 decoded. */
static int json_decode_run(lua_State *L)
{
    size_t len;
    const char *text = lua_tolstring(L, 1, &len);
    luajson_decode(L, text, len);
    return 1;
}

/* Run under lua_pcall by json_call: the value at 1 encoded as JSON text. */
static int json_encode_run(lua_State *L)
{
    luajson_pushencoded(L, 1);
    return 1;
}

/* Runs `run` on the argument: its result, or nil and the codec's message. */
static int json_call(lua_State *L, lua_CFunction run)
{
    lua_pushcfunction(L, run);
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        if (lua_type(L, -1) != LUA_TSTRING)
            return lua_error(L); /* a memory error, say: not the caller's input */
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

/* sdui.json.decode(text) -> value, or nil and "invalid JSON at byte N" */
static int json_decode(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TSTRING);
    return json_call(L, json_decode_run);
}

/* sdui.json.encode(value) -> compact JSON text (object keys sorted), or nil and why */
static int json_encode(lua_State *L)
{
    luaL_checkany(L, 1);
    return json_call(L, json_encode_run);
}

const luaL_Reg module_json_functions[] = {
    {"decode", json_decode},
    {"encode", json_encode},
    {NULL, NULL},
};
