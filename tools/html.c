/*
** html.c -- draws an sdui screen as one standalone HTML document.
**
** The page is a monospace grid: a layout unit is 1/unit_per_cell of a `ch`
** across and 1/unit_per_line of a line (LINE_EM em) down. With the
** proportional font (options->font, `sdui render --points`: the layout
** measured text with font_measure) it is an app's page instead: text in
** DejaVu Sans, a unit FONT_PX_PER_UNIT px each way, and every text drawn
** in the very lines font_wrap gives at its frame's width (white-space: pre,
** never wrapped by the browser; the lines past its height left out, the
** last one then ending in an ellipsis). Each component is
** a card holding its layout tree; every node is an absolutely positioned box
** at its frame, relative to its parent's frame, drawn by its kind with the
** content the render JSON gives it. Only inline CSS; no scripts.
**
** Controls: a button's tooltip is its title; a disabled button has the
** disabled attribute and aria-disabled (only aria-disabled on a button drawn
** as a group). A container or image with an action is a tap target:
** role="button", tabindex="0" and the action in data-action, as buttons
** carry it.
**
** Accessibility: a node's "accessibility" member gives its ARIA attributes:
** its role as role= (image as img, text none: plain text; it stands in for
** the role a tap target or a grouped button would get), its label as
** aria-label, its hint as aria-description. A decorative image (role none)
** has an empty alt.
*/
#include "html.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "json.h"
#include "sdui.h"

/* ------------------------------------------------------------------------
** The buffer.
*/

static int reserve(buf *b, size_t more)
{
    if (b->failed)
        return 0;
    if (b->len + more + 1 <= b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1) {
        if (cap > SIZE_MAX / 2) {
            b->failed = 1;
            return 0;
        }
        cap *= 2;
    }
    char *d = realloc(b->data, cap);
    if (d == NULL) {
        b->failed = 1;
        return 0;
    }
    b->data = d;
    b->cap = cap;
    return 1;
}

