/*
** view.h -- hands a factory's view table to the engine through the node
** builder (sdui_call_begin/member/end), with no JSON text in between.
*/
#ifndef SDUI_LUA_VIEW_H
#define SDUI_LUA_VIEW_H

#include <lua.h>

#include "bridge.h"
#include "sdui_binding.h"

/*
** Sets the view table at idx as the call's result. Tables of the usual shape
** (string keys; string members; "children" a sequence of nodes; other
** members packed through the bridge's scratch buffer) go through the node
** builder; anything else, and any table the engine rejects, goes
** through the JSON path instead, whose error ("invalid view at $.path: ...")
** is raised as a Lua error. Runs inside a protected call.
*/
void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx);

#endif
