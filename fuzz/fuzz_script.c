/*
** fuzz_script -- script text through the script host (sdui_scripts_load).
**
** Input: the text of one script. It is written as the single file of a
** temporary folder and loaded with sdui_scripts_load into a fresh engine
** with small limits, so that every legitimate stop is quick (LIMITS);
** then a page whose components have the types scripts in the seeds
** register renders, a few actions dispatch, the clock ticks, and the script
** is reloaded.
**
** Checks: every status is an sdui status; a failed load sets a message,
** and when it failed with SDUI_ELIMIT the message names the limit that
** stopped it; a failed dispatch leaves the state of the services the script
** declared byte-identical; nothing the script does crashes or leaks memory
** in the host (ASan), and nothing runs long: run with -timeout (a few
** seconds, fuzz/run.sh), an input that escapes every limit is a finding.
*/
#define _DEFAULT_SOURCE
#include <time.h>
#include <unistd.h>

#include "common.h"

static char folder[256];
static char file[300];

static void cleanup(void)
{
    if (file[0])
        unlink(file);
    if (folder[0])
        rmdir(folder);
}

static const char page[] =
    "[{\"id\":\"a\",\"type\":\"Card\",\"data\":{\"id\":7,\"title\":\"Heat\"}},"
    "{\"id\":\"b\",\"type\":\"A\",\"data\":[1,2,{\"x\":\"y\"}]},"
    "{\"id\":\"c\",\"type\":\"B\"},"
    "{\"id\":\"d\",\"type\":\"MovieCardComponent\",\"data\":{\"movieId\":603,\"title\":\"T\",\"rating\":8.1}}]";

static const char *const actions[] = {
    "{\"type\":\"s/a\",\"payload\":{\"id\":7}}",
    "{\"type\":\"s/b\",\"payload\":[1,\"x\"]}",
    "{\"type\":\"favorites/toggle\",\"payload\":{\"id\":7,\"movieId\":603}}",
    "{\"type\":\"s/a\"}",
};

/*
** The limits of every input, small so that every legitimate stop is quick:
** per run (a load or one callback) 200,000 instructions and 100 ms; one
** string, table part or stack at most 2 MiB (plain_find.lua in
** fuzz/regressions/script needs a 1 MiB one); 16 MiB a script; and, where
** the engine has these limits, at most 16 actions a call (dispatch or
** tick), 20,000 nodes or 2 MiB a view, 4 MiB written a call, 16 MiB of
** state. A run that reaches its deadline ends within about 1,000
** instructions' worth of work on 2 MiB blocks after it (sdui_scripts.h),
** so an input whose every callback runs to its deadline still ends within
** a few seconds: fuzz/run.sh's -timeout (5 s) is an escape from the
** limits, not a slow input.
*/
static const struct {
    int which;
    long long value;
} LIMITS[] = {
    {SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 200000},
    {SDUI_SCRIPT_LIMIT_TIME, 100},
    {SDUI_SCRIPT_LIMIT_OBJECT, 2 << 20},
    {SDUI_SCRIPT_LIMIT_MEMORY, 16 << 20},
    {SDUI_SCRIPT_LIMIT_TOTAL_MEMORY, 32 << 20},
};
static const struct {
    int which;
    long long value;
} ENGINE_LIMITS[] = {
    {SDUI_LIMIT_QUEUE, 16},
#ifdef SDUI_LIMIT_ACTIONS
    {SDUI_LIMIT_ACTIONS, 16},
#endif
#ifdef SDUI_LIMIT_VIEW_NODES
    {SDUI_LIMIT_VIEW_NODES, 20000},
#endif
#ifdef SDUI_LIMIT_VIEW_BYTES
    {SDUI_LIMIT_VIEW_BYTES, 2 << 20},
#endif
#ifdef SDUI_LIMIT_WRITE_BYTES
    {SDUI_LIMIT_WRITE_BYTES, 4 << 20},
#endif
#ifdef SDUI_LIMIT_STATE_BYTES
    {SDUI_LIMIT_STATE_BYTES, 16 << 20},
#endif
};

/* What a limit's message says (sdui_scripts.h, "Read or set a script host limit"). */
static const char *const LIMIT_MESSAGES[] = {
    "instruction budget of ", "time limit of ", "size limit of ", "script memory cap of ",
    "memory cap for all scripts together of ", "interrupted by the host",
};

/* A load or reload that failed with SDUI_ELIMIT names the limit that stopped it. */
static void check_limit_message(sdui_engine *e, int status, const char *call)
{
    if (status != SDUI_ELIMIT)
        return;
    const char *msg = sdui_errmsg(e);
    for (size_t i = 0; i < sizeof LIMIT_MESSAGES / sizeof *LIMIT_MESSAGES; i++)
        if (strstr(msg, LIMIT_MESSAGES[i]) != NULL)
            return;
    FUZZ_FAIL("%s failed with SDUI_ELIMIT, but its message names no limit: \"%s\"", call, msg);
}

