/*
** scripthost.h -- the script host's record, shared by its files: the
** sandbox (sandbox.c), loading and registering (loader.c) and the public
** functions sdui_scripts_* (scripts.c).
**
** The script host hangs off the engine as client data ("sdui.scripts"). It
** owns a Lua state with a capped allocator and an instruction-count hook;
** its bridge runs the functions the scripts registered.
*/
#ifndef SDUI_LUA_SCRIPTHOST_H
#define SDUI_LUA_SCRIPTHOST_H

#include <stddef.h>

#include <lua.h>

#include "bridge.h"
#include "files.h"
#include "pool.h"

struct scripts;

/*
** A loaded script. Each has a Lua state of its own (isolation: nothing a
** script does to its globals, libraries or metatables reaches another
** script) with its own memory account and cap, kept across reloads; every
** run of the script starts from a fresh environment (sandbox_load).
** Allocated one by one: the state keeps a pointer to its bridge.
*/
typedef struct script {
    sdui_bridge bridge;      /* first: bridge_of(L) points here */
    struct scripts *host;
    lua_State *L;            /* NULL until the script first runs */
    pool pool;               /* the state's small blocks (pool.h) */
    size_t memory_used;      /* bytes this script's state holds */
    watched file;
    int env_ref;             /* the script's returned table, kept for its functions */
} script;

typedef struct scripts {
    sdui_engine *engine;
    char *root;              /* real path of the script folder; NULL until the first load */
    size_t memory_used;      /* bytes all the scripts' states hold together */
    long long memory_limit;  /* bytes one script's state may hold (SDUI_SCRIPT_LIMIT_MEMORY) */
    long long total_memory_limit; /* bytes all of them may hold (SDUI_SCRIPT_LIMIT_TOTAL_MEMORY) */
    long long budget;        /* instructions per run (SDUI_SCRIPT_LIMIT_INSTRUCTIONS) */
    long long time_limit_ms; /* milliseconds per run (SDUI_SCRIPT_LIMIT_TIME) */
    long long object_limit;  /* bytes of one string, table part or stack (SDUI_SCRIPT_LIMIT_OBJECT) */
    script **items;
    int count, capacity;
    char **folders;          /* real paths of loaded folders, rescanned on reload */
    int folder_count;
    watched *modules;        /* modules required since the last full reload */
    int module_count;
    int running;             /* a script is running: guards against re-entry */
    volatile int interrupt;  /* how many times sdui_scripts_interrupt was called (bridge.interrupt points here) */
} scripts;

#endif
