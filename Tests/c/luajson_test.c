/*
** luajson_test.c -- tests of Sources/SDUILua/luajson.c (JSON <-> Lua values)
** and of its sibling packed.c (packed values <-> Lua values), which must give
** what the JSON route gives.
**
** Build and run (also under valgrind):
**   cc -std=c11 -Wall -Wextra -Werror -I/usr/include/lua5.4 -ISources/SDUILua -Iinclude \
**      Tests/c/luajson_test.c Sources/SDUILua/luajson.c Sources/SDUILua/packed.c \
**      -llua5.4 -lm -o /tmp/luajson_test
**   /tmp/luajson_test [PAGE.json]        tests (PAGE: also a round trip of it)
**   /tmp/luajson_test --bench PAGE.json [ROUNDS]   timings, with lua-cjson if present
**
** The last line of a test run is exactly "N passed, M failed"; the exit
** status is 0 iff nothing failed.
*/
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

#include "luajson.h"
#include "packed.h"

/* ---- the harness ------------------------------------------------------ */

static int passed, failed;

/* Counts one check; prints file:line and what failed. Returns ok. */
static int check_(int ok, int line, const char *what, const char *detail)
{
    if (ok) {
        passed++;
        return 1;
    }
    failed++;
    fprintf(stderr, "luajson_test.c:%d: FAILED: %s%s%s\n", line, what, detail ? "\n    " : "",
            detail ? detail : "");
    return 0;
}

#define CHECK(cond) check_((cond) != 0, __LINE__, #cond, NULL)

/* Compares two strings (NULL never equals); prints both on failure. */
static int check_str_(const char *got, const char *want, int line, const char *what)
{
    char detail[600];
    if (got != NULL && strcmp(got, want) == 0)
        return check_(1, line, what, NULL);
    snprintf(detail, sizeof detail, "got  \"%.250s\"\n    want \"%.250s\"", got ? got : "(null)", want);
    return check_(0, line, what, detail);
}

#define CHECK_STR(got, want) check_str_((got), (want), __LINE__, #got)

static lua_State *L;

/* ---- Lua-side helpers ------------------------------------------------- */

/* decode(s): luajson_decode of the whole string. */
static int l_decode(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    luajson_decode(L, s, n);
    return 1;
}

/* encode(v): luajson_pushencoded. */
static int l_encode(lua_State *L)
{
    lua_settop(L, 1);
    luajson_pushencoded(L, 1);
    return 1;
}

/* encodebuf(v): luajson_encode into a caller's buffer, then a string. */
static int l_encodebuf(lua_State *L)
{
    luajson_buffer b = {NULL, 0, 0, 0};
    lua_settop(L, 1);
    luajson_encode(L, 1, &b);
    lua_pushlstring(L, b.data, b.len);
    luajson_buffer_free(&b);
    return 1;
}

/* encode_into(v): luajson_encode into the buffer whose address is upvalue 1. */
static int l_encode_into(lua_State *L)
{
    lua_settop(L, 1);
    luajson_encode(L, 1, (luajson_buffer *)lua_touserdata(L, lua_upvalueindex(1)));
    return 0;
}

/* markarray(t): marks t, returns it. */
static int l_markarray(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    luajson_markarray(L, 1);
    return 1;
}

/* luajson_markarray on argument 1, whatever it is. */
static int l_markarray_any(lua_State *L)
{
    luajson_markarray(L, 1);
    return 0;
}

/* proxy(mt): marks the metatable mt as a proxy's, returns it. */
static int l_proxy(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    luajson_setproxy(L, 1);
    return 1;
}

/* isarray(v), isnull(v) */
static int l_isarray(lua_State *L)
{
    lua_pushboolean(L, luajson_isarray(L, 1));
    return 1;
}

static int l_isnull(lua_State *L)
{
    lua_pushboolean(L, luajson_isnull(L, 1));
    return 1;
}

/* lightud(): a light userdata that is not the null marker. */
static int l_lightud(lua_State *L)
{
    static int x;
    lua_pushlightuserdata(L, &x);
    return 1;
}

/* Lua: deep equality (subtypes, null, array marks) used by the tests. */
static const char *lua_prelude =
    "function deepeq(a, b)\n"
    "  if type(a) ~= type(b) then return false end\n"
    "  if type(a) == 'number' then\n"
    "    if math.type(a) ~= math.type(b) then return false end\n"
    "    if a ~= a then return b ~= b end\n"
    "    return a == b and (a ~= 0 or 1/a == 1/b)\n"
    "  end\n"
    "  if type(a) ~= 'table' then return a == b end\n"
    "  if isarray(a) ~= isarray(b) then return false end\n"
    "  for k, v in pairs(a) do if not deepeq(v, rawget(b, k)) then return false end end\n"
    "  for k in pairs(b) do if rawget(a, k) == nil then return false end end\n"
    "  return true\n"
    "end\n";

/* pack(v): the packed bytes of v as a string, or false when packing refuses it. */
static int l_pack(lua_State *L)
{
    packed_buffer b = {0};
    lua_settop(L, 1);
    if (packed_encode(L, 1, &b))
        lua_pushlstring(L, (const char *)b.data, b.len);
    else
        lua_pushboolean(L, 0);
    packed_buffer_free(&b);
    CHECK(lua_gettop(L) == 2); /* packing leaves the stack as it was */
    return 1;
}

/* unpack(s): packed_push of the whole string. */
static int l_unpack(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    packed_push(L, s, n);
    return 1;
}

/* Opens the state with the helpers as globals. */
static void open_state(void)
{
    L = luaL_newstate();
    luaL_openlibs(L);
    lua_register(L, "decode", l_decode);
    lua_register(L, "encode", l_encode);
    lua_register(L, "encodebuf", l_encodebuf);
    lua_register(L, "markarray", l_markarray);
    lua_register(L, "isarray", l_isarray);
    lua_register(L, "isnull", l_isnull);
    lua_register(L, "proxy", l_proxy);
    lua_register(L, "lightud", l_lightud);
    lua_register(L, "pack", l_pack);
    lua_register(L, "unpack", l_unpack);
    luajson_pushnull(L);
    lua_setglobal(L, "null");
    if (luaL_dostring(L, lua_prelude) != LUA_OK) {
        fprintf(stderr, "prelude: %s\n", lua_tostring(L, -1));
        exit(2);
    }
}

/* Runs chunk `code` with one result; returns the status, leaves result or message. */
static int run(const char *code)
{
    int st = luaL_loadstring(L, code);
    if (st == LUA_OK)
        st = lua_pcall(L, 0, 1, 0);
    return st;
}

/* `code` must run and return exactly true. */
static void lua_true_(const char *code, int line)
{
    int st = run(code);
    int ok = st == LUA_OK && lua_isboolean(L, -1) && lua_toboolean(L, -1);
    char detail[600];
    snprintf(detail, sizeof detail, "%s -> %s", code,
             st != LUA_OK ? lua_tostring(L, -1) : luaL_typename(L, -1));
    check_(ok, line, "Lua check", ok ? NULL : detail);
    lua_pop(L, 1);
}

#define LUA_TRUE(code) lua_true_((code), __LINE__)

