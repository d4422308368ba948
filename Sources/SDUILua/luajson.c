/*
** luajson.c -- JSON text <-> Lua 5.4 values, for the sdui Lua binding.
** See luajson.h for the mapping and the error and memory rules.
**
** Both directions are recursive descents whose frames hold a few scalars
** only; the values in flight live on the Lua stack. The encoder records
** where the key that leads to each depth sits on the stack (a string, or
** the Lua index of an array item), which gives it the path of any value for
** free when it has to report an error. Object members are written sorted
** by key (bytewise), so the text does not depend on the hash seed of the
** Lua state.
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"

#include "luajson.h"

/* Registry key of the metatable of boxes (see below). */
#define BOX_MT "sdui.jsonbuffer"

/* Decimal exponent range of the shortest float layout (engine's JSONWriter). */
#define FLOAT_MINEXP (-4)
#define FLOAT_MAXEXP 15

/* Items of an array or members of an object that the decoder keeps on the
** stack to make the table at its final size; the rest go in one by one. */
#define STACKED 128

/* The exact fast paths of number conversion rely on each double operation
** being rounded once, to double precision. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define EXACT_DOUBLES 1
#else
#define EXACT_DOUBLES 0
#endif

/* Keeps a function with big locals out of the recursive functions' frames. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* 10^0 .. 10^22: the powers of ten a double holds exactly. */
static const double pow10tab[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* ======================================================================
** Null marker and array metatable
** ====================================================================== */

/* Pushes the null marker: a light userdata NULL. */
void luajson_pushnull(lua_State *L)
{
    lua_pushlightuserdata(L, NULL);
}

/* Returns 1 when the value at idx is the null marker. */
int luajson_isnull(lua_State *L, int idx)
{
    return lua_type(L, idx) == LUA_TLIGHTUSERDATA && lua_touserdata(L, idx) == NULL;
}

void luajson_push_array_mt(lua_State *L)
{
    luaL_newmetatable(L, LUAJSON_ARRAY_MT); /* pushes the old one when it exists */
}

#define push_array_mt luajson_push_array_mt

/* Gives the table at idx the array metatable; the stack is left as it was. */
void luajson_markarray(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    luaL_checktype(L, idx, LUA_TTABLE); /* else it would mark a whole type */
    luaL_checkstack(L, 2, NULL);
    push_array_mt(L);
    lua_setmetatable(L, idx);
}

/* Returns 1 when the value at idx has the array metatable. */
int luajson_isarray(lua_State *L, int idx)
{
    int yes;
    if (!lua_getmetatable(L, idx))
        return 0;
    luaL_getmetatable(L, LUAJSON_ARRAY_MT);
    yes = lua_rawequal(L, -1, -2);
    if (!yes) { /* a metatable of the same name, like the pure Lua DSL's */
        lua_pushliteral(L, "__name");
        yes = lua_rawget(L, -3) == LUA_TSTRING && strcmp(lua_tostring(L, -1), LUAJSON_ARRAY_MT) == 0;
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return yes;
}

/* ======================================================================
** Buffers and boxes
**
** A box is a full userdata holding a luajson_buffer whose __gc (and
** __close) frees the memory: whatever a box holds is freed even when a Lua
** error unwinds past the C code that was filling it.
** ====================================================================== */

/* Frees the memory of b and leaves it empty. */
void luajson_buffer_free(luajson_buffer *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->max = 0;
}

/* __gc and __close of boxes: frees what the box holds. */
static int box_gc(lua_State *L)
{
    luajson_buffer_free((luajson_buffer *)luaL_checkudata(L, 1, BOX_MT));
    return 0;
}

/* Pushes a new empty box and returns its buffer. */
static luajson_buffer *box_new(lua_State *L)
{
    luajson_buffer *b = (luajson_buffer *)lua_newuserdatauv(L, sizeof *b, 0);
    b->data = NULL;
    b->len = b->cap = 0;
    b->max = 0;
    if (luaL_newmetatable(L, BOX_MT)) {
        lua_pushcfunction(L, box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, box_gc);
        lua_setfield(L, -2, "__close");
    }
    lua_setmetatable(L, -2);
    return b;
}

/* Registry key of the state's meter (a full userdata holding a luajson_meter). */
static const char METER_KEY = 0;

void luajson_set_meter(lua_State *L, const luajson_meter *meter)
{
    luajson_meter *kept = (luajson_meter *)lua_newuserdatauv(L, sizeof *kept, 0);
    *kept = *meter;
    lua_rawsetp(L, LUA_REGISTRYINDEX, &METER_KEY);
}

/* The state's meter, or NULL. */
static const luajson_meter *meter_of(lua_State *L)
{
    const luajson_meter *meter = NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &METER_KEY) == LUA_TUSERDATA)
        meter = (const luajson_meter *)lua_touserdata(L, -1); /* kept alive by the registry */
    lua_pop(L, 1);
    return meter;
}

void luajson_charge(lua_State *L, size_t bytes)
{
    const luajson_meter *meter = meter_of(L);
    if (meter != NULL && meter->charge != NULL)
        meter->charge(L, bytes);
}

/* An encoding reached its buffer's bound: the meter's refusal, which raises. */
static void refuse_size(lua_State *L, size_t max)
{
    const luajson_meter *meter = meter_of(L);
    if (meter != NULL && meter->refuse != NULL)
        meter->refuse(L, max);
    luaL_error(L, "size limit of %I bytes reached (a value encoded as JSON)", (lua_Integer)max);
}