void buf_put(buf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void buf_num(buf *b, double v)
{
    if (!isfinite(v) || fabs(v) < 0.0005)
        v = 0;
    char s[64];
    snprintf(s, sizeof s, "%.3f", v);
    char *end = s + strlen(s);
    while (end > s && end[-1] == '0')
        end--;
    if (end > s && end[-1] == '.')
        end--;
    buf_put(b, s, (size_t)(end - s));
}

void buf_free(buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* ------------------------------------------------------------------------
** Escaping.
*/

/* Length of the valid UTF-8 sequence at s (1-4), or 0 when invalid. */
static size_t utf8_seq(const unsigned char *s, size_t len)
{
    unsigned char c = s[0];
    size_t need;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c >= 0xE0 && c <= 0xEF)
        need = 2;
    else if (c >= 0xF0 && c <= 0xF4)
        need = 3;
    else
        return 0;
    if (len <= need)
        return 0;
    for (size_t k = 1; k <= need; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    /* no overlong forms, surrogates or code points past U+10FFFF */
    if (c == 0xE0 && s[1] < 0xA0)
        return 0;
    if (c == 0xED && s[1] >= 0xA0)
        return 0;
    if (c == 0xF0 && s[1] < 0x90)
        return 0;
    if (c == 0xF4 && s[1] >= 0x90)
        return 0;
    return need + 1;
}

void html_escape(buf *b, const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0, run = 0; /* run: start of the bytes not yet copied */
    while (i < len) {
        const char *entity = NULL;
        size_t n = 1;
        switch (s[i]) {
        case '&': entity = "&amp;"; break;
        case '<': entity = "&lt;"; break;
        case '>': entity = "&gt;"; break;
        case '"': entity = "&quot;"; break;
        case '\'': entity = "&#39;"; break;
        case '\t': case '\n': case '\r': break;
        default:
            n = utf8_seq(s + i, len - i);
            if (n == 0 || s[i] < 0x20 || s[i] == 0x7F) {
                entity = "\xEF\xBF\xBD"; /* U+FFFD */
                n = 1;
            } else if (s[i] == 0xC2 && s[i + 1] < 0xA0) {
                entity = "\xEF\xBF\xBD"; /* C1 controls */
            }
            break;
        }
        if (entity != NULL) {
            buf_put(b, text + run, i - run);
            buf_puts(b, entity);
            i += n;
            run = i;
        } else {
            i += n;
        }
    }
    buf_put(b, text + run, len - run);
}

static void escape_str(buf *b, const char *s)
{
    if (s != NULL)
        html_escape(b, s, strlen(s));
}

/* Appends ` name="value"` with the n bytes of value escaped; nothing when value is NULL. */
static void put_attr(buf *b, const char *name, const char *value, size_t n)
{
    if (value == NULL)
        return;
    buf_puts(b, " ");
    buf_puts(b, name);
    buf_puts(b, "=\"");
    html_escape(b, value, n);
    buf_puts(b, "\"");
}

/* put_attr of a NUL-terminated value. */
static void put_attr_str(buf *b, const char *name, const char *value)
{
    put_attr(b, name, value, value != NULL ? strlen(value) : 0);
}

/* ------------------------------------------------------------------------
** The page.
*/

#define LINE_EM 1.25  /* line height, in em of the base font */
#define CARD_PAD_Y 0.6 /* card padding, em */
#define CARD_PAD_X 2.0 /* card padding, ch */
#define CARD_GAP 0.9   /* space between cards, em */

typedef struct {
    buf *out;
    const html_options *o;
} writer;

/* With the proportional font: the page's type, and texts drawn in the layout's lines. */
static const char STYLE_FONT[] =
    "body{font-family:\"DejaVu Sans\",\"Liberation Sans\",Arial,sans-serif;font-size:15px;line-height:1.2;"
    "font-kerning:none;font-variant-ligatures:none}\n"
    ".n-text,.n-fallback,.n-error{white-space:pre;overflow-x:visible;overflow-y:clip}\n"
    ".n-paragraph{white-space:pre-wrap;overflow-x:visible;overflow-y:clip}\n"
    ".n-button{overflow:visible}\n"
    ".lines{position:absolute}\n"
    ".n-image>img::after{font-family:\"DejaVu Sans\",sans-serif}\n";

static const char STYLE[] =
    "*{box-sizing:border-box}\n"
    "html{background:#e9ecf2}\n"
    /* 8px at the sides: 80 cells and the cards' padding fit 800px with a scrollbar */
    "body{margin:0;padding:20px 8px 40px;color:#1d2433;"
    "font-family:\"DejaVu Sans Mono\",\"Liberation Mono\",Menlo,Consolas,monospace;"
    "font-size:15px;line-height:1.25}\n"
    "button,input{font:inherit;color:inherit;margin:0}\n"
    /* their widths are the page's, in its unit: their own font is their children's, so a ch is the page's */
    "header.bar,aside.diagnostics{margin:0 auto 16px}\n"
    "header.bar>*,aside.diagnostics>*{font-family:\"DejaVu Sans\",Arial,sans-serif}\n"
    "header.bar h1{margin:0;font-size:22px;line-height:1.3}\n"
    "header.bar p{margin:2px 0 0;color:#5b6475;font-size:13px}\n"
    "main.page{position:relative;margin:0 auto}\n"
    /* what a view draws past its card's edge (a box wider than its parent) is cut there, as a screen's edge would */
    "section.card{position:absolute;left:0;overflow-x:clip;background:#fff;border-radius:10px;"
    "box-shadow:0 0 0 1px #d3d8e2,0 2px 6px rgba(20,30,60,.08)}\n"
    "section.card-fallback{box-shadow:0 0 0 2px #e0a23a}\n"
    "section.card-error{box-shadow:0 0 0 2px #d64545}\n"
    ".stage{position:relative}\n"
    ".n{position:absolute;overflow:visible}\n"
    ".f{display:block}\n"
    ".n-text,.n-fallback,.n-error{overflow:hidden;white-space:pre-wrap;overflow-wrap:anywhere}\n"
    ".n-paragraph .run{display:inline}\n"
    /* a rail scrolls sideways: its children past its edge are reached by scrolling it */
    ".n-rail{overflow-x:auto;overflow-y:hidden}\n"
    /* a divider: its line across the middle of its frame, grey unless it has a colour */
    ".n-divider{display:flex;align-items:center;color:#d0d5dd}\n"
    ".n-divider>hr{flex:1;margin:0;border:0;border-top:1px solid;color:inherit}\n"
    ".pager-dots{position:absolute;left:0;right:0;bottom:2px;text-align:center;line-height:0}\n"
    ".pager-dots>span{display:inline-block;width:7px;height:7px;margin:0 3px;border-radius:50%;background:#c4cad6}\n"
    ".pager-dots>span.on{background:#4a6cd4}\n"
    /* a font's colour gives way to the node's own (--node-color, set with color) */
    ".f-title,.f-largeTitle,.f-title2,.f-title3{font-weight:700;color:var(--node-color,#111827)}\n"
    ".f-headline{font-weight:700}\n"
    ".f-caption,.f-caption2,.f-footnote{color:var(--node-color,#667085)}\n"
    ".n-button{display:flex;align-items:center;justify-content:center;padding:0;white-space:nowrap;"
    "overflow:hidden;border:1px solid #8d9ab0;border-radius:6px;color:#17305e;cursor:pointer;"
    "background:linear-gradient(#ffffff,#e4e9f2);box-shadow:0 1px 1px rgba(20,30,60,.12)}\n"
    ".n-button>.f{font-size:.88em}\n"
    ".n-button-group{justify-content:flex-start}\n"
    ".n-button-symbol{color:#c27c0e}\n"
    ".n-button-symbol>.f{font-size:1.1em;font-weight:700}\n"
    ".n-button-icon{border-color:transparent;background:none;box-shadow:none}\n"
    ".n-button:disabled,.n-button[aria-disabled=true]{cursor:not-allowed;color:#98a2b3;border-color:#d0d5dd;"
    "background:#f2f4f7;box-shadow:none}\n"
    ".n-tap{cursor:pointer;border-radius:4px}\n"
    ".n-tap:hover,.n-tap:focus{outline:2px solid #9db6f0;outline-offset:1px}\n"
    ".n-image{overflow:hidden;display:flex;align-items:center;justify-content:center;text-align:center;"
    "border:1px solid #c4cad6;border-radius:4px;color:#5b6475;"
    "background:repeating-linear-gradient(135deg,#e3e7ee 0 8px,#edf0f5 8px 16px)}\n"
    ".n-image>.f{font-size:.8em;padding:0 .5ch;overflow-wrap:anywhere}\n"
    ".n-image>img{position:absolute;left:0;top:0;width:100%;height:100%;object-fit:cover;color:transparent}\n"
    /* an image that fails to load draws its ::after (Chromium, Firefox): the placeholder again */
    ".n-image>img::after{content:attr(alt);position:absolute;left:0;top:0;width:100%;height:100%;"
    "display:flex;align-items:center;justify-content:center;text-align:center;padding:0 .5ch;"
    "font:12px/1.25 \"DejaVu Sans Mono\",monospace;color:#5b6475;overflow-wrap:anywhere;"
    "background:repeating-linear-gradient(135deg,#e3e7ee 0 8px,#edf0f5 8px 16px)}\n"
    ".n-image>img[data-placeholder]::after{content:attr(data-placeholder)}\n"
    ".n-input{padding:0 .5ch;border:1px solid #8d9ab0;border-radius:4px;background:#fff}\n"
    ".n-input-multiline{resize:none;white-space:pre}\n"
    ".n-input[aria-invalid=true]{border-color:#d64545;outline:1px solid #d64545}\n"
    ".n-input-toggle,.n-input-choices{border:0;background:none;padding:0;white-space:nowrap}\n"
    ".n-input-choices>label{display:block;white-space:nowrap}\n"
    ".n-input-toggle>input,.n-input-choices input{margin:0 .5ch 0 0;vertical-align:middle}\n"
    ".n-fallback{background:#fff6e5;color:#8a4b00;outline:1px dashed #e0a23a}\n"
    ".n-error{background:#fdecec;color:#9b1c1c;outline:1px solid #d64545}\n"
    "aside.diagnostics{color:#3c4454}\n"
    "aside.diagnostics>*{font-size:13px}\n"
    "aside.diagnostics h2{font-size:15px;margin:0 0 4px}\n"
    "aside.diagnostics ul{margin:0;padding-left:20px}\n"
    "aside.diagnostics .d-error b{color:#b42318}\n"
    "aside.diagnostics .d-warning b{color:#b54708}\n"
    /* the dark appearance (--appearance dark): the preview's own colours; the nodes' come resolved */
    "html.dark{background:#0b0f17}\n"
    "html.dark body{color:#e5e7eb}\n"
    "html.dark header.bar p,html.dark aside.diagnostics{color:#9ca3af}\n"
    "html.dark section.card{background:#161b26;box-shadow:0 0 0 1px #2c3444,0 2px 6px rgba(0,0,0,.4)}\n"
    "html.dark .f-title,html.dark .f-largeTitle,html.dark .f-title2,html.dark .f-title3{color:var(--node-color,#f3f4f6)}\n"
    "html.dark .f-caption,html.dark .f-caption2,html.dark .f-footnote{color:var(--node-color,#9ca3af)}\n"
    "html.dark .n-button{border-color:#4b5563;color:#dbeafe;background:linear-gradient(#2b3342,#1f2633)}\n"
    "html.dark .n-input{background:#0f141d;border-color:#4b5563}\n";

/* A class-safe version of a name: [A-Za-z0-9_-] kept, the rest dropped. */
static void put_class_name(buf *b, const char *name)
{
    for (const char *p = name; p != NULL && *p; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')
            buf_put(b, &c, 1);
    }
}

/* A colour from a style: a few names, CSS names as written, or #hex; NULL when not safe to emit. */
static const char *css_color(const char *value, int background)
{
    static const struct {
        const char *name, *fg, *bg;
    } named[] = {
        {"accent", "#1d4ed8", "#e3ecff"},   {"primary", "#111827", "#e8ebf1"},
        {"secondary", "#5b6475", "#f2f4f7"}, {"success", "#067647", "#e3f7ec"},
        {"warning", "#b54708", "#fff4e0"},  {"danger", "#b42318", "#fdecec"},
        {"error", "#b42318", "#fdecec"},    {"muted", "#667085", "#f2f4f7"},
    };
    if (value == NULL || *value == '\0')
        return NULL;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (strcmp(value, named[i].name) == 0)
            return background ? named[i].bg : named[i].fg;
    size_t n = strlen(value);
    if (value[0] == '#') {
        if (n != 4 && n != 5 && n != 7 && n != 9)
            return NULL;
        for (size_t i = 1; i < n; i++) {
            char c = value[i];
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
                return NULL;
        }
        return value;
    }
    if (n > 30)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (!((value[i] >= 'a' && value[i] <= 'z') || (value[i] >= 'A' && value[i] <= 'Z')))
            return NULL;
    return value;
}

/* The "style" of a render node, and its font (a bare string is the font). */
static const char *node_font(const json *rnode)
{
    const json *style = json_get(rnode, "style");
    if (style != NULL && style->type == JSON_STRING)
        return style->string;
    return json_get_string(style, "font");
}

/* A length across in CSS: ch on the monospace grid, px with the proportional font. */
static void put_x(writer *w, double units)
{
    if (w->o->font != NULL) {
        buf_num(w->out, units * FONT_PX_PER_UNIT);
        buf_puts(w->out, "px");
        return;
    }
    buf_num(w->out, units / w->o->unit_per_cell);
    buf_puts(w->out, "ch");
}

/* A length down in CSS: em on the monospace grid, px with the proportional font. */
static void put_y(writer *w, double units)
{
    if (w->o->font != NULL) {
        buf_num(w->out, units * FONT_PX_PER_UNIT);
        buf_puts(w->out, "px");
        return;
    }
    buf_num(w->out, units / w->o->unit_per_line * LINE_EM);
    buf_puts(w->out, "em");
}

/* style="left;top;width;height;..." for a frame relative to its parent; `inset` px off each side across. */
static int safe_url(const char *url);

static void put_box_style(writer *w, const json *rnode, double x, double y, double width, double height,
                          int inset)
{
    buf *b = w->out;
    buf_puts(b, " style=\"left:");
    if (inset) {
        buf_puts(b, "calc(");
        put_x(w, x);
        buf_printf(b, " + %dpx)", inset);
    } else {
        put_x(w, x);
    }
    buf_puts(b, ";top:");
    put_y(w, y);
    buf_puts(b, ";width:");
    if (inset) {
        buf_puts(b, "calc(");
        put_x(w, width);
        buf_printf(b, " - %dpx)", 2 * inset);
    } else {
        put_x(w, width);
    }
    buf_puts(b, ";height:");
    put_y(w, height);
    buf_puts(b, ";");

    const json *style = json_get(rnode, "style");
    if (style != NULL && style->type == JSON_OBJECT) {
        const char *c;
        if ((c = css_color(json_get_string(style, "background"), 1)) != NULL)
            buf_printf(b, "background:%s;", c);
        if ((c = css_color(json_get_string(style, "color"), 0)) != NULL)
            buf_printf(b, "color:%s;--node-color:%s;", c, c);
        const char *weight = json_get_string(style, "fontWeight");
        if (weight != NULL) {
            if (strcmp(weight, "bold") == 0 || strcmp(weight, "heavy") == 0 || strcmp(weight, "black") == 0 ||
                strcmp(weight, "semibold") == 0)
                buf_puts(b, "font-weight:700;");
            else if (strcmp(weight, "regular") == 0 || strcmp(weight, "light") == 0)
                buf_puts(b, "font-weight:400;");
        }
        double radius = json_get_number(style, "cornerRadius", -1);
        if (radius > 0 && isfinite(radius)) {
            buf_puts(b, "border-radius:");
            put_x(w, radius);
            buf_puts(b, ";");
        }
        double border = json_get_number(style, "borderWidth", -1);
        if (border > 0 && isfinite(border)) {
            const char *bc = css_color(json_get_string(style, "borderColor"), 0);
            buf_puts(b, "box-sizing:border-box;border:");
            put_x(w, border);
            buf_printf(b, " solid %s;", bc != NULL ? bc : "#d0d5dd");
        }
        const char *bg = json_get_string(style, "backgroundImage");
        if (safe_url(bg) && strchr(bg, '\'') == NULL && strchr(bg, '"') == NULL && strchr(bg, ')') == NULL) {
            const char *fit = json_get_string(style, "backgroundFit");
            buf_puts(b, "background-image:url('");
            escape_str(b, bg);
            buf_printf(b, "');%s", fit != NULL && strcmp(fit, "repeat") == 0 ? "background-repeat:repeat;"
                                   : fit != NULL && strcmp(fit, "fill") == 0 ? "background-size:100% 100%;background-repeat:no-repeat;"
                                   : "background-size:cover;background-position:center;background-repeat:no-repeat;");
        }
        const char *align = json_get_string(style, "textAlignment");
        if (align != NULL && (strcmp(align, "center") == 0 || strcmp(align, "trailing") == 0))
            buf_puts(b, strcmp(align, "center") == 0 ? "text-align:center;" : "text-align:right;");
        double opacity = json_get_number(style, "opacity", -1);
        if (opacity >= 0 && opacity <= 1) {
            buf_puts(b, "opacity:");
            buf_num(b, opacity);
            buf_puts(b, ";");
        }
    }
    buf_puts(b, "\"");
}

/* The padding of a render node's style, in layout units: top, leading,
** bottom, trailing (0 where there is none); its border's width in *border. */
static void style_insets(const json *rnode, double inset[4], double *border_width)
{
    static const char *const edges[] = {"top", "leading", "bottom", "trailing"};
    const json *style = json_get(rnode, "style");
    const json *padding = json_get(style, "padding");
    double border = json_get_number(style, "borderWidth", 0);
    if (!(border > 0 && isfinite(border)))
        border = 0;
    for (int i = 0; i < 4; i++) {
        double v = padding != NULL && padding->type == JSON_NUMBER ? json_get_number(style, "padding", 0)
                                                                   : json_get_number(padding, edges[i], 0);
        inset[i] = v > 0 && isfinite(v) ? v : 0;
    }
    *border_width = border;
}

/* The lines of a text shown so far, while font_wrap gives them. */
typedef struct {
    buf *out;
    const char *text;
    size_t shown, room;
    int cut;
} shown_lines;

static void add_line(size_t start, size_t len, double width, void *userdata)
{
    (void)width;
    shown_lines *l = userdata;
    if (l->shown >= l->room) {
        l->cut = 1;
        return;
    }
    if (l->shown > 0)
        buf_put(l->out, "\n", 1);
    buf_put(l->out, l->text + start, len);
    l->shown++;
}

/* Into `out`: the text as the layout laid it out in a content box `width`
** by `height` units, with the proportional font: its lines joined by "\n",
** those past the height left out and the last one shown then ending in "…". */
static void layout_lines(writer *w, const char *font, const char *text, size_t len, double width, double height,
                         buf *out)
{
    double scale = w->o->scale_fonts ? cells_font_scale(font) : 1;
    double room = floor(height / (FONT_UNITS_PER_LINE * scale) + 1e-9);
    shown_lines l = {out, text, 0, room < 1 ? 1 : room > 1e6 ? 1000000 : (size_t)room, 0};
    font_wrap(w->o->font, text, len, width, scale, add_line, &l);
    if (l.cut)
        buf_puts(out, "\xe2\x80\xa6");
    if (out->data == NULL)
        buf_puts(out, "");
}

/* The inner text span, sized by its font: <span class="f f-FONT" style="font-size:..">text</span>. */
static void put_text_span(writer *w, const char *font, const char *text, size_t len)
{
    buf *b = w->out;
    buf_puts(b, "<span class=\"f");
    if (font != NULL) {
        buf_puts(b, " f-");
        put_class_name(b, font);
    }
    buf_puts(b, "\"");
    double scale = w->o->scale_fonts ? cells_font_scale(font) : 1.0;
    if (scale != 1.0) {
        buf_puts(b, " style=\"font-size:");
        buf_num(b, scale);
        buf_puts(b, "em\"");
    }
    buf_puts(b, ">");
    html_escape(b, text, len);
    buf_puts(b, "</span>");
}

/* An image URL that may go into src: http(s), data:image/, a local file (file: or a path) or relative. */
static int safe_url(const char *url)
{
    if (url == NULL || *url == '\0')
        return 0;
    if (strncmp(url, "https://", 8) == 0 || strncmp(url, "http://", 7) == 0 || strncmp(url, "data:image/", 11) == 0 ||
        strncmp(url, "file:///", 8) == 0)
        return 1;
    size_t scheme = strcspn(url, ":/?#");
    return url[scheme] != ':';
}

/* The render node among `children` with this id, trying index i first. */
static const json *match_child(const json *children, size_t i, const char *id)
{
    const json *c = json_at(children, i);
    const char *cid = json_get_string(c, "id");
    if (c != NULL && (id == NULL || (cid != NULL && strcmp(cid, id) == 0)))
        return c;
    if (id == NULL || children == NULL || children->type != JSON_ARRAY)
        return NULL;
    for (size_t k = 0; k < children->count; k++) {
        cid = json_get_string(&children->items[k], "id");
        if (cid != NULL && strcmp(cid, id) == 0)
            return &children->items[k];
    }
    return NULL;
}

static void put_node(writer *w, const json *lnode, const json *rnode, double px, double py, int root);

static void put_children(writer *w, const json *lnode, const json *rnode, double x, double y)
{
    const json *lchildren = json_get(lnode, "children");
    const json *rchildren = json_get(rnode, "children");
    if (lchildren == NULL || lchildren->type != JSON_ARRAY)
        return;
    for (size_t i = 0; i < lchildren->count; i++) {
        const json *lchild = &lchildren->items[i];
        put_node(w, lchild, match_child(rchildren, i, json_get_string(lchild, "id")), x, y, 0);
    }
}

/* The node's action, when it is an object, or NULL. */
static const json *node_action(const json *rnode)
{
    const json *action = json_get(rnode, "action");
    return action != NULL && action->type == JSON_OBJECT ? action : NULL;
}

/* The role of a node's "accessibility" member, or NULL. */
static const char *a11y_role(const json *rnode)
{
    return json_get_string(json_get(rnode, "accessibility"), "role");
}

/* A node's ARIA attributes from its "accessibility" member (README,
** "Accessibility"): role= when `role` and it gives one (ARIA's names: image
** is img; text, plain text, has none), aria-label, aria-description. */
static void put_a11y(buf *b, const json *rnode, int role)
{
    const json *a11y = json_get(rnode, "accessibility");
    if (a11y == NULL || a11y->type != JSON_OBJECT)
        return;
    const char *r = json_get_string(a11y, "role");
    if (role && r != NULL && strcmp(r, "text") != 0)
        put_attr_str(b, "role", strcmp(r, "image") == 0 ? "img" : r);
    const json *label = json_get(a11y, "label");
    if (label != NULL && label->type == JSON_STRING)
        put_attr(b, "aria-label", label->string, label->len);
    const json *hint = json_get(a11y, "hint");
    if (hint != NULL && hint->type == JSON_STRING)
        put_attr(b, "aria-description", hint->string, hint->len);
}

/* role= for a button made of children (a div): the role the layout gives
** it (`lnode`'s "role"), unless its "accessibility" member names one, which
** put_a11y writes. */
static void put_layout_role(buf *b, const json *rnode, const json *lnode)
{
    const char *role = json_get_string(lnode, "role");
    if (a11y_role(rnode) == NULL && role != NULL && strcmp(role, "text") != 0)
        put_attr_str(b, "role", strcmp(role, "image") == 0 ? "img" : role);
}

/* A tap target's attributes (a container or image with an action): what a
** button made of a div carries, role="button" (unless its "accessibility"
** member names a role, which put_a11y writes) and tabindex: an HTML
** element to activate, whatever a reader calls its content. */
static void put_tap(buf *b, const json *rnode, const json *action)
{
    if (action == NULL)
        return;
    buf_puts(b, a11y_role(rnode) != NULL ? " tabindex=\"0\"" : " role=\"button\" tabindex=\"0\"");
    put_attr(b, "data-action", action->raw, action->rawlen);
}

/* Common attributes: class, id/data-id, position. */
static void put_open(writer *w, const char *tag, const char *kind, const char *extra_class, const char *id,
                     int root)
{
    buf *b = w->out;
    buf_printf(b, "<%s class=\"n n-", tag);
    put_class_name(b, kind);
    if (extra_class != NULL)
        buf_printf(b, " %s", extra_class);
    buf_puts(b, "\"");
    if (id != NULL) {
        if (!root)
            put_attr_str(b, "id", id);
        put_attr_str(b, "data-id", id);
    }
}

/* An option's value is chosen: one of a choice's values (comma separated when multiple). */
static int is_chosen(const char *value, int multiple, const char *option)
{
    if (value == NULL || option == NULL)
        return 0;
    if (!multiple)
        return strcmp(value, option) == 0;
    size_t n = strlen(option);
    for (const char *p = value; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, option, n) == 0)
            return 1;
        if (end == NULL)
            break;
        p = end + 1;
    }
    return 0;
}