/* The value `code` returns must encode (both ways) as `want`. */
static void encodes_(const char *code, const char *want, int line)
{
    char call[1024];
    int top = lua_gettop(L);
    snprintf(call, sizeof call, "return encode((function() %s end)())", code);
    if (run(call) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
        check_str_(lua_tostring(L, -1), want, line, code);
    else
        check_(0, line, code, lua_tostring(L, -1));
    lua_pop(L, 1);
    snprintf(call, sizeof call, "return encodebuf((function() %s end)())", code);
    if (run(call) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
        check_str_(lua_tostring(L, -1), want, line, code);
    else
        check_(0, line, code, lua_tostring(L, -1));
    lua_pop(L, 1);
    check_(lua_gettop(L) == top, line, "stack balanced", NULL);
}

#define ENCODES(code, want) encodes_((code), (want), __LINE__)

/* Encoding the value `code` returns must raise exactly `msg` (both ways). */
static void encode_fails_(const char *code, const char *msg, int line)
{
    static const char *const fns[] = {"encode", "encodebuf"};
    size_t i;
    for (i = 0; i < 2; i++) {
        size_t n = strlen(code) + 64;
        char *call = malloc(n);
        snprintf(call, n, "return %s((function() %s end)())", fns[i], code);
        if (run(call) != LUA_OK)
            check_str_(lua_tostring(L, -1), msg, line, code);
        else
            check_(0, line, code, "encoded without error");
        lua_pop(L, 1);
        free(call);
    }
}

#define ENCODE_FAILS(code, msg) encode_fails_((code), (msg), __LINE__)

/* Decodes the n bytes at json from a pcall'd C function. */
static int l_decode_raw(lua_State *L)
{
    const char *json = (const char *)lua_touserdata(L, 1);
    size_t n = (size_t)lua_tointeger(L, 2);
    luajson_decode(L, json, n);
    return 1;
}

/*
** Decodes the n bytes of text from an exactly sized malloc'd copy (so that
** valgrind sees any read past the end); returns the pcall status and leaves
** the value or the message on the stack.
*/
static int decode_exact(const char *text, size_t n)
{
    char *copy = malloc(n ? n : 1);
    int st;
    if (n != 0)
        memcpy(copy, text, n);
    lua_pushcfunction(L, l_decode_raw);
    lua_pushlightuserdata(L, copy);
    lua_pushinteger(L, (lua_Integer)n);
    st = lua_pcall(L, 2, 1, 0);
    free(copy);
    return st;
}

/* Decoding must raise exactly `msg`. */
static void decode_fails_(const char *text, size_t n, const char *msg, int line)
{
    int top = lua_gettop(L);
    if (decode_exact(text, n) != LUA_OK)
        check_str_(lua_tostring(L, -1), msg, line, text);
    else
        check_(0, line, text, "decoded without error");
    lua_settop(L, top);
}

#define DECODE_FAILS(text, msg) decode_fails_((text), strlen(text), (msg), __LINE__)

/* decode(json) then encode must give json back. */
static void roundtrip_(const char *json, int line)
{
    char call[2048];
    lua_pushstring(L, json);
    lua_setglobal(L, "text");
    snprintf(call, sizeof call, "return encode(decode(text))");
    if (run(call) == LUA_OK)
        check_str_(lua_tostring(L, -1), json, line, "round trip");
    else
        check_(0, line, json, lua_tostring(L, -1));
    lua_pop(L, 1);
}

#define ROUNDTRIP(json) roundtrip_((json), __LINE__)

/* ---- decoding ----------------------------------------------------------- */

static void test_decode_scalars(void)
{
    int top = lua_gettop(L);
    LUA_TRUE("return isnull(decode('null')) and decode('null') == null");
    LUA_TRUE("return decode('true') == true and decode('false') == false");
    LUA_TRUE("return math.type(decode('0')) == 'integer' and decode('0') == 0");
    LUA_TRUE("return math.type(decode('-0')) == 'integer' and decode('-0') == 0");
    LUA_TRUE("local v = decode('-0.0') return math.type(v) == 'float' and 1/v == -math.huge");
    LUA_TRUE("return math.type(decode('42')) == 'integer' and decode('-42') == -42");
    LUA_TRUE("return decode('9223372036854775807') == math.maxinteger");
    LUA_TRUE("return decode('-9223372036854775808') == math.mininteger");
    LUA_TRUE("local v = decode('9223372036854775808') return math.type(v) == 'float' and v == 2^63");
    LUA_TRUE("local v = decode('-9223372036854775809') return math.type(v) == 'float' and v == -2^63");
    LUA_TRUE("local v = decode('123456789012345678901234567890')\n"
             "return math.type(v) == 'float' and v == 1.2345678901234568e+29");
    LUA_TRUE("return decode('1e300') == 1e300 and math.type(decode('1e300')) == 'float'");
    LUA_TRUE("return decode('0.1') == 0.1 and decode('-7.8') == -7.8");
    LUA_TRUE("return decode('1E2') == 100.0 and math.type(decode('1E2')) == 'float'");
    LUA_TRUE("return decode('1e-2') == 0.01 and decode('1.5e+3') == 1500.0");
    LUA_TRUE("return decode('2.2250738585072014e-308') == 2.2250738585072014e-308");
    LUA_TRUE("return decode('5e-324') == 5e-324 and decode('1e-400') == 0.0");
    LUA_TRUE("return decode('1.7976931348623157e308') == 1.7976931348623157e308");
    LUA_TRUE("return decode('0.30000000000000004') == 0.1 + 0.2");
    LUA_TRUE("return decode('0.000000000000000000000000001') == 1e-27");
    LUA_TRUE("return decode('3.141592653589793238462643383279') == math.pi");
    LUA_TRUE("return decode('9007199254740993') == 9007199254740993"); /* integer, exact */
    LUA_TRUE("return decode('9007199254740993.0') == 9007199254740992.0");
    LUA_TRUE("return decode(' \\t\\r\\n 1 \\n') == 1");
    CHECK(lua_gettop(L) == top);
}

static void test_decode_strings(void)
{
    LUA_TRUE("return decode('\"\"') == ''");
    LUA_TRUE("return decode('\"plain text\"') == 'plain text'");
    LUA_TRUE("return decode([[\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"]]) == 'a\"b\\\\c/d\\b\\f\\n\\r\\t'");
    LUA_TRUE("return decode([[\"\\u0041\\u00e9\\u00E9\\u20ac\"]]) == 'A\\u{e9}\\u{e9}\\u{20ac}'");
    LUA_TRUE("return decode([[\"\\ud83d\\ude00\"]]) == '\\xF0\\x9F\\x98\\x80'");
    LUA_TRUE("return decode([[\"x\\uD834\\uDD1Ey\"]]) == 'x\\u{1D11E}y'");
    LUA_TRUE("return decode([[\"\\u0000\"]]) == '\\0' and #decode([[\"a\\u0000b\"]]) == 3");
    LUA_TRUE("return decode([[\"\\u07ff\\u0800\\uffff\"]]) == '\\u{7ff}\\u{800}\\u{ffff}'");
    LUA_TRUE("return decode('\"caf\\xC3\\xA9 \\xE2\\x82\\xAC\"') == 'caf\\xC3\\xA9 \\xE2\\x82\\xAC'");
    LUA_TRUE("return decode('\"\\xFF\\xFE\"') == '\\xFF\\xFE'"); /* bytes copied as they are */
    /* a long escaped string: the scratch buffer grows */
    LUA_TRUE("local s = string.rep('ab\\\\n', 5000)\n"
             "return decode('\"' .. s .. '\"') == string.rep('ab\\n', 5000)");
    /* keys come from the decoder's key cache: 300 keys of 1 to 30 bytes, more than
    ** its slots, in objects that repeat them, each read back under the right key */
    LUA_TRUE("local keys, parts = {}, {}\n"
             "for i = 1, 300 do keys[i] = string.rep(string.char(97 + i % 26), 1 + i % 30) .. i % 7 end\n"
             "for i = 1, 2000 do local k = keys[1 + (i * 37) % 300]\n"
             "  parts[i] = string.format('{\"%s\":%d,\"x\":%d}', k, i, i) end\n"
             "local t = decode('[' .. table.concat(parts, ',') .. ']')\n"
             "for i = 1, 2000 do local k = keys[1 + (i * 37) % 300]\n"
             "  local n = 0 for _ in pairs(t[i]) do n = n + 1 end\n"
             "  if t[i][k] ~= i or t[i].x ~= i or n ~= (k == 'x' and 1 or 2) then return false end end\n"
             "return true");
    /* keys with escapes */
    LUA_TRUE("local t = decode([[{\"a\\nb\":1,\"\\u00e9\":2}]]) return t['a\\nb'] == 1 and t['\\u{e9}'] == 2");
}

