/*
** packed.c -- Lua values <-> the engine's packed form; see packed.h.
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "luajson.h"
#include "packed.h"
#include "sdui_binding.h"

/* ======================================================================
** Reading: packed bytes -> Lua values
** ====================================================================== */

typedef struct {
    lua_State *L;
    const unsigned char *p, *end, *start;
    int mt; /* stack index of the array metatable */
    int depth;
} reader;

static void malformed(reader *r, const char *what)
{
    luaL_error(r->L, "malformed packed value at byte %d: %s", (int)(r->p - r->start), what);
    abort(); /* not reached: luaL_error does not return */
}

static uint32_t read_count(reader *r)
{
    uint32_t n;
    if (r->end - r->p < 4)
        malformed(r, "truncated");
    memcpy(&n, r->p, 4);
    r->p += 4;
    return n;
}

/* Pushes the string of a length and its bytes. */
static void read_text(reader *r)
{
    uint32_t n = read_count(r);
    if ((size_t)(r->end - r->p) < n)
        malformed(r, "truncated string");
    lua_pushlstring(r->L, (const char *)r->p, n);
    r->p += n;
}

static void read_value(reader *r);

static void read_container(reader *r, int object)
{
    lua_State *L = r->L;
    uint32_t n = read_count(r), i;
    if (n > (size_t)(r->end - r->p)) /* every value takes a byte at least */
        malformed(r, "count exceeds the bytes left");
    if (++r->depth > LUAJSON_MAXDEPTH)
        luaL_error(L, "packed value nested deeper than %d", LUAJSON_MAXDEPTH);
    luaL_checkstack(L, 3, "packed value nested too deep");
    if (object) {
        lua_createtable(L, 0, (int)(n > 1024 ? 1024 : n));
        for (i = 0; i < n; i++) {
            read_text(r);
            read_value(r);
            lua_rawset(L, -3);
        }
    } else {
        lua_createtable(L, (int)(n > 1024 ? 1024 : n), 0);
        lua_pushvalue(L, r->mt);
        lua_setmetatable(L, -2);
        for (i = 1; i <= n; i++) {
            read_value(r);
            lua_rawseti(L, -2, (lua_Integer)i);
        }
    }
    r->depth--;
}

static void read_value(reader *r)
{
    lua_State *L = r->L;
    int64_t i;
    double d;
    if (r->p >= r->end)
        malformed(r, "truncated");
    switch (*r->p++) {
    case SDUI_PACKED_NULL: luajson_pushnull(L); break;
    case SDUI_PACKED_FALSE: lua_pushboolean(L, 0); break;
    case SDUI_PACKED_TRUE: lua_pushboolean(L, 1); break;
    case SDUI_PACKED_INTEGER:
        if (r->end - r->p < 8)
            malformed(r, "truncated integer");
        memcpy(&i, r->p, 8);
        r->p += 8;
        lua_pushinteger(L, (lua_Integer)i);
        break;
    case SDUI_PACKED_NUMBER:
        if (r->end - r->p < 8)
            malformed(r, "truncated number");
        memcpy(&d, r->p, 8);
        r->p += 8;
        lua_pushnumber(L, (lua_Number)d);
        break;
    case SDUI_PACKED_STRING: read_text(r); break;
    case SDUI_PACKED_ARRAY: read_container(r, 0); break;
    case SDUI_PACKED_OBJECT: read_container(r, 1); break;
    default: r->p--; malformed(r, "unknown tag");
    }
}

void packed_push(lua_State *L, const void *p, size_t len)
{
    reader r;
    luaL_checkstack(L, 4, "packed value");
    luajson_charge(L, len); /* decoding work, charged to a script state's run */
    r.L = L;
    r.p = r.start = p;
    r.end = r.p + len;
    r.depth = 0;
    luajson_push_array_mt(L); /* the existing one, or a new one */
    r.mt = lua_gettop(L);
    read_value(&r);
    if (r.p != r.end)
        malformed(&r, "bytes after the value");
    lua_remove(L, r.mt);
}

/* ======================================================================
** Writing: Lua values -> packed bytes
** ====================================================================== */

/* Deepest nesting the packer takes on; deeper values take the JSON route. */
#define PACK_MAXDEPTH 32
/* Most members of an object the packer sorts; larger objects take the JSON route. */
#define PACK_MAXMEMBERS 32

void packed_buffer_free(packed_buffer *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

int packed_grow(packed_buffer *b, size_t n)
{
    if (b->max != 0 && (b->len > b->max || n > b->max - b->len)) { /* no more than the writer allows */
        b->over = 1;
        return 0;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < n) {
        if (cap > SIZE_MAX / 2)
            return 0;
        cap *= 2;
    }
    if (b->max != 0 && cap > b->max) /* room for the n bytes all the same: checked above */
        cap = b->max;
    unsigned char *data = realloc(b->data, cap);
    if (data == NULL)
        return 0;
    b->data = data;
    b->cap = cap;
    return 1;
}

static int put_bits(packed_buffer *b, int tag, const void *bits)
{
    if (!packed_put_tag(b, tag) || !packed_reserve(b, 8))
        return 0;
    memcpy(b->data + b->len, bits, 8);
    b->len += 8;
    return 1;
}

/* Bytewise key order, a prefix first: the order luajson_encode writes. */
static int before(const packed_key *x, const packed_key *y)
{
    int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);
    return c != 0 ? c < 0 : x->n < y->n;
}

