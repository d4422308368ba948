/*
** test_page_stack.c -- every page of the navigation stack is as current as
** the top one, through include/sdui.h only: a theme, an appearance,
** capabilities or a factory changed while another page is on top reach
** the page below, and going back renders again only the components that
** read what changed. Also both appearances' values for hosts.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static const char *THEME = "{\"colors\":{\"ink\":{\"light\":\"#000000\",\"dark\":\"#ffffff\"}}}";
static const char *HOME = "{\"id\":\"home\",\"components\":["
                          "{\"id\":\"ink\",\"type\":\"View\",\"data\":{\"color\":\"@ink\",\"text\":\"ink\"}},"
                          "{\"id\":\"plain\",\"type\":\"View\",\"data\":{\"color\":\"#333333\",\"text\":\"plain\"}},"
                          "{\"id\":\"map\",\"type\":\"View\",\"data\":{\"color\":\"#333333\",\"text\":\"map\"},"
                          "\"requires\":{\"maps\":\"1.0\"},\"fallback\":\"drop\"}]}";
static const char *OTHER = "{\"id\":\"a\",\"components\":["
                           "{\"id\":\"x\",\"type\":\"View\",\"data\":{\"color\":\"#333333\",\"text\":\"other\"}}]}";

/* A text of data.text in data.color (a literal or a token). */
static int view(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *text = sdui_call_string(call, SDUI_INPUT, "text");
    const char *color = sdui_call_string(call, SDUI_INPUT, "color");
    char json[256];
    snprintf(json, sizeof json, "{\"type\":\"text\",\"text\":\"%s\",\"style\":{\"color\":\"%s\"}}", text ? text : "?",
             color ? color : "red");
    return sdui_call_return(call, json, strlen(json));
}

/* The same text, upper-cased: a factory registered later. */
static int shout(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *text = sdui_call_string(call, SDUI_INPUT, "text");
    char json[256];
    snprintf(json, sizeof json, "{\"type\":\"text\",\"text\":\"%s!\"}", text ? text : "?");
    return sdui_call_return(call, json, strlen(json));
}

static int fetch(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *route = sdui_call_string(call, SDUI_INPUT, "route");
    const char *page = route != NULL && strcmp(route, "/") == 0 ? HOME : OTHER;
    return sdui_call_finish(call, 1, page, strlen(page));
}

/* An engine showing "/a" over "/" (home), both rendered. */
static sdui_engine *engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_set_theme(e, THEME, strlen(THEME)), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "View", view, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "navigation/fetch", fetch, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_navigate(e, "/"), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);
    CHECK_STATUS(sdui_navigate(e, "/a"), SDUI_OK);
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);
    return e;
}

/* Goes back to home, checks that its screen shows `want` and that going back
** ran `runs` factories, and frees the engine. */
static void check_home(sdui_engine *e, const char *want, long long runs)
{
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK); /* the top page drawn first */
    sdui_free(out);
    long long before = sdui_counter(e, SDUI_COUNTER_FACTORY_RUNS);
    CHECK_STATUS(sdui_back(e, NULL), SDUI_OK);
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(out, want);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_FACTORY_RUNS) - before, runs);
    sdui_free(out);
    sdui_engine_free(e);
}

static void test_appearance_reaches_the_page_below(void)
{
    sdui_engine *e = engine();
    CHECK_STATUS(sdui_set_appearance(e, "dark"), SDUI_OK);
    check_home(e, "\"text\":\"ink\",\"style\":{\"color\":\"#ffffff\"}", 1); /* only the reader of @ink */
}

static void test_theme_reaches_the_page_below(void)
{
    sdui_engine *e = engine();
    const char *red = "{\"colors\":{\"ink\":\"#ff0000\"}}";
    CHECK_STATUS(sdui_set_theme(e, red, strlen(red)), SDUI_OK);
    check_home(e, "\"color\":\"#ff0000\"", 1);
}

static void test_capabilities_reach_the_page_below(void)
{
    sdui_engine *e = engine();
    const char *caps = "{\"maps\":\"1.2\"}";
    CHECK_STATUS(sdui_set_capabilities(e, caps, strlen(caps)), SDUI_OK);
    check_home(e, "\"id\":\"map\"", 1); /* rendered, as a fresh engine renders it */
}

static void test_factory_reaches_the_page_below(void)
{
    sdui_engine *e = engine();
    CHECK_STATUS(sdui_register_component(e, "View", shout, NULL, NULL), SDUI_OK);
    check_home(e, "\"ink!\"", 2); /* the two home components shown; the dropped one stays dropped */
}

static void test_both_appearances(void)
{
    sdui_engine *e = engine();
    char *dark = NULL, *light = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_theme_values_json(e, "dark", &dark, &len), SDUI_OK);
    CHECK_STR_CONTAINS(dark, "\"color:ink\":\"#ffffff\"");
    CHECK_EQ_INT(len, dark != NULL ? strlen(dark) : 0);
    CHECK_STATUS(sdui_theme_values_json(e, "light", &light, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(light, "\"color:ink\":\"#000000\"");
    CHECK_STR_EQ(sdui_appearance(e), "light"); /* reading does not switch */
    sdui_free(dark);
    sdui_free(light);
    CHECK_STATUS(sdui_theme_values_json(e, "dusk", &dark, NULL), SDUI_EINVAL);
    CHECK(dark == NULL);
    CHECK_STATUS(sdui_theme_values_json(e, NULL, &dark, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_appearance_reaches_the_page_below();
    test_theme_reaches_the_page_below();
    test_capabilities_reach_the_page_below();
    test_factory_reaches_the_page_below();
    test_both_appearances();
    return check_summary();
}
