/*
** test_layout.c -- sdui_layout_json and sdui_set_measurer through the header:
** exact frames in monospace cells, the per-component layout cache, a host
** measurer, what each node says (role, name, text, inputKind), the layout
** in points (sdui_set_cell_size), and bad arguments.
*/
#include <string.h>

#include "check.h"

static int card(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *title = NULL, *star = NULL;
    char view[512];
    if (sdui_call_json(call, SDUI_INPUT, "title", &title, NULL) != SDUI_OK)
        return SDUI_ERROR;
    char *id = NULL;
    sdui_call_json(call, SDUI_INPUT, "id", &id, NULL);
    char key[64];
    snprintf(key, sizeof key, "%s", id ? id : "0");
    int fav = sdui_call_state(call, "favorites", key, &star, NULL) == SDUI_OK;
    /* hstack [text title, spacer, button ★/☆] with spacing 1 */
    snprintf(view, sizeof view,
             "{\"type\":\"hstack\",\"style\":{\"spacing\":1,\"width\":\"fill\"},\"children\":["
             "{\"type\":\"text\",\"text\":%s},{\"type\":\"spacer\"},"
             "{\"type\":\"button\",\"label\":\"%s\",\"action\":{\"type\":\"favorites/toggle\",\"payload\":{\"id\":%s}}}]}",
             title, fav ? "★" : "☆", key);
    sdui_free(title);
    sdui_free(star);
    sdui_free(id);
    return sdui_call_return(call, view, strlen(view));
}

static int toggle(sdui_call *call, void *userdata)
{
    (void)userdata;
    double id = 0;
    if (sdui_call_number(call, SDUI_INPUT, "id", &id) != SDUI_OK)
        return SDUI_ERROR;
    char path[32];
    snprintf(path, sizeof path, "%.0f", id);
    char *now = NULL;
    int on = sdui_call_json(call, SDUI_STATE, path, &now, NULL) == SDUI_OK;
    sdui_free(now);
    return sdui_call_set(call, path, on ? NULL : "true", on ? 0 : 4);
}

static const char *PAGE = "[{\"id\":\"a\",\"type\":\"Card\",\"data\":{\"id\":1,\"title\":\"Heat\"}},"
                          "{\"id\":\"b\",\"type\":\"Card\",\"data\":{\"id\":2,\"title\":\"日本の夏\"}}]";

static char *layout(sdui_engine *e, double width)
{
    char *out = NULL;
    if (!CHECK_STATUS(sdui_layout_json(e, width, &out, NULL), SDUI_OK))
        return NULL;
    return out;
}

/* An engine with the favorites service and the Card component. */
static sdui_engine *card_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "favorites", "{}", 2), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Card", card, NULL, NULL), SDUI_OK);
    return e;
}

static void test_frames(void)
{
    sdui_engine *e = card_engine();
    CHECK_STATUS(sdui_register_action(e, "favorites/toggle", toggle, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, PAGE, strlen(PAGE)), SDUI_OK);

    char *l = layout(e, 20);
    /* Each card is one line: "Heat" (4 cells) at 0, the spacer takes the
       rest, the button "☆" plus one cell of chrome each side (3) ends at 20. */
    CHECK_STR_CONTAINS(l, "{\"width\":20,\"height\":2,\"components\":[{\"id\":\"a\",\"y\":0,\"root\":"
                          "{\"id\":\"a\",\"type\":\"hstack\",\"frame\":{\"x\":0,\"y\":0,\"width\":20,\"height\":1}");
    CHECK_STR_CONTAINS(l, "{\"id\":\"a/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":4,\"height\":1}");
    /* A spacer in an hstack is flexible across, and 0 high. */
    CHECK_STR_CONTAINS(l, "{\"id\":\"a/1\",\"type\":\"spacer\",\"frame\":{\"x\":5,\"y\":0,\"width\":11,\"height\":0}}");
    CHECK_STR_CONTAINS(l, "{\"id\":\"a/2\",\"type\":\"button\",\"frame\":{\"x\":17,\"y\":0,\"width\":3,\"height\":1}");
    /* Wide characters count two cells: 日本の夏 is 8 wide; the second card sits at y 1. */
    CHECK_STR_CONTAINS(l, "{\"id\":\"b\",\"y\":1,");
    CHECK_STR_CONTAINS(l, "{\"id\":\"b/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":8,\"height\":1}");
    sdui_free(l);
    long long layouts = sdui_counter(e, SDUI_COUNTER_LAYOUTS);
    CHECK_EQ_INT(layouts, 2);

    /* Same width, nothing changed: served from the cache. */
    sdui_free(layout(e, 20));
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_LAYOUTS), 2);
    /* A toggle re-renders one card, and only it is laid out again. */
    const char *press = "{\"type\":\"favorites/toggle\",\"payload\":{\"id\":2}}";
    CHECK_STATUS(sdui_dispatch(e, press, strlen(press)), SDUI_OK);
    l = layout(e, 20);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_LAYOUTS), 3);
    CHECK_STR_CONTAINS(l, "{\"id\":\"b/2\",\"type\":\"button\",\"frame\":{\"x\":17,\"y\":0,\"width\":3,\"height\":1}");
    sdui_free(l);
    /* A narrower width lays out everything again; 10 cells leave 5 for the
       title next to the spacing and the button: 日本の夏 wraps as 日本 / の夏. */
    l = layout(e, 10);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_LAYOUTS), 5);
    CHECK_STR_CONTAINS(l, "{\"id\":\"b/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":4,\"height\":2}");
    sdui_free(l);
    sdui_engine_free(e);
}

