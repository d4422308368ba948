/*
** test_errors.c -- every class of bad input through include/sdui.h: each
** case checks the status, that the page and every service are exactly as
** before, and a meaningful part of sdui_errmsg().
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static sdui_engine *E; /* the engine under test */

/* ---------------------------------------------------------------- helpers */

static int load(const char *json) { return sdui_load_page(E, json, strlen(json)); }
static int dispatch(const char *json) { return sdui_dispatch(E, json, strlen(json)); }

/* Everything observable: the rendered page and the state of every service. */
static char *snapshot(void)
{
    static const char *const services[] = {"cart", "log"};
    char *render = NULL, *parts[2] = {NULL, NULL};
    if (sdui_render_json(E, &render, NULL) != SDUI_OK)
        return check_strdup("<render failed>");
    for (size_t i = 0; i < 2; i++)
        if (sdui_state_json(E, services[i], NULL, &parts[i], NULL) != SDUI_OK)
            parts[i] = NULL;
    size_t n = strlen(render) + 64;
    for (size_t i = 0; i < 2; i++)
        n += parts[i] ? strlen(parts[i]) : 0;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s\n--cart %s\n--log %s", render, parts[0] ? parts[0] : "(none)",
                 parts[1] ? parts[1] : "(none)");
    sdui_free(render);
    sdui_free(parts[0]);
    sdui_free(parts[1]);
    return s;
}

/*
** One bad call: `status` is what it returned. Checks the expected status,
** that nothing observable changed since `before`, that the message is not
** empty and contains each of the NULL-terminated `needles`.
*/
static void bad_(int line, const char *what, int status, int want, const char *before, const char *const *needles)
{
    char label[256];
    snprintf(label, sizeof label, "%s: status", what);
    check_status_(status, want, __FILE__, line, label);
    /* Read the message before snapshot() makes more calls. */
    char *msg = check_strdup(sdui_errmsg(E));
    snprintf(label, sizeof label, "%s: errmsg not empty", what);
    check_result_(msg != NULL && msg[0] != '\0', __FILE__, line, label);
    for (; needles && *needles; needles++) {
        snprintf(label, sizeof label, "%s: errmsg", what);
        check_contains_(msg, *needles, __FILE__, line, label, *needles);
    }
    char *after = snapshot();
    snprintf(label, sizeof label, "%s: page and state unchanged", what);
    check_str_eq_(after, before, __FILE__, line, label, "before");
    free(after);
    free(msg);
}
#define LIT(s) (s), (sizeof(s) - 1) /* a string literal as (pointer, length) */
#define NEEDLES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define BAD_LOAD(json, want, ...) bad_(__LINE__, "load " #json, load(json), want, before, NEEDLES(__VA_ARGS__))
#define BAD_DISPATCH(json, want, ...) \
    bad_(__LINE__, "dispatch " #json, dispatch(json), want, before, NEEDLES(__VA_ARGS__))
#define BAD(call, want, ...) bad_(__LINE__, #call, (call), want, before, NEEDLES(__VA_ARGS__))

/* ------------------------------------------------------------- callbacks */

static int noop_handler(sdui_call *call, void *userdata)
{
    (void)call;
    (void)userdata;
    return SDUI_OK;
}

struct counter {
    int calls;
    int destroyed;
};

static void count_destroy(void *userdata) { ((struct counter *)userdata)->destroyed++; }

static int text_factory(sdui_call *call, void *userdata)
{
    char *t = NULL;
    char buf[256];
    (void)userdata;
    if (sdui_call_json(call, SDUI_INPUT, "text", &t, NULL) != SDUI_OK)
        return SDUI_ERROR;
    snprintf(buf, sizeof buf, "{\"type\":\"text\",\"text\":%s}", t);
    sdui_free(t);
    return sdui_call_return(call, buf, strlen(buf));
}

/* A factory that tries invalid views after a valid one: the valid one stands. */
static int badview_factory(sdui_call *call, void *userdata)
{
    struct counter *c = userdata;
    static const char good[] = "{\"type\":\"text\",\"text\":\"good view\"}";
    static const struct {
        const char *json;
        int want;
    } bad[] = {
        {"{\"type\":\"bogus\"}", SDUI_ECONTRACT},
        {"{\"type\":\"text\",", SDUI_EPARSE},
        {"{\"type\":\"text\",\"text\":\"x\"} trailing", SDUI_EPARSE},
        {"[1,2]", SDUI_ECONTRACT},
        {"\"just a string\"", SDUI_ECONTRACT},
        {"null", SDUI_ECONTRACT},
        {"{\"text\":\"no type\"}", SDUI_ECONTRACT},
        {"{\"type\":5}", SDUI_ECONTRACT},
        {"{\"type\":\"vstack\",\"children\":[{\"type\":\"nope\"}]}", SDUI_ECONTRACT},
        {"{\"type\":\"vstack\",\"children\":5}", SDUI_ECONTRACT},
        {"{\"type\":\"text\",\"text\":\"\xff\"}", SDUI_EPARSE},
    };
    c->calls++;
    CHECK_STATUS(sdui_call_return(call, good, strlen(good)), SDUI_OK);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = sdui_call_return(call, bad[i].json, strlen(bad[i].json));
        if (!CHECK_STATUS(st, bad[i].want))
            fprintf(stderr, "    view: %s\n", bad[i].json);
    }
    CHECK_STATUS(sdui_call_return(call, NULL, 0), SDUI_EINVAL);
    return SDUI_OK;
}

/* A factory whose only view is invalid: renders an "error" node. */
static int onlybad_factory(sdui_call *call, void *userdata)
{
    static const char bad[] = "{\"type\":\"bogus\"}";
    (void)userdata;
    CHECK_STATUS(sdui_call_return(call, bad, strlen(bad)), SDUI_ECONTRACT);
    return SDUI_OK;
}

