/*
** test_caps.c -- what a script or a callback can make the engine hold or
** do, bounded by limits the host sets with sdui_limit() and counted as it
** is produced (issue 26, part 3, and part 2's 0 ms timer): each case
** asserts which limit stopped it, by its message, and that the rest of the
** screen and every service's state are intact.
**
**   views        a view table that is a DAG (23 tables, each referring to
**                the next twice: 4 million nodes written out; 2^40 with 40),
**                written flat, packed and by the JSON route; a view of a
**                few nodes with a 1 MiB text in every leaf; C factories
**                over the limit whichever way they hand the view over
**   actions      a subscriber queueing 200 actions each round (the queue
**                limit squared, unbounded before); an effect whose
**                performer finishes it at once with its own action again
**   timers       a 0 ms timer that re-arms itself runs once a tick
**   state        a handler writing 1 MiB 128 times in one dispatch;
**                dispatches growing the state one after another
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "sdui_binding.h"
#include "sdui_scripts.h"
#include "check.h"
#include "script_files.h"

static char folder[256];

static void write_script(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    fputs(text, f);
    fclose(f);
}

static char *script_path(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    return path;
}

static int load_page(sdui_engine *e, const char *json)
{
    return sdui_load_page(e, json, strlen(json));
}

static int dispatch(sdui_engine *e, const char *json)
{
    return sdui_dispatch(e, json, strlen(json));
}

/* The component's JSON ({"id","type","view"}), the caller's to free; NULL when it is not on the screen. */
static char *component(sdui_engine *e, const char *id)
{
    char *out = NULL;
    return sdui_component_json(e, id, &out, NULL) == SDUI_OK ? out : NULL;
}

/* Whether component `id` shows an error node (its view is of type "error"). */
static int shows_error(sdui_engine *e, const char *id)
{
    char *json = component(e, id);
    int error = json != NULL && strstr(json, "\"view\":{\"type\":\"error\"") != NULL;
    sdui_free(json);
    return error;
}

static char *diagnostics(sdui_engine *e)
{
    char *out = NULL;
    sdui_diagnostics_json(e, &out, NULL);
    return out;
}

static char *state(sdui_engine *e, const char *service)
{
    char *out = NULL;
    sdui_state_json(e, service, NULL, &out, NULL);
    return out;
}

