/*
** test_rollback.c -- sdui_call_rollback (a callback taking back what it did
** so far and starting over) and sdui_call_warn (a problem reported without
** failing the callback), from include/sdui.h's "Callbacks" section.
*/
#include <string.h>

#include "sdui_binding.h"
#include "check.h"

#define S(text) text, strlen(text)

/* Sets a view, half-builds another, rolls back, then returns its real view and a warning. */
static int starting_over_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    CHECK_STATUS(sdui_call_return(call, S("{\"type\":\"text\",\"text\":\"first try\"}")), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, "dropped with the rollback"), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "vstack"), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "text"), SDUI_OK);
    CHECK_STATUS(sdui_call_rollback(call), SDUI_OK);
    /* Nothing open any more: the builder starts from the root again. */
    CHECK_STATUS(sdui_call_end(call), SDUI_ECONTRACT);
    const char *id = sdui_call_id(call);
    if (strcmp(id, "plain") == 0)
        return SDUI_OK; /* rolled back and no new view: an error node, as without a view */
    CHECK_STATUS(sdui_call_begin(call, "text"), SDUI_OK);
    CHECK_STATUS(sdui_call_member(call, "text", S("second try")), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, "showing the second try"), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, NULL), SDUI_EINVAL);
    return SDUI_OK;
}

static void test_factory_rollback_and_warning(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Card", starting_over_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, S("[{\"id\":\"c1\",\"type\":\"Card\"},{\"id\":\"plain\",\"type\":\"Card\"}]")),
                 SDUI_OK);
    char *screen = check_render(e);
    CHECK_STR_CONTAINS(screen, "\"text\":\"second try\"");
    CHECK(strstr(screen, "first try") == NULL);
    CHECK_STR_CONTAINS(screen, "{\"type\":\"error\",\"id\":\"plain\"");
    sdui_free(screen);
    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "{\"severity\":\"warning\",\"code\":\"factory-warning\",\"component\":\"c1\","
                          "\"message\":\"showing the second try\"}");
    CHECK(strstr(d, "dropped with the rollback") == NULL);
    CHECK_STR_CONTAINS(d, "\"code\":\"factory-failed\",\"component\":\"plain\"");
    sdui_free(d);
    sdui_engine_free(e);
}

/* Changes the state, queues a follow-up and an effect, rolls back, then makes its real change. */
static int starting_over_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    CHECK_STATUS(sdui_call_set(call, "count", S("100")), SDUI_OK);
    CHECK_STATUS(sdui_call_return(call, S("{\"replaced\":true}")), SDUI_OK);
    CHECK_STATUS(sdui_call_dispatch(call, S("{\"type\":\"log/append\",\"payload\":{\"line\":\"first\"}}")), SDUI_OK);
    CHECK_STATUS(sdui_call_emit(call, S("{\"type\":\"analytics\"}")), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, "dropped with the rollback"), SDUI_OK);
    CHECK_STATUS(sdui_call_rollback(call), SDUI_OK);
    /* The state it received. */
    double count = -1;
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "count", &count), SDUI_OK);
    CHECK(count == 1);
    CHECK(sdui_call_count(call, SDUI_STATE, "replaced") == -1);
    CHECK_STATUS(sdui_call_set(call, "count", S("2")), SDUI_OK);
    CHECK_STATUS(sdui_call_dispatch(call, S("{\"type\":\"log/append\",\"payload\":{\"line\":\"second\"}}")), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, "counted by the second try"), SDUI_OK);
    return SDUI_OK;
}

/* Rolls back, changes the state again, then fails: the whole dispatch is undone. */
static int failing_after_rollback(sdui_call *call, void *userdata)
{
    (void)userdata;
    CHECK_STATUS(sdui_call_set(call, "count", S("50")), SDUI_OK);
    CHECK_STATUS(sdui_call_rollback(call), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "count", S("60")), SDUI_OK);
    CHECK_STATUS(sdui_call_warn(call, "about to fail"), SDUI_OK);
    sdui_call_error(call, "the second try failed too");
    return SDUI_ERROR;
}

static int append_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *line = NULL;
    size_t len = 0;
    if (sdui_call_json(call, SDUI_INPUT, "line", &line, &len) != SDUI_OK)
        return SDUI_ERROR;
    long long n = sdui_call_count(call, SDUI_STATE, NULL);
    char path[32];
    snprintf(path, sizeof path, "[%lld]", n);
    int status = sdui_call_set(call, path, line, len);
    sdui_free(line);
    return status;
}

static int performed;
static int count_performer(sdui_call *call, void *userdata)
{
    (void)userdata;
    performed++;
    /* Not a factory or a handler: nothing to take back. */
    CHECK_STATUS(sdui_call_rollback(call), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "sdui_call_rollback is for factories and handlers");
    CHECK_STATUS(sdui_call_warn(call, "performed"), SDUI_OK);
    return SDUI_OK;
}

static void test_handler_rollback_and_warning(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "counter", S("{\"count\":1}")), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "log", S("[]")), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/bump", starting_over_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/fail", failing_after_rollback, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/emit", NULL, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_action(e, "log/append", append_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "analytics", count_performer, NULL, NULL), SDUI_OK);

    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"counter/bump\"}")), SDUI_OK);
    char *state = NULL;
    CHECK_STATUS(sdui_state_json(e, "counter", NULL, &state, NULL), SDUI_OK);
    CHECK_STR_EQ(state, "{\"count\":2}");
    sdui_free(state);
    CHECK_STATUS(sdui_state_json(e, "log", NULL, &state, NULL), SDUI_OK);
    CHECK_STR_EQ(state, "[\"second\"]");
    sdui_free(state);
    CHECK_EQ_INT(performed, 0); /* the emitted effect went with the rollback */

    /* Rolled back, then failed: nothing of the dispatch stays, the warning does. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"counter/fail\"}")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "the second try failed too");
    CHECK_STATUS(sdui_state_json(e, "counter", NULL, &state, NULL), SDUI_OK);
    CHECK_STR_EQ(state, "{\"count\":2}");
    sdui_free(state);

    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "{\"severity\":\"warning\",\"code\":\"handler-warning\","
                          "\"message\":\"action \\\"counter/bump\\\": counted by the second try\"}");
    CHECK_STR_CONTAINS(d, "\"message\":\"action \\\"counter/fail\\\": about to fail\"");
    CHECK(strstr(d, "dropped with the rollback") == NULL);
    sdui_free(d);
    sdui_engine_free(e);
}

static int emitting_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_emit(call, S("{\"type\":\"analytics\"}"));
}

static void test_other_callbacks(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    performed = 0;
    CHECK_STATUS(sdui_register_service(e, "stats", S("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "stats/hit", emitting_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "analytics", count_performer, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"stats/hit\"}")), SDUI_OK);
    CHECK_EQ_INT(performed, 1);
    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "{\"severity\":\"warning\",\"code\":\"callback-warning\","
                          "\"message\":\"performer of \\\"analytics\\\": performed\"}");
    sdui_free(d);
    CHECK_STATUS(sdui_call_warn(NULL, "x"), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_rollback(NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_factory_rollback_and_warning();
    test_handler_rollback_and_warning();
    test_other_callbacks();
    return check_summary();
}
