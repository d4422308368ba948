/*
** test_flow.c -- the whole happy path of sdui through include/sdui.h only:
** version, engine, services, component factories, page load and render,
** factory replacement, dispatch with payload readers, state changes,
** follow-up actions and state reads; and the state versions of
** include/sdui_binding.h.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui_binding.h"
#include "check.h"

/* ---------------------------------------------------------------- helpers */

static int load(sdui_engine *e, const char *json) { return sdui_load_page(e, json, strlen(json)); }
static int dispatch(sdui_engine *e, const char *json) { return sdui_dispatch(e, json, strlen(json)); }
static int service(sdui_engine *e, const char *name, const char *json)
{
    return sdui_register_service(e, name, json, strlen(json));
}

/* The render JSON, compacted; NULL (and a failed check) on error. */


/* State at service/path, compacted; NULL when the status is not SDUI_OK. */
static char *state(sdui_engine *e, const char *svc, const char *path, int *status)
{
    char *out = NULL;
    size_t len = 0;
    int st = sdui_state_json(e, svc, path, &out, &len);
    if (status)
        *status = st;
    if (st != SDUI_OK) {
        CHECK(out == NULL);
        return NULL;
    }
    CHECK_EQ_INT(len, strlen(out));
    char *c = check_compact(out);
    sdui_free(out);
    return c;
}

/* Checks that the state at svc/path is exactly `want` (compact JSON). */
static void check_state_(sdui_engine *e, const char *svc, const char *path, const char *want, int line)
{
    int st = 0;
    char *got = state(e, svc, path, &st);
    if (!check_status_(st, SDUI_OK, __FILE__, line, "sdui_state_json"))
        fprintf(stderr, "    (service \"%s\", path \"%s\")\n", svc, path ? path : "NULL");
    check_str_eq_(got, want, __FILE__, line, "state", "expected");
    free(got);
}
#define CHECK_STATE(e, svc, path, want) check_state_((e), (svc), (path), (want), __LINE__)

/* Checks that the state of `svc` is an object with exactly the members given
** as compact `"key":value` texts, in any order (the header promises no key
** order). */
static void check_state_members_(sdui_engine *e, const char *svc, const char *const *members, int line)
{
    int st = 0;
    char *got = state(e, svc, NULL, &st);
    size_t want_len = 1; /* "{" */
    size_t n = 0;
    check_status_(st, SDUI_OK, __FILE__, line, "sdui_state_json");
    for (const char *const *m = members; *m; m++, n++) {
        want_len += strlen(*m) + 1; /* member and "," or "}" */
        check_contains_(got, *m, __FILE__, line, "state", *m);
    }
    if (n == 0)
        want_len++;
    if (!check_result_(got != NULL && got[0] == '{' && strlen(got) == want_len, __FILE__, line,
                       "state has no other member"))
        fprintf(stderr, "    state: %s\n", got ? got : "NULL");
    free(got);
}
#define NEEDLES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define CHECK_STATE_MEMBERS(e, svc, members) check_state_members_((e), (svc), (members), __LINE__)

/* The part of `json` from `"id":"<id>"` up to `"id":"<next>"` (or the end);
** malloc'd, or NULL when `id` is absent. */
static char *section(const char *json, const char *id, const char *next)
{
    char key[128];
    if (json == NULL)
        return NULL;
    snprintf(key, sizeof key, "\"id\":\"%s\"", id);
    const char *from = strstr(json, key);
    if (from == NULL)
        return NULL;
    const char *to = from + strlen(from);
    if (next != NULL) {
        snprintf(key, sizeof key, "\"id\":\"%s\"", next);
        const char *n = strstr(from + 1, key);
        if (n != NULL)
            to = n;
    }
    size_t len = (size_t)(to - from);
    char *s = malloc(len + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, from, len);
    s[len] = '\0';
    return s;
}

/* Position of `"id":"<id>"` in json, or -1. */
static long pos_of_id(const char *json, const char *id)
{
    char key[128];
    snprintf(key, sizeof key, "\"id\":\"%s\"", id);
    const char *p = json ? strstr(json, key) : NULL;
    return p ? (long)(p - json) : -1;
}

/* ---------------------------------------------------------------- version */

static void test_version(void)
{
    CHECK_EQ_INT(SDUI_VERSION_NUMBER,
                 SDUI_VERSION_MAJOR * 1000000 + SDUI_VERSION_MINOR * 1000 + SDUI_VERSION_PATCH);
    CHECK_EQ_INT(sdui_libversion_number(), SDUI_VERSION_NUMBER);
    CHECK(sdui_libversion() != NULL);
    CHECK_STR_EQ(sdui_libversion(), SDUI_VERSION);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", SDUI_VERSION_MAJOR, SDUI_VERSION_MINOR, SDUI_VERSION_PATCH);
    CHECK_STR_EQ(SDUI_VERSION, expect);
}

/* -------------------------------------------------------------- factories */

