/*
** test_scripts.c -- the script host from C: loading a folder, hot-swap by
** rewriting a script, the sandbox and its limits, and every bad script
** (include/sdui_scripts.h).
*/
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sdui_scripts.h"
#include "check.h"
#include "script_files.h"

static char *render_text(sdui_engine *e)
{
    char *text = NULL;
    if (sdui_render_text(e, &text, NULL) != SDUI_OK)
        return NULL;
    return text;
}

static int load_page(sdui_engine *e, const char *json)
{
    return sdui_load_page(e, json, strlen(json));
}

static int dispatch(sdui_engine *e, const char *json)
{
    return sdui_dispatch(e, json, strlen(json));
}

#define CARD_V1 \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  services = { favorites = {} },\n" \
    "  components = { Card = function(data, ctx)\n" \
    "    local star = ctx.state('favorites', tostring(data.id)) and '★' or '☆'\n" \
    "    return ui.hstack{ ui.text(data.title), ui.button{star, action = ui.action('favorites/toggle', {id = data.id})} }\n" \
    "  end },\n" \
    "  actions = { ['favorites/toggle'] = function(state, payload)\n" \
    "    local key = tostring(payload.id)\n" \
    "    if state[key] then state[key] = nil else state[key] = true end\n" \
    "  end },\n" \
    "}\n"

#define CARD_V2 \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  services = { favorites = { reset = true } },\n" \
    "  components = { Card = function(data, ctx)\n" \
    "    local star = ctx.state('favorites', tostring(data.id)) and 'FAV' or 'fav?'\n" \
    "    return ui.vstack{ ui.text('v2 ' .. data.title), ui.text(star) }\n" \
    "  end },\n" \
    "  actions = { ['favorites/toggle'] = function(state, payload)\n" \
    "    local key = tostring(payload.id)\n" \
    "    if state[key] then state[key] = nil else state[key] = true end\n" \
    "  end },\n" \
    "}\n"

static const char *PAGE = "[{\"id\":\"c1\",\"type\":\"Card\",\"data\":{\"id\":7,\"title\":\"Heat\"}},"
                          "{\"id\":\"c2\",\"type\":\"Card\",\"data\":{\"id\":8,\"title\":\"Ran\"}}]";

static void test_load_render_hot_swap(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("card.lua", CARD_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, PAGE), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "Heat  [☆]");
    free(text);

    CHECK_STATUS(dispatch(e, "{\"type\":\"favorites/toggle\",\"payload\":{\"id\":7}}"), SDUI_OK);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "Heat  [★]");
    CHECK_STR_CONTAINS(text, "Ran  [☆]");
    free(text);

    /* Rewrite the script: the new look is live after a reload, state kept
       (the declared initial state does not overwrite the existing service). */
    script_write("card.lua", CARD_V2);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "v2 Heat\n  FAV");
    CHECK_STR_CONTAINS(text, "v2 Ran\n  fav?");
    free(text);
    char *state = NULL;
    CHECK_STATUS(sdui_state_json(e, "favorites", NULL, &state, NULL), SDUI_OK);
    CHECK_STR_EQ(state, "{\"7\":true}");
    sdui_free(state);
    sdui_engine_free(e);
}

