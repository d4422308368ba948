/*
** test_requires.c -- "version" and "requires" on pages and components, and
** the host's capabilities (sdui_set_capabilities): unmet requirements render
** the fallback chain, changing the capabilities re-renders exactly the
** components whose choice changes, bad declarations change nothing.
*/
#include <string.h>

#include "check.h"

/* Shows its component type: "map" for Map, "text" for Text. */
static int named_factory(sdui_call *call, void *userdata)
{
    char view[64];
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"%s\"}", (const char *)userdata);
    return sdui_call_return(call, view, strlen(view));
}

static sdui_engine *new_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Map", named_factory, "map", NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Text", named_factory, "text", NULL), SDUI_OK);
    return e;
}

static int load(sdui_engine *e, const char *page)
{
    return sdui_load_page(e, page, strlen(page));
}

static int declare(sdui_engine *e, const char *json)
{
    return sdui_set_capabilities(e, json, strlen(json));
}

static const char *map_page =
    "{\"id\":\"p\",\"version\":\"1.1\",\"components\":["
    "{\"id\":\"m\",\"type\":\"Map\",\"requires\":{\"maps\":\"2.0\"},"
    " \"fallback\":{\"type\":\"Map\",\"requires\":{\"maps\":\"1.0\"},\"fallback\":{\"type\":\"Text\"}}},"
    "{\"id\":\"t\",\"type\":\"Text\"}]}";