/* Makes room for n more bytes in b, doubling its capacity as needed. */
static void buf_grow(lua_State *L, luajson_buffer *b, size_t n)
{
    size_t cap = b->cap != 0 ? b->cap : 256;
    char *data;
    if (n > SIZE_MAX / 2 - b->len)
        luaL_error(L, "not enough memory");
    if (b->max != 0 && b->len + n > b->max)
        refuse_size(L, b->max);
    while (cap - b->len < n)
        cap *= 2;
    data = (char *)realloc(b->data, cap);
    if (data == NULL)
        luaL_error(L, "not enough memory");
    b->data = data;
    b->cap = cap;
}

/* Ensures that n more bytes fit in b. */
static inline void buf_reserve(lua_State *L, luajson_buffer *b, size_t n)
{
    if (b->cap - b->len < n)
        buf_grow(L, b, n);
}

/* Appends the n bytes at s to b. */
static inline void buf_add(lua_State *L, luajson_buffer *b, const char *s, size_t n)
{
    if (n == 0) /* b->data may still be NULL: no memcpy to it */
        return;
    buf_reserve(L, b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

/* Appends the byte c to b. */
static inline void buf_addchar(lua_State *L, luajson_buffer *b, char c)
{
    buf_reserve(L, b, 1);
    b->data[b->len++] = c;
}

/* ======================================================================
** Plain runs: string bytes copied as they are in both directions
** ====================================================================== */

/* Returns 1 for the bytes a string copies as they are (not '"', '\\', < 0x20). */
static inline int is_plain(unsigned char c)
{
    return c >= 0x20 && c != '"' && c != '\\';
}

/*
** Returns the length of the run of plain bytes that starts at s (at most
** n). Sixteen bytes at a time with SSE2 (every x86-64 has it): a byte is
** not plain when it is '"', '\\', or at most 0x1F (max(c, 0x1F) == 0x1F,
** unsigned); the mask of such bytes gives the run's end at once. Elsewhere
** eight bytes at a time: a word has a byte that is not plain when one of
** its bytes is below 0x20, or is zero after an xor with '"' or '\\' (the
** usual "has a byte less than" bit trick, with ones = 0x0101...01). The
** last bytes, fewer than a block, one at a time.
*/
size_t luajson_plain_run(const char *s, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), control = _mm_set1_epi8(0x1F);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                    _mm_cmpeq_epi8(_mm_max_epu8(v, control), control));
        unsigned mask = (unsigned)_mm_movemask_epi8(stop);
        if (mask != 0)
            return i + (size_t)__builtin_ctz(mask);
    }
#else
    const uint64_t ones = 0x0101010101010101u, highs = ones * 0x80;
    for (; i + 8 <= n; i += 8) {
        uint64_t w, q, b;
        memcpy(&w, s + i, 8);
        q = w ^ (ones * '"');
        b = w ^ (ones * '\\');
        if ((((w - ones * 0x20) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b)) & highs)
            break;
    }
#endif
    while (i < n && is_plain((unsigned char)s[i]))
        i++;
    return i;
}

/* ======================================================================
** Decoding
** ====================================================================== */

/*
** The keys of objects repeat from one decode to the next ("title", "type"
** in every component's data): the decoder keeps the strings of the last
** keys it made, KEY_SLOTS of them, each in the slot its bytes hash to, so a
** key met before is pushed from there, with no hashing and no look-up in
** Lua's string table. The cache lives in the registry: a userdata holding
** each slot's bytes (to compare), its user value a table of the strings.
*/
#define KEY_SLOTS 64 /* a power of two */
#define KEY_MAX 24   /* the longest key kept */

typedef struct {
    size_t n; /* 0: an empty slot */
    char s[KEY_MAX];
} key_slot;

typedef struct {
    key_slot slot[KEY_SLOTS];
} key_cache;

static const char KEY_CACHE = 0; /* its address is the registry key */

/* Pushes the key cache's string table, making the cache the first time; returns the cache. */
static key_cache *push_key_cache(lua_State *L)
{
    key_cache *c;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEY_CACHE) == LUA_TUSERDATA) {
        c = lua_touserdata(L, -1);
    } else {
        lua_pop(L, 1);
        c = lua_newuserdatauv(L, sizeof *c, 1);
        memset(c, 0, sizeof *c);
        lua_createtable(L, KEY_SLOTS, 0);
        lua_setiuservalue(L, -2, 1);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &KEY_CACHE);
    }
    lua_getiuservalue(L, -1, 1);
    lua_remove(L, -2);
    return c;
}

typedef struct {
    lua_State *L;
    const char *p;       /* next byte to read */
    const char *start;   /* the text, for byte offsets */
    const char *end;     /* one past its last byte */
    int mt;              /* stack index of the array metatable */
    int scratch;         /* stack index of the scratch box (nil until needed) */
    luajson_buffer *buf; /* the scratch box's buffer, or NULL */
    int depth;           /* arrays and objects open around p */
    key_cache *keys;     /* the key cache, and the stack index of its strings */
    int key_strings;
} decoder;

/* Raises "invalid JSON at byte N" for the byte at `at`. */
static int decode_error(decoder *d, const char *at)
{
    lua_pushfstring(d->L, "invalid JSON at byte %I", (LUAI_UACINT)(at - d->start));
    return lua_error(d->L);
}

/* Returns the first byte at or after p that is not JSON whitespace. */
static inline const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    return p;
}

/* Skips whitespace and returns the next byte; raises at the end of the text. */
static inline char next_byte(decoder *d)
{
    d->p = skip_ws(d->p, d->end);
    if (d->p == d->end)
        decode_error(d, d->p);
    return *d->p;
}

/* Returns the scratch buffer of d, emptied, creating its box the first time. */
static luajson_buffer *scratch(decoder *d)
{
    if (d->buf == NULL) {
        d->buf = box_new(d->L);
        lua_replace(d->L, d->scratch);
    }
    d->buf->len = 0;
    return d->buf;
}

