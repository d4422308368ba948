/*
** library.h -- the script library: every C function a script can reach,
** each with its bound (library.c; docs/robustness.md, "What a script can
** call, and how each call is bounded", lists them all).
*/
#ifndef SDUI_LUA_LIBRARY_H
#define SDUI_LUA_LIBRARY_H

#include <lua.h>

/* Bytes of one print's text, control characters escaped, before it is cut with "…". */
#define LIBRARY_PRINT_MAX 1024

/*
** Installs the bounded library in L's real global tables: every function
** of string, table, math, utf8 and coroutine that library.c does not list
** is removed, and every listed one that does work in proportion to its
** input is replaced by one that charges it (budget_charge) before doing
** it. A lua_CFunction: call it protected, once per script state, after
** budget_open and before the sandbox copies the globals.
*/
int library_open(lua_State *L);

/*
** Charges what luaL_tolstring copies for the value at idx: the __name of a
** table or userdata that has one and no __tostring (a __tostring is Lua
** code, which the hook counts). For every tostring a script can call.
*/
void library_charge_tostring(lua_State *L, int idx);

#endif
