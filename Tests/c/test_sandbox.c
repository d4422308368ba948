/*
** test_sandbox.c -- what a hostile script cannot do to its host
** (docs/robustness.md, "What a script can do to its host"): crash it
** through ctx, outrun its deadline, grow one object past the size limit,
** starve other scripts of memory, tamper with what other scripts see, or
** reach a metatable the host applies. Each case asserts WHICH limit
** stopped it, that the message names the script and line, and that the
** rest of the screen and every service's state are intact. The watchdog
** only catches hangs.
*/
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "script_files.h"
#include "sdui_scripts.h"

static int load_page(sdui_engine *e, const char *json)
{
    return sdui_load_page(e, json, strlen(json));
}

static int dispatch(sdui_engine *e, const char *json)
{
    return sdui_dispatch(e, json, strlen(json));
}

static char *state_json(sdui_engine *e, const char *service)
{
    char *json = NULL;
    if (sdui_state_json(e, service, NULL, &json, NULL) != SDUI_OK)
        return NULL;
    return json;
}

static char *diagnostics(sdui_engine *e)
{
    char *json = NULL;
    if (sdui_diagnostics_json(e, &json, NULL) != SDUI_OK)
        return NULL;
    return json;
}

/* A well-behaved script: a counter service, a Good component and an action. */
#define GOOD_SCRIPT \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  services = { counter = { n = 0 } },\n" \
    "  components = { Good = function(data, ctx)\n" \
    "    local n = ctx.state('counter', 'n')\n" \
    "    local words = { ('%%s!'):format(data.t), string.upper(data.t), tostring(n), tostring(1.5) }\n" \
    "    return ui.vstack{ ui.text(table.concat(words, ' ')), ui.text(string.rep('-', 3)) }\n" \
    "  end },\n" \
    "  actions = { ['counter/add'] = function(state) state.n = state.n + 1 end },\n" \
    "}\n"

static const char *GOOD_PAGE = "[{\"id\":\"g1\",\"type\":\"Good\",\"data\":{\"t\":\"one\"}},"
                               "{\"id\":\"g2\",\"type\":\"Good\",\"data\":{\"t\":\"two\"}}]";

/*
** Loads a page of the components `hostile` (JSON objects, comma-separated)
** and then a Good one, renders it and checks that Good rendered as in a
** fresh engine: the hostile ones stopped alone. Returns the diagnostics
** (malloc'd), for the caller to check which limit stopped each.
*/
static char *render_beside_good(sdui_engine *e, const char *hostile)
{
    char page[1024];
    snprintf(page, sizeof page, "[%s,{\"id\":\"g\",\"type\":\"Good\",\"data\":{\"t\":\"ok\"}}]", hostile);
    CHECK_STATUS(load_page(e, page), SDUI_OK);
    char *screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "ok! OK 0 1.5");
    free(screen);
    return diagnostics(e);
}

/* -- 1. ctx's slots ---------------------------------------------------------- */

static void test_ctx_slots_cannot_crash(void)
{
    script_watch("ctx slots", 30);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("evil.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return {\n"
                 "  services = { counter = { n = 0 } },\n"
                 "  components = { Evil = function(data, ctx)\n"
                 "    ctx[1] = 0; ctx[2] = 0; rawset(ctx, 3, 'x')\n"
                 "    return ui.text(tostring(ctx.state('counter', 'n')))\n"
                 "  end,\n"
                 "  Meta = function(data, ctx)\n"
                 "    assert(getmetatable(ctx) == false, 'ctx metatable reachable')\n"
                 "    setmetatable(ctx, nil)\n"
                 "  end },\n"
                 "  actions = { ['counter/evil'] = function(state, payload, ctx)\n"
                 "    state.n = 99\n"
                 "    ctx[1] = {}\n"
                 "    ctx.dispatch({ type = 'counter/add' })\n"
                 "  end },\n"
                 "}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    char *diags = render_beside_good(e, "{\"id\":\"e\",\"type\":\"Evil\"},{\"id\":\"m\",\"type\":\"Meta\"}");
    CHECK_STR_CONTAINS(diags, "evil.lua:6: ctx used after its callback returned");
    CHECK_STR_CONTAINS(diags, "evil.lua:10: cannot change a protected metatable");
    free(diags);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/evil\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "evil.lua:15: ctx used after its callback returned");
    char *state = state_json(e, "counter");
    CHECK_STR_EQ(state, "{\"n\":0}");
    free(state);
    sdui_engine_free(e);
    remove(script_file("evil.lua"));
    script_watch(NULL, 0);
}

