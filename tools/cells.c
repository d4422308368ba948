/*
** cells.c -- monospace text metrics for the HTML preview (see cells.h).
**
** The cells and the wrapping are the engine's own (sdui_text_cells,
** sdui_text_lines), so a text measured here wraps into the lines the
** layout counted; this file only adds the font scale and the conversion
** between cells and layout units.
*/
#include "cells.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sdui.h"

size_t cells_width(const char *text, size_t len)
{
    long long cells = sdui_text_cells(text, len);
    return cells > 0 ? (size_t)cells : 0;
}

size_t cells_wrap(const char *text, size_t len, size_t max_cells, size_t *widest)
{
    /* sdui_text_lines takes an int and reads <= 0 as "no limit": a limit of
    ** 0 cells wraps as 1 does (a cluster a line, the least a line takes),
    ** and one past INT_MAX as none (no line of a text that fits in memory
    ** is that wide in practice). */
    int max = max_cells == 0 ? 1 : max_cells > INT_MAX ? 0 : (int)max_cells;
    char *lines = NULL;
    size_t n = 0, count = 0, wide = 0;
    if (sdui_text_lines(text, len, max, &lines, &n) != SDUI_OK || lines == NULL) {
        count = 1; /* out of memory: the text unwrapped */
        wide = cells_width(text, len);
    } else {
        for (size_t start = 0;;) { /* the lines are joined by '\n' */
            const char *nl = memchr(lines + start, '\n', n - start);
            size_t end = nl != NULL ? (size_t)(nl - lines) : n;
            size_t w = cells_width(lines + start, end - start);
            if (w > wide)
                wide = w;
            count++;
            if (nl == NULL)
                break;
            start = end + 1;
        }
    }
    sdui_free(lines);
    if (widest != NULL)
        *widest = wide;
    return count;
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
    return SDUI_OK;
}
