/*
** test_refusals.c -- what a host or a server could hand the engine that it
** used to take and must refuse (issue 26, "a sandbox that holds"), through
** include/sdui.h only: sdui_engine_free from inside the engine's own
** callbacks (a use-after-free), sdui_set_input over the payload limit or
** outside its input's values, colours and style names holding control
** sequences (they reached terminals and style sheets), service names with
** control characters. Each refusal is checked for its exact status and
** message, and for leaving the state and the screen as they were.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define S(text) text, strlen(text)

/* ------------------------------------------------ sdui_engine_free in callbacks */

static const char *FREE_REFUSED = "sdui_engine_free called from inside one of the engine's own callbacks "
                                  "(or between sdui_lock and sdui_unlock): refused, the engine stays; "
                                  "free it after the call returns";

/* What a callback saw after calling sdui_engine_free on its own engine. */
static char seen_message[512];
static int frees_tried;

static void try_free(sdui_engine *e)
{
    frees_tried++;
    sdui_engine_free(e);
    const char *m = sdui_errmsg(e); /* the engine is still there to ask */
    snprintf(seen_message, sizeof seen_message, "%s", m != NULL ? m : "(none)");
}

static int freeing_factory(sdui_call *call, void *userdata)
{
    try_free(userdata);
    return sdui_call_return(call, S("{\"type\":\"text\",\"text\":\"still here\"}"));
}

static int freeing_handler(sdui_call *call, void *userdata)
{
    try_free(userdata);
    return sdui_call_set(call, "n", S("1"));
}

static void freeing_listener(const char *json, size_t len, void *userdata)
{
    (void)json;
    (void)len;
    try_free(userdata);
}

/* A destroy function that frees the engine being freed: refused too. */
static void freeing_destroy(void *userdata)
{
    try_free(userdata);
}

static void free_in_callbacks_body(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "s", S("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Card", freeing_factory, e, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "s/go", freeing_handler, e, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, S("{\"id\":\"p\",\"components\":[{\"id\":\"c\",\"type\":\"Card\"}]}")), SDUI_OK);

    /* In a factory: refused, the render goes on and the engine stays usable. */
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    CHECK_EQ_INT(frees_tried, 1);
    CHECK_STR_EQ(seen_message, FREE_REFUSED);
    CHECK_STR_CONTAINS(out, "\"text\":\"still here\"");
    sdui_free(out);

    /* In a handler: refused, the dispatch commits. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"s/go\"}")), SDUI_OK);
    CHECK_EQ_INT(frees_tried, 2);
    CHECK_STR_EQ(seen_message, FREE_REFUSED);
    CHECK_STATUS(sdui_state_json(e, "s", "n", &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "1");
    sdui_free(out);

    /* In the patch listener. */
    CHECK_STATUS(sdui_set_patch_listener(e, freeing_listener, e, NULL), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"s/go\"}")), SDUI_OK);
    CHECK(frees_tried >= 3);
    CHECK_STR_EQ(seen_message, FREE_REFUSED);
    CHECK_STATUS(sdui_set_patch_listener(e, NULL, NULL, NULL), SDUI_OK);

    /* Between sdui_lock and sdui_unlock on this thread. */
    sdui_lock(e);
    sdui_engine_free(e);
    CHECK_STR_EQ(sdui_errmsg(e), FREE_REFUSED);
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);
    sdui_unlock(e);

    /* From a destroy function run by the free itself: refused, the one free goes on. */
    int before = frees_tried;
    CHECK_STATUS(sdui_register_component(e, "Other", freeing_factory, e, freeing_destroy), SDUI_OK);
    sdui_engine_free(e);
    CHECK_EQ_INT(frees_tried, before + 1);
    CHECK_STR_EQ(seen_message, FREE_REFUSED);
    check_engine(NULL);
}

/* In a child process: before, the first refused free was a use-after-free
** that took the whole test down; now its failure is one check. */
static void test_free_in_callbacks(void)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        check_failed_ = 0;
        alarm(30);
        free_in_callbacks_body();
        _exit(check_failed_ == 0 ? 0 : 1);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    if (!CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0) && WIFSIGNALED(status))
        fprintf(stderr, "    the child died of signal %d\n", WTERMSIG(status));
}

/* ------------------------------------------------------------- sdui_set_input */