/* The process's peak resident set, in MiB. */
static long peak_mib(void)
{
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

/* ---- views ------------------------------------------------------------- */

/* Line 13 defines Dag, 16 KeyedDag, 19 WideDag, 23 BigText: the errors name them. */
static const char DAG_SCRIPT[] =
    "local ui = require 'sdui.ui'\n"                                       /* 1 */
    "local function dag(levels, leaf, key)\n"                              /* 2 */
    "  local t = leaf\n"                                                   /* 3 */
    "  for _ = 1, levels do\n"                                             /* 4 */
    "    t = {type = 'vstack', key = key, children = {t, t}}\n"            /* 5 */
    "  end\n"                                                              /* 6 */
    "  return t\n"                                                         /* 7 */
    "end\n"                                                                /* 8 */
    "local wide = {}\n"                                                    /* 9 */
    "for i = 1, 40 do wide['m' .. i] = 'x' end\n"                          /* 10 */
    "return {\n"                                                           /* 11 */
    "  components = {\n"                                                   /* 12 */
    "    Dag = function(data)\n"                                           /* 13 */
    "      return dag(data.levels, ui.text('x'))\n"                        /* 14 */
    "    end,\n"                                                           /* 15 */
    "    KeyedDag = function(data)\n"                                      /* 16 */
    "      return dag(data.levels, ui.text('x'), 'k')\n"                   /* 17 */
    "    end,\n"                                                           /* 18 */
    "    WideDag = function(data)\n"                                       /* 19 */
    "      local t = dag(data.levels, ui.text('x'))\n"                     /* 20 */
    "      return {type = 'vstack', style = wide, children = {t, t}}\n"    /* 21 */
    "    end,\n"                                                           /* 22 */
    "    BigText = function(data)\n"                                       /* 23 */
    "      return dag(data.levels, ui.text(string.rep('x', 1 << 20)))\n"   /* 24 */
    "    end,\n"                                                           /* 25 */
    "    Fine = function() return ui.vstack{ui.text('fine')} end,\n"       /* 26 */
    "  },\n"                                                               /* 27 */
    "}\n";                                                                 /* 28 */

static const char DAG_PAGE[] =
    "[{\"id\":\"dag\",\"type\":\"Dag\",\"data\":{\"levels\":22}},"
    "{\"id\":\"fine\",\"type\":\"Fine\"},"
    "{\"id\":\"deep\",\"type\":\"Dag\",\"data\":{\"levels\":40}},"
    "{\"id\":\"keyed\",\"type\":\"KeyedDag\",\"data\":{\"levels\":40}},"
    "{\"id\":\"wide\",\"type\":\"WideDag\",\"data\":{\"levels\":40}},"
    "{\"id\":\"big\",\"type\":\"BigText\",\"data\":{\"levels\":7}},"
    "{\"id\":\"small\",\"type\":\"Dag\",\"data\":{\"levels\":3}}]";

static void test_dag_views(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    write_script("dag.lua", DAG_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_path("dag.lua")), SDUI_OK);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_NODES, -1), 100000);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_BYTES, -1), 64 << 20); /* the payload limit's, until set */
    CHECK_STATUS(load_page(e, DAG_PAGE), SDUI_OK);
    long before = peak_mib();
    char *screen = NULL;
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    /* 4 million and 2^40 nodes written out took gigabytes: the writers stop at the limit */
    CHECK(peak_mib() - before < 200);
    CHECK(screen != NULL && strstr(screen, "\"text\":\"fine\"") != NULL);
    sdui_free(screen);
    /* each DAG fails its own component, whichever way its view went */
    CHECK(shows_error(e, "dag"));   /* flat */
    CHECK(shows_error(e, "deep"));
    CHECK(shows_error(e, "keyed")); /* packed: a node key is not written flat */
    CHECK(shows_error(e, "wide"));  /* JSON: a style of 40 members is neither flat nor packed */
    CHECK(shows_error(e, "big"));   /* 128 leaves of 1 MiB: bytes, not nodes */
    CHECK(!shows_error(e, "fine"));
    CHECK(!shows_error(e, "small")); /* 15 nodes */
    char *diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "dag.lua:13: the view has more nodes than the node limit of 100000 (SDUI_LIMIT_VIEW_NODES)");
    CHECK_STR_CONTAINS(diags, "dag.lua:16: the view has more nodes than the node limit of 100000");
    CHECK_STR_CONTAINS(diags, "dag.lua:19: the view has more nodes than the node limit of 100000");
    CHECK_STR_CONTAINS(diags, "dag.lua:23: the view takes more than the view byte limit of 67108864 bytes "
                              "(SDUI_LIMIT_VIEW_BYTES)");
    CHECK_STR_CONTAINS(diags, "\"component\":\"deep\"");
    CHECK(diags != NULL && strstr(diags, "\"component\":\"fine\"") == NULL);
    CHECK(diags != NULL && strstr(diags, "memory") == NULL); /* not the script's memory cap: the view limit */
    sdui_free(diags);

    /* the host's limit is the one counted and named */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_NODES, 10), 100000);
    CHECK_STATUS(load_page(e, "[{\"id\":\"a\",\"type\":\"Dag\",\"data\":{\"levels\":3}},"
                              "{\"id\":\"b\",\"type\":\"Dag\",\"data\":{\"levels\":2}}]"),
                 SDUI_OK);
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    sdui_free(screen);
    CHECK(shows_error(e, "a")); /* 15 nodes */
    CHECK(!shows_error(e, "b")); /* 7 */
    diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "dag.lua:13: the view has more nodes than the node limit of 10 (SDUI_LIMIT_VIEW_NODES)");
    sdui_free(diags);
    sdui_engine_free(e);
}

