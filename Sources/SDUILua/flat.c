/*
** flat.c -- a factory's view table written in the form the engine keeps
** views in (flat_layout.h), handed over with sdui_call_return_flat: the
** engine checks the bytes and keeps them, with no packed form to read and
** no node to rebuild in between.
**
** Only the common shape is written: plain tables (no metatables) of known
** members; no key, no accessibility; content members that are strings; a
** style that is a font name ("title" or {font = "title"}); an action
** {type = "s/n", payload = v} whose payload holds strings, integers,
** booleans, null markers and plain tables of them (object keys in bytewise
** order, as packed.c sorts them). Anything else makes flat_write return 0,
** and view.c packs the view instead, which takes every view and names
** what is wrong with an invalid one. What is written is byte for byte
** what the engine's reader of packed views (PackedViewReader) writes for
** the same view; the engine refuses anything else, so a view looks,
** diffs and shows the same whichever way it went.
**
** The writer counts what it writes against the view limits (view_count,
** the buffer's max): a table may refer to the same tables again and again
** (a DAG), which written out would be millions of nodes, so each node is
** counted before it is written and the writing stops at the limit.
*/
#include <stdint.h>
#include <string.h>

#include "flat.h"
#include "flat_layout.h"
#include "interned.h"
#include "luajson.h"

/* Deepest nesting written here (nodes and payload values alike); deeper goes the packed way. */
#define FLAT_MAXDEPTH 64
/* Members of a payload object written here; the engine's reader takes no more. */
#define FLAT_MAXMEMBERS 16

typedef struct {
    const char *s;
    size_t n;
} text;

/*
** The member and kind names as this state's strings, found by address
** (interned.h). The strings are kept alive by the userdata's table; the
** userdata is made once per state and kept in the registry.
*/
typedef struct {
    interned_set members; /* flat_names, numbered as there */
    interned_set kinds;   /* flat_kind_names, numbered as there */
} flat_names_set;

static const char NAMES_KEY = 0; /* its address is the registry key of the userdata */

/* Adds the string at the top to `set` as name `i`, and moves it into the table at `keep` (absolute). */
static void add_name(lua_State *L, interned_set *set, int i, int keep)
{
    interned_add(set, lua_tostring(L, -1), i);
    lua_rawseti(L, keep, (lua_Integer)lua_rawlen(L, keep) + 1);
}

/* This state's flat_names_set, made the first time. */
static const flat_names_set *names_of(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &NAMES_KEY) == LUA_TUSERDATA) {
        const flat_names_set *names = lua_touserdata(L, -1);
        lua_pop(L, 1);
        return names;
    }
    lua_pop(L, 1);
    flat_names_set *names = lua_newuserdatauv(L, sizeof *names, 1);
    memset(names, 0, sizeof *names);
    lua_createtable(L, FLAT_NAME_COUNT + FLAT_KIND_COUNT, 0); /* the strings, kept alive */
    int keep = lua_gettop(L);
    for (int i = 0; i < FLAT_NAME_COUNT; i++) {
        lua_pushlstring(L, flat_names[i], flat_name_lengths[i]);
        add_name(L, &names->members, i, keep);
    }
    for (int i = 0; i < FLAT_KIND_COUNT; i++) {
        lua_pushlstring(L, flat_kind_names[i], flat_kind_name_lengths[i]);
        add_name(L, &names->kinds, i, keep);
    }
    lua_setiuservalue(L, -2, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &NAMES_KEY);
    return names;
}

/* ---- bytes ---------------------------------------------------------------- */

static int put(packed_buffer *b, const char *s, size_t n)
{
    if (!packed_reserve(b, n))
        return 0;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    return 1;
}

#define PUT_LITERAL(b, lit) put((b), (lit), sizeof(lit) - 1)

/* Starts a field whose length is known once it is written: where its length goes. */
static int begin_field(packed_buffer *b, size_t *at)
{
    *at = b->len;
    return packed_put_count(b, 0);
}

/* Sets the length of the field begun at `at` to what was written since. */
static void end_field(packed_buffer *b, size_t at)
{
    uint32_t n = (uint32_t)(b->len - at - 4);
    memcpy(b->data + at, &n, 4);
}