static void test_poll_reloads_only_changed_files(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("card.lua", CARD_V1);
    script_write("other.lua", "return { components = { Other = function() return { type = 'spacer' } end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    int reloaded = -1;
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 0);

    script_write("card.lua", CARD_V2 "-- a different size\n");
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 1);
    CHECK_STATUS(load_page(e, PAGE), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "v2 Heat");
    free(text);

    /* A new file in the folder is picked up; a deleted one is unregistered. */
    script_write("third.lua", "return { components = { Third = function() return { type = 'spacer' } end } }\n");
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 1);
    CHECK(unlink(script_file("other.lua")) == 0);
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 1);
    CHECK_STATUS(load_page(e, "[{\"id\":\"o\",\"type\":\"Other\"},{\"id\":\"t\",\"type\":\"Third\"}]"), SDUI_OK);
    char *json = NULL;
    CHECK_STATUS(sdui_render_json(e, &json, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(json, "{\"id\":\"o\",\"type\":\"Other\",\"view\":{\"type\":\"fallback\"");
    CHECK_STR_CONTAINS(json, "{\"id\":\"t\",\"type\":\"Third\",\"view\":{\"type\":\"spacer\"");
    sdui_free(json);
    unlink(script_file("third.lua"));
    sdui_engine_free(e);
}

/* Loads `body` as bad.lua next to a good card script; expects `status` and
   `message`, and that the card from the good version is still live. */
/* Watches a case that would hang if a script escaped its budget (script_files.h): 60 s. */
static void watch(const char *what)
{
    script_watch(what, 60);
}

static void expect_bad_script(const char *body, int status, const char *message)
{
    watch(body);
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 200000);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0); /* the budget is what is tested: no deadline (valgrind is slow) */
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_MEMORY, 4 << 20);
    script_write("card.lua", CARD_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_file("card.lua")), SDUI_OK);
    /* First a good bad.lua, so there is an old version to keep. */
    script_write("bad.lua", "return { components = { Bad = function() return { type = 'text', text = 'old' } end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("bad.lua")), SDUI_OK);
    script_write("bad.lua", "%s", body);
    if (!CHECK_STATUS(sdui_scripts_load(e, script_file("bad.lua")), status))
        fprintf(stderr, "    for script: %s\n", body);
    if (!CHECK_STR_CONTAINS(sdui_errmsg(e), message))
        fprintf(stderr, "    got: %s\n", sdui_errmsg(e));
    CHECK_STATUS(load_page(e, "[{\"id\":\"b\",\"type\":\"Bad\"},{\"id\":\"c\",\"type\":\"Card\",\"data\":{\"id\":1,\"title\":\"T\"}}]"), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "old");
    CHECK_STR_CONTAINS(text, "T  [☆]");
    free(text);
    /* The state still works after the failure. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"favorites/toggle\",\"payload\":{\"id\":1}}"), SDUI_OK);
    sdui_engine_free(e);
    unlink(script_file("bad.lua"));
    watch(NULL);
}

static void test_bad_scripts_keep_the_old_version(void)
{
    expect_bad_script("return {\n  components = {\n    Bad = function( end\n}\n", SDUI_ECALLBACK, "bad.lua:3:");
    expect_bad_script("local x = nil\nreturn x.y\n", SDUI_ECALLBACK, "bad.lua:2: attempt to index a nil value");
    expect_bad_script("return 42\n", SDUI_ECALLBACK, "bad.lua: a script must return a table");
    expect_bad_script("return { componets = {} }\n", SDUI_ECALLBACK, "unknown key \"componets\"");
    expect_bad_script("return { components = { Bad = 3 } }\n", SDUI_ECALLBACK, "components[\"Bad\"] must be a function");
    expect_bad_script("return { actions = { nope = function() end } }\n", SDUI_ECALLBACK, "must look like \"service/name\"");
    expect_bad_script("return { actions = { ['cart/add'] = function() end } }\n", SDUI_ECALLBACK,
                      "needs the service \"cart\"");
    expect_bad_script("return { services = { s = function() end } }\n", SDUI_ECALLBACK, "cannot encode a function");
    expect_bad_script("while true do end\n", SDUI_ELIMIT, "instruction budget of 200000 exceeded");
    /* One string past the size limit (4 MiB by default) is refused before any cap is reached... */
    expect_bad_script("local big = string.rep('x', 1 << 26)\n", SDUI_ELIMIT,
                      "bad.lua:1: size limit of 4194304 bytes reached");
    /* ...and many strings under it reach the script's memory cap. */
    expect_bad_script("local t = {}\nfor i = 1, 64 do t[i] = string.rep('x', 1 << 19) .. i end\n", SDUI_ELIMIT,
                      "bad.lua:2: script memory cap of 4194304 bytes reached");
    expect_bad_script("local t = {}\nfor i = 1, 1e6 do t[i] = {} end\n", SDUI_ELIMIT, "memory cap");
    /* The sandbox: none of these exist for scripts. */
    expect_bad_script("io.open('/etc/passwd')\n", SDUI_ECALLBACK, "bad.lua:1: attempt to index a nil value (global 'io')");
    expect_bad_script("os.execute('true')\n", SDUI_ECALLBACK, "attempt to call a nil value (field 'execute')");
    expect_bad_script("debug.getinfo(1)\n", SDUI_ECALLBACK, "global 'debug'");
    expect_bad_script("load('return 1')\n", SDUI_ECALLBACK, "global 'load'");
    expect_bad_script("dofile('/etc/passwd')\n", SDUI_ECALLBACK, "global 'dofile'");
    expect_bad_script("loadfile('x')\n", SDUI_ECALLBACK, "global 'loadfile'");
    expect_bad_script("string.dump(function() end)\n", SDUI_ECALLBACK, "field 'dump'");
    expect_bad_script("local s = ''\ns.dump(print)\n", SDUI_ECALLBACK, "field 'dump'");
    expect_bad_script("require('os')\n", SDUI_ECALLBACK, "module 'os' not found");
    expect_bad_script("require('..secret')\n", SDUI_ECALLBACK, "bad module name");
    expect_bad_script("collectgarbage('stop')\n", SDUI_ECALLBACK, "not available to scripts");
    /* the sandbox's tostring writes integers itself: the stock text, floats and the rest unchanged */
    expect_bad_script("error(table.concat({tostring(0), tostring(-1), tostring(42), tostring(math.maxinteger),\n"
                      "  tostring(math.mininteger), tostring(1.5), tostring(2^53), tostring(-0.0), tostring('x'),\n"
                      "  tostring(nil), tostring(true), tostring(setmetatable({}, {__tostring = function() return 'T' end}))},\n"
                      "  ' '))\n",
                      SDUI_ECALLBACK, "bad.lua:1: 0 -1 42 9223372036854775807 -9223372036854775808 1.5 9.007199254741e+15 "
                                      "-0.0 x nil true T");
    expect_bad_script("\x1bLua\x54\x00", SDUI_ECALLBACK, "bad.lua: attempt to load a binary chunk");
}