/* C factories: the engine counts on its side, whichever way the view comes. */
static int factory_status[8];

#define BIG_CHILDREN 60

static char *big_json(void)
{
    static char json[BIG_CHILDREN * 40 + 64];
    strcpy(json, "{\"type\":\"vstack\",\"children\":[");
    for (int i = 0; i < BIG_CHILDREN; i++)
        strcat(json, i ? ",{\"type\":\"text\",\"text\":\"x\"}" : "{\"type\":\"text\",\"text\":\"x\"}");
    strcat(json, "]}");
    return json;
}

static int json_factory(sdui_call *call, void *ud)
{
    const char *json = big_json();
    int st = sdui_call_return(call, json, strlen(json));
    factory_status[(intptr_t)ud] = st;
    return (intptr_t)ud == 3 ? SDUI_OK : st; /* factory 3 pretends all went well */
}

typedef struct {
    unsigned char buf[4096];
    size_t len;
} packer;

static void put_u32(packer *p, uint32_t v)
{
    memcpy(p->buf + p->len, &v, 4);
    p->len += 4;
}

static void put_text(packer *p, const char *s)
{
    put_u32(p, (uint32_t)strlen(s));
    memcpy(p->buf + p->len, s, strlen(s));
    p->len += strlen(s);
}

static void put_string(packer *p, const char *s)
{
    p->buf[p->len++] = SDUI_PACKED_STRING;
    put_text(p, s);
}

static int packed_factory(sdui_call *call, void *ud)
{
    packer p = {.len = 0};
    p.buf[p.len++] = SDUI_PACKED_OBJECT;
    put_u32(&p, 2);
    put_text(&p, "type");
    put_string(&p, "vstack");
    put_text(&p, "children");
    p.buf[p.len++] = SDUI_PACKED_ARRAY;
    put_u32(&p, BIG_CHILDREN);
    for (int i = 0; i < BIG_CHILDREN; i++) {
        p.buf[p.len++] = SDUI_PACKED_OBJECT;
        put_u32(&p, 2);
        put_text(&p, "type");
        put_string(&p, "text");
        put_text(&p, "text");
        put_string(&p, "x");
    }
    int st = sdui_call_return_packed(call, p.buf, p.len);
    factory_status[(intptr_t)ud] = st;
    return st;
}

static int built_factory(sdui_call *call, void *ud)
{
    int st = sdui_call_begin(call, "vstack");
    for (int i = 0; i < BIG_CHILDREN && st == SDUI_OK; i++) {
        st = sdui_call_begin(call, "text");
        if (st == SDUI_OK)
            st = sdui_call_member(call, "text", "x", 1);
        if (st == SDUI_OK)
            st = sdui_call_end(call);
    }
    if (st == SDUI_OK)
        st = sdui_call_end(call);
    factory_status[(intptr_t)ud] = st;
    return st;
}

static int small_factory(sdui_call *call, void *ud)
{
    (void)ud;
    factory_status[5] = (int)sdui_call_limit(call, SDUI_LIMIT_VIEW_NODES);
    factory_status[6] = (int)sdui_call_limit(call, 99);
    static const char json[] = "{\"type\":\"text\",\"text\":\"small\"}";
    return sdui_call_return(call, json, sizeof json - 1);
}

