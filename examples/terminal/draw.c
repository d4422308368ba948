/*
** draw.c -- see draw.h. A node is drawn inside its frame and never past
** it: text re-wrapped at the frame's width (the same wrap the engine
** measured with), buttons as [label] (dimmed when disabled), images as a
** box (or [alt] when there is no room for one), inputs as [value___] (a
** toggle as "[x] title", an expanded choice as its option lines; in the
** error colour when invalid, its validation message, "! message", on the
** row under it: see draw_messages), fallback and error nodes in colour with a
** mark. Containers draw their background, then their children, which
** inherit it. Colours given as "#rgb" or "#rrggbb" (a theme's, resolved by
** the engine) are drawn in the nearest colour the terminal has: of the
** 256-colour palette when it has one, else of the eight basic colours. A
** tap target (a container or image with an action) has no
** chrome: focused, it is drawn in reverse video, its children with it. A
** rail shows its children scrolled sideways by the offset the model keeps
** for it, clipped to its frame, with ‹ (›) on its left (right) edge when
** more of them is past it.
*/
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define NCURSES_WIDECHAR 1

#include "draw.h"

#include <curses.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "sdui.h"
#include "text.h"

enum { PAIR_ACCENT = 1, PAIR_SURFACE, PAIR_WARN, PAIR_ERROR, PAIR_STATUS, PAIR_STATUS_WARN };

static int colors;
static short default_fg = -1, default_bg = -1; /* the terminal's own colours, when it lets us keep them */
/* The pairs made for "#rrggbb" colours so far, from PAIR_FIRST_MADE on. */
enum { PAIR_FIRST_MADE = PAIR_STATUS_WARN + 1, MADE_MAX = 64 };
static short made_fg[MADE_MAX], made_bg[MADE_MAX];
static int made;

void draw_init(void)
{
    if (!has_colors() || start_color() == ERR)
        return;
    short fg = -1, bg = -1;
    if (use_default_colors() == ERR)
        fg = COLOR_WHITE, bg = COLOR_BLACK;
    default_fg = fg, default_bg = bg;
    colors = 1;
    init_pair(PAIR_ACCENT, COLOR_WHITE, COLOR_BLUE);
    init_pair(PAIR_SURFACE, fg, COLORS >= 256 ? 236 : COLOR_BLACK);
    init_pair(PAIR_WARN, COLOR_YELLOW, bg);
    init_pair(PAIR_ERROR, COLOR_RED, bg);
    init_pair(PAIR_STATUS, COLOR_BLACK, COLOR_CYAN);
    init_pair(PAIR_STATUS_WARN, COLOR_WHITE, COLOR_RED);
}

/* The rectangle being redrawn: rows [r0, r1), columns [0, cols). */
/* What may be drawn: rows r0..r1-1, columns c0..cols-1 (a rail narrows the columns). */
typedef struct {
    int r0, r1, c0, cols;
} clip;

typedef struct {
    attr_t attr;
    short pair;
    short fg, bg; /* the colours of `pair` (-1: the terminal's own) */
} pen;

/* The value of hex digit `c`, or -1. */
static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The terminal's colour nearest "#rgb" or "#rrggbb": of the 256-colour
** palette's cube and grey ramp when it has them, else of the eight basic
** colours; -1 when `s` is no such colour (a name: drawn as before). */
static short hex_color(const char *s)
{
    size_t n = s != NULL ? strlen(s) : 0;
    if ((n != 4 && n != 7) || s[0] != '#')
        return -1;
    int rgb[3];
    for (int i = 0; i < 3; i++) {
        int hi = hex_digit(s[n == 4 ? 1 + i : 1 + 2 * i]), lo = hex_digit(s[n == 4 ? 1 + i : 2 + 2 * i]);
        if (hi < 0 || lo < 0)
            return -1;
        rgb[i] = hi * 16 + lo;
    }
    if (COLORS < 256) /* the eight: red, green and blue each on or off */
        return (short)((rgb[0] > 127) | (rgb[1] > 127) << 1 | (rgb[2] > 127) << 2);
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    int cube[3], cube_d = 0;
    for (int i = 0; i < 3; i++) {
        int best = 0;
        for (int l = 1; l < 6; l++)
            if (abs(level[l] - rgb[i]) < abs(level[best] - rgb[i]))
                best = l;
        cube[i] = best;
        cube_d += (level[best] - rgb[i]) * (level[best] - rgb[i]);
    }
    int grey = ((rgb[0] + rgb[1] + rgb[2]) / 3 - 8 + 5) / 10; /* ramp step: 8 + 10 * step */
    grey = grey < 0 ? 0 : grey > 23 ? 23 : grey;
    int g = 8 + 10 * grey, grey_d = 0;
    for (int i = 0; i < 3; i++)
        grey_d += (g - rgb[i]) * (g - rgb[i]);
    return (short)(grey_d < cube_d ? 232 + grey : 16 + 36 * cube[0] + 6 * cube[1] + cube[2]);
}

