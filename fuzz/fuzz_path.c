/*
** fuzz_path -- state paths through every state reader, over a service with
** nested state.
**
** Input: a path (up to the first NUL or "@@" line); an optional second
** document is the JSON value a handler sets at that path.
**
** Checks, for each path:
**   - sdui_state_json(service, path) returns an sdui status, and on success
**     a terminated buffer;
**   - inside a handler, sdui_call_json(SDUI_STATE, path) and
**     sdui_call_state(call, service, path) give the same status and bytes,
**     and sdui_call_string / sdui_call_count / sdui_call_number agree with
**     the kind of that JSON;
**   - "$." + path reads the same as path (for a path starting with a letter);
**   - a handler that sets (or removes) the value at the path and then fails
**     leaves the state byte-identical;
**   - a handler that sets the value and succeeds reads back exactly the
**     value it set, from inside the handler and through sdui_state_json.
*/
#include "common.h"

static const char nested[] =
    "{\"items\":[{\"title\":\"A\",\"tags\":[\"x\",\"y\"],\"n\":1.5},{\"title\":\"B\",\"tags\":[],\"n\":-2}],"
    "\"odd key\":{\"a.b\":true,\"[0]\":null,\"\":\"empty\"},\"0\":[[[1]]],\"deep\":{\"a\":{\"b\":{\"c\":{\"d\":\"e\"}}}},"
    "\"uni\\u00e9\":\"\\u2603\",\"items2\":{\"0\":\"zero\",\"1\":\"one\"},\"t\":true,\"f\":false,\"z\":null}";

enum { PROBE_READ, PROBE_SET_FAIL, PROBE_REMOVE_FAIL, PROBE_SET, PROBE_REMOVE };
static int probe_mode;
static const char *probe_path;
static const char *probe_value;
static size_t probe_value_len;
static int probe_status;  /* sdui_state_json's status for the path */
static char *probe_state; /* and its bytes */
static int probe_set_ok;  /* PROBE_SET: did the set succeed */
static char *canonical;   /* the value as the engine writes it (a service holding it) */

static int same(int status_a, const char *a, int status_b, const char *b)
{
    if (status_a != status_b)
        return 0;
    if (status_a != SDUI_OK)
        return 1;
    return strcmp(a, b) == 0;
}

static int probe(sdui_call *call, void *userdata)
{
    (void)userdata;
    char *json = NULL, *state = NULL;
    size_t len = 0, state_len = 0;
    switch (probe_mode) {
    case PROBE_READ: {
        int status = sdui_call_json(call, SDUI_STATE, probe_path, &json, &len);
        fuzz_check_status(status, "sdui_call_json");
        if (status == SDUI_OK)
            fuzz_check_out(json, len, "sdui_call_json");
        if (!same(status, json, probe_status, probe_state))
            FUZZ_FAIL("path %s: sdui_call_json %d %s, sdui_state_json %d %s", probe_path, status, json ? json : "",
                      probe_status, probe_state ? probe_state : "");
        int status2 = sdui_call_state(call, "t", probe_path, &state, &state_len);
        if (!same(status2, state, probe_status, probe_state))
            FUZZ_FAIL("path %s: sdui_call_state %d %s, sdui_state_json %d %s", probe_path, status2, state ? state : "",
                      probe_status, probe_state ? probe_state : "");
        const char *s = sdui_call_string(call, SDUI_STATE, probe_path);
        long long count = sdui_call_count(call, SDUI_STATE, probe_path);
        double number = 0;
        int nstatus = sdui_call_number(call, SDUI_STATE, probe_path, &number);
        fuzz_check_status(nstatus, "sdui_call_number");
        if (status == SDUI_OK) {
            if ((s != NULL) != (json[0] == '"'))
                FUZZ_FAIL("path %s: sdui_call_string %s for %s", probe_path, s ? s : "NULL", json);
            if ((count >= 0) != (json[0] == '[' || json[0] == '{'))
                FUZZ_FAIL("path %s: sdui_call_count %lld for %s", probe_path, count, json);
            int is_number = json[0] == '-' || (json[0] >= '0' && json[0] <= '9');
            if ((nstatus == SDUI_OK) != is_number)
                FUZZ_FAIL("path %s: sdui_call_number %d for %s", probe_path, nstatus, json);
        } else if (s != NULL || count != -1 || nstatus == SDUI_OK) {
            FUZZ_FAIL("path %s: absent (%d) but string %p count %lld number %d", probe_path, status, (void *)s, count,
                      nstatus);
        }
        sdui_free(json);
        sdui_free(state);
        return SDUI_OK;
    }
    case PROBE_SET_FAIL:
    case PROBE_REMOVE_FAIL:
        fuzz_check_status(sdui_call_set(call, probe_path, probe_mode == PROBE_SET_FAIL ? probe_value : NULL,
                                        probe_value_len),
                          "sdui_call_set");
        return SDUI_ERROR;
    case PROBE_SET: {
        int status = sdui_call_set(call, probe_path, probe_value, probe_value_len);
        fuzz_check_status(status, "sdui_call_set");
        probe_set_ok = status == SDUI_OK;
        if (status == SDUI_OK) {
            status = sdui_call_json(call, SDUI_STATE, probe_path, &json, &len);
            if (canonical != NULL && (status != SDUI_OK || strcmp(json, canonical) != 0))
                FUZZ_FAIL("path %s: set %s, read back %d %s", probe_path, canonical, status, json ? json : "");
            sdui_free(json);
        }
        return SDUI_OK;
    }
    case PROBE_REMOVE:
        fuzz_check_status(sdui_call_set(call, probe_path, NULL, 0), "sdui_call_set");
        return SDUI_OK;
    }
    return SDUI_OK;
}

