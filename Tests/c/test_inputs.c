/*
** test_inputs.c -- input kinds and bound inputs through include/sdui.h only:
** a factory returning inputs of each kind (typed members as JSON in the
** screen, a member its kind does not take refused with its path), and
** sdui_set_input(): the value shown from the service, set by the host as a
** dispatch would, with patches, and its errors; sdui_press(): a node's
** action with the input values it asks for, and their validation.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static const char *FORM =
    "{\"type\":\"vstack\",\"children\":["
    "{\"type\":\"input\",\"name\":\"email\",\"format\":\"email\",\"bind\":\"form/email\"},"
    "{\"type\":\"input\",\"name\":\"qty\",\"kind\":\"number\",\"min\":1,\"max\":9,\"bind\":\"form/qty\",\"key\":\"qty\"},"
    "{\"type\":\"input\",\"name\":\"c\",\"kind\":\"choice\",\"display\":\"expanded\","
    "\"options\":[{\"title\":\"A\",\"value\":\"a\"},{\"title\":\"B\",\"value\":\"b\"}],\"bind\":\"form/c\"},"
    "{\"type\":\"input\",\"name\":\"free\"}]}";

/* The message of the last view the factory could not return. */
static char return_error[512];

static int form_factory(sdui_call *call, void *userdata)
{
    const char *view = userdata;
    int status = sdui_call_return(call, view, strlen(view));
    if (status != SDUI_OK)
        snprintf(return_error, sizeof return_error, "%s", sdui_call_errmsg(call));
    return status;
}

/* Counts the middleware's calls and keeps the last action it saw. */
static int seen_calls;
static char seen_action[512];

static int watch(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *out = NULL;
    size_t len = 0;
    if (sdui_call_json(call, SDUI_INPUT, "", &out, &len) == SDUI_OK) {
        seen_calls++;
        snprintf(seen_action, sizeof seen_action, "%s", out);
        sdui_free(out);
    }
    return SDUI_OK;
}

static sdui_engine *form_engine(const char *view)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    const char *state = "{\"email\":\"a@b.c\",\"qty\":2,\"c\":\"b\"}";
    CHECK_STATUS(sdui_register_service(e, "form", state, strlen(state)), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Form", form_factory, (void *)view, NULL), SDUI_OK);
    const char *page = "{\"id\":\"p\",\"components\":[{\"id\":\"f\",\"type\":\"Form\"}]}";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    return e;
}

static void test_kinds_render(void)
{
    sdui_engine *e = form_engine(FORM);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"name\":\"qty\",\"value\":\"2\",\"kind\":\"number\",\"min\":1,\"max\":9");
    CHECK_STR_CONTAINS(screen, "\"options\":[{\"title\":\"A\",\"value\":\"a\"},{\"title\":\"B\",\"value\":\"b\"}]");
    CHECK_STR_CONTAINS(screen, "\"name\":\"email\",\"value\":\"a@b.c\",\"format\":\"email\"");
    free(screen);
    sdui_engine_free(e);

    e = form_engine("{\"type\":\"vstack\",\"children\":[{\"type\":\"input\",\"name\":\"a\",\"min\":1}]}");
    screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"type\":\"error\"");
    CHECK_STR_CONTAINS(return_error, "$.children[0].min: min is for an input of kind \"number\", not \"text\"");
    free(screen);
    sdui_engine_free(e);
}

