/*
** scripts.c -- the script host's public functions (sdui_scripts_* in
** sdui.h): Lua scripts in an engine-owned, sandboxed Lua state
** (sandbox.c), loaded from a folder (loader.c) and hot-swapped when they
** change (files.c).
**
** Every entry takes the engine lock and refuses to run from inside a
** callback or a running script. A round runs the scripts it picks, each on
** its own (a failing one leaves its previous version live), then loads the
** new files of the loaded folders, and reports every failure, one a line.
*/
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <pthread.h>
#include <stdatomic.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "files.h"
#include "loader.h"
#include "sandbox.h"
#include "scripthost.h"
#include "sdui_scripts.h"

#define CLIENTDATA_NAME "sdui.scripts"
#define DEFAULT_MEMORY (64LL << 20)
#define DEFAULT_TOTAL_MEMORY (256LL << 20)
#define DEFAULT_INSTRUCTIONS 10000000LL
#define DEFAULT_TIME_MS 1000LL
#define DEFAULT_OBJECT (4LL << 20)

/* -- interrupts ------------------------------------------------------------ */

/*
** The script hosts sdui_scripts_interrupt can find without a lock (it may
** run in a signal handler): a fixed table of (engine, host) pairs, written
** under a mutex, read with atomic loads.
*/
#define MAX_HOSTS 64
static struct {
    sdui_engine *_Atomic engine;
    scripts *_Atomic host;
} hosts[MAX_HOSTS];
static pthread_mutex_t hosts_lock = PTHREAD_MUTEX_INITIALIZER;

static void hosts_add(sdui_engine *engine, scripts *s)
{
    pthread_mutex_lock(&hosts_lock);
    for (int i = 0; i < MAX_HOSTS; i++) {
        if (atomic_load(&hosts[i].engine) == NULL) {
            atomic_store(&hosts[i].host, s);
            atomic_store(&hosts[i].engine, engine);
            break;
        }
    }
    pthread_mutex_unlock(&hosts_lock);
}

static void hosts_remove(scripts *s)
{
    pthread_mutex_lock(&hosts_lock);
    for (int i = 0; i < MAX_HOSTS; i++) {
        if (atomic_load(&hosts[i].host) == s) {
            atomic_store(&hosts[i].engine, NULL);
            atomic_store(&hosts[i].host, NULL);
        }
    }
    pthread_mutex_unlock(&hosts_lock);
}

SDUI_LUA_API void sdui_scripts_interrupt(sdui_engine *engine)
{
    if (engine == NULL)
        return;
    for (int i = 0; i < MAX_HOSTS; i++) {
        if (atomic_load(&hosts[i].engine) == engine) {
            scripts *s = atomic_load(&hosts[i].host);
            if (s != NULL) /* every run in progress sees the count move; later runs note the new count */
                __atomic_fetch_add(&s->interrupt, 1, __ATOMIC_SEQ_CST);
            return;
        }
    }
}

/* -- the script host's record ---------------------------------------------- */

/* Closes a script's state and frees it. */
static void script_free(script *item)
{
    if (item->L != NULL)
        lua_close(item->L);
    pool_release(&item->pool);
    bridge_close(&item->bridge, NULL); /* the registry went with the state */
    free(item->file.path);
    free(item);
}

static void scripts_destroy(void *data)
{
    scripts *s = data;
    hosts_remove(s);
    for (int i = 0; i < s->count; i++)
        script_free(s->items[i]);
    free(s->items);
    for (int i = 0; i < s->folder_count; i++)
        free(s->folders[i]);
    free(s->folders);
    files_forget(s->modules, s->module_count);
    free(s->modules);
    free(s->root);
    free(s);
}

