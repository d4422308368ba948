/*
** library.c -- the script library: every C function a script can reach,
** each with its bound.
**
** The count hook sees VM instructions only, and a call to a C function is
** one of them whatever the function does: string.rep("", 1 << 62) loops
** 2^62 times inside one. So every function a script can reach is a row of
** `bounds` below, which says how its work is kept in proportion to what
** the run is charged for it:
**
**   CONSTANT   O(1) work, or Lua code the hook counts; kept as it is.
**   CHARGED    a wrapper charges the work its arguments ask for, then runs
**              the stock function in place (budget_original): the same
**              results, and the same errors naming the same line.
**   WRITTEN    written here, charging before its loops (print,
**              string.rep, table.insert, table.remove).
**   ELSEWHERE  budget.c's (pcall, xpcall, setmetatable, the coroutine
**              functions), pattern.c's (find, match, gmatch, gsub), or the
**              sandbox's own (require, collectgarbage, and the tostring
**              scripts see); listed here so that the list is whole.
**
** library_open installs the rows in the real library tables, and removes
** from string, table, math, utf8 and coroutine, and from the strings'
** metatable, every function no row names: a function nobody bounded is not
** given to scripts. Tests/c/test_library.c walks everything a script can
** reach and fails on a function docs/robustness.md does not list.
**
** Charges are in instructions: 1 for an element (a table slot read or
** written, a value pushed, an argument, a repetition, a comparison), 1 for
** a byte scanned or converted one at a time, 1 for COPY_BYTES bytes copied
** whole, CONVERSION for one conversion made by the C library (a number
** formatted, a date field, a packed option). A charge is made before the
** work it pays for, except where the work is bounded by one object already
** made (a string's length) and its size is known only once done: those
** charge as they return.
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "bridge.h"
#include "budget.h"
#include "library.h"

/* Bytes copied whole (memcpy) per instruction charged. */
#define COPY_BYTES 32

/* Instructions charged for one conversion made by the C library. */
#define CONVERSION 32

/* Larger charges are made as this: any budget is spent by it, and no sum overflows. */
#define MAX_STEPS ((long long)1 << 62)

/* The longest string the stock string functions make (lstrlib's MAXSIZE). */
#define MAXSIZE ((size_t)INT_MAX)

/* What ltablib needs a value to do to act as a table (its checktab). */
#define TAB_R 1 /* read */
#define TAB_W 2 /* write */
#define TAB_L 4 /* length */
#define TAB_RW (TAB_R | TAB_W)

/* -- charges ------------------------------------------------------------------ */

/* Instructions for copying n bytes whole. */
static long long copied(size_t n)
{
    return (long long)(n / COPY_BYTES) + 1;
}

/* a + b, two charges, saturating at MAX_STEPS. */
static long long plus(long long a, long long b)
{
    return a >= MAX_STEPS - b ? MAX_STEPS : a + b;
}

/* Turns of a loop from `from` up to `to`, excluded (0 when to <= from), saturating. */
static long long between(lua_Integer from, lua_Integer to)
{
    if (to <= from)
        return 0;
    lua_Unsigned n = (lua_Unsigned)to - (lua_Unsigned)from; /* may not fit a signed integer */
    return n >= (lua_Unsigned)MAX_STEPS ? MAX_STEPS : (long long)n;
}

/* Elements first..last, both included (0 when last < first), saturating. */
static long long elements(lua_Integer first, lua_Integer last)
{
    return last < first ? 0 : plus(between(first, last), 1);
}

/* Length of the string at idx; 0 for any other value (a number taken as a string is short). */
static size_t string_len(lua_State *L, int idx)
{
    return lua_type(L, idx) == LUA_TSTRING ? lua_rawlen(L, idx) : 0;
}

/* Integer argument idx, or `def` when absent or no integer: the stock function refuses a bad one itself. */
static lua_Integer int_arg(lua_State *L, int idx, lua_Integer def)
{
    int ok;
    lua_Integer v = lua_tointegerx(L, idx, &ok);
    return ok ? v : def;
}