/* A string's bytes escaped as the engine escapes them (ByteSink.appendEscaped, luajson_escape), no quotes. */
static int put_escaped(packed_buffer *b, const char *s, size_t n)
{
    for (size_t i = 0;;) {
        size_t run = luajson_plain_run(s + i, n - i);
        if (!put(b, s + i, run))
            return 0;
        i += run;
        if (i == n)
            return 1;
        char esc[6];
        if (!put(b, esc, luajson_escape((unsigned char)s[i++], esc)))
            return 0;
    }
}

/* An integer as the engine writes it (ByteSink.writeInt). */
static int put_integer(packed_buffer *b, lua_Integer i)
{
    char digits[24];
    int k = (int)sizeof digits;
    uint64_t m = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    do {
        digits[--k] = (char)('0' + m % 10);
        m /= 10;
    } while (m != 0);
    if (i < 0)
        digits[--k] = '-';
    return put(b, digits + k, sizeof digits - (size_t)k);
}

/* ---- payload values -------------------------------------------------------- */

static int put_value(lua_State *L, packed_buffer *b, int depth);

/* A key written as it is: ASCII, nothing to escape. */
static int plain_key(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
            return 0;
    }
    return 1;
}

/* Items 1..n of the table at t as a JSON array. */
static int put_items(lua_State *L, packed_buffer *b, int t, lua_Integer n, int depth)
{
    if (!PUT_LITERAL(b, "["))
        return 0;
    for (lua_Integer i = 1; i <= n; i++) {
        if (i > 1 && !PUT_LITERAL(b, ","))
            return 0;
        lua_rawgeti(L, t, i);
        int ok = put_value(L, b, depth + 1);
        lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    return PUT_LITERAL(b, "]");
}

/* The table at the top as JSON: an array or an object, as packed.c decides. */
static int put_table(lua_State *L, packed_buffer *b, int depth)
{
    int t = lua_gettop(L);
    if (depth >= FLAT_MAXDEPTH || !lua_checkstack(L, 6))
        return 0;
    if (lua_getmetatable(L, t)) { /* an array marked as one; proxies and the rest go the packed way */
        lua_pop(L, 1);
        lua_Integer n = luajson_isarray(L, t) ? (lua_Integer)lua_rawlen(L, t) : -1;
        return n >= 0 && packed_sequence_length(L, t) == n && put_items(L, b, t, n, depth);
    }
    lua_pushnil(L);
    if (!lua_next(L, t)) /* empty, unmarked: {} */
        return PUT_LITERAL(b, "{}");
    if (lua_type(L, -2) != LUA_TSTRING) {
        lua_pop(L, 2);
        lua_Integer n = packed_sequence_length(L, t);
        return n > 0 && put_items(L, b, t, n, depth);
    }
    packed_key keys[FLAT_MAXMEMBERS];
    int first = lua_gettop(L) - 1;
    int n = packed_sorted_keys(L, t, keys, FLAT_MAXMEMBERS);
    int ok = n > 0 && PUT_LITERAL(b, "{");
    for (int i = 0; ok && i < n; i++) {
        ok = plain_key(keys[i].s, keys[i].n) && (i == 0 || PUT_LITERAL(b, ",")) && PUT_LITERAL(b, "\"") &&
             put(b, keys[i].s, keys[i].n) && PUT_LITERAL(b, "\":");
        if (ok) {
            lua_pushvalue(L, keys[i].slot);
            lua_rawget(L, t);
            ok = put_value(L, b, depth + 1);
            lua_pop(L, 1);
        }
    }
    lua_settop(L, first - 1);
    return ok && PUT_LITERAL(b, "}");
}

/* The value at the top as JSON; 0 for what is left to the packed way (a fraction, say). */
static int put_value(lua_State *L, packed_buffer *b, int depth)
{
    switch (lua_type(L, -1)) {
    case LUA_TBOOLEAN:
        return lua_toboolean(L, -1) ? PUT_LITERAL(b, "true") : PUT_LITERAL(b, "false");
    case LUA_TNUMBER:
        return lua_isinteger(L, -1) && put_integer(b, lua_tointeger(L, -1));
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, -1, &n);
        return PUT_LITERAL(b, "\"") && put_escaped(b, s, n) && PUT_LITERAL(b, "\"");
    }
    case LUA_TTABLE:
        return put_table(L, b, depth);
    case LUA_TLIGHTUSERDATA:
        return lua_touserdata(L, -1) == NULL && PUT_LITERAL(b, "null");
    default:
        return 0;
    }
}

/* ---- nodes -------------------------------------------------------------- */

