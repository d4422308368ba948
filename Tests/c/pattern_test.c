/*
** pattern_test.c -- tests of Sources/SDUILua/pattern.c (budgeted
** string.find/match/gmatch/gsub) against the stock Lua 5.4 string library.
**
** Build and run (also under valgrind):
**   cc -O2 -g -Wall -Wextra -Werror -std=c11 $(pkg-config --cflags lua5.4) \
**      -ISources/SDUILua Tests/c/pattern_test.c Sources/SDUILua/pattern.c \
**      -llua5.4 -lm -o /tmp/pattern_test
**   /tmp/pattern_test [CASES]     differential + budget tests
**   /tmp/pattern_test --bench     throughput, budgeted vs stock
**   PT_TRACE=1 /tmp/pattern_test  also names each case on stderr before it runs
**
** Two Lua states run the same harness: one with the stock library, one
** with pattern_install'ed functions. Every case is run in both under pcall
** and the serialized results (all values with their types, or the error
** message) must be identical. The last line of a test run is exactly
** "N passed, M failed"; the exit status is 0 iff nothing failed.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

#include "pattern.h"

static int passed, failed;

#define CHECK(cond, ...)                                  \
  do {                                                    \
    if (cond) passed++;                                   \
    else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
           printf(__VA_ARGS__); printf("\n"); }           \
  } while (0)

/* ======================================================================
** Budget bookkeeping for the budgeted states
** ====================================================================== */

typedef struct Meter {
  long long steps;  /* charged so far */
  long long calls;  /* calls of charge */
  long long limit;  /* raise once steps exceed this (0: never) */
  long long max_batch;
} Meter;

static void charge (lua_State *L, void *ud, long long steps) {
  Meter *mt = (Meter *)ud;
  mt->steps += steps;
  mt->calls++;
  if (steps > mt->max_batch) mt->max_batch = steps;
  if (mt->limit > 0 && mt->steps > mt->limit)
    luaL_error(L, "budget exhausted");
}

/* ======================================================================
** Harness (Lua, the same text in both states)
** ====================================================================== */

static const char harness[] =
  "local T = setmetatable({a='<A>', b=false, ['1']='one', ab=3, ba=1.5,\n"
  "  c={}, [1]='p1', [2]=true}, {__index=function(t,k)\n"
  "    if k=='bb' then return 'BB' end end})\n"
  "local F = function(...)\n"
  "  local t = {}\n"
  "  for i = 1, select('#', ...) do t[i] = tostring((select(i, ...))) end\n"
  "  local k = t[1]\n"
  "  if k == 'a' then return nil elseif k == 'b' then return false\n"
  "  elseif k == 'c' then return {} elseif k == '1' then return 42 end\n"
  "  return '[' .. table.concat(t, ',') .. ']'\n"
  "end\n"
  "local G = function(x) return x end\n"
  "local env = {T=T, F=F, G=G, string=string, math=math}\n"
  "local function ser(r)\n"
  "  local o = {tostring(r[1])}\n"
  "  for i = 2, r.n do\n"
  "    local v = r[i]\n"
  "    local t = math.type(v) or type(v)\n"
  "    o[#o+1] = t .. ':' .. (type(v) == 'string' and string.format('%q', v)\n"
  "                           or tostring(v))\n"
  "  end\n"
  "  return table.concat(o, ' ')\n"
  "end\n"
  "local function ev(e) return load('return ' .. e, '=arg', 't', env)() end\n"
  "return function(op, s, p, e3, e4)\n"
  "  local a3, a4 = nil, nil\n"
  "  local n = 2\n"
  "  if e3 then a3 = ev(e3); n = 3 end\n"
  "  if e4 then a4 = ev(e4); n = 4 end\n"
  "  if op == 'gmatch' then\n"
  "    return ser(table.pack(pcall(function()\n"
  "      local out, it = {}, string.gmatch(s, p, a3)\n"
  "      for k = 1, 300 do\n"
  "        local r = table.pack(true, it())\n"
  "        if r[2] == nil then break end\n"
  "        out[#out+1] = ser(r)\n"
  "      end\n"
  "      return table.concat(out, ' | ')\n"
  "    end)))\n"
  "  end\n"
  "  local f = string[op]\n"
  "  if op == 'method' then\n"
  "    return ser(table.pack(pcall(function() return s:find(p, a3, a4) end)))\n"
  "  end\n"
  "  return ser(table.pack(pcall(f, table.unpack({s, p, a3, a4}, 1, n))))\n"
  "end\n";

