/*
** test_hostile.c -- the bad inputs of docs/robustness.md that no other C
** test pins: nesting 1,000, 10,000 and 100,000 deep (pages, actions,
** services, server patches, state built up one write at a time), a 100 MB
** payload, numbers out of range, NUL bytes. Each case checks the status,
** the message and that the engine is exactly as before.
**
** SDUI_TEST_LIGHT=1 (set by `make memcheck`) skips parsing the 100 MB
** payload, which valgrind would take minutes over; its refusal still runs.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static sdui_engine *E;

/* A text node showing the component's "label" (or "-"). */
static int label_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *label = NULL;
    size_t len = 0;
    if (sdui_call_json(call, SDUI_INPUT, "label", &label, &len) != SDUI_OK)
        label = NULL;
    size_t size = len + 64;
    char *view = malloc(size);
    if (view == NULL) {
        sdui_free(label);
        return SDUI_ENOMEM;
    }
    snprintf(view, size, "{\"type\":\"text\",\"text\":%s}", label ? label : "\"-\"");
    sdui_free(label);
    int status = sdui_call_return(call, view, strlen(view));
    free(view);
    return status;
}

/* s/deepen: sets payload.value at payload.path (both as given). */
static int deepen_handler(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *path = sdui_call_string(call, SDUI_INPUT, "path");
    char *value = NULL;
    size_t len = 0;
    if (path == NULL || sdui_call_json(call, SDUI_INPUT, "value", &value, &len) != SDUI_OK)
        return SDUI_ERROR;
    int status = sdui_call_set(call, path, value, len);
    sdui_free(value);
    if (status != SDUI_OK)
        sdui_call_error(call, sdui_call_errmsg(call));
    return status == SDUI_OK ? SDUI_OK : SDUI_ERROR;
}

/* The observable engine: the rendered screen and the service's state. */
static char *snapshot(void)
{
    char *screen = NULL, *state = NULL;
    if (sdui_render_json(E, &screen, NULL) != SDUI_OK)
        return check_strdup("<render failed>");
    sdui_state_json(E, "s", NULL, &state, NULL);
    size_t n = strlen(screen) + (state ? strlen(state) : 0) + 8;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s\n%s", screen, state ? state : "-");
    sdui_free(screen);
    sdui_free(state);
    return s;
}

/* `open` n times, then `middle`, then `close` n times, wrapped as head...tail. */
static char *nested(const char *head, char open, size_t n, const char *middle, char close, const char *tail)
{
    size_t h = strlen(head), m = strlen(middle), t = strlen(tail);
    char *s = malloc(h + 2 * n + m + t + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, head, h);
    memset(s + h, open, n);
    memcpy(s + h + n, middle, m);
    memset(s + h + n + m, close, n);
    memcpy(s + h + 2 * n + m, tail, t + 1);
    return s;
}

/* One refused call: its status, a part of its message, and nothing changed. */
static void refused_(int line, const char *what, int status, int want, const char *needle, const char *before)
{
    char label[200];
    snprintf(label, sizeof label, "%s: status", what);
    check_status_(status, want, __FILE__, line, label);
    snprintf(label, sizeof label, "%s: message", what);
    check_contains_(sdui_errmsg(E), needle, __FILE__, line, label, needle);
    char *after = snapshot();
    snprintf(label, sizeof label, "%s: nothing changed", what);
    check_str_eq_(after, before, __FILE__, line, label, "before");
    free(after);
}
#define REFUSED(what, call, want, needle) refused_(__LINE__, what, (call), want, needle, before)

static const char PAGE[] = "[{\"id\":\"a\",\"type\":\"Label\",\"data\":{\"label\":\"base\"}}]";