/* The colour pair of `fg` over `bg`, made on first use; 0 (the terminal's
** own colours) once the pairs run out. */
static short pair_of(short fg, short bg)
{
    for (int i = 0; i < made; i++)
        if (made_fg[i] == fg && made_bg[i] == bg)
            return (short)(PAIR_FIRST_MADE + i);
    if (made == MADE_MAX || PAIR_FIRST_MADE + made >= COLOR_PAIRS
        || init_pair((short)(PAIR_FIRST_MADE + made), fg, bg) == ERR)
        return 0;
    made_fg[made] = fg, made_bg[made] = bg;
    return (short)(PAIR_FIRST_MADE + made++);
}

/* Member `key` of `object`, for rewriting: the layout is the host's own tree. */
static json *member(json *object, const char *key)
{
    return (json *)json_get(object, key);
}

/* Cells from points, rounded to the nearest (0.5 up). */
static double cells(double points, double cell)
{
    return isfinite(points) ? floor(points / cell + 0.5) : 0;
}

/* A node's frame and its children's, in cells; `top` is its component's page y in points. */
static void node_in_cells(json *node, double top)
{
    json *frame = member(node, "frame");
    json *x = member(frame, "x"), *y = member(frame, "y"), *w = member(frame, "width"), *h = member(frame, "height");
    if (x != NULL && y != NULL && w != NULL && h != NULL && x->type == JSON_NUMBER && y->type == JSON_NUMBER &&
        w->type == JSON_NUMBER && h->type == JSON_NUMBER) {
        double left = cells(x->number, CELL_WIDTH_PT), right = cells(x->number + w->number, CELL_WIDTH_PT);
        double row = cells(top, CELL_HEIGHT_PT), upper = cells(top + y->number, CELL_HEIGHT_PT);
        double lower = cells(top + y->number + h->number, CELL_HEIGHT_PT);
        x->number = left;
        w->number = right - left;
        y->number = upper - row;
        h->number = lower - upper;
    }
    json *children = member(node, "children");
    for (size_t i = 0; children != NULL && children->type == JSON_ARRAY && i < children->count; i++)
        node_in_cells(&children->items[i], top);
}

void layout_in_cells(json *layout)
{
    json *components = member(layout, "components");
    for (size_t i = 0; components != NULL && components->type == JSON_ARRAY && i < components->count; i++) {
        json *component = &components->items[i];
        json *y = member(component, "y");
        if (y == NULL || y->type != JSON_NUMBER)
            continue;
        node_in_cells(member(component, "root"), y->number);
        y->number = cells(y->number, CELL_HEIGHT_PT);
    }
    json *w = member(layout, "width"), *h = member(layout, "height");
    if (w != NULL && w->type == JSON_NUMBER)
        w->number = cells(w->number, CELL_WIDTH_PT);
    if (h != NULL && h->type == JSON_NUMBER)
        h->number = cells(h->number, CELL_HEIGHT_PT);
}

int frame_cells(const json *object, const char *name, double otherwise)
{
    double v = json_get_number(object, name, otherwise);
    if (!isfinite(v))
        return 0;
    if (v > 1e6)
        return 1000000;
    if (v < -1e6)
        return -1000000;
    return (int)floor(v + 0.5);
}