/*
** The budget cannot be escaped (issues 13 and 17): a caught budget or
** memory error is raised again, coroutines are charged, C work (patterns,
** table.move) is charged, finalizers are refused. Each ends with the
** budget error naming the script line, and the old version stays live.
*/
static void test_budget_cannot_be_escaped(void)
{
    static const char *const spent = "instruction budget of 200000 exceeded";
    expect_bad_script("while true do pcall(function() while true do end end) end\n", SDUI_ELIMIT, "bad.lua:1: ");
    expect_bad_script("while true do pcall(function() while true do end end) end\n", SDUI_ELIMIT, spent);
    expect_bad_script("pcall(function()\n  while true do end\nend)\nreturn {}\n", SDUI_ELIMIT, "bad.lua:2: ");
    expect_bad_script("xpcall(function() while true do end end,\n  function() while true do end end)\nreturn {}\n",
                      SDUI_ELIMIT, spent);
    expect_bad_script("local co = coroutine.create(function()\n  while true do end\nend)\n"
                      "local ok = coroutine.resume(co)\nreturn {}\n", SDUI_ELIMIT, "bad.lua:2: ");
    expect_bad_script("pcall(coroutine.wrap(function() while true do end end))\nreturn {}\n", SDUI_ELIMIT, spent);
    expect_bad_script("local co = coroutine.create(function() coroutine.yield() end)\ncoroutine.resume(co)\n"
                      "local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
                      "while true do end\n", SDUI_ELIMIT, spent);
    /* Many short coroutines, each under the hook's interval (17.2). */
    expect_bad_script("local n = 0\nfor i = 1, 100000 do\n"
                      "  coroutine.wrap(function() for j = 1, 300 do n = n + 1 end end)()\nend\nreturn {}\n",
                      SDUI_ELIMIT, "bad.lua:3: instruction budget");
    /* Work inside one C call (17.1): the pattern matcher, plain find, table.move. */
    expect_bad_script("local s = string.rep('a', 3000)\nreturn s:find('.-.-.-.-b')\n", SDUI_ELIMIT,
                      "bad.lua:2: instruction budget of 200000 exceeded (in pattern matching)");
    expect_bad_script("local ok = pcall(string.find, string.rep('a', 3000), '.-.-.-.-b')\nreturn {}\n", SDUI_ELIMIT,
                      "bad.lua:1: instruction budget of 200000 exceeded (in pattern matching)");
    expect_bad_script("for w in string.rep('a', 3000):gmatch('.-.-.-b') do end\n", SDUI_ELIMIT, "(in pattern matching)");
    expect_bad_script("local h = string.rep('a', 300000)\nlocal n = string.rep('a', 3000) .. 'b'\n"
                      "return h:find(n, 1, true)\n", SDUI_ELIMIT, "bad.lua:3: instruction budget");
    expect_bad_script("table.move({}, 1, math.maxinteger - 1, 2)\n", SDUI_ELIMIT, "bad.lua:1: instruction budget");
    /* A finalizer would run with hooks off (17.3): refused. */
    expect_bad_script("setmetatable({}, {__gc = function() while true do end end})\n", SDUI_ECALLBACK,
                      "bad.lua:1: __gc metamethods are not available to scripts");
    /* The memory cap cannot be caught either. */
    expect_bad_script("pcall(function() local t = {} for i = 1, 1e6 do t[i] = {} end end)\nreturn {}\n", SDUI_ELIMIT,
                      "memory cap");
}