/* Checks that every non-sdui_call function on the engine is refused while a
** callback runs; `e` is the engine the callback belongs to. */
static void check_busy(sdui_engine *e)
{
    char *out = (char *)"sentinel";
    struct counter d = {0, 0};
    CHECK_STATUS(sdui_load_page(e, LIT("[]")), SDUI_EBUSY);
    CHECK_STATUS(sdui_dispatch(e, LIT("{\"type\":\"log/count\"}")), SDUI_EBUSY);
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_EBUSY);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_render_text(e, &out, NULL), SDUI_EBUSY);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_diagnostics_json(e, &out, NULL), SDUI_EBUSY);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_state_json(e, "cart", NULL, &out, NULL), SDUI_EBUSY);
    CHECK(out == NULL);
    CHECK_STATUS(sdui_register_service(e, "cart", LIT("{}")), SDUI_EBUSY);
    CHECK_STATUS(sdui_register_service(e, "newsvc", LIT("{}")), SDUI_EBUSY);
    CHECK_STATUS(sdui_register_component(e, "Text", text_factory, &d, count_destroy), SDUI_EBUSY);
    CHECK_STATUS(sdui_register_action(e, "log/count", noop_handler, &d, count_destroy), SDUI_EBUSY);
    CHECK_STATUS(sdui_register_action(e, "log/new", noop_handler, &d, count_destroy), SDUI_EBUSY);
    CHECK_EQ_INT(d.destroyed, 0);
    CHECK(sdui_errmsg(e) != NULL); /* allowed inside a callback */
}

struct busy_ud {
    sdui_engine *engine;
    int calls;
};

static int busy_factory(sdui_call *call, void *userdata)
{
    struct busy_ud *b = userdata;
    static const char view[] = "{\"type\":\"text\",\"text\":\"busy ok\"}";
    b->calls++;
    check_busy(b->engine);
    /* Handler-only functions refuse in a factory. */
    CHECK_STATUS(sdui_call_set(call, "x", LIT("1")), SDUI_EINVAL);
    CHECK(sdui_call_errmsg(call) != NULL && sdui_call_errmsg(call)[0] != '\0');
    CHECK_STATUS(sdui_call_dispatch(call, LIT("{\"type\":\"log/count\"}")), SDUI_EINVAL);
    return sdui_call_return(call, view, strlen(view));
}

/* log/count: n += 1 */
static int log_count(sdui_call *call, void *userdata)
{
    struct counter *c = userdata;
    double n = 0;
    char num[32];
    c->calls++;
    int st = sdui_call_number(call, SDUI_STATE, "n", &n);
    if (st != SDUI_OK)
        return st;
    snprintf(num, sizeof num, "%lld", (long long)n + 1);
    return sdui_call_set(call, "n", num, strlen(num));
}

/* log/chain {"left": k}: n += 1 and, while k > 0, dispatches itself with k-1.
** Gives up after 100000 runs so a missing queue limit fails instead of hanging. */
static int log_chain(sdui_call *call, void *userdata)
{
    struct counter *c = userdata;
    double left = 0, n = 0;
    char buf[96];
    c->calls++;
    if (sdui_call_number(call, SDUI_INPUT, "left", &left) != SDUI_OK)
        return SDUI_ERROR;
    if (sdui_call_number(call, SDUI_STATE, "n", &n) != SDUI_OK)
        return SDUI_ERROR;
    snprintf(buf, sizeof buf, "%lld", (long long)n + 1);
    if (sdui_call_set(call, "n", buf, strlen(buf)) != SDUI_OK)
        return SDUI_ERROR;
    if (left > 0 && c->calls < 100000) {
        snprintf(buf, sizeof buf, "{\"type\":\"log/chain\",\"payload\":{\"left\":%lld}}", (long long)left - 1);
        /* The status is ignored on purpose: the dispatch must fail by itself. */
        (void)sdui_call_dispatch(call, buf, strlen(buf));
    }
    return SDUI_OK;
}

/* cart/fail: changes the state, then fails with a message. */
static int cart_fail(sdui_call *call, void *userdata)
{
    struct counter *c = userdata;
    c->calls++;
    CHECK_STATUS(sdui_call_set(call, "total", LIT("999")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "items[2]", LIT("3")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "items[0]", NULL, 0), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "extra", LIT("{\"a\":1}")), SDUI_OK);
    sdui_call_error(call, "cannot add: out of stock");
    return SDUI_ERROR;
}

/* cart/fail_status: fails with a status other than SDUI_ERROR, no message. */
static int cart_fail_status(sdui_call *call, void *userdata)
{
    static const char all[] = "{\"replaced\":true}";
    (void)userdata;
    CHECK_STATUS(sdui_call_return(call, all, strlen(all)), SDUI_OK);
    sdui_call_error(call, "this message is cleared");
    sdui_call_error(call, NULL);
    return SDUI_ENOTFOUND;
}

/* cart/first: changes cart, queues log/count and then cart/fail. */
static int cart_first(sdui_call *call, void *userdata)
{
    struct counter *c = userdata;
    static const char q1[] = "{\"type\":\"log/count\"}";
    static const char q2[] = "{\"type\":\"cart/fail\"}";
    c->calls++;
    CHECK_STATUS(sdui_call_set(call, "total", LIT("100")), SDUI_OK);
    CHECK_STATUS(sdui_call_dispatch(call, q1, strlen(q1)), SDUI_OK);
    CHECK_STATUS(sdui_call_dispatch(call, q2, strlen(q2)), SDUI_OK);
    return SDUI_OK;
}

/* cart/fail_after_queue: queues log/count, then fails: the follow-up never runs. */
static int cart_fail_after_queue(sdui_call *call, void *userdata)
{
    static const char q1[] = "{\"type\":\"log/count\"}";
    (void)userdata;
    CHECK_STATUS(sdui_call_dispatch(call, q1, strlen(q1)), SDUI_OK);
    sdui_call_error(call, "refused after queueing");
    return SDUI_ERROR;
}

/* cart/queue_unknown: queues an action nobody handles. */
static int cart_queue_unknown(sdui_call *call, void *userdata)
{
    static const char q[] = "{\"type\":\"cart/nobody\"}";
    (void)userdata;
    CHECK_STATUS(sdui_call_set(call, "total", LIT("7")), SDUI_OK);
    CHECK_STATUS(sdui_call_dispatch(call, q, strlen(q)), SDUI_OK);
    return SDUI_OK;
}