/*
** The action table at a (absolute), {type = "…"} or {type = "…", payload =
** v}, as a field. Like every writer here, it leaves the stack as it was
** when it succeeds; after a failure flat_write resets it.
*/
static int put_action(lua_State *L, packed_buffer *b, int a, int depth)
{
    if (lua_getmetatable(L, a)) {
        lua_pop(L, 1);
        return 0;
    }
    text type = {NULL, 0};
    int payload = 0;
    lua_pushnil(L); /* the payload's place, while the walk goes on above it */
    int saved = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, a)) {
        size_t n;
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : NULL;
        if (k != NULL && n == 4 && memcmp(k, "type", 4) == 0 && lua_type(L, -1) == LUA_TSTRING)
            type.s = lua_tolstring(L, -1, &type.n);
        else if (k != NULL && n == 7 && memcmp(k, "payload", 7) == 0) {
            payload = 1;
            lua_copy(L, -1, saved);
        } else {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
    }
    size_t at;
    if (type.n == 0 || !begin_field(b, &at) || !PUT_LITERAL(b, "{\"type\":\"") || !put_escaped(b, type.s, type.n) ||
        !PUT_LITERAL(b, "\",\"payload\":"))
        return 0;
    if (payload ? !put_value(L, b, depth + 1) : !PUT_LITERAL(b, "null"))
        return 0;
    if (!PUT_LITERAL(b, "}"))
        return 0;
    end_field(b, at);
    lua_pop(L, 1);
    return 1;
}

/* A style value at the top that is a font alone: its name in *font; 0 for any other style. */
static int style_font(lua_State *L, text *font)
{
    int v = lua_gettop(L);
    if (lua_type(L, v) == LUA_TSTRING) {
        font->s = lua_tolstring(L, v, &font->n);
        return 1;
    }
    if (lua_type(L, v) != LUA_TTABLE || lua_getmetatable(L, v)) {
        lua_settop(L, v);
        return 0;
    }
    lua_pushnil(L);
    if (!lua_next(L, v))
        return 0; /* {}: no style, which the packed way says */
    size_t n;
    int ok = lua_type(L, -2) == LUA_TSTRING && (lua_tolstring(L, -2, &n), n == 4) &&
             memcmp(lua_tostring(L, -2), "font", 4) == 0 && lua_type(L, -1) == LUA_TSTRING;
    if (ok)
        font->s = lua_tolstring(L, -1, &font->n);
    lua_pop(L, 1);
    ok = ok && !lua_next(L, v); /* and nothing else */
    lua_settop(L, v);
    return ok;
}

/*
** Stack slots a view takes at most while it is written: four a level of
** nodes (the children's and the action's places, a child and its key),
** and what the deepest node's members take (put_table checks its own).
*/
#define NODE_STACK (4 * FLAT_MAXDEPTH + 16)

/* A limit has stopped the writer: the nodes counted, or the bytes written past b->max. */
static int over_limit(const packed_buffer *b, view_count *left)
{
    if (left->over == 0 && (b->over || (b->max != 0 && b->len > b->max)))
        left->over = VIEW_OVER_BYTES;
    return left->over != 0;
}

