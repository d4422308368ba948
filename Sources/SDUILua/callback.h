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
    /* A script's factory or handler (callback_new_kept), else LUA_NOREF: */
    int versions;       /* its type's versions record (see below) in the registry */
    int previous;       /* its last good version in the registry; LUA_NOREF for none */
    int succeeded;      /* it ran without failing at least once (noted in the record then) */
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
** Versions of a script's factory or handler (the script host): the record
** of its type, a table kept by the loader across reloads:
**   [1] the current function, [2] true once it ran without failing,
**   [3] true once it failed, [4] the last good version (or nil): a function
**   that was current before a reload, ran and never failed.
** callback_new_kept is callback_new for such a function: the record is
** linked to the versions record at index `record` and to its last good
** version. NULL (reported) when out of memory; raises only when the
** registry cannot grow.
*/
enum { VERSIONS_CURRENT = 1, VERSIONS_RAN, VERSIONS_FAILED, VERSIONS_GOOD };
callback *callback_new_kept(sdui_bridge *bridge, lua_State *L, int index, const char *name, int record);

/*
** callback_run for a record with versions: marks the record the first time
** the function succeeds and whenever it fails. When it fails and a last good
** version exists, takes back what it did (sdui_call_rollback) and runs the
** last good version in its place; if that succeeds, returns SDUI_OK and
** reports the failure with sdui_call_warn(): the message, then what
** replaced it (by `kind`, a factory's names its component). Otherwise it
** fails as callback_run would, with the current version's message.
*/
enum { KEPT_FACTORY, KEPT_HANDLER };
int callback_run_kept(sdui_call *call, callback *cb, lua_CFunction run, int kind);

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
