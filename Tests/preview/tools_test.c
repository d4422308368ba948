/*
** tools_test.c -- unit tests of the CLI's helpers (tools/html.c,
** tools/cells.c) and of the JSON reader the C hosts share
** (examples/common/json.c): the reader on good and malformed input, the
** HTML escaper, cell widths and word wrapping (which must be the engine's:
** sdui_text_cells, sdui_text_lines), and html_page on bad documents;
** the proportional font's metrics (tools/font.c: DejaVu Sans, the larger of
** its regular and bold advances, the lines it wraps) and a page drawn with
** them (px, the text in the layout's lines).
** Prints "tools: N passed, M failed"; exits non-zero on failure.
*/
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "files.h"
#include "font.h"
#include "html.h"
#include "json.h"
#include "sdui.h"

static int passed, failed;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (cond) {                                                        \
            passed++;                                                      \
        } else {                                                           \
            failed++;                                                      \
            fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                  \
    } while (0)

static json *parse(const char *text, char *err, size_t errlen)
{
    return json_parse(text, strlen(text), err, errlen);
}

static void test_json_good(void)
{
    char err[128];
    json *v = parse(" {\"a\": [1, -2.5e2, true, false, null], \"s\": \"x\\u00e9\\ud83c\\udfac\\n\\\"\", \"o\": {}} ",
                    err, sizeof err);
    CHECK(v != NULL && v->type == JSON_OBJECT && v->count == 3);
    const json *a = json_get(v, "a");
    CHECK(a != NULL && a->type == JSON_ARRAY && a->count == 5);
    CHECK(json_at(a, 0)->number == 1 && json_at(a, 1)->number == -250);
    CHECK(json_at(a, 2)->type == JSON_TRUE && json_at(a, 3)->type == JSON_FALSE && json_at(a, 4)->type == JSON_NULL);
    CHECK(json_at(a, 5) == NULL);
    CHECK(json_count(a) == 5 && json_count(v) == 3 && json_count(json_at(a, 0)) == 0 && json_count(NULL) == 0);
    CHECK(json_at(v, 0) == a && json_at(NULL, 0) == NULL);
    const char *s = json_get_string(v, "s");
    CHECK(s != NULL && strcmp(s, "x\xC3\xA9\xF0\x9F\x8E\xAC\n\"") == 0);
    const json *o = json_get(v, "o");
    CHECK(o != NULL && o->type == JSON_OBJECT && o->count == 0 && o->rawlen == 2 && memcmp(o->raw, "{}", 2) == 0);
    CHECK(a->rawlen == strlen("[1, -2.5e2, true, false, null]"));
    CHECK(json_get(v, "missing") == NULL && json_get_number(v, "missing", 7) == 7);
    json_free(v);

    /* not NUL-terminated: the parser stops at len */
    const char buf[] = {'[', '1', ']', 'x'};
    v = json_parse(buf, 3, err, sizeof err);
    CHECK(v != NULL && v->count == 1);
    json_free(v);

    v = parse("\"a\\u0000b\"", err, sizeof err);
    CHECK(v != NULL && v->len == 3 && v->string[1] == '\0');
    json_free(v);

    /* a repeated member: the last one counts */
    v = parse("{\"k\": 1, \"k\": 2}", err, sizeof err);
    CHECK(v != NULL && json_get_number(v, "k", 0) == 2);
    json_free(v);

    /* numbers do not depend on the C locale's decimal point */
    static const char *comma[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"};
    for (size_t i = 0; i < sizeof comma / sizeof *comma; i++) {
        if (setlocale(LC_NUMERIC, comma[i]) == NULL)
            continue;
        v = parse("[1.5, -2.25e1]", err, sizeof err);
        CHECK(v != NULL && json_at(v, 0)->number == 1.5 && json_at(v, 1)->number == -22.5);
        json_free(v);
        setlocale(LC_NUMERIC, "C");
        break;
    }
}

static void test_json_bad(void)
{
    static const char *bad[] = {
        "",           "   ",        "{",           "[1,]",          "{\"a\" 1}",   "{\"a\":1,}",   "[1 2]",
        "tru",        "nul",        "01",          "1.",            "-",           "1e",           "\"abc",
        "\"\\x\"",    "\"\\u12\"",  "\"\\ud800\"", "\"\\udc00x\"",  "\"a\nb\"",    "[1] [2]",      "{1:2}",
        "[\"a\",",    "{\"a\":}",   "+1",          ".5",            "[}",          "\"\\",        "nulll",
    };
    char err[128];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json *v = parse(bad[i], err, sizeof err);
        if (v != NULL)
            fprintf(stderr, "accepted bad JSON: %s\n", bad[i]);
        CHECK(v == NULL && err[0] != '\0');
        json_free(v);
    }
    json *v = parse("{\n  \"a\": x}", err, sizeof err);
    CHECK(v == NULL && strncmp(err, "2:8:", 4) == 0);
    CHECK(json_parse(NULL, 0, err, sizeof err) == NULL);

    /* nesting: at the limit parses, past it fails without a crash */
    size_t deep = JSON_MAX_DEPTH + 1;
    char *text = malloc(2 * deep + 1);
    memset(text, '[', deep);
    memset(text + deep, ']', deep);
    text[2 * deep] = '\0';
    v = parse(text, err, sizeof err);
    CHECK(v != NULL);
    json_free(v);
    free(text);
    deep = 100000;
    text = malloc(2 * deep + 1);
    memset(text, '[', deep);
    memset(text + deep, ']', deep);
    text[2 * deep] = '\0';
    v = parse(text, err, sizeof err);
    CHECK(v == NULL && strstr(err, "deep") != NULL);
    free(text);

    /* every prefix of a valid document is rejected cleanly */
    const char *doc = "{\"id\":\"home\",\"components\":[{\"id\":\"a\",\"n\":[1.5e3,true,null,\"\\u00e9\"]}]}";
    for (size_t n = 0; n < strlen(doc); n++) {
        v = json_parse(doc, n, err, sizeof err);
        CHECK(v == NULL);
        json_free(v);
    }
}

