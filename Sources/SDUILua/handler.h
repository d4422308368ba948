/*
** handler.h -- Lua functions as action handlers: fn(state, payload, ctx)
** changes the service's state in place or returns a new one.
*/
#ifndef SDUI_LUA_HANDLER_H
#define SDUI_LUA_HANDLER_H

#include <lua.h>

#include "bridge.h"

/*
** Registers the Lua function at index `fn` as the handler of action `type`
** ("service/name"). Returns an sdui status; the message is in
** sdui_errmsg(). Raises only on memory errors.
*/
int handler_register(sdui_bridge *bridge, lua_State *L, const char *type, int fn);

/*
** The same for a script's function (the script host), with the versions
** record of its type at index `versions` (callback.h): when it fails at run
** time, its last good version runs in its place.
*/
int handler_register_kept(sdui_bridge *bridge, lua_State *L, const char *type, int fn, int versions);

#endif
