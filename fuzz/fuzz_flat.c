/*
** fuzz_flat -- views handed over in the engine's own flat form
** (sdui_call_return_flat in sdui_binding.h), as the Lua binding's flat.c
** writes them.
**
** Input: the bytes a C factory returns with sdui_call_return_flat.
**
** Checks: the status is an sdui status, and a refused view sets a message
** and leaves the factory's earlier result (a JSON view) standing; an
** accepted view renders, twice the same; and it is exactly the view the
** engine itself would keep: the screen's view, handed back as JSON
** (sdui_call_return) by a factory of a second engine, gives the same
** screen byte for byte.
*/
#include "common.h"

static const uint8_t *flat_bytes;
static size_t flat_len;
static int flat_status;
static char *view_json; /* for the second engine */

static const char FIRST[] = "{\"type\":\"text\",\"text\":\"before\"}";

static int flat_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    int status = sdui_call_return(call, FIRST, sizeof FIRST - 1);
    if (status != SDUI_OK)
        FUZZ_FAIL("sdui_call_return of a plain text: %d", status);
    flat_status = sdui_call_return_flat(call, flat_bytes, flat_len);
    fuzz_check_status(flat_status, "sdui_call_return_flat");
    if (flat_status != SDUI_OK && sdui_call_errmsg(call)[0] == '\0')
        FUZZ_FAIL("sdui_call_return_flat refused with no message");
    return SDUI_OK;
}

static int json_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_return(call, view_json, strlen(view_json));
}

static const char PAGE[] = "{\"id\":\"p\",\"components\":[{\"id\":\"f\",\"type\":\"F\",\"data\":{}}]}";

/* The page rendered by an engine whose type F is `factory`: the screen (caller frees). */
static char *render(sdui_factory_fn factory)
{
    sdui_engine *e = sdui_engine_new();
    if (e == NULL || sdui_register_component(e, "F", factory, NULL, NULL) != SDUI_OK ||
        sdui_load_page(e, PAGE, sizeof PAGE - 1) != SDUI_OK)
        abort();
    char *screen = fuzz_out(e, sdui_render_json, "sdui_render_json");
    char *again = fuzz_out(e, sdui_render_json, "sdui_render_json");
    if (screen == NULL || again == NULL || strcmp(screen, again) != 0)
        FUZZ_FAIL("two renders differ: %s / %s", screen ? screen : "NULL", again ? again : "NULL");
    sdui_free(again);
    sdui_engine_free(e);
    return screen;
}

/* The JSON value at `s` (an object or an array, strings skipped): its length, or 0. */
static size_t value_length(const char *s)
{
    int depth = 0, in_string = 0;
    for (size_t i = 0; s[i] != '\0'; i++) {
        char c = s[i];
        if (in_string) {
            if (c == '\\' && s[i + 1] != '\0')
                i++;
            else if (c == '"')
                in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return i + 1;
        }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    flat_bytes = data;
    flat_len = size;
    char *screen = render(flat_factory);
    const char *view = strstr(screen, "\"view\":");
    if (view == NULL)
        FUZZ_FAIL("no view in the screen: %s", screen);
    view += 7;
    size_t n = value_length(view);
    if (n == 0)
        FUZZ_FAIL("the view is not an object: %s", screen);
    if (flat_status != SDUI_OK) { /* the earlier result stands: the text "before" */
        if (strstr(view, "\"before\"") == NULL)
            FUZZ_FAIL("a refused flat view replaced the earlier result: %s", screen);
        sdui_free(screen);
        return 0;
    }
    view_json = malloc(n + 1);
    memcpy(view_json, view, n);
    view_json[n] = '\0';
    char *same = render(json_factory);
    if (strcmp(screen, same) != 0)
        FUZZ_FAIL("the engine took flat bytes it writes otherwise:\n  flat: %s\n  JSON: %s", screen, same);
    free(view_json);
    view_json = NULL;
    sdui_free(same);
    sdui_free(screen);
    return 0;
}