/* cart/misuse: bad arguments to the sdui_call functions; succeeds without changes. */
static int cart_misuse(sdui_call *call, void *userdata)
{
    struct busy_ud *b = userdata;
    double v = 0;
    char *out = (char *)"sentinel";
    b->calls++;
    check_busy(b->engine);
    /* Malformed follow-ups are refused at once. */
    CHECK_STR_EQ(sdui_call_errmsg(call), "");
    CHECK_STATUS(sdui_call_dispatch(call, LIT("{")), SDUI_EPARSE);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "1:2");
    CHECK_STATUS(sdui_call_dispatch(call, LIT("[]")), SDUI_ECONTRACT);
    CHECK_STATUS(sdui_call_dispatch(call, LIT("{\"payload\":1}")), SDUI_ECONTRACT);
    CHECK_STATUS(sdui_call_dispatch(call, LIT("{\"type\":5}")), SDUI_ECONTRACT);
    CHECK_STATUS(sdui_call_dispatch(call, NULL, 0), SDUI_EINVAL);
    /* NULL out pointers and unknown sources. */
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "total", NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_number(call, 9, "total", &v), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_json(call, SDUI_STATE, "total", NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_json(call, 9, "total", &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);
    CHECK(sdui_call_string(call, 9, "total") == NULL);
    CHECK_EQ_INT(sdui_call_count(call, 9, "items"), -1);
    CHECK_STATUS(sdui_call_state(call, "cart", NULL, NULL, NULL), SDUI_EINVAL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_call_state(call, NULL, NULL, &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_call_state(call, "cart", "items[", &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);
    /* A read that finds nothing says where it looked (its message is made when asked for). */
    CHECK_STATUS(sdui_call_state(call, "cart", "items[7]", &out, NULL), SDUI_ENOTFOUND);
    CHECK(out == NULL);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "items[7]");
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "\"cart\"");
    CHECK_STATUS(sdui_call_state(call, "nothing", NULL, &out, NULL), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "\"nothing\"");
    CHECK_STATUS(sdui_call_return(call, NULL, 0), SDUI_EINVAL);
    /* Bad state changes change nothing. */
    CHECK_STATUS(sdui_call_return(call, LIT("{\"a\":")), SDUI_EPARSE);
    CHECK_STATUS(sdui_call_set(call, "total", LIT("[1,")), SDUI_EPARSE);
    CHECK_STATUS(sdui_call_set(call, "total", LIT("1 2")), SDUI_EPARSE);
    CHECK_STATUS(sdui_call_set(call, "items[9]", LIT("1")), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "items[9]");
    CHECK_STATUS(sdui_call_set(call, "total.deeper", LIT("1")), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_call_set(call, "items[x]", LIT("1")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_set(call, "items[", LIT("1")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "total", &v), SDUI_OK);
    CHECK(v == 3.0);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_STATE, "items"), 2);
    sdui_call_error(call, "set but ignored: the handler succeeds");
    return SDUI_OK;
}

/* ----------------------------------------------------------------- setup */

static struct counter text_ud, badview_ud, log_ud, chain_ud, fail_ud, first_ud;
static struct busy_ud busy_ud, misuse_ud;

static const char base_page[] = "{\"id\":\"base\",\"version\":1,\"components\":["
                                "{\"id\":\"t\",\"type\":\"Text\",\"data\":{\"text\":\"base page\"}}]}";

