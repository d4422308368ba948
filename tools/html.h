/*
** html.h -- the HTML preview of the sdui CLI: an output buffer, an HTML
** escaper, and the page writer that draws a rendered, laid-out screen.
*/
#ifndef SDUI_TOOLS_HTML_H
#define SDUI_TOOLS_HTML_H

#include <stddef.h>

#include "font.h"

/* A growable byte buffer. Once an allocation fails, `failed` is set and every later append is ignored. */
typedef struct {
    char *data; /* NUL-terminated while non-NULL */
    size_t len, cap;
    int failed;
} buf;

void buf_put(buf *b, const char *s, size_t n);
void buf_puts(buf *b, const char *s);
void buf_printf(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends a number in CSS notation: at most 3 decimals, no trailing zeros, 0 for NaN/inf. */
void buf_num(buf *b, double v);
void buf_free(buf *b);

/*
** Appends `len` bytes of UTF-8 text escaped for HTML text and attribute
** values: & < > " ' become entities; invalid UTF-8 and control characters
** (other than tab and newline) become U+FFFD.
*/
void html_escape(buf *b, const char *text, size_t len);

typedef struct {
    double unit_per_cell; /* layout units per monospace cell across */
    double unit_per_line; /* layout units per line down */
    int scale_fonts;      /* named fonts change size (the preview's own measurer is in use) */
    double cells;         /* the page width in cells, for the header */
    /* The proportional font the layout measured text with (font_measure), or
    ** NULL: then the page is the monospace grid (lengths in ch and em);
    ** with it, lengths are FONT_PX_PER_UNIT px a unit and each text is
    ** drawn in the lines font_wrap gives at its frame's width. */
    const font_metrics *font;
    int dark;             /* the dark appearance: the preview's own page and cards dark too */
} html_options;

/*
** Writes a standalone HTML document for the screen: `render` is the text of
** sdui_render_json(), `layout` that of sdui_layout_json(), `diagnostics`
** that of sdui_diagnostics_json() (may be NULL). Returns 0, or -1 with a
** message in err (malformed input or out of memory).
*/
int html_page(const char *render, size_t render_len, const char *layout, size_t layout_len,
              const char *diagnostics, size_t diagnostics_len, const html_options *options, buf *out,
              char *err, size_t errlen);

#endif