struct fud {
    const char *name;
    int calls;
    int destroyed;
};

static void fud_destroy(void *userdata)
{
    struct fud *f = userdata;
    f->destroyed++;
}

/* Text: {"type":"text","text": data.text} */
static int text_factory(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    char *t = NULL;
    size_t tl = 0;
    char buf[512];
    f->calls++;
    int st = sdui_call_json(call, SDUI_INPUT, "text", &t, &tl);
    if (st != SDUI_OK) {
        sdui_call_error(call, "Text: data.text is missing");
        return st;
    }
    CHECK_EQ_INT(tl, strlen(t));
    snprintf(buf, sizeof buf, "{\"type\":\"text\",\"text\":%s}", t);
    sdui_free(t);
    return sdui_call_return(call, buf, strlen(buf));
}

/* Text, version 2: ignores the data. */
static int text_factory_v2(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    static const char view[] = "{\"type\":\"text\",\"text\":\"second factory\"}";
    f->calls++;
    return sdui_call_return(call, view, strlen(view));
}

/* Card: vstack [title text, button, keyed text]; checks the data readers. */
static int card_factory(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    char *title = NULL, *label = NULL, *action = NULL;
    char buf[1024];
    f->calls++;
    CHECK_STR_EQ(sdui_call_id(call), "c1");
    CHECK_STR_EQ(sdui_call_string(call, SDUI_INPUT, "title"), "Hello");
    CHECK_STR_EQ(sdui_call_string(call, SDUI_INPUT, "action.payload.route"), "/x");
    CHECK_STR_EQ(sdui_call_string(call, SDUI_INPUT, "$.action.type"), "nav/open");
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, ""), 3);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, "action"), 2);
    if (sdui_call_json(call, SDUI_INPUT, "title", &title, NULL) != SDUI_OK ||
        sdui_call_json(call, SDUI_INPUT, "label", &label, NULL) != SDUI_OK ||
        sdui_call_json(call, SDUI_INPUT, "action", &action, NULL) != SDUI_OK) {
        sdui_free(title);
        sdui_free(label);
        sdui_free(action);
        sdui_call_error(call, "Card: bad data");
        return SDUI_ERROR;
    }
    CHECK_STR_EQ(title, "\"Hello\"");
    snprintf(buf, sizeof buf,
             "{\"type\":\"vstack\",\"children\":["
             "{\"type\":\"text\",\"text\":%s,\"style\":{\"font\":\"title\"}},"
             "{\"type\":\"button\",\"label\":%s,\"action\":%s},"
             "{\"type\":\"text\",\"text\":\"keyed\",\"key\":\"k\"}]}",
             title, label, action);
    sdui_free(title);
    sdui_free(label);
    sdui_free(action);
    return sdui_call_return(call, buf, strlen(buf));
}

/* Fail: reports an error and returns failure. */
static int fail_factory(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    f->calls++;
    sdui_call_error(call, "boom: the card has no data");
    return SDUI_ERROR;
}

/* NoView: returns SDUI_OK without a view. */
static int noview_factory(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    f->calls++;
    (void)call;
    return SDUI_OK;
}

/* Probe: checks that an absent "data" reads as null; renders a spacer. */
static int probe_factory(sdui_call *call, void *userdata)
{
    struct fud *f = userdata;
    char *data = NULL;
    static const char view[] = "{\"type\":\"spacer\"}";
    f->calls++;
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, NULL, &data, NULL), SDUI_OK);
    CHECK_STR_EQ(data, "null");
    sdui_free(data);
    CHECK(sdui_call_string(call, SDUI_INPUT, "anything") == NULL);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, ""), -1);
    return sdui_call_return(call, view, strlen(view));
}

static const char flow_page[] =
    "{\"id\":\"flow\",\"version\":1,\"components\":["
    "{\"id\":\"c1\",\"type\":\"Card\",\"data\":{\"title\":\"Hello\",\"label\":\"Go\","
    "\"action\":{\"type\":\"nav/open\",\"payload\":{\"route\":\"/x\"}}}},"
    "{\"id\":\"t1\",\"type\":\"Text\",\"data\":{\"text\":\"Plain \\\"quoted\\\" text\"}},"
    "{\"id\":\"u1\",\"type\":\"Unknown\"},"
    "{\"id\":\"u2\",\"type\":\"Unknown2\",\"fallback\":{\"type\":\"Text\",\"data\":{\"text\":\"from fallback\"}}},"
    "{\"id\":\"u3\",\"type\":\"Unknown3\",\"fallback\":\"drop\"},"
    "{\"id\":\"f1\",\"type\":\"Fail\",\"data\":null},"
    "{\"id\":\"n1\",\"type\":\"NoView\"},"
    "{\"id\":\"p1\",\"type\":\"Probe\"},"
    "{\"id\":\"t2\",\"type\":\"Text\",\"data\":{\"text\":\"last\"}}"
    "]}";

