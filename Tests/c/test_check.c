/*
** test_check.c -- sdui_check_json(): each kind of document checked with the
** engine's decoders, the message "line:column: $.path: what", the engine's
** options and limits applied, and nothing changed by a check (page, render,
** diagnostics).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

static sdui_engine *E;

static int check_json(const char *kind, const char *json) { return sdui_check_json(E, kind, json, strlen(json)); }

/* Everything a check must leave alone: the rendered screen and the diagnostics. */
static char *snapshot(void)
{
    char *render = NULL, *diags = NULL;
    if (sdui_render_json(E, &render, NULL) != SDUI_OK || sdui_diagnostics_json(E, &diags, NULL) != SDUI_OK) {
        sdui_free(render);
        return check_strdup("<render failed>");
    }
    size_t n = strlen(render) + strlen(diags) + 8;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s\n--\n%s", render, diags);
    sdui_free(render);
    sdui_free(diags);
    return s;
}

static void test_valid_documents(void)
{
    CHECK_STATUS(check_json("payload", "{\"id\":\"p\",\"components\":[{\"id\":\"a\",\"type\":\"T\"}]}"), SDUI_OK);
    CHECK_STATUS(check_json("payload", "{\"patch\":{\"changes\":[{\"id\":\"zz\",\"components\":[]}]}}"), SDUI_OK);
    CHECK_STATUS(check_json("page", "[{\"id\":\"a\",\"type\":\"T\",\"fallback\":\"drop\"}]"), SDUI_OK);
    CHECK_STATUS(check_json("patch", "{\"patch\":{\"changes\":[],\"mode\":\"partial\"}}"), SDUI_OK);
    CHECK_STATUS(check_json("component", "{\"id\":\"a\",\"type\":\"T\",\"data\":{\"x\":1}}"), SDUI_OK);
    CHECK_STATUS(check_json("view", "{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"hi\","
                                    "\"key\":\"a\"},{\"type\":\"button\",\"label\":\"Go\",\"disabled\":true,"
                                    "\"action\":{\"type\":\"s/go\"}}]}"),
                 SDUI_OK);
    CHECK_STATUS(check_json("action", "{\"type\":\"cart/add\",\"payload\":{\"id\":7}}"), SDUI_OK);
    CHECK_STATUS(check_json("effect", "{\"type\":\"after\",\"ms\":300,\"action\":{\"type\":\"s/tick\"}}"), SDUI_OK);
    CHECK_STR_EQ(sdui_errmsg(E), "");
}

/* A bad document of `kind`: the status and the whole message. */
static void bad(int line, const char *kind, const char *json, int status, const char *message)
{
    int got = check_json(kind, json);
    char label[128];
    snprintf(label, sizeof label, "line %d: sdui_check_json(%s)", line, kind);
    if (!check_int_(got, status, __FILE__, line, label, sdui_errstr(status)))
        return;
    check_result_(strcmp(sdui_errmsg(E), message) == 0, __FILE__, line, message);
    if (strcmp(sdui_errmsg(E), message) != 0)
        fprintf(stderr, "  got: %s\n", sdui_errmsg(E));
}
#define BAD(kind, json, status, message) bad(__LINE__, kind, json, status, message)