/* Draws text[0, len) at (row, col), at most `cells` wide; returns the cells drawn. */
static int put_text(const clip *c, int row, int col, const char *text, size_t len, int cells, pen p)
{
    if (row < c->r0 || row >= c->r1)
        return 0;
    int x = col, limit = col + cells;
    cluster cl;
    for (size_t at = 0; at < len;) {
        at = text_cluster(text, len, at, &cl);
        if (cl.width == 0 || cl.ncps == 0)
            continue;
        if (x + cl.width > limit)
            break;
        if (x >= c->c0 && x + cl.width <= c->cols) {
            wchar_t w[6];
            for (int i = 0; i < cl.ncps; i++)
                w[i] = (wchar_t)cl.cps[i];
            w[cl.ncps] = L'\0';
            cchar_t cc;
            if (setcchar(&cc, w, p.attr, p.pair, NULL) == OK)
                mvadd_wch(row, x, &cc);
        }
        x += cl.width;
    }
    return x - col;
}

static void fill(const clip *c, int row, int col, int width, pen p, const char *glyph)
{
    for (int i = 0; i < width; i++)
        put_text(c, row, col + i, glyph, strlen(glyph), 1, p);
}

/* Draws `text` wrapped at `width` in `height` rows from (row, col), into
** the lines the layout counted (sdui_text_lines); an ellipsis ends the last
** row when the text goes on. `center` centres each line and the block;
** otherwise `align` places each line: 0 leading, 1 center, 2 trailing. */
static void put_wrapped_aligned(const clip *c, int row, int col, int width, int height, const char *text, pen p,
                                int center, int align)
{
    if (width <= 0 || height <= 0)
        return;
    char *lines = NULL;
    size_t n = 0;
    if (sdui_text_lines(text, strlen(text), width, &lines, &n) != SDUI_OK || lines == NULL)
        return;
    int total = 1; /* the lines come joined by '\n' */
    for (size_t i = 0; i < n; i++)
        total += lines[i] == '\n';
    int shown = total < height ? total : height;
    int top = center && total < height ? (height - total) / 2 : 0;
    const char *line = lines, *end = lines + n;
    for (int i = 0; i < shown; i++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = (size_t)((nl != NULL ? nl : end) - line);
        int more = i == shown - 1 && total > shown;
        long long cells = sdui_text_cells(line, len);
        int room = cells < width ? width - (int)cells : 0;
        int x = col + (center || align == 1 ? room / 2 : align == 2 ? room : 0);
        int drawn = put_text(c, row + top + i, x, line, len, more ? width - 1 : width, p);
        if (more)
            put_text(c, row + top + i, x + drawn, "\xe2\x80\xa6", 3, 1, p); /* … */
        line = nl != NULL ? nl + 1 : end;
    }
    sdui_free(lines);
}

static void put_wrapped(const clip *c, int row, int col, int width, int height, const char *text, pen p, int center)
{
    put_wrapped_aligned(c, row, col, width, height, text, p, center, 0);
}

static int is(const char *s, const char *t)
{
    return s != NULL && t != NULL && strcmp(s, t) == 0;
}

/* The pen of a node's content: its style over what it inherits. */
static pen styled(const content *k, pen p)
{
    if (k == NULL)
        return p;
    if (is(k->font, "largeTitle") || is(k->font, "title") || is(k->font, "headline"))
        p.attr |= A_BOLD;
    if (is(k->font, "largeTitle"))
        p.attr |= A_UNDERLINE;
    if (is(k->font, "caption") || is(k->font, "footnote") || is(k->color, "secondary"))
        p.attr |= A_DIM;
    if (is(k->weight, "bold") || is(k->weight, "semibold") || is(k->weight, "heavy") || is(k->weight, "black"))
        p.attr |= A_BOLD;
    short fg = colors ? hex_color(k->color) : -1;
    if (fg >= 0) {
        p.fg = fg;
        p.pair = pair_of(p.fg, p.bg);
    }
    return p;
}

/* [label] over the frame, one bracket each side on every row. */
static void put_bracketed(const clip *c, int row, int col, int width, int height, const char *label, pen p)
{
    for (int i = 0; i < height; i++) {
        fill(c, row + i, col, width, p, " ");
        put_text(c, row + i, col, "[", 1, width, p);
        if (width >= 2)
            put_text(c, row + i, col + width - 1, "]", 1, 1, p);
    }
    put_wrapped(c, row, col + 1, width - 2, height, label, p, 0);
}