/* -- 2. the deadline, the size limit, the interrupt ------------------------ */

static void test_deadline_stops_long_compares(void)
{
    script_watch("deadline", 60);
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 0); /* none: only the deadline can stop it */
    CHECK_EQ_INT(sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 100), 1000);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("slow.lua",
                 "local ui = require 'sdui.ui'\n"
                 "local a, b = string.rep('x', 1 << 20), string.rep('x', 1 << 20)\n"
                 "return { components = { Slow = function()\n"
                 "  local same = 0\n"
                 "  while true do if a == b then same = same + 1 end end\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    char *diags = render_beside_good(e, "{\"id\":\"s\",\"type\":\"Slow\"}");
    CHECK_STR_CONTAINS(diags, "slow.lua:5: time limit of 100 ms exceeded");
    free(diags);
    /* Inside coroutines too, with no instruction budget to count them by. */
    script_write("slow.lua",
                 "local co = coroutine.wrap(function() while true do end end)\n"
                 "co()\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("slow.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "slow.lua:1: time limit of 100 ms exceeded");
    script_write("slow.lua",
                 "local co = coroutine.create(function() local s = 0 while true do s = s + 1 end end)\n"
                 "local ok, err = coroutine.resume(co)\n"
                 "error('resume returned: ' .. tostring(err))\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("slow.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "slow.lua:1: time limit of 100 ms exceeded");
    /* At load time too, and the previous version stays. */
    script_write("slow.lua", "local x = 0\nwhile true do x = x + 1 end\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("slow.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "slow.lua:2: time limit of 100 ms exceeded");
    sdui_engine_free(e);
    remove(script_file("slow.lua"));
    script_watch(NULL, 0);
}

