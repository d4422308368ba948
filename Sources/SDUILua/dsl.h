/*
** dsl.h -- the view DSL's common forms built in C.
**
** The DSL (lua/sdui/ui.lua) checks every node it builds, in Lua. In the
** script host every Lua instruction also passes the budget's count hook, so
** its most frequent calls cost a factory more than the factory's own code.
** dsl_install replaces the builders of the DSL table with C functions that
** build the common, plainly valid forms themselves (ui.text(s), ui.text(s,
** font), ui.vstack{node, node}, ui.hstack{children = list}, ui.button{
** "Label", action = a}, ui.spacer()...) as exactly the tables the Lua
** builder would return, and hand every other call to the Lua builder; an
** error the Lua builder raises names the script line that called it, as
** before.
*/
#ifndef SDUI_LUA_DSL_H
#define SDUI_LUA_DSL_H

#include <lua.h>

/*
** Replaces the builders of the DSL table at index `ui` by their C fast
** forms, for the kinds the contract table at index `contract` describes
** (its `kinds` and `action_members`, lua/sdui/contract.lua). A
** lua_CFunction's helper: may raise (memory).
*/
void dsl_install(lua_State *L, int ui, int contract);

#endif