/* The run of plain bytes, one byte at a time: what luajson_plain_run must return. */
static size_t plain_run_reference(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (unsigned char)s[i] >= 0x20 && s[i] != '"' && s[i] != '\\')
        i++;
    return i;
}

/*
** luajson_plain_run, which scans 16 or 8 bytes at a time, against the
** reference: each byte that ends a run (quote, backslash, every control
** byte) at each position of texts up to 70 bytes, among plain ASCII and
** high bytes (which never end one), then random texts.
*/
static void test_plain_run(void)
{
    char text[70];
    const unsigned char fill[] = {'a', 0x7F, 0x80, 0xC3, 0xFF, ' '};
    int mismatches = 0;
    for (size_t f = 0; f < sizeof fill; f++) {
        for (size_t n = 0; n <= sizeof text; n++) {
            memset(text, fill[f], sizeof text);
            mismatches += luajson_plain_run(text, n) != n;
            for (size_t at = 0; at < n; at++) {
                for (int stop = 0; stop < 0x20 + 2; stop++) {
                    char c = stop < 0x20 ? (char)stop : stop == 0x20 ? '"' : '\\';
                    text[at] = c;
                    mismatches += luajson_plain_run(text, n) != at;
                    text[at] = (char)fill[f];
                }
            }
        }
    }
    unsigned seed = 7;
    for (int round = 0; round < 20000; round++) {
        size_t n = (size_t)(rand_r(&seed) % (int)sizeof text);
        for (size_t i = 0; i < n; i++) /* mostly plain, a stop byte now and then */
            text[i] = rand_r(&seed) % 40 == 0 ? (char)(rand_r(&seed) % 0x20) : (char)(0x20 + rand_r(&seed) % 0xE0);
        mismatches += luajson_plain_run(text, n) != plain_run_reference(text, n);
    }
    CHECK(mismatches == 0);
}

static void test_decode_containers(void)
{
    int top = lua_gettop(L);
    LUA_TRUE("local t = decode('[]') return type(t) == 'table' and next(t) == nil and isarray(t)");
    LUA_TRUE("local t = decode('{}') return type(t) == 'table' and next(t) == nil and not isarray(t)");
    LUA_TRUE("local t = decode('[1,\"two\",3.5,true,null,[],{}]')\n"
             "return #t == 7 and t[1] == 1 and t[2] == 'two' and t[3] == 3.5 and t[4] == true\n"
             "  and t[5] == null and isarray(t[6]) and not isarray(t[7])");
    LUA_TRUE("local t = decode('{\"a\":[1,{\"b\":null}],\"c\":{\"d\":{\"e\":[[]]}}}')\n"
             "return t.a[1] == 1 and t.a[2].b == null and isarray(t.a) and not isarray(t.a[2])\n"
             "  and isarray(t.c.d.e) and isarray(t.c.d.e[1]) and #t.c.d.e[1] == 0");
    LUA_TRUE("local t = decode(' { \"a\" : [ 1 , 2 ] , \"b\" : { } } ') return #t.a == 2 and next(t.b) == nil");
    LUA_TRUE("local t = decode('{\"a\":1,\"a\":2}') return t.a == 2"); /* last wins */
    LUA_TRUE("local t = decode('[null,null]') return t[1] == null and t[2] == null and #t == 2");
    LUA_TRUE("return getmetatable(decode('[]')) == getmetatable(decode('[1]'))");
    LUA_TRUE("return getmetatable(decode('[]')) == debug.getregistry()['sdui.array']");
    /* 1000 levels decode, 1001 do not */
    LUA_TRUE("local t = decode(string.rep('[', 1000) .. string.rep(']', 1000))\n"
             "local d = 0 while t do d = d + 1 t = t[1] end return d == 1000");
    LUA_TRUE("local t = decode(string.rep('{\"a\":', 1000) .. 'null' .. string.rep('}', 1000))\n"
             "local d = 0 while type(t) == 'table' do d = d + 1 t = t.a end return d == 1000");
    LUA_TRUE("-- sizes around the decoder's stack checks (every 16 waiting members) and its\n"
             "-- stacking limit (128), and far above it\n"
             "for _, n in ipairs({1, 15, 16, 17, 32, 33, 127, 128, 129, 255, 256, 257, 3000}) do\n"
             "  local items, members = {}, {}\n"
             "  for i = 1, n do items[i] = tostring(i * 3) members[i] = '\"k' .. i .. '\":' .. i end\n"
             "  local a = decode('[' .. table.concat(items, ',') .. ']')\n"
             "  local o = decode('{' .. table.concat(members, ',') .. '}')\n"
             "  if #a ~= n or not isarray(a) or isarray(o) then return n end\n"
             "  for i = 1, n do if a[i] ~= i * 3 or o['k' .. i] ~= i then return n end end\n"
             "  local count = 0 for _ in pairs(o) do count = count + 1 end\n"
             "  if count ~= n or encode(a) ~= '[' .. table.concat(items, ',') .. ']' then return n end\n"
             "end\n"
             "-- duplicate keys on both sides of the limit: the last wins\n"
             "local m = {'\"a\":1'} for i = 1, 200 do m[#m + 1] = '\"b' .. i .. '\":0' end\n"
             "m[#m + 1] = '\"a\":2'\n"
             "return decode('{' .. table.concat(m, ',') .. '}').a == 2");
    LUA_TRUE("-- wide and deep: 1000 levels, each with 127 items before the nested one\n"
             "local t = decode(string.rep('[' .. string.rep('1,', 127), 1000) .. 'null' .. string.rep(']', 1000))\n"
             "local d = 0 while type(t) == 'table' do d = d + 1 if #t ~= 128 then return false end t = t[128] end\n"
             "local o = decode(string.rep('{' .. string.rep('\"k\":1,', 127) .. '\"x\":', 1000) .. 'null' .. string.rep('}', 1000))\n"
             "local e = 0 while type(o) == 'table' do e = e + 1 o = o.x end\n"
             "return d == 1000 and e == 1000");
    CHECK(lua_gettop(L) == top);
}