/* The engine's script host, created on first use; NULL (reported) on failure. */
static scripts *get_scripts(sdui_engine *engine)
{
    scripts *s = sdui_get_clientdata(engine, CLIENTDATA_NAME);
    if (s != NULL)
        return s;
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        sdui_report(engine, SDUI_ENOMEM, "out of memory");
        return NULL;
    }
    s->engine = engine;
    s->budget = DEFAULT_INSTRUCTIONS;
    s->time_limit_ms = DEFAULT_TIME_MS;
    s->object_limit = DEFAULT_OBJECT;
    s->memory_limit = DEFAULT_MEMORY;
    s->total_memory_limit = DEFAULT_TOTAL_MEMORY;
    if (sdui_set_clientdata(engine, CLIENTDATA_NAME, s, scripts_destroy) != SDUI_OK) {
        free(s);
        return NULL;
    }
    hosts_add(engine, s);
    return s;
}

/* Copies the host's run limits into a script's bridge. */
static void apply_limits(scripts *s, script *item)
{
    item->bridge.budget = s->budget;
    item->bridge.time_limit_ns = s->time_limit_ms * 1000000LL;
    item->bridge.object_limit = s->object_limit;
    item->bridge.interrupt = &s->interrupt;
}

/* Creates the script's Lua state on its first run. */
static int open_state(scripts *s, script *item)
{
    if (item->L != NULL)
        return SDUI_OK;
    item->host = s;
    lua_State *L = lua_newstate(sandbox_alloc, item);
    if (L == NULL) {
        pool_release(&item->pool);
        return sdui_report(s->engine, SDUI_ENOMEM, "cannot create the script state: out of memory");
    }
    bridge_init(&item->bridge, s->engine, L);
    apply_limits(s, item);
    bridge_of(L) = &item->bridge;
    lua_pushcfunction(L, sandbox_open);
    lua_pushlightuserdata(L, item);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        lua_close(L);
        pool_release(&item->pool);
        return sdui_report(s->engine, SDUI_ENOMEM, "cannot set up the script sandbox: out of memory");
    }
    lua_sethook(L, bridge_hook, LUA_MASKCOUNT, BRIDGE_HOOK_STEP);
    /* Generational: what factories and handlers make dies young, call after
    ** call. Measured against the incremental collector: loading and
    ** rendering a 1,000 component page takes 3% fewer instructions, and the
    ** 10,000 one peaks 0.5 MB lower (fewer holes among the engine's
    ** allocations). Scripts cannot change it (sandbox.c). */
    lua_gc(L, LUA_GCGEN, 0, 0);
    item->L = L;
    return SDUI_OK;
}

