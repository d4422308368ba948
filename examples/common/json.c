/*
** json.c -- the small JSON reader of the C hosts (see json.h).
**
** A recursive-descent parser over (pointer, length): it never reads past
** `len`, never needs a NUL terminator, and on any error frees what it built.
*/
#include "json.h"

#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *text;
    size_t len;
    size_t pos;
    char *err;
    size_t errlen;
    int failed;
} parser;

/* Records the first error, with the line and column of the current position. */
static void fail(parser *p, const char *what)
{
    if (p->failed)
        return;
    p->failed = 1;
    size_t line = 1, column = 1;
    for (size_t i = 0; i < p->pos && i < p->len; i++) {
        if (p->text[i] == '\n') {
            line++;
            column = 1;
        } else if (((unsigned char)p->text[i] & 0xC0) != 0x80) {
            column++; /* count characters, not UTF-8 continuation bytes */
        }
    }
    if (p->err != NULL && p->errlen > 0)
        snprintf(p->err, p->errlen, "%zu:%zu: %s", line, column, what);
}

static void skip_ws(parser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

static int peek(const parser *p)
{
    return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

/* Matches the literal `word` at the current position. */
static int literal(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0) {
        fail(p, "invalid literal");
        return 0;
    }
    p->pos += n;
    return 1;
}

/* ------------------------------------------------------------------------
** Strings.
*/

typedef struct {
    char *data;
    size_t len, cap;
} strbuf;

static int sb_put(strbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 32;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (d == NULL)
            return 0;
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 1;
}

/* Appends code point `cp` as UTF-8. */
static int sb_put_utf8(strbuf *b, uint32_t cp)
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
    return sb_put(b, u, n);
}

/* Four hex digits after "\u"; -1 when they are not. */
static long hex4(parser *p)
{
    if (p->len - p->pos < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p->text[p->pos + (size_t)i];
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v * 16 + d;
    }
    p->pos += 4;
    return v;
}

/* Parses a string at the current position ('"'); stores a malloc'd copy. */
static int parse_string(parser *p, char **out, size_t *out_len)
{
    strbuf b = {NULL, 0, 0};
    p->pos++; /* the opening quote */
    if (!sb_put(&b, "", 0))
        goto oom;
    for (;;) {
        if (p->pos >= p->len) {
            fail(p, "unterminated string");
            goto bad;
        }
        unsigned char c = (unsigned char)p->text[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) {
            fail(p, "control character in string");
            goto bad;
        }
        if (c != '\\') {
            /* copy a run of plain bytes at once */
            size_t start = p->pos;
            while (p->pos < p->len) {
                unsigned char d = (unsigned char)p->text[p->pos];
                if (d == '"' || d == '\\' || d < 0x20)
                    break;
                p->pos++;
            }
            if (!sb_put(&b, p->text + start, p->pos - start))
                goto oom;
            continue;
        }
        p->pos++;
        if (p->pos >= p->len) {
            fail(p, "unterminated escape");
            goto bad;
        }
        char e = p->text[p->pos++];
        const char *plain = NULL;
        switch (e) {
        case '"': plain = "\""; break;
        case '\\': plain = "\\"; break;
        case '/': plain = "/"; break;
        case 'b': plain = "\b"; break;
        case 'f': plain = "\f"; break;
        case 'n': plain = "\n"; break;
        case 'r': plain = "\r"; break;
        case 't': plain = "\t"; break;
        case 'u': {
            long cp = hex4(p);
            if (cp < 0) {
                fail(p, "bad \\u escape");
                goto bad;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                /* a high surrogate needs its low half */
                long lo = -1;
                if (p->len - p->pos >= 2 && p->text[p->pos] == '\\' && p->text[p->pos + 1] == 'u') {
                    p->pos += 2;
                    lo = hex4(p);
                }
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    fail(p, "unpaired surrogate in \\u escape");
                    goto bad;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                fail(p, "unpaired surrogate in \\u escape");
                goto bad;
            }
            if (!sb_put_utf8(&b, (uint32_t)cp))
                goto oom;
            continue;
        }
        default:
            p->pos--;
            fail(p, "bad escape in string");
            goto bad;
        }
        if (!sb_put(&b, plain, 1))
            goto oom;
    }
    *out = b.data;
    *out_len = b.len;
    return 1;
oom:
    fail(p, "out of memory");
bad:
    free(b.data);
    return 0;
}

/* ------------------------------------------------------------------------
** Numbers: checked against the JSON grammar, converted with strtod.
*/

