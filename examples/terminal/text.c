/*
** text.c -- see text.h. Widths come from the C library's wcwidth() (the
** host sets a UTF-8 locale first); clusters and wrapping follow sdui's
** monospace measurer, so a text drawn here fills the frame the engine
** gave it.
*/
#define _XOPEN_SOURCE 700
#include "text.h"

#include <wchar.h>

/* Decodes one code point at text[at]; invalid bytes give U+FFFD, one byte long. */
static unsigned decode(const char *text, size_t len, size_t at, size_t *next)
{
    const unsigned char *s = (const unsigned char *)text + at;
    size_t left = len - at;
    unsigned c = s[0], cp;
    size_t n;
    if (c < 0x80) {
        *next = at + 1;
        return c;
    } else if (c >= 0xC2 && c < 0xE0) {
        n = 2, cp = c & 0x1F;
    } else if (c >= 0xE0 && c < 0xF0) {
        n = 3, cp = c & 0x0F;
    } else if (c >= 0xF0 && c < 0xF5) {
        n = 4, cp = c & 0x07;
    } else {
        *next = at + 1;
        return 0xFFFD;
    }
    if (left < n) {
        *next = at + 1;
        return 0xFFFD;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *next = at + 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp < 0xE000)) {
        *next = at + 1;
        return 0xFFFD;
    }
    *next = at + n;
    return cp;
}

static int is_control(unsigned cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
}

static int cp_width(unsigned cp)
{
    if (is_control(cp))
        return 0;
    int w = wcwidth((wchar_t)cp);
    return w < 0 ? 1 : w;
}

static int is_regional(unsigned cp)
{
    return cp >= 0x1F1E6 && cp <= 0x1F1FF;
}

size_t text_cluster(const char *text, size_t len, size_t at, cluster *out)
{
    size_t pos;
    unsigned first = decode(text, len, at, &pos);
    int width = cp_width(first), last_width = width;
    int after_joiner = first == 0x200D, pending_flag = is_regional(first);
    out->start = at;
    out->space = first == ' ';
    out->ncps = 0;
    if (!is_control(first))
        out->cps[out->ncps++] = first;
    while (pos < len) {
        size_t next;
        unsigned s = decode(text, len, pos, &next);
        int w = cp_width(s);
        if (s == 0xFE0F) {
            if (last_width == 1) {
                width += 1;
                last_width = 2;
            }
        } else if (after_joiner) {
            width += w;
            if (w > 0)
                last_width = w;
        } else if (pending_flag && is_regional(s)) {
            pending_flag = 0;
        } else if (w != 0 || is_control(s)) {
            break;
        }
        if (w > 0)
            pending_flag = 0;
        out->space = 0;
        after_joiner = s == 0x200D;
        if (out->ncps < 5 && !is_control(s))
            out->cps[out->ncps++] = s;
        pos = next;
    }
    out->end = pos;
    out->width = width;
    return pos;
}

int text_width(const char *text, size_t len)
{
    int w = 0;
    cluster c;
    for (size_t at = 0; at < len;) {
        at = text_cluster(text, len, at, &c);
        w += c.width;
    }
    return w;
}

typedef struct {
    void (*line)(const text_line *, void *);
    void *userdata;
    int count;
} emitter;

static void emit(emitter *em, size_t start, size_t end, int width)
{
    text_line l = {start, end, width};
    if (em->line != NULL)
        em->line(&l, em->userdata);
    em->count++;
}

/* One piece of text without a newline: [from, to) of text. */
static void wrap_piece(const char *text, size_t from, size_t to, int limit, emitter *em)
{
    int have_line = 0, emitted = 0;
    size_t line_start = from, line_end = from, spaces_start = from;
    int line_width = 0, spaces_width = 0;
    cluster c;
    size_t at = from;
    while (at < to) {
        at = text_cluster(text, to, at, &c);
        if (c.space) {
            if (spaces_width == 0)
                spaces_start = c.start;
            spaces_width += c.width;
            continue;
        }
        /* A word: the clusters up to the next space. */
        size_t word_start = c.start, word_end = c.end;
        int word_width = c.width;
        while (at < to) {
            cluster d;
            size_t next = text_cluster(text, to, at, &d);
            if (d.space)
                break;
            word_end = d.end;
            word_width += d.width;
            at = next;
        }
        if (have_line && line_width + spaces_width + word_width <= limit) {
            line_end = word_end;
            line_width += spaces_width + word_width;
        } else {
            if (have_line) {
                emit(em, line_start, line_end, line_width);
                emitted = 1;
            }
            int indent = !emitted && !have_line && spaces_width > 0;
            size_t start = indent ? spaces_start : word_start;
            int width = indent ? spaces_width + word_width : word_width;
            if (width <= limit) {
                line_start = start;
                line_end = word_end;
                line_width = width;
            } else {
                /* Too wide for any line: cut it at cell boundaries. */
                size_t part_start = start, p = start;
                int part_width = 0;
                while (p < word_end) {
                    cluster e;
                    size_t next = text_cluster(text, word_end, p, &e);
                    if (e.start > part_start && part_width + e.width > limit) {
                        emit(em, part_start, e.start, part_width);
                        emitted = 1;
                        part_start = e.start;
                        part_width = 0;
                    }
                    part_width += e.width;
                    p = next;
                }
                line_start = part_start;
                line_end = word_end;
                line_width = part_width;
            }
            have_line = 1;
        }
        spaces_width = 0;
    }
    if (have_line)
        emit(em, line_start, line_end, line_width);
    else if (!emitted)
        emit(em, from, from, 0);
}

int text_wrap(const char *text, size_t len, int max_width, void (*line)(const text_line *, void *), void *userdata)
{
    emitter em = {line, userdata, 0};
    int limit = max_width < 0 ? 0x7fffffff : max_width;
    size_t piece = 0;
    for (;;) {
        size_t end = piece;
        while (end < len && text[end] != '\n')
            end++;
        size_t content_end = end;
        if (content_end > piece && text[content_end - 1] == '\r')
            content_end--;
        wrap_piece(text, piece, content_end, limit, &em);
        if (end >= len)
            break;
        piece = end + 1;
    }
    return em.count;
}