int packed_sorted_keys(lua_State *L, int t, packed_key *keys, int max)
{
    int first = lua_gettop(L) - 1, n = 0;
    do { /* the keys stay on the stack, sorted into keys as they come */
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || n == max || !lua_checkstack(L, 3)) {
            lua_settop(L, first - 1);
            return 0;
        }
        packed_key k;
        k.s = lua_tolstring(L, -1, &k.n);
        k.slot = lua_gettop(L);
        int j = n;
        for (; j > 0 && before(&k, &keys[j - 1]); j--)
            keys[j] = keys[j - 1];
        keys[j] = k;
        n++;
        lua_pushvalue(L, -1);
    } while (lua_next(L, t));
    return n;
}

static int pack_value(lua_State *L, packed_buffer *b, int depth);

/* Packs the table at t as an object whose first key (a string) and value lua_next has pushed. */
static int pack_object(lua_State *L, packed_buffer *b, int t, int depth)
{
    packed_key m[PACK_MAXMEMBERS];
    int first = lua_gettop(L) - 1;
    int n = packed_sorted_keys(L, t, m, PACK_MAXMEMBERS);
    if (n == 0 || !packed_put_tag(b, SDUI_PACKED_OBJECT) || !packed_put_count(b, (size_t)n))
        return 0;
    for (int i = 0; i < n; i++) {
        if (!packed_put_text(b, m[i].s, m[i].n))
            return 0;
        lua_pushvalue(L, m[i].slot);
        lua_rawget(L, t);
        if (!pack_value(L, b, depth + 1))
            return 0;
        lua_pop(L, 1);
    }
    lua_settop(L, first - 1);
    return 1;
}

/* Packs items 1..n of the table at t as an array. */
static int pack_items(lua_State *L, packed_buffer *b, int t, lua_Integer n, int depth)
{
    if (!packed_put_tag(b, SDUI_PACKED_ARRAY) || !packed_put_count(b, (size_t)n))
        return 0;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, t, i);
        if (!pack_value(L, b, depth + 1))
            return 0;
        lua_pop(L, 1);
    }
    return 1;
}

lua_Integer packed_sequence_length(lua_State *L, int t)
{
    lua_Integer count = 0, max = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1) {
            lua_pop(L, 1);
            return -1;
        }
        lua_Integer k = lua_tointeger(L, -1);
        max = k > max ? k : max;
        count++;
    }
    return max == count ? count : -1;
}

/* Packs the table at the top: an array or an object, as luajson_encode decides. */
static int pack_table(lua_State *L, packed_buffer *b, int depth)
{
    int t = lua_gettop(L);
    if (depth >= PACK_MAXDEPTH || !lua_checkstack(L, 6))
        return 0; /* deep, or a cycle: the JSON encoder names it */
    int marked = lua_getmetatable(L, t); /* most tables have none: one look settles both tests below */
    if (marked)
        lua_pop(L, 1);
    if (marked && luajson_isproxy(L, t)) { /* a proxy packs as the table it shows */
        lua_getmetatable(L, t);
        int shown = lua_getfield(L, -1, "__index") == LUA_TTABLE;
        lua_remove(L, -2);
        if (!shown)
            return 0;
        int ok = pack_table(L, b, depth);
        lua_pop(L, 1);
        return ok;
    }
    if (marked && luajson_isarray(L, t)) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, t);
        if (packed_sequence_length(L, t) != n)
            return 0; /* holes or other keys: the JSON encoder decides */
        return pack_items(L, b, t, n, depth);
    }
    lua_pushnil(L);
    if (!lua_next(L, t)) /* empty, unmarked: {} */
        return packed_put_tag(b, SDUI_PACKED_OBJECT) && packed_put_count(b, 0);
    if (lua_type(L, -2) == LUA_TSTRING)
        return pack_object(L, b, t, depth);
    lua_pop(L, 2);
    lua_Integer n = packed_sequence_length(L, t);
    return n > 0 && pack_items(L, b, t, n, depth);
}

/* Packs the value at the top of the stack, leaving it there. */
static int pack_value(lua_State *L, packed_buffer *b, int depth)
{
    switch (lua_type(L, -1)) {
    case LUA_TNIL:
        return packed_put_tag(b, SDUI_PACKED_NULL);
    case LUA_TBOOLEAN:
        return packed_put_tag(b, lua_toboolean(L, -1) ? SDUI_PACKED_TRUE : SDUI_PACKED_FALSE);
    case LUA_TNUMBER:
        if (lua_isinteger(L, -1)) {
            int64_t i = (int64_t)lua_tointeger(L, -1);
            return put_bits(b, SDUI_PACKED_INTEGER, &i);
        } else {
            double d = (double)lua_tonumber(L, -1);
            return isfinite(d) && put_bits(b, SDUI_PACKED_NUMBER, &d);
        }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, -1, &n);
        return packed_put_tag(b, SDUI_PACKED_STRING) && packed_put_text(b, s, n);
    }
    case LUA_TTABLE:
        return pack_table(L, b, depth);
    case LUA_TLIGHTUSERDATA:
        return lua_touserdata(L, -1) == NULL && packed_put_tag(b, SDUI_PACKED_NULL);
    default:
        return 0;
    }
}

int packed_encode(lua_State *L, int idx, packed_buffer *b)
{
    b->len = 0;
    return packed_append(L, idx, b);
}

int packed_append(lua_State *L, int idx, packed_buffer *b)
{
    int top = lua_gettop(L);
    if (!lua_checkstack(L, 4))
        return 0;
    lua_pushvalue(L, idx);
    int ok = pack_value(L, b, 0);
    lua_settop(L, top);
    return ok;
}
