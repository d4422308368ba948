/*
** test_themes.c -- themes through include/sdui.h only: sdui_set_theme()
** and its errors (line:column and path; nothing changes), tokens resolved to
** literals in the screen, sdui_set_appearance() patching only the
** component whose tokens changed (and nothing when none did), an unknown
** token's diagnostic, sdui_call_appearance() read by a factory, and
** sdui_set_appearance() refused from inside a callback.
*/
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sdui.h"
#include "check.h"

static const char *THEME =
    "{\"colors\":{\"accent\":{\"light\":\"#2563eb\",\"dark\":\"#93c5fd\"},\"brand\":\"#dc2626\"},"
    "\"fonts\":{\"heading\":{\"light\":\"title\",\"dark\":\"headline\"}}}";

static const char *ACCENT =
    "{\"type\":\"text\",\"text\":\"hi\",\"style\":{\"color\":\"@accent\",\"font\":\"@heading\"}}";
static const char *BRAND = "{\"type\":\"text\",\"text\":\"b\",\"style\":{\"background\":\"@brand\"}}";
static const char *PLAIN = "{\"type\":\"text\",\"text\":\"p\",\"style\":{\"color\":\"#333333\"}}";

static int view_factory(sdui_call *call, void *userdata)
{
    const char *view = userdata;
    return sdui_call_return(call, view, strlen(view));
}

/* A text naming the appearance the factory reads. */
static int mode_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    char view[128];
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"mode %s\"}", sdui_call_appearance(call));
    return sdui_call_return(call, view, strlen(view));
}

/* What switching the appearance from inside a factory gives: the engine is busy. */
static int busy_status = -1;

static int switching_factory(sdui_call *call, void *userdata)
{
    busy_status = sdui_set_appearance(userdata, "dark");
    const char *view = "{\"type\":\"text\",\"text\":\"s\"}";
    return sdui_call_return(call, view, strlen(view));
}

/* How many times `needle` occurs in `hay`. */
static sdui_engine *themed_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_set_theme(e, THEME, strlen(THEME)), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Accent", view_factory, (void *)ACCENT, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Brand", view_factory, (void *)BRAND, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Plain", view_factory, (void *)PLAIN, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Mode", mode_factory, NULL, NULL), SDUI_OK);
    char page[4096] = "{\"id\":\"p\",\"components\":[";
    for (int i = 0; i < 30; i++) {
        char c[64];
        snprintf(c, sizeof c, "{\"id\":\"p%d\",\"type\":\"Plain\"},", i);
        strcat(page, c);
    }
    strcat(page, "{\"id\":\"a\",\"type\":\"Accent\"},{\"id\":\"b\",\"type\":\"Brand\"}]}");
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    return e;
}

static void test_resolve_and_switch(void)
{
    sdui_engine *e = themed_engine();
    CHECK_STR_EQ(sdui_appearance(e), "light");
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"style\":{\"font\":\"title\",\"color\":\"#2563eb\"}");
    CHECK_STR_CONTAINS(screen, "\"style\":{\"background\":\"#dc2626\"}");
    CHECK(screen && !strchr(screen, '@'));
    free(screen);

    CHECK_STATUS(sdui_set_appearance(e, "dark"), SDUI_OK);
    CHECK_STR_EQ(sdui_appearance(e), "dark");
    char *p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1); /* only the Accent component, */
    CHECK_EQ_INT(check_count(p, "\"op\":"), 2);             /* its one node set */
    CHECK_STR_CONTAINS(p, "\"id\":\"a\"");
    CHECK_STR_CONTAINS(p, "\"color\":\"#93c5fd\"");
    CHECK_STR_CONTAINS(p, "\"font\":\"headline\"");
    free(p);

    /* nothing changes: no patch */
    CHECK_STATUS(sdui_set_appearance(e, "dark"), SDUI_OK);
    p = check_patches(e);
    CHECK_STR_CONTAINS(p, "{\"patches\":[],");
    free(p);

    /* a new theme that changes only the brand colour patches only Brand */
    const char *other = "{\"colors\":{\"accent\":{\"light\":\"#2563eb\",\"dark\":\"#93c5fd\"},\"brand\":\"#16a34a\"},"
                        "\"fonts\":{\"heading\":{\"light\":\"title\",\"dark\":\"headline\"}}}";
    CHECK_STATUS(sdui_set_theme(e, other, strlen(other)), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_EQ_INT(check_count(p, "\"op\":"), 2);
    CHECK_STR_CONTAINS(p, "\"id\":\"b\"");
    CHECK_STR_CONTAINS(p, "#16a34a");
    free(p);
    sdui_engine_free(e);
}

static void test_errors(void)
{
    sdui_engine *e = themed_engine();
    char *before = check_render(e);
    const char *bad = "{\"colors\":{\"accent\":{\"light\":\"#fff\",\n\"dark\":true}}}";
    CHECK_STATUS(sdui_set_theme(e, bad, strlen(bad)), SDUI_ECONTRACT);
    CHECK_STR_EQ(sdui_errmsg(e), "2:8: $.colors.accent.dark: expected a string, got boolean");
    CHECK_STATUS(sdui_set_theme(e, "{", 1), SDUI_EPARSE);
    CHECK_STATUS(sdui_set_theme(e, NULL, 0), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_appearance(e, "dim"), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "\"light\" or \"dark\"");
    CHECK_STATUS(sdui_set_appearance(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_appearance(NULL, "dark"), SDUI_EINVAL);
    CHECK(sdui_appearance(NULL) == NULL);
    CHECK(sdui_call_appearance(NULL) == NULL);
    CHECK_STR_EQ(sdui_appearance(e), "light");
    char *p = check_patches(e);
    CHECK_STR_CONTAINS(p, "{\"patches\":[],");
    free(p);
    char *after = check_render(e);
    CHECK_STR_EQ(after, before);
    free(before);
    free(after);
    sdui_engine_free(e);
}

static void test_unknown_token(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    const char *typo = "{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"x\",\"style\":{\"color\":\"@acent\"}}]}";
    CHECK_STATUS(sdui_register_component(e, "Typo", view_factory, (void *)typo, NULL), SDUI_OK);
    const char *page = "[{\"id\":\"t\",\"type\":\"Typo\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "{\"type\":\"text\",\"id\":\"t/0\",\"text\":\"x\"}"); /* the colour left unset */
    free(screen);
    char *out = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_diagnostics_json(e, &out, &len), SDUI_OK);
    CHECK_STR_CONTAINS(out, "\"code\":\"unknown-token\",\"component\":\"t\"");
    CHECK_STR_CONTAINS(out, "$.children[0].style.color: no colour token \\\"@acent\\\" in the theme");
    sdui_free(out);
    sdui_engine_free(e);
}