static void test_render(void)
{
    struct fud card = {"card", 0, 0}, text1 = {"text1", 0, 0}, text2 = {"text2", 0, 0};
    struct fud fail = {"fail", 0, 0}, noview = {"noview", 0, 0}, probe = {"probe", 0, 0};

    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STR_EQ(sdui_errmsg(e), "");

    /* No page yet: an empty screen, no diagnostics. */
    char *r = check_render(e);
    CHECK_STR_CONTAINS(r, "\"components\":[]");
    free(r);
    char *d = check_diagnostics(e);
    CHECK_STR_EQ(d, "[]");
    free(d);

    CHECK_STATUS(sdui_register_component(e, "Card", card_factory, &card, fud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Text", text_factory, &text1, fud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Fail", fail_factory, &fail, fud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "NoView", noview_factory, &noview, fud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Probe", probe_factory, &probe, fud_destroy), SDUI_OK);
    CHECK_EQ_INT(card.calls + text1.calls, 0); /* registering renders nothing */

    CHECK_STATUS(load(e, flow_page), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(e), "");

    r = check_render(e);
    CHECK_STR_CONTAINS(r, "\"id\":\"flow\"");
    CHECK_STR_CONTAINS(r, "\"version\":1");
    /* Components in page order; the dropped one left out. */
    long pc1 = pos_of_id(r, "c1"), pt1 = pos_of_id(r, "t1"), pu1 = pos_of_id(r, "u1");
    long pu2 = pos_of_id(r, "u2"), pf1 = pos_of_id(r, "f1"), pn1 = pos_of_id(r, "n1");
    long pp1 = pos_of_id(r, "p1"), pt2 = pos_of_id(r, "t2");
    CHECK(pc1 >= 0);
    CHECK(pc1 < pt1 && pt1 < pu1 && pu1 < pu2 && pu2 < pf1 && pf1 < pn1 && pn1 < pp1 && pp1 < pt2);
    CHECK_EQ_INT(pos_of_id(r, "u3"), -1);
    CHECK(strstr(r, "Unknown3") == NULL);
    /* Node ids: child indexes and keys. */
    CHECK_STR_CONTAINS(r, "\"id\":\"c1/0\"");
    CHECK_STR_CONTAINS(r, "\"id\":\"c1/1\"");
    CHECK_STR_CONTAINS(r, "\"id\":\"c1#k\"");
    CHECK(strstr(r, "\"id\":\"c1/2\"") == NULL); /* the keyed child is named by its key */
    /* Per-component content. */
    char *s = section(r, "c1", "t1");
    CHECK_STR_CONTAINS(s, "\"type\":\"vstack\"");
    CHECK_STR_CONTAINS(s, "\"text\":\"Hello\"");
    CHECK_STR_CONTAINS(s, "\"type\":\"button\"");
    CHECK_STR_CONTAINS(s, "\"route\":\"/x\"");
    free(s);
    s = section(r, "t1", "u1");
    CHECK_STR_CONTAINS(s, "\"text\":\"Plain \\\"quoted\\\" text\"");
    free(s);
    s = section(r, "u1", "u2");
    CHECK_STR_CONTAINS(s, "\"type\":\"fallback\"");
    CHECK_STR_CONTAINS(s, "Unknown");
    free(s);
    s = section(r, "u2", "f1");
    CHECK_STR_CONTAINS(s, "\"text\":\"from fallback\"");
    CHECK(s == NULL || strstr(s, "\"type\":\"fallback\"") == NULL);
    free(s);
    s = section(r, "f1", "n1");
    CHECK_STR_CONTAINS(s, "\"type\":\"error\"");
    free(s);
    s = section(r, "n1", "p1");
    CHECK_STR_CONTAINS(s, "\"type\":\"error\"");
    free(s);
    s = section(r, "p1", "t2");
    CHECK_STR_CONTAINS(s, "\"type\":\"spacer\"");
    free(s);
    s = section(r, "t2", NULL);
    CHECK_STR_CONTAINS(s, "\"text\":\"last\"");
    CHECK(s == NULL || strstr(s, "\"type\":\"error\"") == NULL);
    free(s);
    free(r);
    CHECK_EQ_INT(card.calls, 1);
    CHECK_EQ_INT(text1.calls, 3); /* t1, the fallback of u2, t2 */
    CHECK_EQ_INT(fail.calls, 1);
    CHECK_EQ_INT(noview.calls, 1);
    CHECK_EQ_INT(probe.calls, 1);

    /* Diagnostics name the unknown types, the drop, the failed factories. */
    d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "\"severity\":\"");
    CHECK_STR_CONTAINS(d, "\"code\":\"unknown-type\"");
    CHECK_STR_CONTAINS(d, "\"component\":\"u1\"");
    CHECK_STR_CONTAINS(d, "\"component\":\"u2\"");
    CHECK_STR_CONTAINS(d, "\"component\":\"u3\"");
    CHECK_STR_CONTAINS(d, "\"component\":\"f1\"");
    CHECK_STR_CONTAINS(d, "\"component\":\"n1\"");
    CHECK_STR_CONTAINS(d, "boom: the card has no data");
    CHECK(d == NULL || strstr(d, "\"component\":\"c1\"") == NULL);
    CHECK(d == NULL || strstr(d, "\"component\":\"t2\"") == NULL);
    free(d);

    /* Text rendering: one block a component, buttons as [label]. */
    char *text = NULL;
    size_t tlen = 0;
    CHECK_STATUS(sdui_render_text(e, &text, &tlen), SDUI_OK);
    CHECK(text != NULL && tlen == strlen(text));
    CHECK_STR_CONTAINS(text, "Hello");
    CHECK_STR_CONTAINS(text, "[Go]");
    CHECK_STR_CONTAINS(text, "Plain \"quoted\" text");
    CHECK_STR_CONTAINS(text, "from fallback");
    CHECK_STR_CONTAINS(text, "last");
    CHECK(text == NULL || strstr(text, "Unknown3") == NULL);
    sdui_free(text);
    text = NULL;
    CHECK_STATUS(sdui_render_text(e, &text, NULL), SDUI_OK); /* out_len may be NULL */
    CHECK(text != NULL);
    sdui_free(text);

    /* Registering a type again: old destroy runs, the next render uses the new one. */
    CHECK_STATUS(sdui_register_component(e, "Text", text_factory_v2, &text2, fud_destroy), SDUI_OK);
    CHECK_EQ_INT(text1.destroyed, 1);
    CHECK_EQ_INT(text2.destroyed, 0);
    int text1_calls = text1.calls;
    r = check_render(e);
    CHECK_STR_CONTAINS(r, "second factory");
    CHECK(r == NULL || strstr(r, "\"text\":\"last\"") == NULL);
    free(r);
    CHECK_EQ_INT(text1.calls, text1_calls);
    CHECK_EQ_INT(text2.calls, 3);

    /* Registering a component type that was unknown: u1 now renders. */
    struct fud unk = {"unknown", 0, 0};
    CHECK_STATUS(sdui_register_component(e, "Unknown", probe_factory, &unk, NULL), SDUI_OK);
    r = check_render(e);
    s = section(r, "u1", "u2");
    CHECK_STR_CONTAINS(s, "\"type\":\"spacer\"");
    free(s);
    free(r);
    CHECK_EQ_INT(unk.calls, 1);

    /* A bare array of components is a page too. */
    CHECK_STATUS(load(e, "[{\"id\":\"b\",\"type\":\"Probe\"},{\"id\":\"c\",\"type\":\"Probe\",\"data\":null}]"),
                 SDUI_OK);
    r = check_render(e);
    CHECK(pos_of_id(r, "b") >= 0 && pos_of_id(r, "b") < pos_of_id(r, "c"));
    CHECK_STR_CONTAINS(r, "\"id\":\"b\"");
    CHECK(r == NULL || strstr(r, "\"id\":\"a\"") == NULL); /* the page was replaced */
    CHECK(r == NULL || strstr(r, "\"id\":\"t1\"") == NULL);
    free(r);
    /* Whitespace and a UTF-8 id are fine. */
    CHECK_STATUS(load(e, " \n{ \"id\" : \"p\" ,\n \"components\" : [ { \"id\" : \"caf\xc3\xa9\" , \"type\" : \"Probe\" } ] }\n"),
                 SDUI_OK);
    r = check_render(e);
    CHECK_STR_CONTAINS(r, "\"id\":\"caf\xc3\xa9\"");
    free(r);
    /* The length is honoured: trailing bytes past len are not read. */
    {
        static const char page[] = "[{\"id\":\"x\",\"type\":\"Probe\"}]GARBAGE";
        CHECK_STATUS(sdui_load_page(e, page, strlen(page) - strlen("GARBAGE")), SDUI_OK);
    }

    /* Freeing the engine destroys every userdata exactly once. */
    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(card.destroyed, 1);
    CHECK_EQ_INT(text1.destroyed, 1);
    CHECK_EQ_INT(text2.destroyed, 1);
    CHECK_EQ_INT(fail.destroyed, 1);
    CHECK_EQ_INT(noview.destroyed, 1);
    CHECK_EQ_INT(probe.destroyed, 1);
    CHECK_EQ_INT(unk.destroyed, 0); /* registered without a destroy callback */
}

/* --------------------------------------------------------------- dispatch */

struct hud {
    int calls;
    int destroyed;
};

static void hud_destroy(void *userdata)
{
    struct hud *h = userdata;
    h->destroyed++;
}

/* cart/add {"name":"Tea","price":2.5,"tags":["a","b"],"qty":2} */
static int cart_add(sdui_call *call, void *userdata)
{
    struct hud *h = userdata;
    char *j = NULL;
    size_t jl = 0;
    double v = -1;
    char path[64], num[64];
    h->calls++;

    CHECK_STR_EQ(sdui_call_id(call), "cart/add");
    /* Payload readers. */
    CHECK_STR_EQ(sdui_call_string(call, SDUI_INPUT, "name"), "Tea");
    CHECK(sdui_call_string(call, SDUI_INPUT, "price") == NULL);   /* not a string */
    CHECK(sdui_call_string(call, SDUI_INPUT, "missing") == NULL); /* absent */
    CHECK(sdui_call_string(call, 7, "name") == NULL);             /* unknown source */
    CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "price", &v), SDUI_OK);
    CHECK(v == 2.5);
    double price = v;
    CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "qty", &v), SDUI_OK);
    CHECK(v == 2.0);
    double qty = v;
    CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "name", &v), SDUI_ECONTRACT);
    CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "missing", &v), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_call_errmsg(call), "missing"); /* names the path */
    CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "qty", &v), SDUI_OK);
    CHECK_STR_EQ(sdui_call_errmsg(call), "");
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, "tags"), 2);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, ""), 4);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, NULL), 4);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, "name"), -1);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_INPUT, "missing"), -1);
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, "tags[1]", &j, &jl), SDUI_OK);
    CHECK_STR_EQ(j, "\"b\"");
    CHECK_EQ_INT(jl, 3);
    sdui_free(j);
    j = NULL;
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, "$.tags.0", &j, NULL), SDUI_OK);
    CHECK_STR_EQ(j, "\"a\"");
    sdui_free(j);
    j = NULL;
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, "", &j, NULL), SDUI_OK);
    CHECK_STR_EQ(j, "{\"name\":\"Tea\",\"price\":2.5,\"tags\":[\"a\",\"b\"],\"qty\":2}");
    sdui_free(j);
    j = (char *)"sentinel";
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, "tags[2]", &j, NULL), SDUI_ENOTFOUND);
    CHECK(j == NULL);

    /* State readers: the service's state before any change. */
    CHECK_EQ_INT(sdui_call_count(call, SDUI_STATE, "items"), 0);
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "total", &v), SDUI_OK);
    CHECK(v == 0);
    CHECK_STR_EQ(sdui_call_string(call, SDUI_STATE, "note"), "x");

    /* Append twice (index == length), set a number, remove a member, create members. */
    long long n = sdui_call_count(call, SDUI_STATE, "items");
    snprintf(path, sizeof path, "items[%lld]", n);
    CHECK_STATUS(sdui_call_set(call, path, "\"Tea\"", 5), SDUI_OK);
    snprintf(path, sizeof path, "items[%lld]", sdui_call_count(call, SDUI_STATE, "items"));
    CHECK_STR_EQ(path, "items[1]");
    CHECK_STATUS(sdui_call_set(call, path, " \"Milk\" ", 8), SDUI_OK);
    snprintf(num, sizeof num, "%g", price * qty);
    CHECK_STATUS(sdui_call_set(call, "total", num, strlen(num)), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "note", NULL, 0), SDUI_OK);
    CHECK_STATUS(sdui_call_set(call, "a.b.c", "1", 1), SDUI_OK);
    /* (Failing sdui_call_set calls are tested in test_errors.c.) */

    /* The readers see this dispatch's changes so far. */
    CHECK_EQ_INT(sdui_call_count(call, SDUI_STATE, "items"), 2);
    CHECK_STR_EQ(sdui_call_string(call, SDUI_STATE, "items[1]"), "Milk");
    CHECK(sdui_call_string(call, SDUI_STATE, "note") == NULL);
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "total", &v), SDUI_OK);
    CHECK(v == 5.0);
    CHECK_STATUS(sdui_call_number(call, SDUI_STATE, "a.b.c", &v), SDUI_OK);
    CHECK(v == 1.0);
    j = NULL;
    CHECK_STATUS(sdui_call_state(call, "cart", "items.1", &j, &jl), SDUI_OK);
    CHECK_STR_EQ(j, "\"Milk\"");
    sdui_free(j);
    j = NULL;
    CHECK_STATUS(sdui_call_state(call, "other", "", &j, NULL), SDUI_OK); /* another service */
    CHECK_STR_EQ(j, "{\"n\":1}");
    sdui_free(j);
    j = (char *)"sentinel";
    CHECK_STATUS(sdui_call_state(call, "nosuch", NULL, &j, NULL), SDUI_ENOTFOUND);
    CHECK(j == NULL);
    return SDUI_OK;
}