static void test_pretty(void)
{
    const char *text = "{\"a\":[1,{\"b\":\"x,y:{z}\"}],\"e\":[],\"o\":{}}";
    size_t n = 0;
    char *p = json_pretty(text, strlen(text), &n);
    CHECK(p != NULL && strcmp(p, "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"x,y:{z}\"\n    }\n  ],\n"
                                 "  \"e\": [],\n  \"o\": {}\n}\n") == 0);
    char err[64];
    json *v = json_parse(p, n, err, sizeof err);
    CHECK(v != NULL);
    json_free(v);
    free(p);
}

static void test_escape(void)
{
    buf b = {0};
    const char text[] = "<a href=\"x\">&'\t\n\x01\xFF\xC3\xA9\xE2\x9C\x96\xC2\x85";
    html_escape(&b, text, sizeof text - 1);
    CHECK(b.data != NULL &&
          strcmp(b.data, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\t\n\xEF\xBF\xBD\xEF\xBF\xBD\xC3\xA9\xE2\x9C\x96"
                         "\xEF\xBF\xBD") == 0);
    buf_free(&b);
    html_escape(&b, "\xE0\x80\x80\xED\xA0\x80", 6); /* overlong, surrogate */
    CHECK(b.data != NULL && strstr(b.data, "\xE0") == NULL && strstr(b.data, "\xED") == NULL);
    buf_free(&b);
    buf_num(&b, 1.5);
    buf_puts(&b, " ");
    buf_num(&b, 2.0);
    buf_puts(&b, " ");
    buf_num(&b, -0.0001);
    buf_puts(&b, " ");
    buf_num(&b, 1.0 / 3.0);
    CHECK(b.data != NULL && strcmp(b.data, "1.5 2 0 0.333") == 0);
    buf_free(&b);
}