static void test_size_limit(void)
{
    script_watch("size limit", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    CHECK_EQ_INT(sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_OBJECT, 1 << 20), 4 << 20);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("big.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return { components = {\n"
                 "  Str = function() local s = string.rep('ab', 1 << 18)\n"
                 "    return ui.text(#(s .. s)) end,\n"
                 "  Tab = function() local t = {}\n"
                 "    for i = 1, 1 << 17 do t[i] = i end return ui.text(#t) end,\n"
                 "  Stack = function() local function f(n) return 1 + f(n + 1) end\n"
                 "    return ui.text(f(1)) end,\n"
                 "} }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    char *diags = render_beside_good(e, "{\"id\":\"s\",\"type\":\"Str\"},{\"id\":\"t\",\"type\":\"Tab\"},"
                                        "{\"id\":\"k\",\"type\":\"Stack\"}");
    CHECK_STR_CONTAINS(diags, "big.lua:4: size limit of 1048576 bytes reached");
    CHECK_STR_CONTAINS(diags, "big.lua:6: size limit of 1048576 bytes reached");
    CHECK_STR_CONTAINS(diags, "big.lua:7: size limit of 1048576 bytes reached");
    free(diags);
    sdui_engine_free(e);
    remove(script_file("big.lua"));
    script_watch(NULL, 0);
}

static void *interrupt_later(void *engine)
{
    struct timespec pause = {0, 200 * 1000000L};
    nanosleep(&pause, NULL);
    sdui_scripts_interrupt(engine);
    return NULL;
}

static void test_interrupt(void)
{
    script_watch("interrupt", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    sdui_scripts_interrupt(e);  /* no script host yet: nothing happens */
    sdui_scripts_interrupt(NULL);
    /* no budget, no deadline: only the host can stop it */
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 0);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0);
    script_write("good.lua", GOOD_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    sdui_scripts_interrupt(e); /* nothing runs: the next run is not affected */
    script_write("spin.lua", "local x = 0\nwhile true do x = x + 1 end\n");
    pthread_t thread;
    pthread_create(&thread, NULL, interrupt_later, e);
    CHECK_STATUS(sdui_scripts_load(e, script_file("spin.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "spin.lua:2: interrupted by the host");
    pthread_join(thread, NULL);
    /* A callback too: a factory spinning, interrupted from another thread. */
    script_write("spin.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return { components = { Spin = function()\n"
                 "  local x = 0\n"
                 "  while true do x = x + 1 end\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("spin.lua")), SDUI_OK);
    pthread_create(&thread, NULL, interrupt_later, e);
    CHECK_STATUS(load_page(e, "[{\"id\":\"s\",\"type\":\"Spin\"},{\"id\":\"g\",\"type\":\"Good\",\"data\":{\"t\":\"ok\"}}]"),
                 SDUI_OK);
    char *screen = script_screen(e), *diags = diagnostics(e);
    pthread_join(thread, NULL);
    CHECK_STR_CONTAINS(screen, "ok! OK 0 1.5");
    CHECK_STR_CONTAINS(diags, "spin.lua:4: interrupted by the host");
    free(screen);
    free(diags);
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "one! ONE 0 1.5");
    free(screen);
    sdui_engine_free(e);
    remove(script_file("spin.lua"));
    script_watch(NULL, 0);
}

/* -- 3. memory, per script ---------------------------------------------------- */

static void test_memory_is_per_script(void)
{
    script_watch("memory per script", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_MEMORY, 8 << 20);
    script_write("good.lua", GOOD_SCRIPT);
    /* hog.lua keeps what each render makes: it reaches its own cap, good.lua goes on */
    script_write("hog.lua",
                 "local ui = require 'sdui.ui'\n"
                 "local kept = {}\n"
                 "return { components = { Hog = function()\n"
                 "  for i = 1, 64 do kept[#kept + 1] = string.rep('h', 1 << 18) .. #kept end\n"
                 "  return ui.text(#kept)\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    char *diags = render_beside_good(e, "{\"id\":\"h\",\"type\":\"Hog\"}");
    CHECK_STR_CONTAINS(diags, "hog.lua:4: script memory cap of 8388608 bytes reached");
    free(diags);
    /* good.lua still has room for 6 MiB of its own while hog.lua holds its 8 */
    script_write("good2.lua",
                 "local ui = require 'sdui.ui'\n"
                 "local kept = {}\n"
                 "return { components = { Room = function()\n"
                 "  for i = 1, 24 do kept[i] = string.rep('r', 1 << 18) .. i end\n"
                 "  return ui.text('room ' .. #kept)\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("good2.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"r\",\"type\":\"Room\"}]"), SDUI_OK);
    char *screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "room 24");
    free(screen);
    sdui_engine_free(e);
    remove(script_file("hog.lua"));
    remove(script_file("good2.lua"));
    script_watch(NULL, 0);
}

/*
** A handler that leaves most of its script's cap as garbage: the next run
** (here a reload, whose string.rep grows a luaL_Buffer, which Lua does not
** collect for) starts with a full collection and has its room back.
*/
static void test_garbage_near_the_cap(void)
{
    script_watch("garbage near the cap", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_MEMORY, 16 << 20);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("holds.lua",
                 "local big = string.rep('x', 1 << 20)\n"
                 "return { services = { counter = { n = 0 } }, actions = { ['counter/garbage'] = function(state, payload, ctx)\n"
                 "  local list = {}\n"
                 "  for i = 1, 14 do list[i] = big .. i end\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/garbage\"}"), SDUI_OK);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    sdui_engine_free(e);
    remove(script_file("holds.lua"));
    script_watch(NULL, 0);
}

/* Two scripts each under its own cap, together over the total. */
static void test_total_memory_cap(void)
{
    script_watch("total memory cap", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_MEMORY, 8 << 20);
    CHECK_EQ_INT(sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TOTAL_MEMORY, 12 << 20), 256 << 20);
    script_write("good.lua", GOOD_SCRIPT);
    for (int i = 1; i <= 2; i++) {
        char name[32];
        snprintf(name, sizeof name, "room%d.lua", i);
        script_write(name,
                     "local ui = require 'sdui.ui'\n"
                     "local kept = {}\n"
                     "return { components = { Room%d = function()\n"
                     "  for i = 1, 24 do kept[i] = string.rep('r', 1 << 18) .. i end\n"
                     "  return ui.text('room ' .. #kept)\n"
                     "end } }\n", i);
    }
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"r1\",\"type\":\"Room1\"},{\"id\":\"r2\",\"type\":\"Room2\"},"
                              "{\"id\":\"g\",\"type\":\"Good\",\"data\":{\"t\":\"ok\"}}]"),
                 SDUI_OK);
    char *screen = script_screen(e), *diags = diagnostics(e);
    CHECK_STR_CONTAINS(screen, "room 24");
    CHECK_STR_CONTAINS(diags, "room2.lua:4: memory cap for all scripts together of 12582912 bytes reached");
    free(screen);
    free(diags);
    sdui_engine_free(e);
    remove(script_file("room1.lua"));
    remove(script_file("room2.lua"));
    script_watch(NULL, 0);
}