/* A state with the harness function in the registry at "run". */
static lua_State *new_state (Meter *mt) {
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (mt != NULL) {
    lua_getglobal(L, "string");
    pattern_install(L, -1, charge, mt);
    lua_pop(L, 1);
  }
  if (luaL_loadstring(L, harness) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
    fprintf(stderr, "harness: %s\n", lua_tostring(L, -1));
    exit(2);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, "run");
  return L;
}

/* Runs one case in L; returns a malloc'd serialization of its results. */
static char *run_case (lua_State *L, const char *op, const char *s, size_t ls,
                       const char *p, size_t lp, const char *e3,
                       const char *e4) {
  size_t l;
  const char *r;
  char *out;
  lua_getfield(L, LUA_REGISTRYINDEX, "run");
  lua_pushstring(L, op);
  lua_pushlstring(L, s, ls);
  lua_pushlstring(L, p, lp);
  if (e3) lua_pushstring(L, e3); else lua_pushnil(L);
  if (e4) lua_pushstring(L, e4); else lua_pushnil(L);
  if (lua_pcall(L, 5, 1, 0) != LUA_OK) {
    r = lua_tolstring(L, -1, &l);
    out = malloc(l + 10);
    memcpy(out, "HARNESS:", 8);
    memcpy(out + 8, r, l + 1);
  } else {
    r = lua_tolstring(L, -1, &l);
    out = malloc(l + 1);
    memcpy(out, r, l + 1);
  }
  lua_pop(L, 1);
  return out;
}

static lua_State *stockL, *mineL;
static Meter diff_meter;
static int diff_cases, diff_mismatches;
static int diff_errors, diff_nomatch;  /* stock outcomes, for the record */

/* Compares one case in both states. */
static void diff (const char *op, const char *s, size_t ls, const char *p,
                  size_t lp, const char *e3, const char *e4, int verbose) {
  if (getenv("PT_TRACE")) fprintf(stderr, "%s [%.*s] [%.*s]\n", op, (int)ls, s, (int)lp, p);
  char *a = run_case(stockL, op, s, ls, p, lp, e3, e4);
  char *b = run_case(mineL, op, s, ls, p, lp, e3, e4);
  diff_cases++;
  if (strncmp(a, "false", 5) == 0) diff_errors++;
  else if (strcmp(a, "true nil:nil") == 0 || strcmp(a, "true string:\"\"") == 0)
    diff_nomatch++;
  if (strcmp(a, b) != 0) {
    diff_mismatches++;
    if (diff_mismatches <= 20) {
      printf("MISMATCH %s(%.*s, %.*s, %s, %s)\n  stock: %s\n  mine:  %s\n",
             op, (int)ls, s, (int)lp, p, e3 ? e3 : "-", e4 ? e4 : "-", a, b);
    }
  } else if (verbose) {
    printf("  %s(%s, %s) -> %s\n", op, s, p, a);
  }
  free(a);
  free(b);
}

#define DIFF(op, s, p, e3, e4) diff(op, s, strlen(s), p, strlen(p), e3, e4, 0)

/* ======================================================================
** Fixed cases
** ====================================================================== */