/* What scripts may still do: catch their own errors, run coroutines, match patterns. */
static void test_budget_leaves_ordinary_scripts_alone(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 200000);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0); /* the budget is what is tested: no deadline (valgrind is slow) */
    script_write("ok.lua",
                 "local ui = require 'sdui.ui'\n"
                 "local ok, err = pcall(error, 'mine')\n"
                 "assert(not ok and err == 'mine')\n"
                 "local ok2, msg = xpcall(function() error({code = 7}) end, function(e) return e.code end)\n"
                 "assert(not ok2 and msg == 7)\n"
                 "local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)\n"
                 "assert(gen() == 1 and gen() == 2 and gen() == 3)\n"
                 "local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) error('in co ' .. b) end)\n"
                 "local r1, v = coroutine.resume(co, 1)\n"
                 "local r2, e2 = coroutine.resume(co, 'x')\n"
                 "assert(r1 and v == 2 and not r2 and e2:find('in co x'))\n"
                 "local sum = 0\n"
                 "for i = 1, 500 do sum = sum + coroutine.wrap(function() return i end)() end\n"
                 "assert(sum == 125250)\n"
                 "assert(('key=value'):match('(%%w+)=(%%w+)') == 'key')\n"
                 "assert(select(2, ('a b  c'):gsub('%%s+', ' ')) == 2)\n"
                 "local t = setmetatable({}, {__index = function(_, k) return k * 2 end})\n"
                 "assert(t[21] == 42)\n"
                 "local sorted = {3, 1, 2}\ntable.sort(sorted)\nassert(sorted[1] == 1)\n"
                 "return { components = { Fine = function(data)\n"
                 "  local ok3 = pcall(function() error('caught') end)\n"
                 "  return ui.text(ok3 and 'no' or ('fine ' .. data.n))\n"
                 "end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("ok.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"f\",\"type\":\"Fine\",\"data\":{\"n\":\"ok\"}}]"), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "fine ok");
    free(text);
    sdui_engine_free(e);
    unlink(script_file("ok.lua"));
}

/* Factories and handlers that try to escape at run time: the call fails, the engine goes on. */
static void test_budget_in_callbacks(void)
{
    watch("test_budget_in_callbacks");
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 200000);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0); /* the budget is what is tested: no deadline (valgrind is slow) */
    script_write("card.lua", CARD_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_file("card.lua")), SDUI_OK);
    script_write("esc.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return {\n"
                 "  services = { esc = { n = 0 } },\n"
                 "  components = { Esc = function()\n"
                 "    while true do pcall(function() while true do end end) end\n"
                 "  end,\n"
                 "  Slow = function() return ui.text(tostring(string.rep('a', 3000):find('.-.-.-.-b'))) end },\n"
                 "  actions = { ['esc/run'] = function(state)\n"
                 "    state.n = state.n + 1\n"
                 "    for i = 1, 1e9 do coroutine.wrap(function() for j = 1, 300 do end end)() end\n"
                 "  end },\n"
                 "}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("esc.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"e\",\"type\":\"Esc\"},{\"id\":\"s\",\"type\":\"Slow\"},"
                              "{\"id\":\"c\",\"type\":\"Card\",\"data\":{\"id\":1,\"title\":\"T\"}}]"),
                 SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "T  [☆]");
    free(text);
    char *diagnostics = NULL;
    if (CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK)) {
        CHECK_STR_CONTAINS(diagnostics, "esc.lua:5: instruction budget of 200000 exceeded");
        CHECK_STR_CONTAINS(diagnostics, "esc.lua:7: instruction budget of 200000 exceeded (in pattern matching)");
    }
    sdui_free(diagnostics);
    CHECK_STATUS(dispatch(e, "{\"type\":\"esc/run\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "esc.lua:10: instruction budget");
    char *state = NULL;
    if (CHECK_STATUS(sdui_state_json(e, "esc", "n", &state, NULL), SDUI_OK))
        CHECK_STR_EQ(state, "0");
    sdui_free(state);
    CHECK_STATUS(dispatch(e, "{\"type\":\"favorites/toggle\",\"payload\":{\"id\":1}}"), SDUI_OK);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "T  [★]");
    free(text);
    sdui_engine_free(e);
    unlink(script_file("card.lua"));
    unlink(script_file("esc.lua"));
    watch(NULL);
}

/* -- a reloaded script that fails at run time: the last good version stands in -- */