/* Texts whose cells the engine decides: wide, emoji, marks, joiners, flags, bad bytes. */
static const char *const samples[] = {
    "abc",
    "\xE6\x98\xA0\xE7\x94\xBB",                                   /* 映画 */
    "\xF0\x9F\x8E\xAC",                                           /* 🎬 */
    "e\xCC\x81",                                                  /* e + combining acute */
    "\xE2\x98\x85",                                               /* ★ */
    "\xE2\x9D\xA4\xEF\xB8\x8F",                                   /* ❤️ */
    "\xFF",                                                       /* bad byte */
    "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB",                   /* 👩‍💻 */
    "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7",                             /* 🇫🇷 */
    "\xE2\x9A\xA0 \xE2\x8F\xB1 \xF0\x9F\xAB\xA0",                      /* ⚠ ⏱ 🫠 */
    "Le Phare \xC3\xA0 Wren Point \xF0\x9F\x8E\xAC \xE6\x98\xA0\xE7\x94\xBB\xE9\xA4\xA8 x",  /* mixed */
};

/* cells_wrap's lines and widest line, recomputed from sdui_text_lines. */
static int wrap_agrees(const char *text, size_t max_cells)
{
    size_t len = strlen(text), widest = 0, want_widest = 0, want_lines = 1;
    size_t lines = cells_wrap(text, len, max_cells, &widest);
    char *out = NULL;
    size_t n = 0;
    if (sdui_text_lines(text, len, (int)max_cells, &out, &n) != SDUI_OK)
        return 0;
    for (size_t start = 0, i = 0; i <= n; i++) {
        if (i == n || out[i] == '\n') {
            long long w = sdui_text_cells(out + start, i - start);
            if ((size_t)w > want_widest)
                want_widest = (size_t)w;
            want_lines += i < n;
            start = i + 1;
        }
    }
    sdui_free(out);
    return lines == want_lines && widest == want_widest;
}

static void test_cells(void)
{
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        size_t len = strlen(samples[i]);
        long long want = sdui_text_cells(samples[i], len);
        if (want < 0 || cells_width(samples[i], len) != (size_t)want)
            fprintf(stderr, "cells_width disagrees with sdui_text_cells on sample %zu\n", i);
        CHECK(want >= 0 && cells_width(samples[i], len) == (size_t)want);
        for (size_t max = 1; max <= 12; max++)
            CHECK(wrap_agrees(samples[i], max));
    }
    CHECK(cells_width("", 0) == 0 && cells_width(NULL, 0) == 0);

    size_t widest = 0;
    CHECK(cells_wrap("", 0, 10, &widest) == 1 && widest == 0);
    CHECK(cells_wrap("hello world", 11, 11, &widest) == 1 && widest == 11);
    CHECK(cells_wrap("hello world", 11, 10, &widest) == 2 && widest == 5);
    CHECK(cells_wrap("aaa bbb ccc", 11, 7, &widest) == 2 && widest == 7);
    CHECK(cells_wrap("abcdefghij", 10, 4, &widest) == 3 && widest == 4);
    CHECK(cells_wrap("a\nb\n", 4, 10, &widest) == 3 && widest == 1);
    CHECK(cells_wrap("ab cdefghij", 11, 4, &widest) == 3 && widest == 4);
    CHECK(cells_wrap("x", 1, 0, &widest) == 1 && widest == 1);
    CHECK(cells_wrap("hello world", 11, (size_t)-1, &widest) == 1 && widest == 11);

    cells_metrics m = {8, 16};
    double w = 0, h = 0;
    CHECK(cells_measure("hello world", 11, NULL, 88, &w, &h, &m) == 0 && w == 88 && h == 16);
    CHECK(cells_measure("hello world", 11, NULL, 87, &w, &h, &m) == 0 && w == 40 && h == 32);
    CHECK(cells_measure("hi", 2, "title", -1, &w, &h, &m) == 0 && w == 20 && h == 20);
    CHECK(cells_font_scale("caption") == 0.875 && cells_font_scale("nope") == 1 && cells_font_scale(NULL) == 1);
}

