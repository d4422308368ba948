/*
** sdui_scripts.h -- the script host: component factories and action
** handlers written in Lua, for C hosts.
**
** These functions live in libsdui_lua.so, not in libsdui.so, and need Lua
** 5.4: link -lsdui_lua -lsdui -llua5.4, or `pkg-config --libs sdui-scripts`.
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
** sdui-scripts`); libsdui.so itself never links Lua.
**
** A script is a Lua text file (never bytecode) that returns a table:
**
**   local ui = require "sdui.ui"
**   return {
**     services   = { favorites = {} },            -- created if missing
**     persist    = { "favorites" },                -- saved between runs (sdui.h, "Persistence")
**     components = { MovieCard = function(data, ctx) return ui.text(data.title) end },
**     actions    = { ["favorites/toggle"] = function(state, payload, ctx) ... end },
**     effects    = { request = function(effect, ctx) ... end },  -- performers
**     theme      = { colors = { accent = { light = "#1d4ed8", dark = "#93c5fd" } } },
**   }
**
** A declared theme (the JSON of sdui_set_theme(), as a table) becomes the
** engine's theme once the rest of the table checks out; a bad one fails the
** script ("card.lua: invalid theme at $.colors.accent: ...") and changes
** nothing. The last script loaded that declares one wins; dropping the
** script leaves the theme as it is.
**
** Scripts run in a sandbox: no io, os (but os.time, os.clock, os.date),
** debug, load, loadfile, dofile, string.dump, collectgarbage (but
** "count"); `require` finds only "sdui.ui" and modules inside the script
** folder; `print` writes a warning into the diagnostics, never to the
** terminal. Each script file runs in a Lua state of its own, and every run
** of it starts from a fresh environment: what one script does to its
** globals, its libraries or any metatable reaches no other script, and a
** reload starts clean. Every script run and every callback has an
** instruction budget, a deadline and a size limit, and each script a
** memory cap (sdui_scripts_limit()); docs/robustness.md lists what a
** script can and cannot do to its host.
**
** A script that fails to compile or to run, or returns something else than
** such a table, changes nothing: the previous version of its components and
** actions stays live, and the error reads "file:line: message". A factory
** that raises renders an "error" node for its component only; a handler
** that raises fails the dispatch and rolls it back.
**
** Except after a reload: each component and action type keeps its last good
** version, the function that was current before a reload if it ran at
** least once and never failed (else the last good one before it). When the
** reloaded function fails at run time (an error, the instruction budget or
** the memory cap) and the type has a last good version, what the call did
** is taken back (sdui_call_rollback()) and the last good version runs in its
** place. If that succeeds, the failure becomes a warning in
** sdui_diagnostics_json(): for a factory a "factory-warning" naming the
** component, "card.lua:12: attempt to index a nil value (component
** \"movie-603\", showing the previous version of \"MovieCard\" until the
** script is fixed)"; for a handler a "handler-warning", "action
** \"favorites/toggle\": card.lua:30: ... (handled by the previous version
** until the script is fixed)". A first version, or one whose last good
** version fails too, fails as above. A fixed script, once reloaded, takes
** over; a function that failed never becomes a last good version. A type a
** script stops declaring forgets its versions. (Functions registered with
** e:component() in the Lua module have no versions.)
**
** A handler's `state` is
** a view over the host's copy of the service's state (kept between
** dispatches, refreshed when sdui_call_versions() (sdui_binding.h) says it is out of date):
** each assignment into it is an sdui_call_set() at its path; returning
** another table replaces the state whole. Service state is never
** touched by (re)loading, except that a service a script declares is
** created when it does not exist yet, and that a service a script lists in
** `persist` (services it declares, or that exist) is declared persistent
** with sdui_persist_service() once its handlers are registered: the first
** time, it is restored from the engine's storage if the host chose one
** (sdui_persist_directory()); reloads do not restore again. A script that
** stops listing a service leaves it persistent. Components, actions and effects a
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
** Call it from the host's loop. Stores in *reloaded, when it is not NULL,
** how many files reloaded successfully (files that are gone count: what
** they declared is unregistered); a changed file that fails to load is not
** counted, keeps its previous version live, and makes the call return its
** error (SDUI_ECALLBACK or SDUI_ELIMIT, "file:line: message" in
** sdui_errmsg(), one line per failing file), even when other files
** reloaded. It is not retried until the file changes again. Errors as
** sdui_scripts_reload().
*/
int sdui_scripts_poll(sdui_engine *engine, int *reloaded);

/*
** Read or set a script host limit
**
** Script host limits, as sdui_limit(): sets `which` to `value` when
** value >= 0 (0: no limit) and returns the previous value; -1 for a NULL
** engine, an unknown limit, or a call from inside a callback (SDUI_EBUSY).
** A new value applies from the next script run or callback on.
**
** Each run -- a script's top level while it loads, or one callback (a
** factory, a handler, a subscriber, a performer) -- has an instruction
** budget and a wall-clock deadline, both checked every 1,000 VM
** instructions (and by every library function for the C work it does: see
** docs/robustness.md for each one's bound). No single string, table part
** or Lua stack may grow past the size limit, so no one instruction can
** work on more bytes than that between two checks: a run ends at most
** about 1,000 x (the time to copy or compare SDUI_SCRIPT_LIMIT_OBJECT
** bytes) after its deadline. Each script file has a Lua state of its own,
** with its own memory cap; all of them together have the total cap.
**
** Whichever limit stops a run, the run fails as a whole and its message
** names it and the script line: "card.lua:12: instruction budget of
** 10000000 exceeded", "time limit of 1000 ms exceeded", "size limit of
** 4194304 bytes reached (a block of 8388608 bytes)", "script memory cap of
** 67108864 bytes reached", "interrupted by the host". pcall, xpcall and
** coroutines cannot catch it. A factory that fails so renders an "error"
** node for its component only; a handler fails its dispatch, which is
** rolled back; a script's load fails with SDUI_ELIMIT and its previous
** version stays live.
*/
#define SDUI_SCRIPT_LIMIT_MEMORY       0 /* bytes one script's Lua state may hold (default 64 MiB) */
#define SDUI_SCRIPT_LIMIT_INSTRUCTIONS 1 /* VM instructions per script run or callback (default 10 million) */
#define SDUI_SCRIPT_LIMIT_TIME         2 /* wall-clock milliseconds per script run or callback (default 1000) */
#define SDUI_SCRIPT_LIMIT_OBJECT       3 /* bytes of one string, table part or Lua stack (default 4 MiB) */
#define SDUI_SCRIPT_LIMIT_TOTAL_MEMORY 4 /* bytes all the scripts' states may hold together (default 256 MiB) */
long long sdui_scripts_limit(sdui_engine *engine, int which, long long value);

/*
** Interrupt the running script
**
** Makes the script run now in progress on `engine` (a script loading, or a
** callback) fail at its next check, within 1,000 VM instructions, with
** "interrupted by the host" (as a limit would: a factory's component shows
** an error node, a dispatch rolls back). Does nothing when no script runs.
** The one function of this header that takes no lock: it may be called
** from any thread and from a signal handler (SIGINT, SIGTERM), e.g. by a
** host that wants to quit while a script is busy. It reaches engines whose
** script host exists (at most 64 in a process at once). The engine must
** stay alive while it runs: do not call it during or after sdui_engine_free().
*/
void sdui_scripts_interrupt(sdui_engine *engine);

#ifdef __cplusplus
}
#endif

#endif /* SDUI_SCRIPTS_H */
