/*
** fuzz_page -- page bytes through the whole pipeline.
**
** Input: up to three documents separated by a line "@@":
**   1. a page (or anything) for sdui_load_page;
**   2. a second document for sdui_load_page: a server patch or another page;
**   3. a new state for service "s" (components read it through "read").
** After each step: sdui_render_json, sdui_render_text, sdui_diagnostics_json,
** sdui_layout_json at two widths, sdui_patches_json.
**
** Checks: every status is an sdui status; outputs are NUL-terminated at
** their length; sdui_check_json ("payload") gives each load's verdict
** first (status and message; a patch's ids are for the load alone); a
** failed load leaves the rendered screen byte-identical;
** the patches after each step turn the previous screen into the current
** one (screen.h);
** rendering twice with nothing in between gives the same bytes; after
** sdui_render_json, sdui_patches_json has no patches.
*/
#include "common.h"
#include "screen.h"

static sscreen model; /* the screen as the host has it: renders plus patches */

static void render_all(sdui_engine *e)
{
    char *json = fuzz_out(e, sdui_render_json, "sdui_render_json");
    char *again = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (json && again && strcmp(json, again) != 0)
        FUZZ_FAIL("two renders with nothing in between differ:\n%s\n---\n%s", json, again);
    char *patches = fuzz_out(e, sdui_patches_json, "sdui_patches_json");
    if (patches && strncmp(patches, "{\"patches\":[]", 13) != 0)
        FUZZ_FAIL("patches right after a render: %s", patches);
    sdui_free(patches);
    sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));
    sdui_free(fuzz_out(e, sdui_diagnostics_json, "sdui_diagnostics_json"));
    sdui_free(fuzz_out(e, sdui_images_json, "sdui_images_json"));
    layout_check(e, &model, 80);
    layout_check(e, &model, 7);
    sdui_free(json);
    sdui_free(again);
}

/* Loads a document; on failure the screen must be what it was. */
static void load(sdui_engine *e, const uint8_t *doc, size_t len)
{
    char *before = fuzz_out(e, sdui_render_json, "sdui_render_json");
    /* sdui_check_json's verdict is the load's: the same status and message,
    ** except that only the load applies a patch to the page (whose ids it
    ** may not find, or repeat). */
    int checked = sdui_check_json(e, "payload", (const char *)doc, len);
    fuzz_check_status(checked, "sdui_check_json");
    char *check_message = strdup(sdui_errmsg(e));
    int status = sdui_load_page(e, (const char *)doc, len);
    fuzz_check_status(status, "sdui_load_page");
    if (check_message != NULL) {
        if (checked != SDUI_OK && (status != checked || strcmp(check_message, sdui_errmsg(e)) != 0))
            FUZZ_FAIL("sdui_check_json said %d (%s), sdui_load_page %d (%s)", checked, check_message, status,
                      sdui_errmsg(e));
        if (checked == SDUI_OK && status != SDUI_OK && strstr(sdui_errmsg(e), "nothing was applied") == NULL)
            FUZZ_FAIL("sdui_check_json accepted what sdui_load_page refused (%d: %s)", status, sdui_errmsg(e));
        free(check_message);
    }
    if (status != SDUI_OK) {
        if (sdui_errmsg(e)[0] == '\0')
            FUZZ_FAIL("sdui_load_page failed (%d) with no message", status);
        char *after = fuzz_out(e, sdui_render_json, "sdui_render_json");
        if (before && after && strcmp(before, after) != 0)
            FUZZ_FAIL("failed load (%d: %s) changed the screen:\n%s\n---\n%s", status, sdui_errmsg(e), before, after);
        sdui_free(after);
    }
    sdui_free(before);
    sscreen_check(&model, e, status == SDUI_OK ? "load" : "failed load");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A fresh engine for each input, so a finding replays alone. */
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        abort();
    fuzz_register_factories(e);
    static const char state[] = "{\"a\":[1,{\"b\":\"x\"}],\"flag\":true,\"name\":\"n\"}";
    if (sdui_register_service(e, "s", state, sizeof state - 1) != SDUI_OK)
        FUZZ_FAIL("service: %s", sdui_errmsg(e));
    char *first = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (first == NULL || !sscreen_load(&model, first, strlen(first)))
        FUZZ_FAIL("first screen: %s", model.err);
    sdui_free(first);

    size_t len = 0;
    const uint8_t *doc = fuzz_part(data, size, 0, &len);
    load(e, doc, len);
    render_all(e);

    doc = fuzz_part(data, size, 1, &len);
    if (doc != NULL) {
        load(e, doc, len);
        render_all(e);
    }
    doc = fuzz_part(data, size, 2, &len);
    if (doc != NULL) {
        int status = sdui_register_service(e, "s", (const char *)doc, len);
        fuzz_check_status(status, "sdui_register_service");
        sscreen_check(&model, e, "new state");
        render_all(e);
    }
    sscreen_clear(&model);
    sdui_engine_free(e);
    return 0;
}