#define MOVIE_V1 \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  components = { MovieCard = function(data, ctx)\n" \
    "    return ui.text('v1 ' .. data.title)\n" \
    "  end },\n" \
    "}\n"

/* Line 5 raises for a movie without a poster. */
#define MOVIE_V2 \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  components = { MovieCard = function(data, ctx)\n" \
    "    local poster = data.poster\n" \
    "    return ui.text('v2 ' .. data.title .. ' ' .. poster.url)\n" \
    "  end },\n" \
    "}\n"

#define MOVIE_V3 \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  components = { MovieCard = function(data, ctx)\n" \
    "    local poster = data.poster\n" \
    "    return ui.text('v3 ' .. data.title .. ' ' .. (poster and poster.url or 'no poster'))\n" \
    "  end },\n" \
    "}\n"

/* Raises for every movie. */
#define MOVIE_BROKEN \
    "return {\n" \
    "  components = { MovieCard = function(data, ctx)\n" \
    "    error('broken for ' .. data.title)\n" \
    "  end },\n" \
    "}\n"

static const char *MOVIES = "[{\"id\":\"movie-1\",\"type\":\"MovieCard\",\"data\":{\"title\":\"Heat\",\"poster\":{\"url\":\"heat.jpg\"}}},"
                            "{\"id\":\"movie-603\",\"type\":\"MovieCard\",\"data\":{\"title\":\"Ran\"}}]";

/* The rendered screen and the diagnostics, as JSON (caller frees both with sdui_free). */
static void screen_and_diagnostics(sdui_engine *e, char **screen, char **diagnostics)
{
    *screen = *diagnostics = NULL;
    CHECK_STATUS(sdui_render_json(e, screen, NULL), SDUI_OK);
    CHECK_STATUS(sdui_diagnostics_json(e, diagnostics, NULL), SDUI_OK);
}

static void test_failing_factory_keeps_previous_version(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("movie.lua", MOVIE_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_file("movie.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, MOVIES), SDUI_OK);
    char *screen, *d;
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v1 Ran\"");
    sdui_free(screen);
    sdui_free(d);

    /* v2 raises for movie-603 only: it keeps v1's view, movie-1 shows v2. */
    script_write("movie.lua", MOVIE_V2);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v2 Heat heat.jpg\"");
    CHECK_STR_CONTAINS(screen, "{\"id\":\"movie-603\",\"type\":\"MovieCard\",\"view\":{\"type\":\"text\","
                               "\"id\":\"movie-603\",\"text\":\"v1 Ran\"}}");
    CHECK_STR_CONTAINS(d, "{\"severity\":\"warning\",\"code\":\"factory-warning\",\"component\":\"movie-603\","
                          "\"message\":\"movie.lua:5: attempt to index a nil value (local 'poster') "
                          "(component \\\"movie-603\\\", showing the previous version of \\\"MovieCard\\\" "
                          "until the script is fixed)\"}");
    CHECK(strstr(d, "factory-failed") == NULL);
    sdui_free(screen);
    sdui_free(d);

    /* v2 failed once, so it never becomes the last good version: a broken
       v2b falls back to v1 for both, although v2 rendered movie-1 well. */
    script_write("movie.lua", MOVIE_BROKEN);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v1 Heat\"");
    CHECK_STR_CONTAINS(screen, "\"text\":\"v1 Ran\"");
    CHECK_STR_CONTAINS(d, "movie.lua:3: broken for Heat (component \\\"movie-1\\\"");
    CHECK_STR_CONTAINS(d, "movie.lua:3: broken for Ran (component \\\"movie-603\\\"");
    sdui_free(screen);
    sdui_free(d);

    /* The fix takes over, and the warnings go with the renders that made them. */
    script_write("movie.lua", MOVIE_V3);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v3 Heat heat.jpg\"");
    CHECK_STR_CONTAINS(screen, "\"text\":\"v3 Ran no poster\"");
    CHECK_STR_EQ(d, "[]");
    sdui_free(screen);
    sdui_free(d);

    /* v3 ran and never failed: it is the one a broken version now falls back to. */
    script_write("movie.lua", MOVIE_BROKEN);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v3 Ran no poster\"");
    sdui_free(screen);
    sdui_free(d);

    /* A type the script stops declaring forgets its versions: declared
       again and failing, it has nothing to fall back to. */
    script_write("movie.lua", "return { components = { Other = function() return { type = 'spacer' } end } }\n");
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    script_write("movie.lua", MOVIE_BROKEN);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "{\"type\":\"error\",\"id\":\"movie-603\",\"message\":\"movie.lua:3: broken for Ran\"}");
    CHECK_STR_CONTAINS(d, "\"code\":\"factory-failed\",\"component\":\"movie-603\"");
    CHECK(strstr(d, "factory-warning") == NULL);
    sdui_free(screen);
    sdui_free(d);
    sdui_engine_free(e);
    unlink(script_file("movie.lua"));
}

