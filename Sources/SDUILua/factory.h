/*
** factory.h -- Lua functions as component factories: fn(data, ctx) returns
** the component's view table.
*/
#ifndef SDUI_LUA_FACTORY_H
#define SDUI_LUA_FACTORY_H

#include <lua.h>

#include "bridge.h"

/*
** Registers the Lua function at index `fn` as the factory of component
** `type`. Returns an sdui status; the message is in sdui_errmsg(). Raises
** only on memory errors.
*/
int factory_register(sdui_bridge *bridge, lua_State *L, const char *type, int fn);

/*
** The same for a script's function (the script host), with the versions
** record of its type at index `versions` (callback.h): when it fails at run
** time, its last good version runs in its place.
*/
int factory_register_kept(sdui_bridge *bridge, lua_State *L, const char *type, int fn, int versions);

#endif