/* Returns the value of the 4 hex digits at p (inside the text), or -1. */
static long hex4(const char *p)
{
    long v = 0;
    int i;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

/* Appends code point cp (< 0x110000, no surrogate) to b as UTF-8. */
static void add_utf8(lua_State *L, luajson_buffer *b, unsigned long cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    buf_add(L, b, u, n);
}

/*
** Decodes the \u escape at p (p[0] == '\\', p[1] == 'u'), joining a surrogate
** pair, appends it to b as UTF-8 and returns the byte after it.
*/
static const char *decode_uescape(decoder *d, luajson_buffer *b, const char *p)
{
    long cp = d->end - p >= 6 ? hex4(p + 2) : -1, lo = -1;
    if (cp >= 0xD800 && cp <= 0xDBFF) { /* high surrogate: a low one must follow */
        if (d->end - p >= 12 && p[6] == '\\' && p[7] == 'u')
            lo = hex4(p + 8);
        if (lo < 0xDC00 || lo > 0xDFFF)
            decode_error(d, p);
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        p += 6;
    } else if (cp < 0 || (cp >= 0xDC00 && cp <= 0xDFFF)) { /* bad, or a lone low surrogate */
        decode_error(d, p);
    }
    add_utf8(d->L, b, (unsigned long)cp);
    return p + 6;
}

/* Decodes the escape at p (p[0] == '\\'), appends it to b, returns the byte after it. */
static const char *decode_escape(decoder *d, luajson_buffer *b, const char *p)
{
    char c;
    if (d->end - p < 2)
        decode_error(d, d->end);
    switch (p[1]) {
    case '"': c = '"'; break;
    case '\\': c = '\\'; break;
    case '/': c = '/'; break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    case 'u': return decode_uescape(d, b, p);
    default: decode_error(d, p + 1); return p;
    }
    buf_addchar(d->L, b, c);
    return p + 2;
}

/*
** Slow path of decode_string: the string that starts at s has an escape at
** p. Unescapes it into the scratch buffer and pushes it.
*/
static NOINLINE void decode_escaped(decoder *d, const char *s, const char *p)
{
    luajson_buffer *b = scratch(d);
    const char *end = d->end;
    buf_add(d->L, b, s, (size_t)(p - s));
    for (;;) {
        size_t run = luajson_plain_run(p, (size_t)(end - p));
        buf_add(d->L, b, p, run);
        p += run;
        if (p == end)
            decode_error(d, end);
        if (*p == '"')
            break;
        if (*p != '\\') /* a raw control character */
            decode_error(d, p);
        p = decode_escape(d, b, p);
    }
    lua_pushlstring(d->L, b->data, b->len);
    d->p = p + 1;
}

/*
** Pushes the string whose body starts at s, p being the end of its run of
** plain bytes (its closing quote, an escape, or a byte JSON refuses).
*/
static void push_string(decoder *d, const char *s, const char *p)
{
    if (p < d->end && *p == '"') { /* no escape: push it straight from the text */
        lua_pushlstring(d->L, s, (size_t)(p - s));
        d->p = p + 1;
    } else if (p < d->end && *p == '\\') {
        decode_escaped(d, s, p);
    } else {
        decode_error(d, p);
    }
}

/* Decodes the string whose opening quote is at d->p and pushes it. */
static void decode_string(decoder *d)
{
    const char *s = d->p + 1;
    push_string(d, s, s + luajson_plain_run(s, (size_t)(d->end - s)));
}

/* Decodes the object key whose opening quote is at d->p and pushes it, from the key cache when it is there. */
static void decode_key(decoder *d)
{
    const char *s = d->p + 1, *end = d->end;
    const char *p = s + luajson_plain_run(s, (size_t)(end - s));
    size_t n = (size_t)(p - s);
    if (p == end || *p != '"' || n == 0 || n > KEY_MAX) { /* escaped, long, empty or unterminated */
        push_string(d, s, p);
        return;
    }
    unsigned h = (unsigned)(n * 31u + (unsigned char)s[0] * 7u + (unsigned char)s[n / 2] * 5u +
                            (unsigned char)s[n - 1] * 3u) & (KEY_SLOTS - 1);
    key_slot *k = &d->keys->slot[h];
    if (k->n == n && memcmp(k->s, s, n) == 0) {
        lua_rawgeti(d->L, d->key_strings, (lua_Integer)h + 1);
    } else {
        lua_pushlstring(d->L, s, n);
        lua_pushvalue(d->L, -1);
        lua_rawseti(d->L, d->key_strings, (lua_Integer)h + 1); /* an array slot: no allocation */
        k->n = n;
        memcpy(k->s, s, n);
    }
    d->p = p + 1;
}

/* Returns 1 when c is an ASCII digit. */
static inline int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/*
** Slow path of decode_number: converts the n bytes of number text at s
** with lua_stringtonumber (correctly rounded, locale-proof) and pushes it.
*/
static void decode_number_text(decoder *d, const char *s, size_t n)
{
    lua_State *L = d->L;
    lua_pushlstring(L, s, n);
    if (lua_stringtonumber(L, lua_tostring(L, -1)) == 0)
        decode_error(d, s);
    lua_remove(L, -2);
    if (!lua_isinteger(L, -1) && !isfinite(lua_tonumber(L, -1)))
        decode_error(d, s); /* out of the range of doubles */
}

/*
** Decodes the number at d->p and pushes it: an integer when it has neither
** fraction nor exponent and fits lua_Integer, else a float. Up to 19 digits
** accumulate in `mant`; a mantissa of at most 15 digits scaled by an exact
** power of ten gives a correctly rounded double in one operation, and
** everything else goes through decode_number_text.
*/
static NOINLINE void decode_number(decoder *d)
{
    const char *s = d->p, *p = s, *end = d->end;
    uint64_t mant = 0;
    int digits = 0, fracdigits = 0, isint = 1, neg = 0;
    long exp = 0;
    if (*p == '-') {
        neg = 1;
        p++;
    }
    if (p == end || !is_digit(*p))
        decode_error(d, p);
    if (*p == '0') {
        p++;
        if (p < end && is_digit(*p)) /* leading zero */
            decode_error(d, p);
    } else {
        for (; p < end && is_digit(*p); p++, digits++)
            if (digits < 19)
                mant = mant * 10 + (uint64_t)(*p - '0');
    }
    if (p < end && *p == '.') {
        isint = 0;
        if (++p == end || !is_digit(*p))
            decode_error(d, p);
        for (; p < end && is_digit(*p); p++, fracdigits++) {
            if (mant == 0 && *p == '0')
                continue; /* leading zeros of 0.00ddd are not significant */
            if (digits++ < 19)
                mant = mant * 10 + (uint64_t)(*p - '0');
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        int eneg = 0;
        isint = 0;
        if (++p < end && (*p == '+' || *p == '-'))
            eneg = (*p++ == '-');
        if (p == end || !is_digit(*p))
            decode_error(d, p);
        for (; p < end && is_digit(*p); p++)
            if (exp < 100000)
                exp = exp * 10 + (*p - '0');
        if (eneg)
            exp = -exp;
    }
    d->p = p;
    if (isint && digits <= 19) {
        if (!neg && mant <= (uint64_t)LUA_MAXINTEGER) {
            lua_pushinteger(d->L, (lua_Integer)mant);
            return;
        }
        if (neg && mant <= (uint64_t)LUA_MAXINTEGER + 1u) {
            lua_pushinteger(d->L, (lua_Integer)(0u - (lua_Unsigned)mant));
            return;
        }
    }
    exp -= fracdigits;
    if (EXACT_DOUBLES && digits <= 15 && exp >= -22 && exp <= 22) {
        double v = (double)mant;
        v = exp < 0 ? v / pow10tab[-exp] : v * pow10tab[exp];
        lua_pushnumber(d->L, neg ? -v : v);
        return;
    }
    decode_number_text(d, s, (size_t)(p - s));
}

/* Checks the literal `lit` (n bytes) at d->p and steps over it. */
static void decode_literal(decoder *d, const char *lit, size_t n)
{
    if ((size_t)(d->end - d->p) < n || memcmp(d->p, lit, n) != 0)
        decode_error(d, d->p);
    d->p += n;
}

static void decode_value(decoder *d);

/* Steps into an array or object at d->p: checks depth and stack space. */
static void decode_enter(decoder *d)
{
    if (++d->depth > LUAJSON_MAXDEPTH) {
        lua_pushfstring(d->L, "JSON nesting deeper than %d at byte %I", LUAJSON_MAXDEPTH,
                        (LUAI_UACINT)(d->p - d->start));
        lua_error(d->L);
    }
    /* the container, a key, a value and a temporary */
    luaL_checkstack(d->L, 4, "JSON nesting too deep");
    d->p++;
}

/*
** Puts a table of exactly their size in the place at index first, holding
** the n key-value pairs above it (set in order: the last of duplicate keys
** wins), and pops the pairs.
*/
static void object_from_stack(lua_State *L, int first, int n)
{
    int i;
    lua_createtable(L, 0, n);
    lua_replace(L, first);
    for (i = 0; i < n; i++) {
        lua_pushvalue(L, first + 1 + 2 * i);
        lua_pushvalue(L, first + 2 + 2 * i);
        lua_rawset(L, first);
    }
    lua_settop(L, first);
}

/*
** Puts an array table of exactly their size in the place at index first,
** holding the n values above it, and pops them.
*/
static void array_from_stack(decoder *d, int first, int n)
{
    lua_State *L = d->L;
    lua_createtable(L, n, 0);
    lua_pushvalue(L, d->mt);
    lua_setmetatable(L, -2);
    lua_replace(L, first);
    for (; n > 0; n--)
        lua_rawseti(L, first, n); /* pops value n */
}

/*
** Decodes the object at d->p into a new table with string keys. The first
** STACKED members wait on the stack so the table is made at its final size.
*/
static void decode_object(decoder *d)
{
    lua_State *L = d->L;
    int first = lua_gettop(L) + 1, n = 0, made = 0;
    decode_enter(d);
    lua_pushnil(L); /* the table's place: made there once its size is known, with no rotation */
    if (next_byte(d) != '}') {
        for (;;) {
            if (n % 16 == 0 && !made) /* room for the next sixteen members waiting on the stack */
                luaL_checkstack(L, 2 * 16 + 1, "JSON object too big");
            if (next_byte(d) != '"')
                decode_error(d, d->p);
            decode_key(d);
            if (next_byte(d) != ':')
                decode_error(d, d->p);
            d->p++;
            decode_value(d);
            if (made) {
                lua_rawset(L, first);
            } else if (++n == STACKED) {
                object_from_stack(L, first, n);
                made = 1;
            }
            if (next_byte(d) == ',')
                d->p++;
            else if (*d->p == '}')
                break;
            else
                decode_error(d, d->p);
        }
    }
    d->p++;
    if (!made)
        object_from_stack(L, first, n);
    d->depth--;
}

/*
** Decodes the array at d->p into a new table 1..n with the array metatable;
** sized like objects are.
*/
static void decode_array(decoder *d)
{
    lua_State *L = d->L;
    int first = lua_gettop(L) + 1, n = 0;
    decode_enter(d);
    lua_pushnil(L); /* the table's place, as for objects */
    if (next_byte(d) != ']') {
        for (;;) {
            if (n % 16 == 0 && n < STACKED) /* room for the next sixteen items waiting on the stack */
                luaL_checkstack(L, 16 + 1, "JSON array too big");
            decode_value(d);
            if (++n == STACKED)
                array_from_stack(d, first, n);
            else if (n > STACKED)
                lua_rawseti(L, first, n);
            if (next_byte(d) == ',')
                d->p++;
            else if (*d->p == ']')
                break;
            else
                decode_error(d, d->p);
        }
    }
    d->p++;
    if (n < STACKED)
        array_from_stack(d, first, n);
    d->depth--;
}

/* Decodes the value after d->p (whitespace first) and pushes it. */
static void decode_value(decoder *d)
{
    lua_State *L = d->L;
    switch (next_byte(d)) {
    case '{': decode_object(d); break;
    case '[': decode_array(d); break;
    case '"': decode_string(d); break;
    case 't': decode_literal(d, "true", 4); lua_pushboolean(L, 1); break;
    case 'f': decode_literal(d, "false", 5); lua_pushboolean(L, 0); break;
    case 'n': decode_literal(d, "null", 4); luajson_pushnull(L); break;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        decode_number(d);
        break;
    default: decode_error(d, d->p);
    }
}

/* Decodes the len bytes of JSON text at json and pushes the value. */
void luajson_decode(lua_State *L, const char *json, size_t len)
{
    decoder d;
    if (json == NULL)
        json = "";
    luajson_charge(L, len);
    luaL_checkstack(L, 6, "JSON decoding");
    d.L = L;
    d.p = d.start = json;
    d.end = json + len;
    d.buf = NULL;
    d.depth = 0;
    push_array_mt(L);
    d.mt = lua_gettop(L);
    lua_pushnil(L);
    d.scratch = lua_gettop(L);
    d.keys = push_key_cache(L);
    d.key_strings = lua_gettop(L);
    decode_value(&d);
    d.p = skip_ws(d.p, d.end);
    if (d.p != d.end)
        decode_error(&d, d.p);
    if (d.buf != NULL)
        luajson_buffer_free(d.buf); /* now, rather than at the next collection */
    lua_replace(L, d.mt);
    lua_settop(L, d.mt);
}

/* ======================================================================
** Encoding
** ====================================================================== */

typedef struct {
    lua_State *L;
    luajson_buffer *b; /* the output, inside a box */
    int mt;            /* stack index of the array metatable (or nil) */
    int base;          /* stack index of the top-level value */
    const void *open[LUAJSON_MAXDEPTH]; /* open[d]: the table being encoded at depth d */
    int key[LUAJSON_MAXDEPTH + 1]; /* key[d]: stack index of the key leading to depth d */
    int sortbox;                   /* stack index of the box for sorting keys (nil until needed) */
    luajson_buffer *sortbuf;
} encoder;

/* How a string byte is written: 0 as is, 'u' as \u00XX, else \ and the char. */
static const char escape_of[256] = {
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u',
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',
    ['"'] = '"',
    ['\\'] = '\\',
};

/* Returns 1 when the n bytes at s form an identifier ([A-Za-z_][A-Za-z0-9_]*). */
static int is_identifier(const char *s, size_t n)
{
    size_t i;
    if (n == 0 || is_digit(s[0]))
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!(c == '_' || is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return 0;
    }
    return 1;
}

/* Adds the path step of the object key at stack index k: .name or ["a b"]. */
static void add_key_step(lua_State *L, luaL_Buffer *lb, int k)
{
    size_t n, i;
    const char *s = lua_tolstring(L, k, &n);
    if (is_identifier(s, n)) {
        luaL_addchar(lb, '.');
        luaL_addlstring(lb, s, n);
        return;
    }
    luaL_addstring(lb, "[\"");
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char e = escape_of[c];
        if (e == 0) {
            luaL_addchar(lb, (char)c);
        } else if (e == 'u') {
            lua_pushfstring(L, "\\u%04x", (int)c);
            luaL_addvalue(lb);
        } else {
            luaL_addchar(lb, '\\');
            luaL_addchar(lb, e);
        }
    }
    luaL_addstring(lb, "\"]");
}

/* Pushes the path of the value at `depth`, like $.items[2].f, and returns it. */
static const char *push_path(encoder *e, int depth)
{
    lua_State *L = e->L;
    luaL_Buffer lb;
    int k;
    luaL_checkstack(L, 4, NULL);
    luaL_buffinit(L, &lb);
    luaL_addchar(&lb, '$');
    for (k = 1; k <= depth; k++) {
        int key = e->key[k];
        if (lua_type(L, key) == LUA_TNUMBER) { /* Lua index i is JSON index i - 1 */
            lua_pushfstring(L, "[%I]", (LUAI_UACINT)(lua_tointeger(L, key) - 1));
            luaL_addvalue(&lb);
        } else {
            add_key_step(L, &lb, key);
        }
    }
    luaL_pushresult(&lb);
    return lua_tostring(L, -1);
}

/* Raises "<what> at <path of the value at depth><suffix>". */
static int encode_error(encoder *e, int depth, const char *what, const char *suffix)
{
    const char *path = push_path(e, depth);
    lua_pushfstring(e->L, "%s at %s%s", what, path, suffix);
    return lua_error(e->L);
}

/* Appends the n bytes at s. */
static inline void put(encoder *e, const char *s, size_t n)
{
    buf_add(e->L, e->b, s, n);
}

/* Appends the byte c. */
static inline void putch(encoder *e, char c)
{
    buf_addchar(e->L, e->b, c);
}

/* Appends integer v, in the text of LUA_INTEGER_FMT. */
static NOINLINE void encode_integer(encoder *e, lua_Integer v)
{
    char tmp[48], *q = tmp + sizeof tmp;
    lua_Unsigned u = v < 0 ? 0u - (lua_Unsigned)v : (lua_Unsigned)v;
    do {
        *--q = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u != 0);
    if (v < 0)
        *--q = '-';
    put(e, q, (size_t)(tmp + sizeof tmp - q));
}

/*
** Exact fast path of shortest_digits for v > 0: the least k for which
** round(v * 10^k) / 10^k reads back as v. While v * 10^k < 2^50 at most one
** integer lies close enough to v * 10^k to read back as v, so the first
** hit is the shortest text. Returns the digit count, or 0 when v is out of
** its range.
*/
static int shortest_fast(double v, char *digits, int *exp10)
{
    int k, n = 0;
    if (!EXACT_DOUBLES || !(v < 0x1p50))
        return 0;
    for (k = 0; k <= 22; k++) {
        double x = v * pow10tab[k];
        uint64_t m;
        char tmp[24], *q = tmp + sizeof tmp;
        if (!(x < 0x1p50))
            return 0;
        m = (uint64_t)(x + 0.5);
        if ((double)m / pow10tab[k] != v)
            continue;
        for (; m != 0; m /= 10)
            *--q = (char)('0' + (int)(m % 10));
        n = (int)(tmp + sizeof tmp - q);
        memcpy(digits, q, (size_t)n);
        *exp10 = n - 1 - k;
        return n;
    }
    return 0;
}

/*
** Writes the shortest decimal digits that read back as v (> 0, finite) to
** `digits`, without trailing zeros, sets *exp10 to the decimal exponent of
** the first one and returns their count. Outside the fast path it tries
** 15, 16 and 17 significant digits with snprintf/strtod: for a normal double
** the first of these that reads back is the shortest (any text of at most
** 15 digits survives double rounding: DBL_DIG); subnormals try them all.
*/
static int shortest_digits(double v, char *digits, int *exp10)
{
    char tmp[64];
    const char *q;
    int prec, n = shortest_fast(v, digits, exp10);
    if (n == 0) {
        for (prec = v >= DBL_MIN ? DBL_DIG - 1 : 0; prec < 16; prec++) {
            snprintf(tmp, sizeof tmp, "%.*e", prec, v);
            if (strtod(tmp, NULL) == v)
                break;
        }
        if (prec == 16)
            snprintf(tmp, sizeof tmp, "%.16e", v);
        /* d.ddde+XX, with the locale's decimal point */
        for (q = tmp; *q != 'e' && *q != 'E'; q++)
            if (is_digit(*q))
                digits[n++] = *q;
        *exp10 = atoi(q + 1);
    }
    while (n > 1 && digits[n - 1] == '0')
        n--;
    return n;
}

/*
** Appends finite float v laid out like the engine's JSONWriter (Swift's
** description): plain decimals for exponents FLOAT_MINEXP..FLOAT_MAXEXP,
** always with a fraction ("3.0", "0.0001"), exponent form otherwise
** ("1e+16", "2.5e-05").
*/
static NOINLINE void encode_float(encoder *e, double v)
{
    char digits[32], out[64];
    int n, exp10, i, len = 0;
    if (v == 0) {
        if (signbit(v))
            put(e, "-0.0", 4);
        else
            put(e, "0.0", 3);
        return;
    }
    if (v < 0) {
        out[len++] = '-';
        v = -v;
    }
    n = shortest_digits(v, digits, &exp10);
    if (exp10 < FLOAT_MINEXP || exp10 > FLOAT_MAXEXP) {
        out[len++] = digits[0];
        if (n > 1) {
            out[len++] = '.';
            memcpy(out + len, digits + 1, (size_t)(n - 1));
            len += n - 1;
        }
        len += snprintf(out + len, sizeof out - (size_t)len, "e%c%02d", exp10 < 0 ? '-' : '+',
                        exp10 < 0 ? -exp10 : exp10);
    } else if (exp10 >= 0) {
        for (i = 0; i <= exp10; i++)
            out[len++] = i < n ? digits[i] : '0';
        out[len++] = '.';
        if (n > exp10 + 1) {
            memcpy(out + len, digits + exp10 + 1, (size_t)(n - exp10 - 1));
            len += n - exp10 - 1;
        } else {
            out[len++] = '0';
        }
    } else {
        out[len++] = '0';
        out[len++] = '.';
        for (i = -1; i > exp10; i--)
            out[len++] = '0';
        memcpy(out + len, digits, (size_t)n);
        len += n;
    }
    put(e, out, (size_t)len);
}

size_t luajson_escape(unsigned char c, char out[6])
{
    char esc = escape_of[c];
    out[0] = '\\';
    if (esc != 'u') {
        out[1] = esc;
        return 2;
    }
    memcpy(out + 1, "u00", 3);
    out[4] = "0123456789abcdef"[c >> 4];
    out[5] = "0123456789abcdef"[c & 15];
    return 6;
}

/* Appends the string at stack index idx, quoted and escaped. */
static void encode_string(encoder *e, int idx)
{
    size_t n, i = 0;
    const char *s = lua_tolstring(e->L, idx, &n);
    buf_reserve(e->L, e->b, n + 2);
    putch(e, '"');
    for (;;) {
        size_t run = luajson_plain_run(s + i, n - i);
        put(e, s + i, run);
        i += run;
        if (i == n)
            break;
        char esc[6];
        put(e, esc, luajson_escape((unsigned char)s[i++], esc));
    }
    putch(e, '"');
}

static void encode_value(encoder *e, int depth);

/*
** Checks the table at the top, at `depth`, before it is encoded: raises
** "cyclic table" when it is one of the tables being encoded around it and
** "nesting deeper than 1000" past the limit; else records it as open. A
** linear scan of the open tables is a few comparisons at usual depths.
*/
static void open_table(encoder *e, int depth)
{
    const void *t = lua_topointer(e->L, -1);
    int k;
    for (k = 0; k < depth && k < LUAJSON_MAXDEPTH; k++)
        if (e->open[k] == t)
            encode_error(e, depth, "cyclic table", "");
    if (depth >= LUAJSON_MAXDEPTH) {
        lua_pushfstring(e->L, "nesting deeper than %d", LUAJSON_MAXDEPTH);
        encode_error(e, depth, lua_tostring(e->L, -1), "");
    }
    e->open[depth] = t;
}

/* Raises the error for the key at the top, of a type JSON cannot take. */
static int key_type_error(encoder *e, int depth)
{
    lua_State *L = e->L;
    const char *type = lua_type(L, -1) == LUA_TNUMBER ? "float" : luaL_typename(L, -1);
    lua_pushfstring(L, "table key of type %s", type);
    return encode_error(e, depth, lua_tostring(L, -1), "");
}

/* Raises the error for the integer key of the table at t outside 1..count. */
static int sequence_error(encoder *e, int t, lua_Integer count, int depth)
{
    lua_State *L = e->L;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1)) {
            lua_Integer k = lua_tointeger(L, -1);
            if (k < 1 || k > count) {
                lua_pushfstring(L, "table has integer key %I that is not part of a sequence",
                                (LUAI_UACINT)k);
                return encode_error(e, depth, lua_tostring(L, -1),
                                    " (JSON object keys are strings: use tostring)");
            }
        }
    }
    return 0;
}