/* An input's validation error (its "error" member), as aria-invalid and a tooltip. */
static void put_error(buf *b, const json *rnode)
{
    const char *error = json_get_string(rnode, "error");
    if (error == NULL)
        return;
    buf_puts(b, " aria-invalid=\"true\"");
    put_attr_str(b, "title", error);
}

/* An input of each kind (README, "View nodes"): an <input> of the HTML type
** its kind and format say (text, email, tel, url, password, number with min
** and max, date, time), a <textarea> (multiline), a checkbox in a <label>
** (toggle), a <select> (a compact choice, `multiple` when it is) or a list
** of radio buttons or checkboxes in <label>s (an expanded choice). */
static void put_input(writer *w, const json *lnode, const json *rnode, const char *kind, const char *id, int root,
                      double rx, double ry, double width, double height)
{
    buf *b = w->out;
    const char *name = json_get_string(rnode, "name");
    const char *value = json_get_string(rnode, "value");
    const char *placeholder = json_get_string(rnode, "placeholder");
    const char *format = json_get_string(rnode, "format");
    const json *action = json_get(rnode, "action");
    const json *multiple_member = json_get(rnode, "multiple");
    int multiple = multiple_member != NULL && multiple_member->type == JSON_TRUE;
    int input = (int)json_get_number(lnode, "inputKind", SDUI_INPUT_UNKNOWN); /* the layout's sdui_input_kind */
    if (input == SDUI_INPUT_MULTILINE) {
        put_open(w, "textarea", kind, "n-input-multiline", id, root);
        put_error(b, rnode);
        put_a11y(b, rnode, 0);
        put_attr_str(b, "name", name);
        put_attr_str(b, "placeholder", placeholder);
    } else if (input == SDUI_INPUT_TOGGLE) {
        const char *title = json_get_string(rnode, "title");
        const char *on = json_get_string(rnode, "onValue");
        if (on == NULL)
            on = "true";
        put_open(w, "label", kind, "n-input-toggle", id, root);
        put_error(b, rnode);
        put_a11y(b, rnode, 0);
        if (action != NULL)
            put_attr(b, "data-action", action->raw, action->rawlen);
        put_box_style(w, rnode, rx, ry, width, height, 1);
        buf_puts(b, "><input type=\"checkbox\"");
        put_attr_str(b, "name", name);
        put_attr_str(b, "value", on);
        if (value != NULL && strcmp(value, on) == 0)
            buf_puts(b, " checked");
        buf_puts(b, "> ");
        escape_str(b, title != NULL ? title : name != NULL ? name : "");
        buf_puts(b, "</label>\n");
        return;
    } else if (input == SDUI_INPUT_CHOICE) {
        const char *display = json_get_string(rnode, "display");
        const json *options = json_get(rnode, "options");
        int expanded = display != NULL && strcmp(display, "expanded") == 0;
        put_open(w, expanded ? "div" : "select", kind, expanded ? "n-input-choices" : "n-input-select", id, root);
        put_error(b, rnode);
        put_a11y(b, rnode, 0);
        if (expanded)
            buf_puts(b, multiple ? " role=\"group\"" : " role=\"radiogroup\"");
        else {
            put_attr_str(b, "name", name);
            if (multiple)
                buf_puts(b, " multiple");
        }
        if (action != NULL)
            put_attr(b, "data-action", action->raw, action->rawlen);
        put_box_style(w, rnode, rx, ry, width, height, 1);
        buf_puts(b, ">");
        if (!expanded && !multiple && placeholder != NULL && (value == NULL || value[0] == '\0')) {
            buf_puts(b, "<option value=\"\" disabled selected>");
            escape_str(b, placeholder);
            buf_puts(b, "</option>");
        }
        for (size_t i = 0; i < json_count(options); i++) {
            const json *option = json_at(options, i);
            const char *title = json_get_string(option, "title");
            const char *ov = json_get_string(option, "value");
            int chosen = is_chosen(value, multiple, ov);
            if (expanded) {
                buf_printf(b, "<label><input type=\"%s\"", multiple ? "checkbox" : "radio");
                put_attr_str(b, "name", name);
                put_attr_str(b, "value", ov);
                buf_puts(b, chosen ? " checked> " : "> ");
                escape_str(b, title != NULL ? title : "");
                buf_puts(b, "</label>");
            } else {
                buf_puts(b, "<option");
                put_attr_str(b, "value", ov);
                buf_puts(b, chosen ? " selected>" : ">");
                escape_str(b, title != NULL ? title : "");
                buf_puts(b, "</option>");
            }
        }
        buf_puts(b, expanded ? "</div>\n" : "</select>\n");
        return;
    } else {
        const char *type = "text";
        if (input == SDUI_INPUT_NUMBER || input == SDUI_INPUT_DATE || input == SDUI_INPUT_TIME)
            type = input == SDUI_INPUT_NUMBER ? "number" : input == SDUI_INPUT_DATE ? "date" : "time";
        else if (format != NULL)
            type = format; /* email, tel, url, password: HTML's own names */
        put_open(w, "input", kind, NULL, id, root);
        put_error(b, rnode);
        put_a11y(b, rnode, 0);
        buf_printf(b, " type=\"%s\"", type);
        put_attr_str(b, "name", name);
        put_attr_str(b, "value", value);
        put_attr_str(b, "placeholder", placeholder);
        const json *min = json_get(rnode, "min"), *max = json_get(rnode, "max");
        if (min != NULL && min->type == JSON_NUMBER)
            put_attr(b, "min", min->raw, min->rawlen);
        if (max != NULL && max->type == JSON_NUMBER)
            put_attr(b, "max", max->raw, max->rawlen);
    }
    if (action != NULL)
        put_attr(b, "data-action", action->raw, action->rawlen);
    put_box_style(w, rnode, rx, ry, width, height, 1);
    buf_puts(b, ">");
    if (input == SDUI_INPUT_MULTILINE) {
        escape_str(b, value != NULL ? value : "");
        buf_puts(b, "</textarea>");
    }
    buf_puts(b, "\n");
}

