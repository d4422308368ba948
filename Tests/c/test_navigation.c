/*
** test_navigation.c -- the navigation stack through include/sdui.h only:
** routes opened with sdui_navigate() and a handler's "navigate" effect, the
** pages fetched by a "navigation/fetch" performer (at once with
** sdui_call_finish(), or later with sdui_finish_effect()), sdui_back() with
** the scroll position kept, the route and depth, and the failures that
** leave the stack as it was.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static const char *HOME = "{\"id\":\"home\",\"components\":["
                          "{\"id\":\"h0\",\"type\":\"Label\",\"data\":{\"text\":\"Welcome home\"}},"
                          "{\"id\":\"h1\",\"type\":\"Label\",\"data\":{\"text\":\"Browse by genre\"}},"
                          "{\"id\":\"h2\",\"type\":\"Label\",\"data\":{\"text\":\"Lighthouse\"}},"
                          "{\"id\":\"h3\",\"type\":\"Label\",\"data\":{\"text\":\"Paper Moon\"}},"
                          "{\"id\":\"h4\",\"type\":\"Label\",\"data\":{\"text\":\"Signal Lost\"}},"
                          "{\"id\":\"h5\",\"type\":\"Label\",\"data\":{\"text\":\"Long Way Down\"}}]}";
static const char *DRAMA = "{\"id\":\"genre-drama\",\"components\":["
                           "{\"id\":\"g0\",\"type\":\"Label\",\"data\":{\"text\":\"Drama\"}}]}";
static const char *BAD = "{\"id\":\"bad\",\"components\":[\n"
                         "  {\"id\":\"b0\",\"type\":true}]}";

static int label(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *text = sdui_call_string(call, SDUI_INPUT, "text");
    char view[256];
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"%s\"}", text ? text : "?");
    return sdui_call_return(call, view, strlen(view));
}

/* The fetch performer: "/", "/genre/drama" and "/bad" at once, "/later"
** left pending (its id kept), anything else a failure. */
static long long later_id;
static int fetches;
static long long depth_inside = 0;

static int fetch(sdui_call *call, void *userdata)
{
    sdui_engine *e = userdata;
    fetches++;
    depth_inside = sdui_navigation_depth(e); /* a callback: the engine is busy */
    const char *route = sdui_call_string(call, SDUI_INPUT, "route");
    double id = 0;
    sdui_call_number(call, SDUI_INPUT, "id", &id);
    if (route != NULL && strcmp(route, "/") == 0)
        return sdui_call_finish(call, 1, HOME, strlen(HOME));
    if (route != NULL && strcmp(route, "/genre/drama") == 0)
        return sdui_call_finish(call, 1, DRAMA, strlen(DRAMA));
    if (route != NULL && strcmp(route, "/bad") == 0)
        return sdui_call_finish(call, 1, BAD, strlen(BAD));
    if (route != NULL && strcmp(route, "/later") == 0) {
        later_id = (long long)id;
        return SDUI_OK;
    }
    return sdui_call_finish(call, 0, "\"404\"", 5);
}

/* nav/open {route} (or {} for back): emits a "navigate" effect whose
** on_success records the page shown in the "nav" service. */
static int nav_open(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *route = sdui_call_string(call, SDUI_INPUT, "route");
    char effect[256];
    if (route != NULL)
        snprintf(effect, sizeof effect, "{\"type\":\"navigate\",\"route\":\"%s\",\"on_success\":{\"type\":\"nav/shown\"}}",
                 route);
    else
        snprintf(effect, sizeof effect, "{\"type\":\"navigate\",\"back\":true,\"on_success\":{\"type\":\"nav/shown\"}}");
    return sdui_call_emit(call, effect, strlen(effect));
}

static int nav_shown(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *result = NULL;
    size_t len = 0;
    int status = sdui_call_json(call, SDUI_INPUT, "result", &result, &len);
    if (status == SDUI_OK)
        status = sdui_call_set(call, "shown", result, len);
    sdui_free(result);
    return status;
}

static void check_route(sdui_engine *e, const char *want, long long depth)
{
    char *route = check_output_raw(e, sdui_navigation_route);
    CHECK_STR_EQ(route, want);
    free(route);
    CHECK_EQ_INT(sdui_navigation_depth(e), depth);
}

static sdui_engine *engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Label", label, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "navigation/fetch", fetch, e, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "nav", "{}", 2), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "nav/open", nav_open, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "nav/shown", nav_shown, NULL, NULL), SDUI_OK);
    return e;
}