static void test_invalid_documents(void)
{
    BAD("page", "{\"components\":[{\"id\":\"a\",\"type\":\"T\"},\n{\"id\":\"a\",\"type\":\"T\"}]}", SDUI_ECONTRACT,
        "2:7: $.components[1].id: duplicate component id \"a\": first at $.components[0], again at $.components[1]");
    BAD("page", "{\"components\":[", SDUI_EPARSE, "1:16: $.components[0]: expected a value, found end of input");
    BAD("patch", "{\"patch\":{\"changes\":[],\"mode\":\"later\"}}", SDUI_ECONTRACT,
        "1:31: $.patch.mode: mode must be \"transactional\" or \"partial\"");
    /* a patch names one member only; the payload kind reads such an object as a page */
    BAD("patch", "{\"patch\":{\"changes\":[]},\"id\":\"p\"}", SDUI_ECONTRACT,
        "1:30: $.id: unknown member \"id\" in a patch payload (allowed: patch)");
    BAD("payload", "{\"patch\":{\"changes\":[]},\"id\":\"p\"}", SDUI_ECONTRACT,
        "1:10: $.patch: unknown member \"patch\" in a page (allowed: components, id, requires, version)");
    BAD("page", "{\"patch\":{\"changes\":[]}}", SDUI_ECONTRACT,
        "1:10: $.patch: unknown member \"patch\" in a page (allowed: components, id, requires, version)");
    BAD("component", "{\"id\":\"a\"}", SDUI_ECONTRACT, "1:1: $.type: missing required string");
    /* the known kinds follow, as the view contract lists them */
    CHECK_STATUS(check_json("view", "{\"type\":\"carousel\"}"), SDUI_ECONTRACT);
    CHECK(strncmp(sdui_errmsg(E), "1:9: $.type: unknown node type \"carousel\" (known: text, image, ", 63) == 0);
    BAD("view", "{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"a\",\"key\":\"k\"},"
                "{\"type\":\"text\",\"text\":\"b\",\"key\":\"k\"}]}",
        SDUI_ECONTRACT, "1:99: $.children[1].key: duplicate key \"k\" in component \"view\"");
    BAD("action", "{\"type\":\"\"}", SDUI_ECONTRACT, "1:9: $.type: must not be empty");
    BAD("effect", "{\"type\":\"after\",\"ms\":-5,\"action\":{\"type\":\"s/x\"}}", SDUI_ECONTRACT,
        "1:22: $.ms: an \"after\" effect needs \"ms\": a number from 0 to 9007199254740992");
    /* a view is not a page, nor a page a view */
    BAD("view", "{\"components\":[]}", SDUI_ECONTRACT, "1:1: $.type: missing required string");
    CHECK_STATUS(check_json("page", "{\"type\":\"text\",\"text\":\"x\"}"), SDUI_ECONTRACT);
}

static void test_misuse(void)
{
    CHECK_STATUS(sdui_check_json(NULL, "page", "[]", 2), SDUI_EINVAL);
    CHECK_STATUS(sdui_check_json(E, NULL, "[]", 2), SDUI_EINVAL);
    CHECK_STATUS(sdui_check_json(E, "page", NULL, 0), SDUI_EINVAL);
    CHECK_STATUS(check_json("screen", "[]"), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(E), "unknown kind \"screen\"");
    CHECK_STATUS(check_json("page", ""), SDUI_EPARSE);
}

/* The engine's option for keys given twice, and its limits, apply. */
static void test_options_and_limits(void)
{
    const char *twice = "[{\"id\":\"a\",\"type\":\"T\",\"data\":{\"x\":1,\"x\":2}}]";
    CHECK_STATUS(check_json("page", twice), SDUI_EPARSE);
    CHECK_STR_CONTAINS(sdui_errmsg(E), "duplicate key");
    CHECK(sdui_option(E, SDUI_OPTION_DUPLICATE_KEYS, 1) == 0);
    CHECK_STATUS(check_json("page", twice), SDUI_OK);
    CHECK(sdui_option(E, SDUI_OPTION_DUPLICATE_KEYS, 0) == 1);
    int depth = sdui_limit(E, SDUI_LIMIT_DEPTH, 3);
    CHECK_STATUS(check_json("view", "{\"type\":\"vstack\",\"children\":[{\"type\":\"vstack\",\"children\":[]}]}"),
                 SDUI_ELIMIT);
    sdui_limit(E, SDUI_LIMIT_DEPTH, depth);
}

/* Checks change nothing: not the page, not the screen, not the diagnostics. */
static void test_changes_nothing(void)
{
    CHECK_STATUS(sdui_load_page(E, "[{\"id\":\"a\",\"type\":\"Unknown\"}]", 29), SDUI_OK);
    char *before = snapshot();
    CHECK_STATUS(check_json("payload", "[{\"id\":\"b\",\"type\":\"Other\"}]"), SDUI_OK);
    CHECK_STATUS(check_json("payload", "{\"patch\":{\"changes\":[{\"id\":\"a\",\"components\":[]}]}}"), SDUI_OK);
    CHECK_STATUS(check_json("payload", "{\"patch\":{\"changes\":[{\"id\":\"nowhere\",\"components\":[]}]}}"), SDUI_OK);
    CHECK_STATUS(check_json("page", "[{\"id\":\"x\"}]"), SDUI_ECONTRACT);
    char *after = snapshot();
    CHECK_STR_EQ(after, before);
    free(before);
    free(after);
}

int main(void)
{
    E = sdui_engine_new();
    if (!CHECK(E != NULL))
        return check_summary();
    check_engine(E);
    test_valid_documents();
    test_invalid_documents();
    test_misuse();
    test_options_and_limits();
    test_changes_nothing();
    sdui_engine_free(E);
    return check_summary();
}