/* cart/reset: replaces the whole state with sdui_call_return. */
static int cart_reset(sdui_call *call, void *userdata)
{
    struct hud *h = userdata;
    static const char empty[] = "{\"items\":[],\"total\":0}";
    h->calls++;
    CHECK_STATUS(sdui_call_return(call, empty, strlen(empty)), SDUI_OK);
    CHECK_EQ_INT(sdui_call_count(call, SDUI_STATE, "items"), 0);
    CHECK(sdui_call_string(call, SDUI_STATE, "a") == NULL);
    return SDUI_OK;
}

/* cart/ping: counts, checks a null payload. */
static int cart_ping(sdui_call *call, void *userdata)
{
    struct hud *h = userdata;
    char *j = NULL;
    h->calls++;
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, NULL, &j, NULL), SDUI_OK);
    CHECK_STR_EQ(j, "null");
    sdui_free(j);
    return SDUI_OK;
}

/* favorites/toggle {"movieId": N}: keys made of digits in an object. */
static int fav_toggle(sdui_call *call, void *userdata)
{
    double id = 0;
    char key[32];
    (void)userdata;
    if (sdui_call_number(call, SDUI_INPUT, "movieId", &id) != SDUI_OK)
        return SDUI_ERROR;
    snprintf(key, sizeof key, "%lld", (long long)id);
    char *cur = NULL;
    if (sdui_call_json(call, SDUI_STATE, key, &cur, NULL) == SDUI_OK) {
        sdui_free(cur);
        return sdui_call_set(call, key, NULL, 0);
    }
    return sdui_call_set(call, key, "true", 4);
}

