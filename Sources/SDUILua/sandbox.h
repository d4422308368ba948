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
** lua_Alloc for a script's state (ud: its script record): blocks come from
** item->pool (release it after lua_close) and are charged to the script
** and to its host's total; a block past the size limit, the script's cap
** or the total cap is refused (Lua then raises a memory error), and
** item->refused_by says which.
*/
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/*
** Protected (lua_pcall it with the script record as light userdata
** argument 1): opens the safe libraries and builds the pristine sandbox
** that every chunk's environment is copied from.
*/
int sandbox_open(lua_State *L);

/*
** Pushes the text chunk in the file at `path` (`shown` in chunk names and
** messages) loaded with a fresh environment of its own: fresh copies of
** the sandbox's globals and libraries, shared with nothing; raises on failure.
*/
void sandbox_load(lua_State *L, const char *path, const char *shown);

/* Empties L's module cache, so that the next `require` of each module runs it afresh. */
void sandbox_reset_modules(lua_State *L);

#endif