static void test_set_input(void)
{
    sdui_engine *e = form_engine(FORM);
    long long id = 0;
    CHECK_STATUS(sdui_add_middleware(e, watch, NULL, NULL, &id), SDUI_OK);
    char *screen = check_render(e);
    free(screen);

    CHECK_STATUS(sdui_set_input(e, "f/0", "new@b.c", 7), SDUI_OK);
    CHECK(seen_calls >= 1);
    CHECK_STR_CONTAINS(seen_action, "\"type\":\"form/sdui.input\"");
    CHECK_STR_CONTAINS(seen_action, "\"node\":\"f/0\"");
    char *out = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_state_json(e, "form", "email", &out, &len), SDUI_OK);
    CHECK_STR_EQ(out, "\"new@b.c\"");
    sdui_free(out);
    CHECK_STATUS(sdui_patches_json(e, &out, &len), SDUI_OK);
    CHECK_STR_CONTAINS(out, "\"value\":\"new@b.c\"");
    sdui_free(out);

    CHECK_STATUS(sdui_set_input(e, "f#qty", "7xyz", 1), SDUI_OK); /* only the length counts */
    CHECK_STATUS(sdui_state_json(e, "form", "qty", &out, &len), SDUI_OK);
    CHECK_STR_EQ(out, "7");
    sdui_free(out);
    CHECK_STATUS(sdui_set_input(e, "f/2", "a", 1), SDUI_OK);

    /* errors: nothing changes */
    CHECK_STATUS(sdui_set_input(e, "f/3", "x", 1), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "is not an input with a bind");
    CHECK_STATUS(sdui_set_input(e, "f/7", "x", 1), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_set_input(e, NULL, "x", 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_input(e, "f/0", NULL, 0), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_input(e, "f/0", "\xff", 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_input(NULL, "f/0", "x", 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_state_json(e, "form", "", &out, &len), SDUI_OK);
    CHECK_STR_EQ(out, "{\"email\":\"new@b.c\",\"qty\":7,\"c\":\"a\"}");
    sdui_free(out);
    sdui_engine_free(e);
}

/* The payloads form/send received, compact, one a line. */
static char sent[1024];

static int send_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *out = NULL;
    size_t len = 0;
    if (sdui_call_json(call, SDUI_INPUT, "", &out, &len) == SDUI_OK) {
        snprintf(sent + strlen(sent), sizeof sent - strlen(sent), "%s\n", out);
        sdui_free(out);
    }
    return SDUI_OK;
}

static void test_press(void)
{
    const char *view =
        "{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"input\",\"name\":\"email\",\"bind\":\"form/email\"},"
        "{\"type\":\"input\",\"name\":\"note\",\"value\":\"hi\"},"
        "{\"type\":\"button\",\"label\":\"Send\",\"action\":{\"type\":\"form/send\",\"payload\":{\"k\":1},\"inputs\":true}},"
        "{\"type\":\"button\",\"label\":\"One\",\"action\":{\"type\":\"form/send\",\"inputs\":[\"note\"]}},"
        "{\"type\":\"button\",\"label\":\"Bad\",\"action\":{\"type\":\"form/send\",\"inputs\":[\"nope\"]}}]}";
    sdui_engine *e = form_engine(view);
    CHECK_STATUS(sdui_register_action(e, "form/send", send_handler, NULL, NULL), SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"inputs\":true");
    free(screen);
    CHECK_STATUS(sdui_press(e, "f/2"), SDUI_OK);
    CHECK_STATUS(sdui_press(e, "f/3"), SDUI_OK);
    CHECK_STR_EQ(sent, "{\"k\":1,\"email\":\"a@b.c\",\"note\":\"hi\"}\n{\"note\":\"hi\"}\n");
    CHECK_STATUS(sdui_press(e, "f/4"), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "no input named \"nope\"");
    CHECK_STATUS(sdui_press(e, "f/0"), SDUI_EINVAL);
    CHECK_STATUS(sdui_press(e, "f/9"), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_press(e, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

static void test_validation(void)
{
    const char *view =
        "{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"input\",\"name\":\"email\",\"bind\":\"form/email\","
        "\"validation\":{\"pattern\":\"[a-z]+@[a-z.]+\",\"message\":\"An email, please\"}},"
        "{\"type\":\"button\",\"label\":\"Send\",\"action\":{\"type\":\"form/send\",\"inputs\":true}}]}";
    sdui_engine *e = form_engine(view);
    sent[0] = '\0';
    CHECK_STATUS(sdui_register_action(e, "form/send", send_handler, NULL, NULL), SDUI_OK);
    free(check_render(e));
    CHECK_STATUS(sdui_set_input(e, "f/0", "not an email", 12), SDUI_OK);
    CHECK_STATUS(sdui_press(e, "f/1"), SDUI_EINVAL);
    CHECK_STR_EQ(sdui_errmsg(e), "validation failed: An email, please");
    CHECK_STR_EQ(sent, "");
    char *out = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_patches_json(e, &out, &len), SDUI_OK);
    CHECK_STR_CONTAINS(out, "\"error\":\"An email, please\"");
    sdui_free(out);
    CHECK_STATUS(sdui_diagnostics_json(e, &out, &len), SDUI_OK);
    CHECK_STR_CONTAINS(out, "\"code\":\"validation-failed\"");
    sdui_free(out);
    CHECK_STATUS(sdui_set_input(e, "f/0", "sam@x.io", 8), SDUI_OK);
    CHECK_STATUS(sdui_press(e, "f/1"), SDUI_OK);
    CHECK_STR_EQ(sent, "{\"email\":\"sam@x.io\"}\n");
    sdui_engine_free(e);

    /* a pattern that is not a regular expression: refused with its path */
    e = form_engine("{\"type\":\"input\",\"name\":\"a\",\"validation\":{\"pattern\":\"(\"}}");
    free(check_render(e));
    CHECK_STR_CONTAINS(return_error, "$.validation.pattern: not a regular expression");
    sdui_engine_free(e);
}

int main(void)
{
    test_kinds_render();
    test_set_input();
    test_press();
    test_validation();
    return check_summary();
}
