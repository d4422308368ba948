/*
** reactive.h -- Lua functions as the engine's reactive callbacks: effect
** performers, subscribers, middleware and the patch listener.
*/
#ifndef SDUI_LUA_REACTIVE_H
#define SDUI_LUA_REACTIVE_H

#include <lua.h>

#include "bridge.h"

/*
** The Lua function at index `fn` becomes the performer of effect `type`, a
** subscriber of `service` at `path` (NULL: the whole state), a middleware,
** or the engine's patch listener (fn == 0 removes it). Subscriptions and
** middleware store their id in *id. Returns an sdui status; the message is
** in sdui_errmsg(). Raises only on memory errors.
*/
int reactive_register_effect(sdui_bridge *bridge, lua_State *L, const char *type, int fn);
int reactive_subscribe(sdui_bridge *bridge, lua_State *L, const char *service, const char *path, int fn,
                       long long *id);
int reactive_add_middleware(sdui_bridge *bridge, lua_State *L, int fn, long long *id);
int reactive_set_patch_listener(sdui_bridge *bridge, lua_State *L, int fn);

#endif