static void fixed_cases (void) {
  static const char *ops[] = {"find", "match", "gmatch", "method"};
  static const struct { const char *s, *p; } fm[] = {
    {"hello world", "o"}, {"hello world", "l+"}, {"hello world", "^h"},
    {"hello world", "^e"}, {"hello world", "d$"}, {"hello world", "o$"},
    {"hello", "$"}, {"hello", "^"}, {"hello", ""}, {"", ""}, {"", "^$"},
    {"", "a*"}, {"aaa", "a-"}, {"aaa", "a-$"}, {"aaa", "a*?"},
    {"a$b", "a$b"}, {"a^b", "a^b"}, {"x^", "^^"}, {"(a)", "%(a%)"},
    {"THE (quick) fox", "%((%a+)%)"}, {"THE (quick) fox", "%f[%a]%a+"},
    {"THE (quick) fox", "%f[%A]"}, {"THE (quick) fox", "%f[%l]%a+%f[%L]"},
    {"key = value", "(%w+)%s*=%s*(%w+)"}, {"hello", "()ll()"},
    {"hello", "()"}, {"abab", "(ab)%1"}, {"abab", "(a)(b)%2"},
    {"aa", "(a)%1$"}, {"abc", "()%1"}, {"abc", "(()a)"},
    {"f(a(b)c)d", "%b()"}, {"f(a(b)c", "%b()"}, {"xaay", "%baa"},
    {"[[x]]", "%b[]"}, {"abc", "%bab"}, {"abc", "[]"}, {"a]b", "[]]"},
    {"a]b", "[^]]+"}, {"a-b", "[a-]+"}, {"a-b", "[%a-]+"},
    {"a-b", "[-a]+"}, {"zzz", "[a-z%d]+"}, {"a.b", "[.]"},
    {"a%b", "[%%]"}, {"a%b", "%%"}, {"ab", "[^%a]"}, {"a b", "[%s]"},
    {"abc", "[a-c-e]+"}, {"z", "%z"}, {"\t\n x", "%s*%S"},
    {"Ab1_ ", "%w%W"}, {"Ab1_ ", "%u%l%d%p%s"}, {"Ab1_ ", "%U%L%D%P%S"},
    {"x\x7f", "%c"}, {"x\x7f", "%g+"}, {"0xAf", "%x+"}, {"0xAf", "%X"},
    {"a", "%"}, {"a", "[a"}, {"a", "[^"}, {"a", "[a%"}, {"a", "[%]"},
    {"a", "(a"}, {"a", "a)"}, {"a", "%1"}, {"a", "%0"}, {"a", "(a)%2"},
    {"a", "%b"}, {"a", "%ba"}, {"a", "%f"}, {"a", "%fa"}, {"a", "%f[a"},
    {"a", "((((((((((((((((((((((((((((((((("},
    {"a", "(((((((((((((((((((((((((((((((("},
    {"a", "()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()"},
    {"a", "()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()()"},
    {"hello", "(h)(e)(l)(l)(o)"}, {"a.b", "a.b"}, {"a+b", "a+b"},
    {"a+b", "a%+b"}, {"a)b", "a)b"}, {"a]b", "a]b"}, {"aaa", "a?a?a?a"},
    {"aaab", "a-b"}, {"aaab", "^a-b$"}, {"ab", "a*$"}, {"x", "x**"},
    {"x*", "x**"}, {"*a", "*a"}, {"+", "+"}, {"-", "-"}, {"?", "?"},
    {"a\0b", "%z"}, {"a\0b", "[%z]"}, {"ab", ".-b"}, {"abc", "^(.-)c$"},
  };
  static const char *inits[] = {NULL, "1", "2", "0", "-1", "-2", "-100",
                                "100", "5", "6", "12", "3.0", "1.5", "'2'",
                                "'x'", "{}", "math.mininteger",
                                "math.maxinteger", "-math.maxinteger"};
  size_t i, j, k;
  for (i = 0; i < sizeof fm / sizeof fm[0]; i++)
    for (j = 0; j < sizeof ops / sizeof ops[0]; j++)
      for (k = 0; k < sizeof inits / sizeof inits[0]; k++)
        DIFF(ops[j], fm[i].s, fm[i].p, inits[k], NULL);
  /* embedded zeros */
  diff("find", "a\0b\0c", 5, "\0", 1, NULL, NULL, 0);
  diff("find", "a\0b\0c", 5, "%z", 2, NULL, NULL, 0);
  diff("find", "a\0b\0c", 5, "b\0", 2, NULL, "true", 0);
  diff("find", "a\0b\0c", 5, "\0.", 2, NULL, NULL, 0);
  diff("find", "a\0b\0c", 5, "%\0", 2, NULL, NULL, 0);
  diff("match", "a\0b\0c", 5, "[\0]", 3, NULL, NULL, 0);
  diff("gsub", "a\0b\0c", 5, "\0", 1, "'%%0'", NULL, 0);
  diff("find", "x%f[\0]", 6, "%f[\0]", 5, NULL, NULL, 0);
  diff("find", "x", 1, "%f[\0]", 5, NULL, NULL, 0);
  diff("find", "\0x", 2, "%f[%z]", 6, NULL, NULL, 0);
  /* plain find */
  {
    static const char *pl[][2] = {
      {"a.b.c", "."}, {"a.b.c", ".c"}, {"a+b", "+"}, {"abc", ""},
      {"", ""}, {"", "a"}, {"aaab", "aab"}, {"ab", "abc"}, {"a(b", "("},
      {"a)b", ")"}, {"a]b", "]"}, {"a[b", "["}, {"x%y", "%"},
    };
    static const char *pinits[] = {"1", "2", "-1", "-3", "0", "3", "4",
                                   "5", "6", "-100", "100"};
    static const char *plains[] = {"true", "false", "nil", "1", "'x'"};
    size_t a, c, d;
    for (a = 0; a < sizeof pl / sizeof pl[0]; a++)
      for (c = 0; c < sizeof pinits / sizeof pinits[0]; c++)
        for (d = 0; d < sizeof plains / sizeof plains[0]; d++)
          DIFF("find", pl[a][0], pl[a][1], pinits[c], plains[d]);
  }
  /* gsub */
  {
    static const struct { const char *s, *p; } gs[] = {
      {"hello world", "o"}, {"hello world", "(o)"}, {"hello world", "%w+"},
      {"hello world", "(%w+) (%w+)"}, {"hello", ""}, {"", ""}, {"abc", "x*"},
      {"abc", "b*"}, {"abc", "^"}, {"abc", "$"}, {"abc", "^a"},
      {"abc", "^b"}, {"aaa", "^a"}, {"abc", "()"}, {"abc", "(b)()"},
      {"ab ba a b", "%w+"}, {"a b c 1", "%w"}, {"abc", "(a)(b)(c)"},
      {"abc", "(a"}, {"abc", "a)"}, {"abc", "[b"}, {"a,b,,c", ",*"},
      {"a,b,,c", "[^,]*"}, {"x = 1, y = 2", "(%w+) = (%w+)"},
    };
    static const char *reps[] = {"'x'", "''", "'%0'", "'<%1>'", "'%2%1'",
                                 "'%%'", "'%'", "'a%'", "'%x'", "'%3'",
                                 "'%9'", "'%0%0'", "T", "F", "G", "7", "1.5",
                                 "true", "nil", "{}", "'\\0'", "'%\\0'"};
    static const char *ns[] = {NULL, "0", "1", "2", "-1", "100", "1.5",
                               "'2'", "'x'", "math.mininteger",
                               "math.maxinteger"};
    size_t a, c, d;
    for (a = 0; a < sizeof gs / sizeof gs[0]; a++)
      for (c = 0; c < sizeof reps / sizeof reps[0]; c++)
        for (d = 0; d < sizeof ns / sizeof ns[0]; d++)
          DIFF("gsub", gs[a].s, gs[a].p, reps[c], ns[d]);
    DIFF("gsub", "abc", "b", NULL, NULL);
  }
  /* arguments of the wrong type */
  DIFF("find", "abc", "b", "{}", NULL);
  diff("gsub", "abc", 3, "b", 1, "print", NULL, 0);
  /* depth: "pattern too complex" exactly where stock says it */
  {
    char s[700], p[700];
    int n, q;
    static const char *quant[] = {"a?", "a*", "a-", "(a)", "()a"};
    for (q = 0; q < 5; q++) {
      for (n = 190; n <= 210; n++) {
        int t;
        memset(s, 'a', (size_t)n);
        s[n] = 0;
        p[0] = 0;
        for (t = 0; t < n; t++) strcat(p, quant[q]);
        if (strlen(p) < sizeof p - 4) {
          DIFF("find", s, p, NULL, NULL);
          if (q >= 3) {  /* no backtracking: a failure is cheap */
            strcat(p, "b");
            DIFF("match", s, p, NULL, NULL);
          }
        }
      }
    }
  }
  /* huge patterns: limits hit, no C stack trouble */
  {
    static const char *units[] = {"a?", "a*", "(", "()", "%b()", "a", "[a]",
                                  "%f[a]", "(a)%1", "a-"};
    size_t u, reps = 100000;
    char *s = malloc(reps + 1), *p = malloc(5 * reps + 1);
    memset(s, 'a', reps);
    s[reps] = 0;
    for (u = 0; u < sizeof units / sizeof units[0]; u++) {
      size_t k, l = strlen(units[u]);
      for (k = 0; k < reps; k++) memcpy(p + k * l, units[u], l);
      p[reps * l] = 0;
      DIFF("find", s, p, NULL, NULL);
      DIFF("gsub", s, p, "'x'", NULL);
    }
    free(s);
    free(p);
  }
  /* a long gsub and a long gmatch */
  {
    static char big[20001];
    int t;
    for (t = 0; t < 20000; t++) big[t] = "ab c(d)e  "[t % 10];
    big[20000] = 0;
    DIFF("gsub", big, "%s+", "' '", NULL);
    DIFF("gsub", big, "%b()", "F", NULL);
    DIFF("gsub", big, "(%w)(%w*)", "'%2%1'", NULL);
    DIFF("find", big, "e  ab c", NULL, NULL);
    DIFF("gmatch", big, "%a+", NULL, NULL);
  }
}