/* Whether argument idx is absent or an integer, as luaL_optinteger takes it. */
static int optional_integer(lua_State *L, int idx)
{
    int ok;
    lua_tointegerx(L, idx, &ok);
    return ok || lua_isnoneornil(L, idx);
}

/*
** Bytes of s[i..j] in a string of len bytes, positions read as string.sub
** reads them (negative ones from the end), clamped to the string.
*/
static long long span(lua_Integer i, lua_Integer j, size_t len)
{
    lua_Integer n = (lua_Integer)len;
    if (i < 0)
        i = i < -n ? 1 : n + i + 1;
    else if (i == 0)
        i = 1;
    if (j < 0)
        j = j < -n ? 0 : n + j + 1;
    else if (j > n)
        j = n;
    return elements(i, j);
}

/* Whether the value at idx has metatable field `name` (read raw, as ltablib and luaL_tolstring read it). */
static int has_metafield(lua_State *L, int idx, const char *name)
{
    if (luaL_getmetafield(L, idx, name) == LUA_TNIL)
        return 0;
    lua_pop(L, 1);
    return 1;
}

/* Instructions for what luaL_tolstring copies for the value at idx (see library.h). */
static long long tostring_steps(lua_State *L, int idx)
{
    int type = lua_type(L, idx);
    if (type != LUA_TTABLE && type != LUA_TUSERDATA)
        return 0;
    idx = lua_absindex(L, idx);
    if (has_metafield(L, idx, "__tostring"))
        return 0;
    long long steps = 0;
    if (luaL_getmetafield(L, idx, "__name") != LUA_TNIL) {
        if (lua_type(L, -1) == LUA_TSTRING)
            steps = copied(lua_rawlen(L, -1));
        lua_pop(L, 1);
    }
    return steps;
}

void library_charge_tostring(lua_State *L, int idx)
{
    budget_charge(L, tostring_steps(L, idx));
}

/* Raises the size limit's error (bridge_of(L)->object_limit; 0: none) for a result of `size` bytes past it. */
static void check_size(lua_State *L, unsigned long long size)
{
    sdui_bridge *bridge = bridge_of(L);
    if (bridge != NULL && bridge->object_limit > 0 && size > (unsigned long long)bridge->object_limit) {
        char message[128];
        snprintf(message, sizeof message, "size limit of %lld bytes reached (a string of %llu bytes)",
                 bridge->object_limit, size);
        bridge_limit_error(L, message);
    }
}

/* -- the base library ------------------------------------------------------------ */

/* error(message, level): a string message gets its position in front of it, a copy. */
static int bounded_error(lua_State *L)
{
    if (int_arg(L, 2, 1) > 0)
        budget_charge(L, copied(string_len(L, 1)));
    return budget_original(L);
}

/* select, math.max, math.min, string.char, utf8.char, table.pack: one per argument. */
static int per_argument(lua_State *L)
{
    budget_charge(L, lua_gettop(L));
    return budget_original(L);
}

/* tonumber, string.lower, upper, reverse, packsize: one per byte of the string in argument 1. */
static int per_byte(lua_State *L)
{
    budget_charge(L, (long long)string_len(L, 1));
    return budget_original(L);
}

/* tostring: what luaL_tolstring copies (see library.h). */
static int bounded_tostring(lua_State *L)
{
    library_charge_tostring(L, 1);
    return budget_original(L);
}