static void test_c_factory_views(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Json", json_factory, (void *)(intptr_t)0, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Packed", packed_factory, (void *)(intptr_t)1, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Built", built_factory, (void *)(intptr_t)2, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Quiet", json_factory, (void *)(intptr_t)3, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Small", small_factory, NULL, NULL), SDUI_OK);
    static const char page[] = "[{\"id\":\"j\",\"type\":\"Json\"},{\"id\":\"p\",\"type\":\"Packed\"},"
                               "{\"id\":\"b\",\"type\":\"Built\"},{\"id\":\"q\",\"type\":\"Quiet\"},"
                               "{\"id\":\"s\",\"type\":\"Small\"}]";
    CHECK_STATUS(load_page(e, page), SDUI_OK);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_NODES, 50), 100000);
    char *screen = NULL;
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    sdui_free(screen);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(factory_status[i], SDUI_ELIMIT);
    CHECK_EQ_INT(factory_status[5], 50);
    CHECK_EQ_INT(factory_status[6], -1);
    CHECK(shows_error(e, "j"));
    CHECK(shows_error(e, "p"));
    CHECK(shows_error(e, "b"));
    CHECK(shows_error(e, "q")); /* its SDUI_OK does not make the refused view good */
    CHECK(!shows_error(e, "s"));
    char *diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "\"component\":\"q\"");
    CHECK_STR_CONTAINS(diags, "the view has more nodes than the node limit of 50 (SDUI_LIMIT_VIEW_NODES)");
    sdui_free(diags);

    /* bytes: a tree is checked once it is flat */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_NODES, 100000), 50);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_BYTES, 100), 64 << 20);
    CHECK_STATUS(load_page(e, "[{\"id\":\"j2\",\"type\":\"Json\"},{\"id\":\"s2\",\"type\":\"Small\"}]"), SDUI_OK);
    CHECK_STATUS(sdui_render_json(e, &screen, NULL), SDUI_OK);
    sdui_free(screen);
    CHECK(shows_error(e, "j2"));
    CHECK(!shows_error(e, "s2"));
    diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "the view takes more than the view byte limit of 100 bytes (SDUI_LIMIT_VIEW_BYTES)");
    sdui_free(diags);
    sdui_engine_free(e);
}

/* ---- actions ------------------------------------------------------------ */

static int bumps;

/* c/bump: n += 1. */
static int bump(sdui_call *call, void *ud)
{
    (void)ud;
    bumps++;
    double n = 0;
    sdui_call_number(call, SDUI_STATE, "n", &n);
    char json[32];
    snprintf(json, sizeof json, "%d", (int)n + 1);
    return sdui_call_set(call, "n", json, strlen(json));
}

/* A subscriber of c.n: 200 more bumps each time n changes. */
static int queue_many(sdui_call *call, void *ud)
{
    (void)ud;
    for (int i = 0; i < 200; i++)
        sdui_call_dispatch(call, "{\"type\":\"c/bump\"}", 17);
    return SDUI_OK;
}

static sdui_engine *counter_engine(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "c", "{\"n\":0}", 7), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "other", "{\"kept\":true}", 13), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "c/bump", bump, NULL, NULL), SDUI_OK);
    return e;
}

/* The state of `service` is `want` (a long one that is not is shown cut short). */
static void check_state(sdui_engine *e, const char *service, const char *want)
{
    char *got = state(e, service);
    if (!CHECK(got != NULL && strcmp(got, want) == 0))
        fprintf(stderr, "    %s: got %.120s%s, expected %s\n", service, got ? got : "NULL",
                got && strlen(got) > 120 ? "..." : "", want);
    sdui_free(got);
}

static void test_rounds_share_the_action_limit(void)
{
    sdui_engine *e = counter_engine();
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_ACTIONS, -1), 10000);
    CHECK_STATUS(sdui_subscribe(e, "c", "n", queue_many, NULL, NULL, NULL), SDUI_OK);
    bumps = 0;
    /* 200 actions a round, up to the queue limit of rounds: 2 million before */
    CHECK_STATUS(dispatch(e, "{\"type\":\"c/bump\"}"), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "action limit of 10000 was reached (SDUI_LIMIT_ACTIONS)");
    CHECK_EQ_INT(bumps, 10000);
    /* the first action and 49 rounds of 200 committed; the round that reached the limit was rolled back */
    check_state(e, "c", "{\"n\":9801}");
    check_state(e, "other", "{\"kept\":true}");
    char *diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "followup-failed");
    sdui_free(diags);
    /* a lower limit is the one named */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_ACTIONS, 500), 10000);
    bumps = 0;
    CHECK_STATUS(dispatch(e, "{\"type\":\"c/bump\"}"), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "action limit of 500 was reached");
    CHECK_EQ_INT(bumps, 500);
    check_state(e, "c", "{\"n\":10202}"); /* 9801 + 1 + 2 x 200 */
    sdui_engine_free(e);
}

