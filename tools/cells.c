/*
** cells.c -- monospace text metrics for the HTML preview (see cells.h).
**
** Widths follow the usual terminal conventions: one cell for most
** characters, two for East Asian wide/fullwidth characters and emoji
** presentation, none for combining marks, format characters and variation
** selectors (a variation selector 16 widens the character before it).
*/
#include "cells.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    uint32_t lo, hi;
} range;

/* Zero-width: combining marks, format characters, variation selectors. */
static const range zero_width[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A}, {0x064B, 0x065F},
    {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E}, {0x1160, 0x11FF}, {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF}, {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x2064}, {0x20D0, 0x20FF},
    {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0000, 0xE0FFF},
};

/* Two cells: East Asian Wide/Fullwidth blocks and default-emoji pictographs. */
static const range double_width[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},   {0x23F0, 0x23F0},
    {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},   {0x2648, 0x2653},   {0x267F, 0x267F},
    {0x2693, 0x2693},   {0x26A1, 0x26A1},   {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},
    {0x26CE, 0x26CE},   {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
    {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},   {0x2728, 0x2728},
    {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},   {0x2757, 0x2757},   {0x2795, 0x2797},
    {0x27B0, 0x27B0},   {0x27BF, 0x27BF},   {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},
    {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
    {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E},
    {0x1F191, 0x1F19A}, {0x1F200, 0x1F2FF}, {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB},
    {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x3FFFD},
};

static int in(const range *table, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < table[mid].lo)
            hi = mid;
        else if (cp > table[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

static int scalar_width(uint32_t cp)
{
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
        return 0;
    if (cp < 0x300)
        return 1;
    if (in(zero_width, sizeof zero_width / sizeof *zero_width, cp))
        return 0;
    if (in(double_width, sizeof double_width / sizeof *double_width, cp))
        return 2;
    return 1;
}

/* Decodes one code point at text[*i], advancing *i; a bad byte is one U+FFFD. */
static uint32_t next_scalar(const char *text, size_t len, size_t *i)
{
    const unsigned char *s = (const unsigned char *)text;
    unsigned char c = s[*i];
    size_t need;
    uint32_t cp;
    if (c < 0x80) {
        (*i)++;
        return c;
    } else if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        cp = c & 0x07;
    } else {
        (*i)++;
        return 0xFFFD;
    }
    if (len - *i <= need) {
        (*i)++;
        return 0xFFFD;
    }
    for (size_t k = 1; k <= need; k++) {
        if ((s[*i + k] & 0xC0) != 0x80) {
            (*i)++;
            return 0xFFFD;
        }
        cp = (cp << 6) | (s[*i + k] & 0x3F);
    }
    *i += need + 1;
    return cp;
}

/* Width of the cluster starting at text[*i] (a scalar and the zero-width ones after it). */
static size_t next_cluster(const char *text, size_t len, size_t *i)
{
    uint32_t cp = next_scalar(text, len, i);
    int w = scalar_width(cp);
    while (*i < len) {
        size_t j = *i;
        uint32_t more = next_scalar(text, len, &j);
        if (more == 0x200D && j < len) { /* a joiner: the next scalar joins this cluster */
            next_scalar(text, len, &j);
        } else if (scalar_width(more) != 0 || more < 0x20) {
            break;
        }
        if (more == 0xFE0F && w == 1)
            w = 2;
        *i = j;
    }
    return (size_t)w;
}

size_t cells_width(const char *text, size_t len)
{
    size_t cells = 0, i = 0;
    while (i < len)
        cells += next_cluster(text, len, &i);
    return cells;
}

/* Ends the current line: records its width and starts a new one. */
static void break_line(size_t *line, size_t *count, size_t *widest)
{
    if (*line > *widest)
        *widest = *line;
    (*count)++;
    *line = 0;
}

/* Wraps one line of text (no "\n"); adds its lines to *lines and widens *widest. */
static void wrap_piece(const char *text, size_t len, size_t max, size_t *lines, size_t *widest)
{
    size_t line = 0;   /* cells on the current line */
    size_t spaces = 0; /* spaces between the last word and the next */
    size_t count = 0;  /* lines finished */
    size_t i = 0;
    while (i < len && text[i] == ' ') { /* indentation stays on the first line */
        line++;
        i++;
    }
    while (i < len) {
        if (text[i] == ' ') {
            spaces++;
            i++;
            continue;
        }
        size_t start = i, word = 0;
        while (i < len && text[i] != ' ')
            word += next_cluster(text, len, &i);
        if (line > 0 && line + spaces + word <= max) {
            line += spaces + word;
        } else {
            if (line > 0)
                break_line(&line, &count, widest); /* the spaces at a break are dropped */
            if (word <= max) {
                line = word;
            } else {
                /* wider than a line: broken between clusters, at least one a line */
                for (size_t j = start; j < i;) {
                    size_t w = next_cluster(text, len, &j);
                    if (line > 0 && line + w > max)
                        break_line(&line, &count, widest);
                    line += w;
                }
            }
        }
        spaces = 0;
    }
    break_line(&line, &count, widest);
    *lines += count;
}

size_t cells_wrap(const char *text, size_t len, size_t max_cells, size_t *widest)
{
    size_t lines = 0, wide = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') {
            size_t end = i;
            if (end > start && text[end - 1] == '\r')
                end--;
            wrap_piece(text + start, end - start, max_cells, &lines, &wide);
            start = i + 1;
        }
    }
    if (widest != NULL)
        *widest = wide;
    return lines;
}

double cells_font_scale(const char *font)
{
    static const struct {
        const char *name;
        double scale;
    } fonts[] = {
        {"largeTitle", 1.5}, {"title", 1.25},   {"title2", 1.25},      {"title3", 1.125},
        {"headline", 1.125}, {"body", 1.0},     {"subheadline", 1.0},  {"callout", 1.0},
        {"caption", 0.875},  {"caption2", 0.875}, {"footnote", 0.875},
    };
    if (font == NULL)
        return 1.0;
    for (size_t i = 0; i < sizeof fonts / sizeof *fonts; i++)
        if (strcmp(font, fonts[i].name) == 0)
            return fonts[i].scale;
    return 1.0;
}

int cells_measure(const char *text, size_t len, const char *font, double max_width, double *width,
                  double *height, void *userdata)
{
    const cells_metrics *m = userdata;
    double scale = cells_font_scale(font);
    double cell = m->unit_per_cell * scale, row = m->unit_per_line * scale;
    size_t max = SIZE_MAX;
    if (max_width >= 0 && isfinite(max_width)) {
        double cells = floor(max_width / cell + 1e-9);
        max = cells < 1e15 ? (size_t)cells : SIZE_MAX;
    }
    size_t widest = 0;
    size_t lines = cells_wrap(text, len, max, &widest);
    *width = (double)widest * cell;
    *height = (double)lines * row;
    return 0; /* SDUI_OK */
}
