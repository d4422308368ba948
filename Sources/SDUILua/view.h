/*
** view.h -- hands a factory's view table to the engine in one call: in the
** engine's own flat form (flat.h, sdui_call_return_flat) when it can be,
** else packed (packed.h) into the bridge's scratch buffer for
** sdui_call_return_packed, with no JSON text in between.
*/
#ifndef SDUI_LUA_VIEW_H
#define SDUI_LUA_VIEW_H

#include <lua.h>

#include "bridge.h"
#include "sdui_binding.h"

/*
** Sets the view table at idx as the call's result. A view of the shape
** flat.c writes goes flat; a table the packer covers goes over packed;
** anything else, and any table the engine rejects, goes through the JSON
** path instead, whose error ("invalid view at $.path: ...") is raised as a
** Lua error. A view over the engine's view limits (SDUI_LIMIT_VIEW_NODES,
** SDUI_LIMIT_VIEW_BYTES), counted as it is written, raises "SCRIPT:LINE:
** the view has more nodes than the node limit of N ...", naming the line
** where the factory function at fn was defined. Runs inside a protected call.
*/
void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx, int fn);

#endif
