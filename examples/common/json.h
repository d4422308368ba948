/*
** json.h -- the small JSON reader shared by the C hosts (examples/demo.c,
** examples/terminal, tools): the screen, layout, patch and diagnostics
** documents sdui writes, and the CLI's --pretty output.
**
** json_parse() builds a tree from JSON text (RFC 8259: one value, optional
** whitespace around it) given as (pointer, length): it never reads past
** `len` and needs no NUL terminator. Strings are decoded to UTF-8 (escapes,
** surrogate pairs) and NUL-terminated (`len` is authoritative: "\u0000" is
** kept). Every value also remembers the span of source text it came from
** (`raw`, `rawlen`), so a caller can pass a sub-document (an action) back to
** sdui verbatim; the tree therefore must not outlive the text. Numbers are
** read the same whatever the C locale.
**
** Malformed input, nesting deeper than JSON_MAX_DEPTH, or running out of
** memory gives a NULL tree and a message "line:column: what".
*/
#ifndef SDUI_COMMON_JSON_H
#define SDUI_COMMON_JSON_H

#include <stddef.h>

/* Arrays and objects nested deeper than this are refused. Above the
** engine's default input limit (512): its layout output nests a few levels
** deeper than the views it lays out. */
#define JSON_MAX_DEPTH 2048

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json json;
struct json {
    json_type type;
    double number;   /* JSON_NUMBER */
    char *string;    /* JSON_STRING: decoded, NUL-terminated */
    size_t len;      /* its length in bytes */
    size_t count;    /* JSON_ARRAY: elements; JSON_OBJECT: members */
    json *items;     /* the elements, or the members' values */
    char **keys;     /* JSON_OBJECT: the members' names (decoded), parallel to items */
    const char *raw; /* the value's source text */
    size_t rawlen;
};

/* Parses `len` bytes of `text`. On failure returns NULL and writes a
** message to err (err may be NULL). The tree is the caller's: json_free(). */
json *json_parse(const char *text, size_t len, char *err, size_t errlen);

/* Frees a tree from json_parse(); NULL is a no-op. */
void json_free(json *value);

/* Member `key` of an object (the last one when repeated), or NULL (also when
** `object` is NULL or not an object). */
const json *json_get(const json *object, const char *key);

/* Member `key` when it is a string, else NULL. */
const char *json_get_string(const json *object, const char *key);

/* Member `key` when it is a number, else `fallback`. */
double json_get_number(const json *object, const char *key, double fallback);

/* Element `i` of an array (or value of member i of an object), or NULL. */
const json *json_at(const json *value, size_t i);

/* Elements of an array, or members of an object; 0 for anything else and NULL. */
size_t json_count(const json *value);

/*
** Reformats valid JSON text with two-space indentation, one member or element
** a line, and a final newline. Returns a malloc'd NUL-terminated buffer (the
** caller frees it) or NULL when out of memory. The text must be valid JSON
** (check it with json_parse first): anything else gives unspecified layout.
*/
char *json_pretty(const char *text, size_t len, size_t *out_len);

#endif