static void setup(void)
{
    E = sdui_engine_new();
    if (E == NULL) {
        fprintf(stderr, "sdui_engine_new failed\n");
        exit(1);
    }
    check_engine(E);
    busy_ud.engine = E;
    misuse_ud.engine = E;
    CHECK_STATUS(sdui_register_service(E, "cart", LIT("{\"items\":[1,2],\"total\":3}")), SDUI_OK);
    CHECK_STATUS(sdui_register_service(E, "log", LIT("{\"n\":0}")), SDUI_OK);
    CHECK_STATUS(sdui_register_component(E, "Text", text_factory, &text_ud, count_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_component(E, "BadView", badview_factory, &badview_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(E, "OnlyBad", onlybad_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(E, "Busy", busy_factory, &busy_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "log/count", log_count, &log_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "log/chain", log_chain, &chain_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/fail", cart_fail, &fail_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/fail_status", cart_fail_status, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/first", cart_first, &first_ud, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/fail_after_queue", cart_fail_after_queue, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/queue_unknown", cart_queue_unknown, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "cart/misuse", cart_misuse, &misuse_ud, NULL), SDUI_OK);
    CHECK_STATUS(load(base_page), SDUI_OK);
}

/* ----------------------------------------------------------- page errors */

static void test_page_errors(void)
{
    char *before = snapshot();
    CHECK_STR_CONTAINS(before, "base page");

    /* Malformed JSON: line:column and a JSON path. */
    BAD_LOAD("{\"components\":]", SDUI_EPARSE, "1:15", "$.components");
    BAD_LOAD("{\n  \"a\": [1, 2],\n  \"b\": @\n}", SDUI_EPARSE, "3:8", "$.b");
    BAD_LOAD("", SDUI_EPARSE, "1:1");
    BAD_LOAD("   ", SDUI_EPARSE, "1:");
    BAD_LOAD("[] x", SDUI_EPARSE, "1:4");
    BAD_LOAD("{\"id\":\"p\",\"components\":[", SDUI_EPARSE, "1:", "$.components");
    BAD_LOAD("{\"id\":\"p\",\"components\":[{\"id\":\"a\",\"type\":\"Text\",}]}", SDUI_EPARSE, "1:", "$.components[0]");
    BAD_LOAD("{'id':'p'}", SDUI_EPARSE, "1:2");
    BAD_LOAD("[\"unterminated]", SDUI_EPARSE, "1:");
    BAD_LOAD("[\"bad escape \\q\"]", SDUI_EPARSE, "1:");
    BAD_LOAD("[\"control \x01 char\"]", SDUI_EPARSE, "1:");
    BAD_LOAD("[01]", SDUI_EPARSE, "1:");
    BAD_LOAD("[1.]", SDUI_EPARSE, "1:");
    BAD_LOAD("[tru]", SDUI_EPARSE, "1:");
    BAD(sdui_load_page(E, "[]\0", 3), SDUI_EPARSE, "1:3");

    /* Invalid UTF-8. */
    static const char *const utf8[] = {
        "[{\"id\":\"a\xff\",\"type\":\"Text\"}]",         /* 0xff never appears */
        "[{\"id\":\"a\x80\",\"type\":\"Text\"}]",         /* lone continuation byte */
        "[{\"id\":\"a\xc3\",\"type\":\"Text\"}]",         /* truncated sequence */
        "[{\"id\":\"a\xc0\xaf\",\"type\":\"Text\"}]",     /* overlong '/' */
        "[{\"id\":\"a\xed\xa0\x80\",\"type\":\"Text\"}]", /* encoded surrogate */
        "[{\"id\":\"a\",\"type\":\"Text\"}]\xff",         /* outside a string */
    };
    for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++) {
        int st = load(utf8[i]);
        CHECK_STATUS(st, SDUI_EPARSE);
        if (!CHECK(check_contains_ci(sdui_errmsg(E), "utf-8") || check_contains_ci(sdui_errmsg(E), "utf8")))
            fprintf(stderr, "    case %zu: errmsg \"%s\"\n", i, sdui_errmsg(E));
        char *after = snapshot();
        CHECK_STR_EQ(after, before);
        free(after);
    }

    /* Well-formed JSON that is not a page. */
    BAD_LOAD("\"hello\"", SDUI_ECONTRACT, "$");
    BAD_LOAD("42", SDUI_ECONTRACT, "$");
    BAD_LOAD("null", SDUI_ECONTRACT, "$");
    BAD_LOAD("true", SDUI_ECONTRACT, "$");
    BAD_LOAD("{\"id\":\"p\",\"components\":{}}", SDUI_ECONTRACT, "$.components");
    BAD_LOAD("{\"id\":\"p\",\"components\":\"none\"}", SDUI_ECONTRACT, "$.components");
    BAD_LOAD("[1]", SDUI_ECONTRACT, "$[0]");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Text\"},[]]", SDUI_ECONTRACT, "$[1]");
    /* Components without id or type, or with wrong types. */
    BAD_LOAD("{\"components\":[{\"id\":\"a\",\"type\":\"Text\"},{\"type\":\"Text\"}]}", SDUI_ECONTRACT,
             "$.components[1]", "id");
    BAD_LOAD("{\"components\":[{\"id\":\"a\",\"type\":\"Text\"},{\"id\":\"b\"}]}", SDUI_ECONTRACT,
             "$.components[1]", "type");
    BAD_LOAD("[{\"id\":7,\"type\":\"Text\"}]", SDUI_ECONTRACT, "$[0].id");
    BAD_LOAD("[{\"id\":\"a\",\"type\":[\"Text\"]}]", SDUI_ECONTRACT, "$[0].type");
    BAD_LOAD("[{\"id\":null,\"type\":\"Text\"}]", SDUI_ECONTRACT, "$[0].id");
    BAD_LOAD("[{\"id\":\"\",\"type\":\"Text\"}]", SDUI_ECONTRACT, "$[0].id");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"\"}]", SDUI_ECONTRACT, "$[0].type");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Nope\",\"fallback\":5}]", SDUI_ECONTRACT, "$[0].fallback");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Nope\",\"fallback\":\"keep\"}]", SDUI_ECONTRACT, "$[0].fallback");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Nope\",\"fallback\":{\"data\":{}}}]", SDUI_ECONTRACT, "$[0].fallback");
    /* Duplicate ids: both positions named. */
    BAD_LOAD("{\"id\":\"p\",\"components\":[{\"id\":\"dup\",\"type\":\"Text\"},{\"id\":\"b\",\"type\":\"Text\"},"
             "{\"id\":\"dup\",\"type\":\"Text\"}]}",
             SDUI_ECONTRACT, "components[0]", "components[2]", "dup");
    BAD_LOAD("[{\"id\":\"x\",\"type\":\"Text\"},{\"id\":\"x\",\"type\":\"Other\"}]", SDUI_ECONTRACT, "[0]", "[1]",
             "x");

    /* Nothing above changed the page: a good page still loads afterwards. */
    CHECK_STATUS(load(base_page), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(E), "");
    free(before);
}

/* ---------------------------------------------------------------- limits */