static void put_box(const clip *c, int row, int col, int width, int height, const char *label, pen p)
{
    for (int i = 0; i < height; i++) {
        const char *l = i == 0 ? "\xe2\x94\x8c" : i == height - 1 ? "\xe2\x94\x94" : "\xe2\x94\x82";
        const char *r = i == 0 ? "\xe2\x94\x90" : i == height - 1 ? "\xe2\x94\x98" : "\xe2\x94\x82";
        const char *mid = i == 0 || i == height - 1 ? "\xe2\x94\x80" : " ";
        put_text(c, row + i, col, l, 3, 1, p);
        fill(c, row + i, col + 1, width - 2, p, mid);
        put_text(c, row + i, col + width - 1, r, 3, 1, p);
    }
    put_wrapped(c, row + 1, col + 1, width - 2, height - 2, label, p, 1);
}

/* The outline of a node with a border: box-drawing lines on its frame's edge cells. */
static void put_outline(const clip *c, int row, int col, int width, int height, pen p)
{
    if (width < 2 || height < 2)
        return;
    for (int i = 0; i < height; i++) {
        int edge = i == 0 || i == height - 1;
        const char *l = i == 0 ? "\xe2\x94\x8c" : i == height - 1 ? "\xe2\x94\x94" : "\xe2\x94\x82";
        const char *r = i == 0 ? "\xe2\x94\x90" : i == height - 1 ? "\xe2\x94\x98" : "\xe2\x94\x82";
        put_text(c, row + i, col, l, 3, 1, p);
        if (edge)
            fill(c, row + i, col + 1, width - 2, p, "\xe2\x94\x80");
        put_text(c, row + i, col + width - 1, r, 3, 1, p);
    }
}

int rail_extent(const json *rail)
{
    const json *frame = json_get(rail, "frame");
    const json *children = json_get(rail, "children");
    int left = frame_cells(frame, "x", 0), right = left;
    for (size_t i = 0; i < json_count(children); i++) {
        const json *f = json_get(json_at(children, i), "frame");
        int end = frame_cells(f, "x", 0) + frame_cells(f, "width", 0);
        if (end > right)
            right = end;
    }
    return right - left;
}

/*
** The validation messages of the inputs drawn so far in this component
** (the "error" member the engine sets after a failed press), drawn by
** draw_messages once the component's nodes are: each on the row under its
** field, from the field's left edge to the clip's right, in the error
** colour, over what the component drew in those cells (the layout keeps no row
** for it; a form's spacing leaves one). A message under the component's
** last row is not drawn: that row is another component's, and the status
** line has it.
*/
typedef struct {
    clip c;
    int row, col;
    const char *text; /* the model's: alive until the next model change */
    pen p;
} message;
enum { MESSAGES_MAX = 32 };
static message messages[MESSAGES_MAX];
static int nmessages;

static void note_message(const clip *c, int row, int col, const char *text, pen p)
{
    if (nmessages < MESSAGES_MAX)
        messages[nmessages++] = (message){*c, row, col, text, p};
}

/* Draws the messages noted, on rows before `bottom` (the component's end), and forgets them. */
static void draw_messages(int bottom)
{
    for (int i = 0; i < nmessages; i++) {
        message *m = &messages[i];
        if (m->row >= bottom)
            continue;
        pen q = m->p;
        q.attr = A_BOLD;
        if (colors)
            q.pair = PAIR_ERROR;
        size_t n = strlen(m->text);
        char *line = malloc(n + 3);
        if (line == NULL)
            continue;
        memcpy(line, "! ", 2);
        memcpy(line + 2, m->text, n + 1);
        put_text(&m->c, m->row, m->col, line, n + 2, m->c.cols - m->col, q);
        free(line);
    }
    nmessages = 0;
}

