/*
** test_library.c -- the script library (Sources/SDUILua/library.c): every
** function a script can reach is listed in docs/robustness.md with its
** bound; every way a library call used to escape the instruction budget
** now stops with the budget's (or the size limit's) error naming the
** script line, and leaves the engine usable; charged work meets the
** deadline; print never writes to the terminal; and the functions written
** or wrapped there answer as the stock ones do.
*/
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sdui_scripts.h"
#include "check.h"
#include "script_files.h"

static int load_page(sdui_engine *e, const char *json)
{
    return sdui_load_page(e, json, strlen(json));
}

static int dispatch(sdui_engine *e, const char *json)
{
    return sdui_dispatch(e, json, strlen(json));
}

static char *render_text(sdui_engine *e)
{
    char *text = NULL;
    if (sdui_render_text(e, &text, NULL) != SDUI_OK)
        return NULL;
    return text;
}

/* A whole file, malloc'd and NUL-terminated (caller frees); NULL if it cannot be read. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t size = 0, cap = 4096;
    char *text = malloc(cap);
    size_t n;
    while (text != NULL && (n = fread(text + size, 1, cap - size - 1, f)) > 0) {
        size += n;
        if (cap - size < 2) {
            char *grown = realloc(text, cap *= 2);
            if (grown == NULL)
                free(text);
            text = grown;
        }
    }
    fclose(f);
    if (text != NULL)
        text[size] = '\0';
    return text;
}

/* The text of a JSON string value ("..."), its escapes decoded (ASCII ones only); caller frees. */
static char *json_string(const char *json)
{
    if (json == NULL || json[0] != '"')
        return NULL;
    char *out = malloc(strlen(json));
    size_t o = 0;
    for (const char *p = json + 1; *p && *p != '"'; p++) {
        if (*p != '\\') {
            out[o++] = *p;
            continue;
        }
        p++;
        if (*p == 'n')
            out[o++] = '\n';
        else if (*p == 't')
            out[o++] = '\t';
        else if (*p == 'u' && strlen(p) >= 5) {
            out[o++] = (char)strtol((char[]){p[1], p[2], p[3], p[4], 0}, NULL, 16);
            p += 4;
        } else
            out[o++] = *p;
    }
    out[o] = '\0';
    return out;
}

/* The state at service/path as a string (the JSON string decoded); caller frees; NULL on failure. */
static char *state_string(sdui_engine *e, const char *service, const char *path)
{
    char *json = NULL;
    if (!CHECK_STATUS(sdui_state_json(e, service, path, &json, NULL), SDUI_OK))
        return NULL;
    char *text = json_string(json);
    sdui_free(json);
    return text;
}

/* Watches a case that would hang if a call escaped its budget (script_files.h): 30 s. */
static void watch(const char *what)
{
    script_watch(what, 30);
}

/* -- everything a script can reach is listed --------------------------------------- */

/*
** Walks everything a script can reach from its environment -- every table,
** recursively, and their metatables; the strings' metatable if getmetatable
** gives it -- and the functions library calls hand back, and keeps their
** names, ';'-separated, in walk.names.
*/
#define WALK_SCRIPT \
    "local names, seen = {}, {}\n" \
    "local function walk(t, prefix)\n" \
    "  if seen[t] then return end\n" \
    "  seen[t] = true\n" \
    "  for k, v in pairs(t) do\n" \
    "    if type(v) == 'function' then names[#names + 1] = prefix .. tostring(k)\n" \
    "    elseif type(v) == 'table' then walk(v, prefix .. tostring(k) .. '.') end\n" \
    "  end\n" \
    "  local mt = getmetatable(t)\n" \
    "  if type(mt) == 'table' then walk(mt, prefix .. '(metatable).') end\n" \
    "end\n" \
    "local function returned()\n" \
    "  if type(ipairs({})) == 'function' then names[#names + 1] = 'ipairs iterator' end\n" \
    "  if pairs({}) ~= next then names[#names + 1] = 'pairs iterator' end\n" \
    "  if string.gmatch('', '') then names[#names + 1] = 'string.gmatch iterator' end\n" \
    "  if utf8.codes('') then names[#names + 1] = 'utf8.codes iterator' end\n" \
    "  if coroutine.wrap(function() end) then names[#names + 1] = 'coroutine.wrap function' end\n" \
    "end\n" \
    "local env = _ENV\n" \
    "return {\n" \
    "  services = { walk = { names = '' } },\n" \
    "  actions = { ['walk/run'] = function(state)\n" \
    "    walk(env, '')\n" \
    "    local strings = getmetatable('')\n" \
    "    if type(strings) == 'table' then walk(strings, '(string metatable).') end\n" \
    "    returned()\n" \
    "    state.names = table.concat(names, ';')\n" \
    "  end },\n" \
    "}\n"