static void test_decode_errors(void)
{
    DECODE_FAILS("", "invalid JSON at byte 0");
    DECODE_FAILS("   ", "invalid JSON at byte 3");
    DECODE_FAILS("[", "invalid JSON at byte 1");
    DECODE_FAILS("[1,", "invalid JSON at byte 3");
    DECODE_FAILS("[1,]", "invalid JSON at byte 3");
    DECODE_FAILS("[1 2]", "invalid JSON at byte 3");
    DECODE_FAILS("[-]", "invalid JSON at byte 2");
    DECODE_FAILS("{", "invalid JSON at byte 1");
    DECODE_FAILS("{\"a\"}", "invalid JSON at byte 4");
    DECODE_FAILS("{\"a\":}", "invalid JSON at byte 5");
    DECODE_FAILS("{\"a\":1,}", "invalid JSON at byte 7");
    DECODE_FAILS("{\"a\":1 \"b\":2}", "invalid JSON at byte 7");
    DECODE_FAILS("{a:1}", "invalid JSON at byte 1");
    DECODE_FAILS("{1:1}", "invalid JSON at byte 1");
    DECODE_FAILS("tru", "invalid JSON at byte 0");
    DECODE_FAILS("nul", "invalid JSON at byte 0");
    DECODE_FAILS("falsy", "invalid JSON at byte 0");
    DECODE_FAILS("True", "invalid JSON at byte 0");
    DECODE_FAILS("NaN", "invalid JSON at byte 0");
    DECODE_FAILS("-Infinity", "invalid JSON at byte 1");
    DECODE_FAILS("01", "invalid JSON at byte 1");
    DECODE_FAILS("-", "invalid JSON at byte 1");
    DECODE_FAILS("+1", "invalid JSON at byte 0");
    DECODE_FAILS(".5", "invalid JSON at byte 0");
    DECODE_FAILS("1.", "invalid JSON at byte 2");
    DECODE_FAILS("1.e3", "invalid JSON at byte 2");
    DECODE_FAILS("1e", "invalid JSON at byte 2");
    DECODE_FAILS("1e+", "invalid JSON at byte 3");
    DECODE_FAILS("0x10", "invalid JSON at byte 1");
    DECODE_FAILS("1e400", "invalid JSON at byte 0");
    DECODE_FAILS("[1,-1e999]", "invalid JSON at byte 3");
    DECODE_FAILS("1 2", "invalid JSON at byte 2");
    DECODE_FAILS("[1]x", "invalid JSON at byte 3");
    DECODE_FAILS("\"abc", "invalid JSON at byte 4");
    DECODE_FAILS("\"a\\", "invalid JSON at byte 3");
    DECODE_FAILS("\"a\\x\"", "invalid JSON at byte 3");
    DECODE_FAILS("\"a\\u12\"", "invalid JSON at byte 2");
    DECODE_FAILS("\"a\\u12", "invalid JSON at byte 2");
    DECODE_FAILS("\"\\u00g0\"", "invalid JSON at byte 1");
    DECODE_FAILS("\"\\ud800\"", "invalid JSON at byte 1");
    DECODE_FAILS("\"\\ud800\\u0041\"", "invalid JSON at byte 1");
    DECODE_FAILS("\"\\ud800\\ud800\"", "invalid JSON at byte 1");
    DECODE_FAILS("\"\\udc00\"", "invalid JSON at byte 1");
    DECODE_FAILS("\"\\ud83d\\ude0", "invalid JSON at byte 1");
    DECODE_FAILS("\"a\nb\"", "invalid JSON at byte 2");
    DECODE_FAILS("\"a\\n\tb\"", "invalid JSON at byte 4");
    DECODE_FAILS("[\"a\",\x01]", "invalid JSON at byte 5");
    DECODE_FAILS("\xEF\xBB\xBF{}", "invalid JSON at byte 0");
    /* an embedded NUL ends nothing: it is a bad byte */
    decode_fails_("[1]\0", 4, "invalid JSON at byte 3", __LINE__);
    decode_fails_("\"a\0b\"", 5, "invalid JSON at byte 2", __LINE__);
    /* depth */
    {
        static char deep[100001];
        memset(deep, '[', sizeof deep - 1);
        decode_fails_(deep, 1001, "JSON nesting deeper than 1000 at byte 1000", __LINE__);
        decode_fails_(deep, 100000, "JSON nesting deeper than 1000 at byte 1000", __LINE__);
        memset(deep, '{', 1);
        decode_fails_("{\"a\":{\"a\":[", 11, "invalid JSON at byte 11", __LINE__);
    }
    /* a NULL pointer with no bytes is empty text */
    {
        int top = lua_gettop(L);
        CHECK(decode_exact(NULL, 0) != LUA_OK);
        CHECK_STR(lua_tostring(L, -1), "invalid JSON at byte 0");
        lua_settop(L, top);
    }
}

/* Every proper prefix of a document must raise, reading no byte past it. */
static void test_decode_truncated(void)
{
    static const char doc[] =
        "{\"id\":\"home\",\"n\":[1,-2.5e-3,true,false,null,{\"k\":\"v\\u00e9\\ud83d\\ude00\\n\"}],"
        "\"e\":{},\"a\":[],\"big\":123456789012345678901234,\"f\":0.1}";
    size_t n = strlen(doc), i;
    int top = lua_gettop(L), all = 1;
    CHECK(decode_exact(doc, n) == LUA_OK);
    lua_settop(L, top);
    for (i = 0; i < n; i++) {
        char want[64];
        int st = decode_exact(doc, i);
        snprintf(want, sizeof want, "invalid JSON at byte ");
        if (st == LUA_OK || strncmp(lua_tostring(L, -1), want, strlen(want)) != 0) {
            fprintf(stderr, "prefix %zu: %s\n", i, st == LUA_OK ? "decoded" : lua_tostring(L, -1));
            all = 0;
        }
        lua_settop(L, top);
    }
    CHECK(all);
}

/* Random corruption of a document: any outcome but a crash (valgrind watches). */
static void test_decode_fuzz(void)
{
    static const char doc[] =
        "{\"a\":[1,2.5,\"x\\u00e9\\\"\",{\"b\":null,\"c\":[true,false]}],\"d\":-0.0,\"e\":\"\\ud83d\\ude00\"}";
    size_t n = strlen(doc);
    uint32_t seed = 12345;
    int i, top = lua_gettop(L), sane = 1;
    static const char alphabet[] = "[]{}\",:\\u0e.-+9 tfnx\x01\xff";
    char buf[sizeof doc];
    for (i = 0; i < 20000; i++) {
        int k, edits;
        size_t len = n;
        memcpy(buf, doc, n);
        seed = seed * 1103515245u + 12345u;
        edits = 1 + (int)((seed >> 16) % 3);
        for (k = 0; k < edits; k++) {
            seed = seed * 1103515245u + 12345u;
            buf[(seed >> 8) % n] = alphabet[(seed >> 20) % (sizeof alphabet - 1)];
        }
        seed = seed * 1103515245u + 12345u;
        if ((seed >> 16) % 4 == 0)
            len = (seed >> 4) % n;
        if (decode_exact(buf, len) != LUA_OK) {
            const char *msg = lua_tostring(L, -1);
            if (msg == NULL || (strncmp(msg, "invalid JSON at byte ", 21) != 0
                                && strncmp(msg, "JSON nesting", 12) != 0)) {
                fprintf(stderr, "fuzz %d: %s\n", i, msg ? msg : "(not a string)");
                sane = 0;
            }
        }
        lua_settop(L, top);
    }
    CHECK(sane);
}

