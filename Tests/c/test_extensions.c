/*
** test_extensions.c -- the hooks for libraries built on the C API: client
** data (and its teardown order, include/sdui_binding.h), the engine lock,
** sdui_report, and unregistering components and actions.
*/
#include <pthread.h>
#include <string.h>

#include "sdui_binding.h"
#include "check.h"

/* Records the order in which destroy callbacks run. */
static char teardown[64];
static void note(void *tag) { strncat(teardown, (const char *)tag, sizeof teardown - strlen(teardown) - 1); }

static int text_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *view = "{\"type\":\"text\",\"text\":\"hi\"}";
    return sdui_call_return(call, view, strlen(view));
}

static int noop_handler(sdui_call *call, void *userdata)
{
    (void)call;
    (void)userdata;
    return SDUI_OK;
}

static int clientdata_reader(sdui_call *call, void *userdata)
{
    sdui_engine *engine = userdata;
    /* Allowed inside callbacks; setting is not. */
    const char *found = sdui_get_clientdata(engine, "host");
    int busy = sdui_set_clientdata(engine, "other", "x", NULL);
    char view[128];
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"%s %d\"}", found ? found : "none", busy);
    return sdui_call_return(call, view, strlen(view));
}

static void test_clientdata_and_teardown_order(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK(sdui_get_clientdata(e, "host") == NULL);
    CHECK_STATUS(sdui_set_clientdata(e, "host", "A", note), SDUI_OK);
    CHECK_STATUS(sdui_set_clientdata(e, "second", "B", note), SDUI_OK);
    CHECK_STR_EQ((const char *)sdui_get_clientdata(e, "host"), "A");
    /* Replacing runs the old entry's destroy at once. */
    CHECK_STATUS(sdui_set_clientdata(e, "host", "C", note), SDUI_OK);
    CHECK_STR_EQ(teardown, "A");
    /* Removing with NULL runs it too. */
    CHECK_STATUS(sdui_set_clientdata(e, "second", NULL, NULL), SDUI_OK);
    CHECK_STR_EQ(teardown, "AB");
    CHECK(sdui_get_clientdata(e, "second") == NULL);
    CHECK_STATUS(sdui_set_clientdata(e, "third", "D", note), SDUI_OK);
    CHECK_STATUS(sdui_set_clientdata(e, NULL, "x", NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_clientdata(NULL, "x", "x", NULL), SDUI_EINVAL);
    CHECK(sdui_get_clientdata(NULL, "host") == NULL);
    CHECK(sdui_get_clientdata(e, NULL) == NULL);

    CHECK_STATUS(sdui_register_service(e, "s", "{}", 2), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "T", text_factory, "F", note), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", noop_handler, "H", note), SDUI_OK);
    teardown[0] = '\0';
    sdui_engine_free(e);
    /* Callbacks first (either order), then client data newest first. */
    CHECK(strcmp(teardown, "FHDC") == 0 || strcmp(teardown, "HFDC") == 0);
}

static void test_clientdata_inside_callbacks(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_set_clientdata(e, "host", "lua", NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "R", clientdata_reader, e, NULL), SDUI_OK);
    const char *page = "[{\"id\":\"r\",\"type\":\"R\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *json = NULL;
    CHECK_STATUS(sdui_render_json(e, &json, NULL), SDUI_OK);
    char expected[32];
    snprintf(expected, sizeof expected, "\"lua %d\"", SDUI_EBUSY);
    CHECK_STR_CONTAINS(json, expected);
    sdui_free(json);
    sdui_engine_free(e);
}