static const char *FORM =
    "{\"type\":\"vstack\",\"children\":["
    "{\"type\":\"input\",\"name\":\"email\",\"bind\":\"form/email\"},"
    "{\"type\":\"input\",\"name\":\"qty\",\"kind\":\"number\",\"min\":1,\"max\":9,\"bind\":\"form/qty\"},"
    "{\"type\":\"input\",\"name\":\"c\",\"kind\":\"choice\","
    "\"options\":[{\"title\":\"A\",\"value\":\"a\"},{\"title\":\"B\",\"value\":\"b\"}],\"bind\":\"form/c\"},"
    "{\"type\":\"input\",\"name\":\"m\",\"kind\":\"choice\",\"multiple\":true,"
    "\"options\":[{\"title\":\"A\",\"value\":\"a\"},{\"title\":\"B\",\"value\":\"b\"}],\"bind\":\"form/m\"},"
    "{\"type\":\"input\",\"name\":\"t\",\"kind\":\"toggle\",\"onValue\":\"yes\",\"offValue\":\"no\",\"bind\":\"form/t\"},"
    "{\"type\":\"input\",\"name\":\"note\",\"kind\":\"multiline\",\"bind\":\"form/note\"}]}";

static int form_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_return(call, FORM, strlen(FORM));
}

static int middleware_calls;

static int count_middleware(sdui_call *call, void *userdata)
{
    (void)call;
    (void)userdata;
    middleware_calls++;
    return SDUI_OK;
}

static sdui_engine *form_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "form", S("{\"email\":\"a@b.c\",\"qty\":2,\"c\":\"a\",\"m\":\"a\","
                                                    "\"t\":\"no\",\"note\":\"\"}")),
                 SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Form", form_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, S("{\"id\":\"p\",\"components\":[{\"id\":\"f\",\"type\":\"Form\"}]}")), SDUI_OK);
    long long id = 0;
    CHECK_STATUS(sdui_add_middleware(e, count_middleware, NULL, NULL, &id), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    sdui_free(out);
    CHECK_STATUS(sdui_patches_json(e, &out, NULL), SDUI_OK); /* the baseline: the screen as the host has it */
    sdui_free(out);
    return e;
}

/* The form's state and the screen, as one text. */
static char *form_snapshot(sdui_engine *e)
{
    char *state = NULL, *screen = NULL;
    CHECK_STATUS(sdui_state_json(e, "form", NULL, &state, NULL), SDUI_OK);
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    size_t n = (state ? strlen(state) : 0) + (screen ? strlen(screen) : 0) + 8;
    char *s = malloc(n);
    snprintf(s, n, "%s\n%s", state ? state : "", screen ? screen : "");
    sdui_free(state);
    sdui_free(screen);
    return s;
}

/* sdui_set_input(node, value) is refused with `want` and exactly `message`;
** the state, the screen and the patches are as they were, and no
** middleware saw an action. */
static void refused_(int line, sdui_engine *e, const char *node, const char *value, size_t len, int want,
                     const char *message)
{
    char *before = form_snapshot(e);
    int calls = middleware_calls;
    check_status_(sdui_set_input(e, node, value, len), want, __FILE__, line, node);
    check_str_eq_(sdui_errmsg(e), message, __FILE__, line, "sdui_errmsg(e)", message);
    check_int_(middleware_calls, calls, __FILE__, line, "middleware_calls", "calls");
    char *after = form_snapshot(e), *patches = NULL;
    check_str_eq_(after, before, __FILE__, line, "after", "before");
    check_status_(sdui_patches_json(e, &patches, NULL), SDUI_OK, __FILE__, line, "sdui_patches_json");
    check_contains_(patches, "{\"patches\":[]", __FILE__, line, "patches", "no patch");
    free(before);
    free(after);
    sdui_free(patches);
}
#define REFUSED(e, node, value, want, message) refused_(__LINE__, e, node, S(value), want, message)