static void test_limits(void)
{
    char *before = snapshot();

    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAYLOAD_BYTES, -1), 64LL * 1024 * 1024);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, -1), 512);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_QUEUE, -1), 10000);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAGES, -1), 64);
    CHECK_EQ_INT(sdui_limit(E, 9, -1), -1); /* 4 to 8: test_caps.c */
    CHECK_EQ_INT(sdui_limit(E, 9, 5), -1);
    CHECK_EQ_INT(sdui_limit(E, -1, 5), -1);
    CHECK_EQ_INT(sdui_limit(E, 1000, 5), -1);
    CHECK_EQ_INT(sdui_limit(NULL, SDUI_LIMIT_DEPTH, -1), -1);
    CHECK_EQ_INT(sdui_limit(NULL, SDUI_LIMIT_DEPTH, 5), -1);

    /* Depth: the previous value comes back; the new one applies at once. */
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 3), 512);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, -1), 3);
    CHECK_STATUS(sdui_register_service(E, "deep", LIT("[[[1]]]")), SDUI_OK); /* exactly 3 */
    BAD(sdui_register_service(E, "deep", LIT("[[[[1]]]]")), SDUI_ELIMIT, "nest deeper than the limit");
    {
        char *deep = NULL;
        CHECK_STATUS(sdui_state_json(E, "deep", NULL, &deep, NULL), SDUI_OK);
        char *c = check_compact(deep);
        CHECK_STR_EQ(c, "[[[1]]]");
        free(c);
        sdui_free(deep);
    }
    BAD(sdui_register_service(E, "deeper", LIT("{\"a\":{\"b\":{\"c\":{}}}}")), SDUI_ELIMIT, "nest deeper than the limit");
    BAD_LOAD(base_page, SDUI_ELIMIT, "nest deeper than the limit"); /* object > array > object > data object */
    BAD_DISPATCH("{\"type\":\"log/count\",\"payload\":{\"a\":[[]]}}", SDUI_ELIMIT, "nest deeper than the limit");
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 8), 3);
    CHECK_STATUS(load(base_page), SDUI_OK);
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Text\",\"data\":{\"a\":[[[[[[[[[[1]]]]]]]]]]}}]", SDUI_ELIMIT, "nest deeper than the limit");
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 512), 8);
    {
        /* Far deeper than the default: refused, no stack overflow. */
        size_t n = 1000000;
        char *deep = malloc(2 * n);
        if (CHECK(deep != NULL)) {
            memset(deep, '[', n);
            memset(deep + n, ']', n);
            BAD(sdui_load_page(E, deep, 2 * n), SDUI_ELIMIT, "nest deeper than the limit");
            BAD(sdui_dispatch(E, deep, 2 * n), SDUI_ELIMIT, "nest deeper than the limit");
            memset(deep, '{', 1);
            BAD(sdui_load_page(E, deep, n), SDUI_EPARSE, "1:2"); /* malformed before too deep */
            free(deep);
        }
    }

    /* Payload bytes: exactly the limit is accepted, one more is refused. */
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAYLOAD_BYTES, 100), 64LL * 1024 * 1024);
    {
        char action[128];
        const char *head = "{\"type\":\"log/count\",\"payload\":\"";
        size_t pad = 100 - strlen(head) - 2;
        memcpy(action, head, strlen(head));
        memset(action + strlen(head), 'x', pad);
        memcpy(action + strlen(head) + pad, "\"}", 3);
        CHECK_EQ_INT(strlen(action), 100);
        int calls = log_ud.calls;
        CHECK_STATUS(sdui_dispatch(E, action, 100), SDUI_OK);
        CHECK_EQ_INT(log_ud.calls, calls + 1);
        free(before);
        before = snapshot(); /* log.n changed */
        memcpy(action + strlen(head) + pad, "x\"}", 4);
        CHECK_EQ_INT(strlen(action), 101);
        BAD(sdui_dispatch(E, action, 101), SDUI_ELIMIT, "100");
        CHECK_EQ_INT(log_ud.calls, calls + 1);
    }
    {
        char page[256];
        snprintf(page, sizeof page, "[{\"id\":\"long\",\"type\":\"Text\",\"data\":{\"text\":\"%s\"}}]",
                 "a long text that makes this page more than one hundred bytes long, surely");
        CHECK(strlen(page) > 100);
        BAD(sdui_load_page(E, page, strlen(page)), SDUI_ELIMIT, "100");
        char state[160];
        snprintf(state, sizeof state, "{\"items\":[%s],\"total\":3}",
                 "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33");
        CHECK(strlen(state) > 100);
        BAD(sdui_register_service(E, "cart", state, strlen(state)), SDUI_ELIMIT, "100");
    }
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAYLOAD_BYTES, 64LL * 1024 * 1024), 100);

    /* Queue: a dispatch may run at most SDUI_LIMIT_QUEUE actions, follow-ups included. */
    chain_ud.calls = 0;
    BAD_DISPATCH("{\"type\":\"log/chain\",\"payload\":{\"left\":1000000000}}", SDUI_ELIMIT, "queue");
    CHECK(chain_ud.calls >= 1 && chain_ud.calls <= 10000);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_QUEUE, 5), 10000);
    chain_ud.calls = 0;
    BAD_DISPATCH("{\"type\":\"log/chain\",\"payload\":{\"left\":1000000000}}", SDUI_ELIMIT, "queue");
    CHECK(chain_ud.calls >= 1 && chain_ud.calls <= 5);
    chain_ud.calls = 0;
    BAD_DISPATCH("{\"type\":\"log/chain\",\"payload\":{\"left\":5}}", SDUI_ELIMIT, "queue"); /* 6 actions */
    chain_ud.calls = 0;
    CHECK_STATUS(dispatch("{\"type\":\"log/chain\",\"payload\":{\"left\":4}}"), SDUI_OK); /* 5 actions */
    CHECK_EQ_INT(chain_ud.calls, 5);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_QUEUE, 10000), 5);

    /* Limits belong to one engine. */
    sdui_engine *other = sdui_engine_new();
    CHECK(other != NULL);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 7), 512);
    CHECK_EQ_INT(sdui_limit(other, SDUI_LIMIT_DEPTH, -1), 512);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 512), 7);
    sdui_engine_free(other);
    free(before);
}

/* ------------------------------------------------------- dispatch errors */

static void test_dispatch_errors(void)
{
    char *before = snapshot();

    BAD_DISPATCH("{\"type\":@}", SDUI_EPARSE, "1:9", "$.type");
    BAD_DISPATCH("{\"type\":\"log/count\",", SDUI_EPARSE, "1:");
    BAD_DISPATCH("{\"type\":\"log/count\",\"payload\":\"\xc3\x28\"}", SDUI_EPARSE, "UTF-8");
    BAD_DISPATCH("", SDUI_EPARSE, "1:1");
    BAD_DISPATCH("[{\"type\":\"log/count\"}]", SDUI_ECONTRACT, "$");
    BAD_DISPATCH("\"log/count\"", SDUI_ECONTRACT, "$");
    BAD_DISPATCH("null", SDUI_ECONTRACT, "$");
    BAD_DISPATCH("{\"payload\":{}}", SDUI_ECONTRACT, "type");
    BAD_DISPATCH("{\"type\":5}", SDUI_ECONTRACT, "$.type");
    BAD_DISPATCH("{\"type\":null,\"payload\":1}", SDUI_ECONTRACT, "$.type");
    /* Unknown action types change nothing. */
    BAD_DISPATCH("{\"type\":\"cart/nope\"}", SDUI_ENOTFOUND, "cart/nope");
    BAD_DISPATCH("{\"type\":\"nosvc/x\",\"payload\":{\"a\":1}}", SDUI_ENOTFOUND, "nosvc/x");

    /* A handler that changes state and then fails: rolled back, message kept. */
    fail_ud.calls = 0;
    BAD_DISPATCH("{\"type\":\"cart/fail\"}", SDUI_ECALLBACK, "cart/fail", "cannot add: out of stock");
    CHECK_EQ_INT(fail_ud.calls, 1);
    /* Any failure status counts; a cleared message is not reported. */
    BAD_DISPATCH("{\"type\":\"cart/fail_status\"}", SDUI_ECALLBACK, "cart/fail_status");
    CHECK(strstr(sdui_errmsg(E), "this message is cleared") == NULL);
    /* A failing follow-up rolls back the first handler and the other follow-ups,
    ** across services. */
    int log_calls = log_ud.calls;
    first_ud.calls = fail_ud.calls = 0;
    BAD_DISPATCH("{\"type\":\"cart/first\"}", SDUI_ECALLBACK, "cart/fail", "out of stock");
    CHECK_EQ_INT(first_ud.calls, 1);
    CHECK_EQ_INT(log_ud.calls, log_calls + 1); /* log/count ran, its change was undone */
    CHECK_EQ_INT(fail_ud.calls, 1);
    /* A failing handler's queued follow-ups never run. */
    log_calls = log_ud.calls;
    BAD_DISPATCH("{\"type\":\"cart/fail_after_queue\"}", SDUI_ECALLBACK, "cart/fail_after_queue",
                 "refused after queueing");
    CHECK_EQ_INT(log_ud.calls, log_calls);
    /* A queued action nobody handles fails the whole dispatch. */
    {
        int st = dispatch("{\"type\":\"cart/queue_unknown\"}");
        CHECK(st == SDUI_ENOTFOUND || st == SDUI_ECALLBACK);
        CHECK_STR_CONTAINS(sdui_errmsg(E), "cart/nobody");
        char *after = snapshot();
        CHECK_STR_EQ(after, before);
        free(after);
    }

    /* Misused sdui_call functions inside a handler: each refused, nothing changes,
    ** and every other engine function says SDUI_EBUSY. */
    misuse_ud.calls = 0;
    CHECK_STATUS(dispatch("{\"type\":\"cart/misuse\"}"), SDUI_OK);
    CHECK_EQ_INT(misuse_ud.calls, 1);
    CHECK_STR_EQ(sdui_errmsg(E), "");
    {
        char *after = snapshot();
        CHECK_STR_EQ(after, before);
        free(after);
    }
    free(before);
}