/* Draws a node at its frame moved `left` cells sideways (inside scrolled rails), `top` rows down. */
static void draw_node(const view *v, const clip *c, const json *node, int left, int top, pen p)
{
    const json *frame = json_get(node, "frame");
    const char *id = json_get_string(node, "id");
    const char *type = json_get_string(node, "type");
    if (frame == NULL || id == NULL || type == NULL)
        return;
    int x = left + frame_cells(frame, "x", 0), y = top + frame_cells(frame, "y", 0);
    int w = frame_cells(frame, "width", 0), h = frame_cells(frame, "height", 0);
    const content *k = model_get(id);
    /* what it shows, as the engine laid it out, and an input's kind */
    const char *text = json_get_string(node, "text");
    if (text == NULL)
        text = "";
    int kind = (int)json_get_number(node, "inputKind", SDUI_INPUT_UNKNOWN);
    p = styled(k, p);
    if (k != NULL && k->background != NULL && colors) {
        short bg = hex_color(k->background);
        if (bg >= 0) {
            p.bg = bg;
            p.pair = pair_of(p.fg, p.bg);
        } else if (is(k->background, "surface")) {
            p.pair = PAIR_SURFACE, p.fg = default_fg, p.bg = COLORS >= 256 ? 236 : COLOR_BLACK;
        } else {
            p.pair = PAIR_ACCENT, p.fg = COLOR_WHITE, p.bg = COLOR_BLUE;
        }
        for (int i = 0; i < h; i++)
            fill(c, y + i, x, w, p, " ");
    }
    if (k != NULL && k->action != NULL && is(id, v->focus) && !is(type, "button") && !is(type, "input")) {
        p.attr |= A_REVERSE; /* a focused tap target */
        for (int i = 0; i < h; i++)
            fill(c, y + i, x, w, p, " ");
    }
    if (k != NULL && k->border)
        put_outline(c, y, x, w, h, p);
    if (k != NULL && y < c->r1 && y + h > c->r0 && w > 0) {
        if (is(type, "text")) {
            put_wrapped_aligned(c, y, x, w, h, text, p, 0, k->align);
        } else if (is(type, "button")) {
            pen q = p;
            if (k->disabled)
                q.attr |= A_DIM;
            if (is(id, v->focus))
                q.attr |= k->disabled ? A_REVERSE : A_REVERSE | A_BOLD;
            put_bracketed(c, y, x, w, h, text, q);
        } else if (is(type, "image")) {
            pen q = p;
            q.attr |= A_DIM;
            if (h >= 3 && w >= 4)
                put_box(c, y, x, w, h, text, q);
            else
                put_bracketed(c, y, x, w, h, text, q);
        } else if (is(type, "input")) {
            pen q = p;
            int focused = is(id, v->focus);
            if (focused)
                q.attr |= A_BOLD;
            if (k->error != NULL && colors)
                q.pair = PAIR_ERROR; /* failed its validation */
            if (k->error != NULL)
                note_message(c, y + h, x, k->error, p); /* and says why under it */
            if (kind == SDUI_INPUT_TOGGLE || (kind == SDUI_INPUT_CHOICE && h > 1)) {
                /* "[x] title", or one "(•) option" line each: the text as the layout measured it */
                if (focused)
                    q.attr |= A_REVERSE;
                put_wrapped(c, y, x + 1, w - 2, h, text, q, 0);
            } else {
                q.attr |= A_UNDERLINE;
                for (int i = 0; i < h; i++) {
                    put_text(c, y + i, x, "[", 1, w, p);
                    fill(c, y + i, x + 1, w - 2, q, "_");
                    if (w >= 2)
                        put_text(c, y + i, x + w - 1, "]", 1, 1, p);
                }
                if (focused)
                    q.attr |= A_REVERSE;
                if (k->dim_text)
                    q.attr |= A_DIM;
                if (h > 1)
                    put_wrapped(c, y, x + 1, w - 2, h, text, q, 0); /* a multiline input's lines */
                else
                    put_text(c, y, x + 1, text, strlen(text), w - 2, q);
            }
        } else if (is(type, "divider")) { /* a row of ─ across its middle row, in its colour */
            fill(c, y + (h - 1) / 2, x, w, p, "\xe2\x94\x80");
        } else if (is(type, "fallback") || is(type, "error")) {
            pen q = p;
            q.pair = colors ? (is(type, "error") ? PAIR_ERROR : PAIR_WARN) : 0;
            q.attr |= A_BOLD;
            if (is(type, "fallback")) {
                /* The engine measured the text alone; the mark needs two more
                   cells. A fallback is its component's root, alone on its
                   rows, so it may take them up to the screen's edge. */
                size_t n = strlen(text);
                char *marked = malloc(n + 5);
                int room = is(id, k->component) && c->cols - x > w ? c->cols - x : w;
                if (marked != NULL) {
                    memcpy(marked, "\xe2\x9a\xa0 ", 4); /* "⚠ " */
                    memcpy(marked + 4, text, n + 1);
                    put_wrapped(c, y, x, room, h, marked, q, 0);
                    free(marked);
                }
            } else {
                put_wrapped(c, y, x, w, h, text, q, 0);
            }
        }
    }
    if (is(type, "pager") && w > 0 && h > 0) { /* the page indicator, over the page's bottom edge */
        const json *kids = json_get(node, "children");
        size_t n = json_count(kids);
        int shown = k != NULL ? k->page : 0;
        if (shown < 0)
            shown = 0;
        if ((size_t)shown >= n && n > 0)
            shown = (int)n - 1;
        int dots = (int)n * 2 - 1, col = x + (w > dots ? (w - dots) / 2 : 0);
        for (size_t i = 0; i < n && (int)(2 * i) < w; i++)
            put_text(c, y + h - 1, col + (int)(2 * i), (int)i == shown ? "\xe2\x97\x8f" : "\xe2\x97\x8b", 3, 1, p);
    }
    const json *children = json_get(node, "children");
    clip inside = *c; /* a rail's children past its edges are not drawn: it scrolls, the page does not */
    int offset = 0, extent = 0;
    if (is(type, "rail")) {
        inside.c0 = x > c->c0 ? x : c->c0;
        inside.cols = x + w < c->cols ? x + w : c->cols;
        extent = rail_extent(node);
        offset = model_rail_offset(id); /* how far it is scrolled: at most to its last child's end */
        if (offset > extent - w)
            offset = extent - w;
        if (offset < 0)
            offset = 0;
    }
    for (size_t i = 0; i < json_count(children); i++)
        draw_node(v, &inside, json_at(children, i), left - offset, top, p);
    if (is(type, "rail") && w >= 2 && h > 0) { /* a hint at each edge with more past it: ‹ › */
        pen q = p;
        q.attr |= A_BOLD;
        int row = y + (h - 1) / 2;
        if (offset > 0)
            put_text(&inside, row, x, "\xe2\x80\xb9", 3, 1, q);
        if (extent - offset > w)
            put_text(&inside, row, x + w - 1, "\xe2\x80\xba", 3, 1, q);
    }
}

