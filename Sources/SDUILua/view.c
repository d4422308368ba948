/*
** view.c -- a factory's view table into the engine in one call.
**
** The whole table is packed into the bridge's scratch buffer (packed.c:
** the value luajson_encode would write, without the text) and handed over
** with sdui_call_return_packed, which reads and checks the tree in one
** pass. A table the packer does not cover (a cycle, a function, deep
** nesting...) or the engine refuses goes the JSON route instead, so every
** error reads exactly as it always has: "invalid view at $.path: ...".
*/
#include "bridge.h"
#include "packed.h"
#include "view.h"

void view_return(lua_State *L, sdui_bridge *bridge, sdui_call *call, int idx)
{
    idx = lua_absindex(L, idx);
    packed_buffer *b = &bridge->scratch;
    if (packed_encode(L, idx, b) && sdui_call_return_packed(call, b->data, b->len) == SDUI_OK)
        return;
    bridge_return_json(L, call, idx, "view");
}