/* The script entry for `path`, added when new; NULL (reported) when out of memory. */
static script *find_or_add(scripts *s, const char *path)
{
    for (int i = 0; i < s->count; i++)
        if (strcmp(s->items[i]->file.path, path) == 0)
            return s->items[i];
    if (s->count == s->capacity) {
        int capacity = s->capacity ? s->capacity * 2 : 8;
        script **grown = realloc(s->items, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            goto out_of_memory;
        s->items = grown;
        s->capacity = capacity;
    }
    script *item = calloc(1, sizeof *item);
    char *copy = strdup(path);
    if (item == NULL || copy == NULL) {
        free(item);
        free(copy);
        goto out_of_memory;
    }
    item->host = s;
    item->file.path = copy;
    item->env_ref = LUA_NOREF;
    if (open_state(s, item) != SDUI_OK) {
        free(copy);
        free(item);
        return NULL;
    }
    s->items[s->count++] = item;
    return item;
out_of_memory:
    sdui_report(s->engine, SDUI_ENOMEM, "out of memory");
    return NULL;
}

/*
** Drops a script whose file is gone, unregistering what it declared, and
** closes its state; returns 0 (and keeps both) when unregistering failed.
*/
static int forget(scripts *s, int index)
{
    script *item = s->items[index];
    /* Out of memory, its types stay registered, and their functions live in its
    ** state: both stay until a later round drops them. */
    if (loader_drop(s, item) != SDUI_OK)
        return 0;
    script_free(item);
    memmove(s->items + index, s->items + index + 1, (size_t)(s->count - index - 1) * sizeof *s->items);
    s->count--;
    return 1;
}

/* A round's failure messages, one a line (malloc'd: built outside any Lua call). */
typedef struct report {
    char *text;
    size_t len;
    int first;               /* status of the first failure, SDUI_OK if none */
} report;

static void note_failure(report *r, int status, const char *message)
{
    size_t n = strlen(message);
    char *grown = realloc(r->text, r->len + n + 2);
    if (grown != NULL) {
        r->text = grown;
        if (r->len > 0)
            r->text[r->len++] = '\n';
        memcpy(r->text + r->len, message, n + 1);
        r->len += n;
    }
    if (r->first == SDUI_OK)
        r->first = status;
}

/*
** Runs the scripts that `pick` selects (all when pick is NULL), then loads
** new files of the loaded folders. Returns SDUI_OK or the first failure's
** status, with every failure's message, one a line.
*/
static int run_round(scripts *s, int (*pick)(const script *), int *reloaded)
{
    sdui_engine *engine = s->engine;
    report r = {NULL, 0, SDUI_OK};
    int runs = 0;
    for (int i = 0; i < s->count; i++) {
        struct stat st;
        if (stat(s->items[i]->file.path, &st) != 0) {
            if (forget(s, i)) {
                i--;
                runs++;
            }
            continue;
        }
        if (pick != NULL && !pick(s->items[i]))
            continue;
        int status = loader_run(s, s->items[i]);
        if (status == SDUI_OK)
            runs++;
        else
            note_failure(&r, status, sdui_errmsg(engine));
    }
    for (int f = 0; f < s->folder_count; f++) {
        char **names;
        int count = files_list(engine, s->folders[f], &names);
        if (count < 0) {
            note_failure(&r, SDUI_ENOTFOUND, sdui_errmsg(engine));
            continue;
        }
        for (int i = 0; i < count; i++) {
            int known = 0;
            for (int j = 0; j < s->count && !known; j++)
                known = strcmp(s->items[j]->file.path, names[i]) == 0;
            if (!known) {
                script *item = find_or_add(s, names[i]);
                int status = item ? loader_run(s, item) : SDUI_ENOMEM;
                if (status == SDUI_OK)
                    runs++;
                else
                    note_failure(&r, status, sdui_errmsg(engine));
            }
            free(names[i]);
        }
        free(names);
    }
    if (reloaded != NULL)
        *reloaded = runs;
    int status = sdui_report(engine, r.first, r.first == SDUI_OK ? NULL : r.text);
    free(r.text);
    return status;
}

/*
** Common entry: takes the engine lock and refuses calls from inside a
** callback (sdui_limit answers -1 there) or from inside a running script.
*/
static scripts *enter(sdui_engine *engine, int *status)
{
    if (engine == NULL) {
        *status = SDUI_EINVAL;
        return NULL;
    }
    sdui_lock(engine);
    scripts *s = sdui_get_clientdata(engine, CLIENTDATA_NAME);
    int busy = s != NULL && s->running;
    for (int i = 0; s != NULL && i < s->count && !busy; i++)
        busy = s->items[i]->bridge.call != NULL;
    if (sdui_limit(engine, SDUI_LIMIT_DEPTH, -1) < 0 || busy) {
        *status = sdui_report(engine, SDUI_EBUSY,
                              "scripts cannot be loaded or reloaded from inside a callback or a running script");
        sdui_unlock(engine);
        return NULL;
    }
    s = get_scripts(engine);
    if (s == NULL) {
        *status = SDUI_ENOMEM;
        sdui_unlock(engine);
    }
    return s;
}

SDUI_LUA_API int sdui_scripts_load(sdui_engine *engine, const char *path)
{
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    char real[PATH_MAX];
    struct stat st;
    if (path == NULL) {
        status = sdui_report(engine, SDUI_EINVAL, "path is NULL");
    } else if (realpath(path, real) == NULL || stat(real, &st) != 0) {
        char message[PATH_MAX + 64];
        snprintf(message, sizeof message, "script not found: %s: %s", path, strerror(errno));
        status = sdui_report(engine, SDUI_ENOTFOUND, message);
    } else if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) {
        status = sdui_report(engine, SDUI_EINVAL, "a script path must be a file or a folder");
    } else if (s->root != NULL && !files_inside(s->root, real)) {
        char message[2 * PATH_MAX + 64];
        snprintf(message, sizeof message, "%s is outside the script folder %s", path, s->root);
        status = sdui_report(engine, SDUI_EINVAL, message);
    } else {
        if (s->root == NULL) {
            char folder[PATH_MAX];
            strcpy(folder, real);
            if (!S_ISDIR(st.st_mode)) {
                char *slash = strrchr(folder, '/');
                if (slash == folder)
                    slash[1] = '\0';
                else
                    *slash = '\0';
            }
            s->root = strdup(folder);
        }
        status = s->root == NULL ? sdui_report(engine, SDUI_ENOMEM, "out of memory") : SDUI_OK;
        if (status == SDUI_OK && S_ISDIR(st.st_mode)) {
            int known = 0;
            for (int i = 0; i < s->folder_count && !known; i++)
                known = strcmp(s->folders[i], real) == 0;
            if (!known) {
                char **grown = realloc(s->folders, (size_t)(s->folder_count + 1) * sizeof *grown);
                char *copy = strdup(real);
                if (grown != NULL)
                    s->folders = grown;
                if (grown == NULL || copy == NULL) {
                    free(copy);
                    status = sdui_report(engine, SDUI_ENOMEM, "out of memory");
                } else {
                    s->folders[s->folder_count++] = copy;
                }
            }
            if (status == SDUI_OK)
                status = run_round(s, NULL, NULL);
        } else if (status == SDUI_OK) {
            script *item = find_or_add(s, real);
            status = item ? loader_run(s, item) : SDUI_ENOMEM;
        }
    }
    sdui_unlock(engine);
    return status;
}