/* A proportional host font: 7 units a byte, 16 units a line. */
static int measure(const char *text, size_t len, const char *font, double max_width, double *width, double *height,
                   void *userdata)
{
    int *calls = userdata;
    (*calls)++;
    (void)text;
    (void)max_width;
    *width = 7.0 * (double)len;
    *height = font != NULL && strcmp(font, "title") == 0 ? 24 : 16;
    return SDUI_OK;
}

static int destroyed;
static void count_destroy(void *userdata)
{
    (void)userdata;
    destroyed++;
}

static int titled(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *view = "{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"Hello\",\"style\":\"title\"},"
                       "{\"type\":\"text\",\"text\":\"abc\"}]}";
    return sdui_call_return(call, view, strlen(view));
}

static void test_measurer(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    int calls = 0;
    CHECK_STATUS(sdui_register_component(e, "T", titled, NULL, NULL), SDUI_OK);
    const char *page = "[{\"id\":\"t\",\"type\":\"T\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *cells = layout(e, 400);
    char *narrow = layout(e, 2);
    CHECK_STATUS(sdui_set_measurer(e, measure, &calls, count_destroy), SDUI_OK);
    char *l = layout(e, 400);
    CHECK(calls > 0);
    CHECK_STR_CONTAINS(l, "{\"id\":\"t/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":35,\"height\":24}");
    CHECK_STR_CONTAINS(l, "{\"id\":\"t/1\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":24,\"width\":21,\"height\":16}");
    sdui_free(l);
    /* Back to cells: the old measurer's destroy runs, layouts are redone. */
    CHECK_STATUS(sdui_set_measurer(e, NULL, NULL, NULL), SDUI_OK);
    CHECK_EQ_INT(destroyed, 1);
    l = layout(e, 400);
    CHECK_STR_CONTAINS(l, "{\"id\":\"t/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":5,\"height\":1}");
    /* The very layouts it made before the host's measurer. */
    CHECK_STR_EQ(l, cells);
    sdui_free(l);
    l = layout(e, 2);
    CHECK_STR_EQ(l, narrow);
    sdui_free(l);
    sdui_free(cells);
    sdui_free(narrow);
    sdui_engine_free(e);
}

static int form(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *view = "{\"type\":\"vstack\",\"children\":["
                       "{\"type\":\"button\",\"label\":\"\u2605\",\"accessibility\":{\"label\":\"Favourite\"}},"
                       "{\"type\":\"input\",\"name\":\"pw\",\"format\":\"password\",\"value\":\"abc\"},"
                       "{\"type\":\"input\",\"name\":\"n\",\"kind\":\"toggle\",\"title\":\"News\"},"
                       "{\"type\":\"input\",\"name\":\"c\",\"kind\":\"choice\",\"value\":\"b\",\"options\":["
                       "{\"title\":\"A\",\"value\":\"a\"},{\"title\":\"B\",\"value\":\"b\"}]},"
                       "{\"type\":\"spacer\"}]}";
    return sdui_call_return(call, view, strlen(view));
}