static void accepted_(int line, sdui_engine *e, const char *node, const char *value, const char *path,
                      const char *stored)
{
    check_status_(sdui_set_input(e, node, value, strlen(value)), SDUI_OK, __FILE__, line, node);
    char *out = NULL;
    check_status_(sdui_state_json(e, "form", path, &out, NULL), SDUI_OK, __FILE__, line, path);
    check_str_eq_(out, stored, __FILE__, line, "out", stored);
    sdui_free(out);
    check_status_(sdui_patches_json(e, &out, NULL), SDUI_OK, __FILE__, line, "sdui_patches_json");
    sdui_free(out);
}
#define ACCEPTED(e, node, value, path, stored) accepted_(__LINE__, e, node, value, path, stored)

static void test_set_input_size(void)
{
    sdui_engine *e = form_engine();
    size_t big = 80u << 20; /* 80 MiB: over the default limit of 64 MiB */
    char *value = malloc(big);
    if (!CHECK(value != NULL))
        return;
    memset(value, 'x', big);
    refused_(__LINE__, e, "f/0", value, big, SDUI_ELIMIT,
             "node \"f/0\": the value is 83886080 bytes, more than the limit of 67108864 bytes "
             "(SDUI_LIMIT_PAYLOAD_BYTES)");
    free(value);
    /* At the limit it is taken; one byte over, refused. */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAYLOAD_BYTES, 8), 64 << 20);
    REFUSED(e, "f/0", "123456789", SDUI_ELIMIT,
            "node \"f/0\": the value is 9 bytes, more than the limit of 8 bytes (SDUI_LIMIT_PAYLOAD_BYTES)");
    ACCEPTED(e, "f/0", "12345678", "email", "\"12345678\"");
    sdui_engine_free(e);
}

static void test_set_input_domain(void)
{
    sdui_engine *e = form_engine();
    /* A number input: a finite JSON number within min and max, or "" to clear it. */
    REFUSED(e, "f/1", "seven", SDUI_ECONTRACT,
            "node \"f/1\": \"seven\" is not a number (a number input takes a JSON number such as 42 or -1.5, "
            "or \"\" to clear it)");
    REFUSED(e, "f/1", "NaN", SDUI_ECONTRACT, "node \"f/1\": \"NaN\" is not a finite number");
    REFUSED(e, "f/1", "inf", SDUI_ECONTRACT, "node \"f/1\": \"inf\" is not a finite number");
    REFUSED(e, "f/1", "-Infinity", SDUI_ECONTRACT, "node \"f/1\": \"-Infinity\" is not a finite number");
    REFUSED(e, "f/1", "1e400", SDUI_ECONTRACT, "node \"f/1\": \"1e400\" is not a finite number");
    REFUSED(e, "f/1", "12", SDUI_ECONTRACT, "node \"f/1\": 12 is above the input's max (9)");
    REFUSED(e, "f/1", "0.5", SDUI_ECONTRACT, "node \"f/1\": 0.5 is below the input's min (1)");
    ACCEPTED(e, "f/1", "9", "qty", "9");
    ACCEPTED(e, "f/1", "1.5", "qty", "1.5");
    ACCEPTED(e, "f/1", "", "qty", "\"\"");

    /* A choice: one of its options' values (several, comma-separated, when multiple), or "". */
    REFUSED(e, "f/2", "z", SDUI_ECONTRACT,
            "node \"f/2\": \"z\" is not the value of one of the input's options (\"a\", \"b\")");
    REFUSED(e, "f/2", "a,b", SDUI_ECONTRACT,
            "node \"f/2\": \"a,b\" is not the value of one of the input's options (\"a\", \"b\")");
    ACCEPTED(e, "f/2", "b", "c", "\"b\"");
    ACCEPTED(e, "f/2", "", "c", "\"\"");
    REFUSED(e, "f/3", "a,z", SDUI_ECONTRACT,
            "node \"f/3\": \"z\" is not the value of one of the input's options (\"a\", \"b\"); "
            "several are separated by commas");
    ACCEPTED(e, "f/3", "b,a", "m", "\"b,a\"");

    /* A toggle: its onValue or its offValue. */
    REFUSED(e, "f/4", "true", SDUI_ECONTRACT, "node \"f/4\": a toggle's value is \"yes\" or \"no\", not \"true\"");
    ACCEPTED(e, "f/4", "yes", "t", "\"yes\"");

    /* Text: no control character; a multiline text's line breaks and tabs only. */
    REFUSED(e, "f/0", "a\x1b[31mb", SDUI_ECONTRACT,
            "node \"f/0\": the value of a text input must not contain control characters, found \\u001b");
    REFUSED(e, "f/0", "two\nlines", SDUI_ECONTRACT,
            "node \"f/0\": the value of a text input must not contain control characters, found \\u000a");
    refused_(__LINE__, e, "f/0", "a\0b", 3, SDUI_ECONTRACT,
             "node \"f/0\": the value of a text input must not contain control characters, found \\u0000");
    REFUSED(e, "f/5", "x\x1b[2J", SDUI_ECONTRACT,
            "node \"f/5\": the value of a multiline input must not contain control characters, found \\u001b");
    ACCEPTED(e, "f/5", "two\nlines\tand a tab", "note", "\"two\\nlines\\tand a tab\"");
    ACCEPTED(e, "f/0", "42", "email", "\"42\""); /* digits are text to a text input */
    sdui_engine_free(e);
}