/*
** Writes s[0..len) into out, room bytes at most, whole units only: every
** control character -- C0 (ESC among them), DEL, and C1, U+0080..U+009F
** in UTF-8 -- as "\u00XX", every byte that does not start valid UTF-8 as
** "\xXX", the rest as it is. Returns the bytes written; *taken is the
** bytes of s they stand for.
*/
static size_t visible(const char *s, size_t len, char *out, size_t room, size_t *taken)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, o = 0;
    while (i < len) {
        unsigned char c = u[i];
        size_t n = 0; /* bytes of the valid UTF-8 sequence at u + i */
        unsigned char lo = 0x80, hi = 0xbf;
        if (c < 0x80)
            n = 1;
        else if (c >= 0xc2 && c <= 0xdf)
            n = 2;
        else if (c >= 0xe0 && c <= 0xef)
            n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        else if (c >= 0xf0 && c <= 0xf4)
            n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        if (n > 1 && (len - i < n || u[i + 1] < lo || u[i + 1] > hi))
            n = 0;
        for (size_t k = 2; k < n; k++)
            if (u[i + k] < 0x80 || u[i + k] > 0xbf)
                n = 0;
        char unit[6];
        size_t k;
        unsigned code = c < 0x20 || c == 0x7f ? c : (c == 0xc2 && n == 2 && u[i + 1] < 0xa0 ? u[i + 1] : 0);
        if (n == 0) { /* not UTF-8 */
            memcpy(unit, "\\x", 2);
            unit[2] = hex[c >> 4], unit[3] = hex[c & 15];
            k = 4, n = 1;
        } else if (code != 0 || c == 0) { /* a control character */
            memcpy(unit, "\\u00", 4);
            unit[4] = hex[code >> 4], unit[5] = hex[code & 15];
            k = 6;
        } else {
            memcpy(unit, u + i, n);
            k = n;
        }
        if (o + k > room)
            break;
        memcpy(out + o, unit, k);
        o += k;
        i += n;
    }
    *taken = i;
    return o;
}

/* Registry key marking a state whose library is open (library_open runs once a state). */
static const char OPEN_KEY = 0;

/*
** Hands print's text on: inside a callback as a warning of the call (the
** engine keeps at most 64 a call, sdui_call_warn); outside one (a script's
** top level, while it loads) to Lua's warning channel, lua_warning: the
** script host's states have no warning function, so it goes nowhere, and
** never to the terminal.
*/
static void deliver(lua_State *L, const char *text)
{
    sdui_bridge *bridge = bridge_of(L);
    if (bridge == NULL || bridge->call == NULL) {
        lua_warning(L, "print: ", 1);
        lua_warning(L, text, 0);
        return;
    }
    sdui_call_warn(bridge->call, text);
}

/*
** print, written here: the arguments as tostring writes them, separated by
** tabs, control characters made visible (visible), cut at
** LIBRARY_PRINT_MAX bytes with "…" (arguments past the cut are not
** converted), handed to deliver. Never writes to stdout or stderr.
*/
static int bounded_print(lua_State *L)
{
    int n = lua_gettop(L);
    char text[LIBRARY_PRINT_MAX + sizeof "…"];
    size_t used = 0;
    long long steps = n;
    int cut = 0;
    for (int i = 1; i <= n && !cut; i++) {
        if (i > 1 && used == LIBRARY_PRINT_MAX) {
            cut = 1;
            break;
        }
        if (i > 1)
            text[used++] = '\t';
        library_charge_tostring(L, i);
        size_t len, taken;
        const char *s = luaL_tolstring(L, i, &len);
        used += visible(s, len, text + used, LIBRARY_PRINT_MAX - used, &taken);
        steps = plus(steps, (long long)taken);
        cut = taken < len;
        lua_pop(L, 1);
    }
    if (cut) {
        memcpy(text + used, "…", sizeof "…" - 1);
        used += sizeof "…" - 1;
    }
    text[used] = '\0';
    budget_charge(L, steps);
    deliver(L, text);
    return 0;
}

/* -- strings ------------------------------------------------------------------ */

/* string.byte(s, i, j): one per value pushed. */
static int bounded_byte(lua_State *L)
{
    lua_Integer i = int_arg(L, 2, 1);
    budget_charge(L, span(i, int_arg(L, 3, i), string_len(L, 1)));
    return budget_original(L);
}

/*
** string.format: one per byte of the format, CONVERSION per argument (each
** conversion takes one), and one per byte of every string argument (%q
** escapes it a byte at a time) or what tostring copies for another.
*/
static int bounded_format(lua_State *L)
{
    int n = lua_gettop(L);
    long long steps = plus((long long)string_len(L, 1), (long long)n * CONVERSION);
    for (int i = 2; i <= n; i++)
        steps = plus(steps, lua_type(L, i) == LUA_TSTRING ? (long long)lua_rawlen(L, i) : tostring_steps(L, i));
    budget_charge(L, steps);
    return budget_original(L);
}