/* Forgets the watched modules: the round about to run requires (and so watches) them afresh. */
static void forget_modules(scripts *s)
{
    files_forget(s->modules, s->module_count);
    s->module_count = 0;
}

SDUI_LUA_API int sdui_scripts_reload(sdui_engine *engine)
{
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    forget_modules(s);
    status = run_round(s, NULL, NULL);
    sdui_unlock(engine);
    return status;
}

static int file_changed(const script *item)
{
    return files_changed(&item->file);
}

SDUI_LUA_API int sdui_scripts_poll(sdui_engine *engine, int *reloaded)
{
    if (reloaded != NULL)
        *reloaded = 0;
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return status;
    int modules_changed = 0;
    for (int i = 0; i < s->module_count && !modules_changed; i++)
        modules_changed = files_changed(&s->modules[i]);
    if (modules_changed)
        forget_modules(s);
    status = run_round(s, modules_changed ? NULL : file_changed, reloaded);
    sdui_unlock(engine);
    return status;
}

SDUI_LUA_API long long sdui_scripts_limit(sdui_engine *engine, int which, long long value)
{
    if (engine == NULL || which < SDUI_SCRIPT_LIMIT_MEMORY || which > SDUI_SCRIPT_LIMIT_TOTAL_MEMORY)
        return -1;
    int status;
    scripts *s = enter(engine, &status);
    if (s == NULL)
        return -1;
    long long *slots[] = {
        [SDUI_SCRIPT_LIMIT_MEMORY] = &s->memory_limit,
        [SDUI_SCRIPT_LIMIT_INSTRUCTIONS] = &s->budget,
        [SDUI_SCRIPT_LIMIT_TIME] = &s->time_limit_ms,
        [SDUI_SCRIPT_LIMIT_OBJECT] = &s->object_limit,
        [SDUI_SCRIPT_LIMIT_TOTAL_MEMORY] = &s->total_memory_limit,
    };
    long long previous = *slots[which];
    if (value >= 0) {
        *slots[which] = which == SDUI_SCRIPT_LIMIT_TIME && value > (1LL << 40) ? (1LL << 40) : value;
        for (int i = 0; i < s->count; i++)
            apply_limits(s, s->items[i]);
    }
    sdui_report(engine, SDUI_OK, NULL);
    sdui_unlock(engine);
    return previous;
}