/*
** Returns n when the keys of the table at t (depth `depth`) are exactly
** the integers 1..n; otherwise raises the error that describes the table:
** a key of another type, an integer key outside the sequence, or a
** sequence mixed with string keys.
*/
static lua_Integer sequence_length(encoder *e, int t, int depth)
{
    lua_State *L = e->L;
    lua_Integer count = 0, min = LUA_MAXINTEGER, max = 0;
    int strings = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            strings = 1;
        } else if (lua_isinteger(L, -1)) {
            lua_Integer k = lua_tointeger(L, -1);
            count++;
            min = k < min ? k : min;
            max = k > max ? k : max;
        } else {
            return key_type_error(e, depth);
        }
    }
    if (count > 0 && (min < 1 || max != count))
        sequence_error(e, t, count, depth);
    if (strings)
        encode_error(e, depth, "mixed table (sequence and string keys)", "");
    return count;
}

/* Raises unless every key of the array-marked table at t is an index 1..n. */
static void check_indices(encoder *e, int t, lua_Unsigned n, int depth)
{
    lua_State *L = e->L;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1
            || (lua_Unsigned)lua_tointeger(L, -1) > n)
            encode_error(e, depth, "array table has non-index key", "");
    }
}

/* Appends items 1..n of the table at t as a JSON array. */
static void encode_items(encoder *e, int t, lua_Integer n, int depth)
{
    lua_State *L = e->L;
    lua_Integer i;
    putch(e, '[');
    for (i = 1; i <= n; i++) {
        if (i > 1)
            putch(e, ',');
        lua_pushinteger(L, i); /* the key, for error paths */
        e->key[depth + 1] = lua_gettop(L);
        lua_rawgeti(L, t, i);
        encode_value(e, depth + 1);
        lua_pop(L, 2);
    }
    putch(e, ']');
}