/* Each node says its role, accessible name, shown text and an input's kind. */
static void test_contents(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "F", form, NULL, NULL), SDUI_OK);
    const char *page = "[{\"id\":\"f\",\"type\":\"F\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *l = layout(e, 40);
    /* a plain stack has no role, name or text: its children follow its frame */
    CHECK_STR_CONTAINS(l, "\"type\":\"vstack\",\"frame\":{\"x\":0,\"y\":0,\"width\":");
    CHECK_STR_CONTAINS(l, "\"height\":4},\"children\":[");
    CHECK_STR_CONTAINS(l, "},\"role\":\"button\",\"name\":\"Favourite\",\"text\":\"\xe2\x98\x85\"}");
    CHECK_STR_CONTAINS(l, "},\"role\":\"textbox\",\"text\":\"\xe2\x80\xa2\xe2\x80\xa2\xe2\x80\xa2\",\"inputKind\":0}");
    CHECK_STR_CONTAINS(l, "},\"role\":\"checkbox\",\"name\":\"News\",\"text\":\"[ ] News\",\"inputKind\":5}");
    CHECK_STR_CONTAINS(l, "},\"role\":\"radiogroup\",\"text\":\"B \xe2\x96\xbe\",\"inputKind\":6}");
    CHECK_STR_CONTAINS(l, "\"type\":\"spacer\",\"frame\":{\"x\":0,\"y\":4,\"width\":0,\"height\":0}}");
    CHECK_EQ_INT(SDUI_INPUT_TOGGLE, 5);
    CHECK_EQ_INT(SDUI_INPUT_UNKNOWN, -1);
    sdui_free(l);
    sdui_engine_free(e);
}

/* A terminal's cell in points: the monospace layout, chrome and inputs scaled by it. */
static void test_cell_size(void)
{
    sdui_engine *e = card_engine();
    CHECK_STATUS(sdui_register_component(e, "F", form, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, PAGE, strlen(PAGE)), SDUI_OK);
    CHECK_STATUS(sdui_set_cell_size(e, 8, 16), SDUI_OK);
    char *l = layout(e, 160);
    /* test_frames' layout at 20 cells, each number times the cell: 8 across, 16 down */
    CHECK_STR_CONTAINS(l, "{\"width\":160,\"height\":32,\"components\":[{\"id\":\"a\",\"y\":0,");
    CHECK_STR_CONTAINS(l, "{\"id\":\"a/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":32,\"height\":16}");
    CHECK_STR_CONTAINS(l,
                       "{\"id\":\"a/2\",\"type\":\"button\",\"frame\":{\"x\":136,\"y\":0,\"width\":24,\"height\":16}");
    CHECK_STR_CONTAINS(l, "{\"id\":\"b\",\"y\":16,");
    sdui_free(l);
    /* an input is ten cells and its chrome at least: 96 points */
    const char *page = "[{\"id\":\"f\",\"type\":\"F\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    l = layout(e, 400);
    CHECK_STR_CONTAINS(l, "{\"id\":\"f/1\",\"type\":\"input\",\"frame\":{\"x\":0,\"y\":16,\"width\":96,\"height\":16}");
    sdui_free(l);
    /* (1, 1): cells again */
    CHECK_STATUS(sdui_set_cell_size(e, 1, 1), SDUI_OK);
    l = layout(e, 50);
    CHECK_STR_CONTAINS(l, "{\"id\":\"f/1\",\"type\":\"input\",\"frame\":{\"x\":0,\"y\":1,\"width\":12,\"height\":1}");
    sdui_free(l);
    CHECK_STATUS(sdui_set_cell_size(e, 0, 16), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_cell_size(e, 8, -1), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_cell_size(NULL, 8, 16), SDUI_EINVAL);
    sdui_engine_free(e);
}

static void test_bad_arguments(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    char *out = (char *)1;
    CHECK_STATUS(sdui_layout_json(e, 0, &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);
    CHECK_STATUS(sdui_layout_json(e, -5, &out, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_layout_json(e, 10, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_layout_json(NULL, 10, &out, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_measurer(NULL, measure, NULL, NULL), SDUI_EINVAL);
    /* No page: an empty layout. */
    CHECK_STATUS(sdui_layout_json(e, 10, &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "{\"width\":10,\"height\":0,\"components\":[],\"readingOrder\":[]}");
    sdui_free(out);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_LAYOUTS), 0);
    sdui_engine_free(e);
}

/* The lazy list: 200 one-line cards, a 5-line viewport. */
static void test_viewport(void)
{
    sdui_engine *e = card_engine();
    char page[200 * 64 + 16], *p = page;
    p += sprintf(p, "[");
    for (int i = 0; i < 200; i++)
        p += sprintf(p, "%s{\"id\":\"c%d\",\"type\":\"Card\",\"data\":{\"id\":%d,\"title\":\"T%d\"}}",
                     i ? "," : "", i, i, i);
    sprintf(p, "]");
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);

    char *events = NULL;
    CHECK_STATUS(sdui_set_viewport(e, 20, 0, 5, &events, NULL), SDUI_OK);
    CHECK_STR_EQ(events, "[{\"type\":\"appear\",\"id\":\"c0\"},{\"type\":\"appear\",\"id\":\"c1\"},"
                         "{\"type\":\"appear\",\"id\":\"c2\"},{\"type\":\"appear\",\"id\":\"c3\"},"
                         "{\"type\":\"appear\",\"id\":\"c4\"}]");
    sdui_free(events);
    /* Rendered: the window and one viewport below it (rows 0..10). */
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), 10);
    char *l = layout(e, 20);
    CHECK_STR_CONTAINS(l, "{\"width\":20,\"height\":200,");
    sdui_free(l);

    CHECK_STATUS(sdui_set_viewport(e, 20, 2, 5, &events, NULL), SDUI_OK);
    CHECK_STR_EQ(events, "[{\"type\":\"disappear\",\"id\":\"c0\"},{\"type\":\"disappear\",\"id\":\"c1\"},"
                         "{\"type\":\"appear\",\"id\":\"c5\"},{\"type\":\"appear\",\"id\":\"c6\"}]");
    sdui_free(events);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), 12);
    /* events may be NULL; bad values are refused and change nothing. */
    CHECK_STATUS(sdui_set_viewport(e, 20, 100, 5, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_set_viewport(e, 0, 0, 5, &events, NULL), SDUI_EINVAL);
    CHECK(events == NULL);
    CHECK_STATUS(sdui_set_viewport(e, 1.0 / 0.0, 0, 5, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_viewport(NULL, 20, 0, 5, NULL, NULL), SDUI_EINVAL);
    /* No viewport: everything renders. */
    CHECK_STATUS(sdui_set_viewport(e, 0, 0, 0, NULL, NULL), SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"id\":\"c199\"");
    free(screen);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), 200);
    sdui_engine_free(e);
}