static void test_factory_reads_appearance(void)
{
    sdui_engine *e = themed_engine();
    const char *page = "[{\"id\":\"m\",\"type\":\"Mode\"},{\"id\":\"q\",\"type\":\"Plain\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "mode light");
    free(screen);
    CHECK_STATUS(sdui_set_appearance(e, "dark"), SDUI_OK);
    char *p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_EQ_INT(check_count(p, "\"op\":"), 2);
    CHECK_STR_CONTAINS(p, "mode dark");
    free(p);
    sdui_engine_free(e);
}

static void test_busy(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Switch", switching_factory, e, NULL), SDUI_OK);
    const char *page = "[{\"id\":\"s\",\"type\":\"Switch\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"text\":\"s\"");
    free(screen);
    CHECK_EQ_INT(busy_status, SDUI_EBUSY);
    CHECK_STR_EQ(sdui_appearance(e), "light");
    sdui_engine_free(e);
}

static char emit_error[256];

/* theme/set {value}: emits {"type":"appearance","value":...}, then fails
** when the payload says so (the effect must then be dropped). */
static int set_appearance_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *value = sdui_call_string(call, SDUI_INPUT, "value");
    char effect[128];
    snprintf(effect, sizeof effect, "{\"type\":\"appearance\",\"value\":\"%s\"}", value ? value : "?");
    int status = sdui_call_emit(call, effect, strlen(effect));
    if (status != SDUI_OK) {
        snprintf(emit_error, sizeof emit_error, "%s", sdui_call_errmsg(call));
        return status;
    }
    double fail = 0;
    if (sdui_call_number(call, SDUI_INPUT, "fail", &fail) == SDUI_OK && fail != 0) {
        sdui_call_error(call, "refused");
        return SDUI_ERROR;
    }
    return SDUI_OK;
}

/* A C handler switches the appearance with the engine's "appearance"
** effect, committed with its dispatch; it persists as "sdui/appearance". */
static void test_appearance_effect(void)
{
    char dir[] = "/tmp/sdui-appearance-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sdui_engine *e = themed_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, SDUI_PERSIST_APPEARANCE), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "theme", "{}", 2), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "theme/set", set_appearance_handler, NULL, NULL), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);

    const char *failing = "{\"type\":\"theme/set\",\"payload\":{\"value\":\"dark\",\"fail\":1}}";
    CHECK_STATUS(sdui_dispatch(e, failing, strlen(failing)), SDUI_ECALLBACK);
    CHECK_STR_EQ(sdui_appearance(e), "light"); /* rolled back: the effect was dropped */
    const char *toggle = "{\"type\":\"theme/set\",\"payload\":{\"value\":\"toggle\"}}";
    CHECK_STATUS(sdui_dispatch(e, toggle, strlen(toggle)), SDUI_OK);
    CHECK_STR_EQ(sdui_appearance(e), "dark");
    CHECK_STATUS(sdui_patches_json(e, &out, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(out, "#93c5fd"); /* the accent's dark value, patched */
    sdui_free(out);
    const char *bad = "{\"type\":\"theme/set\",\"payload\":{\"value\":\"dusk\"}}";
    CHECK_STATUS(sdui_dispatch(e, bad, strlen(bad)), SDUI_ECALLBACK); /* the emit refused it */
    CHECK_STR_CONTAINS(emit_error, "\"appearance\" effect needs \"value\"");
    CHECK_STR_EQ(sdui_appearance(e), "dark");
    CHECK_STATUS(sdui_register_effect(e, "appearance", view_factory, NULL, NULL), SDUI_EINVAL);
    sdui_engine_free(e);

    /* The next start: the saved choice is in force before the first render. */
    sdui_engine *again = themed_engine();
    CHECK_STATUS(sdui_persist_directory(again, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(again, SDUI_PERSIST_APPEARANCE), SDUI_OK);
    CHECK_STR_EQ(sdui_appearance(again), "dark");
    CHECK_EQ_INT(sdui_counter(again, SDUI_COUNTER_SAVES), 0); /* restoring saves nothing */
    CHECK_STATUS(sdui_set_appearance(again, "light"), SDUI_OK);
    CHECK_EQ_INT(sdui_counter(again, SDUI_COUNTER_SAVES), 1);
    sdui_engine_free(again);
    char path[256];
    snprintf(path, sizeof path, "%s/sdui.appearance.state", dir);
    CHECK(remove(path) == 0);
    snprintf(path, sizeof path, "%s/.sdui.lock", dir);
    remove(path);
    CHECK(rmdir(dir) == 0);
}

int main(void)
{
    test_resolve_and_switch();
    test_errors();
    test_unknown_token();
    test_factory_reads_appearance();
    test_busy();
    test_appearance_effect();
    return check_summary();
}
