/*
** sdui_scripts.h -- the script host: component factories and action
** handlers written in Lua, for C hosts.
**
** These functions live in libsdui_lua.so, not in libsdui.so, and need Lua
** 5.4: link -lsdui_lua -lsdui -llua5.4, or `pkg-config --libs sdui`.
** libsdui.so itself never links Lua, and a host that runs no scripts needs
** only sdui.h and libsdui.so. libsdui_lua.so is also the Lua module "sdui"
** (luaopen_sdui, for `require "sdui"` in a Lua program); it does not link
** liblua itself: the host program provides Lua.
**
** Everything else (the engine, statuses, sdui_errmsg(), the conventions on
** strings, buffers and threads) is sdui.h's, which this header includes.
** The implementation is Sources/SDUILua/scripts.c.
*/
#ifndef SDUI_SCRIPTS_H
#define SDUI_SCRIPTS_H

#include "sdui.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** Scripts: what a script is and what it may do
**
** The script host. Component factories and action handlers written in Lua,
** run in a Lua state that the engine owns. These functions live in
** libsdui_lua.so (link -lsdui_lua -lsdui -llua5.4, or `pkg-config --libs
** sdui`); libsdui.so itself never links Lua.
**
** A script is a Lua text file (never bytecode) that returns a table:
**
**   local ui = require "sdui.ui"
**   return {
**     services   = { favorites = {} },            -- created if missing
**     components = { MovieCard = function(data, ctx) return ui.text(data.title) end },
**     actions    = { ["favorites/toggle"] = function(state, payload, ctx) ... end },
**     effects    = { request = function(effect, ctx) ... end },  -- performers
**   }
**
** Scripts run in a sandbox: no io, os (but os.time, os.clock, os.date),
** debug, load, loadfile, dofile, string.dump, collectgarbage (but
** "count"); `require` finds only "sdui.ui" and modules inside the script
** folder. Every script run and every callback has an instruction budget,
** and the whole state a memory cap (sdui_scripts_limit()).
**
** A script that fails to compile or to run, or returns something else than
** such a table, changes nothing: the previous version of its components and
** actions stays live, and the error reads "file:line: message". A factory
** that raises renders an "error" node for its component only; a handler
** that raises fails the dispatch and rolls it back. A handler's `state` is
** a view over the host's copy of the service's state (kept between
** dispatches, refreshed when sdui_call_versions() (sdui_binding.h) says it is out of date):
** each assignment into it is an sdui_call_set() at its path; returning
** another table replaces the state whole. Service state is never
** touched by (re)loading, except that a service a script declares is
** created when it does not exist yet. Components, actions and effects a
** reloaded script no longer declares are unregistered.
**
** All script host functions take the engine's lock (sdui_lock()) and return
** SDUI_EBUSY when called from inside one of the engine's callbacks.
*/

/*
** Load scripts
**
** Loads a script file, or every "*.lua" file directly inside a folder in
** name order, and registers what they return. The first call fixes the
** script folder (the folder itself, or the file's folder); later paths must
** lie inside it (SDUI_EINVAL otherwise), and `require` looks only there.
** Loading a file again reloads it. Errors: SDUI_EINVAL, SDUI_ENOTFOUND (no
** such file), SDUI_ECALLBACK (a script failed: "file:line: message"; the
** scripts that succeeded are live), SDUI_ELIMIT (budget or memory cap),
** SDUI_ENOMEM.
*/
int sdui_scripts_load(sdui_engine *engine, const char *path);

/*
** Reload every script: the hot-swap
**
** Runs every loaded script again, in load order, and picks up new "*.lua"
** files in loaded folders: the hot-swap. Components and actions a script no
** longer returns are unregistered. On failure the failing scripts keep
** their previous version; the message lists each failure on its own line.
** Errors as sdui_scripts_load().
*/
int sdui_scripts_reload(sdui_engine *engine);

/*
** Reload the scripts that changed
**
** Watch mode without threads: reloads only the loaded scripts whose file
** changed (modification time or size) since they last loaded, new files in
** loaded folders, and everything when a module they `require` changed.
** Call it from the host's loop. Stores how many files were reloaded in
** *reloaded when it is not NULL. Errors as sdui_scripts_reload().
*/
int sdui_scripts_poll(sdui_engine *engine, int *reloaded);

/*
** Read or set a script host limit
**
** Script host limits, as sdui_limit(): sets `which` to `value` when
** value >= 0 and returns the previous value; -1 for a NULL engine or an
** unknown limit.
*/
#define SDUI_SCRIPT_LIMIT_MEMORY       0 /* bytes the script state may hold (default 64 MiB) */
#define SDUI_SCRIPT_LIMIT_INSTRUCTIONS 1 /* VM instructions per script run or callback (default 10 million) */
long long sdui_scripts_limit(sdui_engine *engine, int which, long long value);

#ifdef __cplusplus
}
#endif

#endif /* SDUI_SCRIPTS_H */