/*
** FUZZ_SCRIPT_TRACE=1 in the environment: each step's status, time and
** message on stderr, and the diagnostics at the end -- to see which limit
** stopped what when writing a seed or reading a finding.
*/
static int tracing = -1;
static double started;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void trace_begin(void)
{
    if (tracing < 0) {
        const char *env = getenv("FUZZ_SCRIPT_TRACE");
        tracing = env != NULL && env[0] != '\0' && strcmp(env, "0") != 0;
    }
    if (tracing)
        started = now_ms();
}

static void trace(sdui_engine *e, const char *step, int status)
{
    if (!tracing)
        return;
    double t = now_ms();
    fprintf(stderr, "fuzz_script: %-40s %d %8.1f ms  %.300s\n", step, status, t - started,
            status == SDUI_OK ? "" : sdui_errmsg(e));
    started = t;
}

static void trace_diagnostics(sdui_engine *e)
{
    char *out = NULL;
    if (tracing && sdui_diagnostics_json(e, &out, NULL) == SDUI_OK)
        fprintf(stderr, "fuzz_script: diagnostics %.3000s\n", out);
    sdui_free(out);
}

static char *state_of(sdui_engine *e, const char *service)
{
    char *out = NULL;
    int status = sdui_state_json(e, service, NULL, &out, NULL);
    fuzz_check_status(status, "sdui_state_json");
    return status == SDUI_OK ? out : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (folder[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        snprintf(folder, sizeof folder, "%s/sdui-fuzz-script-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
        if (mkdtemp(folder) == NULL) {
            perror(folder);
            abort();
        }
        snprintf(file, sizeof file, "%s/script.lua", folder);
        atexit(cleanup);
    }
    FILE *f = fopen(file, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(file);
        abort();
    }

    trace_begin();
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        abort();
    for (size_t i = 0; i < sizeof LIMITS / sizeof *LIMITS; i++)
        if (sdui_scripts_limit(e, LIMITS[i].which, LIMITS[i].value) < 0)
            FUZZ_FAIL("sdui_scripts_limit(%d) refused", LIMITS[i].which);
    for (size_t i = 0; i < sizeof ENGINE_LIMITS / sizeof *ENGINE_LIMITS; i++)
        if (sdui_limit(e, ENGINE_LIMITS[i].which, ENGINE_LIMITS[i].value) < 0)
            FUZZ_FAIL("sdui_limit(%d) refused", ENGINE_LIMITS[i].which);
    int status = sdui_scripts_load(e, folder);
    trace(e, "sdui_scripts_load", status);
    fuzz_check_status(status, "sdui_scripts_load");
    if (status != SDUI_OK && sdui_errmsg(e)[0] == '\0')
        FUZZ_FAIL("sdui_scripts_load failed (%d) with no message", status);
    check_limit_message(e, status, "sdui_scripts_load");
    if (sdui_load_page(e, page, sizeof page - 1) != SDUI_OK)
        FUZZ_FAIL("page: %s", sdui_errmsg(e));
    sdui_free(fuzz_out(e, sdui_render_json, "sdui_render_json"));
    trace(e, "sdui_render_json", SDUI_OK);
    for (size_t i = 0; i < sizeof actions / sizeof *actions; i++) {
        char *s = state_of(e, "s"), *fav = state_of(e, "favorites");
        status = sdui_dispatch(e, actions[i], strlen(actions[i]));
        trace(e, actions[i], status);
        fuzz_check_status(status, "sdui_dispatch");
        if (status != SDUI_OK) {
            char *s2 = state_of(e, "s"), *fav2 = state_of(e, "favorites");
            if ((s == NULL) != (s2 == NULL) || (s && strcmp(s, s2) != 0) || (fav == NULL) != (fav2 == NULL) ||
                (fav && strcmp(fav, fav2) != 0))
                FUZZ_FAIL("failed dispatch %s (%s) changed the state", actions[i], sdui_errmsg(e));
            sdui_free(s2);
            sdui_free(fav2);
        }
        sdui_free(s);
        sdui_free(fav);
        sdui_free(fuzz_out(e, sdui_patches_json, "sdui_patches_json"));
        trace(e, "sdui_patches_json", SDUI_OK);
    }
    int fired = 0;
    status = sdui_tick(e, 100000, &fired);
    if (tracing)
        fprintf(stderr, "fuzz_script: %d timers fired\n", fired);
    trace(e, "sdui_tick", status);
    fuzz_check_status(status, "sdui_tick");
    sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));
    sdui_free(fuzz_layout(e, 40));
    trace(e, "sdui_render_text, layout", SDUI_OK);
    status = sdui_scripts_reload(e);
    trace(e, "sdui_scripts_reload", status);
    fuzz_check_status(status, "sdui_scripts_reload");
    if (status != SDUI_OK && sdui_errmsg(e)[0] == '\0')
        FUZZ_FAIL("sdui_scripts_reload failed (%d) with no message", status);
    check_limit_message(e, status, "sdui_scripts_reload");
    sdui_free(fuzz_out(e, sdui_render_json, "sdui_render_json"));
    trace(e, "sdui_render_json", SDUI_OK);
    trace_diagnostics(e);
    sdui_engine_free(e);
    return 0;
}