#define SECTION "## What a script can call, and how each call is bounded" /* "##" or "###" */

/*
** The first cell of every row of the table in docs/robustness.md's section
** SECTION, backticks dropped, each followed by '\n'; caller frees. NULL
** (a failed check) when the file or the section is missing.
*/
static char *documented_names(void)
{
    char *doc = read_file("docs/robustness.md");
    if (!CHECK(doc != NULL)) {
        fprintf(stderr, "    docs/robustness.md not found: run the test from the repository's root\n");
        return NULL;
    }
    char *section = strstr(doc, SECTION);
    if (!CHECK(section != NULL)) {
        fprintf(stderr, "    docs/robustness.md has no section \"%s\"\n", &SECTION[3]);
        free(doc);
        return NULL;
    }
    char *end = strstr(section, "\n#"); /* the next heading */
    if (end != NULL)
        *end = '\0';
    char *names = malloc(strlen(section) + 2);
    size_t n = 0;
    for (char *line = section; line != NULL && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (line[0] != '|' || line[1] == '-')
            continue;
        char *cell = line + 1, *bar = strchr(cell, '|');
        if (bar == NULL)
            continue;
        size_t start = n;
        for (char *p = cell; p < bar; p++)
            if (*p != '`' && !(n == start && *p == ' '))
                names[n++] = *p;
        while (n > start && names[n - 1] == ' ')
            n--;
        names[n++] = '\n';
    }
    names[n] = '\0';
    free(doc);
    return names;
}

/* Whether `name` is one line of `lines`. */
static int has_line(const char *lines, const char *name, size_t len)
{
    for (const char *p = lines; p != NULL && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, name, len) == 0 && p[len] == '\n')
            return 1;
    return 0;
}

static void test_every_reachable_function_is_listed(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("walk.lua", "%s", WALK_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_file("walk.lua")), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"walk/run\"}"), SDUI_OK);
    char *walked = state_string(e, "walk", "names");
    char *documented = documented_names();
    if (walked != NULL && documented != NULL) {
        /* The walk sees the libraries: it would list nothing if it were broken. */
        CHECK_STR_CONTAINS(walked, "string.rep;");
        CHECK_STR_CONTAINS(walked, "ipairs iterator;");
        int count = 0;
        for (char *name = walked; *name;) {
            char *semi = strchr(name, ';');
            size_t len = semi != NULL ? (size_t)(semi - name) : strlen(name);
            count++;
            if (!CHECK(has_line(documented, name, len)))
                fprintf(stderr, "    a script can call %.*s, which docs/robustness.md (\"%s\") does not list\n",
                        (int)len, name, &SECTION[3]);
            name += len + (semi != NULL);
        }
        CHECK(count > 80);
        /* And the table lists nothing a script cannot reach (but the rows named with a space, not walked). */
        char *list = malloc(strlen(walked) + 3);
        sprintf(list, ";%s;", walked);
        for (char *line = documented; *line;) {
            char *nl = strchr(line, '\n');
            *nl = '\0';
            char wanted[256];
            snprintf(wanted, sizeof wanted, ";%s;", line);
            if (line[0] != '\0' && strcmp(line, "function") != 0 && strchr(line, ' ') == NULL &&
                !CHECK(strstr(list, wanted) != NULL))
                fprintf(stderr, "    docs/robustness.md lists %s, which no script can reach\n", line);
            line = nl + 1;
        }
        free(list);
    }
    free(walked);
    free(documented);
    sdui_engine_free(e);
    unlink(script_file("walk.lua"));
}

/* -- every escape stops ------------------------------------------------------------- */

#define BUDGET 1000000
#define SPENT "bad.lua:2: instruction budget of 1000000 exceeded"

/* A script that keeps working when another fails: a component and an action. */
#define GOOD_SCRIPT \
    "local ui = require 'sdui.ui'\n" \
    "return {\n" \
    "  services = { good = { n = 0 } },\n" \
    "  components = { Good = function(data, ctx) return ui.text('good ' .. ctx.state('good', 'n')) end },\n" \
    "  actions = { ['good/bump'] = function(state) state.n = state.n + 1 end },\n" \
    "}\n"

#define GOOD_PAGE "[{\"id\":\"g\",\"type\":\"Good\"}]"

/* Checks that good.lua's component renders `expected` and its action runs. */
static void check_goes_on(sdui_engine *e)
{
    CHECK_STATUS(load_page(e, GOOD_PAGE), SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "good 0");
    free(text);
    CHECK_STATUS(dispatch(e, "{\"type\":\"good/bump\"}"), SDUI_OK);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "good 1");
    free(text);
}

