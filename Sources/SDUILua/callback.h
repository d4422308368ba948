/*
** callback.h -- a Lua function registered with the engine, and the one way
** the engine's C callbacks enter Lua: under lua_pcall, with the failure
** turned into a status. The files of the kinds of callback (factory.c,
** handler.c, reactive.c, measurer.c) are built on it.
*/
#ifndef SDUI_LUA_CALLBACK_H
#define SDUI_LUA_CALLBACK_H

#include <lua.h>

#include "bridge.h"

/* One registered Lua function: which bridge runs it and where it is kept. */
typedef struct callback {
    sdui_bridge *bridge;
    int ref;            /* the function in the registry */
    char name[];        /* component, action or effect type, or service; then a
                           subscriber's path after the NUL ("" for none) */
} callback;

/*
** A record for the Lua function at `index`, named `name` (and `path`, kept
** after the name's NUL; NULL for none). Returns NULL, reported, when out of
** memory; raises only when the registry cannot grow.
*/
callback *callback_new(sdui_bridge *bridge, lua_State *L, int index, const char *name, const char *path);

/* The engine's destroy callback for a record: releases the function's registry slot, then the record. */
void callback_destroy(void *userdata);

/*
** After a registration that gave the engine `cb` and returned `status`: on
** failure the engine kept nothing, so the record goes. Returns status.
*/
int callback_registered(lua_State *L, callback *cb, int status);

/*
** Runs `run` under lua_pcall for the engine's callback `call`, with `cb` as
** light userdata argument 1 and bridge->call set to `call`, numbered anew;
** turns its failure into the call's error and SDUI_ECALLBACK.
*/
int callback_run(sdui_call *call, callback *cb, lua_CFunction run);

/*
** Pushes the call's input (data, payload, value, effect) as a Lua value,
** built from its packed form (no JSON text in between). Raises on errors.
*/
void callback_pushinput(lua_State *L, sdui_call *call);

/*
** Reports the failure of a callback that has no status to return as a Lua
** warning: `prefix` then the message at the top, which it pops.
*/
void callback_warn(lua_State *L, const char *prefix);

#endif