static void test_open_and_back(void)
{
    sdui_engine *e = engine();
    char *out = NULL;
    size_t len = 0;
    CHECK_EQ_INT(sdui_navigation_depth(e), 1);
    CHECK_STATUS(sdui_navigation_route(e, &out, &len), SDUI_ENOTFOUND);
    CHECK(out == NULL);

    /* A deep link on an engine without a page: the root. */
    CHECK_STATUS(sdui_navigate(e, "/"), SDUI_OK);
    CHECK_EQ_INT(depth_inside, -1);
    check_route(e, "/", 1);
    CHECK_STATUS(sdui_set_viewport(e, 40, 2, 3, NULL, NULL), SDUI_OK);
    out = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(out, "\"id\":\"home\"");
    CHECK_STR_CONTAINS(out, "Lighthouse");
    free(out);

    /* Open: the host takes the patches to the new page. */
    CHECK_STATUS(sdui_navigate(e, "/genre/drama"), SDUI_OK);
    check_route(e, "/genre/drama", 2);
    out = check_output_raw(e, sdui_patches_json);
    CHECK_STR_CONTAINS(out, "{\"op\":\"page\",\"id\":\"genre-drama\"");
    CHECK_STR_CONTAINS(out, "{\"op\":\"remove\",\"id\":\"h2\"}");
    CHECK_STR_CONTAINS(out, "\"text\":\"Drama\"");
    free(out);

    /* Back: the home page as it was, at its scroll position. */
    int renders = (int)sdui_counter(e, SDUI_COUNTER_RENDERS);
    double offset = -1;
    CHECK_STATUS(sdui_back(e, &offset), SDUI_OK);
    CHECK(offset == 2);
    check_route(e, "/", 1);
    out = check_output_raw(e, sdui_patches_json);
    CHECK_STR_CONTAINS(out, "{\"op\":\"page\",\"id\":\"home\"");
    CHECK_STR_CONTAINS(out, "Lighthouse");
    free(out);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), renders); /* nothing rendered again */

    /* Back on the root: not found, nothing changes. */
    offset = -1;
    CHECK_STATUS(sdui_back(e, &offset), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "nothing to go back to");
    CHECK(offset == 0);
    check_route(e, "/", 1);
    out = check_output_raw(e, sdui_patches_json);
    CHECK_STR_EQ(out, "{\"patches\":[],\"images\":{\"added\":[],\"removed\":[],\"hints\":[]}}");
    free(out);
    sdui_engine_free(e);
}

static void test_failures_leave_the_stack(void)
{
    sdui_engine *e = engine();
    CHECK_STATUS(sdui_navigate(e, "/"), SDUI_OK);
    CHECK_STATUS(sdui_navigate(e, "/nowhere"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "404");
    check_route(e, "/", 1);
    char *out = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(out, "\"code\":\"navigation-failed\"");
    CHECK_STR_CONTAINS(out, "opening \\\"/nowhere\\\"");
    free(out);

    /* A page with an error names its line:column. */
    CHECK_STATUS(sdui_navigate(e, "/bad"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "2:21: $.components[0].type");
    check_route(e, "/", 1);

    /* Answered later: the same. */
    CHECK_STATUS(sdui_navigate(e, "/later"), SDUI_OK);
    check_route(e, "/", 1);
    CHECK(later_id > 0);
    CHECK_STATUS(sdui_finish_effect(e, later_id, 1, BAD, strlen(BAD)), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "2:21: $.components[0].type");
    check_route(e, "/", 1);
    CHECK_STATUS(sdui_finish_effect(e, later_id, 1, DRAMA, strlen(DRAMA)), SDUI_ENOTFOUND); /* over */
    CHECK_STATUS(sdui_navigate(e, "/later"), SDUI_OK);
    CHECK_STATUS(sdui_finish_effect(e, later_id, 1, DRAMA, strlen(DRAMA)), SDUI_OK);
    check_route(e, "/later", 2);

    /* Bad arguments. */
    CHECK_STATUS(sdui_navigate(NULL, "/"), SDUI_EINVAL);
    CHECK_STATUS(sdui_navigate(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_navigate(e, ""), SDUI_EINVAL);
    CHECK_STATUS(sdui_navigate(e, "/a\tb"), SDUI_EINVAL);
    CHECK_STATUS(sdui_back(NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_navigation_route(e, NULL, NULL), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_navigation_depth(NULL), -1);
    CHECK_STATUS(sdui_register_effect(e, "navigate", fetch, NULL, NULL), SDUI_EINVAL);
    check_route(e, "/later", 2);

    /* The limit: the stack holds two pages; the host is not asked for a third. */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAGES, 2), 64);
    int asked = fetches;
    CHECK_STATUS(sdui_navigate(e, "/genre/drama"), SDUI_ELIMIT);
    CHECK_EQ_INT(fetches, asked);
    check_route(e, "/later", 2);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAGES, 64), 2);

    /* No performer: not found. */
    CHECK_STATUS(sdui_unregister_effect(e, "navigation/fetch"), SDUI_OK);
    CHECK_STATUS(sdui_navigate(e, "/genre/drama"), SDUI_ENOTFOUND);
    check_route(e, "/later", 2);
    sdui_engine_free(e);
}

static void test_navigate_effect(void)
{
    sdui_engine *e = engine();
    CHECK_STATUS(sdui_navigate(e, "/"), SDUI_OK);
    const char *open = "{\"type\":\"nav/open\",\"payload\":{\"route\":\"/genre/drama\"}}";
    CHECK_STATUS(sdui_dispatch(e, open, strlen(open)), SDUI_OK);
    check_route(e, "/genre/drama", 2);
    char *out = NULL;
    CHECK_STATUS(sdui_state_json(e, "nav", "shown", &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "{\"route\":\"/genre/drama\",\"depth\":2}");
    sdui_free(out);
    const char *back = "{\"type\":\"nav/open\",\"payload\":{}}";
    CHECK_STATUS(sdui_dispatch(e, back, strlen(back)), SDUI_OK);
    check_route(e, "/", 1);
    CHECK_STATUS(sdui_state_json(e, "nav", "shown", &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "{\"route\":\"/\",\"depth\":1}");
    sdui_free(out);
    /* A bad navigate effect: the handler's emit fails, the dispatch with it. */
    const char *bad = "{\"type\":\"nav/open\",\"payload\":{\"route\":\"\"}}";
    CHECK_STATUS(sdui_dispatch(e, bad, strlen(bad)), SDUI_ECALLBACK);
    check_route(e, "/", 1);
    sdui_engine_free(e);
}

int main(void)
{
    test_open_and_back();
    test_failures_leave_the_stack();
    test_navigate_effect();
    return check_summary();
}
