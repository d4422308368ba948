/*
** json.c -- see json.h. Recursive descent over (text, len), strict enough
** for what sdui writes and safe on anything else: every read is bounds
** checked, nesting is capped, and a failure frees what was built.
*/
#include "json.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 2048

typedef struct {
    const char *p, *end;
    int depth;
} parser;

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
}

static void clear(json *v)
{
    if (v->type == JSON_STRING) {
        free(v->string);
    } else if (v->type == JSON_ARRAY || v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->length; i++) {
            clear(&v->items[i]);
            if (v->keys != NULL)
                free(v->keys[i]);
        }
        free(v->items);
        free(v->keys);
    }
    memset(v, 0, sizeof *v);
}

void json_free(json *value)
{
    if (value == NULL)
        return;
    clear(value);
    free(value);
}

/* Appends the UTF-8 encoding of `cp` to buf (room for 4 bytes is guaranteed by the caller). */
static size_t put_utf8(char *buf, unsigned long cp)
{
    if (cp < 0x80) {
        buf[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        buf[0] = (char)(0xC0 | (cp >> 6));
        buf[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        buf[0] = (char)(0xE0 | (cp >> 12));
        buf[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    buf[0] = (char)(0xF0 | (cp >> 18));
    buf[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hex4(const char *p, const char *end, unsigned long *out)
{
    if (end - p < 4)
        return -1;
    unsigned long v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned long)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned long)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned long)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Parses a string at ps->p (on the opening quote) into a malloc'd buffer. */
static char *parse_string(parser *ps, size_t *len)
{
    ps->p++; /* the quote */
    const char *start = ps->p;
    /* The decoded text is never longer than the source. */
    const char *q = start;
    while (q < ps->end && *q != '"') {
        if (*q == '\\')
            q++;
        q++;
    }
    if (q >= ps->end)
        return NULL;
    char *out = malloc((size_t)(q - start) + 1);
    if (out == NULL)
        return NULL;
    size_t n = 0;
    const char *p = start;
    while (p < q) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20)
            goto bad;
        if (c != '\\') {
            out[n++] = (char)c;
            p++;
            continue;
        }
        p++;
        switch (*p) {
        case '"': out[n++] = '"'; p++; break;
        case '\\': out[n++] = '\\'; p++; break;
        case '/': out[n++] = '/'; p++; break;
        case 'b': out[n++] = '\b'; p++; break;
        case 'f': out[n++] = '\f'; p++; break;
        case 'n': out[n++] = '\n'; p++; break;
        case 'r': out[n++] = '\r'; p++; break;
        case 't': out[n++] = '\t'; p++; break;
        case 'u': {
            unsigned long cp, lo;
            if (hex4(p + 1, q, &cp) != 0)
                goto bad;
            p += 5;
            if (cp >= 0xD800 && cp < 0xDC00 && q - p >= 6 && p[0] == '\\' && p[1] == 'u' &&
                hex4(p + 2, q, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                p += 6;
            } else if (cp >= 0xD800 && cp < 0xE000) {
                cp = 0xFFFD; /* a lone surrogate */
            }
            /* \uXXXX is 6 source bytes and at most 3 output bytes; a pair is 12 and 4. */
            n += put_utf8(out + n, cp);
            break;
        }
        default:
            goto bad;
        }
    }
    out[n] = '\0';
    *len = n;
    ps->p = q + 1;
    return out;
bad:
    free(out);
    return NULL;
}

static int parse_value(parser *ps, json *v);

static int push(json *v, size_t *cap, char *key)
{
    if (v->length == *cap) {
        size_t ncap = *cap ? *cap * 2 : 4;
        json *items = realloc(v->items, ncap * sizeof *items);
        if (items == NULL)
            return -1;
        v->items = items;
        if (v->type == JSON_OBJECT) {
            char **keys = realloc(v->keys, ncap * sizeof *keys);
            if (keys == NULL)
                return -1;
            v->keys = keys;
        }
        *cap = ncap;
    }
    memset(&v->items[v->length], 0, sizeof v->items[0]);
    if (v->type == JSON_OBJECT)
        v->keys[v->length] = key;
    v->length++;
    return 0;
}

static int parse_container(parser *ps, json *v, int object)
{
    size_t cap = 0;
    char close = object ? '}' : ']';
    v->type = object ? JSON_OBJECT : JSON_ARRAY;
    if (++ps->depth > MAX_DEPTH)
        return -1;
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        ps->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        skip_ws(ps);
        if (object) {
            size_t klen;
            if (ps->p >= ps->end || *ps->p != '"' || (key = parse_string(ps, &klen)) == NULL)
                return -1;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                free(key);
                return -1;
            }
            ps->p++;
        }
        if (push(v, &cap, key) != 0) {
            free(key);
            return -1;
        }
        if (parse_value(ps, &v->items[v->length - 1]) != 0)
            return -1;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            ps->depth--;
            return 0;
        }
        return -1;
    }
}