/* An engine with good.lua loaded and the budget BUDGET. */
static sdui_engine *engine_with_good(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, BUDGET);
    script_write("good.lua", GOOD_SCRIPT);
    CHECK_STATUS(sdui_scripts_load(e, script_file("good.lua")), SDUI_OK);
    return e;
}

/*
** Loads bad.lua -- `setup` on line 1, `escape` on line 2 -- next to
** good.lua; expects the load to fail with SDUI_ELIMIT and `message`, and
** the engine to go on.
*/
static void expect_stopped(const char *setup, const char *escape, const char *message)
{
    watch(escape);
    sdui_engine *e = engine_with_good();
    script_write("bad.lua", "%s\n%s\nreturn {}\n", setup, escape);
    int ok = CHECK_STATUS(sdui_scripts_load(e, script_file("bad.lua")), SDUI_ELIMIT);
    ok &= CHECK_STR_CONTAINS(sdui_errmsg(e), message);
    if (!ok)
        fprintf(stderr, "    for: %s\n", escape);
    check_goes_on(e);
    sdui_engine_free(e);
    unlink(script_file("bad.lua"));
    unlink(script_file("good.lua"));
    watch(NULL);
}

/* Line 1's inputs, built by doubling in a few instructions: s, 1 MiB of 'a'; d, 1 MiB of digits; t, 100,000 numbers. */
#define BIG "local s = 'a' for _ = 1, 20 do s = s .. s end "
#define DIGITS "local d = '1' for _ = 1, 20 do d = d .. d end "
#define LIST BIG "local t = {s:byte(1, 100000)} "
/* 30,000 arguments for f, whose loop runs only the call under test (more would pass the size limit on the stack). */
#define ARGS BIG "local t = {s:byte(1, 30000)} "
#define WITH_ARGS(call) "local function f(...) for i = 1, 100 do " call " end end f(table.unpack(t))"

