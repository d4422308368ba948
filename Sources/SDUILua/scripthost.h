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

/* A loaded script and what it registered the last time it ran. */
typedef struct script {
    watched file;
    int env_ref;            /* the script's returned table, kept for its functions */
} script;

typedef struct scripts {
    sdui_bridge bridge;
    lua_State *L;            /* NULL until the first load */
    char *root;              /* real path of the script folder; NULL until the first load */
    pool pool;               /* the state's small blocks (pool.h) */
    size_t memory_used;
    long long memory_limit;
    script *items;
    int count, capacity;
    char **folders;          /* real paths of loaded folders, rescanned on reload */
    int folder_count;
    watched *modules;        /* modules required since the last full reload */
    int module_count;
    int running;             /* a script is running: guards against re-entry */
} scripts;

#endif