static int literal(parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
        return -1;
    ps->p += n;
    return 0;
}

static int parse_number(parser *ps, json *v)
{
    /* -?digits[.digits][e[+-]digits], converted by hand: no locale involved. */
    const char *p = ps->p;
    double sign = 1, value = 0, scale = 1;
    int exp = 0, exp_sign = 1, digits = 0;
    if (p < ps->end && *p == '-') {
        sign = -1;
        p++;
    }
    while (p < ps->end && *p >= '0' && *p <= '9') {
        value = value * 10 + (*p++ - '0');
        digits++;
    }
    if (p < ps->end && *p == '.') {
        p++;
        while (p < ps->end && *p >= '0' && *p <= '9') {
            scale /= 10;
            value += (*p++ - '0') * scale;
            digits++;
        }
    }
    if (digits == 0)
        return -1;
    if (p < ps->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < ps->end && (*p == '+' || *p == '-'))
            exp_sign = *p++ == '-' ? -1 : 1;
        if (p >= ps->end || *p < '0' || *p > '9')
            return -1;
        while (p < ps->end && *p >= '0' && *p <= '9') {
            if (exp < 400)
                exp = exp * 10 + (*p - '0');
            p++;
        }
    }
    for (int i = 0; i < exp; i++)
        value = exp_sign > 0 ? value * 10 : value / 10;
    v->type = JSON_NUMBER;
    v->number = sign * value;
    ps->p = p;
    return 0;
}

static int parse_value(parser *ps, json *v)
{
    skip_ws(ps);
    if (ps->p >= ps->end)
        return -1;
    const char *start = ps->p;
    int rc;
    switch (*ps->p) {
    case '{': rc = parse_container(ps, v, 1); break;
    case '[': rc = parse_container(ps, v, 0); break;
    case '"':
        v->string = parse_string(ps, &v->length);
        rc = v->string != NULL ? 0 : -1;
        if (rc == 0)
            v->type = JSON_STRING;
        break;
    case 't': rc = literal(ps, "true"); v->type = JSON_BOOL; v->boolean = 1; break;
    case 'f': rc = literal(ps, "false"); v->type = JSON_BOOL; break;
    case 'n': rc = literal(ps, "null"); v->type = JSON_NULL; break;
    default: rc = parse_number(ps, v); break;
    }
    v->raw = start;
    v->raw_length = (size_t)(ps->p - start);
    return rc;
}

json *json_parse(const char *text, size_t len)
{
    if (text == NULL)
        return NULL;
    json *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    parser ps = {text, text + len, 0};
    if (parse_value(&ps, v) != 0) {
        json_free(v);
        return NULL;
    }
    skip_ws(&ps);
    if (ps.p != ps.end) {
        json_free(v);
        return NULL;
    }
    return v;
}

const json *json_get(const json *object, const char *name)
{
    if (object == NULL || object->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < object->length; i++)
        if (strcmp(object->keys[i], name) == 0)
            return &object->items[i];
    return NULL;
}

const char *json_string(const json *object, const char *name)
{
    const json *v = json_get(object, name);
    return v != NULL && v->type == JSON_STRING ? v->string : NULL;
}

double json_number(const json *object, const char *name, double otherwise)
{
    const json *v = json_get(object, name);
    return v != NULL && v->type == JSON_NUMBER ? v->number : otherwise;
}

const json *json_at(const json *array, size_t i)
{
    if (array == NULL || array->type != JSON_ARRAY || i >= array->length)
        return NULL;
    return &array->items[i];
}

size_t json_count(const json *array)
{
    return array != NULL && array->type == JSON_ARRAY ? array->length : 0;
}
