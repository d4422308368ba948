/*
** packed.h -- Lua values <-> the engine's packed form (sdui_call_packed in
** sdui.h), the way the Lua bridge hands values to and from the engine on its
** hot paths: a factory's data and a handler's payload in, view members and
** state writes out, with no JSON text in between.
**
** Both directions give exactly what the JSON route (luajson.h) gives:
** packed_push builds the tables luajson_decode builds (arrays carry the array
** metatable, null is the null marker), and packed_encode succeeds only on
** values luajson_encode would encode, writing the same value (object members
** in the same sorted order). packed_encode never raises: anything it does not
** cover -- an error to report, a cycle, deep nesting, a huge object -- makes
** it return 0, and the caller takes the JSON route, whose errors read as they
** always have.
*/
#ifndef SDUI_LUA_PACKED_H
#define SDUI_LUA_PACKED_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <lua.h>

/*
** Growable bytes for packed_encode; zero-initialise, release with
** packed_buffer_free. A writer that must not take more than so many bytes
** sets `max` (0: no limit): the buffer then never grows past it, and a
** write that would have needed more fails and sets `over` (the writer
** resets both when it is done). Bytes up to a capacity an earlier write
** left may still be written: a writer that counts checks `len` too.
*/
typedef struct packed_buffer {
    unsigned char *data;
    size_t len, cap;
    size_t max;
    int over;
} packed_buffer;

void packed_buffer_free(packed_buffer *b);

/*
** Pushes the Lua value of the `len` bytes of one packed value at p.
** Raises a Lua error on malformed bytes, nesting deeper than
** LUAJSON_MAXDEPTH, or memory errors.
*/
void packed_push(lua_State *L, const void *p, size_t len);

/*
** Replaces b's contents with the packed form of the value at idx and
** returns 1; returns 0 (b's contents unspecified) when the value needs the
** JSON route (see the top). Never raises.
*/
int packed_encode(lua_State *L, int idx, packed_buffer *b);

/* packed_encode, appending to what b holds already; 0 as it returns 0 (b's contents then unspecified). */
int packed_append(lua_State *L, int idx, packed_buffer *b);

/*
** The length of the table at t when its keys are exactly 1..n (n may be
** 0: an empty table), else -1: what makes a table an array to the packer
** (and to flat.c, which writes what the packer would).
*/
lua_Integer packed_sequence_length(lua_State *L, int t);

/* An object key being laid out: its bytes, and where it stays on the stack. */
typedef struct packed_key {
    const char *s;
    size_t n;
    int slot;
} packed_key;

/*
** The keys of the table at t, sorted as the packer writes them (bytewise,
** a prefix first; luajson_encode's order), lua_next having pushed the
** first key and its value: each key stays on the stack, at keys[i].slot,
** until the caller has written the members and sets the top back to below
** the first key. Returns how many; 0 (the stack back to below the first
** key) when a key is not a string or there are more than max.
*/
int packed_sorted_keys(lua_State *L, int t, packed_key *keys, int max);

/* Grows b to room for `n` more bytes; 0 when memory runs out. packed_reserve's slow path. */
int packed_grow(packed_buffer *b, size_t n);

/*
** The writer's pieces, for callers that lay out a value themselves (view.c
** writes a node's members in the order lua_next gives them). Each returns 0
** when memory runs out: room for `n` more bytes; a tag byte; a uint32_t
** count; a length and `n` bytes. Inline: a view's packing calls them for
** every member.
*/
static inline int packed_reserve(packed_buffer *b, size_t n)
{
    return b->cap - b->len >= n || packed_grow(b, n);
}

static inline int packed_put_tag(packed_buffer *b, int tag)
{
    if (!packed_reserve(b, 1))
        return 0;
    b->data[b->len++] = (unsigned char)tag;
    return 1;
}

static inline int packed_put_count(packed_buffer *b, size_t n)
{
    uint32_t v = (uint32_t)n;
    if (n > UINT32_MAX || !packed_reserve(b, 4))
        return 0;
    memcpy(b->data + b->len, &v, 4);
    b->len += 4;
    return 1;
}

static inline int packed_put_text(packed_buffer *b, const char *s, size_t n)
{
    if (n > UINT32_MAX || !packed_reserve(b, 4 + n))
        return 0;
    uint32_t v = (uint32_t)n;
    memcpy(b->data + b->len, &v, 4);
    memcpy(b->data + b->len + 4, s, n);
    b->len += 4 + n;
    return 1;
}

#endif