static void put_node(writer *w, const json *lnode, const json *rnode, double px, double py, int root)
{
    buf *b = w->out;
    if (lnode == NULL || lnode->type != JSON_OBJECT)
        return;
    const json *frame = json_get(lnode, "frame");
    double x = json_get_number(frame, "x", 0), y = json_get_number(frame, "y", 0);
    double width = json_get_number(frame, "width", 0), height = json_get_number(frame, "height", 0);
    const char *id = json_get_string(lnode, "id");
    const char *kind = json_get_string(lnode, "type");
    if (kind == NULL)
        kind = json_get_string(rnode, "type");
    if (kind == NULL)
        kind = "unknown";
    const char *font = node_font(rnode);
    double rx = x - px, ry = y - py;

    if (strcmp(kind, "text") == 0 || strcmp(kind, "fallback") == 0 || strcmp(kind, "error") == 0) {
        const json *shown = json_get(lnode, "text"); /* as the layout measured it */
        const char *text = shown != NULL && shown->type == JSON_STRING ? shown->string : "";
        size_t len = shown != NULL && shown->type == JSON_STRING ? shown->len : 0;
        put_open(w, "div", kind, NULL, id, root);
        put_a11y(b, rnode, 1);
        if (strcmp(kind, "fallback") == 0)
            put_attr_str(b, "data-component-type", json_get_string(rnode, "componentType"));
        put_box_style(w, rnode, rx, ry, width, height, 0);
        buf_puts(b, ">");
        if (w->o->font != NULL) { /* its lines as the layout measured them, inside its padding */
            double inset[4], border;
            style_insets(rnode, inset, &border);
            double inner_width = width - inset[1] - inset[3] - 2 * border;
            buf lines = {0};
            layout_lines(w, font, text, len, inner_width, height - inset[0] - inset[2] - 2 * border, &lines);
            b->failed |= lines.failed;
            buf_puts(b, "<div class=\"lines\" style=\"left:"); /* inside the border already */
            put_x(w, inset[1]);
            buf_puts(b, ";top:");
            put_y(w, inset[0]);
            buf_puts(b, ";width:");
            put_x(w, inner_width > 0 ? inner_width : 0);
            buf_puts(b, "\">");
            put_text_span(w, font, lines.data != NULL ? lines.data : "", lines.len);
            buf_puts(b, "</div>");
            buf_free(&lines);
        } else {
            put_text_span(w, font, text, len);
        }
        buf_puts(b, "</div>\n");
        return;
    }

    if (strcmp(kind, "paragraph") == 0) { /* its runs, each a span with its own look; a run's action a link */
        put_open(w, "div", "text", "n-paragraph", id, root);
        put_a11y(b, rnode, 1);
        put_box_style(w, rnode, rx, ry, width, height, 0);
        buf_puts(b, "><span class=\"f");
        if (font != NULL) {
            buf_puts(b, " f-");
            put_class_name(b, font);
        }
        buf_puts(b, "\">");
        const json *runs = json_get(rnode, "runs");
        for (size_t i = 0; i < json_count(runs); i++) {
            const json *run = json_at(runs, i);
            const json *t = json_get(run, "text");
            if (t == NULL || t->type != JSON_STRING)
                continue;
            const json *action = json_get(run, "action");
            const char *weight = json_get_string(run, "weight");
            const char *color = css_color(json_get_string(run, "color"), 0);
            const char *highlight = css_color(json_get_string(run, "highlight"), 1);
            const json *it = json_get(run, "italic"), *un = json_get(run, "underline"), *st = json_get(run, "strikethrough");
            buf_puts(b, action != NULL ? "<a class=\"run\" href=\"#\"" : "<span class=\"run\"");
            if (action != NULL)
                put_attr(b, "data-action", action->raw, action->rawlen);
            buf_puts(b, " style=\"");
            if (weight != NULL && strcmp(weight, "regular") != 0 && strcmp(weight, "light") != 0)
                buf_puts(b, "font-weight:700;");
            if (it != NULL && it->type == JSON_TRUE)
                buf_puts(b, "font-style:italic;");
            int u = un != NULL && un->type == JSON_TRUE, s = st != NULL && st->type == JSON_TRUE;
            if (u || s)
                buf_printf(b, "text-decoration:%s%s%s;", u ? "underline" : "", u && s ? " " : "", s ? "line-through" : "");
            if (color != NULL)
                buf_printf(b, "color:%s;", color);
            if (highlight != NULL)
                buf_printf(b, "background:%s;", highlight);
            buf_puts(b, "\">");
            html_escape(b, t->string, t->len);
            buf_puts(b, action != NULL ? "</a>" : "</span>");
        }
        buf_puts(b, "</span></div>\n");
        return;
    }

    if (strcmp(kind, "button") == 0) {
        const json *label = json_get(rnode, "label");
        const json *action = json_get(rnode, "action");
        const json *tooltip = json_get(rnode, "tooltip");
        const json *disabled = json_get(rnode, "disabled");
        int off = disabled != NULL && disabled->type == JSON_TRUE;
        int labelled = label != NULL && label->type == JSON_STRING;
        const json *children = json_get(lnode, "children");
        int grouped = !labelled && children != NULL && children->type == JSON_ARRAY && children->count > 0;
        const char *tag = grouped ? "div" : "button";
        /* a one- or two-cell symbol (a star, a heart) has no room for a frame: an icon button */
        /* a label of one or two symbols (a star, a heart) is drawn larger; when the
        ** frame leaves no room around it, without a frame, as an icon */
        size_t label_cells = labelled ? cells_width(label->string, label->len) : 0;
        int symbol = labelled && label->len > 0 && label_cells <= 2;
        for (size_t k = 0; symbol && k < label->len; k++) {
            char c = label->string[k];
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
                symbol = 0;
        }
        double scale = w->o->scale_fonts ? cells_font_scale(font) : 1;
        int icon = symbol && width / w->o->unit_per_cell < (double)label_cells * scale + 1;
        const char *extra = grouped ? "n-button-group"
                            : icon  ? "n-button-symbol n-button-icon"
                            : symbol ? "n-button-symbol"
                                     : NULL;
        put_open(w, tag, kind, extra, id, root);
        if (!grouped) {
            buf_puts(b, off ? " type=\"button\" disabled aria-disabled=\"true\"" : " type=\"button\"");
        } else {
            put_layout_role(b, rnode, lnode);
            if (off)
                buf_puts(b, " aria-disabled=\"true\"");
        }
        put_a11y(b, rnode, 1);
        if (tooltip != NULL && tooltip->type == JSON_STRING)
            put_attr(b, "title", tooltip->string, tooltip->len);
        if (action != NULL)
            put_attr(b, "data-action", action->raw, action->rawlen);
        put_box_style(w, rnode, rx, ry, width, height, 1);
        buf_puts(b, ">");
        if (grouped) {
            buf_puts(b, "\n");
            put_children(w, lnode, rnode, x, y);
        } else {
            put_text_span(w, font, labelled ? label->string : "", labelled ? label->len : 0);
        }
        buf_printf(b, "</%s>\n", tag);
        return;
    }

    if (strcmp(kind, "image") == 0) {
        const char *url = json_get_string(rnode, "url");
        const char *shown = json_get_string(lnode, "text"); /* alt, else placeholder, else "image": the layout's */
        if (shown == NULL)
            shown = "";
        /* what stands in for the picture while it is missing or loading: its placeholder, else the layout's text */
        const char *placeholder = json_get_string(rnode, "placeholder");
        const char *standin = placeholder != NULL && placeholder[0] != '\0' ? placeholder : shown;
        const json *action = node_action(rnode);
        const char *role = json_get_string(lnode, "role");
        int decorative = role != NULL && strcmp(role, "none") == 0;
        put_open(w, "div", kind, action != NULL ? "n-tap" : NULL, id, root);
        put_tap(b, rnode, action);
        put_a11y(b, rnode, 1);
        put_attr_str(b, "data-url", url);
        put_box_style(w, rnode, rx, ry, width, height, 1);
        buf_puts(b, ">");
        put_text_span(w, font, standin, strlen(standin));
        if (safe_url(url)) {
            /* style.fit: contain (letterboxed), cover (the default here: cropped), fill (stretched) */
            const char *fit = json_get_string(json_get(rnode, "style"), "fit");
            buf_puts(b, "<img src=\"");
            escape_str(b, url);
            buf_puts(b, "\" alt=\"");
            escape_str(b, decorative ? "" : shown);
            if (strcmp(standin, shown) != 0) {
                buf_puts(b, "\" data-placeholder=\"");
                escape_str(b, standin);
            }
            if (fit != NULL && (strcmp(fit, "contain") == 0 || strcmp(fit, "fill") == 0))
                buf_printf(b, "\" style=\"object-fit:%s", fit);
            buf_puts(b, "\">");
        }
        buf_puts(b, "</div>\n");
        return;
    }

    if (strcmp(kind, "input") == 0) {
        put_input(w, lnode, rnode, kind, id, root, rx, ry, width, height);
        return;
    }

    if (strcmp(kind, "divider") == 0) { /* an <hr> across its frame's middle, `thickness` px (1 by default) */
        double thickness = json_get_number(rnode, "thickness", 1);
        put_open(w, "div", kind, NULL, id, root);
        put_a11y(b, rnode, 1);
        put_box_style(w, rnode, rx, ry, width, height, 0);
        buf_puts(b, "><hr style=\"border-top-width:");
        buf_num(b, isfinite(thickness) && thickness > 0 ? thickness : 0);
        buf_puts(b, "px\"></div>\n");
        return;
    }

    /* stacks, lists, spacers and kinds this preview does not know: a box with its children */
    const json *action = node_action(rnode);
    put_open(w, "div", kind, action != NULL ? "n-tap" : NULL, id, root);
    put_tap(b, rnode, action);
    put_a11y(b, rnode, 1);
    put_box_style(w, rnode, rx, ry, width, height, 0);
    buf_puts(b, ">");
    const json *children = json_get(lnode, "children");
    if (children != NULL && children->type == JSON_ARRAY && children->count > 0) {
        buf_puts(b, "\n");
        put_children(w, lnode, rnode, x, y);
    }
    if (strcmp(kind, "pager") == 0) { /* the page indicator: a dot a page, the shown one filled */
        const json *pages = json_get(rnode, "children");
        long n = (long)json_count(pages), page = (long)json_get_number(rnode, "page", 0);
        page = page < 0 ? 0 : page >= n ? n - 1 : page;
        buf_puts(b, "<div class=\"pager-dots\" aria-hidden=\"true\">");
        for (long i = 0; i < n; i++)
            buf_puts(b, i == page ? "<span class=\"on\"></span>" : "<span></span>");
        buf_puts(b, "</div>\n");
    }
    buf_puts(b, "</div>\n");
}