/* ---- encoding ----------------------------------------------------------- */

static void test_encode_scalars(void)
{
    ENCODES("return nil", "null");
    ENCODES("return null", "null");
    ENCODES("return true", "true");
    ENCODES("return false", "false");
    ENCODES("return 0", "0");
    ENCODES("return -1", "-1");
    ENCODES("return 126225", "126225");
    ENCODES("return math.maxinteger", "9223372036854775807");
    ENCODES("return math.mininteger", "-9223372036854775808");
    /* floats: shortest text, the engine's layout, always a fraction or exponent */
    ENCODES("return 0.0", "0.0");
    ENCODES("return -0.0", "-0.0");
    ENCODES("return 3.0", "3.0");
    ENCODES("return 100.0", "100.0");
    ENCODES("return 0.1", "0.1");
    ENCODES("return -7.8", "-7.8");
    ENCODES("return 0.1 + 0.2", "0.30000000000000004");
    ENCODES("return 1/3", "0.3333333333333333");
    ENCODES("return 2/3", "0.6666666666666666");
    ENCODES("return 123456.789", "123456.789");
    ENCODES("return 1234567.0", "1234567.0");
    ENCODES("return 1e15", "1000000000000000.0");
    ENCODES("return 2^53", "9007199254740992.0");
    ENCODES("return 1e16", "1e+16");
    ENCODES("return 2^54", "1.8014398509481984e+16");
    ENCODES("return 2^55", "3.602879701896397e+16");
    ENCODES("return 123456789012345680.0", "1.2345678901234568e+17");
    ENCODES("return 1e21", "1e+21");
    ENCODES("return 1e22", "1e+22");
    ENCODES("return 1e23", "1e+23");
    ENCODES("return 1e300", "1e+300");
    ENCODES("return 0.001", "0.001");
    ENCODES("return 0.0001", "0.0001");
    ENCODES("return 0.00001", "1e-05");
    ENCODES("return 2.5e-05", "2.5e-05");
    ENCODES("return 1e-7", "1e-07");
    ENCODES("return 1.7976931348623157e308", "1.7976931348623157e+308");
    ENCODES("return -1.7976931348623157e308", "-1.7976931348623157e+308");
    ENCODES("return 2.2250738585072014e-308", "2.2250738585072014e-308");
    ENCODES("return 5e-324", "5e-324");
    ENCODES("return 1.5e-323", "1.5e-323");
    ENCODES("return math.pi", "3.141592653589793");
    ENCODES("return 2^63", "9.223372036854776e+18");
    /* strings */
    ENCODES("return ''", "\"\"");
    ENCODES("return 'a\"b\\\\c/d'", "\"a\\\"b\\\\c/d\"");
    ENCODES("return '\\n\\r\\t\\b\\f'", "\"\\n\\r\\t\\b\\f\"");
    ENCODES("return '\\0\\1\\31\\127'", "\"\\u0000\\u0001\\u001f\x7f\"");
    ENCODES("return 'caf\\xC3\\xA9 \\xFF'", "\"caf\xC3\xA9 \xFF\"");
    ENCODES("return '12'", "\"12\"");
    /* each special byte at each position of a word-sized scan, both ways */
    LUA_TRUE("local esc = {['\"'] = [[\\\"]], ['\\\\'] = [[\\\\]], ['\\n'] = [[\\n]], ['\\1'] = [[\\u0001]],\n"
             "  ['\\31'] = [[\\u001f]], ['\\0'] = [[\\u0000]], ['\\127'] = '\\127'}\n"
             "for c, e in pairs(esc) do for len = 1, 20 do for pos = 1, len do\n"
             "  local s = string.rep('\\xE9', pos - 1) .. c .. string.rep('a', len - pos)\n"
             "  local want = '\"' .. string.rep('\\xE9', pos - 1) .. e .. string.rep('a', len - pos) .. '\"'\n"
             "  if encode(s) ~= want or decode(want) ~= s then return s end\n"
             "end end end return true");
}

static void test_encode_tables(void)
{
    ENCODES("return {}", "{}");
    ENCODES("return markarray({})", "[]");
    ENCODES("return {1, 2, 3}", "[1,2,3]");
    ENCODES("return markarray({1, 2, 3})", "[1,2,3]");
    ENCODES("return {'a', {}, markarray({}), {x = null}}", "[\"a\",{},[],{\"x\":null}]");
    ENCODES("return {a = 1}", "{\"a\":1}");
    ENCODES("return {a = {b = {c = {1.5, true}}}}", "{\"a\":{\"b\":{\"c\":[1.5,true]}}}");
    ENCODES("return {['a b'] = 'x'}", "{\"a b\":\"x\"}");
    ENCODES("return {['\\n'] = 1}", "{\"\\n\":1}");
    ENCODES("return {1, null, 3}", "[1,null,3]");
    ENCODES("return markarray({null})", "[null]");
    /* integer keys in the hash part, in any order */
    ENCODES("local t = {} t[3] = 'c' t[2] = 'b' t[1] = 'a' return t", "[\"a\",\"b\",\"c\"]");
    ENCODES("return {[1] = 1, [2] = 2}", "[1,2]");
    ENCODES("local t = markarray({}) t[2] = 2 t[1] = 1 return t", "[1,2]");
    /* raw access only: __index, __pairs and __len are not consulted */
    ENCODES("return setmetatable({a = 1}, {__index = {b = 2}, __pairs = error})", "{\"a\":1}");
    ENCODES("return setmetatable({}, {__index = function() return 1 end})", "{}");
    ENCODES("return setmetatable({1}, {__len = function() return 5 end})", "[1]");
    /* members are written sorted by key (bytewise), so output is the same in every state */
    ENCODES("return {zeta = 6, alpha = 1, delta = 4, beta = 2, gamma = 3, epsilon = 5}",
            "{\"alpha\":1,\"beta\":2,\"delta\":4,\"epsilon\":5,\"gamma\":3,\"zeta\":6}");
    ENCODES("return {ab = 1, a = 2, b = {y = 1, x = 2}}", "{\"a\":2,\"ab\":1,\"b\":{\"x\":2,\"y\":1}}");
    /* a metatable named "sdui.array" (the pure-Lua DSL's) marks an array too */
    ENCODES("return setmetatable({}, {__name = 'sdui.array'})", "[]");
    ENCODES("return setmetatable({1, 2}, {__name = 'sdui.array'})", "[1,2]");
    ENCODES("return setmetatable({}, {__name = 'other'})", "{}");
    /* a proxy encodes as the table its metatable's __index holds, its own keys unseen */
    ENCODES("return setmetatable({x = 1}, proxy({__index = {a = {1, 2}, b = 'c'}}))", "{\"a\":[1,2],\"b\":\"c\"}");
    ENCODES("return {p = setmetatable({}, proxy({__index = markarray({})}))}", "{\"p\":[]}");
    /* multi-key objects: all members */
    LUA_TRUE("local s = encode({a = 1, b = 'x', c = {d = 1.5}})\n"
             "return #s == #'{\"a\":1,\"b\":\"x\",\"c\":{\"d\":1.5}}'\n"
             "  and deepeq(decode(s), {a = 1, b = 'x', c = {d = 1.5}})");
    /* 1000 levels encode */
    LUA_TRUE("local t = markarray({}) local c = t\n"
             "for i = 2, 1000 do c[1] = markarray({}) c = c[1] end\n"
             "return encode(t) == string.rep('[', 1000) .. string.rep(']', 1000)");
    LUA_TRUE("local t = {} local c = t\n"
             "for i = 2, 1000 do c.a = {} c = c.a end\n"
             "return encode(t) == string.rep('{\"a\":', 999) .. '{}' .. string.rep('}', 999)");
    /* shared (not cyclic) subtables are fine */
    ENCODES("local s = {1} return {s, s, {s}}", "[[1],[1],[[1]]]");
    /* the stack of the caller is left alone */
    {
        int top;
        luajson_buffer b = {NULL, 0, 0, 0};
        lua_pushinteger(L, 1);
        lua_createtable(L, 0, 0);
        top = lua_gettop(L);
        luajson_encode(L, -2, &b);
        luajson_encode(L, -1, &b); /* appends */
        CHECK(lua_gettop(L) == top);
        CHECK(b.len == 3 && memcmp(b.data, "1{}", 3) == 0);
        luajson_buffer_free(&b);
        CHECK(b.data == NULL && b.len == 0 && b.cap == 0);
        luajson_pushencoded(L, -2);
        CHECK_STR(lua_tostring(L, -1), "1");
        lua_pop(L, 3);
    }
}

