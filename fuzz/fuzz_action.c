/*
** fuzz_action -- action bytes through sdui_dispatch on an engine running the
** example scripts (lua/examples/scripts, through the script host) and the
** example page (examples/home.json).
**
** Input: up to 8 actions separated by a line "@@", dispatched in order;
** after each, sdui_tick moves the clock one second (delayed actions fire),
** and after a success the page renders again and the patches are taken.
** Pages: a "navigation/fetch" performer answers "/" with the home page and
** "/genre/NAME" with examples/genre/NAME.json (the five there), and fails
** any other route, so navigation/open and navigation/back move the back
** stack; an input starts at the root page.
**
** Checks: every status is an sdui status; a FAILED dispatch leaves every
** service's state byte-identical (sdui_state_json of each, before and
** after) and the screen too, and sets a message; after every dispatch and
** tick, the patches turn the previous screen into the current one
** (screen.h), also when a page was opened or left; the stack never holds
** more than SDUI_LIMIT_PAGES pages; outputs are terminated.
**
** The engine is made once (loading the scripts is the costly part); each
** input starts by putting every service back to its initial state and
** firing every timer left by the previous input.
*/
#include "common.h"
#include "screen.h"

static const char *const services[] = {"favorites", "navigation", "notifications", "order"};
#define NSERVICES (sizeof services / sizeof *services)

static sdui_engine *engine;
static char *initial[NSERVICES];
static long long now_ms;
static sscreen model;

/* The "request" performer: finishes at once, ok when the url has an even length. */
static int perform_request(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *url = sdui_call_string(call, SDUI_INPUT, "url");
    static const char ok[] = "{\"confirmation\":\"A1B2\"}";
    static const char bad[] = "{\"message\":\"declined\"}";
    int success = url != NULL && strlen(url) % 2 == 0;
    int status = success ? sdui_call_finish(call, 1, ok, sizeof ok - 1) : sdui_call_finish(call, 0, bad, sizeof bad - 1);
    fuzz_check_status(status, "sdui_call_finish");
    return SDUI_OK;
}

/* The pages the fetch performer knows: "/" and the genre pages. */
static const char *const genres[] = {"comedy", "documentary", "drama", "kids", "sci-fi"};
#define NGENRES (sizeof genres / sizeof *genres)
static char *home_page, *genre_pages[NGENRES];
static size_t home_len, genre_lens[NGENRES];

/* The "navigation/fetch" performer: a known route's page at once, else a failure. */
static int perform_fetch(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *route = sdui_call_string(call, SDUI_INPUT, "route");
    if (route == NULL)
        FUZZ_FAIL("a navigation/fetch effect without a route");
    const char *page = NULL;
    size_t len = 0;
    if (strcmp(route, "/") == 0) {
        page = home_page;
        len = home_len;
    } else if (strncmp(route, "/genre/", 7) == 0) {
        for (size_t i = 0; i < NGENRES; i++)
            if (strcmp(route + 7, genres[i]) == 0) {
                page = genre_pages[i];
                len = genre_lens[i];
            }
    }
    static const char none[] = "\"no page for that route\"";
    int status = page != NULL ? sdui_call_finish(call, 1, page, len) : sdui_call_finish(call, 0, none, sizeof none - 1);
    fuzz_check_status(status, "sdui_call_finish");
    return SDUI_OK;
}

static void setup(void)
{
    engine = sdui_engine_new();
    if (engine == NULL)
        abort();
    sdui_scripts_limit(engine, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 1000000);
    if (sdui_register_effect(engine, "request", perform_request, NULL, NULL) != SDUI_OK)
        FUZZ_FAIL("register request: %s", sdui_errmsg(engine));
    if (sdui_register_effect(engine, "navigation/fetch", perform_fetch, NULL, NULL) != SDUI_OK)
        FUZZ_FAIL("register navigation/fetch: %s", sdui_errmsg(engine));
    for (size_t i = 0; i < NGENRES; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/examples/genre/%s.json", SDUI_FUZZ_ROOT, genres[i]);
        if ((genre_pages[i] = fuzz_read_file(path, &genre_lens[i])) == NULL)
            FUZZ_FAIL("cannot read %s", path);
    }
    if (sdui_scripts_load(engine, SDUI_FUZZ_ROOT "/lua/examples/scripts") != SDUI_OK)
        FUZZ_FAIL("scripts: %s", sdui_errmsg(engine));
    home_page = fuzz_read_file(SDUI_FUZZ_ROOT "/examples/home.json", &home_len);
    if (home_page == NULL || sdui_load_page(engine, home_page, home_len) != SDUI_OK)
        FUZZ_FAIL("page: %s", sdui_errmsg(engine));
    for (size_t i = 0; i < NSERVICES; i++)
        if (sdui_state_json(engine, services[i], NULL, &initial[i], NULL) != SDUI_OK)
            FUZZ_FAIL("state of %s: %s", services[i], sdui_errmsg(engine));
    char *first = fuzz_out(engine, sdui_render_json, "sdui_render_json");
    if (first == NULL || !sscreen_load(&model, first, strlen(first)))
        FUZZ_FAIL("first screen: %s", model.err);
    sdui_free(first);
}