/* The render component with this id, trying index i first. */
static const json *find_component(const json *components, size_t i, const char *id)
{
    return id != NULL ? match_child(components, i, id) : NULL;
}

static void put_diagnostics(writer *w, const json *diagnostics, double page_width)
{
    buf *b = w->out;
    if (diagnostics == NULL || diagnostics->type != JSON_ARRAY || diagnostics->count == 0)
        return;
    buf_puts(b, "<aside class=\"diagnostics\" style=\"width:");
    put_x(w, page_width);
    buf_puts(b, "\">\n<h2>Diagnostics</h2>\n<ul>\n");
    for (size_t i = 0; i < diagnostics->count; i++) {
        const json *d = &diagnostics->items[i];
        const char *severity = json_get_string(d, "severity");
        const char *code = json_get_string(d, "code");
        const char *component = json_get_string(d, "component");
        const char *message = json_get_string(d, "message");
        buf_puts(b, "<li class=\"d-");
        put_class_name(b, severity ? severity : "note");
        buf_puts(b, "\"><b>");
        escape_str(b, severity ? severity : "note");
        buf_puts(b, "</b> <code>");
        escape_str(b, code ? code : "");
        buf_puts(b, "</code>");
        if (component != NULL) {
            buf_puts(b, " <a href=\"#");
            escape_str(b, component);
            buf_puts(b, "\">");
            escape_str(b, component);
            buf_puts(b, "</a>");
        }
        if (message != NULL) {
            buf_puts(b, ": ");
            escape_str(b, message);
        }
        buf_puts(b, "</li>\n");
    }
    buf_puts(b, "</ul>\n</aside>\n");
}