static int performed;

/* c/ping: n += 1, and a "ping" effect whose on_success is c/ping again. */
static int ping(sdui_call *call, void *ud)
{
    int st = bump(call, ud);
    static const char effect[] = "{\"type\":\"ping\",\"on_success\":{\"type\":\"c/ping\"}}";
    return st == SDUI_OK ? sdui_call_emit(call, effect, sizeof effect - 1) : st;
}

/* The performer of "ping": finishes it at once, so its action runs in the next round. */
static int ping_performer(sdui_call *call, void *ud)
{
    (void)ud;
    performed++;
    return sdui_call_finish(call, 1, NULL, 0);
}

static void test_an_effect_that_triggers_itself(void)
{
    sdui_engine *e = counter_engine();
    CHECK_STATUS(sdui_register_action(e, "c/ping", ping, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "ping", ping_performer, NULL, NULL), SDUI_OK);
    performed = 0;
    CHECK_STATUS(dispatch(e, "{\"type\":\"c/ping\"}"), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "action limit of 10000 was reached (SDUI_LIMIT_ACTIONS)");
    /* an action and an effect a round: 5000 rounds, not the 10000 rounds of before */
    CHECK_EQ_INT(performed, 5000);
    check_state(e, "c", "{\"n\":5000}");
    check_state(e, "other", "{\"kept\":true}");
    /* the engine is not stuck: the next call has its own budget */
    CHECK_STATUS(dispatch(e, "{\"type\":\"c/bump\"}"), SDUI_OK);
    check_state(e, "c", "{\"n\":5001}");
    sdui_engine_free(e);
}

static const char TIMER_SCRIPT[] =
    "return {\n"
    "  services = { t = { n = 0 } },\n"
    "  actions = { ['t/again'] = function(state, payload, ctx)\n"
    "    state.n = state.n + 1\n"
    "    ctx.after(0, {type = 't/again'})\n"
    "  end },\n"
    "}\n";

static void test_a_zero_timer_runs_once_a_tick(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    write_script("timer.lua", TIMER_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_path("timer.lua")), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"t/again\"}"), SDUI_OK);
    check_state(e, "t", "{\"n\":1}");
    static const char *const want[] = {"{\"n\":2}", "{\"n\":3}", "{\"n\":4}"};
    for (int i = 0; i < 3; i++) {
        int fired = -1;
        CHECK_STATUS(sdui_tick(e, 1000 + i, &fired), SDUI_OK);
        CHECK_EQ_INT(fired, 1); /* the timer it re-arms waits: the host gets control back */
        check_state(e, "t", want[i]);
        CHECK_EQ_INT(sdui_next_timer(e), 0);
    }
    sdui_engine_free(e);
}

/* ---- state -------------------------------------------------------------- */

static const char GROW_SCRIPT[] =
    "local mib = string.rep('x', 1 << 20)\n"
    "return {\n"
    "  services = { blob = { n = 0 }, other = { kept = true } },\n"
    "  actions = {\n"
    "    ['blob/grow'] = function(state, payload)\n"
    "      for i = 1, payload.times do state[payload.prefix .. i] = mib end\n"
    "      state.n = state.n + 1\n"
    "    end,\n"
    "  },\n"
    "}\n";

