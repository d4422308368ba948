/*
** test_persist.c -- persistent services, from include/sdui.h's "Persistence"
** section: the file storage (a round trip across two engines, a corrupt
** file, a save that cannot write its temporary file), the host's callback
** storage, and the errors of the three calls.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

#define S(text) text, strlen(text)

/* favorites/toggle "key": sets favorites[key] to true. */
static int toggle(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *key = sdui_call_string(call, SDUI_INPUT, NULL);
    if (key == NULL)
        return SDUI_EINVAL;
    return sdui_call_set(call, key, S("true"));
}

/* favorites/fail: changes the state, then fails: the dispatch rolls back. */
static int failing(sdui_call *call, void *userdata)
{
    (void)userdata;
    sdui_call_set(call, "doomed", S("true"));
    return SDUI_ECALLBACK;
}

/* A new engine with the service favorites ({}) and its two handlers. */
static sdui_engine *new_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "favorites", S("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "log", S("[]")), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/toggle", toggle, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/fail", failing, NULL, NULL), SDUI_OK);
    return e;
}

/* The state of favorites as JSON (the caller frees it). */
static char *favorites(sdui_engine *e)
{
    char *out = NULL;
    CHECK_STATUS(sdui_state_json(e, "favorites", NULL, &out, NULL), SDUI_OK);
    return out;
}

static void check_favorites(sdui_engine *e, const char *want)
{
    char *got = favorites(e);
    CHECK_STR_EQ(got, want);
    sdui_free(got);
}

/* The whole file at `path` (the caller frees it), or NULL when it cannot be read. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *text = calloc(1, 65536);
    if (text != NULL)
        fread(text, 1, 65535, f);
    fclose(f);
    return text;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (CHECK(f != NULL)) {
        fputs(text, f);
        fclose(f);
    }
}

static char root[64];
static char dir[128], file[160], temporary[160];

static void test_files_round_trip(void)
{
    snprintf(dir, sizeof dir, "%s/state/sdui", root);
    snprintf(file, sizeof file, "%s/favorites.json", dir);
    snprintf(temporary, sizeof temporary, "%s/favorites.json.tmp", dir);

    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK); /* created with its parent */
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK(access(file, F_OK) != 0); /* declaring saves nothing */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"603\"}")), SDUI_OK);
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    free(text);
    CHECK(access(temporary, F_OK) != 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 1);
    /* A rolled-back dispatch saves nothing. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/fail\"}")), SDUI_ECALLBACK);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 1);
    text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    free(text);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"42\"}")), SDUI_OK);
    sdui_engine_free(e);

    /* A second engine, the service declared before the storage is chosen. */
    e = new_engine();
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    check_favorites(e, "{\"603\":true,\"42\":true}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_EQ(diagnostics, "[]");
    sdui_free(diagnostics);
    sdui_engine_free(e);
}

static void test_crash_safety(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    /* The temporary file cannot be written (a folder stands in its place). */
    CHECK(mkdir(temporary, 0755) == 0);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"7\"}")), SDUI_OK);
    check_favorites(e, "{\"603\":true,\"42\":true,\"7\":true}"); /* the dispatch stands */
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true,\"42\":true}}");
    free(text);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 0);
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "{\"severity\":\"error\",\"code\":\"persist-failed\",\"message\":"
                                    "\"service \\\"favorites\\\": state not saved (cannot create ");
    CHECK_STR_CONTAINS(diagnostics, "favorites.json.tmp: Is a directory); the last saved one stays\"}");
    sdui_free(diagnostics);
    /* Once it can, the next save writes the whole state. */
    CHECK(rmdir(temporary) == 0);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"8\"}")), SDUI_OK);
    text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true,\"42\":true,\"7\":true,"
                       "\"8\":true}}");
    free(text);
    sdui_engine_free(e);
}