int component_rows(const json *component, int *top, int *bottom)
{
    const json *root = json_get(component, "root");
    const json *frame = json_get(root, "frame");
    if (frame == NULL || json_get(component, "y") == NULL)
        return -1;
    double y = json_get_number(component, "y", 0);
    if (!isfinite(y) || fabs(y) > 1e8)
        return -1;
    *top = (int)floor(y + 0.5) + frame_cells(frame, "y", 0);
    *bottom = *top + frame_cells(frame, "height", 0);
    return 0;
}

void draw_rows(const view *v, int row0, int row1)
{
    if (row0 < 0)
        row0 = 0;
    if (row1 > v->rows)
        row1 = v->rows;
    if (row0 >= row1)
        return;
    for (int r = row0; r < row1; r++) {
        move(r, 0);
        clrtoeol();
    }
    clip c = {row0, row1, 0, v->cols};
    const json *components = json_get(v->layout, "components");
    for (size_t i = 0; i < json_count(components); i++) {
        const json *component = json_at(components, i);
        int top, bottom;
        if (component_rows(component, &top, &bottom) != 0)
            continue;
        top -= v->scroll;
        bottom -= v->scroll;
        if (bottom <= row0 || top >= row1)
            continue;
        pen p = {A_NORMAL, 0, default_fg, default_bg};
        double y = json_get_number(component, "y", 0);
        draw_node(v, &c, json_get(component, "root"), 0, (int)floor(y + 0.5) - v->scroll, p);
        draw_messages(bottom);
    }
}

void draw_status(int row, const char *text, int warn)
{
    int cols = COLS;
    clip c = {row, row + 1, 0, cols};
    pen p = {colors ? A_NORMAL : (warn ? A_BOLD : A_UNDERLINE), 0, -1, -1};
    if (colors)
        p.pair = warn ? PAIR_STATUS_WARN : PAIR_STATUS;
    fill(&c, row, 0, cols, p, " ");
    put_text(&c, row, 0, text, strlen(text), cols, p);
}
