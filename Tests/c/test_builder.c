/*
** test_builder.c -- the node builder (sdui_call_begin / member / member_json
** / end) through include/sdui_binding.h only: a tree built node by node renders
** exactly as the same tree returned as JSON; every error names the JSON path
** the member has in the JSON form, discards the partial tree and keeps the
** call's earlier result; the builder is for factories only. And the packed
** form (sdui_call_packed, sdui_call_member_packed, sdui_call_set_packed) in
** the layout the header documents, built and read here byte by byte.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui_binding.h"
#include "check.h"

static const char page[] = "{\"id\":\"p\",\"components\":[{\"id\":\"c\",\"type\":\"Card\",\"data\":null}]}";

/* The card as JSON text. */
static const char card_json[] =
    "{\"type\":\"vstack\",\"style\":{\"spacing\":1,\"padding\":2},\"children\":["
    "{\"type\":\"text\",\"text\":\"Tab\\there \\u00e9\\\"q\\\"\",\"style\":\"title\"},"
    "{\"type\":\"hstack\",\"action\":{\"type\":\"nav/open\"},\"children\":["
    "{\"type\":\"image\",\"url\":\"a.png\",\"alt\":\"poster\"},"
    "{\"type\":\"button\",\"key\":\"fav\",\"label\":\"\\u2605\",\"tooltip\":\"Favourite\",\"disabled\":true,"
    "\"action\":{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":7,\"r\":1.5}}}]},"
    "{\"type\":\"spacer\"}]}";

static int card_by_json(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_return(call, card_json, strlen(card_json));
}

static int member(sdui_call *call, const char *name, const char *value)
{
    return sdui_call_member(call, name, value, strlen(value));
}

static int member_json(sdui_call *call, const char *name, const char *json)
{
    return sdui_call_member_json(call, name, json, strlen(json));
}