static void test_first_or_unused_version_has_no_fallback(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    /* A first version that fails: an error node, as always. */
    script_write("movie.lua", MOVIE_V2);
    CHECK_STATUS(sdui_scripts_load(e, script_file("movie.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, MOVIES), SDUI_OK);
    char *screen, *d;
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"text\":\"v2 Heat heat.jpg\"");
    CHECK_STR_CONTAINS(screen, "{\"type\":\"error\",\"id\":\"movie-603\",\"message\":\"movie.lua:5: attempt to index a nil value");
    CHECK_STR_CONTAINS(d, "\"code\":\"factory-failed\",\"component\":\"movie-603\"");
    sdui_free(screen);
    sdui_free(d);
    /* A version replaced before it ever ran is not a fallback either. */
    sdui_engine_free(e);
    e = sdui_engine_new();
    check_engine(e);
    script_write("movie.lua", MOVIE_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_file("movie.lua")), SDUI_OK);
    script_write("movie.lua", MOVIE_BROKEN);
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    CHECK_STATUS(load_page(e, MOVIES), SDUI_OK);
    screen_and_diagnostics(e, &screen, &d);
    CHECK_STR_CONTAINS(screen, "\"message\":\"movie.lua:3: broken for Ran\"");
    CHECK(strstr(screen, "v1") == NULL);
    sdui_free(screen);
    sdui_free(d);
    sdui_engine_free(e);
    unlink(script_file("movie.lua"));
}

/* counter/bump: v1 adds 1, v2 adds 100 and raises when payload.boom (after queueing a log line). */
#define COUNTER(version, add, fails) \
    "return {\n" \
    "  services = { counter = { n = 0, log = {} } },\n" \
    "  actions = {\n" \
    "    ['counter/bump'] = function(state, payload, ctx)\n" \
    "      state.n = state.n + " add "\n" \
    "      ctx.dispatch({ type = 'counter/log', payload = { line = '" version "' } })\n" \
    "      " fails "\n" \
    "    end,\n" \
    "    ['counter/log'] = function(state, payload) state.log[#state.log + 1] = payload.line end,\n" \
    "  },\n" \
    "}\n"

static void expect_counter(sdui_engine *e, const char *n, const char *log)
{
    char *json = NULL;
    CHECK_STATUS(sdui_state_json(e, "counter", "n", &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, n);
    sdui_free(json);
    CHECK_STATUS(sdui_state_json(e, "counter", "log", &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, log);
    sdui_free(json);
}

static void test_failing_handler_keeps_previous_version(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("counter.lua", COUNTER("v1", "1", ""));
    CHECK_STATUS(sdui_scripts_load(e, script_file("counter.lua")), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{}}"), SDUI_OK);
    expect_counter(e, "1", "[\"v1\"]");

    script_write("counter.lua", COUNTER("v2", "100", "if payload.boom then error('bump refused') end"));
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    /* v2 changed n and queued a line before raising: all of it is taken
       back, and v1 runs on the state as it was. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{\"boom\":true}}"), SDUI_OK);
    expect_counter(e, "2", "[\"v1\",\"v1\"]");
    char *d = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &d, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(d, "{\"severity\":\"warning\",\"code\":\"handler-warning\",\"message\":\"action "
                          "\\\"counter/bump\\\": counter.lua:7: bump refused (handled by the previous version "
                          "until the script is fixed)\"}");
    sdui_free(d);
    /* When v2 does not raise, it is the one that runs, on the right state. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{}}"), SDUI_OK);
    expect_counter(e, "102", "[\"v1\",\"v1\",\"v2\"]");

    /* The fix takes over. */
    script_write("counter.lua", COUNTER("v3", "1000", "if payload.both then error('v3 refused') end"));
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{\"boom\":true}}"), SDUI_OK);
    expect_counter(e, "1102", "[\"v1\",\"v1\",\"v2\",\"v3\"]");
    CHECK_STATUS(sdui_diagnostics_json(e, &d, NULL), SDUI_OK);
    const char *first = strstr(d, "bump refused");
    CHECK(first != NULL && strstr(first + 1, "bump refused") == NULL); /* no new warning */
    sdui_free(d);

    /* v3 ran and never failed: it stands in for a broken v4... */
    script_write("counter.lua", COUNTER("v4", "1", "error('v4 refused')"));
    CHECK_STATUS(sdui_scripts_reload(e), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{}}"), SDUI_OK);
    expect_counter(e, "2102", "[\"v1\",\"v1\",\"v2\",\"v3\",\"v3\"]");
    /* ...and when it fails too, the dispatch fails as without it, with v4's message. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/bump\",\"payload\":{\"both\":true}}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "counter.lua:7: v4 refused");
    expect_counter(e, "2102", "[\"v1\",\"v1\",\"v2\",\"v3\",\"v3\"]");
    sdui_engine_free(e);
    unlink(script_file("counter.lua"));
}

static void test_poll_reports_failed_reloads(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("movie.lua", MOVIE_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_file("movie.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, MOVIES), SDUI_OK);
    /* A change that does not compile: the error and its file:line, nothing reloaded. */
    script_write("movie.lua", "return { components = { MovieCard = function( end } }\n");
    int reloaded = -1;
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "movie.lua:1:");
    CHECK_EQ_INT(reloaded, 0);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "v1 Ran");
    free(text);
    /* Unchanged since: nothing to do. */
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 0);
    script_write("movie.lua", MOVIE_V3);
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK_EQ_INT(reloaded, 1);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "v3 Ran no poster");
    free(text);
    sdui_engine_free(e);
    unlink(script_file("movie.lua"));
}