/*
** The node table at idx (absolute) and its subtree, appended to b; 0 when
** the packed way must take the view, or a limit stopped the writer
** (left->over). flat_write made room for NODE_STACK.
*/
static int put_node(lua_State *L, const flat_names_set *known, packed_buffer *b, int idx, int depth, view_count *left)
{
    if (--left->nodes_left < 0) {
        left->over = VIEW_OVER_NODES;
        return 0;
    }
    if (depth >= FLAT_MAXDEPTH || over_limit(b, left))
        return 0;
    if (lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        return 0;
    }
    text type = {NULL, 0}, font = {NULL, 0}, contents[16];
    int names[16], count = 0, action = 0, disabled = -1, children = 0;
    lua_pushnil(L); /* the children's and the action's places, while the walk goes on above them */
    lua_pushnil(L);
    int list = lua_gettop(L) - 1, act = list + 1;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* key at -2, value at -1 */
        size_t len;
        int t = lua_type(L, -1), ok;
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
        int name = k != NULL ? interned_find(&known->members, k) : -1;
        switch (name) {
        case FLAT_TYPE:
            if ((ok = t == LUA_TSTRING))
                type.s = lua_tolstring(L, -1, &type.n);
            break;
        case FLAT_ID: /* the engine gives ids */
            ok = t == LUA_TSTRING;
            break;
        case FLAT_STYLE:
            ok = style_font(L, &font);
            break;
        case FLAT_ACTION: /* a table, or the null marker (no action) */
            action = t == LUA_TTABLE ? 1 : 2;
            lua_copy(L, -1, act);
            ok = t == LUA_TTABLE || (t == LUA_TLIGHTUSERDATA && lua_touserdata(L, -1) == NULL);
            break;
        case FLAT_CHILDREN:
            children = 1;
            lua_copy(L, -1, list);
            ok = t == LUA_TTABLE;
            break;
        case FLAT_DISABLED:
            disabled = lua_toboolean(L, -1);
            ok = t == LUA_TBOOLEAN;
            break;
        case FLAT_KEY:
        case FLAT_ACCESSIBILITY:
        case -1:
            ok = 0;
            break;
        default: /* a content member */
            if ((ok = t == LUA_TSTRING && count < 16)) {
                names[count] = name;
                contents[count].s = lua_tolstring(L, -1, &contents[count].n);
                count++;
            }
        }
        lua_pop(L, 1);
        if (!ok) {
            lua_pop(L, 1);
            return 0;
        }
    }
    int kind = type.s != NULL ? interned_find(&known->kinds, type.s) : -1;
    if (kind < 0)
        return 0;
    const flat_kind *k = &flat_kinds[kind];
    text ordered[16];
    unsigned present = 0;
    for (int i = 0; i < count; i++) {
        int position = k->position[names[i]];
        if (position < 0 || !(k->plain >> position & 1))
            return 0;
        present |= 1u << position;
        ordered[position] = contents[i];
    }
    if ((present & k->required) != k->required || (action && !k->takes_action) ||
        (disabled >= 0 && !k->takes_disabled) || (children && !k->container))
        return 0;
    lua_Integer n = 0;
    if (children) { /* items 1..n, n > 0, of a plain table (the walk below checks); else the packed way */
        n = (lua_Integer)lua_rawlen(L, list);
        if (n == 0 || n > UINT32_MAX || lua_getmetatable(L, list))
            return 0; /* the caller resets the stack */
    }
    unsigned char flags = (unsigned char)((font.s != NULL ? FLAT_STYLE_FLAG : 0) |
                                          (action == 1 ? FLAT_ACTION_FLAG : 0) | (disabled == 1 ? FLAT_DISABLED_FLAG : 0));
    if (!packed_reserve(b, FLAT_HEADER_SIZE))
        return 0;
    unsigned char *header = b->data + b->len;
    uint32_t nc = (uint32_t)n;
    header[0] = (unsigned char)kind;
    header[1] = flags;
    header[2] = (unsigned char)(present & 0xFF);
    header[3] = (unsigned char)(present >> 8);
    memcpy(header + 4, &nc, 4);
    b->len += FLAT_HEADER_SIZE;
    for (int position = 0; position < 16; position++) {
        if (present >> position & 1 && !packed_put_text(b, ordered[position].s, ordered[position].n))
            return 0;
    }
    size_t at;
    if (font.s != NULL && !(begin_field(b, &at) && PUT_LITERAL(b, "{\"font\":\"") && put_escaped(b, font.s, font.n) &&
                            PUT_LITERAL(b, "\"}")))
        return 0;
    if (font.s != NULL)
        end_field(b, at);
    if (action == 1 && !put_action(L, b, act, depth))
        return 0;
    if (children) {
        /* One walk both writes the children and checks the list: its keys
        ** must come as 1..n in order (as they do from a table constructor),
        ** each with a node; a list walked in another order goes packed. */
        lua_Integer i = 0;
        lua_pushnil(L);
        while (lua_next(L, list)) { /* key at -2, child at -1 */
            if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) != ++i || lua_type(L, -1) != LUA_TTABLE ||
                !put_node(L, known, b, lua_gettop(L), depth + 1, left))
                return 0;
            lua_pop(L, 1);
        }
        if (i != n)
            return 0;
    }
    lua_pop(L, 2); /* the two places */
    return 1;
}

int flat_write(lua_State *L, packed_buffer *b, int idx, view_count *left)
{
    int top = lua_gettop(L);
    b->len = 0;
    int ok = lua_type(L, idx) == LUA_TTABLE && lua_checkstack(L, NODE_STACK) &&
             put_node(L, names_of(L), b, lua_absindex(L, idx), 0, left);
    lua_settop(L, top);
    return !over_limit(b, left) && ok;
}