/* -------------------------------------------------------------- colours, names */

/* The factory returns the view its userdata names; the outcome is kept. */
static char return_message[512];
static int return_status;

static int view_factory(sdui_call *call, void *userdata)
{
    const char *view = userdata;
    return_status = sdui_call_return(call, view, strlen(view));
    snprintf(return_message, sizeof return_message, "%s", sdui_call_errmsg(call) ? sdui_call_errmsg(call) : "");
    return return_status;
}

/* A view of one text node with `style` (JSON) returned by a factory: its status and message. */
static int style_status(const char *style)
{
    static char view[512];
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"hi\",\"style\":%s}", style);
    sdui_engine *e = sdui_engine_new();
    CHECK_STATUS(sdui_register_component(e, "V", view_factory, view, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, S("{\"id\":\"p\",\"components\":[{\"id\":\"v\",\"type\":\"V\"}]}")), SDUI_OK);
    return_status = -1;
    return_message[0] = '\0';
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    if (return_status != SDUI_OK) {
        /* the component alone fails: an error node, and no escape byte anywhere in the screen */
        CHECK_STR_CONTAINS(out, "\"type\":\"error\"");
        CHECK(strchr(out, '\x1b') == NULL);
        char *text = NULL;
        CHECK_STATUS(sdui_render_text(e, &text, NULL), SDUI_OK);
        CHECK(strchr(text, '\x1b') == NULL);
        sdui_free(text);
    }
    sdui_free(out);
    sdui_engine_free(e);
    return return_status;
}

#define COLOUR_GRAMMAR "a colour is #rgb, #rgba, #rrggbb, #rrggbbaa, a theme token @name, or a colour name " \
                       "(an ASCII letter, then letters, digits, \"-\" or \"_\")"