/*
** Each call that did O(n) work for one instruction: its loop runs at most
** a few hundred instructions, so without its charge it would finish (or,
** for the counts of 2^40 and more, hang until the watchdog fires) instead
** of stopping at line 2.
*/
static void test_escapes_stop(void)
{
    static const struct {
        const char *setup, *escape;
    } cases[] = {
        /* strings */
        {"", "string.rep('', 1 << 62)"},
        {"", "string.rep('', 1 << 62, '')"},
        {"", "for i = 1, 100 do string.rep('x', 1 << 20) end"},
        {BIG, "for i = 1, 100 do string.byte(s, 1, 100000) end"},
        {ARGS, WITH_ARGS("string.char(...)")},
        {BIG, "for i = 1, 100 do string.format('%s', s) end"},
        {BIG, "for i = 1, 100 do string.format(s) end"},
        {BIG, "for i = 1, 100 do s:upper() end"},
        {BIG, "for i = 1, 100 do s:lower() end"},
        {BIG, "for i = 1, 100 do s:reverse() end"},
        {BIG, "for i = 1, 100 do s:sub(1, -1) end"},
        {"local f = 'i' for _ = 1, 20 do f = f .. f end", "for i = 1, 100 do string.packsize(f) end"},
        {"", "for i = 1, 100 do string.pack('c' .. (1 << 21), '') end"},
        {BIG "local f = 'B' for _ = 1, 16 do f = f .. f end", "for i = 1, 100 do string.unpack(f, s) end"},
        {DIGITS, "for i = 1, 100 do local _ = d + 1 end"},
        /* tables */
        {"", "table.concat(setmetatable({}, {__index = tostring}), '', 1, 1 << 40)"},
        {BIG "local h = s:sub(1, 1 << 19)", "for i = 1, 100 do table.concat({h, h, h, h}) end"},
        {BIG "local h = s:sub(1, 1 << 19)", "for i = 1, 100 do table.concat({1, 2, 3}, h) end"},
        {LIST, "for i = 1, 100 do table.insert(t, 1, i) end"},
        {LIST, "for i = 1, 100 do table.remove(t, 1) end"},
        {"", "table.insert(setmetatable({}, {__len = function() return 1 << 40 end, __index = rawget, __newindex = rawset}), 1, 'x')"},
        {"", "table.remove(setmetatable({}, {__len = function() return 1 << 40 end}), 1)"},
        {"", "table.remove(setmetatable({}, {__len = function() return -1 end}), math.mininteger)"},
        {LIST, "for i = 1, 100 do table.unpack(t, 1, 100000) end"},
        {"", "table.move({}, 1, math.maxinteger - 1, 2)"},
        {LIST, "for i = 1, 20 do table.sort(t) end"},
        {"local p = setmetatable({}, {__index = rawlen, __newindex = rawset, __len = function() return (1 << 31) - 2 end})",
         "table.sort(p)"},
        {ARGS, WITH_ARGS("table.pack(...)")},
        /* the base library */
        {ARGS, WITH_ARGS("select('#', ...)")},
        {ARGS, WITH_ARGS("select(-1, ...)")},
        {DIGITS, "for i = 1, 100 do tonumber(d) end"},
        {DIGITS, "for i = 1, 100 do tonumber(d, 16) end"},
        {BIG, "for i = 1, 100 do pcall(function() error(s) end) end"},
        {BIG "local o = setmetatable({}, {__name = s})", "for i = 1, 100 do tostring(o) end"},
        {BIG, "for i = 1, 100 do pcall(require, s) end"},
        /* math, utf8, os */
        {ARGS, WITH_ARGS("math.max(...)")},
        {ARGS, WITH_ARGS("math.min(...)")},
        {ARGS, WITH_ARGS("utf8.char(...)")},
        {BIG, "for i = 1, 100 do utf8.len(s) end"},
        {BIG, "for i = 1, 100 do utf8.codepoint(s, 1, 100000) end"},
        {BIG, "for i = 1, 100 do utf8.offset(s, 1000000) end"},
        {"local c = 'a' .. string.rep('\\x80', (1 << 20) - 1)", "local f = utf8.codes(c) for i = 1, 100 do f(c, 1) end"},
        {"local f = '%c' for _ = 1, 15 do f = f .. f end", "for i = 1, 20 do os.date(f) end"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_stopped(cases[i].setup, cases[i].escape, SPENT);
}

/* A result past the size limit is refused before it is made, naming the line and the size asked. */
static void test_size_limit(void)
{
    static const struct {
        const char *line, *message;
    } cases[] = {
        {"local x = string.rep('x', 1 << 17)", "bad.lua:1: size limit of 65536 bytes reached (a string of 131072 bytes)"},
        {"local x = string.rep('ab', 1 << 16, ',')", "bad.lua:1: size limit of 65536 bytes reached (a string of 196607 bytes)"},
        {"local x = ('x'):rep(1 << 30)", "bad.lua:1: size limit of 65536 bytes reached (a string of 1073741824 bytes)"},
        {"local x = string.pack('c' .. (1 << 17), '')", "bad.lua:1: size limit of 65536 bytes reached (a string of 131072 bytes)"},
        {"local ok = pcall(string.rep, 'x', 1 << 17)", "bad.lua:1: size limit of 65536 bytes reached"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        watch(cases[i].line);
        sdui_engine *e = engine_with_good();
        sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_OBJECT, 1 << 16);
        script_write("bad.lua", "%s\nreturn {}\n", cases[i].line);
        int ok = CHECK_STATUS(sdui_scripts_load(e, script_file("bad.lua")), SDUI_ELIMIT);
        ok &= CHECK_STR_CONTAINS(sdui_errmsg(e), cases[i].message);
        if (!ok)
            fprintf(stderr, "    for: %s\n", cases[i].line);
        check_goes_on(e);
        sdui_engine_free(e);
        unlink(script_file("bad.lua"));
        unlink(script_file("good.lua"));
        watch(NULL);
    }
}

/* Escapes in a factory and a handler: that call fails naming its line; the rest goes on. */
static void test_escapes_in_callbacks(void)
{
    watch("test_escapes_in_callbacks");
    sdui_engine *e = engine_with_good();
    script_write("lib.lua",
                 "local ui = require 'sdui.ui'\n"
                 "return {\n"
                 "  services = { lib = { n = 0 } },\n"
                 "  components = {\n"
                 "    Rep = function() return ui.text(string.rep('', 1 << 62)) end,\n"
                 "    Insert = function()\n"
                 "      table.insert(setmetatable({}, {__len = function() return 1 << 40 end}), 1, 'x')\n"
                 "    end,\n"
                 "  },\n"
                 "  actions = { ['lib/concat'] = function(state)\n"
                 "    state.n = 1\n"
                 "    return table.concat(setmetatable({}, {__index = tostring}), '', 1, 1 << 40)\n"
                 "  end },\n"
                 "}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("lib.lua")), SDUI_OK);
    CHECK_STATUS(load_page(e, "[{\"id\":\"r\",\"type\":\"Rep\"},{\"id\":\"i\",\"type\":\"Insert\"},"
                              "{\"id\":\"g\",\"type\":\"Good\"}]"),
                 SDUI_OK);
    char *text = render_text(e);
    CHECK_STR_CONTAINS(text, "good 0");
    free(text);
    char *diagnostics = check_diagnostics(e);
    CHECK_STR_CONTAINS(diagnostics, "lib.lua:5: instruction budget of 1000000 exceeded");
    CHECK_STR_CONTAINS(diagnostics, "lib.lua:7: instruction budget of 1000000 exceeded");
    free(diagnostics);
    CHECK_STATUS(dispatch(e, "{\"type\":\"lib/concat\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "lib.lua:12: instruction budget of 1000000 exceeded");
    char *n = NULL;
    if (CHECK_STATUS(sdui_state_json(e, "lib", "n", &n, NULL), SDUI_OK))
        CHECK_STR_EQ(n, "0");
    sdui_free(n);
    CHECK_STATUS(dispatch(e, "{\"type\":\"good/bump\"}"), SDUI_OK);
    text = render_text(e);
    CHECK_STR_CONTAINS(text, "good 1");
    free(text);
    sdui_engine_free(e);
    unlink(script_file("lib.lua"));
    unlink(script_file("good.lua"));
    watch(NULL);
}

/*
** Charged work meets the deadline as instructions do: with no instruction
** budget, six calls of about a millisecond each -- some thirty
** instructions, too few for the count hook to look at the clock -- stop at
** a deadline of 1 ms.
*/
static void test_charged_work_meets_the_deadline(void)
{
    watch("test_charged_work_meets_the_deadline");
    sdui_engine *e = engine_with_good();
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, 0);
    long long time_limit = sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, 1);
    script_write("bad.lua", "local s = 'a' for _ = 1, 19 do s = s .. s end\n"
                            "for i = 1, 6 do s:upper() end\n"
                            "return {}\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("bad.lua")), SDUI_ELIMIT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "bad.lua:2: time limit of 1 ms exceeded");
    sdui_scripts_limit(e, SDUI_SCRIPT_LIMIT_TIME, time_limit);
    check_goes_on(e);
    sdui_engine_free(e);
    unlink(script_file("bad.lua"));
    unlink(script_file("good.lua"));
    watch(NULL);
}

/* -- print ---------------------------------------------------------------------------- */

/* Sends fds 1 and 2 to a scratch file while `on`; when turned off, returns whether nothing was written. */
static int quiet(int on)
{
    static int saved_out = -1, saved_err = -1;
    static char path[300];
    if (on) {
        fflush(stdout);
        fflush(stderr);
        snprintf(path, sizeof path, "%s/terminal.txt", script_folder);
        FILE *f = fopen(path, "w");
        if (f == NULL)
            return 0;
        saved_out = dup(1);
        saved_err = dup(2);
        dup2(fileno(f), 1);
        dup2(fileno(f), 2);
        fclose(f);
        return 1;
    }
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    struct stat st;
    int empty = stat(path, &st) == 0 && st.st_size == 0;
    if (!empty) {
        char *written = read_file(path);
        fprintf(stderr, "    written to the terminal: %s\n", written ? written : "?");
        free(written);
    }
    unlink(path);
    return empty;
}

static void test_print(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("print.lua",
                 "local ui = require 'sdui.ui'\n"
                 "print('loading', '\\27[2J')\n"
                 "return {\n"
                 "  components = {\n"
                 "    Red = function() print('\\27[31mred') return ui.text('red') end,\n"
                 "    Many = function()\n"
                 "      print('a', 1, nil, true, 'x\\ty\\n')\n"
                 "      print('\\194\\155 \\127 \\255 \\0 é')\n"
                 "      return ui.text('many')\n"
                 "    end,\n"
                 "    Long = function() print(string.rep('é', 2000)) return ui.text('long') end,\n"
                 "    Loud = function() for i = 1, 100 do print('line ' .. i) end return ui.text('loud') end,\n"
                 "  },\n"
                 "}\n");
    CHECK(quiet(1));
    int loaded = sdui_scripts_load(e, script_file("print.lua"));
    int paged = load_page(e, "[{\"id\":\"red\",\"type\":\"Red\"},{\"id\":\"many\",\"type\":\"Many\"},"
                             "{\"id\":\"long\",\"type\":\"Long\"},{\"id\":\"loud\",\"type\":\"Loud\"}]");
    char *text = render_text(e);
    int silent = quiet(0);
    CHECK(silent);
    CHECK_STATUS(loaded, SDUI_OK);
    CHECK_STATUS(paged, SDUI_OK);
    CHECK_STR_CONTAINS(text, "red");
    free(text);
    char *diagnostics = check_diagnostics(e);
    /* ESC made visible: the JSON of the text \u001b[31mred */
    CHECK_STR_CONTAINS(diagnostics, "\"component\":\"red\",\"message\":\"\\\\u001b[31mred\"");
    /* tab-separated, tostring'd; a tab or newline inside an argument escaped */
    CHECK_STR_CONTAINS(diagnostics, "\"message\":\"a\\t1\\tnil\\ttrue\\tx\\\\u0009y\\\\u000a\"");
    /* C1 (U+009B, a CSI), DEL, a byte that is not UTF-8, NUL; the rest as it is */
    CHECK_STR_CONTAINS(diagnostics, "\"message\":\"\\\\u009b \\\\u007f \\\\xff \\\\u0000 é\"");
    /* cut at 1 KiB, whole characters, with an ellipsis */
    char cut[1100] = "\"message\":\"";
    for (int i = 0; i < 512; i++)
        strcat(cut, "é");
    strcat(cut, "…\"");
    CHECK_STR_CONTAINS(diagnostics, cut);
    /* the engine keeps at most 64 warnings a call, then one notice (sdui_call_warn) */
    CHECK_STR_CONTAINS(diagnostics, "\"message\":\"line 64\"");
    CHECK(strstr(diagnostics, "\"message\":\"line 65\"") == NULL);
    CHECK_STR_CONTAINS(diagnostics, "\"message\":\"more than 64 warnings in one call; the rest are dropped\"");
    CHECK(strstr(diagnostics, "loading") == NULL); /* the top level's print goes to no callback */
    free(diagnostics);
    sdui_engine_free(e);
    unlink(script_file("print.lua"));
}

/* -- the same answers as stock Lua ---------------------------------------------------- */

/*
** Calls of the functions library.c writes or wraps, edge cases and errors
** included; run() gives their results, '|'-separated, positions and
** addresses taken out, every byte that is not printable ASCII as '?'.
*/
#define SAME_CODE \
    "local out = {}\n" \
    "local function safe(v)\n" \
    "  v = tostring(v):gsub('^[^:]*:%d+: ', ''):gsub('0x%x+', 'ADDR')\n" \
    "  return (v:gsub('[^%w%p ]', '?'):gsub('[\"\\\\|]', \"'\"))\n" \
    "end\n" \
    "local function try(f, ...)\n" \
    "  local r = table.pack(pcall(f, ...))\n" \
    "  for i = 1, r.n do r[i] = safe(r[i]) end\n" \
    "  out[#out + 1] = table.concat(r, ',', 1, r.n)\n" \
    "end\n" \
    "local function list(t) return table.concat(t, ' ') end\n" \
    "local function run()\n" \
    "  local t = {1, 2, 3}\n" \
    "  try(function() table.insert(t, 4) return list(t) end)\n" \
    "  try(function() table.insert(t, 1, 0) return list(t) end)\n" \
    "  try(function() table.insert(t, 6, 9) return list(t) end)\n" \
    "  try(function() table.insert(t, '2', 8) return list(t) end)\n" \
    "  try(function() table.insert(t, 9, 9) end)\n" \
    "  try(function() table.insert(t, 0, 9) end)\n" \
    "  try(function() table.insert(t, 2.5, 9) end)\n" \
    "  try(function() table.insert(t) end)\n" \
    "  try(function() table.insert(t, 1, 2, 3) end)\n" \
    "  try(function() table.insert(nil, 1) end)\n" \
    "  try(function() table.insert('abc', 1) end)\n" \
    "  try(table.insert, {}, 5, 1)\n" \
    "  try(function() return table.remove(t), list(t) end)\n" \
    "  try(function() return table.remove(t, 1), list(t) end)\n" \
    "  try(function() return table.remove(t, #t + 1), list(t) end)\n" \
    "  try(function() return table.remove(t, #t + 2) end)\n" \
    "  try(function() return table.remove(t, 0) end)\n" \
    "  try(function() return table.remove({}) end)\n" \
    "  try(function() return table.remove({}, 0) end)\n" \
    "  try(function() return table.remove({}, 1) end)\n" \
    "  try(function() return table.remove({}, -1) end)\n" \
    "  try(function() return table.remove({n = 1}, 'x') end)\n" \
    "  local log = {}\n" \
    "  local p = setmetatable({}, {__len = function() log[#log + 1] = 'len' return 3 end,\n" \
    "    __index = function(_, k) return 'v' .. k end,\n" \
    "    __newindex = function(q, k, v) log[#log + 1] = k .. '=' .. tostring(v) rawset(q, k, v) end})\n" \
    "  try(function() table.insert(p, 2, 'x') return list(log) end)\n" \
    "  try(function() return table.remove(p, 1), list(log) end)\n" \
    "  try(function() return table.concat(p, ',') end)\n" \
    "  try(function() return table.unpack(p) end)\n" \
    "  try(string.rep, 'ab', 3)\n" \
    "  try(string.rep, 'ab', 3, ',')\n" \
    "  try(string.rep, '', 5)\n" \
    "  try(string.rep, '', 3, ',')\n" \
    "  try(string.rep, 'x', 0)\n" \
    "  try(string.rep, 'x', -1)\n" \
    "  try(string.rep, 'x', 1, ',')\n" \
    "  try(string.rep, 5, 2)\n" \
    "  try(string.rep, 'x', 2.5)\n" \
    "  try(string.rep, 'x', 2^31)\n" \
    "  try(string.rep, 'ab', 2^30)\n" \
    "  try(string.rep, {}, 1)\n" \
    "  try(function() return ('xy'):rep(7, '-') end)\n" \
    "  try(function() return ('x'):rep() end)\n" \
    "  try(table.concat, {1, 2, 3})\n" \
    "  try(table.concat, {1, 2, 3}, ', ')\n" \
    "  try(table.concat, {1, 2, 3}, '-', 2)\n" \
    "  try(table.concat, {1, 2, 3}, '-', 2, 3)\n" \
    "  try(table.concat, {1, 2, 3}, '-', 3, 2)\n" \
    "  try(table.concat, {1, 2, 3}, '-', '2', 3.0)\n" \
    "  try(function() return table.concat({1, {}, 3}) end)\n" \
    "  try(function() return table.concat(nil) end)\n" \
    "  try(function() return table.concat({1, 2}, {}) end)\n" \
    "  try(function() return table.concat({1, 2}, '', 'a') end)\n" \
    "  try(function() return table.concat({1, 2}, '', 1, 2.5) end)\n" \
    "  try(table.unpack, {1, 2, 3})\n" \
    "  try(table.unpack, {1, 2, 3}, 2)\n" \
    "  try(table.unpack, {1, 2, 3}, 2, 5)\n" \
    "  try(table.unpack, {1, 2, 3}, -1, 1)\n" \
    "  try(table.unpack, {}, 1, 0)\n" \
    "  try(function() return table.unpack({1, 2}, 'x') end)\n" \
    "  try(function() return table.unpack(nil) end)\n" \
    "  try(function() return table.unpack(nil, 1, 2) end)\n" \
    "  try(function() local u = {5, 3, 9, 1} table.sort(u) return list(u) end)\n" \
    "  try(function() local u = {5, 3, 9, 1} table.sort(u, function(a, b) return a > b end) return list(u) end)\n" \
    "  try(function() local u = {'b', 'a', 'c'} table.sort(u, nil) return list(u) end)\n" \
    "  try(function() table.sort({3, 'x', 1}) end)\n" \
    "  try(function() table.sort({1, 2, 3}, 5) end)\n" \
    "  try(function() local u = {} for i = 1, 50 do u[i] = i % 7 end table.sort(u, function() return true end) end)\n" \
    "  try(function() table.sort(nil) end)\n" \
    "  try(function() return list(table.move({1, 2, 3}, 1, 3, 2)) end)\n" \
    "  try(function() return list(table.move({1, 2, 3}, 1, 3, 1, {})) end)\n" \
    "  try(function() return table.move({}, 1, 'x', 1) end)\n" \
    "  try(function() return table.pack(1, nil, 3).n end)\n" \
    "  try(string.byte, 'hello', 2, 4)\n" \
    "  try(string.byte, 'hello', -2)\n" \
    "  try(string.byte, 'hello', 10)\n" \
    "  try(string.sub, 'hello', 2, -2)\n" \
    "  try(string.sub, 'hello', -100, 100)\n" \
    "  try(string.sub, 'hello', 'x')\n" \
    "  try(string.upper, 'abc')\n" \
    "  try(string.lower, 'ABC')\n" \
    "  try(string.reverse, 'abc')\n" \
    "  try(string.char, 72, 105)\n" \
    "  try(string.char, 256)\n" \
    "  try(string.format, '%5.2f|%d|%s|%q', 3.14159, 42, 'x', 'a\\nb')\n" \
    "  try(string.format, '%d', 'x')\n" \
    "  try(string.format, '%s', setmetatable({}, {__tostring = function() return 'T' end}))\n" \
    "  try(string.format, '%s %s', 1)\n" \
    "  try(string.pack, 'i4c3', 7, 'ab')\n" \
    "  try(string.pack, 'c2', 'abc')\n" \
    "  try(string.pack, 'z', 'a\\0b')\n" \
    "  try(function() return string.unpack('i4', string.pack('i4', 7)) end)\n" \
    "  try(string.unpack, 'c2c2', 'abcd')\n" \
    "  try(string.unpack, 'i4', 'ab')\n" \
    "  try(string.packsize, 'i4i8')\n" \
    "  try(string.packsize, 's')\n" \
    "  try(string.packsize, 'c99999999999')\n" \
    "  try(function() return '10' + 1, '3' * '4', -'2', '10' // '3', '7' % '4', '2' ^ '3', '9' / '2', '5' - '1' end)\n" \
    "  try(function() return 'a' + 1 end)\n" \
    "  try(function() return {} + '1' end)\n" \
    "  try(select, '#', 1, 2, 3)\n" \
    "  try(select, 2, 'a', 'b', 'c')\n" \
    "  try(select, -1, 1, 2)\n" \
    "  try(select, 0)\n" \
    "  try(tonumber, '0x10')\n" \
    "  try(tonumber, '10', 2)\n" \
    "  try(tonumber, 'z', 36)\n" \
    "  try(tonumber, '  12  ')\n" \
    "  try(tonumber, '1e5')\n" \
    "  try(tonumber)\n" \
    "  try(tonumber, 10, 16)\n" \
    "  try(tostring, 1.5)\n" \
    "  try(tostring, nil)\n" \
    "  try(function() return tostring() end)\n" \
    "  try(error, 'plain')\n" \
    "  try(error, 'level 0', 0)\n" \
    "  try(function() error('with position') end)\n" \
    "  try(function() error('level 2', 2) end)\n" \
    "  try(error)\n" \
    "  try(math.max, 1, 5, 3)\n" \
    "  try(math.min, 2)\n" \
    "  try(math.max)\n" \
    "  try(math.min, 1, 'x')\n" \
    "  try(utf8.char, 72, 233, 0x10FFFF)\n" \
    "  try(utf8.char, -1)\n" \
    "  try(utf8.codepoint, 'h\\u{E9}llo', 1, -1)\n" \
    "  try(utf8.codepoint, 'h\\u{E9}llo', 3)\n" \
    "  try(utf8.codepoint, 'abc', 0)\n" \
    "  try(utf8.len, 'h\\u{E9}llo')\n" \
    "  try(utf8.len, 'a\\xffb')\n" \
    "  try(utf8.len, 'abc', 5)\n" \
    "  try(utf8.offset, 'h\\u{E9}llo', 3)\n" \
    "  try(utf8.offset, 'h\\u{E9}llo', -1)\n" \
    "  try(utf8.offset, 'h\\u{E9}llo', 0, 3)\n" \
    "  try(utf8.offset, 'h\\u{E9}llo', 10)\n" \
    "  try(utf8.offset, 'h\\u{E9}llo', 1, 3)\n" \
    "  try(function() local c = {} for p, cp in utf8.codes('h\\u{E9}!') do c[#c + 1] = p .. ':' .. cp end return list(c) end)\n" \
    "  try(function() for p, cp in utf8.codes('a\\xff') do end end)\n" \
    "  try(function() local c = {} for p, cp in utf8.codes('\\xed\\xa0\\x80', true) do c[#c + 1] = cp end return list(c) end)\n" \
    "  try(os.date, '!%Y-%m-%d %H', 86400)\n" \
    "  try(os.date, '!%Ez', 0)\n" \
    "  try(function() return os.date('!*t', 0).year end)\n" \
    "  return table.concat(out, '|')\n" \
    "end\n"

static void test_same_answers_as_stock_lua(void)
{
    sdui_engine *e = script_engine_untimed();
    check_engine(e);
    script_write("same.lua", "%s%s", SAME_CODE,
                 "return { services = { same = { out = '' } },\n"
                 "  actions = { ['same/run'] = function(state) state.out = run() end } }\n");
    CHECK_STATUS(sdui_scripts_load(e, script_file("same.lua")), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"same/run\"}"), SDUI_OK);
    char *ours = state_string(e, "same", "out");
    /* The same calls in the stock interpreter this binding runs on. */
    script_write("stock.lua", "%s%s", SAME_CODE, "io.write(run())\n");
    char command[600];
    snprintf(command, sizeof command, "lua5.4 '%s' 2>&1", script_file("stock.lua"));
    FILE *p = popen(command, "r");
    char *stock = NULL;
    if (CHECK(p != NULL)) {
        size_t size = 0, cap = 1 << 16;
        stock = malloc(cap);
        size = fread(stock, 1, cap - 1, p);
        stock[size] = '\0';
        CHECK(pclose(p) == 0);
    }
    if (ours != NULL && stock != NULL && !CHECK_STR_EQ(ours, stock)) {
        /* Name the first call that differs. */
        const char *a = ours, *b = stock;
        int call = 1;
        while (*a && *a == *b) {
            call += *a == '|';
            a++, b++;
        }
        fprintf(stderr, "    call %d of run() differs: here \"%.80s\", stock \"%.80s\"\n", call, a, b);
    }
    free(ours);
    free(stock);
    sdui_engine_free(e);
    unlink(script_file("same.lua"));
    unlink(script_file("stock.lua"));
}

int main(void)
{
    script_folder_make("sdui-library");
    test_every_reachable_function_is_listed();
    test_escapes_stop();
    test_size_limit();
    test_escapes_in_callbacks();
    test_charged_work_meets_the_deadline();
    test_print();
    test_same_answers_as_stock_lua();
    script_folder_remove();
    return check_summary();
}