static void test_deep_nesting(void)
{
    char *before = snapshot();
    static const size_t depths[] = {1000, 100000};
    for (size_t i = 0; i < 2; i++) {
        size_t n = depths[i];
        char *page = nested("[{\"id\":\"a\",\"type\":\"Label\",\"data\":", '[', n, "1", ']', "}]");
        char *action = nested("{\"type\":\"s/deepen\",\"payload\":", '[', n, "", ']', "}");
        char *value = nested("", '[', n, "", ']', "");
        char *patch = nested("{\"patch\":{\"changes\":[{\"id\":\"a\",\"components\":[{\"id\":\"b\",\"type\":\"Label\","
                             "\"data\":", '[', n, "", ']', "}]}]}}");
        if (CHECK(page && action && value && patch)) {
            REFUSED("deep page", sdui_load_page(E, page, strlen(page)), SDUI_ELIMIT, "nest deeper than the limit of 512");
            REFUSED("deep action", sdui_dispatch(E, action, strlen(action)), SDUI_ELIMIT, "nest deeper than the limit");
            REFUSED("deep service", sdui_register_service(E, "s", value, strlen(value)), SDUI_ELIMIT,
                    "nest deeper than the limit");
            REFUSED("deep server patch", sdui_load_page(E, patch, strlen(patch)), SDUI_ELIMIT,
                    "nest deeper than the limit");
        }
        free(page);
        free(action);
        free(value);
        free(patch);
    }
    /* Objects as deep: {"a":{"a":...}}. */
    {
        size_t n = 100000;
        char *page = malloc(6 * n + 64);
        if (CHECK(page != NULL)) {
            char *p = page + sprintf(page, "[{\"id\":\"a\",\"type\":\"Label\",\"data\":");
            for (size_t k = 0; k < n; k++)
                p += sprintf(p, "{\"a\":");
            p += sprintf(p, "1");
            memset(p, '}', n);
            strcpy(p + n, "}]");
            REFUSED("deep objects", sdui_load_page(E, page, strlen(page)), SDUI_ELIMIT, "nest deeper than the limit");
            free(page);
        }
    }
    free(before);
}

/* The depth limit has a ceiling; at the ceiling a page still loads and renders. */
static void test_depth_ceiling(void)
{
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 1000000), 512);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, -1), 10000);
    char *ok = nested("[{\"id\":\"a\",\"type\":\"Label\",\"data\":", '[', 9998, "1", ']', "}]");
    char *deep = nested("[{\"id\":\"a\",\"type\":\"Label\",\"data\":", '[', 100000, "1", ']', "}]");
    if (CHECK(ok && deep)) {
        CHECK_STATUS(sdui_load_page(E, ok, strlen(ok)), SDUI_OK);
        char *screen = NULL;
        CHECK_STATUS(sdui_render_json(E, &screen, NULL), SDUI_OK);
        sdui_free(screen);
        char *before = snapshot();
        REFUSED("100,000 deep at the ceiling", sdui_load_page(E, deep, strlen(deep)), SDUI_ELIMIT,
                "nest deeper than the limit of 10000");
        free(before);
    }
    free(ok);
    free(deep);
    CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_DEPTH, 512), 10000);
    CHECK_STATUS(sdui_load_page(E, PAGE, strlen(PAGE)), SDUI_OK);
}

/* State deepened one write at a time: each write is within the limit, the sum is not. */
static void test_state_deepened_by_paths(void)
{
    /* A 400-deep path, then a 400-deep value under it. */
    char path[2048] = "v";
    for (int i = 1; i < 400; i++)
        strcat(path, ".v");
    char *value = nested("", '[', 400, "", ']', "");
    size_t need = strlen(path) + strlen(value) + 128;
    char *action = malloc(need);
    if (!CHECK(value && action))
        goto done;
    snprintf(action, need, "{\"type\":\"s/deepen\",\"payload\":{\"path\":\"\",\"value\":%s}}", "0");
    /* The state {"v":{"v":...}} 400 deep, built from the value itself. */
    char *deep_object = malloc(6 * 400 + 16);
    if (CHECK(deep_object != NULL)) {
        char *p = deep_object;
        for (int i = 0; i < 400; i++)
            p += sprintf(p, "{\"v\":");
        p += sprintf(p, "0");
        memset(p, '}', 400);
        p[400] = '\0';
        CHECK_STATUS(sdui_register_service(E, "s", deep_object, strlen(deep_object)), SDUI_OK);
        free(deep_object);
    }
    char *before = snapshot();
    snprintf(action, need, "{\"type\":\"s/deepen\",\"payload\":{\"path\":\"%s\",\"value\":%s}}", path, value);
    REFUSED("a deep value at a deep path", sdui_dispatch(E, action, strlen(action)), SDUI_ECALLBACK,
            "the state would nest 800 levels deep, deeper than the limit of 512");
    /* Within the limit it works. */
    snprintf(action, need, "{\"type\":\"s/deepen\",\"payload\":{\"path\":\"%s\",\"value\":[[1]]}}", path);
    CHECK_STATUS(sdui_dispatch(E, action, strlen(action)), SDUI_OK);
    free(before);
done:
    free(value);
    free(action);
}