/* Random doubles: encoding reads back exactly, and as the shortest text. */
static void test_encode_float_fuzz(void)
{
    uint64_t seed = 0x9E3779B97F4A7C15u;
    int i, ok = 1, top = lua_gettop(L);
    for (i = 0; i < 6000; i++) {
        union {
            uint64_t u;
            double d;
        } v;
        char tmp[40];
        int prec, want = 0, got = 0;
        const char *s, *q;
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        if (i % 3 == 0) {
            v.u = seed; /* any bit pattern */
        } else if (i % 3 == 1) { /* short decimals, like 7.8 or 1234.25 */
            v.d = (double)(seed % 10000000) / pow(10, (double)(seed >> 60));
        } else { /* moderate magnitudes */
            v.d = ldexp((double)(seed >> 11), (int)((seed >> 3) % 120) - 100);
        }
        if (!isfinite(v.d))
            continue;
        lua_pushcfunction(L, l_encode);
        lua_pushnumber(L, v.d);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            ok = 0;
            continue;
        }
        s = lua_tostring(L, -1);
        if (strtod(s, NULL) != v.d || (!strchr(s, '.') && !strchr(s, 'e'))) {
            fprintf(stderr, "float %.17g encoded as %s\n", v.d, s);
            ok = 0;
        }
        /* significant digits: the least precision that reads back */
        for (prec = 0; prec < 17; prec++) {
            snprintf(tmp, sizeof tmp, "%.*e", prec, v.d);
            if (strtod(tmp, NULL) == v.d)
                break;
        }
        want = prec + 1;
        for (q = s; *q && *q != 'e'; q++)
            if (*q >= '1' && *q <= '9')
                break;
        for (; *q && *q != 'e'; q++)
            if (*q >= '0' && *q <= '9')
                got++;
        /* trailing zeros of plain integers ("1000.0") are layout, not digits */
        if (got > want) {
            const char *z = strchr(s, '.');
            if (z && strcmp(z, ".0") == 0) {
                got = 0;
                for (q = s; *q != '.'; q++)
                    if (*q >= '0' && *q <= '9' && (got > 0 || *q != '0'))
                        got++;
                while (got > want && z > s && z[-1] == '0')
                    got--, z--;
            }
        }
        if (got != want) {
            fprintf(stderr, "float %.17g encoded as %s: %d digits, shortest has %d\n", v.d, s, got,
                    want);
            ok = 0;
        }
        lua_settop(L, top);
    }
    CHECK(ok);
}

static void test_encode_errors(void)
{
    ENCODE_FAILS("return print", "cannot encode a function at $");
    ENCODE_FAILS("return {items = {1, 2, {f = print}}}", "cannot encode a function at $.items[2].f");
    ENCODE_FAILS("return {co = coroutine.create(print)}", "cannot encode a thread at $.co");
    ENCODE_FAILS("return {u = io.stdout}", "cannot encode a userdata at $.u");
    ENCODE_FAILS("return {lightud()}", "cannot encode a userdata at $[0]");
    ENCODE_FAILS("return {x = 0/0}", "cannot encode NaN or infinity at $.x");
    ENCODE_FAILS("return {1, math.huge}", "cannot encode NaN or infinity at $[1]");
    ENCODE_FAILS("return -math.huge", "cannot encode NaN or infinity at $");
    /* keys */
    ENCODE_FAILS("return {x = {[126225] = {}}}",
                 "table has integer key 126225 that is not part of a sequence at $.x"
                 " (JSON object keys are strings: use tostring)");
    ENCODE_FAILS("return {[0] = 'a'}",
                 "table has integer key 0 that is not part of a sequence at $"
                 " (JSON object keys are strings: use tostring)");
    ENCODE_FAILS("return {1, 2, [4] = 4}",
                 "table has integer key 4 that is not part of a sequence at $"
                 " (JSON object keys are strings: use tostring)");
    ENCODE_FAILS("return {a = 1, [-3] = 2}",
                 "table has integer key -3 that is not part of a sequence at $"
                 " (JSON object keys are strings: use tostring)");
    ENCODE_FAILS("return {x = {[true] = 1}}", "table key of type boolean at $.x");
    ENCODE_FAILS("return {y = {a = 1, [false] = 1}}", "table key of type boolean at $.y");
    ENCODE_FAILS("return {[1.5] = 1}", "table key of type float at $");
    ENCODE_FAILS("return {{[{}] = 1}}", "table key of type table at $[0]");
    ENCODE_FAILS("return {[print] = 1}", "table key of type function at $");
    ENCODE_FAILS("return {x = {1, 2, a = 3}}", "mixed table (sequence and string keys) at $.x");
    ENCODE_FAILS("local t = {} t.a = 1 t[1] = 2 return {x = t}",
                 "mixed table (sequence and string keys) at $.x");
    ENCODE_FAILS("return {arr = markarray({1, 2, x = 1})}", "array table has non-index key at $.arr");
    ENCODE_FAILS("return {arr = markarray({1, [5] = 5})}", "array table has non-index key at $.arr");
    ENCODE_FAILS("return markarray({[0] = 1})", "array table has non-index key at $");
    /* paths */
    ENCODE_FAILS("return {['a b'] = {f = print}}", "cannot encode a function at $[\"a b\"].f");
    ENCODE_FAILS("return {['q\"\\n'] = {print}}", "cannot encode a function at $[\"q\\\"\\n\"][0]");
    ENCODE_FAILS("return {['1a'] = print}", "cannot encode a function at $[\"1a\"]");
    ENCODE_FAILS("return {[''] = print}", "cannot encode a function at $[\"\"]");
    ENCODE_FAILS("return {_ok9 = {{{}, {{k = print}}}}}", "cannot encode a function at $._ok9[0][1][0].k");
    /* cycles */
    ENCODE_FAILS("local t = {a = {}} t.a.b = t return t", "cyclic table at $.a.b");
    ENCODE_FAILS("local t = markarray({}) t[1] = t return t", "cyclic table at $[0]");
    ENCODE_FAILS("local t = {items = {{}}} t.items[1].back = t.items return t",
                 "cyclic table at $.items[0].back");
    ENCODE_FAILS("local t = {1, 2, 3} t[4] = t return {x = {y = t}}", "cyclic table at $.x.y[3]");
    /* depth: 1001 levels */
    {
        static char msg[8192];
        int i;
        strcpy(msg, "nesting deeper than 1000 at $");
        for (i = 0; i < 1000; i++)
            strcat(msg, "[0]");
        ENCODE_FAILS("local t = markarray({}) local c = t\n"
                     "for i = 2, 1001 do c[1] = markarray({}) c = c[1] end return t",
                     msg);
        strcpy(msg, "nesting deeper than 1000 at $");
        for (i = 0; i < 1000; i++)
            strcat(msg, ".a");
        ENCODE_FAILS("local t = {} local c = t for i = 2, 1200 do c.a = {} c = c.a end return t", msg);
    }
    /* an error after much output: the output buffer must not leak (valgrind) */
    ENCODE_FAILS("local t = {} for i = 1, 20000 do t[i] = string.rep('x', 100) end\n"
                 "t[20001] = print return t",
                 "cannot encode a function at $[20000]");
    ENCODE_FAILS("local t = {} for i = 1, 3000 do t[i] = {s = string.rep('y', 50)} end\n"
                 "t[3001] = {a = {b = t}} return {root = t}",
                 "cyclic table at $.root[3000].a.b");
    /* luajson_encode into a non-empty buffer that then fails: left empty, no leak */
    {
        luajson_buffer b = {NULL, 0, 0, 0};
        int top = lua_gettop(L);
        lua_pushinteger(L, 7);
        luajson_encode(L, -1, &b);
        lua_pop(L, 1);
        CHECK(b.len == 1 && b.data[0] == '7');
        lua_pushlightuserdata(L, &b);
        lua_pushcclosure(L, l_encode_into, 1);
        if (run("return {f = print}") == LUA_OK) {
            CHECK(lua_pcall(L, 1, 0, 0) != LUA_OK);
            CHECK_STR(lua_tostring(L, -1), "cannot encode a function at $.f");
        }
        lua_settop(L, top);
        CHECK(b.data == NULL && b.len == 0 && b.cap == 0);
        luajson_buffer_free(&b);
    }
}

