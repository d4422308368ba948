/*
** test_themes.c -- themes through include/sdui.h only: sdui_set_theme()
** and its errors (line:column and path; nothing changes), tokens resolved to
** literals in the screen, sdui_set_appearance() patching only the
** component whose tokens changed (and nothing when none did), an unknown
** token's diagnostic, sdui_call_appearance() read by a factory, and
** sdui_set_appearance() refused from inside a callback.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(void)
{
    test_resolve_and_switch();
    test_errors();
    test_unknown_token();
    test_factory_reads_appearance();
    test_busy();
    return check_summary();
}
