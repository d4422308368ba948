/*
** host.h -- the bridge between sdui callbacks and Lua functions, shared by
** the Lua module (module.c) and the script host (scripts.c).
**
** A host ties an engine to the Lua state its Lua callbacks run in. Every
** callback from the engine enters Lua through lua_pcall, so a Lua error
** never unwinds through the engine's (Swift) frames: it becomes a status and
** a message instead.
*/
#ifndef SDUI_LUA_HOST_H
#define SDUI_LUA_HOST_H

#include <lua.h>

#include "packed.h"
#include "sdui.h"

/* Marks the functions libsdui_lua.so exports; everything else stays hidden. */
#define SDUI_LUA_API __attribute__((visibility("default")))

typedef struct sdui_host {
    sdui_engine *engine;
    lua_State *L;        /* the thread callbacks run on; set at every entry */
    lua_State *main;     /* the main thread, for releasing references */
    sdui_call *call;     /* the callback now running, or NULL */
    unsigned long active; /* number of the callback now running (0: none): a ctx works only in its own */
    unsigned long serial; /* the last number given to a callback */
    int depth;           /* Lua callbacks of any kind running now, the patch listener included */
    long long budget;    /* VM instructions per callback or script run; 0: none */
    long long used;      /* instructions counted so far in this run */
    int limit_hit;       /* the last error came from the budget */
    int mirrors;         /* registry ref of the handlers' state mirrors (state.c); 0: none yet */
    packed_buffer scratch; /* packed values on their way to the engine; reused, freed by host_close */
} sdui_host;

/* Points `host` at the main thread of L; engine, budget and the rest are the caller's. */
void host_init(sdui_host *host, sdui_engine *engine, lua_State *L);

/* Releases what the host keeps in L's registry and its scratch memory (call when its engine closes). */
void host_close(sdui_host *host, lua_State *L);

/*
** Registers the Lua function at index `fn` as the factory of component
** `type` / the handler of action `type`. Returns an sdui status; the
** message is in sdui_errmsg(). Raises only on memory errors.
*/
int host_register_component(sdui_host *host, lua_State *L, const char *type, int fn);
int host_register_action(sdui_host *host, lua_State *L, const char *type, int fn);

/*
** The reactive callbacks, same contract: the Lua function at index `fn`
** becomes the performer of effect `type`, a subscriber of `service` at
** `path` (NULL: the whole state), a middleware, or the engine's patch
** listener (fn == 0 removes it). Subscriptions and middleware store their
** id in *id.
*/
int host_register_effect(sdui_host *host, lua_State *L, const char *type, int fn);
int host_subscribe(sdui_host *host, lua_State *L, const char *service, const char *path, int fn, long long *id);
int host_add_middleware(sdui_host *host, lua_State *L, int fn, long long *id);
int host_set_patch_listener(sdui_host *host, lua_State *L, int fn);
/* The Lua function at `fn` (0: none) sizes text for layout: w, h = fn(text, font, max_width). */
int host_set_measurer(sdui_host *host, lua_State *L, int fn);

/* Starts a budgeted run: resets the instruction count. */
void host_begin_run(sdui_host *host);

/* Count hook for budgeted states: install with lua_sethook(L, host_hook, LUA_MASKCOUNT, HOST_HOOK_STEP). */
#define HOST_HOOK_STEP 1000
void host_hook(lua_State *L, lua_Debug *ar);

/* The host of a budgeted state, kept in its extra space. */
#define host_of(L) (*(sdui_host **)lua_getextraspace(L))

/*
** Pushes the engine output left in *buffer (as sdui's char ** functions
** fill it) decoded as a Lua value, then frees it. `box` must come from
** host_newbuffer(), so the buffer is freed even if decoding raises.
*/
char **host_newbuffer(lua_State *L);
void host_pushdecoded(lua_State *L, char **box, size_t len);

/*
** JSON text for argument idx: a string as given, a table encoded (the
** encoding replaces the argument, which keeps it alive). Raises for other
** types and for tables that do not encode.
*/
const char *host_json_arg(lua_State *L, int idx, size_t *len);

/* Registers the metatables the bridge uses; call once per state. */
void host_openlib(lua_State *L);

/* package.preload["sdui.ui"]: loads the embedded DSL and gives it sdui.array. */
int host_load_ui(lua_State *L);

/* sdui.array(t): marks t (or a new table) as a JSON array; returns it. */
int host_array(lua_State *L);

/* package.preload["sdui.contract"]: the view contract as a table (lua/sdui/contract.lua). */
int host_load_contract(lua_State *L);

/* The embedded text of lua/sdui/ui.lua and lua/sdui/contract.lua (generated at build time). */
extern const char sdui_ui_source[];
extern const unsigned long sdui_ui_source_len;
extern const char sdui_contract_source[];
extern const unsigned long sdui_contract_source_len;

/*
** Hands the value at idx back as the call's result (sdui_call_return), as
** JSON, and leaves that JSON text on the stack; a rejected value raises
** "invalid WHAT at $.path: ..." (the JSON's line:column means nothing to a
** script author; the path does).
*/
void host_return_json(lua_State *L, sdui_call *call, int idx, const char *what);

#endif