/* The same card, node by node. */
static int card_by_builder(sdui_call *call, void *userdata)
{
    (void)userdata;
    CHECK_STATUS(sdui_call_begin(call, "vstack"), SDUI_OK);
    CHECK_STATUS(member_json(call, "style", "{\"spacing\":1,\"padding\":2}"), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "text"), SDUI_OK);
    CHECK_STATUS(member(call, "text", "Tab\there \xc3\xa9\"q\""), SDUI_OK);
    CHECK_STATUS(member(call, "style", "title"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "hstack"), SDUI_OK);
    CHECK_STATUS(member_json(call, "action", "{\"type\":\"nav/open\"}"), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "image"), SDUI_OK);
    CHECK_STATUS(member(call, "alt", "poster"), SDUI_OK);
    CHECK_STATUS(member(call, "url", "a.png"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "button"), SDUI_OK);
    CHECK_STATUS(member(call, "key", "fav"), SDUI_OK);
    CHECK_STATUS(member_json(call, "disabled", "true"), SDUI_OK);
    CHECK_STATUS(member(call, "tooltip", "Favourite"), SDUI_OK);
    CHECK_STATUS(member(call, "label", "\xe2\x98\x85"), SDUI_OK);
    CHECK_STATUS(member_json(call, "action", "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":7,\"r\":1.5}}"),
                 SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK); /* hstack */
    CHECK_STATUS(sdui_call_begin(call, "spacer"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    return sdui_call_end(call); /* the root: sets the view */
}

/* ---- packed bytes by hand, as sdui_binding.h lays them out ---- */

typedef struct {
    unsigned char b[512];
    size_t n;
} packed;

static void pk_tag(packed *p, int tag) { p->b[p->n++] = (unsigned char)tag; }

static void pk_u32(packed *p, uint32_t v)
{
    memcpy(p->b + p->n, &v, 4);
    p->n += 4;
}

static void pk_text(packed *p, const char *s)
{
    pk_u32(p, (uint32_t)strlen(s));
    memcpy(p->b + p->n, s, strlen(s));
    p->n += strlen(s);
}

static void pk_str(packed *p, const char *s) { pk_tag(p, SDUI_PACKED_STRING); pk_text(p, s); }

static void pk_int(packed *p, int64_t v)
{
    pk_tag(p, SDUI_PACKED_INTEGER);
    memcpy(p->b + p->n, &v, 8);
    p->n += 8;
}

static void pk_num(packed *p, double v)
{
    pk_tag(p, SDUI_PACKED_NUMBER);
    memcpy(p->b + p->n, &v, 8);
    p->n += 8;
}

static void pk_container(packed *p, int tag, uint32_t count) { pk_tag(p, tag); pk_u32(p, count); }

static int member_packed(sdui_call *call, const char *name, const packed *p)
{
    return sdui_call_member_packed(call, name, p->b, p->n);
}

/* The card again, with its style and action packed. */
static int card_by_packed(sdui_call *call, void *userdata)
{
    (void)userdata;
    packed style = {0}, action = {0}, open = {0}, yes = {0};
    pk_tag(&yes, SDUI_PACKED_TRUE);
    pk_container(&open, SDUI_PACKED_OBJECT, 1);
    pk_text(&open, "type");
    pk_str(&open, "nav/open");
    pk_container(&style, SDUI_PACKED_OBJECT, 2);
    pk_text(&style, "spacing");
    pk_int(&style, 1);
    pk_text(&style, "padding");
    pk_int(&style, 2);
    pk_container(&action, SDUI_PACKED_OBJECT, 2);
    pk_text(&action, "type");
    pk_str(&action, "favorites/toggle");
    pk_text(&action, "payload");
    pk_container(&action, SDUI_PACKED_OBJECT, 2);
    pk_text(&action, "movieId");
    pk_int(&action, 7);
    pk_text(&action, "r");
    pk_num(&action, 1.5);
    CHECK_STATUS(sdui_call_begin(call, "vstack"), SDUI_OK);
    CHECK_STATUS(member_packed(call, "style", &style), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "text"), SDUI_OK);
    CHECK_STATUS(member(call, "text", "Tab\there \xc3\xa9\"q\""), SDUI_OK);
    CHECK_STATUS(member(call, "style", "title"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "hstack"), SDUI_OK);
    CHECK_STATUS(member_packed(call, "action", &open), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "image"), SDUI_OK);
    CHECK_STATUS(member(call, "alt", "poster"), SDUI_OK);
    CHECK_STATUS(member(call, "url", "a.png"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "button"), SDUI_OK);
    CHECK_STATUS(member(call, "key", "fav"), SDUI_OK);
    CHECK_STATUS(member(call, "label", "\xe2\x98\x85"), SDUI_OK);
    CHECK_STATUS(member_packed(call, "disabled", &yes), SDUI_OK);
    CHECK_STATUS(member(call, "tooltip", "Favourite"), SDUI_OK);
    CHECK_STATUS(member_packed(call, "action", &action), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK); /* hstack */
    CHECK_STATUS(sdui_call_begin(call, "spacer"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    return sdui_call_end(call);
}

static sdui_engine *engine_with(sdui_factory_fn factory)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Card", factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    return e;
}

static void test_same_as_json(void)
{
    sdui_engine *a = engine_with(card_by_json);
    char *by_json = check_output_raw(a, sdui_render_json);
    sdui_engine *b = engine_with(card_by_builder);
    char *by_builder = check_output_raw(b, sdui_render_json);
    CHECK_STR_EQ(by_builder, by_json);
    sdui_engine *c = engine_with(card_by_packed);
    char *by_packed = check_output_raw(c, sdui_render_json);
    CHECK_STR_EQ(by_packed, by_json);
    free(by_packed);
    sdui_engine_free(c);
    CHECK_STR_CONTAINS(by_builder, "\"id\":\"c#fav\"");
    CHECK_STR_CONTAINS(by_builder, "\"payload\":{\"movieId\":7,\"r\":1.5}");
    CHECK_STR_CONTAINS(by_builder, "\"label\":\"\xe2\x98\x85\",\"tooltip\":\"Favourite\",\"disabled\":true,\"action\"");
    CHECK_STR_CONTAINS(by_builder, "{\"type\":\"hstack\",\"id\":\"c/1\",\"action\":{\"type\":\"nav/open\",\"payload\":null}");
    free(by_json);
    free(by_builder);
    sdui_engine_free(a);
    sdui_engine_free(b);
}

