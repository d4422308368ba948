/*
** json.h -- a small JSON reader for the sdui CLI.
**
** json_parse() builds a tree from JSON text (RFC 8259: one value, optional
** whitespace around it). Strings are decoded to UTF-8 and NUL-terminated
** (`len` is authoritative: "\u0000" is kept). Every value also remembers the
** span of source text it came from (`raw`, `rawlen`), so a caller can copy a
** sub-document verbatim; the tree therefore must not outlive the text.
**
** Malformed input, nesting deeper than JSON_MAX_DEPTH, or running out of
** memory gives a NULL tree and a message "line:column: what".
*/
#ifndef SDUI_TOOLS_JSON_H
#define SDUI_TOOLS_JSON_H

#include <stddef.h>

#define JSON_MAX_DEPTH 512

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

/* Parses `len` bytes of `text`. On failure returns NULL and writes a message to err. */
json *json_parse(const char *text, size_t len, char *err, size_t errlen);

/* Frees a tree from json_parse(); NULL is a no-op. */
void json_free(json *value);

/* Member `key` of an object (the last one when repeated), or NULL. */
const json *json_get(const json *object, const char *key);

/* Member `key` when it is a string, else NULL. */
const char *json_get_string(const json *object, const char *key);

/* Member `key` when it is a number, else `fallback`. */
double json_get_number(const json *object, const char *key, double fallback);

/* Element `i` of an array (or value of member i of an object), or NULL. */
const json *json_at(const json *value, size_t i);

/*
** Reformats valid JSON text with two-space indentation, one member or element
** a line, and a final newline. Returns a malloc'd NUL-terminated buffer (the
** caller frees it) or NULL when out of memory. The text must be valid JSON
** (check it with json_parse first): anything else gives unspecified layout.
*/
char *json_pretty(const char *text, size_t len, size_t *out_len);

#endif