static void test_fallback_chain_and_capabilities(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(load(e, map_page), SDUI_OK);
    /* Nothing declared: both Map links are passed over, Text renders. */
    char *json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "{\"id\":\"m\",\"type\":\"Map\",\"view\":{\"type\":\"text\",\"id\":\"m\",\"text\":\"text\"}}");
    free(json);
    json = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(json, "requires-unmet");
    CHECK_STR_CONTAINS(json, "type \\\"Map\\\": \\\"maps\\\" 2.0 needed, not declared; rendered its fallback of type \\\"Map\\\"");
    CHECK_STR_CONTAINS(json, "\\\"maps\\\" 1.0 needed, not declared; rendered its fallback of type \\\"Text\\\"");
    free(json);

    /* maps 1.2: the first fallback renders; only "m" renders again. */
    long long renders = sdui_counter(e, SDUI_COUNTER_RENDERS);
    CHECK_STATUS(declare(e, "{\"maps\":\"1.2\"}"), SDUI_OK);
    json = check_output_raw(e, sdui_patches_json);
    CHECK_STR_CONTAINS(json, "\"op\":\"update\",\"id\":\"m\"");
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    CHECK(strstr(json, "\"id\":\"t\"") == NULL);
    free(json);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), renders + 1);
    json = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(json, "\\\"maps\\\" 2.0 needed, 1.2 declared");
    free(json);

    /* maps 1.3: the same link renders, but the diagnostic names 1.3 now
    ** (diagnostics are the last render's: the patches render it). */
    CHECK_STATUS(declare(e, "{\"maps\":\"1.3\"}"), SDUI_OK);
    json = check_output_raw(e, sdui_patches_json);
    free(json);
    json = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(json, "\\\"maps\\\" 2.0 needed, 1.3 declared");
    free(json);
    /* The same declaration again: nothing renders. */
    renders = sdui_counter(e, SDUI_COUNTER_RENDERS);
    CHECK_STATUS(declare(e, "{\"maps\":\"1.3\"}"), SDUI_OK);
    json = check_output_raw(e, sdui_patches_json);
    CHECK_STR_EQ(json, "{\"patches\":[],\"images\":{\"added\":[],\"removed\":[],\"hints\":[]}}");
    free(json);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_RENDERS), renders);

    /* maps 2.0.1 meets 2.0: the component itself renders, no diagnostic. */
    CHECK_STATUS(declare(e, "{\"maps\":\"2.0.1\",\"payments\":\"3.0\"}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    json = check_output_raw(e, sdui_diagnostics_json);
    CHECK(strstr(json, "requires-unmet") == NULL);
    free(json);

    /* Declaring none again: back to Text. */
    CHECK_STATUS(declare(e, "{}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"view\":{\"type\":\"text\",\"id\":\"m\",\"text\":\"text\"}");
    free(json);
    sdui_engine_free(e);
}

static void test_bad_declarations_change_nothing(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(declare(e, "{\"maps\":\"2.0\"}"), SDUI_OK);
    CHECK_STATUS(load(e, map_page), SDUI_OK);
    char *before = check_output_raw(e, sdui_render_json);
    CHECK_STATUS(declare(e, "{\"other\":\"1.0\",\n \"maps\": 2}"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "2:10: $.maps: a version must be a string \"MAJOR.MINOR\" or \"MAJOR.MINOR.PATCH\"");
    CHECK_STATUS(declare(e, "{\"maps\":\"2.x\"}"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "$.maps: a version must be");
    CHECK_STATUS(declare(e, "{\"sdui\":\"1.0\"}"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "$.sdui: \"sdui\" is the engine's own capability");
    CHECK_STATUS(declare(e, "{\"\":\"1.0\"}"), SDUI_ECONTRACT);
    CHECK_STATUS(declare(e, "[\"maps\"]"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "capabilities must be an object, got array");
    CHECK_STATUS(declare(e, "{\"maps\":"), SDUI_EPARSE);
    CHECK_STATUS(sdui_set_capabilities(e, NULL, 0), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_capabilities(NULL, "{}", 2), SDUI_EINVAL);
    /* Still maps 2.0: the same screen, no patch. */
    char *after = check_output_raw(e, sdui_render_json);
    CHECK_STR_EQ(after, before);
    free(before);
    free(after);
    char *json = check_output_raw(e, sdui_diagnostics_json);
    CHECK(strstr(json, "requires-unmet") == NULL);
    free(json);
    sdui_engine_free(e);
}

static void test_page_version(void)
{
    sdui_engine *e = new_engine();
    /* The contract version this engine renders, and the integer form. */
    const char *current = "{\"version\":\"" SDUI_CONTRACT_VERSION "\",\"components\":[{\"id\":\"a\",\"type\":\"Map\"}]}";
    CHECK_STATUS(load(e, current), SDUI_OK);
    char *json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"version\":\"" SDUI_CONTRACT_VERSION "\"");
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    CHECK_STATUS(load(e, "{\"version\":1,\"components\":[{\"id\":\"a\",\"type\":\"Map\"}]}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"version\":1,");
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    /* A later contract: the fallback node, with the reason. */
    CHECK_STATUS(load(e, "{\"version\":\"99.0\",\"components\":[{\"id\":\"a\",\"type\":\"Map\"}]}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"type\":\"fallback\"");
    free(json);
    json = check_output_raw(e, sdui_diagnostics_json);
    CHECK_STR_CONTAINS(json, "type \\\"Map\\\": \\\"sdui\\\" 99.0 needed, " SDUI_CONTRACT_VERSION " declared; no fallback");
    free(json);
    /* "sdui" can be required by name too, and a component's own version adds to the page's. */
    CHECK_STATUS(load(e, "{\"components\":[{\"id\":\"a\",\"type\":\"Map\",\"version\":\"1.0\",\"requires\":{\"sdui\":\"1.0.1\"},\"fallback\":\"drop\"}]}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    /* Malformed versions are contract errors naming line:column and path; the page stays. */
    CHECK_STATUS(load(e, "{\"version\":\"v2\",\"components\":[]}"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "1:12: $.version: a version must be");
    CHECK_STATUS(load(e, "[{\"id\":\"a\",\"type\":\"Map\",\"requires\":{\"maps\":2}}]"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "$[0].requires.maps: a version must be a string");
    CHECK_STATUS(load(e, "[{\"id\":\"a\",\"type\":\"Map\",\"requires\":\"maps\"}]"), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "$[0].requires: requires must be an object, got string");
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    sdui_engine_free(e);
}

static void test_server_patches_take_the_same_members(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(load(e, "{\"requires\":{\"maps\":\"1.0\"},\"components\":[{\"id\":\"a\",\"type\":\"Text\"}]}"), SDUI_OK);
    /* The page requires maps 1.0, undeclared: "a" has no fallback. */
    char *json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"type\":\"fallback\"");
    free(json);
    const char *patch = "{\"patch\":{\"changes\":[{\"id\":\"a\",\"components\":["
                        "{\"id\":\"a\",\"type\":\"Map\",\"version\":1,\"requires\":{\"maps\":\"2.0\"},"
                        " \"fallback\":{\"type\":\"Text\"}}]}]}}";
    CHECK_STATUS(load(e, patch), SDUI_OK);
    /* The page's requires stay; the fallback has only its own (none). */
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"text\":\"text\"");
    free(json);
    CHECK_STATUS(declare(e, "{\"maps\":\"2.0\"}"), SDUI_OK);
    json = check_output_raw(e, sdui_render_json);
    CHECK_STR_CONTAINS(json, "\"text\":\"map\"");
    free(json);
    const char *bad = "{\"patch\":{\"changes\":[{\"id\":\"a\",\"components\":[{\"id\":\"b\",\"type\":\"Map\",\"version\":\"x\"}]}]}}";
    CHECK_STATUS(load(e, bad), SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "$.patch.changes[0].components[0].version: a version must be");
    sdui_engine_free(e);
}

int main(void)
{
    test_fallback_chain_and_capabilities();
    test_bad_declarations_change_nothing();
    test_page_version();
    test_server_patches_take_the_same_members();
    return check_summary();
}