/* Each failing case: what the factory does, the status and the message. */
typedef struct failure {
    const char *name;
    int (*steps)(sdui_call *call); /* returns the status of the failing step */
    int status;
    const char *message;
} failure;

static int unknown_type(sdui_call *call)
{
    sdui_call_begin(call, "vstack");
    sdui_call_begin(call, "text");
    member(call, "text", "a");
    sdui_call_end(call);
    return sdui_call_begin(call, "txet");
}

static int unknown_member(sdui_call *call)
{
    sdui_call_begin(call, "vstack");
    sdui_call_begin(call, "hstack");
    sdui_call_begin(call, "text");
    return member(call, "label", "x");
}

static int missing_required(sdui_call *call)
{
    sdui_call_begin(call, "vstack");
    sdui_call_begin(call, "spacer");
    sdui_call_end(call);
    sdui_call_begin(call, "image");
    member(call, "alt", "no url");
    return sdui_call_end(call);
}

static int children_of_leaf(sdui_call *call)
{
    sdui_call_begin(call, "text");
    member(call, "text", "a");
    return sdui_call_begin(call, "text");
}

static int action_on_text(sdui_call *call)
{
    sdui_call_begin(call, "text");
    return member_json(call, "action", "{\"type\":\"a/b\"}");
}

static int bad_action(sdui_call *call)
{
    sdui_call_begin(call, "vstack");
    sdui_call_begin(call, "button");
    return member_json(call, "action", "{\"payload\":1}");
}

static int disabled_as_string(sdui_call *call)
{
    sdui_call_begin(call, "vstack");
    sdui_call_begin(call, "button");
    return member(call, "disabled", "true");
}

static int disabled_on_text(sdui_call *call)
{
    sdui_call_begin(call, "text");
    return member_json(call, "disabled", "false");
}

static int action_on_spacer(sdui_call *call)
{
    sdui_call_begin(call, "hstack");
    member_json(call, "action", "{\"type\":\"a/b\"}"); /* a tap target: fine */
    sdui_call_begin(call, "spacer");
    return member_json(call, "action", "{\"type\":\"a/b\"}");
}

static int bad_json(sdui_call *call)
{
    sdui_call_begin(call, "button");
    return member_json(call, "action", "{\"type\":");
}

static int bad_packed(sdui_call *call)
{
    /* one member whose key says 9 bytes and has 1 (a little-endian machine's count) */
    static const unsigned char bytes[] = {SDUI_PACKED_OBJECT, 1, 0, 0, 0, 9, 0, 0, 0, 'a'};
    sdui_call_begin(call, "button");
    return sdui_call_member_packed(call, "action", bytes, sizeof bytes);
}

static int bad_packed_tag(sdui_call *call)
{
    static const unsigned char bytes[] = {42};
    sdui_call_begin(call, "button");
    return sdui_call_member_packed(call, "action", bytes, sizeof bytes);
}

static int packed_too_deep(sdui_call *call)
{
    packed p = {0};
    for (int i = 0; i < 4; i++)
        pk_container(&p, SDUI_PACKED_ARRAY, 1);
    pk_tag(&p, SDUI_PACKED_NULL);
    sdui_call_begin(call, "text");
    return member_packed(call, "text", &p);
}

static int end_without_begin(sdui_call *call) { return sdui_call_end(call); }

