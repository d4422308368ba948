/*
** state.h -- the state a Lua action handler receives: the bridge's own copy
** of a service's state (its "mirror"), kept between dispatches and handed
** out as tracked tables, so a dispatch costs what the handler changes, not
** what the state holds.
**
** The tables a handler sees are views: empty tables whose metatable reads
** through to the mirror (__index is the backing table, so reads cost what
** plain table reads cost), counts (__len) and iterates (__pairs) it, and
** turns every assignment (__newindex) into sdui_call_set() at that path. A
** table assigned into the state is taken as it is when the handler returns
** (so changes made to it after the assignment count). The engine's state
** versions (sdui_call_versions()) tell when the mirror is out of date (a C
** handler, a registration or a rolled-back dispatch changed the state); it
** is then decoded again from sdui_call_json().
**
** What a view cannot do that a plain table can: next() and rawget() see an
** empty table (use pairs() and plain indexing); assigning nil to an array
** element removes it (the elements after it move down, as table.remove()),
** since a JSON array has no holes. Writing to a view anywhere but in a
** running handler of its service raises; views of a copy that was replaced
** (the state changed elsewhere) no longer reach the state at all.
*/
#ifndef SDUI_LUA_STATE_H
#define SDUI_LUA_STATE_H

#include <lua.h>

#include "bridge.h"

/*
** Pushes the mirror entry of `service` (its name is `len` bytes) and above
** it the state for the handler now running (bridge->call): its view, or the
** value itself for a state that is not a table. Returns the entry's index;
** *result is the version the state carries once the handler succeeds.
** Raises on errors, inside the handler's protected call.
*/
int state_push(lua_State *L, sdui_bridge *bridge, const char *service, size_t len, long long *result);

/*
** After the handler returned the value at `result` (`entry` and `view` are
** what state_push pushed, `version` the version it gave): hands the engine
** the tables assigned into the state, or the whole returned value when it
** is neither nil nor the view, and marks the mirror current. Raises when
** the engine rejects a value.
*/
void state_finish(lua_State *L, sdui_bridge *bridge, int entry, int view, int result, long long version);

/* Hands the engine the tables assigned into `service`'s state so far (before ctx.state reads it). */
void state_flush(lua_State *L, sdui_bridge *bridge, const char *service, size_t len);

#endif