/* string.sub(s, i, j): the bytes it copies. */
static int bounded_sub(lua_State *L)
{
    long long bytes = span(int_arg(L, 2, 1), int_arg(L, 3, -1), string_len(L, 1));
    budget_charge(L, copied((size_t)bytes));
    return budget_original(L);
}

/*
** string.rep, written here: a result past the size limit is refused before
** it is made; the charge is the larger of the count and the bytes, so
** even an empty string pays for every repetition asked; the result is
** filled by doubling what is written, so its work is its bytes, whatever
** the count. Results and errors as the stock one's.
*/
static int bounded_rep(lua_State *L)
{
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (l + lsep < l || l + lsep > MAXSIZE / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    check_size(L, total);
    budget_charge(L, copied(total > (size_t)n ? total : (size_t)n));
    if (total == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);
    size_t unit = l + lsep, body = (size_t)(n - 1) * unit; /* n - 1 times s .. sep, then s */
    if (body > 0) {
        memcpy(p, s, l);
        memcpy(p + l, sep, lsep);
        for (size_t done = unit; done < body;) {
            size_t more = done < body - done ? done : body - done;
            memcpy(p + done, p, more);
            done += more;
        }
    }
    memcpy(p + body, s, l);
    luaL_pushresultsize(&b, total);
    return 1;
}

/*
** The bytes the fixed-size strings ("c<n>") of a string.pack format take,
** their sizes read as lstrlib reads them, saturating.
*/
static unsigned long long fixed_sizes(const char *fmt, size_t len)
{
    unsigned long long sum = 0;
    for (size_t i = 0; i < len; i++) {
        if (fmt[i] != 'c' || i + 1 == len || fmt[i + 1] < '0' || fmt[i + 1] > '9')
            continue;
        int a = 0;
        do
            a = a * 10 + (fmt[++i] - '0');
        while (i + 1 < len && fmt[i + 1] >= '0' && fmt[i + 1] <= '9' && a <= ((int)MAXSIZE - 9) / 10);
        sum = sum + (unsigned)a < sum ? ULLONG_MAX : sum + (unsigned)a;
    }
    return sum;
}

/*
** string.pack(fmt, ...): CONVERSION per byte of the format (an option
** writes at most 16 bytes and its padding, a byte at a time), one per byte
** of its fixed-size strings (padded a byte at a time; past the size limit
** they are refused first), and the bytes of the strings it copies.
*/
static int bounded_pack(lua_State *L)
{
    size_t len = string_len(L, 1);
    if (len > 0) {
        unsigned long long fixed = fixed_sizes(lua_tostring(L, 1), len);
        check_size(L, fixed);
        long long steps = plus((long long)len * CONVERSION, fixed > (unsigned long long)MAX_STEPS ? MAX_STEPS : (long long)fixed);
        for (int i = 2, n = lua_gettop(L); i <= n; i++)
            steps = plus(steps, copied(string_len(L, i)));
        budget_charge(L, steps);
    }
    return budget_original(L);
}

/*
** string.unpack(fmt, s, pos): CONVERSION per byte of the format (an option
** reads at most 16 bytes a byte at a time and pushes a value) and the
** bytes of s, which its strings copy at most once.
*/
static int bounded_unpack_string(lua_State *L)
{
    budget_charge(L, plus((long long)string_len(L, 1) * CONVERSION, copied(string_len(L, 2))));
    return budget_original(L);
}

/* The strings' arithmetic metamethods ("10" + 1): each operand converted, a byte at a time. */
static int bounded_arith(lua_State *L)
{
    budget_charge(L, (long long)(string_len(L, 1) + string_len(L, 2)));
    return budget_original(L);
}

/* -- tables ------------------------------------------------------------------- */

/* Whether the value at arg is a table or has the metamethods `what` names (ltablib's checktab, without raising). */
static int table_like(lua_State *L, int arg, int what)
{
    return lua_type(L, arg) == LUA_TTABLE ||
           ((!(what & TAB_R) || has_metafield(L, arg, "__index")) &&
            (!(what & TAB_W) || has_metafield(L, arg, "__newindex")) &&
            (!(what & TAB_L) || has_metafield(L, arg, "__len")));
}

/* The length ltablib's insert and remove read (aux_getn), raising their errors. */
static lua_Integer table_length(lua_State *L, int arg, int what)
{
    if (!table_like(L, arg, what | TAB_L))
        luaL_checktype(L, arg, LUA_TTABLE); /* the stock error */
    return luaL_len(L, arg);
}

/*
** table.concat(t, sep, i, j): its items and separators before, the bytes
** joined as it returns. The length it reads when j is absent is read here
** once and handed to it as j, so that a __len cannot answer it differently.
*/
static int bounded_concat(lua_State *L)
{
    if (!table_like(L, 1, TAB_R | TAB_L))
        return budget_original(L); /* it refuses it */
    lua_Integer i = int_arg(L, 3, 1), j; /* it refuses bad ones after reading the length, as here */
    if (lua_isnoneornil(L, 4)) {
        j = luaL_len(L, 1);
        lua_settop(L, 4);
        lua_pushinteger(L, j);
        lua_replace(L, 4);
    } else {
        j = int_arg(L, 4, 0);
    }
    long long items = elements(i, j);
    size_t lsep = string_len(L, 2);
    long long seps = lsep == 0 || items <= 1 ? 0 : items > MAX_STEPS / (long long)lsep ? MAX_STEPS : (items - 1) * (long long)lsep;
    budget_charge(L, plus(items, seps / COPY_BYTES));
    int results = budget_original(L);
    budget_charge(L, copied(lua_rawlen(L, -1)));
    return results;
}

/* table.unpack(t, i, j): one per value pushed; the length read once, as concat's. */
static int bounded_unpack(lua_State *L)
{
    if (!optional_integer(L, 2))
        return budget_original(L); /* it refuses it before reading the length */
    lua_Integer i = int_arg(L, 2, 1), j;
    if (lua_isnoneornil(L, 3)) {
        j = luaL_len(L, 1);
        lua_settop(L, 3);
        lua_pushinteger(L, j);
        lua_replace(L, 3);
    } else {
        j = int_arg(L, 3, 0);
    }
    budget_charge(L, elements(i, j));
    return budget_original(L);
}

/*
** table.insert, written here to charge the elements it moves up before
** moving them (a stock one reading a __len the charge did not see could
** move 2^62). Results and errors as the stock one's.
*/
static int bounded_insert(lua_State *L)
{
    lua_Integer e = (lua_Integer)((lua_Unsigned)table_length(L, 1, TAB_RW) + 1u); /* first empty element */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        budget_charge(L, between(pos, e));
        for (lua_Integer i = e; i > pos; i--) { /* move up elements */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove, written here as insert is: the elements it moves down, charged first. */
static int bounded_remove(lua_State *L)
{
    lua_Integer size = table_length(L, 1, TAB_RW);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) /* validate a position given (Lua 5.4.4 names argument 1) */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    budget_charge(L, between(pos, size));
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.move(a1, f, e, t, a2): one per element moved. */
static int bounded_move(lua_State *L)
{
    budget_charge(L, elements(int_arg(L, 2, 0), int_arg(L, 3, -1)));
    return budget_original(L);
}

/*
** table.sort's comparison, in place of the script's (upvalue 1; nil: `<`):
** each one is charged as it is made, with the element read for it, so that
** no length, order or comparison function makes the sort cost more than
** it is charged.
*/
static int charged_less(lua_State *L)
{
    budget_charge(L, 2);
    if (lua_isnil(L, lua_upvalueindex(1))) {
        lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* table.sort(t, comp): the stock sort with charged_less as its comparison. */
static int bounded_sort(lua_State *L)
{
    int type = lua_type(L, 2);
    if (type == LUA_TNONE || type == LUA_TNIL || type == LUA_TFUNCTION) { /* else it refuses it */
        lua_settop(L, 2);
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, charged_less, 1);
        lua_replace(L, 2);
    }
    return budget_original(L);
}

/* -- utf8 --------------------------------------------------------------------- */

/* utf8.codepoint(s, i, j), utf8.len(s, i, j): the bytes of the range, each decoded (j defaults to i, or to -1). */
static int bounded_codepoint(lua_State *L)
{
    lua_Integer i = int_arg(L, 2, 1);
    budget_charge(L, span(i, int_arg(L, 3, i), string_len(L, 1)));
    return budget_original(L);
}

static int bounded_utf8_len(lua_State *L)
{
    budget_charge(L, span(int_arg(L, 2, 1), int_arg(L, 3, -1), string_len(L, 1)));
    return budget_original(L);
}

/*
** utf8.offset(s, n, i): the bytes it moves over, charged as it returns
** (one pass over s at most; how far it goes is known once it has gone).
*/
static int bounded_offset(lua_State *L)
{
    lua_Integer len = (lua_Integer)string_len(L, 1);
    lua_Integer n = int_arg(L, 2, 0);
    lua_Integer from = int_arg(L, 3, n >= 0 ? 1 : len + 1);
    if (from < 0)
        from = from < -len ? 0 : len + from + 1;
    int results = budget_original(L);
    lua_Integer to = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : n > 0 ? len : 0;
    budget_charge(L, to > from ? to - from + 1 : from - to + 1);
    return results;
}

/* utf8.codes's iterator, the stock one in upvalue 1: the bytes it moves over (a run it skips may be the string). */
static int bounded_codes_step(lua_State *L)
{
    lua_Integer from = int_arg(L, 2, 0);
    lua_Integer len = (lua_Integer)string_len(L, 1);
    int results = budget_original(L);
    lua_Integer to = results == 2 ? lua_tointeger(L, -1) : len;
    budget_charge(L, to > from ? to - from : 1);
    return results;
}

/* utf8.codes(s, lax): the stock one, its iterator replaced by bounded_codes_step over it. */
static int bounded_codes(lua_State *L)
{
    int results = budget_original(L);
    if (results >= 1 && lua_tocfunction(L, -results) != NULL) {
        lua_pushvalue(L, -results);
        lua_pushcclosure(L, bounded_codes_step, 1);
        lua_replace(L, -results - 1);
    }
    return results;
}

/* -- os ----------------------------------------------------------------------- */

/* os.date(format, time): CONVERSION per byte of the format ("%c" when absent). */
static int bounded_date(lua_State *L)
{
    size_t len = lua_isnoneornil(L, 1) ? 2 : string_len(L, 1);
    budget_charge(L, (long long)len * CONVERSION);
    return budget_original(L);
}

/* -- the table of bounds -------------------------------------------------------- */

/* How a function is bounded (see the top of this file). */
enum { CONSTANT, CHARGED, WRITTEN, ELSEWHERE };

/* The tables a row's function is in, besides the libraries. */
#define GLOBALS NULL
#define STRING_METATABLE "(string metatable)"

typedef struct bound {
    const char *table; /* a library's name, GLOBALS or STRING_METATABLE */
    const char *name;
    int how;
    lua_CFunction fn; /* CHARGED: the wrapper (the stock function its upvalue 1); WRITTEN: the function */
} bound;

static const bound bounds[] = {
    /* The base library: the names sandbox.c copies. */
    {GLOBALS, "assert", CONSTANT, NULL},
    {GLOBALS, "collectgarbage", ELSEWHERE, NULL}, /* sandbox.c: "count" only, O(1) */
    {GLOBALS, "error", CHARGED, bounded_error},
    {GLOBALS, "getmetatable", CONSTANT, NULL},
    {GLOBALS, "ipairs", CONSTANT, NULL}, /* and its iterator */
    {GLOBALS, "next", CONSTANT, NULL},
    {GLOBALS, "pairs", CONSTANT, NULL},
    {GLOBALS, "pcall", ELSEWHERE, NULL}, /* budget.c */
    {GLOBALS, "print", WRITTEN, bounded_print},
    {GLOBALS, "rawequal", CONSTANT, NULL},
    {GLOBALS, "rawget", CONSTANT, NULL},
    {GLOBALS, "rawlen", CONSTANT, NULL},
    {GLOBALS, "rawset", CONSTANT, NULL},
    {GLOBALS, "require", ELSEWHERE, NULL}, /* sandbox.c */
    {GLOBALS, "select", CHARGED, per_argument},
    {GLOBALS, "setmetatable", ELSEWHERE, NULL}, /* budget.c */
    {GLOBALS, "tonumber", CHARGED, per_byte},
    {GLOBALS, "tostring", CHARGED, bounded_tostring}, /* scripts see sandbox.c's, which charges the same */
    {GLOBALS, "type", CONSTANT, NULL},
    {GLOBALS, "xpcall", ELSEWHERE, NULL}, /* budget.c */

    {LUA_STRLIBNAME, "byte", CHARGED, bounded_byte},
    {LUA_STRLIBNAME, "char", CHARGED, per_argument},
    {LUA_STRLIBNAME, "find", ELSEWHERE, NULL}, /* pattern.c */
    {LUA_STRLIBNAME, "format", CHARGED, bounded_format},
    {LUA_STRLIBNAME, "gmatch", ELSEWHERE, NULL}, /* pattern.c, and its iterator */
    {LUA_STRLIBNAME, "gsub", ELSEWHERE, NULL},   /* pattern.c */
    {LUA_STRLIBNAME, "len", CONSTANT, NULL},
    {LUA_STRLIBNAME, "lower", CHARGED, per_byte},
    {LUA_STRLIBNAME, "match", ELSEWHERE, NULL}, /* pattern.c */
    {LUA_STRLIBNAME, "pack", CHARGED, bounded_pack},
    {LUA_STRLIBNAME, "packsize", CHARGED, per_byte},
    {LUA_STRLIBNAME, "rep", WRITTEN, bounded_rep},
    {LUA_STRLIBNAME, "reverse", CHARGED, per_byte},
    {LUA_STRLIBNAME, "sub", CHARGED, bounded_sub},
    {LUA_STRLIBNAME, "unpack", CHARGED, bounded_unpack_string},
    {LUA_STRLIBNAME, "upper", CHARGED, per_byte},

    {STRING_METATABLE, "__add", CHARGED, bounded_arith},
    {STRING_METATABLE, "__div", CHARGED, bounded_arith},
    {STRING_METATABLE, "__idiv", CHARGED, bounded_arith},
    {STRING_METATABLE, "__mod", CHARGED, bounded_arith},
    {STRING_METATABLE, "__mul", CHARGED, bounded_arith},
    {STRING_METATABLE, "__pow", CHARGED, bounded_arith},
    {STRING_METATABLE, "__sub", CHARGED, bounded_arith},
    {STRING_METATABLE, "__unm", CHARGED, bounded_arith},

    {LUA_TABLIBNAME, "concat", CHARGED, bounded_concat},
    {LUA_TABLIBNAME, "insert", WRITTEN, bounded_insert},
    {LUA_TABLIBNAME, "move", CHARGED, bounded_move},
    {LUA_TABLIBNAME, "pack", CHARGED, per_argument},
    {LUA_TABLIBNAME, "remove", WRITTEN, bounded_remove},
    {LUA_TABLIBNAME, "sort", CHARGED, bounded_sort},
    {LUA_TABLIBNAME, "unpack", CHARGED, bounded_unpack},

    /* math: all O(1) but max and min; the last eight are Lua 5.3's, there when Lua is built with them. */
    {LUA_MATHLIBNAME, "abs", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "acos", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "asin", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "atan", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "ceil", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "cos", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "deg", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "exp", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "floor", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "fmod", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "log", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "max", CHARGED, per_argument},
    {LUA_MATHLIBNAME, "min", CHARGED, per_argument},
    {LUA_MATHLIBNAME, "modf", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "rad", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "random", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "randomseed", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "sin", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "sqrt", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "tan", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "tointeger", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "type", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "ult", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "atan2", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "cosh", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "frexp", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "ldexp", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "log10", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "pow", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "sinh", CONSTANT, NULL},
    {LUA_MATHLIBNAME, "tanh", CONSTANT, NULL},

    {LUA_UTF8LIBNAME, "char", CHARGED, per_argument},
    {LUA_UTF8LIBNAME, "codepoint", CHARGED, bounded_codepoint},
    {LUA_UTF8LIBNAME, "codes", CHARGED, bounded_codes},
    {LUA_UTF8LIBNAME, "len", CHARGED, bounded_utf8_len},
    {LUA_UTF8LIBNAME, "offset", CHARGED, bounded_offset},

    {LUA_COLIBNAME, "close", ELSEWHERE, NULL},  /* budget.c */
    {LUA_COLIBNAME, "create", ELSEWHERE, NULL}, /* budget.c */
    {LUA_COLIBNAME, "isyieldable", CONSTANT, NULL},
    {LUA_COLIBNAME, "resume", ELSEWHERE, NULL}, /* budget.c */
    {LUA_COLIBNAME, "running", CONSTANT, NULL},
    {LUA_COLIBNAME, "status", CONSTANT, NULL},
    {LUA_COLIBNAME, "wrap", ELSEWHERE, NULL}, /* budget.c, and the function it makes */
    {LUA_COLIBNAME, "yield", CONSTANT, NULL},

    /* os: the three sandbox.c copies. */
    {LUA_OSLIBNAME, "clock", CONSTANT, NULL},
    {LUA_OSLIBNAME, "date", CHARGED, bounded_date},
    {LUA_OSLIBNAME, "time", CONSTANT, NULL},
};

#define BOUNDS (sizeof bounds / sizeof bounds[0])

/* The row of `name` in `table`, or NULL. */
static const bound *row_of(const char *table, const char *name)
{
    for (size_t i = 0; i < BOUNDS; i++)
        if ((bounds[i].table == table || (table != NULL && bounds[i].table != NULL && strcmp(bounds[i].table, table) == 0)) &&
            strcmp(bounds[i].name, name) == 0)
            return &bounds[i];
    return NULL;
}

/* Removes from the table at idx (`table` in the rows) every function no row names. */
static void prune(lua_State *L, int idx, const char *table)
{
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        int unlisted = lua_type(L, -1) == LUA_TFUNCTION &&
                       (lua_type(L, -2) != LUA_TSTRING || row_of(table, lua_tostring(L, -2)) == NULL);
        lua_pop(L, 1);
        if (unlisted) { /* clearing a field during the traversal is allowed */
            lua_pushvalue(L, -1);
            lua_pushnil(L);
            lua_rawset(L, idx);
        }
    }
}

/* Pushes the table a row's function is in: the globals, the strings' metatable, or a library. */
static void push_table(lua_State *L, const char *table)
{
    if (table == GLOBALS) {
        lua_pushglobaltable(L);
    } else if (strcmp(table, STRING_METATABLE) == 0) {
        lua_pushliteral(L, "");
        lua_getmetatable(L, -1);
        lua_remove(L, -2);
    } else {
        lua_getglobal(L, table);
    }
}

int library_open(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &OPEN_KEY) != LUA_TNIL)
        return 0; /* open already: the stock functions are wrapped once */
    lua_pop(L, 1);
    static const char *const whole[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
                                        LUA_COLIBNAME, STRING_METATABLE, NULL};
    for (const char *const *t = whole; *t; t++) {
        push_table(L, *t);
        if (lua_istable(L, -1))
            prune(L, lua_gettop(L), *t);
        lua_pop(L, 1);
    }
    for (size_t i = 0; i < BOUNDS; i++) {
        const bound *row = &bounds[i];
        if (row->how != CHARGED && row->how != WRITTEN)
            continue;
        push_table(L, row->table);
        if (lua_getfield(L, -1, row->name) == LUA_TNIL) { /* not in this Lua */
            lua_pop(L, 2);
            continue;
        }
        if (row->how == WRITTEN) {
            lua_pop(L, 1);
            lua_pushcfunction(L, row->fn);
        } else if (lua_tocfunction(L, -1) == NULL || lua_getupvalue(L, -1, 1) != NULL) {
            return luaL_error(L, "library: %s.%s cannot be run in place", row->table ? row->table : "_G", row->name);
        } else {
            lua_pushcclosure(L, row->fn, 1);
        }
        lua_setfield(L, -2, row->name);
        lua_pop(L, 1);
    }
    lua_pushboolean(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &OPEN_KEY);
    return 0;
}