static int member_without_begin(sdui_call *call) { return member(call, "text", "a"); }

static int bad_utf8(sdui_call *call)
{
    sdui_call_begin(call, "text");
    return sdui_call_member(call, "text", "\xff", 1);
}

static int too_deep(sdui_call *call)
{
    int st = SDUI_OK;
    for (int i = 0; i < 5 && st == SDUI_OK; i++)
        st = sdui_call_begin(call, "vstack");
    return st;
}

static const failure failures[] = {
    {"unknown type", unknown_type, SDUI_ECONTRACT, "$.children[1].type: unknown node type \"txet\""},
    {"unknown member", unknown_member, SDUI_ECONTRACT, "$.children[0].children[0].label: unknown member"},
    {"missing required", missing_required, SDUI_ECONTRACT, "$.children[1]: a image node needs \"url\""},
    {"children of a leaf", children_of_leaf, SDUI_ECONTRACT, "$.children: a text node has no children"},
    {"action on a text", action_on_text, SDUI_ECONTRACT, "$.action: a text node cannot carry an action"},
    {"bad action", bad_action, SDUI_ECONTRACT, "$.children[0].action.type"},
    {"disabled as a string", disabled_as_string, SDUI_ECONTRACT, "$.children[0].disabled: expected a boolean, got string"},
    {"disabled on a text", disabled_on_text, SDUI_ECONTRACT, "$.disabled: unknown member \"disabled\" for a text node"},
    {"action on a spacer", action_on_spacer, SDUI_ECONTRACT, "$.children[0].action: a spacer node cannot carry an action"},
    {"bad JSON", bad_json, SDUI_EPARSE, "1:9"},
    {"bad packed", bad_packed, SDUI_EPARSE, "packed value, byte 9: truncated key"},
    {"bad packed tag", bad_packed_tag, SDUI_EPARSE, "packed value, byte 0: unknown tag 42"},
    {"packed too deep", packed_too_deep, SDUI_ELIMIT, "nested deeper than 3"},
    {"end without begin", end_without_begin, SDUI_ECONTRACT, "no open node"},
    {"member without begin", member_without_begin, SDUI_ECONTRACT, "no open node"},
    {"invalid UTF-8", bad_utf8, SDUI_EINVAL, "not valid UTF-8"},
    {"too deep", too_deep, SDUI_ELIMIT, "deeper than 3"},
};

static const failure *current;
static int seen_status;
static char seen_message[512];
static int view_after; /* sdui_call_end after the error: the builder is empty again */

/* Returns a good view first, then runs the failing steps: the good one must stand. */
static int failing_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    static const char good[] = "{\"type\":\"text\",\"text\":\"earlier\"}";
    sdui_call_return(call, good, strlen(good));
    seen_status = current->steps(call);
    snprintf(seen_message, sizeof seen_message, "%s", sdui_call_errmsg(call));
    view_after = sdui_call_end(call);
    return SDUI_OK;
}

static void test_failures(void)
{
    for (size_t i = 0; i < sizeof failures / sizeof failures[0]; i++) {
        current = &failures[i];
        sdui_engine *e = engine_with(failing_factory);
        sdui_limit(e, SDUI_LIMIT_DEPTH, 3);
        char *out = check_output_raw(e, sdui_render_json);
        if (!CHECK_EQ_INT(seen_status, current->status))
            fprintf(stderr, "  case: %s (%s)\n", current->name, seen_message);
        if (!CHECK_STR_CONTAINS(seen_message, current->message))
            fprintf(stderr, "  case: %s\n", current->name);
        CHECK_EQ_INT(view_after, SDUI_ECONTRACT); /* nothing left open */
        CHECK_STR_CONTAINS(out, "\"text\":\"earlier\"");
        free(out);
        sdui_engine_free(e);
    }
}

/* The builder is for factories: a handler gets SDUI_EINVAL and its state is untouched. */
static int handler_status[5];