int html_page(const char *render, size_t render_len, const char *layout, size_t layout_len,
              const char *diagnostics, size_t diagnostics_len, const html_options *options, buf *out,
              char *err, size_t errlen)
{
    char why[256];
    json *screen = NULL, *laid = NULL, *diags = NULL;
    int rc = -1;

    if ((screen = json_parse(render, render_len, why, sizeof why)) == NULL) {
        snprintf(err, errlen, "render JSON: %s", why);
        goto done;
    }
    if ((laid = json_parse(layout, layout_len, why, sizeof why)) == NULL) {
        snprintf(err, errlen, "layout JSON: %s", why);
        goto done;
    }
    if (diagnostics != NULL && (diags = json_parse(diagnostics, diagnostics_len, why, sizeof why)) == NULL) {
        snprintf(err, errlen, "diagnostics JSON: %s", why);
        goto done;
    }
    const json *rcomponents = json_get(screen, "components");
    const json *lcomponents = json_get(laid, "components");
    if (screen->type != JSON_OBJECT || rcomponents == NULL || rcomponents->type != JSON_ARRAY) {
        snprintf(err, errlen, "render JSON: expected an object with a \"components\" array");
        goto done;
    }
    if (laid->type != JSON_OBJECT || lcomponents == NULL || lcomponents->type != JSON_ARRAY) {
        snprintf(err, errlen, "layout JSON: expected an object with a \"components\" array");
        goto done;
    }

    writer w = {out, options};
    const char *page_id = json_get_string(screen, "id");
    const json *version = json_get(screen, "version");
    double layout_width = json_get_number(laid, "width", 0);
    double layout_height = json_get_number(laid, "height", 0);
    /* the cards' padding and the gap between them, in layout units */
    double pad_x = CARD_PAD_X * options->unit_per_cell, pad_y = CARD_PAD_Y / LINE_EM * options->unit_per_line;
    double gap = CARD_GAP / LINE_EM * options->unit_per_line;
    double page_width = layout_width + 2 * pad_x;
    size_t n = lcomponents->count;
    double page_height = layout_height + (double)n * (2 * pad_y + gap);

    buf_puts(out, options->dark ? "<!DOCTYPE html>\n<html lang=\"en\" class=\"dark\">\n"
                                : "<!DOCTYPE html>\n<html lang=\"en\">\n");
    buf_puts(out, "<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<meta name=\"generator\" content=\"sdui render\">\n<title>");
    escape_str(out, page_id ? page_id : "sdui page");
    buf_puts(out, " \xE2\x80\x94 sdui preview</title>\n<style>\n");
    buf_puts(out, STYLE);
    if (options->font != NULL)
        buf_puts(out, STYLE_FONT);
    buf_puts(out, "</style>\n</head>\n<body>\n<header class=\"bar\" style=\"width:");
    put_x(&w, page_width);
    buf_puts(out, "\">\n<h1>");
    escape_str(out, page_id ? page_id : "sdui page");
    buf_puts(out, "</h1>\n<p>");
    /* The page's version as written: a whole number, or "MAJOR.MINOR[.PATCH]". */
    const char *version_text = json_get_string(screen, "version");
    if (version != NULL && version->type == JSON_NUMBER) {
        buf_puts(out, "version ");
        html_escape(out, version->raw, version->rawlen);
        buf_puts(out, " \xC2\xB7 ");
    } else if (version_text != NULL) {
        buf_puts(out, "version ");
        escape_str(out, version_text);
        buf_puts(out, " \xC2\xB7 ");
    }
    buf_printf(out, "%zu component%s \xC2\xB7 ", n, n == 1 ? "" : "s");
    buf_num(out, options->cells);
    buf_puts(out, " cells wide \xC2\xB7 sdui preview</p>\n</header>\n");

    buf_puts(out, "<main class=\"page\"");
    put_attr_str(out, "data-page", page_id);
    if (version != NULL && version->type == JSON_NUMBER)
        put_attr(out, "data-version", version->raw, version->rawlen);
    else if (version_text != NULL)
        put_attr_str(out, "data-version", version_text);
    buf_puts(out, " style=\"width:");
    put_x(&w, page_width);
    buf_puts(out, ";height:");
    put_y(&w, page_height);
    buf_puts(out, "\">\n");

    for (size_t i = 0; i < n; i++) {
        const json *lc = &lcomponents->items[i];
        const char *cid = json_get_string(lc, "id");
        const json *rc_ = find_component(rcomponents, i, cid);
        const char *type = json_get_string(rc_, "type");
        const json *lroot = json_get(lc, "root");
        const json *rroot = json_get(rc_, "view");
        const char *root_kind = json_get_string(lroot, "type");
        const json *frame = json_get(lroot, "frame");
        double root_y = json_get_number(frame, "y", 0);
        double height = json_get_number(frame, "height", 0);
        double top = json_get_number(lc, "y", 0) + (double)i * (2 * pad_y + gap);

        buf_puts(out, "<section class=\"card");
        if (root_kind != NULL && (strcmp(root_kind, "fallback") == 0 || strcmp(root_kind, "error") == 0)) {
            buf_puts(out, " card-");
            buf_puts(out, root_kind);
        }
        buf_puts(out, "\"");
        put_attr_str(out, "id", cid);
        put_attr_str(out, "data-id", cid);
        put_attr_str(out, "data-type", type);
        buf_puts(out, " data-y=\"");
        buf_num(out, json_get_number(lc, "y", 0));
        buf_puts(out, "\" style=\"top:");
        put_y(&w, top);
        buf_puts(out, ";width:");
        put_x(&w, page_width);
        buf_puts(out, ";padding:");
        put_y(&w, pad_y);
        buf_puts(out, " ");
        put_x(&w, pad_x);
        buf_puts(out, "\">\n<div class=\"stage\" style=\"height:");
        put_y(&w, height + root_y);
        buf_puts(out, "\">\n");
        put_node(&w, lroot, rroot, 0, 0, 1);
        buf_puts(out, "</div>\n</section>\n");
    }
    buf_puts(out, "</main>\n");
    put_diagnostics(&w, diags, page_width);
    buf_puts(out, "</body>\n</html>\n");

    if (out->failed) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    rc = 0;
done:
    json_free(screen);
    json_free(laid);
    json_free(diags);
    return rc;
}
