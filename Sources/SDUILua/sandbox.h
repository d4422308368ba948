/*
** sandbox.h -- what scripts run inside: a Lua state whose memory is capped,
** a vetted set of globals behind a fresh _ENV for each chunk, and a
** `require` that finds modules only in the script folder (or "sdui.ui").
*/
#ifndef SDUI_LUA_SANDBOX_H
#define SDUI_LUA_SANDBOX_H

#include <stddef.h>

#include <lua.h>

#include "scripthost.h"

/*
** lua_Alloc for the script state (ud: the scripts record): blocks come
** from s->pool (release it after lua_close); refusing a block past
** s->memory_limit makes Lua raise a memory error.
*/
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/*
** Protected (lua_pcall it with the scripts record as light userdata
** argument 1): opens the safe libraries and builds the sandbox.
*/
int sandbox_open(lua_State *L);

/*
** Pushes the text chunk in the file at `path` (`shown` in chunk names and
** messages) loaded with a fresh environment that reads through to the
** sandbox; raises on failure.
*/
void sandbox_load(lua_State *L, const char *path, const char *shown);

/* Empties the module cache and the list of watched modules, so the next round requires them afresh. */
void sandbox_reset_modules(scripts *s);

#endif