/* -- 4. tampering -------------------------------------------------------------- */

#define EVIL_SCRIPT \
    "local ui = require 'sdui.ui'\n" \
    "string.format = function() return 'forged' end\n" \
    "string.upper = function() return 'FORGED' end\n" \
    "string.rep = function() return 'forged' end\n" \
    "table.concat = function() return 'forged' end\n" \
    "assert(not getmetatable(''), 'string metatable reachable')\n" \
    "rawset(_G, 'tostring', function() return 'forged' end)\n" \
    "ui.text = function() return { type = 'text', text = 'forged' } end\n" \
    "ui.vstack = ui.text\n" \
    "setmetatable(_ENV, { __index = function() return function() return 'forged' end end })\n" \
    "return { components = { Evil = function(data)\n" \
    "  return ui.text(('%%s'):format('x'))\n" \
    "end } }\n"

#define FIXED_SCRIPT \
    "local ui = require 'sdui.ui'\n" \
    "return { components = { Evil = function(data)\n" \
    "  return ui.text(('fixed %%s %%s'):format(string.upper('x'), tostring(2)))\n" \
    "end } }\n"

/* good.lua's screen in a fresh engine with no other script. */
static char *fresh_good_screen(void)
{
    sdui_engine *e = script_engine_untimed();
    char *screen = NULL;
    if (sdui_scripts_load(e, script_file("good.lua")) == SDUI_OK && load_page(e, GOOD_PAGE) == SDUI_OK)
        screen = script_screen(e);
    sdui_engine_free(e);
    return screen;
}

static void test_tampering_stays_in_its_script(void)
{
    script_watch("tampering", 60);
    script_write("good.lua", GOOD_SCRIPT);
    char *expected = fresh_good_screen();
    CHECK(expected != NULL && strstr(expected, "one! ONE 0 1.5") != NULL);

    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    /* the offender loads first, so everything after it would see what it did */
    script_write("a_evil.lua", EVIL_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    char *screen = script_screen(e);
    CHECK_STR_EQ(screen, expected);
    free(screen);
    /* the offender's own component sees its own doing */
    CHECK_STATUS(load_page(e, "[{\"id\":\"x\",\"type\":\"Evil\"}]"), SDUI_OK);
    screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "forged");
    free(screen);
    /* fixed and reloaded: a clean environment, nothing of the old one left */
    script_write("a_evil.lua", FIXED_SCRIPT);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"x\",\"type\":\"Evil\"}]"), SDUI_OK);
    screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "fixed X 2");
    free(screen);
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    screen = script_screen(e);
    CHECK_STR_EQ(screen, expected);
    free(screen);
    /* deeper in the DSL, or its metatable: the next run gets a new one all the same */
    const char *tamperings[] = {
        "ui.array_mt.__name = 'forged'",
        "ui.style_fields[1] = 'forged'",
        "setmetatable(ui, { __index = function() return function() return { type = 'text', text = 'forged' } end end })",
        "ui.extra = true",
        "ui.text = nil",
    };
    for (size_t i = 0; i < sizeof tamperings / sizeof tamperings[0]; i++) {
        script_write("a_evil.lua",
                     "local ui = require 'sdui.ui'\n"
                     "%s\n"
                     "return { components = { Evil = function() return { type = 'text', text = 'x' } end } }\n",
                     tamperings[i]);
        CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
        script_write("a_evil.lua",
                     "local ui = require 'sdui.ui'\n"
                     "return { components = { Evil = function()\n"
                     "  assert(getmetatable(ui.array()).__name == 'sdui.array' and ui.style_fields[1] ~= 'forged')\n"
                     "  assert(getmetatable(ui) == nil and ui.extra == nil)\n"
                     "  return ui.text('clean ' .. #ui.style_fields)\n"
                     "end } }\n");
        CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
        CHECK_STATUS(load_page(e, "[{\"id\":\"x\",\"type\":\"Evil\"}]"), SDUI_OK);
        screen = script_screen(e);
        if (!CHECK_STR_CONTAINS(screen, "clean "))
            fprintf(stderr, "    after: %s\n", tamperings[i]);
        free(screen);
    }
    sdui_engine_free(e);
    free(expected);
    remove(script_file("a_evil.lua"));
    script_watch(NULL, 0);
}