typedef struct {
    const char *s;
    size_t n;
    int slot;
} keyref;

/* qsort order of keys: bytewise, a prefix first. */
static int keyref_cmp(const void *a, const void *b)
{
    const keyref *x = (const keyref *)a, *y = (const keyref *)b;
    int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);
    return c != 0 ? c : (x->n > y->n) - (x->n < y->n);
}

/*
** Appends the table at t as a JSON object with its members sorted by key,
** so that the text is the same in every Lua state; lua_next has just pushed
** its first key (a string) and value.
*/
static void encode_object(encoder *e, int t, int depth)
{
    lua_State *L = e->L;
    int first = lua_gettop(L) - 1, n = 0, i;
    keyref *refs;
    do { /* the keys pile up on the stack, each iteration from a copy */
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            lua_settop(L, first - 1);
            sequence_length(e, t, depth); /* raises */
            return;
        }
        n++;
        luaL_checkstack(L, 3, "JSON object too big");
        lua_pushvalue(L, -1);
    } while (lua_next(L, t));
    if (e->sortbuf == NULL) {
        e->sortbuf = box_new(L);
        lua_replace(L, e->sortbox);
    }
    e->sortbuf->len = 0;
    buf_reserve(L, e->sortbuf, sizeof(keyref) * (size_t)n);
    refs = (keyref *)(void *)e->sortbuf->data; /* not kept across the recursion */
    for (i = 0; i < n; i++) {
        refs[i].slot = first + i;
        refs[i].s = lua_tolstring(L, first + i, &refs[i].n);
    }
    qsort(refs, (size_t)n, sizeof *refs, keyref_cmp);
    luaL_checkstack(L, n + 3, "JSON object too big");
    for (i = 0; i < n; i++) /* the keys again, sorted: refs is shared by nested objects */
        lua_pushvalue(L, refs[i].slot);
    putch(e, '{');
    for (i = 0; i < n; i++) {
        if (i > 0)
            putch(e, ',');
        lua_pushvalue(L, first + n + i);
        e->key[depth + 1] = lua_gettop(L);
        encode_string(e, -1);
        putch(e, ':');
        lua_pushvalue(L, -1);
        lua_rawget(L, t);
        encode_value(e, depth + 1);
        lua_pop(L, 2);
    }
    putch(e, '}');
    lua_settop(L, first - 1);
}