static void test_dispatch(void)
{
    struct hud add = {0, 0}, reset = {0, 0}, ping = {0, 0}, ping2 = {0, 0};
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);

    CHECK_STATUS(service(e, "cart", "{\"items\":[],\"total\":0,\"note\":\"x\"}"), SDUI_OK);
    CHECK_STATUS(service(e, "other", "{\"n\":1}"), SDUI_OK);
    CHECK_STATUS(service(e, "favorites", "{}"), SDUI_OK);
    CHECK_STATUS(service(e, "scalar", "42"), SDUI_OK); /* any JSON value is a state */
    CHECK_STATE(e, "scalar", NULL, "42");
    CHECK_STATE(e, "cart", NULL, "{\"items\":[],\"total\":0,\"note\":\"x\"}");
    CHECK_STATE(e, "cart", "", "{\"items\":[],\"total\":0,\"note\":\"x\"}");

    CHECK_STATUS(sdui_register_action(e, "cart/add", cart_add, &add, hud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "cart/reset", cart_reset, &reset, hud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "cart/ping", cart_ping, &ping, hud_destroy), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/toggle", fav_toggle, NULL, NULL), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(e), "");

    CHECK_STATUS(dispatch(e, "{\"type\":\"cart/add\",\"payload\":{\"name\":\"Tea\",\"price\":2.5,"
                             "\"tags\":[\"a\",\"b\"],\"qty\":2}}"),
                 SDUI_OK);
    CHECK_EQ_INT(add.calls, 1);
    CHECK_STR_EQ(sdui_errmsg(e), "");

    /* State reads by service and path. */
    CHECK_STATE_MEMBERS(e, "cart", NEEDLES("\"items\":[\"Tea\",\"Milk\"]", "\"total\":5", "\"a\":{\"b\":{\"c\":1}}"));
    CHECK_STATE(e, "cart", "items", "[\"Tea\",\"Milk\"]");
    CHECK_STATE(e, "cart", "items[0]", "\"Tea\"");
    CHECK_STATE(e, "cart", "items.0", "\"Tea\"");
    CHECK_STATE(e, "cart", "$.items[1]", "\"Milk\"");
    CHECK_STATE(e, "cart", "$.items.1", "\"Milk\"");
    CHECK_STATE(e, "cart", "total", "5");
    CHECK_STATE(e, "cart", "a.b", "{\"c\":1}");
    CHECK_STATE(e, "cart", "a.b.c", "1");
    CHECK_STATE(e, "other", NULL, "{\"n\":1}");
    /* Missing values: SDUI_ENOTFOUND, *out NULL, the message names what is missing. */
    static const struct {
        const char *svc, *path, *needle;
    } missing[] = {{"cart", "note", "note"},
                   {"cart", "items[2]", "items[2]"},
                   {"cart", "items.9", "items"},
                   {"cart", "total.x", "total"},
                   {"nosuch", NULL, "nosuch"}};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        int st = 0;
        char *miss = state(e, missing[i].svc, missing[i].path, &st);
        if (!CHECK_STATUS(st, SDUI_ENOTFOUND))
            fprintf(stderr, "    (service \"%s\", path \"%s\": %s)\n", missing[i].svc,
                    missing[i].path ? missing[i].path : "NULL", miss ? miss : "NULL");
        CHECK(miss == NULL);
        CHECK_STR_CONTAINS(sdui_errmsg(e), missing[i].needle);
        free(miss);
    }
    /* errmsg goes back to "" after the next success. */
    CHECK_STATE(e, "cart", "total", "5");
    CHECK_STR_EQ(sdui_errmsg(e), "");

    /* sdui_call_return replaces the whole state. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"cart/reset\"}"), SDUI_OK);
    CHECK_EQ_INT(reset.calls, 1);
    CHECK_STATE(e, "cart", NULL, "{\"items\":[],\"total\":0}");

    /* Payload absent -> null; explicit null too. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"cart/ping\"}"), SDUI_OK);
    CHECK_STATUS(dispatch(e, " { \"payload\" : null , \"type\" : \"cart/ping\" } "), SDUI_OK);
    CHECK_EQ_INT(ping.calls, 2);

    /* Registering an existing service replaces only its state: handlers stay. */
    CHECK_STATUS(service(e, "cart", "{\"items\":[\"X\"],\"total\":1}"), SDUI_OK);
    CHECK_STATE(e, "cart", NULL, "{\"items\":[\"X\"],\"total\":1}");
    CHECK_STATUS(dispatch(e, "{\"type\":\"cart/ping\"}"), SDUI_OK);
    CHECK_EQ_INT(ping.calls, 3);

    /* Registering a handler again replaces it; its destroy runs. */
    CHECK_STATUS(sdui_register_action(e, "cart/ping", cart_ping, &ping2, hud_destroy), SDUI_OK);
    CHECK_EQ_INT(ping.destroyed, 1);
    CHECK_STATUS(dispatch(e, "{\"type\":\"cart/ping\"}"), SDUI_OK);
    CHECK_EQ_INT(ping.calls, 3);
    CHECK_EQ_INT(ping2.calls, 1);

    /* Object keys made of digits (favourites keyed by movie id). */
    CHECK_STATUS(dispatch(e, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":603}}"), SDUI_OK);
    CHECK_STATE(e, "favorites", "603", "true");
    CHECK_STATE(e, "favorites", NULL, "{\"603\":true}");
    CHECK_STATUS(dispatch(e, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":603}}"), SDUI_OK);
    CHECK_STATE(e, "favorites", NULL, "{}");

    /* Loading a page never touches state. */
    CHECK_STATUS(load(e, "[]"), SDUI_OK);
    CHECK_STATE(e, "cart", NULL, "{\"items\":[\"X\"],\"total\":1}");

    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(add.destroyed, 1);
    CHECK_EQ_INT(reset.destroyed, 1);
    CHECK_EQ_INT(ping.destroyed, 1);
    CHECK_EQ_INT(ping2.destroyed, 1);
}

