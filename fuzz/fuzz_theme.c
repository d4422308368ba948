/*
** fuzz_theme -- themes (sdui_set_theme) and appearance switches over a page
** whose views use tokens.
**
** Input: a theme document; an optional second document is a view node that
** one more component returns verbatim (tokens in it or not).
**
** Checks: every status is an sdui status; a refused theme sets a message
** and leaves the screen byte-identical with no patches; after the theme and
** after each switch (dark, dark again, light) the patches turn the previous
** screen into the current one (screen.h); switching to the appearance in
** force leaves no patches; light again gives the screen of the theme's
** first light render byte for byte; the layout and diagnostics hold.
*/
#include "common.h"
#include "screen.h"

#define BASE                                                                                                  \
    "[{\"id\":\"t\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"vstack\",\"style\":{\"background\":\"@bg\"},"   \
    "\"children\":[{\"type\":\"text\",\"text\":\"t\",\"style\":{\"color\":\"@fg\",\"font\":\"@f\"}},"                   \
    "{\"type\":\"paragraph\",\"runs\":[{\"text\":\"r\",\"color\":\"@fg\",\"highlight\":\"@bg\",\"font\":\"@f\"}]}]}}}," \
    "{\"id\":\"p\",\"type\":\"Echo\",\"data\":{\"title\":\"plain\",\"style\":{\"color\":\"#123456\"}}}"

static void check_clean(sdui_engine *e, const char *what)
{
    char *patches = fuzz_out(e, sdui_patches_json, "sdui_patches_json");
    if (patches && strncmp(patches, "{\"patches\":[]", 13) != 0)
        FUZZ_FAIL("%s: patches where nothing changed: %s", what, patches);
    sdui_free(patches);
}

static void set_appearance(sdui_engine *e, const char *appearance)
{
    int status = sdui_set_appearance(e, appearance);
    if (status != SDUI_OK)
        FUZZ_FAIL("sdui_set_appearance(%s): %d %s", appearance, status, sdui_errmsg(e));
    const char *now = sdui_appearance(e);
    if (now == NULL || strcmp(now, appearance) != 0)
        FUZZ_FAIL("sdui_appearance: %s after switching to %s", now ? now : "NULL", appearance);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        abort();
    fuzz_register_factories(e);
    size_t theme_len = 0, view_len = 0;
    const uint8_t *theme = fuzz_part(data, size, 0, &theme_len);
    const uint8_t *view = fuzz_part(data, size, 1, &view_len);

    /* the base page, and with a view: the same page and one more component returning it */
    fuzz_buf page = {0};
    fb_str(&page, BASE);
    if (view != NULL) {
        fb_str(&page, ",{\"id\":\"v\",\"type\":\"Echo\",\"data\":{\"view\":");
        fb_add(&page, (const char *)view, view_len);
        fb_str(&page, "}}");
    }
    fb_str(&page, "]");
    if (sdui_load_page(e, page.s, page.n) != SDUI_OK && sdui_load_page(e, BASE "]", sizeof BASE "]" - 1) != SDUI_OK)
        FUZZ_FAIL("base page: %s", sdui_errmsg(e));
    free(page.s);

    sscreen model = {0};
    char *first = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (first == NULL || !sscreen_load(&model, first, strlen(first)))
        FUZZ_FAIL("first screen: %s", model.err);

    int status = sdui_set_theme(e, (const char *)theme, theme_len);
    fuzz_check_status(status, "sdui_set_theme");
    if (status != SDUI_OK) {
        if (sdui_errmsg(e)[0] == '\0')
            FUZZ_FAIL("sdui_set_theme failed (%d) with no message", status);
        check_clean(e, "a refused theme");
        char *after = fuzz_out(e, sdui_render_json, "sdui_render_json");
        if (after && strcmp(first, after) != 0)
            FUZZ_FAIL("a refused theme (%d: %s) changed the screen:\n%s\n---\n%s", status, sdui_errmsg(e), first,
                      after);
        sdui_free(after);
    }
    sscreen_check(&model, e, status == SDUI_OK ? "theme" : "refused theme");
    char *light = fuzz_out(e, sdui_render_json, "sdui_render_json");
    sdui_free(fuzz_out(e, sdui_diagnostics_json, "sdui_diagnostics_json"));

    set_appearance(e, "dark");
    sscreen_check(&model, e, "dark");
    layout_check(e, &model, 30);
    set_appearance(e, "dark");
    check_clean(e, "dark again");
    set_appearance(e, "light");
    sscreen_check(&model, e, "light again");
    char *again = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (light && again && strcmp(light, again) != 0)
        FUZZ_FAIL("light, dark, light: the screen differs\n%s\n---\n%s", light, again);
    sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));

    sdui_free(first);
    sdui_free(light);
    sdui_free(again);
    sscreen_clear(&model);
    sdui_engine_free(e);
    return 0;
}