/* Returns 1 when the table at t has the array metatable. */
static int is_marked(encoder *e, int t)
{
    int yes = 0;
    if (lua_getmetatable(e->L, t)) {
        yes = lua_rawequal(e->L, -1, e->mt);
        if (!yes) { /* a metatable of the same name, like the pure Lua DSL's */
            lua_pushliteral(e->L, "__name");
            yes = lua_rawget(e->L, -2) == LUA_TSTRING
                  && strcmp(lua_tostring(e->L, -1), LUAJSON_ARRAY_MT) == 0;
            lua_pop(e->L, 1);
        }
        lua_pop(e->L, 1);
    }
    return yes;
}

/* The key of a proxy's mark in its metatable: the address is the key. */
static const char PROXY = 0;

void luajson_setproxy(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, idx, &PROXY);
}

int luajson_isproxy(lua_State *L, int idx)
{
    int yes = 0;
    if (lua_type(L, idx) == LUA_TTABLE && lua_getmetatable(L, idx)) {
        yes = lua_rawgetp(L, -1, &PROXY) != LUA_TNIL;
        lua_pop(L, 2);
    }
    return yes;
}

/* Replaces a proxy (see luajson.h) at the top with the table it shows. */
static void unwrap_proxy(lua_State *L)
{
    int top = lua_gettop(L);
    if (!luajson_isproxy(L, top))
        return;
    lua_getmetatable(L, top);
    if (lua_getfield(L, -1, "__index") == LUA_TTABLE)
        lua_replace(L, top);
    lua_settop(L, top);
}

