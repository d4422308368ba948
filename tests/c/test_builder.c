/*
** test_builder.c -- the node builder (sdui_call_begin / member / member_json
** / end) through include/sdui.h only: a tree built node by node renders
** exactly as the same tree returned as JSON; every error names the JSON path
** the member has in the JSON form, discards the partial tree and keeps the
** call's earlier result; the builder is for factories only.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static const char page[] = "{\"id\":\"p\",\"components\":[{\"id\":\"c\",\"type\":\"Card\",\"data\":null}]}";

/* The card as JSON text. */
static const char card_json[] =
    "{\"type\":\"vstack\",\"style\":{\"spacing\":1,\"padding\":2},\"children\":["
    "{\"type\":\"text\",\"text\":\"Tab\\there \\u00e9\\\"q\\\"\",\"style\":\"title\"},"
    "{\"type\":\"hstack\",\"children\":["
    "{\"type\":\"image\",\"url\":\"a.png\",\"alt\":\"poster\"},"
    "{\"type\":\"button\",\"key\":\"fav\",\"label\":\"\\u2605\","
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
    CHECK_STATUS(sdui_call_begin(call, "image"), SDUI_OK);
    CHECK_STATUS(member(call, "alt", "poster"), SDUI_OK);
    CHECK_STATUS(member(call, "url", "a.png"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_begin(call, "button"), SDUI_OK);
    CHECK_STATUS(member(call, "key", "fav"), SDUI_OK);
    CHECK_STATUS(member(call, "label", "\xe2\x98\x85"), SDUI_OK);
    CHECK_STATUS(member_json(call, "action", "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":7,\"r\":1.5}}"),
                 SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK); /* hstack */
    CHECK_STATUS(sdui_call_begin(call, "spacer"), SDUI_OK);
    CHECK_STATUS(sdui_call_end(call), SDUI_OK);
    return sdui_call_end(call); /* the root: sets the view */
}

static char *render(sdui_engine *e)
{
    char *out = NULL;
    size_t len = 0;
    if (!CHECK_STATUS(sdui_render_json(e, &out, &len), SDUI_OK))
        return NULL;
    CHECK_EQ_INT((long long)strlen(out), (long long)len);
    return out;
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
    char *by_json = render(a);
    sdui_engine *b = engine_with(card_by_builder);
    char *by_builder = render(b);
    CHECK_STR_EQ(by_builder, by_json);
    CHECK_STR_CONTAINS(by_builder, "\"id\":\"c#fav\"");
    CHECK_STR_CONTAINS(by_builder, "\"payload\":{\"movieId\":7,\"r\":1.5}");
    sdui_free(by_json);
    sdui_free(by_builder);
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

static int bad_json(sdui_call *call)
{
    sdui_call_begin(call, "button");
    return member_json(call, "action", "{\"type\":");
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
    {"bad JSON", bad_json, SDUI_EPARSE, "1:9"},
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
        char *out = render(e);
        if (!CHECK_EQ_INT(seen_status, current->status))
            fprintf(stderr, "  case: %s (%s)\n", current->name, seen_message);
        if (!CHECK_STR_CONTAINS(seen_message, current->message))
            fprintf(stderr, "  case: %s\n", current->name);
        CHECK_EQ_INT(view_after, SDUI_ECONTRACT); /* nothing left open */
        CHECK_STR_CONTAINS(out, "\"text\":\"earlier\"");
        sdui_free(out);
        sdui_engine_free(e);
    }
}

/* The builder is for factories: a handler gets SDUI_EINVAL and its state is untouched. */
static int handler_status[4];

static int handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    handler_status[0] = sdui_call_begin(call, "text");
    handler_status[1] = member(call, "text", "x");
    handler_status[2] = member_json(call, "text", "\"x\"");
    handler_status[3] = sdui_call_end(call);
    return SDUI_OK;
}

static void test_factories_only(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "s", "{\"n\":1}", 7), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, "{\"type\":\"s/go\"}", 15), SDUI_OK);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(handler_status[i], SDUI_EINVAL);
    CHECK_EQ_INT(sdui_call_begin(NULL, "text"), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_call_end(NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

int main(void)
{
    test_same_as_json();
    test_failures();
    test_factories_only();
    return check_summary();
}
