/*
** bridge.h -- the floor of the Lua binding: the bridge record, which ties
** an engine to the Lua state its Lua callbacks run in, and what every other
** file of the binding shares (the instruction budget, engine buffers,
** arguments as JSON, the values handed back as JSON, sdui.array and the
** embedded DSL). It includes none of the binding's other headers but the
** codecs' (packed.h, for the scratch buffer).
**
** Every callback from the engine enters Lua through lua_pcall (callback.h),
** so a Lua error never unwinds through the engine's (Swift) frames: it
** becomes a status and a message instead.
*/
#ifndef SDUI_LUA_BRIDGE_H
#define SDUI_LUA_BRIDGE_H

#include <lua.h>

#include "packed.h"
#include "sdui_binding.h"

/* Marks the functions libsdui_lua.so exports; everything else stays hidden. */
#define SDUI_LUA_API __attribute__((visibility("default")))

typedef struct sdui_bridge {
    sdui_engine *engine;
    lua_State *L;        /* the thread callbacks run on; set at every entry */
    lua_State *main;     /* the main thread, for releasing references */
    sdui_call *call;     /* the callback now running, or NULL */
    unsigned long active; /* number of the callback now running (0: none): a ctx works only in its own */
    unsigned long serial; /* the last number given to a callback */
    int depth;           /* Lua callbacks of any kind running now, the patch listener included */
    long long budget;    /* VM instructions per callback or script run; 0: none */
    long long used;      /* instructions counted so far in this run */
    int limit_hit;       /* the last error came from a limit (budget, deadline, size, memory, interrupt) */
    long long time_limit_ns; /* wall-clock nanoseconds per callback or script run; 0: none */
    long long deadline_ns;   /* CLOCK_MONOTONIC time the running callback must end by; 0: none */
    long long object_limit;  /* bytes one string, table part or stack may take; 0: none */
    char memory_message[192]; /* why the allocator last refused a block in this run ("" : none); the script host's */
    int collect_first;   /* the allocator came near or to a memory cap: the next run starts with a full collection */
    char limit_message[192];  /* the first limit error of this run, as raised ("": none): what the run reports, whatever a __close handler raises after it */
    volatile int *interrupt; /* the host's interrupt count, raised by sdui_scripts_interrupt (any thread, a signal handler); NULL: none */
    int interrupt_seen;  /* *interrupt when this run began: a run stops at its next hook once the count moves */
    int mirrors;         /* registry ref of the handlers' state mirrors (state.c); 0: none yet */
    int data_cache;      /* registry ref of the factories' decoded data (factory.c); 0: none yet */
    int ctx_metatables[5]; /* registry refs of ctx's metatables, one a ctx kind (ctx.c); 0: none yet */
    packed_buffer scratch; /* packed values on their way to the engine; reused, freed by bridge_close */
    int flat_views;      /* views go in the flat form when they can (flat.h); 0 when SDUI_LUA_PACKED_VIEWS is set */
} sdui_bridge;

/* Points `bridge` at the main thread of L; engine, budget and the rest are the caller's. */
void bridge_init(sdui_bridge *bridge, sdui_engine *engine, lua_State *L);

/*
** Releases what the bridge keeps in L's registry (the state mirrors; L is
** NULL when the state is gone) and its scratch memory (call when its engine
** closes).
*/
void bridge_close(sdui_bridge *bridge, lua_State *L);

/*
** Starts a budgeted run: resets the instruction count, sets the deadline
** (now + time_limit_ns) and notes the interrupt count (an interrupt asked
** for before the run began does not stop it). When the allocator asked
** for it (collect_first), collects bridge->L's garbage first: Lua collects
** before it gives up on a block of its own, but not for a luaL_Buffer.
*/
void bridge_begin_run(sdui_bridge *bridge);

/* CLOCK_MONOTONIC now, in nanoseconds (a vDSO read: about 25 ns). */
long long bridge_now_ns(void);

/*
** Count hook for budgeted states: install with lua_sethook(L, bridge_hook,
** LUA_MASKCOUNT, BRIDGE_HOOK_STEP). Every BRIDGE_HOOK_STEP instructions it
** charges them to the budget and reads the clock; it raises (marking
** limit_hit) once the budget is spent, the deadline passed or the host
** asked for an interrupt. The one place a run's limits are checked.
*/
#define BRIDGE_HOOK_STEP 1000
void bridge_hook(lua_State *L, lua_Debug *ar);

/*
** The hook's checks but the budget's: the host's interrupt and the run's
** deadline; raises as bridge_hook does. budget.c calls it when charged
** C work crosses one of the hook's intervals.
*/
void bridge_check_clock(lua_State *L, sdui_bridge *bridge);

/*
** Charges `steps` instructions of C work to `bridge`'s run (NULL, or a
** bridge with no limits: nothing happens) and raises, as the hook does,
** once its budget is spent (`what` qualifies that message: "" or " (in
** pattern matching)"); crossing one of the hook's intervals also meets
** the deadline and the interrupt. Every charge goes through here.
*/
void bridge_charge(lua_State *L, sdui_bridge *bridge, long long steps, const char *what);

/*
** Raises the error of a limit hit by the running script ("file:line: "
** first, when a script line is running), marking the run so that no
** script can catch it (budget.c). `what` is the whole message after the
** location, e.g. "size limit of 4194304 bytes exceeded".
*/
int bridge_limit_error(lua_State *L, const char *what);

/* The bridge of a budgeted state, kept in its extra space. */
#define bridge_of(L) (*(sdui_bridge **)lua_getextraspace(L))

/*
** Pushes the engine output left in *buffer (as sdui's char ** functions
** fill it) decoded as a Lua value, then frees it. `box` must come from
** bridge_newbuffer(), so the buffer is freed even if decoding raises.
*/
char **bridge_newbuffer(lua_State *L);
void bridge_pushdecoded(lua_State *L, char **box, size_t len);

/*
** The state's one shared box, emptied, for a call that fills it and decodes
** it with no Lua code in between (so no second user can come): no userdata
** to make and finalize on every call. A raise between the two leaves the
** buffer in the box until its next use, or lua_close, frees it. Pushes nothing.
*/
char **bridge_sharedbuffer(lua_State *L);

/*
** JSON text for argument idx: a string as given, a table encoded (the
** encoding replaces the argument, which keeps it alive). Raises for other
** types and for tables that do not encode.
*/
const char *bridge_json_arg(lua_State *L, int idx, size_t *len);

/* Registers the metatables the bridge uses; call once per state. */
void bridge_openlib(lua_State *L);

/* package.preload["sdui.ui"]: loads the embedded DSL and gives it sdui.array. */
int bridge_load_ui(lua_State *L);

/* sdui.array(t): marks t (or a new table) as a JSON array; returns it. */
int bridge_array(lua_State *L);

/* package.preload["sdui.contract"]: the view contract as a table (lua/sdui/contract.lua). */
int bridge_load_contract(lua_State *L);

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
void bridge_return_json(lua_State *L, sdui_call *call, int idx, const char *what);

#endif