/* ------------------------------------------------------ factory errors */

static void test_factory_errors(void)
{
    char *r = NULL;
    CHECK_STATUS(load("[{\"id\":\"bv\",\"type\":\"BadView\"},{\"id\":\"ob\",\"type\":\"OnlyBad\"},"
                      "{\"id\":\"busy\",\"type\":\"Busy\"},{\"id\":\"t\",\"type\":\"Text\",\"data\":{\"text\":\"fine\"}}]"),
                 SDUI_OK);
    badview_ud.calls = busy_ud.calls = 0;
    CHECK_STATUS(sdui_render_json(E, &r, NULL), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(E), "");
    char *c = check_compact(r);
    sdui_free(r);
    CHECK_EQ_INT(badview_ud.calls, 1);
    CHECK_EQ_INT(busy_ud.calls, 1);
    CHECK_STR_CONTAINS(c, "good view");   /* the earlier valid result stands */
    CHECK_STR_CONTAINS(c, "\"type\":\"error\""); /* OnlyBad */
    CHECK_STR_CONTAINS(c, "busy ok");
    CHECK_STR_CONTAINS(c, "\"text\":\"fine\"");
    free(c);
    char *d = NULL;
    CHECK_STATUS(sdui_diagnostics_json(E, &d, NULL), SDUI_OK);
    c = check_compact(d);
    sdui_free(d);
    CHECK_STR_CONTAINS(c, "\"component\":\"ob\"");
    free(c);
    CHECK_STATUS(load(base_page), SDUI_OK);
}

/* ------------------------------------------------ registration errors */

static void test_registration_errors(void)
{
    char *before = snapshot();
    struct counter d = {0, 0};

    /* Services: bad names, bad JSON. */
    BAD(sdui_register_service(E, "", LIT("{}")), SDUI_EINVAL, "name");
    BAD(sdui_register_service(E, "a/b", LIT("{}")), SDUI_EINVAL, "a/b");
    BAD(sdui_register_service(E, NULL, LIT("{}")), SDUI_EINVAL, "name");
    BAD(sdui_register_service(E, "x", NULL, 0), SDUI_EINVAL, "");
    BAD(sdui_register_service(E, "cart", LIT("{\"items\":")), SDUI_EPARSE, "1:10");
    BAD(sdui_register_service(E, "cart", LIT("{} {}")), SDUI_EPARSE, "1:4");
    BAD(sdui_register_service(E, "cart", LIT("\"\xfe\"")), SDUI_EPARSE, "UTF-8");
    {
        char *out = (char *)"sentinel";
        CHECK_STATUS(sdui_state_json(E, "x", NULL, &out, NULL), SDUI_ENOTFOUND); /* never created */
        CHECK(out == NULL);
    }

    /* Actions: the service must exist; the type is "service/name". */
    BAD(sdui_register_action(E, "nosuch/x", noop_handler, &d, count_destroy), SDUI_ENOTFOUND, "nosuch");
    BAD(sdui_register_action(E, "", noop_handler, &d, count_destroy), SDUI_EINVAL, "type");
    BAD(sdui_register_action(E, "noslash", noop_handler, &d, count_destroy), SDUI_EINVAL, "noslash");
    BAD(sdui_register_action(E, "cart/", noop_handler, &d, count_destroy), SDUI_EINVAL, "cart/");
    BAD(sdui_register_action(E, "/add", noop_handler, &d, count_destroy), SDUI_EINVAL, "/add");
    BAD(sdui_register_action(E, NULL, noop_handler, &d, count_destroy), SDUI_EINVAL, "type");
    BAD(sdui_register_action(E, "cart/add", NULL, &d, count_destroy), SDUI_EINVAL, "handler");
    CHECK_EQ_INT(d.destroyed, 0); /* destroy is not called on failure */

    /* Components: non-empty type, a factory. */
    BAD(sdui_register_component(E, "", text_factory, &d, count_destroy), SDUI_EINVAL, "type");
    BAD(sdui_register_component(E, NULL, text_factory, &d, count_destroy), SDUI_EINVAL, "type");
    BAD(sdui_register_component(E, "Text", NULL, &d, count_destroy), SDUI_EINVAL, "factory");
    CHECK_EQ_INT(d.destroyed, 0);
    CHECK_EQ_INT(text_ud.destroyed, 0); /* the failed re-registration kept the old factory */

    /* Load and dispatch with NULL input. */
    BAD(sdui_load_page(E, NULL, 2), SDUI_EINVAL, "");
    BAD(sdui_load_page(E, NULL, 0), SDUI_EINVAL, "");
    BAD(sdui_dispatch(E, NULL, 0), SDUI_EINVAL, "");

    /* State reads: NULL out pointers, bad paths, missing values. */
    char *out = (char *)"sentinel";
    size_t len = 99;
    BAD(sdui_state_json(E, "cart", NULL, NULL, NULL), SDUI_EINVAL, "");
    BAD(sdui_state_json(E, NULL, NULL, &out, &len), SDUI_EINVAL, "service");
    CHECK(out == NULL);
    out = (char *)"sentinel";
    BAD(sdui_state_json(E, "cart", "items[", &out, NULL), SDUI_EINVAL, "items[");
    CHECK(out == NULL);
    out = (char *)"sentinel";
    BAD(sdui_state_json(E, "cart", "items[x]", &out, NULL), SDUI_EINVAL, "items[x]");
    CHECK(out == NULL);
    out = (char *)"sentinel";
    BAD(sdui_state_json(E, "cart", "items..0", &out, NULL), SDUI_EINVAL, "items..0");
    CHECK(out == NULL);
    out = (char *)"sentinel";
    BAD(sdui_state_json(E, "cart", "items[7]", &out, NULL), SDUI_ENOTFOUND, "items[7]");
    CHECK(out == NULL);
    out = (char *)"sentinel";
    BAD(sdui_state_json(E, "nosuch", NULL, &out, NULL), SDUI_ENOTFOUND, "nosuch");
    CHECK(out == NULL);

    /* Render outputs need an out pointer. */
    BAD(sdui_render_json(E, NULL, NULL), SDUI_EINVAL, "");
    BAD(sdui_render_text(E, NULL, &len), SDUI_EINVAL, "");
    BAD(sdui_diagnostics_json(E, NULL, NULL), SDUI_EINVAL, "");
    free(before);
}