static void test_page(void)
{
    html_options o = {8, 16, 1, 80, NULL, 0};
    const char *render = "{\"id\":\"p<1>\",\"version\":2,\"components\":[{\"id\":\"c\",\"type\":\"T\",\"view\":"
                         "{\"type\":\"button\",\"id\":\"c\",\"label\":\"Go & <see>\",\"action\":{\"type\":\"a/b\","
                         "\"payload\":{\"q\":\"'\\\"\"}}}}]}";
    const char *layout = "{\"width\":640,\"height\":16,\"components\":[{\"id\":\"c\",\"y\":0,\"root\":{\"id\":\"c\","
                         "\"type\":\"button\",\"frame\":{\"x\":0,\"y\":0,\"width\":90,\"height\":16}}}]}";
    char err[256];
    buf out = {0};
    CHECK(html_page(render, strlen(render), layout, strlen(layout), "[]", 2, &o, &out, err, sizeof err) == 0);
    CHECK(out.data != NULL && strstr(out.data, "<title>p&lt;1&gt; ") != NULL);
    CHECK(out.data != NULL && strstr(out.data, ">Go &amp; &lt;see&gt;</span></button>") != NULL);
    CHECK(out.data != NULL &&
          strstr(out.data, "data-action=\"{&quot;type&quot;:&quot;a/b&quot;,&quot;payload&quot;:{&quot;q&quot;:"
                           "&quot;&#39;\\&quot;&quot;}}\"") != NULL);
    CHECK(out.data != NULL && strstr(out.data, "<section class=\"card\" id=\"c\" data-id=\"c\" data-type=\"T\"") != NULL);
    buf_free(&out);

    /* malformed or wrongly shaped documents fail with a message */
    const char *bad[][2] = {
        {"{", layout},
        {render, "{\"width\":"},
        {"[]", layout},
        {render, "{\"components\":{}}"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        CHECK(html_page(bad[i][0], strlen(bad[i][0]), bad[i][1], strlen(bad[i][1]), NULL, 0, &o, &out, err,
                        sizeof err) == -1 &&
              err[0] != '\0');
        buf_free(&out);
    }
    /* shapes the preview does not expect (missing frames, children that are not arrays) still draw */
    const char *odd = "{\"width\":640,\"components\":[{\"id\":\"c\",\"root\":{\"type\":\"vstack\",\"children\":"
                      "[1,{\"type\":\"text\"},{\"children\":{}}]}},7]}";
    CHECK(html_page(render, strlen(render), odd, strlen(odd), NULL, 0, &o, &out, err, sizeof err) == 0);
    buf_free(&out);
}

/* Accessibility: a node's "accessibility" member as ARIA attributes. */
static void test_accessibility(void)
{
    html_options o = {1, 1, 0, 40, NULL, 0};
    const char *render =
        "{\"components\":[{\"id\":\"c\",\"type\":\"T\",\"view\":{\"type\":\"hstack\",\"id\":\"c\","
        "\"action\":{\"type\":\"nav/open\"},\"accessibility\":{\"role\":\"link\",\"label\":\"Open\"},\"children\":["
        "{\"type\":\"button\",\"id\":\"c/0\",\"label\":\"★\",\"accessibility\":{\"label\":\"Fav \\\"1\\\"\",\"hint\":\"Keeps it\"}},"
        "{\"type\":\"image\",\"id\":\"c/1\",\"url\":\"u.png\",\"alt\":\"swirl\",\"accessibility\":{\"role\":\"none\"}},"
        "{\"type\":\"text\",\"id\":\"c/2\",\"text\":\"a\",\"accessibility\":{\"role\":\"text\",\"label\":\"b\"}}]}}]}";
    const char *layout =
        "{\"width\":40,\"height\":1,\"components\":[{\"id\":\"c\",\"y\":0,\"root\":{\"id\":\"c\",\"type\":\"hstack\","
        "\"frame\":{\"x\":0,\"y\":0,\"width\":30,\"height\":1},\"children\":["
        "{\"id\":\"c/0\",\"type\":\"button\",\"frame\":{\"x\":0,\"y\":0,\"width\":3,\"height\":1}},"
        "{\"id\":\"c/1\",\"type\":\"image\",\"frame\":{\"x\":4,\"y\":0,\"width\":7,\"height\":1},"
        "\"role\":\"none\",\"text\":\"swirl\"},"
        "{\"id\":\"c/2\",\"type\":\"text\",\"frame\":{\"x\":12,\"y\":0,\"width\":1,\"height\":1}}]}}]}";
    char err[256];
    buf out = {0};
    CHECK(html_page(render, strlen(render), layout, strlen(layout), NULL, 0, &o, &out, err, sizeof err) == 0);
    const char *html = out.data != NULL ? out.data : "";
    /* the tap target's own role stands in for button */
    CHECK(strstr(html, "data-id=\"c\" tabindex=\"0\" data-action=\"{&quot;type&quot;:&quot;nav/open&quot;}\" "
                       "role=\"link\" aria-label=\"Open\"") != NULL);
    CHECK(strstr(html, "id=\"c/0\" data-id=\"c/0\" type=\"button\" aria-label=\"Fav &quot;1&quot;\" "
                       "aria-description=\"Keeps it\"") != NULL);
    CHECK(strstr(html, "id=\"c/1\" data-id=\"c/1\" role=\"none\" data-url=\"u.png\"") != NULL);
    CHECK(strstr(html, "<img src=\"u.png\" alt=\"\"") != NULL); /* decorative */
    CHECK(strstr(html, "id=\"c/2\" data-id=\"c/2\" aria-label=\"b\"") != NULL); /* text: no role */
    buf_free(&out);
}

/* The controls: a disabled button with a tooltip, an enabled one, a tap target. */
static void test_controls(void)
{
    html_options o = {1, 1, 0, 40, NULL, 0};
    const char *render =
        "{\"components\":[{\"id\":\"c\",\"type\":\"T\",\"view\":{\"type\":\"hstack\",\"id\":\"c\","
        "\"action\":{\"type\":\"nav/open\",\"payload\":\"/x\"},\"children\":["
        "{\"type\":\"button\",\"id\":\"c/0\",\"label\":\"Buy\",\"tooltip\":\"Sold <out>\",\"disabled\":true},"
        "{\"type\":\"button\",\"id\":\"c/1\",\"label\":\"Back\",\"disabled\":false},"
        "{\"type\":\"image\",\"id\":\"c/2\",\"url\":\"u.png\",\"action\":{\"type\":\"a/b\"}}]}}]}";
    const char *layout =
        "{\"width\":40,\"height\":1,\"components\":[{\"id\":\"c\",\"y\":0,\"root\":{\"id\":\"c\",\"type\":\"hstack\","
        "\"frame\":{\"x\":0,\"y\":0,\"width\":30,\"height\":1},\"children\":["
        "{\"id\":\"c/0\",\"type\":\"button\",\"frame\":{\"x\":0,\"y\":0,\"width\":5,\"height\":1}},"
        "{\"id\":\"c/1\",\"type\":\"button\",\"frame\":{\"x\":6,\"y\":0,\"width\":6,\"height\":1}},"
        "{\"id\":\"c/2\",\"type\":\"image\",\"frame\":{\"x\":13,\"y\":0,\"width\":7,\"height\":1}}]}}]}";
    char err[256];
    buf out = {0};
    CHECK(html_page(render, strlen(render), layout, strlen(layout), NULL, 0, &o, &out, err, sizeof err) == 0);
    const char *html = out.data != NULL ? out.data : "";
    CHECK(strstr(html, "<div class=\"n n-hstack n-tap\" data-id=\"c\" role=\"button\" tabindex=\"0\" "
                       "data-action=\"{&quot;type&quot;:&quot;nav/open&quot;,&quot;payload&quot;:&quot;/x&quot;}\"") != NULL);
    CHECK(strstr(html, "id=\"c/0\" data-id=\"c/0\" type=\"button\" disabled aria-disabled=\"true\" "
                       "title=\"Sold &lt;out&gt;\" style=") != NULL);
    CHECK(strstr(html, "id=\"c/1\" data-id=\"c/1\" type=\"button\" style=") != NULL);
    CHECK(strstr(html, "<div class=\"n n-image n-tap\" id=\"c/2\" data-id=\"c/2\" role=\"button\" tabindex=\"0\" "
                       "data-action=\"{&quot;type&quot;:&quot;a/b&quot;}\" data-url=\"u.png\"") != NULL);
    buf_free(&out);
}

typedef struct {
    buf out;
    const char *text;
} joined;

static void join(size_t start, size_t len, double width, void *userdata)
{
    (void)width;
    joined *j = userdata;
    if (j->out.len > 0)
        buf_puts(&j->out, "|");
    buf_put(&j->out, j->text + start, len);
}

/* The lines of `text` at `width` units, "|" between them (a static buffer). */
static const char *wrapped(const font_metrics *m, const char *text, double width)
{
    static char result[256];
    joined j = {{0}, text};
    font_wrap(m, text, strlen(text), width, 1, join, &j);
    snprintf(result, sizeof result, "%s", j.out.data != NULL ? j.out.data : "");
    buf_free(&j.out);
    return result;
}

/* One face alone, for comparing with the merged metrics. */
static font_metrics *face(const char *path)
{
    font_metrics *m = malloc(sizeof *m);
    size_t len = 0;
    char *data = read_file(path, &len);
    if (m != NULL)
        memset(m->advance, 0xFF, sizeof m->advance);
    int ok = m != NULL && data != NULL && font_merge_ttf(m, (const unsigned char *)data, len, FONT_PX_BODY) == 0;
    free(data);
    if (!ok) {
        free(m);
        return NULL;
    }
    return m;
}

static void test_font(void)
{
    font_metrics *m = font_load(NULL);
    CHECK(m != NULL); /* fonts-dejavu-core (scripts/deps.sh test) */
    if (m == NULL)
        return;
    /* proportional: an i is narrower than an M, a space than an a */
    CHECK(font_width(m, "iiii", 4, 1) < font_width(m, "MMMM", 4, 1) / 2);
    CHECK(font_width(m, " ", 1, 1) < font_width(m, "a", 1, 1));
    CHECK(font_width(m, "Ab", 2, 1.25) > font_width(m, "Ab", 2, 1) * 1.24);
    /* every advance is the larger of the regular and the bold face's */
    font_metrics *regular = face("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    font_metrics *bold = face("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
    CHECK(regular != NULL && bold != NULL);
    if (regular != NULL && bold != NULL) {
        const char *sample = "Flight to JFK: Confirmation code RXJ34P, 4 hours 15 minutes \xc3\xa9\xe2\x82\xac";
        size_t n = strlen(sample);
        CHECK(font_width(m, sample, n, 1) >= font_width(bold, sample, n, 1));
        CHECK(font_width(m, sample, n, 1) >= font_width(regular, sample, n, 1));
        CHECK(font_width(bold, sample, n, 1) > font_width(regular, sample, n, 1)); /* bold is wider */
        int larger = 1;
        for (unsigned c = 0x20; c < 0x7F; c++)
            larger &= m->advance[c] == (regular->advance[c] > bold->advance[c] ? regular->advance[c] : bold->advance[c]);
        CHECK(larger);
    }
    free(regular);
    free(bold);
    /* a character neither face has counts as its cells */
    CHECK(font_width(m, "\xe6\xbc\xa2", 3, 1) == 2 * FONT_UNITS_PER_CELL); /* 漢 */
    /* lines: at spaces, a long word between characters, "\n" kept, trailing spaces left out */
    double two = font_width(m, "aaa bbb", 7, 1);
    CHECK(strcmp(wrapped(m, "aaa bbb ccc", two), "aaa bbb|ccc") == 0);
    double pair = font_width(m, "aaa aaa", 7, 1);
    CHECK(strcmp(wrapped(m, "aaa aaa aaa", pair - 0.5), "aaa|aaa|aaa") == 0);
    CHECK(strcmp(wrapped(m, "aaa aaa aaa", pair), "aaa aaa|aaa") == 0);
    CHECK(strcmp(wrapped(m, "aaa bbb ccc", -1), "aaa bbb ccc") == 0);
    CHECK(strcmp(wrapped(m, "one\ntwo  three", 1000), "one|two  three") == 0);
    CHECK(strcmp(wrapped(m, "aaaaaa", font_width(m, "aaaa", 4, 1)), "aaaa|aa") == 0);
    CHECK(strcmp(wrapped(m, "x aaaaaa", font_width(m, "aaaa", 4, 1)), "x|aaaa|aa") == 0);
    CHECK(strcmp(wrapped(m, "", 10), "") == 0);
    /* the measurer: whole units across, 16 units a line times the font's scale */
    double w = 0, h = 0;
    CHECK(font_measure("aaa bbb ccc", 11, NULL, two, &w, &h, m) == SDUI_OK);
    CHECK(w == ceil(two - 1e-9) && h == 2 * FONT_UNITS_PER_LINE);
    CHECK(font_measure("aaa", 3, "title", -1, &w, &h, m) == SDUI_OK);
    CHECK(h == FONT_UNITS_PER_LINE * 1.25 && w >= font_width(m, "aaa", 3, 1.25));
    /* a file that is not a font, or is cut short, is refused */
    font_metrics *scratch = malloc(sizeof *scratch);
    size_t len = 0;
    char *data = read_file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", &len);
    CHECK(scratch != NULL && data != NULL);
    if (scratch != NULL && data != NULL) {
        CHECK(font_merge_ttf(scratch, (const unsigned char *)"not a font", 10, 15) == -1);
        int refused = 1;
        for (size_t cut = 0; cut < 4096; cut += 97)
            refused &= font_merge_ttf(scratch, (const unsigned char *)data, cut, 15) == -1;
        CHECK(refused);
    }
    free(data);
    free(scratch);

    /* a page drawn with it: lengths in px, a text in the layout's lines, cut to its height with an ellipsis */
    html_options o = {8, 16, 1, 60, m, 0};
    const char *render = "{\"components\":[{\"id\":\"c\",\"type\":\"T\",\"view\":{\"type\":\"vstack\",\"id\":\"c\","
                         "\"children\":[{\"type\":\"text\",\"id\":\"c/0\",\"text\":\"aaa bbb ccc\"},"
                         "{\"type\":\"text\",\"id\":\"c/1\",\"text\":\"aaa bbb ccc\",\"style\":{\"lineLimit\":1,"
                         "\"padding\":2}}]}}]}";
    char layout[1024];
    snprintf(layout, sizeof layout,
             "{\"width\":480,\"height\":52,\"components\":[{\"id\":\"c\",\"y\":0,\"root\":{\"id\":\"c\",\"type\":\"vstack\","
             "\"frame\":{\"x\":0,\"y\":0,\"width\":%g,\"height\":52},\"children\":["
             "{\"id\":\"c/0\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":0,\"width\":%g,\"height\":32},"
             "\"text\":\"aaa bbb ccc\"},"
             "{\"id\":\"c/1\",\"type\":\"text\",\"frame\":{\"x\":0,\"y\":32,\"width\":%g,\"height\":20},"
             "\"text\":\"aaa bbb ccc\"}]}}]}",
             ceil(two) + 4, ceil(two), ceil(two) + 4);
    char err[256];
    buf out = {0};
    CHECK(html_page(render, strlen(render), layout, strlen(layout), NULL, 0, &o, &out, err, sizeof err) == 0);
    const char *html = out.data != NULL ? out.data : "";
    CHECK(strstr(html, "font-family:\"DejaVu Sans\"") != NULL);
    CHECK(strstr(html, "white-space:pre;overflow-x:visible;overflow-y:clip") != NULL);
    CHECK(strstr(html, "id=\"c/1\" data-id=\"c/1\" style=\"left:0px;top:36px;") != NULL); /* 32 units, 1.125 px each */
    CHECK(strstr(html, "<span class=\"f\">aaa bbb\nccc</span>") != NULL);
    CHECK(strstr(html, "<div class=\"lines\" style=\"left:2.25px;top:2.25px;") != NULL); /* inside its padding */
    CHECK(strstr(html, "<span class=\"f\">aaa bbb\xe2\x80\xa6</span>") != NULL); /* one line of two */
    buf_free(&out);
    free(m);
}

int main(void)
{
    test_json_good();
    test_json_bad();
    test_pretty();
    test_escape();
    test_cells();
    test_page();
    test_controls();
    test_font();
    test_accessibility();
    printf("tools: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