/* ---- round trips -------------------------------------------------------- */

static void test_roundtrips(void)
{
    ROUNDTRIP("null");
    ROUNDTRIP("[]");
    ROUNDTRIP("{}");
    ROUNDTRIP("[[],{},[[]],[{}]]");
    ROUNDTRIP("{\"a\":[]}");
    ROUNDTRIP("{\"b\":{}}");
    ROUNDTRIP("[1,-2,3.5,-0.0,1e+300,0.1,true,false,null,\"s\"]");
    ROUNDTRIP("[9223372036854775807,-9223372036854775808,9.223372036854776e+18]");
    ROUNDTRIP("[0.30000000000000004,5e-324,1.7976931348623157e+308,2.5e-05,100.0,1e+16]");
    ROUNDTRIP("\"esc \\\" \\\\ \\n \\r \\t \\b \\f \\u0000 \\u001f / caf\xC3\xA9\"");
    ROUNDTRIP("{\"components\":[{\"data\":{\"movieId\":126225}},{\"data\":{\"rating\":7.8}}]}");
    ROUNDTRIP("[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]");
    ROUNDTRIP("{\"a b\":{\"\\n\":[null,{\"x\":[]}]}}");
    /* \u escapes of printable characters come back as UTF-8 */
    LUA_TRUE("return encode(decode([[\"\\u00e9\\ud83d\\ude00\"]])) == '\"\\u{e9}\\u{1F600}\"'");
    /* multi-key objects: same value and same length */
    LUA_TRUE("local s = '{\"id\":\"home\",\"version\":1,\"items\":[{\"a\":1,\"b\":[true,null]},{}],\"e\":[]}'\n"
             "local r = encode(decode(s)) return #r == #s and deepeq(decode(r), decode(s))");
}

/* The page given on the command line: round trip by length and value. */
static void test_page(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    int top = lua_gettop(L);
    if (!CHECK(f != NULL))
        return;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)n);
    if (fread(text, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    fclose(f);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
        n--;
    lua_pushlstring(L, text, (size_t)n);
    lua_setglobal(L, "page");
    free(text);
    LUA_TRUE("local v = decode(page) local s = encode(v)\n"
             "return #s == #page and deepeq(decode(s), v)");
    CHECK(lua_gettop(L) == top);
}

/* ---- bench -------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median time in ms of `rounds` runs of Lua function `fn` (a global) on its arg global. */
static double median_ms(const char *fn, const char *arg, int rounds)
{
    double *t = malloc(sizeof(double) * (size_t)rounds), m;
    int i;
    for (i = 0; i < rounds; i++) {
        double t0;
        lua_getglobal(L, fn);
        lua_getglobal(L, arg);
        t0 = now();
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            fprintf(stderr, "%s: %s\n", fn, lua_tostring(L, -1));
            exit(2);
        }
        t[i] = (now() - t0) * 1e3;
        lua_pop(L, 1);
    }
    qsort(t, (size_t)rounds, sizeof *t, cmp_double);
    m = t[rounds / 2];
    free(t);
    return m;
}

static int bench(const char *path, int rounds)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    int have_cjson;
    if (f == NULL) {
        perror(path);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)n);
    if (fread(text, 1, (size_t)n, f) != (size_t)n)
        return 2;
    fclose(f);
    lua_pushlstring(L, text, (size_t)n);
    lua_setglobal(L, "page");
    free(text);
    if (luaL_dostring(L, "value = decode(page)") != LUA_OK)
        return 2;
    printf("page: %ld bytes, %d rounds, medians\n", n, rounds);
    printf("luajson  decode %7.3f ms   encode %7.3f ms\n", median_ms("decode", "page", rounds),
           median_ms("encode", "value", rounds));
    have_cjson = luaL_dostring(L, "local c = require 'cjson'\n"
                                  "cjson_decode, cjson_encode = c.decode, c.encode\n"
                                  "cvalue = c.decode(page)") == LUA_OK;
    if (have_cjson)
        printf("lua-cjson decode %7.3f ms   encode %7.3f ms\n", median_ms("cjson_decode", "page", rounds),
               median_ms("cjson_encode", "cvalue", rounds));
    else
        printf("lua-cjson: not available (%s)\n", lua_tostring(L, -1));
    return 0;
}

/* ---- main --------------------------------------------------------------- */

/* ---- packed values -------------------------------------------------------- */