static void test_paths(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("card.lua", CARD_V1);
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(sdui_scripts_load(e, "/etc/passwd"), SDUI_EINVAL);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "outside the script folder");
    char up[300];
    snprintf(up, sizeof up, "%s/../", script_folder);
    CHECK_STATUS(sdui_scripts_load(e, up), SDUI_EINVAL);
    CHECK_STATUS(sdui_scripts_load(e, script_file("missing.lua")), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "missing.lua");
    CHECK_STATUS(sdui_scripts_load(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_scripts_load(NULL, script_folder), SDUI_EINVAL);
    CHECK_STATUS(sdui_scripts_reload(NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_scripts_poll(NULL, NULL), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_scripts_limit(NULL, SDUI_SCRIPT_LIMIT_MEMORY, -1), -1);
    CHECK_EQ_INT(sdui_scripts_limit(e, 99, -1), -1);
    CHECK_EQ_INT(sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, -1), 10000000);
    /* A module outside the folder cannot be required, one inside can. */
    mkdir(script_file("lib"), 0755);
    script_write("lib/fmt.lua", "return { stars = function(on) return on and '★' or '☆' end }\n");
    script_write("uses.lua", "local fmt = require 'lib.fmt'\n"
                             "return { components = { Uses = function() return { type = 'text', text = fmt.stars(true) } end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("uses.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"u\",\"type\":\"Uses\"}]"), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "★");
    free(text);
    /* Changing the module is noticed by poll, which reloads its users. */
    sleep(1);
    script_write("lib/fmt.lua", "return { stars = function(on) return on and 'YES' or 'no' end }\n");
    int reloaded = 0;
    CHECK_STATUS(sdui_scripts_poll(e, &reloaded), SDUI_OK);
    CHECK(reloaded >= 1);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "YES");
    free(text);
    sdui_engine_free(e);
    unlink(script_file("uses.lua"));
    script_remove_tree(script_file("lib"));
}

/* A C handler that tries to reload scripts from inside a dispatch. */
static int reload_inside(sdui_call *call, void *userdata)
{
    (void)call;
    int *status = userdata;
    *status = sdui_scripts_reload(*(sdui_engine **)(status + 2));
    status[1] = sdui_scripts_load(*(sdui_engine **)(status + 2), script_folder);
    return SDUI_OK;
}