/* ------------------------------------------------------------- follow-ups */

struct log {
    char order[64];
    size_t n;
    int depth, max_depth;
};

/* log/a queues log/b and log/c; log/b queues log/d. Each appends its letter
** to the userdata and to the state's "seen". */
static int log_handler(sdui_call *call, void *userdata)
{
    struct log *lg = userdata;
    const char *type = sdui_call_id(call);
    char letter = type ? type[strlen(type) - 1] : '?';
    char path[32], val[8];

    lg->depth++;
    if (lg->depth > lg->max_depth)
        lg->max_depth = lg->depth;
    if (lg->n + 1 < sizeof lg->order) {
        lg->order[lg->n++] = letter;
        lg->order[lg->n] = '\0';
    }
    snprintf(path, sizeof path, "seen[%lld]", sdui_call_count(call, SDUI_STATE, "seen"));
    snprintf(val, sizeof val, "\"%c\"", letter);
    int st = sdui_call_set(call, path, val, strlen(val));
    if (st != SDUI_OK) {
        lg->depth--;
        return st;
    }
    if (letter == 'a') {
        static const char b[] = "{\"type\":\"log/b\",\"payload\":{\"n\":2}}";
        static const char c[] = "{\"type\":\"log/c\"}";
        CHECK_STATUS(sdui_call_dispatch(call, b, strlen(b)), SDUI_OK);
        CHECK_STR_EQ(lg->order, "a"); /* queued, not run */
        CHECK_STATUS(sdui_call_dispatch(call, c, strlen(c)), SDUI_OK);
        CHECK_STR_EQ(lg->order, "a");
    } else if (letter == 'b') {
        static const char d[] = "{\"type\":\"log/d\"}";
        double n = 0;
        CHECK_STATUS(sdui_call_number(call, SDUI_INPUT, "n", &n), SDUI_OK);
        CHECK(n == 2.0);
        /* The state seen by a follow-up includes the first handler's change. */
        CHECK_STR_EQ(sdui_call_string(call, SDUI_STATE, "seen[0]"), "a");
        CHECK_STATUS(sdui_call_dispatch(call, d, strlen(d)), SDUI_OK);
    }
    lg->depth--;
    return SDUI_OK;
}