/* The default measurer's arithmetic, for terminal hosts. */
static void test_text_cells(void)
{
    CHECK_EQ_INT(sdui_text_cells("Heat", 4), 4);
    CHECK_EQ_INT(sdui_text_cells("日本の夏", strlen("日本の夏")), 8);
    CHECK_EQ_INT(sdui_text_cells("e\xcc\x81", 3), 1);         /* e + combining acute */
    CHECK_EQ_INT(sdui_text_cells("\xf0\x9f\x8e\xac", 4), 2);  /* 🎬 */
    CHECK_EQ_INT(sdui_text_cells("", 0), 0);
    CHECK_EQ_INT(sdui_text_cells(NULL, 0), 0);
    CHECK_EQ_INT(sdui_text_cells(NULL, 3), -1);
    char *lines = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_text_lines("the quick brown fox", 19, 9, &lines, &len), SDUI_OK);
    CHECK_STR_EQ(lines, "the quick\nbrown fox");
    CHECK_EQ_INT(len, 19);
    sdui_free(lines);
    CHECK_STATUS(sdui_text_lines("日本の夏", strlen("日本の夏"), 5, &lines, NULL), SDUI_OK);
    CHECK_STR_EQ(lines, "日本\nの夏");
    sdui_free(lines);
    CHECK_STATUS(sdui_text_lines("a\nb", 3, 0, &lines, NULL), SDUI_OK);
    CHECK_STR_EQ(lines, "a\nb");
    sdui_free(lines);
    CHECK_STATUS(sdui_text_lines("x", 1, 5, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_text_lines(NULL, 2, 5, &lines, NULL), SDUI_EINVAL);
}

/* sdui_set_image_size: the picture's size decides its image's box, and the
** components showing it are laid out again. */
static int picture(sdui_call *call, void *userdata)
{
    (void)userdata;
    static const char view[] = "{\"type\":\"image\",\"url\":\"https://x.y/p.png\"}";
    return sdui_call_return(call, view, strlen(view));
}

static void test_image_size(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    static const char page[] = "[{\"id\":\"p\",\"type\":\"Pic\"}]";
    CHECK_STATUS(sdui_register_component(e, "Pic", picture, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *l = layout(e, 40);
    CHECK_STR_CONTAINS(l, "\"frame\":{\"x\":0,\"y\":0,\"width\":7,\"height\":1}"); /* [image] */
    sdui_free(l);
    CHECK_STATUS(sdui_set_image_size(e, "https://x.y/p.png", 20, 5), SDUI_OK);
    l = layout(e, 40);
    CHECK_STR_CONTAINS(l, "\"frame\":{\"x\":0,\"y\":0,\"width\":22,\"height\":5}"); /* 20 inside the chrome */
    sdui_free(l);
    CHECK_STATUS(sdui_set_image_size(e, "https://x.y/p.png", 0, 5), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "an image size must be finite and above 0");
    CHECK_STATUS(sdui_set_image_size(e, NULL, 1, 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_image_size(NULL, "u", 1, 1), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_text_cells();
    test_viewport();
    test_frames();
    test_measurer();
    test_image_size();
    test_contents();
    test_cell_size();
    test_bad_arguments();
    return check_summary();
}