static void test_callbacks(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    script_write("card.lua", CARD_V1);
    script_write("faulty.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return {\n"
                 "  services = { box = { n = 1 } },\n"
                 "  components = {\n"
                 "    Raises = function() error('no poster for this one') end,\n"
                 "    NotAView = function() return 42 end,\n"
                 "    BadView = function() return { type = 'text', text = 'x', colour = 'red' } end,\n"
                 "    Spins = function() while true do end end,\n"
                 "  },\n"
                 "  actions = {\n"
                 "    ['box/fn'] = function(state) state.n = 2; state.f = print end,\n"
                 "    ['box/cycle'] = function(state) state.me = state end,\n"
                 "    ['box/raise'] = function(state) state.n = 3; error('refused') end,\n"
                 "    ['box/replace'] = function(state, payload) return { n = payload.n } end,\n"
                 "    ['box/chain'] = function(state, payload, ctx) state.n = 10; ctx.dispatch({ type = 'box/raise' }) end,\n"
                 "  },\n"
                 "}\n");
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 100000);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 0); /* the budget is what is tested: no deadline (valgrind is slow) */
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"r\",\"type\":\"Raises\"},{\"id\":\"n\",\"type\":\"NotAView\"},"
                              "{\"id\":\"b\",\"type\":\"BadView\"},{\"id\":\"s\",\"type\":\"Spins\"},"
                              "{\"id\":\"c\",\"type\":\"Card\",\"data\":{\"id\":1,\"title\":\"Fine\"}}]"),
                 SDUI_OK);
    char *json = NULL;
    CHECK_STATUS(sdui_render_json(e, &json, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(json, "faulty.lua:5: no poster for this one");
    CHECK_STR_CONTAINS(json, "factory for \\\"NotAView\\\" returned number, expected a view table");
    CHECK_STR_CONTAINS(json, "invalid view at $.colour");
    CHECK_STR_CONTAINS(json, "instruction budget of 100000 exceeded");
    CHECK_STR_CONTAINS(json, "\"text\":\"Fine\"");
    sdui_free(json);
    CHECK_STATUS(sdui_diagnostics_json(e, &json, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(json, "\"component\":\"r\"");
    CHECK_STR_CONTAINS(json, "\"component\":\"s\"");
    sdui_free(json);

    const char *bad[] = {"box/fn", "box/cycle", "box/raise", "box/chain"};
    const char *why[] = {"cannot encode a function at $.f", "cyclic table at $.me", "faulty.lua:13: refused",
                         "action \"box/raise\" failed"};
    for (int i = 0; i < 4; i++) {
        char action[64];
        snprintf(action, sizeof action, "{\"type\":\"%s\"}", bad[i]);
        CHECK_STATUS(dispatch(e, action), SDUI_ECALLBACK);
        CHECK_STR_CONTAINS(sdui_errmsg(e), why[i]);
        char *state = NULL;
        CHECK_STATUS(sdui_state_json(e, "box", NULL, &state, NULL), SDUI_OK);
        CHECK_STR_EQ(state, "{\"n\":1}");
        sdui_free(state);
    }
    CHECK_STATUS(dispatch(e, "{\"type\":\"box/replace\",\"payload\":{\"n\":5}}"), SDUI_OK);
    CHECK_STATUS(sdui_state_json(e, "box", "n", &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, "5");
    sdui_free(json);

    /* A handler's changes reach the engine in the order it made them, tables
    ** it assigned (handed over when it returns) included. */
    script_write("order.lua", "return {\n"
                              "  services = { ordered = {} },\n"
                              "  actions = { ['ordered/fill'] = function(state)\n"
                              "    state.zeta = { 1, 2 }\n"
                              "    state.alpha = true\n"
                              "    state.mid = { x = 'y' }\n"
                              "    state.zeta[3] = 3\n"
                              "  end },\n"
                              "}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_folder), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"ordered/fill\"}"), SDUI_OK);
    CHECK_STATUS(sdui_state_json(e, "ordered", NULL, &json, NULL), SDUI_OK);
    CHECK_STR_EQ(json, "{\"zeta\":[1,2,3],\"alpha\":true,\"mid\":{\"x\":\"y\"}}");
    sdui_free(json);

    /* Reload while dispatching: refused, nothing changes. */
    int statuses[2 + sizeof(sdui_engine *) / sizeof(int) + 1];
    *(sdui_engine **)(statuses + 2) = e;
    CHECK_STATUS(sdui_register_action(e, "box/reload", reload_inside, statuses, NULL), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"box/reload\"}"), SDUI_OK);
    CHECK_EQ_INT(statuses[0], SDUI_EBUSY);
    CHECK_EQ_INT(statuses[1], SDUI_EBUSY);
    sdui_engine_free(e);
}

int main(void)
{
    script_folder_make("sdui-scripts");
    test_load_render_hot_swap();
    test_poll_reloads_only_changed_files();
    test_bad_scripts_keep_the_old_version();
    test_budget_cannot_be_escaped();
    test_budget_leaves_ordinary_scripts_alone();
    test_budget_in_callbacks();
    test_failing_factory_keeps_previous_version();
    test_first_or_unused_version_has_no_fallback();
    test_failing_handler_keeps_previous_version();
    test_poll_reports_failed_reloads();
    test_paths();
    test_callbacks();
    script_folder_remove();
    return check_summary();
}