static void test_followups(void)
{
    struct log lg;
    memset(&lg, 0, sizeof lg);
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(service(e, "log", "{\"seen\":[]}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/a", log_handler, &lg, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/b", log_handler, &lg, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/c", log_handler, &lg, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/d", log_handler, &lg, NULL), SDUI_OK);

    CHECK_STATUS(dispatch(e, "{\"type\":\"log/a\"}"), SDUI_OK);
    CHECK_STR_EQ(lg.order, "abcd"); /* queue order: a, then b and c as queued, then d */
    CHECK_EQ_INT(lg.max_depth, 1);  /* never re-entrant */
    CHECK_EQ_INT(lg.depth, 0);
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\",\"c\",\"d\"]");
    CHECK_STR_EQ(sdui_errmsg(e), "");

    /* A second dispatch starts with an empty queue. */
    memset(&lg, 0, sizeof lg);
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/c\"}"), SDUI_OK);
    CHECK_STR_EQ(lg.order, "c");
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\",\"c\",\"d\",\"c\"]");
    sdui_engine_free(e);
    check_engine(NULL);
}

/* ------------------------------------------------- factories read state */

static int counter_view(sdui_call *call, void *userdata)
{
    char *n = NULL;
    char buf[128];
    (void)userdata;
    int st = sdui_call_state(call, "counter", "n", &n, NULL);
    if (st != SDUI_OK)
        return st;
    snprintf(buf, sizeof buf, "{\"type\":\"text\",\"text\":\"count=%s\"}", n);
    sdui_free(n);
    return sdui_call_return(call, buf, strlen(buf));
}

