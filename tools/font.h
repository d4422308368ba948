/*
** font.h -- proportional text metrics for the HTML preview: the advance
** widths of DejaVu Sans, read from its TrueType files, so the layout sizes
** text as the browser draws it.
**
** The preview (sdui render --points) draws text in DejaVu Sans at
** FONT_PX_BODY pixels (times a named font's scale, cells_font_scale()), one
** layout unit being FONT_PX_PER_UNIT pixels. A character's advance is the
** larger of the regular and the bold face's, because the measurer is not
** told a text's weight: bold text then fits the box it was measured for,
** and regular text leaves a little room. Kerning and ligatures are not
** counted (the preview turns them off). A character neither face has (CJK,
** emoji) is counted as its cells (sdui_text_cells) at FONT_UNITS_PER_CELL
** units a cell, a generous guess at the browser's fallback font.
**
** Lines are broken greedily at spaces, a word wider than a line between
** characters, and at "\n"; font_wrap() gives the lines, font_measure()
** their size, and the preview writes exactly those lines, so the browser
** never wraps a text the layout measured.
*/
#ifndef SDUI_TOOLS_FONT_H
#define SDUI_TOOLS_FONT_H

#include <stddef.h>
#include <stdint.h>

#define FONT_PX_BODY 15.0        /* the body text's size, px */
#define FONT_PX_PER_UNIT 1.125   /* px a layout unit */
#define FONT_UNITS_PER_CELL 8.0  /* a cell, for characters the fonts lack */
#define FONT_UNITS_PER_LINE 16.0 /* a line of body text: 18 px, 1.2 times the font's size */

typedef struct {
    /* The advance of each character of the Basic Multilingual Plane, in
    ** 1/64 px at FONT_PX_BODY; UINT16_MAX when neither face has it. */
    uint16_t advance[0x10000];
} font_metrics;

/*
** Reads DejaVu Sans and DejaVu Sans Bold from `dir` (NULL: the usual
** folders, /usr/share/fonts/truetype/dejavu first). Returns a malloc'd
** metrics (free() it), or NULL when a face is missing or not a TrueType
** file it can read.
*/
font_metrics *font_load(const char *dir);

/* The metrics of a TrueType file's bytes merged into `m` (the larger
** advance wins); `px` the font size. 0, or -1 when the file is malformed. */
int font_merge_ttf(font_metrics *m, const unsigned char *data, size_t len, double px);

/* The width of len bytes of UTF-8 on one line in layout units, at `scale` times the body size. */
double font_width(const font_metrics *m, const char *text, size_t len, double scale);

/*
** Calls `line(start, len, width, userdata)` for each line of `text` wrapped
** at `max_width` layout units (< 0 or infinite: unbounded) at `scale`:
** offsets into text, a line's trailing spaces left out, its width in units.
** Returns the number of lines (at least 1).
*/
size_t font_wrap(const font_metrics *m, const char *text, size_t len, double max_width, double scale,
                 void (*line)(size_t start, size_t len, double width, void *userdata), void *userdata);

/* An sdui_measure_fn; userdata is a font_metrics. Widths are rounded up to whole units. */
int font_measure(const char *text, size_t len, const char *font, double max_width, double *width,
                 double *height, void *userdata);

#endif
