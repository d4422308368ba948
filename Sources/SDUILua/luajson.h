/*
** luajson.h -- JSON text <-> Lua 5.4 values, for the sdui Lua binding.
**
** Mapping (decode):
**   object  -> table with string keys
**   array   -> table 1..n carrying the shared "array" metatable (see below)
**   number  -> integer when it is written without fraction or exponent and
**              fits lua_Integer ("-0" included, as in the engine), else float
**   string  -> string (escapes resolved, \uXXXX surrogate pairs -> UTF-8;
**              other bytes copied as they are)
**   true, false -> booleans;  null -> the null marker (sdui.null)
**
** Mapping (encode) is the reverse, with raw access only (no __index, no
** __pairs; a proxy, see luajson_setproxy, is the exception); object members
** are sorted by key (bytewise), the same in every Lua state. A table is an array when it carries the array metatable (or
** any metatable whose __name is "sdui.array") or when
** its keys are exactly 1..n; an object when all its keys are strings; an
** empty table without the array metatable is {}. Floats are written as the
** shortest text that reads back as the same double, laid out like the
** engine's JSONWriter: "0.1", "3.0", "1e+16", "1e-05" -- a float always has a
** fraction or an exponent, so it decodes back as a float.
**
** Errors: every function here raises a Lua error (a plain string message
** without position prefix) and is meant to run inside a protected call.
**
** Memory: the encoder writes into malloc'd memory owned by a full userdata
** with a __gc metamethod for the whole encoding, and hands the memory over to
** the caller's luajson_buffer only when the encoding succeeds; so a Lua error
** in the middle of an encoding leaks nothing (the garbage collector frees
** it). The decoder allocates scratch memory the same way.
**
** Depth: both directions accept at most LUAJSON_MAXDEPTH nested arrays and
** objects and grow the Lua stack with luaL_checkstack as they go down. They
** recurse in C with small frames (x86-64, gcc -O2: about 60 bytes a level
** to decode, 180 to encode, plus 8 KB for the encoder's table of open
** tables), so the full depth needs well under 256 KB of C stack. Cycles are
** caught as they close, by a scan of the tables open around the value.
*/
#ifndef SDUI_LUAJSON_H
#define SDUI_LUAJSON_H

#include <stddef.h>

#include "lua.h"

/* Deepest nesting of arrays and objects that decode and encode accept. */
#define LUAJSON_MAXDEPTH 1000

/* ---- proxies --------------------------------------------------------- */

/*
** Marks the metatable at idx as a proxy's: a table carrying it encodes (and
** packs, packed.h) as the table in the metatable's __index, whatever its
** own contents. The caller owns the metatable and its other fields; the
** mark is one field under a key only this file knows.
*/
void luajson_setproxy(lua_State *L, int idx);

/* Returns 1 when the value at idx is a table whose metatable is marked as a proxy's, else 0. */
int luajson_isproxy(lua_State *L, int idx);

/* Registry key of the shared array metatable. */
#define LUAJSON_ARRAY_MT "sdui.array"

/* Pushes the array metatable (registry LUAJSON_ARRAY_MT), made the first time. */
void luajson_push_array_mt(lua_State *L);

/* ---- null marker ----------------------------------------------------- */

/* Pushes the marker for JSON null: a light userdata NULL (sdui.null). */
void luajson_pushnull(lua_State *L);

/* Returns 1 when the value at idx is the null marker, else 0. */
int luajson_isnull(lua_State *L, int idx);

/* ---- arrays ---------------------------------------------------------- */

/*
** Sets the shared array metatable on the table at idx, creating it the first
** time (registry["sdui.array"]), so that the table encodes as a JSON array
** even when it is empty. Leaves the stack as it was. Raises a Lua error
** ("bad argument #idx ...") when the value is not a table.
*/
void luajson_markarray(lua_State *L, int idx);

/* Returns 1 when the value at idx has the shared array metatable, or a
** metatable whose __name is "sdui.array", else 0. */
int luajson_isarray(lua_State *L, int idx);

/* ---- decoding -------------------------------------------------------- */

/*
** Decodes the `len` bytes of JSON text at `json` (no NUL needed) and pushes
** the value. Whitespace around values is allowed; anything after the value
** is not. Raises "invalid JSON at byte N" (N: 0-based offset of the
** offending byte, or len when the text ends too early) on malformed input,
** on lone surrogates in \u escapes and on numbers out of the double range,
** and "JSON nesting deeper than 1000 at byte N" on too deep input.
*/
void luajson_decode(lua_State *L, const char *json, size_t len);

/* ---- encoding -------------------------------------------------------- */

/*
** The length of the run of bytes at s (at most n) that a JSON string holds
** as they are: none is '"', '\\' or below 0x20. Eight bytes at a time.
*/
size_t luajson_plain_run(const char *s, size_t n);

/*
** Writes the escape of byte c (one luajson_plain_run stops at) to out, as
** the engine writes it too (\" \\ \b \f \n \r \t, else \u00 and two
** lower-case hex digits); returns its length, 2 or 6.
*/
size_t luajson_escape(unsigned char c, char out[6]);

/*
** A growable byte buffer: `len` bytes of `data` (malloc'd) are in use; it
** never grows past `max` bytes (0: no bound; set from the state's meter
** while an encoding fills it).
*/
typedef struct {
    char *data;
    size_t len, cap;
    size_t max;
} luajson_buffer;

/*
** A state's meter for encodings (luajson_set_meter): each encoding in the
** state stops at limit(L) bytes (0: no bound) by calling refuse(L, max),
** which raises; once done it calls charge(L, bytes) for the work. The
** script host sets one on every script state (its size limit, its
** instruction budget), so that no value a script hands the engine -- a DAG
** of tables that expands as it is written -- costs more than it is charged for.
*/
typedef struct luajson_meter {
    size_t (*limit)(lua_State *L);
    void (*charge)(lua_State *L, size_t bytes);
    void (*refuse)(lua_State *L, size_t max);
} luajson_meter;

/* Gives L's encodings the meter (copied into the registry); may raise (memory). */
void luajson_set_meter(lua_State *L, const luajson_meter *meter);

/*
** Charges `bytes` of work to L's meter, if it has one (decoding JSON or
** packed values into Lua: a handler's ctx.state read, a factory's data; a
** walk over a table, LUAJSON_STEP_BYTES an element). May raise, as the
** meter's charge does.
*/
void luajson_charge(lua_State *L, size_t bytes);

/* The bytes of work a meter counts as one instruction (the script host's: a copy of 32 bytes). */
#define LUAJSON_STEP_BYTES 32

/* Frees the memory of `b` and leaves it empty ({NULL, 0, 0}); reusable. */
void luajson_buffer_free(luajson_buffer *b);

/*
** Appends the compact JSON encoding of the value at idx to `out`, which is
** either empty ({NULL, 0, 0}) or holds what earlier calls put there. The
** stack is left as it was. On error, raises a Lua error naming the path of
** the offending value ("cannot encode a function at $.items[2].f"); `out` is
** then left empty and its former memory is released by the garbage
** collector, so nothing leaks. After a successful call the caller owns the
** memory and releases it with luajson_buffer_free (before raising any error
** of its own, or it leaks).
*/
void luajson_encode(lua_State *L, int idx, luajson_buffer *out);

/*
** Pushes the compact JSON encoding of the value at idx as a Lua string;
** raises like luajson_encode. Nothing to free, whatever happens.
*/
void luajson_pushencoded(lua_State *L, int idx);

#endif
