/*
** measurer.h -- a Lua function as the engine's text measurer for layout.
*/
#ifndef SDUI_LUA_MEASURER_H
#define SDUI_LUA_MEASURER_H

#include <lua.h>

#include "bridge.h"

/*
** The Lua function at `fn` (0: none, monospace cells again) sizes text for
** layout: w, h = fn(text, font, max_width). Returns an sdui status; the
** message is in sdui_errmsg(). Raises only on memory errors.
*/
int measurer_set(sdui_bridge *bridge, lua_State *L, int fn);

#endif
