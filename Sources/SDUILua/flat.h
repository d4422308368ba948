/*
** flat.h -- a factory's view table written in the form the engine keeps
** views in (sdui_call_return_flat in sdui_binding.h), for view.c: the
** fastest way a view goes to the engine, for views of the common shape.
*/
#ifndef SDUI_LUA_FLAT_H
#define SDUI_LUA_FLAT_H

#include <lua.h>

#include "packed.h"

/*
** Replaces b's contents with the view table at idx in the flat form and
** returns 1; returns 0 (b's contents unspecified) when the view is not of
** the shape written here (see flat.c) and must be packed instead. Leaves
** the stack as it was; never raises (but for memory errors of Lua itself).
*/
int flat_write(lua_State *L, packed_buffer *b, int idx);

#endif
