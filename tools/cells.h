/*
** cells.h -- monospace text metrics for the HTML preview.
**
** The preview draws text in a monospace font, so a text's size is a number
** of character cells by a number of lines. cells_measure() is an
** sdui_measure_fn that reports that size scaled to layout units:
** `unit_per_cell` units a cell across and `unit_per_line` units a line down
** (times the font's scale, see cells_font_scale()), so the layout can mix
** text with the point sizes scripts use for images, padding and spacing.
*/
#ifndef SDUI_TOOLS_CELLS_H
#define SDUI_TOOLS_CELLS_H

#include <stddef.h>

typedef struct {
    double unit_per_cell; /* layout units a cell is wide */
    double unit_per_line; /* layout units a line is high */
} cells_metrics;

/* Display cells of `len` bytes of UTF-8, as the engine counts them
** (sdui_text_cells): 2 for wide and emoji characters, 0 for marks. */
size_t cells_width(const char *text, size_t len);

/*
** Word-wraps `text` at `max_cells` (SIZE_MAX: unbounded) exactly as the
** layout wraps it (sdui_text_lines: break at spaces, a too-long word broken
** between clusters, "\n" ends a line) and stores the widest line in
** *widest; returns the number of lines (at least 1).
*/
size_t cells_wrap(const char *text, size_t len, size_t max_cells, size_t *widest);

/* The size factor of a named font: title 1.25, headline 1.125, caption 0.875... (1 when unknown or NULL). */
double cells_font_scale(const char *font);

/* An sdui_measure_fn; userdata is a cells_metrics. */
int cells_measure(const char *text, size_t len, const char *font, double max_width, double *width,
                  double *height, void *userdata);

#endif
