/*
** font.c -- see font.h. A TrueType file is read only as far as the advance
** widths go: the table directory, `head` (units per em), `hhea` (how many
** glyphs have their own advance), `hmtx` (the advances) and `cmap` (a
** Unicode subtable of format 4: characters to glyphs). Every offset is
** checked against the file's length.
*/
#include "font.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "files.h"
#include "sdui.h"

static unsigned u16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static uint32_t u32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The table `tag`: its offset and length, checked against the file. 0, or -1 when absent or out of bounds. */
static int find_table(const unsigned char *data, size_t len, const char *tag, size_t *offset, size_t *size)
{
    if (len < 12)
        return -1;
    unsigned n = u16(data + 4);
    if (12 + (size_t)n * 16 > len)
        return -1;
    for (unsigned i = 0; i < n; i++) {
        const unsigned char *r = data + 12 + (size_t)i * 16;
        if (memcmp(r, tag, 4) != 0)
            continue;
        size_t off = u32(r + 8), sz = u32(r + 12);
        if (off > len || sz > len - off)
            return -1;
        *offset = off;
        *size = sz;
        return 0;
    }
    return -1;
}

int font_merge_ttf(font_metrics *m, const unsigned char *data, size_t len, double px)
{
    size_t head, head_len, hhea, hhea_len, hmtx, hmtx_len, cmap, cmap_len;
    if (find_table(data, len, "head", &head, &head_len) != 0 || head_len < 54 ||
        find_table(data, len, "hhea", &hhea, &hhea_len) != 0 || hhea_len < 36 ||
        find_table(data, len, "hmtx", &hmtx, &hmtx_len) != 0 ||
        find_table(data, len, "cmap", &cmap, &cmap_len) != 0 || cmap_len < 4)
        return -1;
    unsigned per_em = u16(data + head + 18);
    unsigned metrics = u16(data + hhea + 34);
    if (per_em == 0 || metrics == 0 || (size_t)metrics * 4 > hmtx_len)
        return -1;
    /* A Unicode subtable of format 4: Windows Unicode BMP (3, 1), else Unicode (0, x). */
    const unsigned char *c = data + cmap;
    unsigned subtables = u16(c + 2);
    if (4 + (size_t)subtables * 8 > cmap_len)
        return -1;
    size_t sub = 0;
    for (unsigned i = 0; i < subtables; i++) {
        const unsigned char *r = c + 4 + (size_t)i * 8;
        unsigned platform = u16(r), encoding = u16(r + 2);
        size_t off = u32(r + 4);
        if (off + 4 > cmap_len || u16(c + off) != 4)
            continue;
        if ((platform == 3 && encoding == 1) || (platform == 0 && sub == 0))
            sub = off;
    }
    if (sub == 0)
        return -1;
    const unsigned char *t = c + sub;
    size_t t_len = cmap_len - sub; /* its own 16-bit length wraps in large fonts: bounded by cmap's */
    if (t_len < 16)
        return -1;
    unsigned segments = u16(t + 6) / 2;
    if (16 + (size_t)segments * 8 > t_len)
        return -1;
    const unsigned char *ends = t + 14, *starts = ends + segments * 2 + 2, *deltas = starts + segments * 2,
                        *ranges = deltas + segments * 2;
    double scale = px * 64.0 / per_em;
    for (unsigned s = 0; s < segments; s++) {
        unsigned end = u16(ends + s * 2), start = u16(starts + s * 2);
        unsigned delta = u16(deltas + s * 2), range = u16(ranges + s * 2);
        for (unsigned ch = start; ch <= end && ch < 0xFFFF; ch++) {
            unsigned glyph;
            if (range == 0) {
                glyph = (ch + delta) & 0xFFFF;
            } else {
                /* idRangeOffset counts bytes from its own place to the glyph index */
                size_t at = (size_t)(ranges + s * 2 - t) + range + (size_t)(ch - start) * 2;
                if (at + 2 > t_len)
                    break;
                glyph = u16(t + at);
                if (glyph != 0)
                    glyph = (glyph + delta) & 0xFFFF;
            }
            if (glyph == 0)
                continue; /* not in the font */
            unsigned advance = u16(data + hmtx + (size_t)(glyph < metrics ? glyph : metrics - 1) * 4);
            double v = ceil(advance * scale);
            uint16_t a = v >= UINT16_MAX ? UINT16_MAX - 1 : (uint16_t)v;
            if (m->advance[ch] == UINT16_MAX || a > m->advance[ch])
                m->advance[ch] = a;
        }
    }
    return 0;
}

/* Merges the face in `path`; 0 or -1. */
static int merge_file(font_metrics *m, const char *path)
{
    size_t len = 0;
    char *data = read_file(path, &len);
    if (data == NULL)
        return -1;
    int rc = font_merge_ttf(m, (const unsigned char *)data, len, FONT_PX_BODY);
    free(data);
    return rc;
}