/* ======================================================================
** Random cases
** ====================================================================== */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

/* xorshift64*: deterministic across runs. */
static unsigned rnd (unsigned n) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

static void random_cases (int count) {
  static const char *toks[] = {
    "a", "b", "c", "a", "b", ".", "%a", "%d", "%s", "%W", "%l", "%U",
    "[ab]", "[^a]", "[a-c]", "[%d%s]", "[]a]", "[^]b]", "*", "+", "-", "?",
    "*", "+", "-", "?", "(", ")", "(", ")", "()", "^", "$", "%1", "%2",
    "%b()", "%bab", "%f[%w]", "%f[a]", "%f[^a]", "%", "[", "]", "%%", "1",
    " ", "%(", "%)", "%.", "%z", "\0",
  };
  static const char subj[] = "aabbc (1)a b\0ab";
  static const char *reps[] = {"'x'", "'%0'", "'<%1>'", "'%2%1'", "'%%'",
                               "'%'", "T", "F", "G", "7", "''"};
  static const char *inits[] = {"1", "2", "-1", "-3", "0", "4", "20"};
  int i;
  for (i = 0; i < count; i++) {
    char s[32], p[64];
    size_t ls = rnd(13), lp = 0;
    unsigned nt = rnd(7), t;
    const char *e3 = NULL, *e4 = NULL, *op;
    for (t = 0; t < ls; t++) s[t] = subj[rnd(sizeof subj - 1)];
    s[ls] = 0;
    for (t = 0; t < nt; t++) {
      const char *k = toks[rnd(sizeof toks / sizeof toks[0])];
      size_t l = (*k == 0) ? 1 : strlen(k);
      memcpy(p + lp, k, l);
      lp += l;
    }
    p[lp] = 0;
    switch (rnd(5)) {
      case 0: op = "find"; break;
      case 1: op = "match"; break;
      case 2: op = "gmatch"; break;
      default: op = "gsub"; break;
    }
    if (strcmp(op, "gsub") == 0) {
      e3 = reps[rnd(sizeof reps / sizeof reps[0])];
      if (rnd(4) == 0) e4 = rnd(2) ? "1" : "2";
    } else if (rnd(3) == 0) {
      e3 = inits[rnd(sizeof inits / sizeof inits[0])];
      if (strcmp(op, "find") == 0 && rnd(3) == 0) e4 = "true";
    }
    diff(op, s, ls, p, lp, e3, e4, 0);
  }
}