static int digits(parser *p)
{
    size_t start = p->pos;
    while (p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9')
        p->pos++;
    return p->pos > start;
}

static int parse_number(parser *p, double *out)
{
    size_t start = p->pos;
    if (peek(p) == '-')
        p->pos++;
    if (peek(p) == '0') {
        p->pos++;
    } else if (!digits(p)) {
        fail(p, "invalid number");
        return 0;
    }
    if (peek(p) == '.') {
        p->pos++;
        if (!digits(p)) {
            fail(p, "invalid number");
            return 0;
        }
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-')
            p->pos++;
        if (!digits(p)) {
            fail(p, "invalid number");
            return 0;
        }
    }
    /* strtod reads the C locale's decimal point: a host that set LC_NUMERIC
    ** (setlocale(LC_ALL, "")) may use ',', so the copy carries that one. */
    const char *point = localeconv()->decimal_point;
    size_t pointlen = point != NULL && point[0] != '\0' ? strlen(point) : 0;
    char small[64];
    size_t n = p->pos - start;
    size_t need = n + (pointlen > 1 ? pointlen - 1 : 0) + 1;
    char *copy = need <= sizeof small ? small : malloc(need);
    if (copy == NULL) {
        fail(p, "out of memory");
        return 0;
    }
    size_t k = 0;
    for (size_t i = start; i < p->pos; i++) {
        if (p->text[i] == '.' && pointlen > 0) {
            memcpy(copy + k, point, pointlen);
            k += pointlen;
        } else {
            copy[k++] = p->text[i];
        }
    }
    copy[k] = '\0';
    *out = strtod(copy, NULL);
    if (copy != small)
        free(copy);
    return 1;
}

/* ------------------------------------------------------------------------
** Values.
*/

static void clear(json *v)
{
    free(v->string);
    for (size_t i = 0; i < v->count; i++) {
        clear(&v->items[i]);
        if (v->keys != NULL)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

/* Makes room for one more element (and key when `keyed`); the new slot is zeroed. */
static json *grow(parser *p, json *v, size_t *cap, int keyed)
{
    if (v->count == *cap) {
        size_t n = *cap ? *cap * 2 : 4;
        json *items = realloc(v->items, n * sizeof *items);
        if (items == NULL) {
            fail(p, "out of memory");
            return NULL;
        }
        v->items = items;
        if (keyed) {
            char **keys = realloc(v->keys, n * sizeof *keys);
            if (keys == NULL) {
                fail(p, "out of memory");
                return NULL;
            }
            v->keys = keys;
        }
        *cap = n;
    }
    json *slot = &v->items[v->count];
    memset(slot, 0, sizeof *slot);
    if (keyed)
        v->keys[v->count] = NULL;
    v->count++; /* counted at once, so clear() frees a half-built slot */
    return slot;
}

static int parse_value(parser *p, json *v, int depth);

static int parse_array(parser *p, json *v, int depth)
{
    size_t cap = 0;
    v->type = JSON_ARRAY;
    p->pos++;
    skip_ws(p);
    if (peek(p) == ']') {
        p->pos++;
        return 1;
    }
    for (;;) {
        json *slot = grow(p, v, &cap, 0);
        if (slot == NULL || !parse_value(p, slot, depth + 1))
            return 0;
        skip_ws(p);
        int c = peek(p);
        p->pos += c >= 0;
        if (c == ']')
            return 1;
        if (c != ',') {
            p->pos -= c >= 0;
            fail(p, "expected ',' or ']' in array");
            return 0;
        }
        skip_ws(p);
    }
}

static int parse_object(parser *p, json *v, int depth)
{
    size_t cap = 0;
    v->type = JSON_OBJECT;
    p->pos++;
    skip_ws(p);
    if (peek(p) == '}') {
        p->pos++;
        return 1;
    }
    for (;;) {
        if (peek(p) != '"') {
            fail(p, "expected a member name");
            return 0;
        }
        json *slot = grow(p, v, &cap, 1);
        if (slot == NULL)
            return 0;
        size_t keylen;
        if (!parse_string(p, &v->keys[v->count - 1], &keylen))
            return 0;
        skip_ws(p);
        if (peek(p) != ':') {
            fail(p, "expected ':' after a member name");
            return 0;
        }
        p->pos++;
        if (!parse_value(p, slot, depth + 1))
            return 0;
        skip_ws(p);
        int c = peek(p);
        p->pos += c >= 0;
        if (c == '}')
            return 1;
        if (c != ',') {
            p->pos -= c >= 0;
            fail(p, "expected ',' or '}' in object");
            return 0;
        }
        skip_ws(p);
    }
}

static int parse_value(parser *p, json *v, int depth)
{
    if (depth > JSON_MAX_DEPTH) {
        fail(p, "nested too deeply");
        return 0;
    }
    skip_ws(p);
    size_t start = p->pos;
    int ok;
    switch (peek(p)) {
    case '{': ok = parse_object(p, v, depth); break;
    case '[': ok = parse_array(p, v, depth); break;
    case '"':
        v->type = JSON_STRING;
        ok = parse_string(p, &v->string, &v->len);
        break;
    case 't':
        v->type = JSON_TRUE;
        ok = literal(p, "true");
        break;
    case 'f':
        v->type = JSON_FALSE;
        ok = literal(p, "false");
        break;
    case 'n':
        v->type = JSON_NULL;
        ok = literal(p, "null");
        break;
    case -1:
        fail(p, "unexpected end of input");
        return 0;
    default:
        v->type = JSON_NUMBER;
        ok = parse_number(p, &v->number);
        break;
    }
    v->raw = p->text + start;
    v->rawlen = p->pos - start;
    return ok;
}

json *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    if (text == NULL) {
        if (err != NULL && errlen > 0)
            snprintf(err, errlen, "no input");
        return NULL;
    }
    parser p = {text, len, 0, err, errlen, 0};
    json *root = calloc(1, sizeof *root);
    if (root == NULL) {
        fail(&p, "out of memory");
        return NULL;
    }
    if (parse_value(&p, root, 0)) {
        skip_ws(&p);
        if (p.pos == p.len)
            return root;
        fail(&p, "unexpected text after the value");
    }
    clear(root);
    free(root);
    return NULL;
}

void json_free(json *value)
{
    if (value == NULL)
        return;
    clear(value);
    free(value);
}

const json *json_get(const json *object, const char *key)
{
    if (object == NULL || object->type != JSON_OBJECT || key == NULL)
        return NULL;
    for (size_t i = object->count; i > 0; i--)
        if (strcmp(object->keys[i - 1], key) == 0)
            return &object->items[i - 1];
    return NULL;
}

const char *json_get_string(const json *object, const char *key)
{
    const json *v = json_get(object, key);
    return v != NULL && v->type == JSON_STRING ? v->string : NULL;
}

double json_get_number(const json *object, const char *key, double fallback)
{
    const json *v = json_get(object, key);
    return v != NULL && v->type == JSON_NUMBER ? v->number : fallback;
}

const json *json_at(const json *value, size_t i)
{
    return i < json_count(value) ? &value->items[i] : NULL;
}

size_t json_count(const json *value)
{
    if (value == NULL || (value->type != JSON_ARRAY && value->type != JSON_OBJECT))
        return 0;
    return value->count;
}

/* ------------------------------------------------------------------------
** Pretty printing, token by token over valid text.
*/

char *json_pretty(const char *text, size_t len, size_t *out_len)
{
    strbuf b = {NULL, 0, 0};
    int depth = 0;
    int ok = sb_put(&b, "", 0);

#define PUT(s, n) (ok = ok && sb_put(&b, (s), (n)))
#define NEWLINE()                                  \
    do {                                           \
        PUT("\n", 1);                              \
        for (int k_ = 0; k_ < depth; k_++)         \
            PUT("  ", 2);                          \
    } while (0)

    for (size_t i = 0; ok && i < len; i++) {
        char c = text[i];
        switch (c) {
        case ' ': case '\t': case '\n': case '\r':
            break;
        case '"': {
            size_t start = i++;
            while (i < len && text[i] != '"') {
                if (text[i] == '\\')
                    i++;
                i++;
            }
            PUT(text + start, (i < len ? i + 1 : len) - start);
            break;
        }
        case '{': case '[': {
            /* an empty container stays on one line */
            size_t j = i + 1;
            while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r'))
                j++;
            if (j < len && (text[j] == '}' || text[j] == ']')) {
                PUT(&c, 1);
                PUT(&text[j], 1);
                i = j;
                break;
            }
            PUT(&c, 1);
            depth++;
            NEWLINE();
            break;
        }
        case '}': case ']':
            depth--;
            NEWLINE();
            PUT(&c, 1);
            break;
        case ',':
            PUT(",", 1);
            NEWLINE();
            break;
        case ':':
            PUT(": ", 2);
            break;
        default:
            PUT(&c, 1);
            break;
        }
    }
    PUT("\n", 1);
#undef PUT
#undef NEWLINE
    if (!ok) {
        free(b.data);
        return NULL;
    }
    if (out_len != NULL)
        *out_len = b.len;
    return b.data;
}