static void test_corrupt_file(void)
{
    spit(file, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":tr");
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "{\"severity\":\"error\",\"code\":\"persist-rejected\",\"message\":"
                                    "\"service \\\"favorites\\\": saved state not used (not JSON: 1:");
    sdui_free(diagnostics);
    /* Nothing else is lost: the engine works, and the next save mends the file. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"1\"}")), SDUI_OK);
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"1\":true}}");
    free(text);
    sdui_engine_free(e);

    /* Another service's file. */
    spit(file, "{\"sdui\":1,\"service\":\"log\",\"state\":{\"2\":true}}");
    e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "saved for service \\\"log\\\", not \\\"favorites\\\"");
    sdui_free(diagnostics);
    sdui_engine_free(e);
}

static void test_errors(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_service(e, "nope"), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "no service \"nope\"");
    CHECK_STATUS(sdui_persist_service(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_service(NULL, "favorites"), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_directory(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_directory(e, file), SDUI_ERROR); /* a file, not a folder */
    CHECK_STR_CONTAINS(sdui_errmsg(e), "is not a folder");
    CHECK_STATUS(sdui_persist_callbacks(e, NULL, NULL, NULL, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

/* The host's storage: one saved text, and what happened to it. */
typedef struct {
    char *saved;
    int saves, loads, destroyed;
    int fail_load, fail_save;
    int reentrant; /* the status of an engine call made from inside save */
    sdui_engine *engine;
} memory;

static int memory_load(const char *service, char **data, size_t *len, void *userdata)
{
    memory *m = userdata;
    m->loads++;
    if (m->fail_load || strcmp(service, "favorites") != 0)
        return SDUI_ERROR;
    if (m->saved != NULL) {
        *data = check_strdup(m->saved);
        *len = strlen(m->saved);
    }
    return SDUI_OK;
}

static int memory_save(const char *service, const char *data, size_t len, void *userdata)
{
    memory *m = userdata;
    if (m->engine != NULL)
        m->reentrant = sdui_dispatch(m->engine, S("{\"type\":\"favorites/toggle\",\"payload\":\"x\"}"));
    if (m->fail_save || strcmp(service, "favorites") != 0 || strlen(data) != len)
        return SDUI_ERROR;
    free(m->saved);
    m->saved = check_strdup(data);
    m->saves++;
    return SDUI_OK;
}

static void memory_destroy(void *userdata)
{
    ((memory *)userdata)->destroyed++;
}

static void test_callbacks(void)
{
    memory m = {0};
    sdui_engine *e = new_engine();
    m.engine = e;
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, memory_destroy), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK_EQ_INT(m.loads, 1);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"603\"}")), SDUI_OK);
    CHECK_EQ_INT(m.reentrant, SDUI_EBUSY);
    CHECK_STR_EQ(m.saved, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    m.engine = NULL;
    /* A failing save: reported, the dispatch stands, the saved text stays. */
    m.fail_save = 1;
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"5\"}")), SDUI_OK);
    CHECK_STR_EQ(m.saved, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "state not saved (the save callback failed (1: error))");
    sdui_free(diagnostics);
    m.fail_save = 0;
    CHECK_EQ_INT(m.destroyed, 0);
    sdui_engine_free(e);
    CHECK_EQ_INT(m.destroyed, 1);

    /* A second engine restores from the callbacks; replacing them runs destroy. */
    e = new_engine();
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, memory_destroy), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{\"603\":true}");
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_EQ_INT(m.destroyed, 2);
    sdui_engine_free(e);
    CHECK_EQ_INT(m.destroyed, 2);

    /* A load that fails: reported, the initial value kept. */
    m.fail_load = 1;
    e = new_engine();
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, NULL), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "\"code\":\"persist-rejected\"");
    CHECK_STR_CONTAINS(diagnostics, "the load callback failed (1: error)");
    sdui_free(diagnostics);
    sdui_engine_free(e);
    free(m.saved);
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/sdui-persist-XXXXXX");
    if (mkdtemp(root) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    test_files_round_trip();
    test_crash_safety();
    test_corrupt_file();
    test_errors();
    test_callbacks();
    unlink(file);
    rmdir(dir);
    char parent[128];
    snprintf(parent, sizeof parent, "%s/state", root);
    rmdir(parent);
    rmdir(root);
    return check_summary();
}