static int handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    packed x = {0};
    pk_str(&x, "x");
    handler_status[0] = sdui_call_begin(call, "text");
    handler_status[1] = member(call, "text", "x");
    handler_status[2] = member_json(call, "text", "\"x\"");
    handler_status[3] = member_packed(call, "text", &x);
    handler_status[4] = sdui_call_end(call);
    return SDUI_OK;
}

static void test_factories_only(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "s", "{\"n\":1}", 7), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, "{\"type\":\"s/go\"}", 15), SDUI_OK);
    for (int i = 0; i < 5; i++)
        CHECK_EQ_INT(handler_status[i], SDUI_EINVAL);
    CHECK_EQ_INT(sdui_call_begin(NULL, "text"), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_call_end(NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

/* sdui_call_packed: the data as the header lays it out, owned by the call. */
static int data_status[3];
static packed data_seen;

static int data_reader(sdui_call *call, void *userdata)
{
    (void)userdata;
    const void *bytes = NULL;
    size_t len = 0;
    data_status[0] = sdui_call_packed(call, SDUI_INPUT, NULL, &bytes, &len);
    if (data_status[0] == SDUI_OK && len <= sizeof data_seen.b) {
        memcpy(data_seen.b, bytes, len);
        data_seen.n = len;
    }
    data_status[1] = sdui_call_packed(call, SDUI_INPUT, "missing", &bytes, &len);
    data_status[2] = sdui_call_packed(call, SDUI_INPUT, NULL, NULL, &len);
    static const char view[] = "{\"type\":\"spacer\"}";
    return sdui_call_return(call, view, strlen(view));
}

static void test_packed_data(void)
{
    static const char data_page[] =
        "{\"components\":[{\"id\":\"c\",\"type\":\"Card\","
        "\"data\":{\"n\":7,\"s\":\"\u00e9\",\"a\":[true,null,1.5,false],\"o\":{}}}]}";
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Card", data_reader, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, data_page, strlen(data_page)), SDUI_OK);
    free(check_output_raw(e, sdui_render_json));
    packed want = {0};
    pk_container(&want, SDUI_PACKED_OBJECT, 4); /* members in the page's order */
    pk_text(&want, "n");
    pk_int(&want, 7);
    pk_text(&want, "s");
    pk_str(&want, "\xc3\xa9");
    pk_text(&want, "a");
    pk_container(&want, SDUI_PACKED_ARRAY, 4);
    pk_tag(&want, SDUI_PACKED_TRUE);
    pk_tag(&want, SDUI_PACKED_NULL);
    pk_num(&want, 1.5);
    pk_tag(&want, SDUI_PACKED_FALSE);
    pk_text(&want, "o");
    pk_container(&want, SDUI_PACKED_OBJECT, 0);
    CHECK_EQ_INT(data_status[0], SDUI_OK);
    CHECK_EQ_INT((long long)data_seen.n, (long long)want.n);
    CHECK(memcmp(data_seen.b, want.b, want.n) == 0);
    CHECK_EQ_INT(data_status[1], SDUI_ENOTFOUND);
    CHECK_EQ_INT(data_status[2], SDUI_EINVAL);
    sdui_engine_free(e);
}

/* sdui_call_set_packed: sets like sdui_call_set; malformed bytes change nothing. */
static int set_status[3];

static int setter(sdui_call *call, void *userdata)
{
    (void)userdata;
    packed v = {0}, bad = {0};
    pk_container(&v, SDUI_PACKED_ARRAY, 2);
    pk_int(&v, 42);
    pk_str(&v, "x");
    pk_container(&bad, SDUI_PACKED_ARRAY, 2);
    pk_int(&bad, 1); /* the second item is missing */
    set_status[0] = sdui_call_set_packed(call, "list", v.b, v.n);
    set_status[1] = sdui_call_set_packed(call, "n", bad.b, bad.n);
    set_status[2] = sdui_call_set_packed(call, "n", NULL, 0);
    return SDUI_OK;
}

static void test_set_packed(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "s", "{\"n\":1}", 7), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", setter, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, "{\"type\":\"s/go\"}", 15), SDUI_OK);
    CHECK_EQ_INT(set_status[0], SDUI_OK);
    CHECK_EQ_INT(set_status[1], SDUI_EPARSE);
    CHECK_EQ_INT(set_status[2], SDUI_EINVAL);
    char *state = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_state_json(e, "s", NULL, &state, &len), SDUI_OK);
    CHECK_STR_EQ(state, "{\"n\":1,\"list\":[42,\"x\"]}");
    sdui_free(state);
    sdui_engine_free(e);
}