static int counter_inc(sdui_call *call, void *userdata)
{
    double n = 0;
    char num[32];
    (void)userdata;
    int st = sdui_call_number(call, SDUI_STATE, "n", &n);
    if (st != SDUI_OK)
        return st;
    snprintf(num, sizeof num, "%lld", (long long)n + 1);
    return sdui_call_set(call, "n", num, strlen(num));
}

static void test_rerender_after_dispatch(void)
{
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(service(e, "counter", "{\"n\":0}"), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Counter", counter_view, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/inc", counter_inc, NULL, NULL), SDUI_OK);
    CHECK_STATUS(load(e, "[{\"id\":\"k\",\"type\":\"Counter\"}]"), SDUI_OK);
    char *r = check_render(e);
    CHECK_STR_CONTAINS(r, "count=0");
    free(r);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    r = check_render(e);
    CHECK_STR_CONTAINS(r, "count=2");
    free(r);
    char *t = NULL;
    CHECK_STATUS(sdui_render_text(e, &t, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(t, "count=2");
    sdui_free(t);
    sdui_engine_free(e);
    check_engine(NULL);
}

/* What a handler saw of its service's versions; `fail` makes it fail after recording. */
struct seen_versions {
    long long received, result;
    int fail;
};

static int versions_handler(sdui_call *call, void *userdata)
{
    struct seen_versions *seen = userdata;
    int st = sdui_call_versions(call, &seen->received, &seen->result);
    if (st != SDUI_OK)
        return st;
    if (sdui_call_set(call, "n", "7", 1) != SDUI_OK)
        return SDUI_ERROR;
    return seen->fail ? SDUI_ERROR : SDUI_OK;
}

static int versions_in_factory(sdui_call *call, void *userdata)
{
    long long v = 0;
    int *status = userdata;
    *status = sdui_call_versions(call, &v, NULL);
    return sdui_call_return(call, "{\"type\":\"text\",\"text\":\"x\"}", 26);
}

static void test_state_versions(void)
{
    struct seen_versions seen = {0, 0, 0};
    int factory_status = 0;
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    CHECK_STATUS(service(e, "v", "{\"n\":0}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "v/set", versions_handler, &seen, NULL), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"v/set\"}"), SDUI_OK);
    long long first = seen.received, after_first = seen.result;
    CHECK(first > 0 && after_first > first);
    /* the next handler receives the state the last one left */
    CHECK_STATUS(dispatch(e, "{\"type\":\"v/set\"}"), SDUI_OK);
    CHECK(seen.received == after_first);
    long long committed = seen.result;
    /* a failed dispatch puts the state and its version back */
    seen.fail = 1;
    CHECK_STATUS(dispatch(e, "{\"type\":\"v/set\"}"), SDUI_ECALLBACK);
    seen.fail = 0;
    CHECK_STATUS(dispatch(e, "{\"type\":\"v/set\"}"), SDUI_OK);
    CHECK(seen.received == committed);
    /* a state stored from outside gets a version never used before */
    CHECK_STATUS(service(e, "v", "{\"n\":1}"), SDUI_OK);
    long long last = seen.result;
    CHECK_STATUS(dispatch(e, "{\"type\":\"v/set\"}"), SDUI_OK);
    CHECK(seen.received != last && seen.received > last);
    /* handlers only */
    CHECK_STATUS(sdui_call_versions(NULL, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_component(e, "V", versions_in_factory, &factory_status, NULL), SDUI_OK);
    CHECK_STATUS(load(e, "[{\"id\":\"a\",\"type\":\"V\"}]"), SDUI_OK);
    free(check_render(e));
    CHECK_STATUS(factory_status, SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_version();
    test_render();
    test_dispatch();
    test_followups();
    test_rerender_after_dispatch();
    test_state_versions();
    return check_summary();
}