/* ======================================================================
** Budget tests
** ====================================================================== */

/* Runs chunk (which must raise through pcall) in a budgeted state with the
** given limit; checks the budget error and that it stopped near the limit. */
static void budget_case (const char *name, const char *chunk, long long limit) {
  Meter mt = {0, 0, limit, 0};
  lua_State *L = new_state(&mt);
  const char *msg;
  int st = luaL_loadstring(L, chunk);
  if (st == LUA_OK) st = lua_pcall(L, 0, 0, 0);
  msg = (st == LUA_OK) ? "(no error)" : lua_tostring(L, -1);
  CHECK(st != LUA_OK && strstr(msg, "budget exhausted") != NULL,
        "%s: wanted the budget error, got %s", name, msg);
  CHECK(mt.steps > limit && mt.steps - limit <= 2 * PATTERN_BATCH + 70000,
        "%s: stopped at %lld steps for a limit of %lld (largest batch %lld)",
        name, mt.steps, limit, mt.max_batch);
  printf("budget %-10s: stopped after %lld steps, %lld charges, batch <= %lld\n",
         name, mt.steps, mt.calls, mt.max_batch);
  lua_close(L);
}

/* Steps charged for a chunk that should run to the end. */
static long long cheap_steps (const char *chunk) {
  Meter mt = {0, 0, 0, 0};
  lua_State *L = new_state(&mt);
  int st = luaL_loadstring(L, chunk);
  if (st == LUA_OK) st = lua_pcall(L, 0, 0, 0);
  CHECK(st == LUA_OK, "cheap chunk failed: %s", lua_tostring(L, -1));
  lua_close(L);
  return mt.steps;
}