/* Appends the table at the top (depth `depth`) as an array or an object. */
static void encode_table(encoder *e, int depth)
{
    lua_State *L = e->L;
    luaL_checkstack(L, 4, "JSON encoding too deep");
    unwrap_proxy(L);
    int t = lua_gettop(L);
    open_table(e, depth);
    /* key and value of an item, and temporaries */
    luaL_checkstack(L, 4, "JSON encoding too deep");
    if (is_marked(e, t)) {
        lua_Unsigned n = lua_rawlen(L, t);
        check_indices(e, t, n, depth);
        encode_items(e, t, (lua_Integer)n, depth);
        return;
    }
    lua_pushnil(L);
    if (!lua_next(L, t)) {
        put(e, "{}", 2);
    } else if (lua_type(L, -2) == LUA_TSTRING) {
        encode_object(e, t, depth);
    } else {
        lua_pop(L, 2);
        encode_items(e, t, sequence_length(e, t, depth), depth);
    }
}

/* Appends the value at the top of the stack, at `depth` (see the top). */
static void encode_value(encoder *e, int depth)
{
    lua_State *L = e->L;
    switch (lua_type(L, -1)) {
    case LUA_TNIL:
        put(e, "null", 4);
        break;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, -1))
            put(e, "true", 4);
        else
            put(e, "false", 5);
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, -1)) {
            encode_integer(e, lua_tointeger(L, -1));
        } else {
            double v = (double)lua_tonumber(L, -1);
            if (!isfinite(v))
                encode_error(e, depth, "cannot encode NaN or infinity", "");
            encode_float(e, v);
        }
        break;
    case LUA_TSTRING:
        encode_string(e, -1);
        break;
    case LUA_TTABLE:
        encode_table(e, depth);
        break;
    case LUA_TLIGHTUSERDATA:
        if (lua_touserdata(L, -1) == NULL) {
            put(e, "null", 4);
            break;
        }
        /* FALLTHROUGH */
    default:
        lua_pushfstring(L, "cannot encode a %s", luaL_typename(L, -1));
        encode_error(e, depth, lua_tostring(L, -1), "");
    }
}