static void test_colours(void)
{
    static const char *const good[] = {
        "{\"color\":\"#abc\"}", "{\"color\":\"#AbCd\"}", "{\"background\":\"#a0b1c2\"}",
        "{\"borderColor\":\"#a0b1c2d3\"}", "{\"color\":\"@accent\"}", "{\"color\":\"red\"}",
        "{\"color\":\"on-accent_2\"}", "{\"font\":\"title\",\"fontWeight\":\"bold\"}", "\"caption\"",
        "{\"color\":\"@a b\"}", /* a token the theme lacks: the field unset, with a warning */
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        if (!CHECK_STATUS(style_status(good[i]), SDUI_OK))
            fprintf(stderr, "    style: %s (%s)\n", good[i], return_message);

    static const struct {
        const char *style, *message;
    } bad[] = {
        {"{\"color\":\"\\u001b[31m\"}", "1:45: $.style.color: not a colour: \"\\u001b[31m\"; " COLOUR_GRAMMAR},
        {"{\"background\":\"#12\"}", "1:50: $.style.background: not a colour: \"#12\"; " COLOUR_GRAMMAR},
        {"{\"borderColor\":\"#ggg\"}", "1:51: $.style.borderColor: not a colour: \"#ggg\"; " COLOUR_GRAMMAR},
        {"{\"color\":\"red;background:url(x)\"}",
         "1:45: $.style.color: not a colour: \"red;background:url(x)\"; " COLOUR_GRAMMAR},
        {"{\"color\":\"\"}", "1:45: $.style.color: not a colour: \"\"; " COLOUR_GRAMMAR},
        {"{\"color\":\"@a\\u001b[31m\"}", "1:45: $.style.color: not a colour: \"@a\\u001b[31m\"; " COLOUR_GRAMMAR},
        {"{\"font\":\"title\\u001b[2J\"}", "1:44: $.style.font: must not contain control characters, found \\u001b"},
        {"\"title\\u009b31m\"", "1:36: $.style: must not contain control characters, found \\u009b"},
        {"{\"fontWeight\":\"bold\\u0007\"}", "1:50: $.style.fontWeight: must not contain control characters, found \\u0007"},
        {"{\"backgroundImage\":\"https://x/\\u001b]8;;\"}",
         "1:55: $.style.backgroundImage: must not contain control characters, found \\u001b"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_STATUS(style_status(bad[i].style), SDUI_ECONTRACT);
        if (!CHECK_STR_EQ(return_message, bad[i].message))
            fprintf(stderr, "    style: %s\n", bad[i].style);
    }

    /* A paragraph's runs: colour and highlight, font and weight. */
    static char view[512];
    snprintf(view, sizeof view, "%s",
             "{\"type\":\"paragraph\",\"runs\":[{\"text\":\"a\",\"color\":\"#fff\"},"
             "{\"text\":\"b\",\"highlight\":\"\\u001b[41m\"}]}");
    sdui_engine *e = sdui_engine_new();
    CHECK_STATUS(sdui_register_component(e, "V", view_factory, view, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(e, S("{\"id\":\"p\",\"components\":[{\"id\":\"v\",\"type\":\"V\"}]}")), SDUI_OK);
    char *out = NULL;
    CHECK_STATUS(sdui_render_json(e, &out, NULL), SDUI_OK);
    CHECK_STATUS(return_status, SDUI_ECONTRACT);
    CHECK_STR_EQ(return_message, "1:81: $.runs[1].highlight: not a colour: \"\\u001b[41m\"; " COLOUR_GRAMMAR);
    sdui_free(out);

    /* A theme: its colour values are literal colours, its fonts names without control characters. */
    check_engine(e);
    CHECK_STATUS(sdui_set_theme(e, S("{\"colors\":{\"accent\":\"#2563eb\"},\"fonts\":{\"heading\":\"title\"}}")), SDUI_OK);
    CHECK_STATUS(sdui_set_theme(e, S("{\"colors\":{\"bad\":{\"light\":\"#fff\",\"dark\":\"\\u001b[31m\"}}}")),
                 SDUI_ECONTRACT);
    CHECK_STR_EQ(sdui_errmsg(e), "1:41: $.colors.bad.dark: not a colour: \"\\u001b[31m\"; " COLOUR_GRAMMAR);
    CHECK_STATUS(sdui_set_theme(e, S("{\"fonts\":{\"heading\":\"\\u009b2J\"}}")), SDUI_ECONTRACT);
    CHECK_STR_EQ(sdui_errmsg(e), "1:21: $.fonts.heading: must not contain control characters, found \\u009b");
    sdui_engine_free(e);
    check_engine(NULL);
}

/* ------------------------------------------------------------------ services */

static void test_service_names(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "ok", S("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "a\x1b[2Jb", S("{}")), SDUI_ECONTRACT);
    CHECK_STR_EQ(sdui_errmsg(e), "bad service name \"a\\u001b[2Jb\": it must not contain control characters, "
                                 "found \\u001b");
    CHECK_STATUS(sdui_register_service(e, "tab\there", S("{}")), SDUI_ECONTRACT);
    CHECK_STR_EQ(sdui_errmsg(e), "bad service name \"tab\\there\": it must not contain control characters, "
                                 "found \\u0009");
    CHECK_STATUS(sdui_register_service(e, "c1\xc2\x9b", S("{}")), SDUI_ECONTRACT);
    char *out = NULL;
    CHECK_STATUS(sdui_state_json(e, "a\x1b[2Jb", NULL, &out, NULL), SDUI_ENOTFOUND); /* nothing was made */
    CHECK_STATUS(sdui_state_json(e, "ok", NULL, &out, NULL), SDUI_OK);
    CHECK_STR_EQ(out, "{}");
    sdui_free(out);
    sdui_engine_free(e);
    check_engine(NULL);
}

int main(void)
{
    test_free_in_callbacks();
    test_set_input_size();
    test_set_input_domain();
    test_colours();
    test_service_names();
    return check_summary();
}
