/*
** json.h -- a small JSON reader for the terminal host: the layout, screen
** and patch documents sdui writes. It builds a tree of values; strings are
** decoded to UTF-8 and every value remembers where it was in the source, so
** a member (an action) can be passed back to sdui as the text it was.
*/
#ifndef TERMINAL_JSON_H
#define TERMINAL_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json json;
struct json {
    json_type type;
    int boolean;
    double number;
    char *string;      /* JSON_STRING: decoded, NUL-terminated (may hold NULs inside: see length) */
    size_t length;     /* JSON_STRING: bytes; JSON_ARRAY, JSON_OBJECT: items */
    json *items;       /* JSON_ARRAY, JSON_OBJECT: the values */
    char **keys;       /* JSON_OBJECT: the member names, decoded */
    const char *raw;   /* the value's text in the source (valid while the source is) */
    size_t raw_length;
};

/* Parses `len` bytes of `text`; NULL when it is not JSON or memory runs out.
** The tree is the caller's: release it with json_free(). */
json *json_parse(const char *text, size_t len);
void json_free(json *value);

/* The member `name` of an object, or NULL (also when `object` is NULL or not an object). */
const json *json_get(const json *object, const char *name);
/* The string of member `name`, or NULL when absent or not a string. */
const char *json_string(const json *object, const char *name);
/* The number of member `name`, or `otherwise`. */
double json_number(const json *object, const char *name, double otherwise);
/* The array element `i`, or NULL. */
const json *json_at(const json *array, size_t i);
/* Element count of an array (0 for anything else). */
size_t json_count(const json *array);

#endif