/*
** Encodes the value at idx into a new box, which it leaves on the top of
** the stack, and returns the box's buffer. The memory of `init` (if any)
** moves into the box first, so the encoding appends to it.
*/
static luajson_buffer *encode_boxed(lua_State *L, int idx, luajson_buffer *init)
{
    encoder e;
    idx = lua_absindex(L, idx);
    luaL_checkstack(L, 8, "JSON encoding");
    e.L = L;
    e.b = box_new(L);
    if (init != NULL) {
        *e.b = *init;
        init->data = NULL;
        init->len = init->cap = 0;
    }
    const luajson_meter *meter = meter_of(L);
    size_t start = e.b->len;
    size_t limit = meter != NULL && meter->limit != NULL ? meter->limit(L) : 0;
    e.b->max = limit != 0 ? start + limit : 0;
    luaL_getmetatable(L, LUAJSON_ARRAY_MT);
    e.mt = lua_gettop(L);
    lua_pushnil(L);
    e.sortbox = lua_gettop(L);
    e.sortbuf = NULL;
    lua_pushvalue(L, idx);
    e.base = lua_gettop(L);
    encode_value(&e, 0);
    if (e.sortbuf != NULL)
        luajson_buffer_free(e.sortbuf);
    lua_settop(L, e.mt - 1);
    e.b->max = 0;
    if (meter != NULL && meter->charge != NULL)
        meter->charge(L, e.b->len - start);
    return e.b;
}

/* Appends the JSON encoding of the value at idx to out. */
void luajson_encode(lua_State *L, int idx, luajson_buffer *out)
{
    luajson_buffer *b = encode_boxed(L, idx, out);
    *out = *b; /* the memory changes hands: the box gives it up */
    b->data = NULL;
    b->len = b->cap = 0;
    lua_pop(L, 1);
}

/* Pushes the JSON encoding of the value at idx as a string. */
void luajson_pushencoded(lua_State *L, int idx)
{
    luajson_buffer *b = encode_boxed(L, idx, NULL);
    lua_pushlstring(L, b->data, b->len);
    luajson_buffer_free(b); /* now, rather than at the next collection */
    lua_remove(L, -2);
}