static void test_report(void)
{
    sdui_engine *e = sdui_engine_new();
    CHECK_EQ_INT(sdui_report(e, SDUI_ENOTFOUND, "script \"x.lua\" not found"), SDUI_ENOTFOUND);
    CHECK_STR_EQ(sdui_errmsg(e), "script \"x.lua\" not found");
    CHECK_EQ_INT(sdui_report(e, SDUI_ELIMIT, NULL), SDUI_ELIMIT);
    CHECK_STR_EQ(sdui_errmsg(e), sdui_errstr(SDUI_ELIMIT));
    CHECK_EQ_INT(sdui_report(e, SDUI_OK, "ignored"), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(e), "");
    CHECK_EQ_INT(sdui_report(NULL, SDUI_ERROR, "x"), SDUI_ERROR);
    sdui_engine_free(e);
}

static void test_unregister(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    teardown[0] = '\0';
    CHECK_STATUS(sdui_register_service(e, "s", "1", 1), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "T", text_factory, "F", note), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", noop_handler, "H", note), SDUI_OK);
    const char *page = "[{\"id\":\"t\",\"type\":\"T\"}]";
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);

    CHECK_STATUS(sdui_unregister_component(e, "T"), SDUI_OK);
    CHECK_STR_EQ(teardown, "F");
    char *json = NULL;
    CHECK_STATUS(sdui_render_json(e, &json, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(json, "\"type\":\"fallback\"");
    sdui_free(json);
    CHECK_STATUS(sdui_unregister_component(e, "T"), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "\"T\"");

    CHECK_STATUS(sdui_unregister_action(e, "s/go"), SDUI_OK);
    CHECK_STR_EQ(teardown, "FH");
    const char *go = "{\"type\":\"s/go\"}";
    CHECK_STATUS(sdui_dispatch(e, go, strlen(go)), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_state_json(e, "s", NULL, &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, "1");
    sdui_free(json);
    CHECK_STATUS(sdui_unregister_action(e, "s/go"), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_unregister_action(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_unregister_component(NULL, "T"), SDUI_EINVAL);
    sdui_engine_free(e);
}

/* Two threads each run lock; read; write; unlock. Without the lock their
   read-modify-write sequences would interleave and lose increments. */
struct counter_job { sdui_engine *engine; int rounds; };

static int add_one(sdui_call *call, void *userdata)
{
    (void)userdata;
    double n = 0;
    if (sdui_call_number(call, SDUI_STATE, "", &n) != SDUI_OK) return SDUI_ERROR;
    char text[32];
    int len = snprintf(text, sizeof text, "%.0f", n + 1);
    return sdui_call_return(call, text, (size_t)len);
}

static void *locked_rounds(void *arg)
{
    struct counter_job *job = arg;
    for (int i = 0; i < job->rounds; i++) {
        sdui_lock(job->engine);
        char *before = NULL;
        sdui_state_json(job->engine, "n", NULL, &before, NULL);
        const char *add = "{\"type\":\"n/add\"}";
        sdui_dispatch(job->engine, add, strlen(add));
        char *after = NULL;
        sdui_state_json(job->engine, "n", NULL, &after, NULL);
        /* Inside the lock nobody else dispatches: after is before + 1. */
        if (before == NULL || after == NULL || atoi(after) != atoi(before) + 1) job->rounds = -1;
        sdui_free(before);
        sdui_free(after);
        sdui_unlock(job->engine);
        if (job->rounds < 0) break;
    }
    return NULL;
}

static void test_lock(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "n", "0", 1), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "n/add", add_one, NULL, NULL), SDUI_OK);
    struct counter_job a = { e, 500 }, b = { e, 500 };
    pthread_t ta, tb;
    pthread_create(&ta, NULL, locked_rounds, &a);
    pthread_create(&tb, NULL, locked_rounds, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    CHECK_EQ_INT(a.rounds, 500);
    CHECK_EQ_INT(b.rounds, 500);
    char *json = NULL;
    CHECK_STATUS(sdui_state_json(e, "n", NULL, &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, "1000");
    sdui_free(json);
    sdui_lock(NULL);
    sdui_unlock(NULL);
    sdui_engine_free(e);
}

int main(void)
{
    test_clientdata_and_teardown_order();
    test_clientdata_inside_callbacks();
    test_report();
    test_unregister();
    test_lock();
    return check_summary();
}
