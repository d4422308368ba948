/*
** test_accessibility.c -- accessibility and image order through the header:
** the "accessibility" member in renders and patches, its errors, the
** "unlabelled-button" warning, the layout's "readingOrder", and
** "images.added" in on-screen order with its "hints".
*/
#include <string.h>

#include "check.h"

/* The message of the last view refused (sdui_call_errmsg). */
static char refused[512];

/* Returns the view in its data's "view" member as it is. */
static int echo(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *view = NULL;
    size_t len = 0;
    if (sdui_call_json(call, SDUI_INPUT, "view", &view, &len) != SDUI_OK)
        return SDUI_ERROR;
    int rc = sdui_call_return(call, view, len);
    if (rc != SDUI_OK)
        snprintf(refused, sizeof refused, "%s", sdui_call_errmsg(call));
    sdui_free(view);
    return rc;
}

/* An engine showing `page` (components of type "Echo"). */
static sdui_engine *engine_with(const char *page)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Echo", echo, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    return e;
}

static void test_member_and_warning(void)
{
    const char *page =
        "[{\"id\":\"c\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"hstack\",\"children\":["
        "{\"type\":\"button\",\"label\":\"★\",\"accessibility\":{\"label\":\"Favourite\",\"hint\":\"Adds it\"}},"
        "{\"type\":\"button\",\"label\":\"♥\"},"
        "{\"type\":\"image\",\"url\":\"u\",\"accessibility\":{\"role\":\"none\"}}]}}},"
        "{\"id\":\"bad\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"text\",\"text\":\"a\",\"accessibility\":{\"role\":\"banner\"}}]}}}]";
    sdui_engine *e = engine_with(page);
    char *screen = check_output_raw(e, sdui_render_json);
    /* Written back as given, in the node's member order. */
    CHECK_STR_CONTAINS(screen, "{\"type\":\"button\",\"id\":\"c/0\",\"label\":\"★\","
                               "\"accessibility\":{\"label\":\"Favourite\",\"hint\":\"Adds it\"}}");
    CHECK_STR_CONTAINS(screen, "\"accessibility\":{\"role\":\"none\"}");
    /* A bad role is an error node for that component, naming the path. */
    CHECK_STR_CONTAINS(screen, "{\"id\":\"bad\",\"type\":\"Echo\",\"view\":{\"type\":\"error\"");
    free(screen);
    char *diagnostics = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(diagnostics, "\"code\":\"factory-failed\",\"component\":\"bad\"");
    CHECK_STR_CONTAINS(refused, "$.children[0].accessibility.role: unknown role \"banner\" (known: button, link,");
    /* The ♥ button has no label: warned; the ★ one has one. */
    CHECK_STR_CONTAINS(diagnostics, "\"code\":\"unlabelled-button\",\"component\":\"c\","
                                    "\"message\":\"button \\\"c/1\\\" shows only symbols");
    CHECK(strstr(diagnostics, "c/0\\\" shows") == NULL);
    free(diagnostics);
    sdui_engine_free(e);
}

static void test_reading_order(void)
{
    /* a title over a right-to-left row of two buttons and a tap target holding two texts */
    const char *page =
        "[{\"id\":\"c\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"text\",\"text\":\"Title\"},"
        "{\"type\":\"hstack\",\"style\":{\"direction\":\"rtl\",\"width\":\"fill\"},\"children\":["
        "{\"type\":\"button\",\"label\":\"first\"},{\"type\":\"button\",\"label\":\"second\"}]},"
        "{\"type\":\"hstack\",\"action\":{\"type\":\"a/b\"},\"children\":["
        "{\"type\":\"text\",\"text\":\"in\"},{\"type\":\"text\",\"text\":\"side\"}]}]}}},"
        "{\"id\":\"d\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"text\",\"text\":\"end\"}}}]";
    sdui_engine *e = engine_with(page);
    char *l = NULL;
    CHECK_STATUS(sdui_layout_json(e, 30, &l, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(l, ",\"readingOrder\":[\"c/0\",\"c/1/0\",\"c/1/1\",\"c/2\",\"d\"]}");
    /* right to left: "first" is placed right of "second", and read first */
    CHECK_STR_CONTAINS(l, "{\"id\":\"c/1/0\",\"type\":\"button\",\"frame\":{\"x\":23,");
    sdui_free(l);
    /* Another width, from the cache: the same order. */
    CHECK_STATUS(sdui_layout_json(e, 12, &l, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(l, ",\"readingOrder\":[\"c/0\",\"c/1/0\",\"c/1/1\",\"c/2\",\"d\"]}");
    sdui_free(l);
    sdui_engine_free(e);
}

static void test_images(void)
{
    /* z, b, a in the tree: before any layout they come in that order, not sorted */
    const char *page =
        "[{\"id\":\"c\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"image\",\"url\":\"z\",\"style\":{\"width\":6,\"height\":2}},"
        "{\"type\":\"image\",\"url\":\"b\",\"style\":{\"width\":4,\"height\":3}}]}}},"
        "{\"id\":\"d\",\"type\":\"Echo\",\"data\":{\"view\":{\"type\":\"image\",\"url\":\"a\"}}}]";
    sdui_engine *e = engine_with(page);
    char *p = check_output_raw(e, sdui_patches_json);
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[\"z\",\"b\",\"a\"],\"removed\":[],\"hints\":["
                          "{\"url\":\"z\",\"priority\":\"visible\"},{\"url\":\"b\",\"priority\":\"visible\"},"
                          "{\"url\":\"a\",\"priority\":\"visible\"}]}");
    free(p);
    sdui_engine_free(e);

    /* With a viewport (or after a layout) the hints carry the laid-out sizes;
       outside the viewport, "nearby". (d, two viewports down, is not rendered.) */
    e = engine_with(page);
    char *events = NULL;
    CHECK_STATUS(sdui_set_viewport(e, 20, 0, 2, &events, NULL), SDUI_OK);
    sdui_free(events);
    p = check_output_raw(e, sdui_patches_json);
    CHECK_STR_CONTAINS(p, "\"hints\":[{\"url\":\"z\",\"width\":6,\"height\":2,\"priority\":\"visible\"},"
                          "{\"url\":\"b\",\"width\":4,\"height\":3,\"priority\":\"nearby\"}]}");
    CHECK_STR_CONTAINS(p, "\"added\":[\"z\",\"b\"]");
    free(p);
    sdui_engine_free(e);
}

int main(void)
{
    test_member_and_warning();
    test_reading_order();
    test_images();
    return check_summary();
}
