/*
** test_host_contract.c -- the host contract of sdui.h's "Hosts" section,
** through the header only: acknowledged input edits (a host that drew what
** was typed gets the value back only when the engine shows another, and
** every patch set says which edit its values reflect), a natively laid-out
** host's measured heights driving the lazy list, and both appearances.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static const char *PAGE = "{\"id\":\"p\",\"components\":[{\"id\":\"f\",\"type\":\"Form\"}]}";

/* A bound text input, a button clearing it, a bound number input. */
static int form(sdui_call *call, void *userdata)
{
    (void)userdata;
    static const char *view = "{\"type\":\"vstack\",\"children\":["
                              "{\"type\":\"input\",\"name\":\"name\",\"bind\":\"form/name\"},"
                              "{\"type\":\"button\",\"label\":\"Send\",\"action\":{\"type\":\"form/clear\"}},"
                              "{\"type\":\"input\",\"name\":\"qty\",\"kind\":\"number\",\"bind\":\"form/qty\"}]}";
    return sdui_call_return(call, view, strlen(view));
}

static int clear(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_set(call, "name", "\"\"", 2);
}

static sdui_engine *form_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    const char *state = "{\"name\":\"\",\"qty\":1}";
    CHECK_STATUS(sdui_register_service(e, "form", state, strlen(state)), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "form/clear", clear, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Form", form, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, PAGE, strlen(PAGE)), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);
    return e;
}

/* The patches from the host's screen (the caller frees them). */
static char *patches(sdui_engine *e)
{
    char *out = NULL;
    CHECK_STATUS(sdui_patches_json(e, &out, NULL), SDUI_OK);
    return out;
}

static void test_acknowledged_edits(void)
{
    sdui_engine *e = form_engine();
    CHECK_STATUS(sdui_set_input_seq(e, "f/0", "hello", 5, 1), SDUI_OK);
    char *p = patches(e);
    CHECK_STR_EQ(p, "{\"patches\":[],\"images\":{\"added\":[],\"removed\":[],\"hints\":[]},\"acks\":{\"f/0\":1}}");
    sdui_free(p);

    /* A stale or repeated number: nothing changes. */
    CHECK_STATUS(sdui_set_input_seq(e, "f/0", "x", 1, 1), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "seq 1 is not above the last acknowledged, 1");
    CHECK_STATUS(sdui_set_input_seq(e, "f/0", "x", 1, 0), SDUI_EINVAL);
    char *state = NULL;
    CHECK_STATUS(sdui_state_json(e, "form", NULL, &state, NULL), SDUI_OK);
    CHECK_STR_EQ(state, "{\"name\":\"hello\",\"qty\":1}");
    sdui_free(state);

    /* A handler clears the field: the host gets it, as of edit 1. */
    CHECK_STATUS(sdui_press(e, "f/1"), SDUI_OK);
    p = patches(e);
    CHECK_STR_CONTAINS(p, "\"id\":\"f/0\"");
    CHECK_STR_CONTAINS(p, "\"acks\":{\"f/0\":1}}");
    sdui_free(p);

    /* A number the engine shows otherwise goes back with its edit's number. */
    CHECK_STATUS(sdui_set_input_seq(e, "f/2", "1e3", 3, 7), SDUI_OK);
    p = patches(e);
    CHECK_STR_CONTAINS(p, "\"id\":\"f/2\"");
    CHECK_STR_CONTAINS(p, "\"value\":\"1000");
    CHECK_STR_CONTAINS(p, "\"acks\":{\"f/0\":1,\"f/2\":7}}");
    sdui_free(p);

    /* The errors of sdui_set_input() come first. */
    CHECK_STATUS(sdui_set_input_seq(e, "nope", "x", 1, 9), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_set_input_seq(e, NULL, "x", 1, 9), SDUI_EINVAL);
    sdui_engine_free(e);
}

static void test_plain_edits_are_echoed(void)
{
    sdui_engine *e = form_engine();
    CHECK_STATUS(sdui_set_input(e, "f/0", "hello", 5), SDUI_OK);
    char *p = patches(e);
    CHECK_STR_CONTAINS(p, "\"value\":\"hello\""); /* a host that draws from the engine */
    CHECK(p != NULL && strstr(p, "acks") == NULL);
    sdui_free(p);
    sdui_engine_free(e);
}

static int line(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_return(call, "{\"type\":\"text\",\"text\":\"line\"}", 29);
}

static void test_measured_heights(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Line", line, NULL, NULL), SDUI_OK);
    char page[4096] = "{\"components\":[";
    for (int i = 0; i < 50; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{\"id\":\"c%d\",\"type\":\"Line\"}", i ? "," : "", i);
        strcat(page, one);
    }
    strcat(page, "]}");
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *events = NULL;
    CHECK_STATUS(sdui_set_viewport(e, 40, 0, 10, &events, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(events, "{\"type\":\"appear\",\"id\":\"c9\"}");
    sdui_free(events);
    CHECK_STATUS(sdui_set_component_height(e, "c0", 6), SDUI_OK);
    CHECK_STATUS(sdui_set_component_height(e, "c1", 6), SDUI_OK);
    CHECK_STATUS(sdui_set_viewport(e, 40, 0, 10, &events, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(events, "{\"type\":\"disappear\",\"id\":\"c2\"}"); /* c0 and c1 fill it */
    CHECK(events != NULL && strstr(events, "\"appear\"") == NULL);
    sdui_free(events);
    CHECK_STATUS(sdui_set_component_height(e, "c0", -1), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_component_height(e, "nope", 1), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_set_component_height(e, NULL, 1), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_acknowledged_edits();
    test_plain_edits_are_echoed();
    test_measured_heights();
    return check_summary();
}
