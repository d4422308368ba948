/*
** fuzz_patch -- server patch documents ({"patch": {"changes": [...], "mode"}})
** over a loaded page.
**
** Input: up to three documents separated by a line "@@", each given to
** sdui_load_page in turn over a fixed page of five components (ids a..e,
** echo factories); after each, the patches, the screen, the text, the
** layout and the diagnostics.
**
** Checks: every status is an sdui status; a failed patch (transactional:
** any bad change) leaves the screen byte-identical and sets a message;
** after sdui_render_json there are no patches left; the patches after each
** load turn the previous screen into the current one (screen.h); outputs
** are terminated.
*/
#include "common.h"
#include "screen.h"

static const char base[] =
    "{\"id\":\"base\",\"version\":1,\"components\":["
    "{\"id\":\"a\",\"type\":\"Echo\",\"data\":{\"title\":\"Alpha\",\"action\":{\"type\":\"s/x\"}}},"
    "{\"id\":\"b\",\"type\":\"Echo\",\"data\":{\"title\":\"Beta\",\"read\":\"a[1].b\",\"url\":\"https://i/b.png\"}},"
    "{\"id\":\"c\",\"type\":\"MovieCardComponent\",\"data\":{\"title\":\"Gamma\",\"rating\":0.5,\"genres\":[{\"name\":\"x\"},{\"name\":\"y\"}]}},"
    "{\"id\":\"d\",\"type\":\"Unknown\",\"fallback\":{\"type\":\"Text\",\"data\":{\"text\":\"fb\"}}},"
    "{\"id\":\"e\",\"type\":\"Builder\",\"data\":{\"nodes\":[[\"hstack\"],[\"text\",\"text\",\"e\"],[\"]\"],[\"spacer\"]]}}"
    "]}";

static void check_clean(sdui_engine *e)
{
    char *patches = fuzz_out(e, sdui_patches_json, "sdui_patches_json");
    if (patches && strncmp(patches, "{\"patches\":[]", 13) != 0)
        FUZZ_FAIL("patches right after a render: %s", patches);
    sdui_free(patches);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        abort();
    fuzz_register_factories(e);
    static const char state[] = "{\"a\":[1,{\"b\":\"x\"}]}";
    if (sdui_register_service(e, "s", state, sizeof state - 1) != SDUI_OK ||
        sdui_load_page(e, base, sizeof base - 1) != SDUI_OK)
        FUZZ_FAIL("base page: %s", sdui_errmsg(e));
    sscreen model = {0};
    char *first = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (first == NULL || !sscreen_load(&model, first, strlen(first)))
        FUZZ_FAIL("first screen: %s", model.err);
    sdui_free(first);

    for (int part = 0; part < 3; part++) {
        size_t len = 0;
        const uint8_t *doc = fuzz_part(data, size, part, &len);
        if (doc == NULL)
            break;
        char *before = fuzz_out(e, sdui_render_json, "sdui_render_json");
        check_clean(e);
        int status = sdui_load_page(e, (const char *)doc, len);
        fuzz_check_status(status, "sdui_load_page");
        if (status != SDUI_OK) {
            if (sdui_errmsg(e)[0] == '\0')
                FUZZ_FAIL("sdui_load_page failed (%d) with no message", status);
            char *after = fuzz_out(e, sdui_render_json, "sdui_render_json");
            if (before && after && strcmp(before, after) != 0)
                FUZZ_FAIL("failed patch (%d: %s) changed the screen:\n%s\n---\n%s", status, sdui_errmsg(e), before,
                          after);
            sdui_free(after);
        }
        sscreen_check(&model, e, status == SDUI_OK ? "patch" : "failed patch");
        check_clean(e);
        sdui_free(fuzz_out(e, sdui_diagnostics_json, "sdui_diagnostics_json"));
        sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));
        layout_check(e, &model, 30);
        sdui_free(before);
    }
    sscreen_clear(&model);
    sdui_engine_free(e);
    return 0;
}
