/*
** ctx.h -- the `ctx` table a Lua callback receives: what it may do through
** the sdui_call of its callback (read state, queue actions, emit and
** finish effects), as Lua functions.
*/
#ifndef SDUI_LUA_CTX_H
#define SDUI_LUA_CTX_H

#include <lua.h>

#include "bridge.h"

/* The kinds of callback a ctx is made for; each gets its own members. */
typedef enum ctx_kind {
    CTX_FACTORY,    /* type, id, state */
    CTX_HANDLER,    /* type, service, state, dispatch, emit, after, request */
    CTX_SUBSCRIBER, /* service, path, state, dispatch */
    CTX_MIDDLEWARE, /* type, state */
    CTX_PERFORMER,  /* type, state, dispatch, finish */
} ctx_kind;

/*
** Pushes the ctx table for the callback now running (bridge->call, numbered
** bridge->active). `name` is what the Lua function was registered for (the
** component or action type, the service, the effect type); `path` the
** subscriber's path or NULL. A handler's ctx.state of its own service
** first hands over the tables the handler assigned into its state. Every
** function in it raises once its callback has returned, and so does a
** factory's ctx.id first read then (it is made on first read).
*/
void ctx_push(lua_State *L, sdui_bridge *bridge, ctx_kind kind, const char *name, const char *path);

#endif