/* -- 5. metatables the host applies ------------------------------------------------ */

static void test_host_metatables_out_of_reach(void)
{
    script_watch("host metatables (a finalizer would hang)", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("gc.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return {\n"
                 "  services = { counter = { n = 0 } },\n"
                 "  components = { Gc = function(data, ctx)\n"
                 "    local mt = getmetatable(data.items)\n"
                 "    assert(mt.__name == 'sdui.array', 'arrays keep their name')\n"
                 "    mt.__gc = function() while true do end end\n"
                 "    for i = 1, 2000 do local t = { {}, {}, {} } end\n"
                 "    return ui.text('n ' .. #data.items)\n"
                 "  end },\n"
                 "  actions = { ['counter/gc'] = function(state, payload, ctx)\n"
                 "    getmetatable(payload.items).__gc = function() while true do end end\n"
                 "  end },\n"
                 "}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    /* many renders and dispatches: many decoded arrays made and collected */
    for (int round = 0; round < 200; round++) {
        char page[256];
        snprintf(page, sizeof page, "[{\"id\":\"a\",\"type\":\"Gc\",\"data\":{\"items\":[1,2,%d]}}]", round);
        CHECK_STATUS(load_page(e, page), SDUI_OK);
        char *screen = script_screen(e);
        if (!CHECK_STR_CONTAINS(screen, "n 3")) {
            free(screen);
            break;
        }
        free(screen);
        CHECK_STATUS(dispatch(e, "{\"type\":\"counter/gc\",\"payload\":{\"items\":[1]}}"), SDUI_OK);
    }
    sdui_engine_free(e);
    remove(script_file("gc.lua"));
    script_watch(NULL, 0);
}

/* -- 6. values a script hands the engine, encoded ---------------------------------- */

static void test_encoded_values_are_bounded(void)
{
    script_watch("a DAG encoded as JSON (it would expand to 2^40 nodes)", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("dag.lua",
                 "local function dag() local t = { 1 } for i = 1, 40 do t = { t, t } end return t end\n"
                 "return { services = { counter = { n = 0 } }, actions = {\n"
                 "  ['counter/dag'] = function(state) state.x = dag() end,\n"
                 "  ['counter/caught'] = function(state) for i = 1, 1000 do pcall(function() state.x = dag() end) end end,\n"
                 "  ['counter/emit'] = function(state, payload, ctx) ctx.emit({ type = 'x', v = dag() }) end,\n"
                 "} }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    char *before = script_screen(e);
    const char *actions[] = {"{\"type\":\"counter/dag\"}", "{\"type\":\"counter/caught\"}", "{\"type\":\"counter/emit\"}"};
    const char *lines[] = {"dag.lua:3: size limit of 4194304 bytes reached (a value encoded as JSON)",
                           "dag.lua:4: size limit of 4194304 bytes reached (a value encoded as JSON)",
                           "dag.lua:5: size limit of 4194304 bytes reached (a value encoded as JSON)"};
    for (int i = 0; i < 3; i++) {
        int status = dispatch(e, actions[i]);
        CHECK(status == SDUI_ELIMIT || status == SDUI_ECALLBACK);
        CHECK_STR_CONTAINS(sdui_errmsg(e), lines[i]);
        char *state = state_json(e, "counter"), *screen = script_screen(e);
        CHECK_STR_EQ(state, "{\"n\":0}");
        CHECK_STR_EQ(screen, before);
        free(state);
        free(screen);
    }
    free(before);
    sdui_engine_free(e);
    remove(script_file("dag.lua"));
    script_watch(NULL, 0);
}

/* The DSL's builders walk a container's children in C: each walk is charged. */
static void test_dsl_walks_are_charged(void)
{
    script_watch("ui.vstack over 100,000 children, a million times", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("walk.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return { components = { Walk = function()\n"
                 "  local kids = {} for i = 1, 100000 do kids[i] = ui.text('x') end\n"
                 "  for i = 1, 1000000 do ui.vstack(kids) end\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    char *diags = render_beside_good(e, "{\"id\":\"w\",\"type\":\"Walk\"}");
    CHECK_STR_CONTAINS(diags, "walk.lua:4: instruction budget of 10000000 exceeded");
    free(diags);
    sdui_engine_free(e);
    remove(script_file("walk.lua"));
    script_watch(NULL, 0);
}

/* -- 7. warnings in a loop ------------------------------------------------------------ */

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; p != NULL && (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static void test_warnings_are_bounded(void)
{
    script_watch("warnings in a loop", 60);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    script_write("noisy.lua",
                 "local ui = require 'sdui.ui'\n"
                 "local long = string.rep('w', 100000)\n"
                 "return { components = { Noisy = function(data, ctx)\n"
                 "  for i = 1, 100000 do ctx.warn(long) end\n"
                 "  for i = 1, 100000 do print('p', i) end\n"
                 "  return ui.text('noisy')\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"n\",\"type\":\"Noisy\"},{\"id\":\"g\",\"type\":\"Good\",\"data\":{\"t\":\"ok\"}}]"),
                 SDUI_OK);
    char *screen = script_screen(e), *diags = diagnostics(e);
    CHECK_STR_CONTAINS(screen, "noisy");
    CHECK_STR_CONTAINS(screen, "ok! OK 0 1.5");
    CHECK_EQ_INT(count_of(diags, "factory-warning"), 65);
    CHECK_STR_CONTAINS(diags, "more than 64 warnings in one call; the rest are dropped");
    CHECK(diags != NULL && strlen(diags) < 64 * 4200 + 10000);
    free(screen);
    free(diags);
    sdui_engine_free(e);
    remove(script_file("noisy.lua"));
    script_watch(NULL, 0);
}

/* -- 8. odd errors at load time ------------------------------------------------------ */

static void test_error_objects_at_load(void)
{
    script_watch("error objects", 30);
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("good.lua", GOOD_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    script_write("odd.lua", "error({})\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: error object is a table value, not a message");
    script_write("odd.lua", "error(nil)\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: error object is a nil value, not a message");
    script_write("odd.lua", "error(setmetatable({}, { __tostring = function() while true do end end }))\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: error object is a table value, not a message");
    /* a __close handler raising its own error while a limit unwinds: the limit is reported */
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 100000);
    script_write("odd.lua",
                 "do\n"
                 "  local x <close> = setmetatable({}, { __close = function() error('not the limit', 0) end })\n"
                 "  while true do end\n"
                 "end\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua:3: instruction budget of 100000 exceeded");
    script_write("odd.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return { components = { Closing = function()\n"
                 "  local x <close> = setmetatable({}, { __close = function() error('not the limit', 0) end })\n"
                 "  while true do end\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"c\",\"type\":\"Closing\"}]"), SDUI_OK);
    free(script_screen(e));
    char *diags = diagnostics(e);
    CHECK_STR_CONTAINS(diags, "odd.lua:4: instruction budget of 100000 exceeded");
    free(diags);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 10000000);
    /* names with a NUL byte would reach the engine cut short */
    script_write("odd.lua", "return { services = { ['a\\0b'] = {} } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: service names must be non-empty strings without '/' or NUL bytes");
    script_write("odd.lua", "return { components = { ['Good\\0x'] = function() end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: components keys must not contain NUL bytes");
    script_write("odd.lua", "return { actions = { ['counter/add\\0x'] = function() end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: actions keys must not contain NUL bytes");
    script_write("odd.lua", "return { persist = { 'counter\\0x' } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("odd.lua")), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "odd.lua: persist names the service");
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    char *screen = script_screen(e);
    CHECK_STR_CONTAINS(screen, "two! TWO 0 1.5");
    free(screen);
    sdui_engine_free(e);
    remove(script_file("odd.lua"));
    script_watch(NULL, 0);
}

int main(void)
{
    script_folder_make("sdui-sandbox");
    test_ctx_slots_cannot_crash();
    test_deadline_stops_long_compares();
    test_size_limit();
    test_interrupt();
    test_memory_is_per_script();
    test_total_memory_cap();
    test_garbage_near_the_cap();
    test_tampering_stays_in_its_script();
    test_host_metatables_out_of_reach();
    test_encoded_values_are_bounded();
    test_warnings_are_bounded();
    test_dsl_walks_are_charged();
    test_error_objects_at_load();
    script_folder_remove();
    return check_summary();
}