/* Packed bytes built by hand, in the layout sdui.h documents. */
static void test_packed_layout(void)
{
    LUA_TRUE("return pack(nil) == '\\0' and pack(null) == '\\0' and pack(false) == '\\1' and pack(true) == '\\2'");
    LUA_TRUE("return pack(7) == string.pack('=Bj', 3, 7) and pack(0.5) == string.pack('=Bn', 4, 0.5)");
    LUA_TRUE("return pack('h\\0i') == string.pack('=BI4', 5, 3) .. 'h\\0i'");
    /* members sorted by key, as the JSON encoder writes them; arrays counted */
    LUA_TRUE("return pack({b = 1, a = {true}}) == string.pack('=BI4', 7, 2)"
             " .. string.pack('=I4', 1) .. 'a' .. string.pack('=BI4B', 6, 1, 2)"
             " .. string.pack('=I4', 1) .. 'b' .. string.pack('=Bj', 3, 1)");
    LUA_TRUE("return pack({}) == string.pack('=BI4', 7, 0) and pack(markarray({})) == string.pack('=BI4', 6, 0)");
    LUA_TRUE("return deepeq(unpack(string.pack('=BI4I4', 7, 1, 1) .. 'k' .. string.pack('=BI4', 6, 0)), decode('{\"k\":[]}'))");
}

/* Packing then unpacking gives what encoding then decoding gives. */
static void test_packed_matches_json(void)
{
    static const char *values[] = {
        "return 1", "return -0.0", "return 2^63", "return math.mininteger", "return 1e300",
        "return 'x\\u{e9}\\0\\255'", "return null", "return {1, 2.5, 'a'}",
        "return {a = {b = {c = {}}}, [''] = markarray({}), z = {null, false}}",
        "local t = {} for i = 1, 32 do t['k' .. i] = i end return t",
        "local t = {} for i = 1, 300 do t[i] = {i, tostring(i)} end return t",
        "local d = 1 for i = 1, 31 do d = {d} end return d",
        "return setmetatable({x = 1}, {__index = function() return 2 end})",
        "return setmetatable({}, {__name = 'sdui.state', __index = {a = {1, 2}, b = 'c'}})",
        "return {p = setmetatable({}, proxy({__index = {a = {1, 2}, b = 'c'}}))}",
    };
    char code[600];
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        snprintf(code, sizeof code,
                 "local v = (function() %s end)() local p = pack(v)"
                 " return p ~= false and deepeq(unpack(p), decode(encode(v)))", values[i]);
        LUA_TRUE(code);
    }
    /* random documents, through JSON text and back, then packed */
    LUA_TRUE("math.randomseed(7)"
             " local function gen(d) local k = math.random(d > 3 and 4 or 7)"
             "   if k == 1 then return math.random(-1000, 1000) elseif k == 2 then return math.random() * 1e6"
             "   elseif k == 3 then return ({'', 'a', 'h\\u{e9}', '\\u{2605}'})[math.random(4)]"
             "   elseif k == 4 then return ({true, false, null})[math.random(3)]"
             "   elseif k == 5 then local t = markarray({}) for i = 1, math.random(0, 4) do t[i] = gen(d + 1) end return t"
             "   else local t = {} for i = 1, math.random(0, 6) do t['k' .. math.random(50)] = gen(d + 1) end return t end end"
             " for i = 1, 500 do local v = decode(encode(gen(0)))"
             "   if not deepeq(unpack(pack(v)), v) then return false end end return true");
}

/* What packing refuses goes the JSON route: it either raises there or encodes there. */
static void test_packed_refusals(void)
{
    LUA_TRUE("local t = {} t.self = t return pack(t) == false and not pcall(encode, t)");
    LUA_TRUE("return pack(0/0) == false and pack(math.huge) == false and not pcall(encode, 0/0)");
    LUA_TRUE("return pack(print) == false and pack({f = print}) == false and pack(coroutine.create(print)) == false");
    LUA_TRUE("return pack({1, 2, x = 3}) == false and not pcall(encode, {1, 2, x = 3})");
    LUA_TRUE("return pack({[1] = 1, [3] = 3}) == false and not pcall(encode, {[1] = 1, [3] = 3})");
    LUA_TRUE("return pack({[1.5] = 1}) == false and pack({[true] = 1}) == false");
    LUA_TRUE("return pack(lightud()) == false");
    /* the packer's own limits: the JSON route takes these and succeeds */
    LUA_TRUE("local t = {} for i = 1, 33 do t['k' .. i] = i end return pack(t) == false and encode(t) ~= nil");
    LUA_TRUE("local d = 1 for i = 1, 33 do d = {d} end return pack(d) == false and encode(d) ~= nil");
    LUA_TRUE("local t = markarray({1, nil, 3}) return pack(t) == false");
}

/* Malformed packed bytes raise a message with the byte offset. */
static void test_packed_malformed(void)
{
    LUA_TRUE("local ok, e = pcall(unpack, '') return not ok and e:find('malformed packed value at byte 0: truncated', 1, true) ~= nil");
    LUA_TRUE("local ok, e = pcall(unpack, '\\9') return not ok and e:find('byte 0: unknown tag', 1, true) ~= nil");
    LUA_TRUE("local ok, e = pcall(unpack, '\\2\\2') return not ok and e:find('byte 1: bytes after the value', 1, true) ~= nil");
    LUA_TRUE("local ok, e = pcall(unpack, string.pack('=BI4', 6, 1000)) return not ok and e:find('count exceeds', 1, true) ~= nil");
    LUA_TRUE("local p = pack({title = 'Neo', ids = {1, 2.5, null}, deep = {x = {true, {y = 'z'}}}})"
             " for n = 0, #p - 1 do if pcall(unpack, p:sub(1, n)) then return false end end return true");
    LUA_TRUE("local p = string.rep(string.pack('=BI4', 6, 1), 1001) .. '\\0'"
             " local ok, e = pcall(unpack, p) return not ok and e:find('nested deeper than 1000', 1, true) ~= nil");
}

int main(int argc, char **argv)
{
    int status;
    open_state();
    if (argc >= 3 && strcmp(argv[1], "--bench") == 0) {
        status = bench(argv[2], argc >= 4 ? atoi(argv[3]) : 50);
        lua_close(L);
        return status;
    }
    /* before anything marks an array: no metatable yet */
    lua_createtable(L, 0, 0);
    CHECK(!luajson_isarray(L, -1));
    lua_pop(L, 1);
    luajson_pushnull(L);
    CHECK(luajson_isnull(L, -1) && lua_touserdata(L, -1) == NULL);
    lua_pushnil(L);
    CHECK(!luajson_isnull(L, -1));
    lua_pushboolean(L, 0);
    CHECK(!luajson_isnull(L, -1) && !luajson_isarray(L, -1));
    lua_pop(L, 3);
    LUA_TRUE("return not isnull(lightud()) and isnull(null) and not isnull(false)");
    LUA_TRUE("local t = {} return markarray(t) == t and isarray(t) and not isarray({})");
    {
        int top = lua_gettop(L);
        lua_pushcfunction(L, l_markarray_any);
        lua_pushinteger(L, 5);
        CHECK(lua_pcall(L, 1, 0, 0) != LUA_OK);
        lua_settop(L, top);
        lua_pushinteger(L, 5);
        CHECK(!lua_getmetatable(L, -1)); /* numbers did not get the array metatable */
        lua_settop(L, top);
    }

    test_decode_scalars();
    test_decode_strings();
    test_plain_run();
    test_decode_containers();
    test_decode_errors();
    test_decode_truncated();
    test_decode_fuzz();
    test_encode_scalars();
    test_encode_tables();
    test_encode_float_fuzz();
    test_encode_errors();
    test_roundtrips();
    test_packed_layout();
    test_packed_matches_json();
    test_packed_refusals();
    test_packed_malformed();
    if (argc >= 2)
        test_page(argv[1]);
    CHECK(lua_gettop(L) == 0);
    lua_close(L);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