static void test_state_growth(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    write_script("grow.lua", GROW_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_path("grow.lua")), SDUI_OK);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_WRITE_BYTES, -1), 64 << 20);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_STATE_BYTES, -1), 256 << 20);
    /* 128 MiB in one dispatch: the write that passes 64 MiB is refused, all of it rolled back */
    long before = peak_mib();
    CHECK_STATUS(dispatch(e, "{\"type\":\"blob/grow\",\"payload\":{\"times\":128,\"prefix\":\"a\"}}"), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "action \"blob/grow\" failed: ");
    CHECK_STR_CONTAINS(sdui_errmsg(e), "the write limit of 67108864 bytes was reached (SDUI_LIMIT_WRITE_BYTES)");
    CHECK(peak_mib() - before < 120); /* 63 MiB written before the refusal, not 128 */
    check_state(e, "blob", "{\"n\":0}");
    check_state(e, "other", "{\"kept\":true}");

    /* dispatch after dispatch: the state as a whole stops growing at its limit */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_STATE_BYTES, 8 << 20), 256 << 20);
    CHECK_STATUS(dispatch(e, "{\"type\":\"blob/grow\",\"payload\":{\"times\":3,\"prefix\":\"b\"}}"), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"blob/grow\",\"payload\":{\"times\":3,\"prefix\":\"c\"}}"), SDUI_OK);
    char *kept = state(e, "blob");
    CHECK_STATUS(dispatch(e, "{\"type\":\"blob/grow\",\"payload\":{\"times\":3,\"prefix\":\"d\"}}"), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "the state limit of 8388608 bytes was reached (SDUI_LIMIT_STATE_BYTES)");
    char *now = state(e, "blob");
    CHECK(kept != NULL && now != NULL && strcmp(kept, now) == 0);
    CHECK(now != NULL && strstr(now, "\"n\":2") != NULL);
    sdui_free(kept);
    sdui_free(now);
    check_state(e, "other", "{\"kept\":true}");
    /* a service over the state limit is refused too */
    CHECK_STATUS(sdui_register_service(e, "more", "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"", 47), SDUI_OK);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_STATE_BYTES, 100), 8 << 20);
    CHECK_STATUS(sdui_register_service(e, "huge", "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"", 47), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "state limit of 100 bytes");
    sdui_engine_free(e);
}

static void test_limits_api(void)
{
    sdui_engine *e = script_engine_untimed();
    static const int which[] = {SDUI_LIMIT_VIEW_NODES, SDUI_LIMIT_VIEW_BYTES, SDUI_LIMIT_ACTIONS,
                                SDUI_LIMIT_WRITE_BYTES, SDUI_LIMIT_STATE_BYTES};
    static const long long defaults[] = {100000, 2000 /* as set below */, 10000, 64LL << 20, 256LL << 20};
    /* the view byte limit follows the payload limit until it is set */
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAYLOAD_BYTES, 1000), 64LL << 20);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_BYTES, -1), 1000);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_BYTES, 2000), 1000);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAYLOAD_BYTES, 64LL << 20), 1000);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_VIEW_BYTES, -1), 2000);
    for (int i = 0; i < 5; i++) {
        CHECK_EQ_INT(sdui_limit(e, which[i], -1), defaults[i]);
        CHECK_EQ_INT(sdui_limit(e, which[i], 7), defaults[i]);
        CHECK_EQ_INT(sdui_limit(e, which[i], defaults[i]), 7);
    }
    CHECK_EQ_INT(sdui_limit(e, 9, -1), -1);
    CHECK_EQ_INT(sdui_call_limit(NULL, SDUI_LIMIT_ACTIONS), -1);
    sdui_engine_free(e);
}

int main(void)
{
    snprintf(folder, sizeof folder, "/tmp/sdui_caps_XXXXXX");
    if (mkdtemp(folder) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    test_limits_api();
    test_state_growth(); /* first: its peak memory is measured from the process's */
    test_dag_views();
    test_c_factory_views();
    test_rounds_share_the_action_limit();
    test_an_effect_that_triggers_itself();
    test_a_zero_timer_runs_once_a_tick();
    char command[300];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", folder);
    return check_summary();
}
