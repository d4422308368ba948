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
** What a view writer may still write, counted as it writes (flat.c, and
** view.c's packer): the nodes left (one decrement a node), and which limit
** stopped it. The bytes are bounded by the buffer's `max` (packed.h).
*/
typedef struct view_count {
    long long nodes_left;
    int over; /* 0, or VIEW_OVER_NODES / VIEW_OVER_BYTES once a limit stopped the writer */
} view_count;

#define VIEW_OVER_NODES 1
#define VIEW_OVER_BYTES 2

/*
** Replaces b's contents with the view table at idx in the flat form and
** returns 1; returns 0 (b's contents unspecified) when the view is not of
** the shape written here (see flat.c) and must be packed instead, or when
** it has more nodes than `count` has left or more bytes than b->max allows
** (count->over says which: the view then goes no other way, the same
** tables would expand the same). Counts every node it writes. Leaves the
** stack as it was; never raises (but for memory errors of Lua itself).
*/
int flat_write(lua_State *L, packed_buffer *b, int idx, view_count *count);

#endif
