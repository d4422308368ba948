/*
** nodetext.c -- the text a view node shows; see nodetext.h.
*/
#include <stdlib.h>
#include <string.h>

#include "nodetext.h"

/* The string member `name` of `node`, or NULL. */
static const json *string_member(const json *node, const char *name)
{
    const json *v = json_get(node, name);
    return v != NULL && v->type == JSON_STRING ? v : NULL;
}

/* A malloc'd concatenation of head, the n bytes of s, and tail. */
static char *joined(const char *head, const char *s, size_t n, const char *tail, size_t *len)
{
    size_t h = strlen(head), t = strlen(tail);
    char *out = malloc(h + n + t + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, head, h);
    if (n > 0)
        memcpy(out + h, s, n);
    memcpy(out + h + n, tail, t + 1);
    *len = h + n + t;
    return out;
}

char *node_text(const json *node, size_t *len, int *placeholder)
{
    const char *type = json_get_string(node, "type");
    const json *v = NULL;
    const char *fixed = "";
    *len = 0;
    if (placeholder != NULL)
        *placeholder = 0;
    if (type == NULL) {
        /* not a node: no text */
    } else if (strcmp(type, "text") == 0) {
        v = string_member(node, "text");
    } else if (strcmp(type, "button") == 0) {
        v = string_member(node, "label");
    } else if (strcmp(type, "image") == 0) {
        if ((v = string_member(node, "alt")) == NULL && (v = string_member(node, "placeholder")) == NULL)
            fixed = "image";
    } else if (strcmp(type, "input") == 0) {
        if ((v = string_member(node, "value")) == NULL && (v = string_member(node, "placeholder")) != NULL
            && placeholder != NULL)
            *placeholder = 1;
    } else if (strcmp(type, "fallback") == 0) {
        if ((v = string_member(node, "text")) == NULL) {
            const json *kind = string_member(node, "componentType");
            return joined("Unsupported component \"", kind ? kind->string : "", kind ? kind->len : 0, "\"", len);
        }
    } else if (strcmp(type, "error") == 0) {
        const json *m = string_member(node, "message");
        return joined("\xE2\x9C\x96 ", m ? m->string : "", m ? m->len : 0, "", len); /* "✖ " */
    }
    return v != NULL ? joined("", v->string, v->len, "", len) : joined(fixed, "", 0, "", len);
}