static void budget_tests (void) {
  long long n;
  budget_case("lazy", "string.rep('a', 3000):find('.-.-.-.-b')", 1000000);
  budget_case("method", "local s = string.rep('a', 3000); s:find('.-.-.-.-b')",
              1000000);
  budget_case("balance", "string.rep('(', 200000):find('%b()')", 1000000);
  budget_case("backref", "string.rep('a', 200000):find('(a*)%1b')", 1000000);
  budget_case("plain",
              "string.rep('a', 1000000):find(string.rep('a', 5000) .. 'b', 1, true)",
              1000000);
  budget_case("plain2",
              "string.rep('a', 1000000):find(string.rep('a', 5000) .. 'b')",
              1000000);
  budget_case("gmatch",
              "for _ in string.rep('a', 3000):gmatch('.-.-.-b') do end", 1000000);
  budget_case("gsub", "string.rep('a', 3000):gsub('.-.-.-b', 'x')", 1000000);
  budget_case("gsubcopy", "string.rep('a', 100000):gsub('', string.rep('x', 100))",
              1000000);
  budget_case("bigset",
              "string.rep('b', 100000):find('[' .. string.rep('a', 100000) .. ']')",
              1000000);
  budget_case("bigset2",
              "string.rep('b', 100000):find('[' .. string.rep('a', 100000) .. ']?c')",
              1000000);
  budget_case("frontier",
              "string.rep('b', 100000):find('%f[' .. string.rep('a', 100000) .. ']')",
              1000000);
  budget_case("scan", "for i = 1, 1000 do string.rep('a', 1000000):find('b', 1, true) end",
              1000000);
  budget_case("match", "string.rep('a', 3000):match('^(.-)(.-)(.-)b$')",
              1000000);
  n = cheap_steps("assert(('hello world'):find('wor') == 7)");
  CHECK(n > 0 && n < 50, "cheap plain find charged %lld steps", n);
  n = cheap_steps("assert(string.find('hello world', 'w(o)r') == 7)");
  CHECK(n > 0 && n < 100, "cheap pattern find charged %lld steps", n);
  n = cheap_steps("assert(string.gsub('hello world', 'o', '0') == 'hell0 w0rld')");
  CHECK(n > 0 && n < 100, "cheap gsub charged %lld steps", n);
  n = cheap_steps("for w in ('one two'):gmatch('%a+') do end");
  CHECK(n > 0 && n < 100, "cheap gmatch charged %lld steps", n);
  printf("cheap matches: a few dozen steps each (last %lld)\n", n);
}

