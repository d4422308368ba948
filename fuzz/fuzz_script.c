/*
** fuzz_script -- script text through the script host (sdui_scripts_load).
**
** Input: the text of one script. It is written as the single file of a
** temporary folder and loaded with sdui_scripts_load into a fresh engine
** (instruction budget 200,000, memory cap 16 MiB); then a page whose
** components have the types scripts in the seeds register renders, a few
** actions dispatch, the clock ticks, and the script is reloaded.
**
** Checks: every status is an sdui status; a failed load sets a message;
** a failed dispatch leaves the state of the services the script declared
** byte-identical; nothing the script does crashes or leaks memory in the
** host (ASan), and nothing hangs (run with -timeout).
*/
#define _DEFAULT_SOURCE
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

    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        abort();
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 200000);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_MEMORY, 16 << 20);
    int status = sdui_scripts_load(e, folder);
    fuzz_check_status(status, "sdui_scripts_load");
    if (status != SDUI_OK && sdui_errmsg(e)[0] == '\0')
        FUZZ_FAIL("sdui_scripts_load failed (%d) with no message", status);
    if (sdui_load_page(e, page, sizeof page - 1) != SDUI_OK)
        FUZZ_FAIL("page: %s", sdui_errmsg(e));
    sdui_free(fuzz_out(e, sdui_render_json, "sdui_render_json"));
    for (size_t i = 0; i < sizeof actions / sizeof *actions; i++) {
        char *s = state_of(e, "s"), *fav = state_of(e, "favorites");
        status = sdui_dispatch(e, actions[i], strlen(actions[i]));
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
    }
    fuzz_check_status(sdui_tick(e, 100000, NULL), "sdui_tick");
    sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));
    sdui_free(fuzz_layout(e, 40));
    fuzz_check_status(sdui_scripts_reload(e), "sdui_scripts_reload");
    sdui_free(fuzz_out(e, sdui_render_json, "sdui_render_json"));
    sdui_engine_free(e);
    return 0;
}
