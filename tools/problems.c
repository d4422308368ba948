/*
** problems.c -- see problems.h.
*/
#include "problems.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char *copy_span(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

/* Appends a problem whose strings are already the list's to own. */
static problem *add_owned(problems *list, int warning, char *file, long line, long column, char *path,
                          char *message)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 8;
        problem *grown = realloc(list->items, cap * sizeof *grown);
        if (grown == NULL)
            goto lost;
        list->items = grown;
        list->cap = cap;
    }
    if (message == NULL)
        goto lost;
    problem *p = &list->items[list->count++];
    *p = (problem){warning, file, line, column, path, message};
    return p;
lost:
    list->failed = 1;
    free(file);
    free(path);
    free(message);
    return NULL;
}

problem *problems_add(problems *list, int warning, const char *file, long line, long column, const char *path,
                      const char *message)
{
    return add_owned(list, warning, file ? copy_span(file, strlen(file)) : NULL, line, column,
                     path ? copy_span(path, strlen(path)) : NULL, copy_span(message, strlen(message)));
}

void problems_free(problems *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i].file);
        free(list->items[i].path);
        free(list->items[i].message);
    }
    free(list->items);
    memset(list, 0, sizeof *list);
}

size_t problems_failing(const problems *list, int strict)
{
    size_t n = list->failed;
    for (size_t i = 0; i < list->count; i++)
        n += strict || !list->items[i].warning;
    return n;
}

/* Where the JSON path at `s` (starting with '$', as JSONPath writes it:
** .name, [index], ["quoted key"]) ends. */
static const char *path_end(const char *s)
{
    const char *p = s + 1;
    for (;;) {
        if (*p == '.') {
            p++;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
        } else if (p[0] == '[' && p[1] == '"') {
            p += 2;
            while (*p != '\0' && *p != '"')
                p += (*p == '\\' && p[1] != '\0') ? 2 : 1;
            if (p[0] != '"' || p[1] != ']')
                return p;
            p += 2;
        } else if (*p == '[' && isdigit((unsigned char)p[1])) {
            p++;
            while (isdigit((unsigned char)*p))
                p++;
            if (*p != ']')
                return p;
            p++;
        } else {
            return p;
        }
    }
}

void problems_add_json_message(problems *list, const char *msg)
{
    const char *s = msg;
    char *end = NULL;
    long line = 1, column = 1;
    long l = strtol(s, &end, 10);
    if (end != s && *end == ':' && isdigit((unsigned char)end[1])) {
        char *end2 = NULL;
        long c = strtol(end + 1, &end2, 10);
        if (end2[0] == ':' && end2[1] == ' ') {
            line = l;
            column = c;
            s = end2 + 2;
        }
    }
    const char *path = "$";
    size_t path_len = 1;
    if (*s == '$') {
        const char *e = path_end(s);
        if (e[0] == ':' && e[1] == ' ') {
            path = s;
            path_len = (size_t)(e - s);
            s = e + 2;
        }
    }
    add_owned(list, 0, NULL, line, column, copy_span(path, path_len), copy_span(s, strlen(s)));
}

void problems_add_script_message(problems *list, const char *file, const char *msg, size_t len, long fallback_line)
{
    /* the first ":<digits>: " */
    for (const char *p = msg; p < msg + len; p++) {
        if (*p != ':' || !isdigit((unsigned char)p[1]))
            continue;
        char *end = NULL;
        long line = strtol(p + 1, &end, 10);
        if (end < msg + len && end[0] == ':' && end[1] == ' ') {
            const char *text = end + 2;
            add_owned(list, 0, file ? copy_span(file, strlen(file)) : NULL, line, 0, NULL,
                      copy_span(text, len - (size_t)(text - msg)));
            return;
        }
    }
    const char *text = msg; /* after the first ": " */
    for (const char *p = msg; p + 1 < msg + len; p++)
        if (p[0] == ':' && p[1] == ' ') {
            text = p + 2;
            break;
        }
    add_owned(list, 0, file ? copy_span(file, strlen(file)) : NULL, fallback_line, 0, NULL,
              copy_span(text, len - (size_t)(text - msg)));
}

long last_return_line(const char *text, size_t len)
{
    long line = 1, found = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (len - j >= 6 && memcmp(text + j, "return", 6) == 0 &&
            (len - j == 6 || !(isalnum((unsigned char)text[j + 6]) || text[j + 6] == '_')))
            found = line;
        while (i < len && text[i] != '\n')
            i++;
        if (i < len) {
            i++;
            line++;
        }
    }
    return found ? found : 1;
}

void line_column(const char *text, size_t offset, long *line, long *column)
{
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            ++*line;
            *column = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            ++*column;
        }
    }
}
