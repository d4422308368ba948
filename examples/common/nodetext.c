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

/* A growing text: bytes, their count, room; `failed` once out of memory. */
typedef struct {
    char *bytes;
    size_t len, cap;
    int failed;
} text;

static void add(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->len + n + 1) * 2;
        char *p = realloc(t->bytes, cap);
        if (p == NULL) {
            t->failed = 1;
            return;
        }
        t->bytes = p;
        t->cap = cap;
    }
    memcpy(t->bytes + t->len, s, n);
    t->len += n;
    t->bytes[t->len] = '\0';
}

static void add_str(text *t, const char *s)
{
    add(t, s, strlen(s));
}

/* Whether option value `o` is among the input's chosen values (comma separated when multiple). */
static int chosen(const json *value, int multiple, const json *o)
{
    if (value == NULL || o == NULL)
        return 0;
    if (!multiple)
        return value->len == o->len && memcmp(value->string, o->string, o->len) == 0;
    for (size_t start = 0; start <= value->len;) {
        const char *comma = memchr(value->string + start, ',', value->len - start);
        size_t end = comma ? (size_t)(comma - value->string) : value->len;
        if (end - start == o->len && end > start && memcmp(value->string + start, o->string, o->len) == 0)
            return 1;
        start = end + 1;
    }
    return 0;
}

/* The text of an input whose kind or format is given (InputContent.measuredText
** in the core): a password as one "•" a character, a toggle's "[x] title", a
** compact choice's chosen titles and " ▾", an expanded one's option lines. */
static char *input_text(const json *node, size_t *len, int *placeholder)
{
    const char *kind = json_get_string(node, "kind");
    const char *format = json_get_string(node, "format");
    const json *value = string_member(node, "value");
    const json *ph = string_member(node, "placeholder");
    text t = {NULL, 0, 0, 0};
    add(&t, "", 0);
    if (kind != NULL && strcmp(kind, "toggle") == 0) {
        const json *on = string_member(node, "onValue");
        int is_on = value != NULL && (on ? value->len == on->len && memcmp(value->string, on->string, on->len) == 0
                                         : strcmp(value->string, "true") == 0);
        const json *title = string_member(node, "title");
        if (title == NULL)
            title = string_member(node, "name");
        add_str(&t, is_on ? "[x] " : "[ ] ");
        if (title != NULL)
            add(&t, title->string, title->len);
    } else if (kind != NULL && strcmp(kind, "choice") == 0) {
        const json *options = json_get(node, "options");
        const json *multiple_member = json_get(node, "multiple");
        const char *display = json_get_string(node, "display");
        int multiple = multiple_member != NULL && multiple_member->type == JSON_TRUE;
        int expanded = display != NULL && strcmp(display, "expanded") == 0;
        size_t shown = 0;
        for (size_t i = 0; i < json_count(options); i++) {
            const json *option = json_at(options, i);
            const json *title = string_member(option, "title");
            int on = chosen(value != NULL && value->len > 0 ? value : NULL, multiple, string_member(option, "value"));
            if (expanded) {
                if (i > 0)
                    add_str(&t, "\n");
                add_str(&t, multiple ? (on ? "[x] " : "[ ] ") : (on ? "(\xE2\x80\xA2) " : "( ) ")); /* (•) */
            } else if (!on) {
                continue;
            } else if (shown++ > 0) {
                add_str(&t, ", ");
            }
            if (title != NULL)
                add(&t, title->string, title->len);
        }
        if (!expanded) {
            if (shown == 0 && ph != NULL) {
                add_str(&t, "(");
                add(&t, ph->string, ph->len);
                add_str(&t, ")");
            }
            add_str(&t, " \xE2\x96\xBE"); /* " ▾" */
        }
    } else if (value != NULL) {
        if (format != NULL && strcmp(format, "password") == 0) {
            for (size_t i = 0; i < value->len; i++)
                if (((unsigned char)value->string[i] & 0xC0) != 0x80) /* one a character (Unicode scalar) */
                    add_str(&t, "\xE2\x80\xA2");
        } else {
            add(&t, value->string, value->len);
        }
    } else if (ph != NULL) {
        add(&t, ph->string, ph->len);
        if (placeholder != NULL)
            *placeholder = 1;
    }
    if (t.failed) {
        free(t.bytes);
        return NULL;
    }
    *len = t.len;
    return t.bytes;
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
    } else if (strcmp(type, "paragraph") == 0) { /* its runs' texts, one after the other */
        text t = {0};
        add(&t, "", 0);
        const json *runs = json_get(node, "runs");
        for (size_t i = 0; i < json_count(runs); i++) {
            const json *s = string_member(json_at(runs, i), "text");
            if (s != NULL)
                add(&t, s->string, s->len);
        }
        if (t.failed) {
            free(t.bytes);
            return NULL;
        }
        *len = t.len;
        return t.bytes;
    } else if (strcmp(type, "button") == 0) {
        v = string_member(node, "label");
    } else if (strcmp(type, "image") == 0) {
        if ((v = string_member(node, "alt")) == NULL && (v = string_member(node, "placeholder")) == NULL)
            fixed = "image";
    } else if (strcmp(type, "input") == 0) {
        if (json_get(node, "kind") != NULL || json_get(node, "format") != NULL)
            return input_text(node, len, placeholder);
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