/* A payload over the size limit is refused before it is parsed; under it, it loads. */
static void test_huge_payload(void)
{
    size_t size = 100u << 20; /* 100 MiB */
    char *page = malloc(size + 1);
    if (!CHECK(page != NULL))
        return;
    const char *head = "[{\"id\":\"big\",\"type\":\"Label\",\"data\":{\"label\":\"";
    size_t h = strlen(head);
    memcpy(page, head, h);
    memset(page + h, 'x', size - h - 4);
    memcpy(page + size - 4, "\"}}]", 5);
    char *before = snapshot();
    REFUSED("100 MB page", sdui_load_page(E, page, size), SDUI_ELIMIT, "more than the limit of 67108864 bytes");
    REFUSED("100 MB action", sdui_dispatch(E, page, size), SDUI_ELIMIT, "more than the limit of 67108864 bytes");
    free(before);
    const char *light = getenv("SDUI_TEST_LIGHT");
    if (light == NULL || strcmp(light, "1") != 0) {
        CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAYLOAD_BYTES, 128LL << 20), 64LL << 20);
        CHECK_STATUS(sdui_load_page(E, page, size), SDUI_OK);
        char *text = NULL;
        size_t len = 0;
        if (CHECK_STATUS(sdui_render_text(E, &text, &len), SDUI_OK) && !CHECK(len > size - 100))
            fprintf(stderr, "    render_text gave %zu bytes: %.200s\n", len, text);
        sdui_free(text);
        CHECK_EQ_INT(sdui_limit(E, SDUI_LIMIT_PAYLOAD_BYTES, 64LL << 20), 128LL << 20);
    }
    free(page);
    CHECK_STATUS(sdui_load_page(E, PAGE, strlen(PAGE)), SDUI_OK);
}

/* Numbers: out of the double range is an error; the rest keeps its value. */
static void test_numbers(void)
{
    char *before = snapshot();
    static const char *const too_big[] = {"1e400", "-1e400", "1e99999999999999999999"};
    for (size_t i = 0; i < 3; i++) {
        char page[160];
        snprintf(page, sizeof page, "[{\"id\":\"a\",\"type\":\"Label\",\"data\":{\"n\":%s}}]", too_big[i]);
        REFUSED(too_big[i], sdui_load_page(E, page, strlen(page)), SDUI_EPARSE, "$[0].data.n: number out of range");
    }
    free(before);
    static const struct {
        const char *in, *out;
    } kept[] = {
        {"1e-400", "0.0"}, /* underflow is zero */
        {"123456789012345678901234567890", "1.2345678901234568e+29"},
        {"9007199254740993", "9007199254740993"}, /* integers keep every digit */
        {"-9223372036854775808", "-9223372036854775808"},
        {"-0", "0"},
    };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        char json[160];
        snprintf(json, sizeof json, "{\"n\":%s}", kept[i].in);
        CHECK_STATUS(sdui_register_service(E, "num", json, strlen(json)), SDUI_OK);
        char *n = NULL;
        if (CHECK_STATUS(sdui_state_json(E, "num", "n", &n, NULL), SDUI_OK) && !check_str_eq_(n, kept[i].out, __FILE__, __LINE__, "number", kept[i].in))
            fprintf(stderr, "    for %s\n", kept[i].in);
        sdui_free(n);
    }
}

/* NUL bytes: refused raw, kept when escaped. */
static void test_nul_bytes(void)
{
    char *before = snapshot();
    static const char raw[] = "[{\"id\":\"a\",\"type\":\"Label\",\"data\":{\"label\":\"a\0b\"}}]";
    REFUSED("a raw NUL in a string", sdui_load_page(E, raw, sizeof raw - 1), SDUI_EPARSE, "1:45: $[0].data.label: control character U+0000 must be escaped");
    REFUSED("a NUL after the document", sdui_load_page(E, "[]\0[]", 5), SDUI_EPARSE, "1:3");
    free(before);
    static const char escaped[] = "[{\"id\":\"a\",\"type\":\"Label\",\"data\":{\"label\":\"a\\u0000b\"}}]";
    CHECK_STATUS(sdui_load_page(E, escaped, strlen(escaped)), SDUI_OK);
    char *screen = NULL;
    size_t len = 0;
    if (CHECK_STATUS(sdui_render_json(E, &screen, &len), SDUI_OK)) {
        CHECK_EQ_INT((long long)strlen(screen), (long long)len);
        CHECK_STR_CONTAINS(screen, "\"text\":\"a\\u0000b\"");
    }
    sdui_free(screen);
    CHECK_STATUS(sdui_load_page(E, PAGE, strlen(PAGE)), SDUI_OK);
}

int main(void)
{
    E = sdui_engine_new();
    if (E == NULL)
        return 1;
    check_engine(E);
    CHECK_STATUS(sdui_register_component(E, "Label", label_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_service(E, "s", "{}", 2), SDUI_OK);
    CHECK_STATUS(sdui_register_action(E, "s/deepen", deepen_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_load_page(E, PAGE, strlen(PAGE)), SDUI_OK);
    test_deep_nesting();
    test_depth_ceiling();
    test_state_deepened_by_paths();
    test_huge_payload();
    test_numbers();
    test_nul_bytes();
    sdui_engine_free(E);
    return check_summary();
}