/* ======================================================================
** Throughput
** ====================================================================== */

static double now (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds for chunk in L, best of 5. */
static double timeit (lua_State *L, const char *chunk) {
  double best = 1e9;
  int i;
  for (i = 0; i < 5; i++) {
    double t0 = now();
    if (luaL_dostring(L, chunk) != LUA_OK) {
      fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
      exit(2);
    }
    t0 = now() - t0;
    if (t0 < best) best = t0;
  }
  return best;
}

static void bench (void) {
  static const char setup[] =
    "local w = {'lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur'}\n"
    "local t, n = {}, 0\n"
    "while n < 100000 do local x = w[#t % 6 + 1] .. (#t % 7 == 0 and '  \\n' or ' ')\n"
    "  t[#t+1] = x; n = n + #x end\n"
    "TEXT = table.concat(t)\n";
  static const struct { const char *name, *chunk; } cases[] = {
    {"gsub %s+ 100KB", "for i = 1, 20 do TEXT:gsub('%s+', ' ') end"},
    {"find plain", "for i = 1, 200 do TEXT:find('needle', 1, true) end"},
    {"find pattern", "for i = 1, 20 do TEXT:find('ne+dle') end"},
    {"gmatch %a+", "for i = 1, 10 do for w in TEXT:gmatch('%a+') do end end"},
    {"match kv", "for i = 1, 200000 do ('key = value'):match('(%w+)%s*=%s*(%w+)') end"},
    {"gsub fn", "for i = 1, 5 do TEXT:gsub('%a+', string.upper) end"},
  };
  Meter mt = {0, 0, 0, 0};
  lua_State *a = luaL_newstate(), *b = new_state(&mt);
  size_t i;
  luaL_openlibs(a);
  if (luaL_dostring(a, setup) || luaL_dostring(b, setup)) exit(2);
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double ta = timeit(a, cases[i].chunk), tb = timeit(b, cases[i].chunk);
    printf("%-16s stock %8.2f ms  budgeted %8.2f ms  ratio %.2f\n",
           cases[i].name, ta * 1e3, tb * 1e3, tb / ta);
  }
  lua_close(a);
  lua_close(b);
}

int main (int argc, char **argv) {
  int count = 20000;
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc > 1 && strcmp(argv[1], "--bench") == 0) { bench(); return 0; }
  if (argc > 1) count = atoi(argv[1]);
  stockL = new_state(NULL);
  mineL = new_state(&diff_meter);
  fixed_cases();
  printf("fixed differential cases: %d, mismatches %d\n", diff_cases,
         diff_mismatches);
  random_cases(count);
  printf("all differential cases: %d (stock: %d errors, %d no match, %d "
         "results), mismatches %d\n", diff_cases, diff_errors, diff_nomatch,
         diff_cases - diff_errors - diff_nomatch, diff_mismatches);
  passed += diff_cases - diff_mismatches;  /* each case counts once */
  failed += diff_mismatches;
  lua_close(stockL);
  lua_close(mineL);
  budget_tests();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