/* Every service's state and the screen, as one string (caller frees). */
static char *snapshot(sdui_engine *e)
{
    fuzz_buf b = {0};
    for (size_t i = 0; i < NSERVICES; i++) {
        char *state = NULL;
        size_t len = 0;
        int status = sdui_state_json(e, services[i], NULL, &state, &len);
        if (status != SDUI_OK)
            FUZZ_FAIL("state of %s: %d %s", services[i], status, sdui_errmsg(e));
        fuzz_check_out(state, len, "sdui_state_json");
        fb_str(&b, services[i]);
        fb_str(&b, " = ");
        fb_add(&b, state, len);
        fb_str(&b, "\n");
        sdui_free(state);
    }
    return b.s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (engine == NULL)
        setup();
    sdui_engine *e = engine;
    /* Back to the start: timers of the previous input fire now (into the
       old state), then every service gets its initial state again. */
    now_ms += 1000000000LL;
    fuzz_check_status(sdui_tick(e, now_ms, NULL), "sdui_tick");
    while (sdui_navigation_depth(e) > 1) /* back to the root page */
        if (sdui_back(e, NULL) != SDUI_OK)
            FUZZ_FAIL("sdui_back at depth %lld: %s", sdui_navigation_depth(e), sdui_errmsg(e));
    for (size_t i = 0; i < NSERVICES; i++)
        if (sdui_register_service(e, services[i], initial[i], strlen(initial[i])) != SDUI_OK)
            FUZZ_FAIL("reset %s: %s", services[i], sdui_errmsg(e));
    sscreen_check(&model, e, "reset");

    for (int part = 0; part < 8; part++) {
        size_t len = 0;
        const uint8_t *action = fuzz_part(data, size, part, &len);
        if (action == NULL)
            break;
        char *before = snapshot(e);
        char *screen = fuzz_out(e, sdui_render_json, "sdui_render_json");
        int status = sdui_dispatch(e, (const char *)action, len);
        fuzz_check_status(status, "sdui_dispatch");
        if (status != SDUI_OK) {
            char *message = strdup(sdui_errmsg(e));
            if (message[0] == '\0')
                FUZZ_FAIL("sdui_dispatch failed (%d) with no message", status);
            char *after = snapshot(e);
            if (strcmp(before, after) != 0)
                FUZZ_FAIL("failed dispatch (%d: %s) changed the state:\n%s---\n%s", status, message, before, after);
            char *screen_after = fuzz_out(e, sdui_render_json, "sdui_render_json");
            if (screen && screen_after && strcmp(screen, screen_after) != 0)
                FUZZ_FAIL("failed dispatch (%d: %s) changed the screen", status, message);
            sdui_free(screen_after);
            free(after);
            free(message);
        } else {
            sscreen_check(&model, e, "dispatch");
            sdui_free(fuzz_out(e, sdui_render_text, "sdui_render_text"));
            layout_check(e, &model, 60);
        }
        long long depth = sdui_navigation_depth(e);
        if (depth < 1 || depth > SDUI_LIMIT_PAGES)
            FUZZ_FAIL("the stack holds %lld pages", depth);
        free(before);
        sdui_free(screen);
        now_ms += 1000;
        int fired = -1;
        fuzz_check_status(sdui_tick(e, now_ms, &fired), "sdui_tick");
        sscreen_check(&model, e, "tick");
    }
    return 0;
}