/* sdui_call_input_text: the page's own bytes for the data, and a token that
** stays while the bytes do (a re-render after a state change) and changes
** with a new page, even of the same bytes. */
static char text_seen[256];
static unsigned long long token_seen[4];
static int text_calls;
static int text_status[2];

static int text_reader(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *text = NULL;
    size_t len = 0;
    unsigned long long token = 0;
    text_status[0] = sdui_call_input_text(call, &text, &len, &token);
    if (text_status[0] == SDUI_OK && len < sizeof text_seen) {
        memcpy(text_seen, text, len);
        text_seen[len] = 0;
    }
    if (text_calls < 4)
        token_seen[text_calls] = token;
    text_calls++;
    text_status[1] = sdui_call_input_text(call, NULL, &len, NULL);
    char *n = NULL;
    size_t n_len = 0;
    if (sdui_call_state(call, "s", "n", &n, &n_len) == SDUI_OK) /* a read: a change of s re-renders */
        sdui_free(n);
    static const char view[] = "{\"type\":\"spacer\"}";
    return sdui_call_return(call, view, strlen(view));
}

static int bump(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_set(call, "n", "2", 1);
}

static void test_input_text(void)
{
    static const char text_page[] =
        "{\"components\":[{\"id\":\"c\",\"type\":\"Card\",\"data\": { \"t\" : \"a\\u0041\" , \"n\":1e2 } }]}";
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "s", "{\"n\":1}", 7), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/bump", bump, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Card", text_reader, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, text_page, strlen(text_page)), SDUI_OK);
    free(check_output_raw(e, sdui_render_json));
    CHECK_EQ_INT(text_status[0], SDUI_OK);
    CHECK_EQ_INT(text_status[1], SDUI_EINVAL);
    CHECK_STR_EQ(text_seen, "{ \"t\" : \"a\\u0041\" , \"n\":1e2 }"); /* as sent */
    CHECK_STATUS(sdui_dispatch(e, "{\"type\":\"s/bump\"}", 17), SDUI_OK);
    free(check_output_raw(e, sdui_render_json));
    CHECK_STATUS(sdui_load_page(e, text_page, strlen(text_page)), SDUI_OK); /* the same bytes again */
    CHECK_STATUS(sdui_register_component(e, "Card", text_reader, NULL, NULL), SDUI_OK);
    free(check_output_raw(e, sdui_render_json));
    CHECK_EQ_INT(text_calls, 3);
    CHECK(token_seen[0] != 0);
    CHECK(token_seen[1] == token_seen[0]); /* re-rendered after the state change: the same text */
    CHECK(token_seen[2] != 0 && token_seen[2] != token_seen[0]); /* a new page: a new name */
    sdui_engine_free(e);
}

/* sdui_call_return_packed: a whole view in one call, the same screen as
** sdui_call_return; bad bytes and refused views keep the call's result. */
static int return_status[4];
static char return_error[256];