/* --------------------------------------------------------- NULL engine */

static void test_null_everything(void)
{
    struct counter d = {0, 0};
    char *out = (char *)"sentinel";
    size_t len = 0;

    CHECK(sdui_errmsg(NULL) != NULL);
    CHECK(check_contains_ci(sdui_errmsg(NULL), "null"));
    sdui_free(NULL);
    sdui_engine_free(NULL);

    CHECK_EQ_INT(sdui_limit(NULL, SDUI_LIMIT_QUEUE, -1), -1);
    CHECK_STATUS(sdui_load_page(NULL, LIT("[]")), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_component(NULL, "Text", text_factory, &d, count_destroy), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_service(NULL, "cart", LIT("{}")), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_action(NULL, "cart/x", noop_handler, &d, count_destroy), SDUI_EINVAL);
    CHECK_EQ_INT(d.destroyed, 0);
    CHECK_STATUS(sdui_dispatch(NULL, LIT("{\"type\":\"a/b\"}")), SDUI_EINVAL);
    CHECK_STATUS(sdui_state_json(NULL, "cart", NULL, &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_render_json(NULL, &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_render_text(NULL, &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_diagnostics_json(NULL, &out, NULL), SDUI_EINVAL);
    CHECK(out == NULL);

    /* A NULL sdui_call. */
    double v = 0;
    CHECK(sdui_call_id(NULL) == NULL);
    CHECK(sdui_call_string(NULL, SDUI_INPUT, "x") == NULL);
    CHECK_STATUS(sdui_call_number(NULL, SDUI_INPUT, "x", &v), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_call_count(NULL, SDUI_INPUT, "x"), -1);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_call_json(NULL, SDUI_INPUT, "x", &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_call_state(NULL, "cart", NULL, &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    CHECK_STATUS(sdui_call_return(NULL, LIT("{}")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_set(NULL, "x", LIT("1")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_dispatch(NULL, LIT("{\"type\":\"a/b\"}")), SDUI_EINVAL);
    (void)sdui_call_errmsg(NULL); /* must not crash; the header does not say what it returns */
    sdui_call_error(NULL, "nobody hears this");
    sdui_call_error(NULL, NULL);
}

/* ------------------------------------------------------------- errstr */

static void test_errstr(void)
{
    const char *s[10];
    for (int i = 0; i <= 9; i++) {
        s[i] = sdui_errstr(i);
        if (!CHECK(s[i] != NULL && s[i][0] != '\0'))
            fprintf(stderr, "    sdui_errstr(%d)\n", i);
    }
    for (int i = 0; i <= 9; i++)
        for (int j = i + 1; j <= 9; j++)
            if (s[i] && s[j] && !CHECK(strcmp(s[i], s[j]) != 0))
                fprintf(stderr, "    sdui_errstr(%d) == sdui_errstr(%d) == \"%s\"\n", i, j, s[i]);
    CHECK_STR_CONTAINS(sdui_errstr(SDUI_ENOTFOUND), "not found");
    CHECK(sdui_errstr(SDUI_ENOTFOUND) == sdui_errstr(SDUI_ENOTFOUND)); /* constant */
    const int unknown[] = {10, 99, -1, 1 << 30};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *u = sdui_errstr(unknown[i]);
        CHECK(u != NULL && u[0] != '\0');
        CHECK(u == NULL || s[SDUI_OK] == NULL || strcmp(u, s[SDUI_OK]) != 0);
    }
}

/* ---------------------------------------------------- control characters */

/*
** Control characters (C0, DEL, C1). Ids, types and node keys refuse them, so
** every C string made from an id is whole; text content may hold them and
** sdui_render_text escapes each as \u00XX, so strlen(out) == out_len and a
** terminal shows the escape instead of obeying it. Messages that quote
** input escape them too.
*/
static int ctl_key_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    static const char view[] = "{\"type\":\"text\",\"text\":\"x\",\"key\":\"k\\u0001\"}";
    CHECK_STATUS(sdui_call_return(call, view, strlen(view)), SDUI_ECONTRACT);
    sdui_call_error(call, sdui_call_errmsg(call));
    return SDUI_ERROR;
}

/*
** paths/set: sets members through paths the facade reads on its fast path
** (one plain key, with or without "$.") and paths next to them that go
** through the full parse; both must give what the full parse gives.
*/
static int paths_set(sdui_call *call, void *userdata)
{
    (void)userdata;
    CHECK_STATUS(sdui_call_set(call, "$.a", LIT("1")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "b", LIT("2")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$.c-d_9Z", LIT("3")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$.9", LIT("4")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, ".e", LIT("5")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$.\xc3\xa9", LIT("6")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$[\"f g\"]", LIT("7")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$.h.i", LIT("8")), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "b", NULL, 0), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "$.", LIT("0")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_set(call, "$x", LIT("0")), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_set(call, "$..a", LIT("0")), SDUI_EINVAL);
    return SDUI_OK;
}

static void test_single_key_paths(void)
{
    CHECK_STATUS(sdui_register_service(E, "paths", LIT("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "paths/set", paths_set, NULL, NULL), SDUI_OK);
    CHECK_STATUS(dispatch("{\"type\":\"paths/set\"}"), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_state_json(E, "paths", NULL, &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "{\"a\":1,\"c-d_9Z\":3,\"9\":4,\"e\":5,\"\xc3\xa9\":6,\"f g\":7,\"h\":{\"i\":8}}");
    sdui_free(out);
}

static void test_control_characters(void)
{
    char *before = snapshot();
    BAD_LOAD("[{\"id\":\"a\\u0000b\",\"type\":\"Text\",\"data\":{\"text\":\"x\"}}]", SDUI_ECONTRACT,
             "$[0].id", "must not contain control characters", "\\u0000");
    BAD_LOAD("{\"components\":[{\"id\":\"a\",\"type\":\"Te\\u001bxt\"}]}", SDUI_ECONTRACT,
             "$.components[0].type", "\\u001b");
    BAD_LOAD("{\"components\":[{\"id\":\"a\\u0085\",\"type\":\"Text\"}]}", SDUI_ECONTRACT,
             "$.components[0].id", "\\u0085");
    BAD_LOAD("[{\"id\":\"a\",\"type\":\"Text\",\"fallback\":{\"id\":\"b\\u0007\",\"type\":\"Text\"}}]",
             SDUI_ECONTRACT, "$[0].fallback.id", "\\u0007");
    /* A message quoting an action type with a NUL keeps all of it. */
    BAD_DISPATCH("{\"type\":\"cart/no\\u0000such\"}", SDUI_ENOTFOUND, "cart/no\\u0000such");
    free(before);

    static const char page[] = "[{\"id\":\"ctl\",\"type\":\"Text\",\"data\":"
                               "{\"text\":\"nul\\u0000tab\\tesc\\u001b[2J del\\u007f c1\\u009b end\"}}]";
    CHECK_STATUS(load(page), SDUI_OK);
    char *text = NULL;
    size_t len = 0;
    if (CHECK_STATUS(sdui_render_text(E, &text, &len), SDUI_OK)) {
        CHECK_EQ_INT((long long)strlen(text), (long long)len);
        CHECK_STR_CONTAINS(text, "nul\\u0000tab\\u0009esc\\u001b[2J del\\u007f c1\\u009b end");
        int controls = 0;
        for (const unsigned char *p = (const unsigned char *)text; *p; p++)
            controls += (*p < 0x20 && *p != '\n') || *p == 0x7f;
        CHECK_EQ_INT(controls, 0);
    }
    sdui_free(text);
    /* The JSON render keeps the text exactly, as JSON escapes. */
    char *json = NULL;
    if (CHECK_STATUS(sdui_render_json(E, &json, &len), SDUI_OK)) {
        CHECK_EQ_INT((long long)strlen(json), (long long)len);
        CHECK_STR_CONTAINS(json, "nul\\u0000tab\\tesc\\u001b[2J");
    }
    sdui_free(json);
    /* A node key with a control character is refused like an id: the
       factory's view is an error, named in the diagnostics. */
    CHECK_STATUS(sdui_register_component(E, "CtlKey", ctl_key_factory, NULL, NULL), SDUI_OK);
    static const char keyed[] = "[{\"id\":\"k\",\"type\":\"CtlKey\"}]";
    CHECK_STATUS(load(keyed), SDUI_OK);
    CHECK_STATUS(sdui_render_text(E, &text, NULL), SDUI_OK);
    sdui_free(text);
    char *diagnostics = NULL;
    if (CHECK_STATUS(sdui_diagnostics_json(E, &diagnostics, NULL), SDUI_OK))
        CHECK_STR_CONTAINS(diagnostics, "must not contain control characters");
    sdui_free(diagnostics);
    CHECK_STATUS(sdui_unregister_component(E, "CtlKey"), SDUI_OK);
    CHECK_STATUS(load(base_page), SDUI_OK);
}


/* sdui_option: duplicate keys refused by default, the last value kept with
** a diagnostic when asked; bad calls change nothing. */
static void test_options(void)
{
    static const char page[] = "{\"components\":[{\"id\":\"d\",\"type\":\"Nobody\",\"type\":\"Nobody2\"}]}";
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, -1), 0);
    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, 2), -1); /* not a value it takes */
    CHECK_EQ_INT(sdui_option(e, 1, -1), -1);
    CHECK_EQ_INT(sdui_option(e, -1, 0), -1);
    CHECK_EQ_INT(sdui_option(NULL, SDUI_OPTION_DUPLICATE_KEYS, 1), -1);
    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, -1), 0);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_EPARSE);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "1:42: $.components[0].type: duplicate key \"type\"");

    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, 1), 0);
    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, -1), 1);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *screen = NULL, *diagnostics = NULL;
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(screen, "\"type\":\"Nobody2\""); /* the last value */
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "\"code\":\"duplicate-key\"");
    CHECK_STR_CONTAINS(diagnostics, "1:42: $.components[0].type: duplicate key \\\"type\\\": the last value is used");
    sdui_free(screen);
    sdui_free(diagnostics);
    CHECK_EQ_INT(sdui_option(e, SDUI_OPTION_DUPLICATE_KEYS, 0), 1);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_EPARSE);
    sdui_engine_free(e);
}

int main(void)
{
    setup();
    test_errstr();
    test_null_everything();
    test_page_errors();
    test_limits();
    test_options();
    test_dispatch_errors();
    test_factory_errors();
    test_registration_errors();
    test_control_characters();
    test_single_key_paths();
    sdui_engine_free(E);
    check_engine(NULL);
    CHECK_EQ_INT(text_ud.destroyed, 1);
    return check_summary();
}