static sdui_engine *engine;

static char *whole(sdui_engine *e)
{
    char *out = NULL;
    if (sdui_state_json(e, "t", NULL, &out, NULL) != SDUI_OK)
        FUZZ_FAIL("whole state: %s", sdui_errmsg(e));
    return out;
}

static int run(sdui_engine *e, int mode)
{
    static const char action[] = "{\"type\":\"t/probe\"}";
    probe_mode = mode;
    int status = sdui_dispatch(e, action, sizeof action - 1);
    fuzz_check_status(status, "sdui_dispatch");
    return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (engine == NULL) {
        engine = sdui_engine_new();
        if (sdui_register_service(engine, "t", nested, sizeof nested - 1) != SDUI_OK ||
            sdui_register_action(engine, "t/probe", probe, NULL, NULL) != SDUI_OK)
            FUZZ_FAIL("setup: %s", sdui_errmsg(engine));
    }
    sdui_engine *e = engine;
    if (sdui_register_service(e, "t", nested, sizeof nested - 1) != SDUI_OK)
        FUZZ_FAIL("reset: %s", sdui_errmsg(e));

    size_t len = 0, value_len = 0;
    const uint8_t *part = fuzz_part(data, size, 0, &len);
    char *path = fuzz_cstr(part, len);
    const uint8_t *value = fuzz_part(data, size, 1, &value_len);
    char *value_str = value ? fuzz_cstr(value, value_len) : NULL;
    probe_path = path;
    probe_value = value_str ? value_str : "123";
    probe_value_len = strlen(probe_value);
    canonical = NULL;
    if (sdui_register_service(e, "v", probe_value, probe_value_len) == SDUI_OK &&
        sdui_state_json(e, "v", NULL, &canonical, NULL) != SDUI_OK)
        FUZZ_FAIL("service v: %s", sdui_errmsg(e));

    probe_state = NULL;
    size_t state_len = 0;
    probe_status = sdui_state_json(e, "t", path, &probe_state, &state_len);
    fuzz_check_status(probe_status, "sdui_state_json");
    if (probe_status == SDUI_OK)
        fuzz_check_out(probe_state, state_len, "sdui_state_json");
    else if (probe_state != NULL)
        FUZZ_FAIL("sdui_state_json failed but set its output");

    if ((path[0] >= 'a' && path[0] <= 'z') || (path[0] >= 'A' && path[0] <= 'Z')) {
        size_t n = strlen(path) + 3;
        char *dollar = malloc(n);
        snprintf(dollar, n, "$.%s", path);
        char *out = NULL;
        int status = sdui_state_json(e, "t", dollar, &out, NULL);
        if (!same(status, out, probe_status, probe_state))
            FUZZ_FAIL("path %s reads %d %s, %s reads %d %s", path, probe_status, probe_state ? probe_state : "", dollar,
                      status, out ? out : "");
        sdui_free(out);
        free(dollar);
    }

    char *before = whole(e);
    if (run(e, PROBE_READ) != SDUI_OK)
        FUZZ_FAIL("read probe failed: %s", sdui_errmsg(e));
    for (int mode = PROBE_SET_FAIL; mode <= PROBE_REMOVE_FAIL; mode++) {
        if (run(e, mode) == SDUI_OK)
            FUZZ_FAIL("a failing handler's dispatch succeeded");
        char *after = whole(e);
        if (strcmp(before, after) != 0)
            FUZZ_FAIL("failed dispatch (mode %d, path %s) changed the state:\n%s\n---\n%s", mode, path, before, after);
        sdui_free(after);
    }
    probe_set_ok = 0;
    if (run(e, PROBE_SET) != SDUI_OK)
        FUZZ_FAIL("set probe failed: %s", sdui_errmsg(e));
    if (probe_set_ok && canonical != NULL) {
        char *out = NULL;
        int status = sdui_state_json(e, "t", path, &out, NULL);
        if (status != SDUI_OK || strcmp(out, canonical) != 0)
            FUZZ_FAIL("path %s: set %s, sdui_state_json reads %d %s", path, canonical, status, out ? out : "");
        sdui_free(out);
    }
    if (run(e, PROBE_REMOVE) != SDUI_OK)
        FUZZ_FAIL("remove probe failed: %s", sdui_errmsg(e));

    sdui_free(before);
    sdui_free(probe_state);
    sdui_free(canonical);
    probe_state = NULL;
    canonical = NULL;
    free(path);
    free(value_str);
    return 0;
}