font_metrics *font_load(const char *dir)
{
    static const char *const dirs[] = {
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
        "/usr/local/share/fonts/dejavu",
    };
    static const char *const faces[] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"};
    font_metrics *m = malloc(sizeof *m);
    if (m == NULL)
        return NULL;
    size_t ndirs = dir != NULL ? 1 : sizeof dirs / sizeof *dirs;
    for (size_t d = 0; d < ndirs; d++) {
        memset(m->advance, 0xFF, sizeof m->advance);
        int ok = 1;
        for (size_t f = 0; f < sizeof faces / sizeof *faces && ok; f++) {
            char path[4096];
            int n = snprintf(path, sizeof path, "%s/%s", dir != NULL ? dir : dirs[d], faces[f]);
            ok = n > 0 && (size_t)n < sizeof path && merge_file(m, path) == 0;
        }
        if (ok)
            return m;
    }
    free(m);
    return NULL;
}

/* The code point at text[*at] (U+FFFD for a bad byte), moving *at past it. */
static unsigned next_char(const char *text, size_t len, size_t *at)
{
    const unsigned char *s = (const unsigned char *)text + *at;
    size_t left = len - *at;
    unsigned c = s[0], need = c < 0x80 ? 0 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 4;
    if (need == 4 || need >= left) {
        *at += 1;
        return c < 0x80 ? c : 0xFFFD;
    }
    unsigned cp = need == 0 ? c : c & (0x3F >> need);
    for (unsigned k = 1; k <= need; k++) {
        if ((s[k] & 0xC0) != 0x80) {
            *at += 1;
            return 0xFFFD;
        }
        cp = cp << 6 | (s[k] & 0x3F);
    }
    *at += need + 1;
    return cp;
}

/* The advance of the character in text[start, end) at `scale`, in units. */
static double advance(const font_metrics *m, unsigned cp, const char *text, size_t start, size_t end, double scale)
{
    if (cp < 0x10000 && m->advance[cp] != UINT16_MAX)
        return m->advance[cp] / 64.0 / FONT_PX_PER_UNIT * scale;
    return (double)cells_width(text + start, end - start) * FONT_UNITS_PER_CELL * scale;
}

double font_width(const font_metrics *m, const char *text, size_t len, double scale)
{
    double w = 0;
    for (size_t at = 0; at < len;) {
        size_t start = at;
        unsigned cp = next_char(text, len, &at);
        w += advance(m, cp, text, start, at, scale);
    }
    return w;
}

size_t font_wrap(const font_metrics *m, const char *text, size_t len, double max_width, double scale,
                 void (*line)(size_t start, size_t len, double width, void *userdata), void *userdata)
{
    int bounded = max_width >= 0 && isfinite(max_width);
    size_t lines = 0;
    size_t at = 0;
    for (;;) { /* one paragraph (up to a "\n") a turn */
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;
        size_t start = at; /* the line's start */
        double width = 0;  /* up to `kept`, the end of its last word */
        size_t kept = at;
        double gap = 0; /* the spaces after `kept` */
        size_t i = at;
        while (i < end) {
            if (text[i] == ' ') {
                gap += advance(m, ' ', text, i, i + 1, scale);
                i++;
                continue;
            }
            /* a word: [i, j) */
            size_t j = i;
            double word = 0;
            while (j < end && text[j] != ' ') {
                size_t k = j;
                unsigned cp = next_char(text, end, &j);
                word += advance(m, cp, text, k, j, scale);
            }
            if (kept > start && bounded && width + gap + word > max_width + 1e-9) {
                line(start, kept - start, width, userdata); /* the word starts the next line */
                lines++;
                start = kept = i;
                width = 0;
                gap = 0;
            }
            if (bounded && gap + word > max_width + 1e-9 && kept == start) {
                /* too wide for a line of its own: broken between characters */
                width += gap;
                for (size_t k = i; k < j;) {
                    size_t c0 = k;
                    unsigned cp = next_char(text, j, &k);
                    double a = advance(m, cp, text, c0, k, scale);
                    if (c0 > start && width + a > max_width + 1e-9) {
                        line(start, c0 - start, width, userdata);
                        lines++;
                        start = c0;
                        width = 0;
                    }
                    width += a;
                }
            } else {
                width += gap + word;
            }
            gap = 0;
            kept = j;
            i = j;
        }
        /* the paragraph's last line (spaces at its end left out, unless it is all spaces) */
        if (kept == start && gap > 0)
            line(start, end - start, gap, userdata);
        else
            line(start, kept - start, width, userdata);
        lines++;
        if (nl == NULL)
            break;
        at = end + 1;
    }
    return lines;
}

typedef struct {
    double widest;
} measured;

static void widest_line(size_t start, size_t len, double width, void *userdata)
{
    (void)start;
    (void)len;
    measured *m = userdata;
    if (width > m->widest)
        m->widest = width;
}

int font_measure(const char *text, size_t len, const char *font, double max_width, double *width,
                 double *height, void *userdata)
{
    const font_metrics *m = userdata;
    double scale = cells_font_scale(font);
    measured out = {0};
    size_t lines = font_wrap(m, text, len, max_width, scale, widest_line, &out);
    *width = ceil(out.widest - 1e-9);
    *height = (double)lines * FONT_UNITS_PER_LINE * scale;
    return SDUI_OK;
}