static int packed_returner(sdui_call *call, void *userdata)
{
    (void)userdata;
    packed bad = {0}, refused = {0}, view = {0};
    pk_container(&bad, SDUI_PACKED_OBJECT, 2);
    pk_text(&bad, "type");
    pk_str(&bad, "text"); /* the second member is missing */
    pk_container(&refused, SDUI_PACKED_OBJECT, 2);
    pk_text(&refused, "children");
    pk_container(&refused, SDUI_PACKED_ARRAY, 1);
    pk_container(&refused, SDUI_PACKED_OBJECT, 1);
    pk_text(&refused, "type");
    pk_str(&refused, "text"); /* a text node needs "text" */
    pk_text(&refused, "type");
    pk_str(&refused, "vstack");
    pk_container(&view, SDUI_PACKED_OBJECT, 3);
    pk_text(&view, "type");
    pk_str(&view, "button");
    pk_text(&view, "label");
    pk_str(&view, "Go");
    pk_text(&view, "action");
    pk_container(&view, SDUI_PACKED_OBJECT, 2);
    pk_text(&view, "type");
    pk_str(&view, "s/go");
    pk_text(&view, "payload");
    pk_num(&view, 1.5);
    return_status[0] = sdui_call_return_packed(call, view.b, view.n);
    return_status[1] = sdui_call_return_packed(call, bad.b, bad.n);
    return_status[2] = sdui_call_return_packed(call, refused.b, refused.n);
    snprintf(return_error, sizeof return_error, "%s", sdui_call_errmsg(call));
    return_status[3] = sdui_call_return_packed(call, NULL, 0);
    return SDUI_OK;
}

static void test_return_packed(void)
{
    static const char page[] = "[{\"id\":\"c\",\"type\":\"Card\"}]";
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Card", packed_returner, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *screen = check_output_raw(e, sdui_render_json);
    CHECK_EQ_INT(return_status[0], SDUI_OK);
    CHECK_EQ_INT(return_status[1], SDUI_EPARSE);
    CHECK_EQ_INT(return_status[2], SDUI_ECONTRACT);
    CHECK_STR_EQ(return_error, "$.children[0]: a text node needs \"text\" (a string)");
    CHECK_EQ_INT(return_status[3], SDUI_EINVAL);
    CHECK_STR_EQ(screen, "{\"components\":[{\"id\":\"c\",\"type\":\"Card\",\"view\":{\"type\":\"button\",\"id\":\"c\","
                         "\"label\":\"Go\",\"action\":{\"type\":\"s/go\",\"payload\":1.5}}}]}");
    free(screen);
    sdui_engine_free(e);
}

/* sdui_component_json: one component as the screen writes it, the patch baseline left alone. */
static void test_component_json(void)
{
    static const char page[] = "[{\"id\":\"c\",\"type\":\"Card\"},{\"id\":\"x\",\"type\":\"Nobody\",\"fallback\":\"drop\"}]";
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Card", packed_returner, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, page, strlen(page)), SDUI_OK);
    char *one = NULL, *screen = NULL;
    size_t len = 0;
    CHECK_STATUS(sdui_component_json(e, "c", &one, &len), SDUI_OK);
    CHECK_STR_EQ(one, "{\"id\":\"c\",\"type\":\"Card\",\"view\":{\"type\":\"button\",\"id\":\"c\","
                      "\"label\":\"Go\",\"action\":{\"type\":\"s/go\",\"payload\":1.5}}}");
    CHECK_EQ_INT((long long)len, (long long)strlen(one));
    screen = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(screen, one); /* the same bytes as in the whole screen */
    sdui_free(one);
    free(screen);
    CHECK_STATUS(sdui_component_json(e, "x", &one, NULL), SDUI_ENOTFOUND); /* dropped */
    CHECK_STR_CONTAINS(sdui_errmsg(e), "no component \"x\" on the screen");
    CHECK(one == NULL);
    CHECK_STATUS(sdui_component_json(e, NULL, &one, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_component_json(e, "c", NULL, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_same_as_json();
    test_input_text();
    test_return_packed();
    test_component_json();
    test_packed_data();
    test_set_packed();
    test_failures();
    test_factories_only();
    return check_summary();
}
