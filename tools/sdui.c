/*
** sdui.c -- the sdui command line: renders a page with Lua scripts as text,
** JSON or a standalone HTML preview, and checks pages, patches and scripts.
**
**   sdui render PAGE [--scripts DIR] [--format html|text|json|layout]
**                    [--width N] [--out FILE] [--points] [--pretty] [--quiet]
**                    [--duplicate-keys last|reject] [--appearance light|dark]
**   sdui validate FILE... [--scripts DIR] [--strict] [--kind KIND] [--json]
**                    [--duplicate-keys last|reject]
**                    (validate.c)
**
** Exit status: 0 success, 1 failure (files, scripts, page, render; for
** validate: a file is invalid), 2 usage.
** Written against include/sdui.h and include/sdui_scripts.h only.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "files.h"
#include "font.h"
#include "html.h"
#include "json.h"
#include "sdui.h"
#include "sdui_scripts.h"
#include "validate.h"

#define EXIT_USAGE 2

/* With --points a cell is 8 layout units across and a line 16 down, for
** scripts that size images, padding and spacing in points, not cells (as
** the example scripts and the Adaptive Cards pack do); the terminal host's
** cell is the same (examples/terminal/draw.h). */
#define UNIT_PER_CELL 8.0
#define UNIT_PER_LINE 16.0

static const char USAGE[] =
    "Usage: sdui render PAGE [options]\n"
    "       sdui validate FILE... [--scripts DIR] [--kind KIND] [--json]  (sdui validate --help)\n"
    "       sdui --help | --version\n"
    "\n"
    "Commands:\n"
    "  render    render a page as HTML, text, JSON or its layout (below)\n"
    "  validate  check pages, patches, components, views, actions, effects\n"
    "              and scripts against the engine's rules; with --scripts,\n"
    "              render each page with its scripts\n"
    "\n"
    "sdui render renders the page PAGE (a JSON file, or - for standard input)\n"
    "with the component factories and action handlers of a folder of Lua scripts.\n"
    "\n"
    "Options:\n"
    "  -s, --scripts DIR    load every *.lua file of DIR (or one script file)\n"
    "  -f, --format FORMAT  html (default): a standalone HTML preview drawn from\n"
    "                         the layout; text: the terminal rendering;\n"
    "                         json: the rendered screen; layout: the layout JSON\n"
    "  -w, --width N        page width in monospace cells for html and layout\n"
    "                         (default 80)\n"
    "  -o, --out FILE       write to FILE instead of standard output\n"
    "      --points         html/layout: sizes in scripts are points, not cells\n"
    "                         (the example scripts' and the Adaptive Cards pack's):\n"
    "                         text is measured in DejaVu Sans as the preview\n"
    "                         draws it (a unit 1.125 px, a line 16 units), and\n"
    "                         named fonts (title, headline, caption...) get\n"
    "                         their own sizes; without that font installed, 8\n"
    "                         units a monospace cell across and 16 a line down;\n"
    "                         by default the layout is in whole terminal cells\n"
    "      --pretty         json/layout: indent the JSON\n"
    "      --duplicate-keys last|reject\n"
    "                       a key given twice in one object of the page: keep\n"
    "                         its last value, with a warning (as Adaptive\n"
    "                         Cards' hosts do), or refuse the page (default)\n"
    "      --appearance light|dark\n"
    "                       the theme's values in force (default light): the\n"
    "                         scripts' colour and font tokens resolve to them,\n"
    "                         and the html preview's own page is dark or light\n"
    "  -q, --quiet          do not print the render's diagnostics on stderr\n"
    "  -h, --help           show this help\n"
    "      --version        show the versions of the tool and the library\n"
    "\n"
    "Exit status: 0 on success, 1 on failure, 2 on a usage error.\n";

typedef enum { FORMAT_HTML, FORMAT_TEXT, FORMAT_JSON, FORMAT_LAYOUT } format;

typedef struct {
    const char *page;
    const char *scripts;
    const char *out;
    format fmt;
    double width;
    int points;
    int pretty;
    int quiet;
    int last_key_wins;
    const char *appearance; /* "light" or "dark" */
} options;

static int usage_error(const char *fmt, const char *arg)
{
    fputs("sdui: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'sdui --help'.\n", stderr);
    return EXIT_USAGE;
}

/* The value of an option: "--name=value", or the next argument. NULL when missing. */
static const char *option_value(int argc, char **argv, int *i, const char *inline_value)
{
    if (inline_value != NULL)
        return inline_value;
    if (*i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

/* Whether `name` is the option `long_name` or `short_name` (may be NULL). */
static int is_option(const char *name, const char *long_name, const char *short_name)
{
    return strcmp(name, long_name) == 0 || (short_name != NULL && strcmp(name, short_name) == 0);
}

/* Parses the command line. Returns -1 to go on, or an exit status (help, version, usage error). */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->appearance = "light";
    o->fmt = FORMAT_HTML;
    o->width = 80;
    int command_seen = 0, only_operands = 0;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (!only_operands && strcmp(arg, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (only_operands || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (!command_seen) {
                if (strcmp(arg, "render") != 0)
                    return usage_error("unknown command '%s' (expected 'render' or 'validate')", arg);
                command_seen = 1;
            } else if (o->page == NULL) {
                o->page = arg;
            } else {
                return usage_error("unexpected argument '%s' (one PAGE only)", arg);
            }
            continue;
        }
        /* split "--name=value" */
        char name[32];
        const char *inline_value = NULL;
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        if (name_len >= sizeof name)
            return usage_error("unknown option '%s'", arg);
        memcpy(name, arg, name_len);
        name[name_len] = '\0';
        if (eq != NULL)
            inline_value = eq + 1;

#define IS(a, b) is_option(name, a, b)
        if (IS("--help", "-h")) {
            fputs(USAGE, stdout);
            return 0;
        } else if (IS("--version", NULL)) {
            printf("sdui %s (library %s)\n", SDUI_VERSION, sdui_libversion());
            return 0;
        } else if (IS("--points", NULL) || IS("--pretty", NULL) || IS("--quiet", "-q")) {
            if (inline_value != NULL)
                return usage_error("option '%s' takes no value", name);
            if (IS("--points", NULL))
                o->points = 1;
            else if (IS("--pretty", NULL))
                o->pretty = 1;
            else
                o->quiet = 1;
        } else if (IS("--scripts", "-s") || IS("--format", "-f") || IS("--width", "-w") || IS("--out", "-o") ||
                   IS("--duplicate-keys", NULL) || IS("--appearance", NULL)) {
            const char *value = option_value(argc, argv, &i, inline_value);
            if (value == NULL)
                return usage_error("option '%s' needs a value", name);
            if (IS("--scripts", "-s")) {
                o->scripts = value;
            } else if (IS("--duplicate-keys", NULL)) {
                if (strcmp(value, "last") != 0 && strcmp(value, "reject") != 0)
                    return usage_error("bad --duplicate-keys '%s' (expected last or reject)", value);
                o->last_key_wins = value[0] == 'l';
            } else if (IS("--appearance", NULL)) {
                if (strcmp(value, "light") != 0 && strcmp(value, "dark") != 0)
                    return usage_error("bad --appearance '%s' (expected light or dark)", value);
                o->appearance = value;
            } else if (IS("--out", "-o")) {
                o->out = value;
            } else if (IS("--format", "-f")) {
                if (strcmp(value, "html") == 0)
                    o->fmt = FORMAT_HTML;
                else if (strcmp(value, "text") == 0)
                    o->fmt = FORMAT_TEXT;
                else if (strcmp(value, "json") == 0)
                    o->fmt = FORMAT_JSON;
                else if (strcmp(value, "layout") == 0)
                    o->fmt = FORMAT_LAYOUT;
                else
                    return usage_error("bad --format '%s' (expected html, text, json or layout)", value);
            } else {
                char *end = NULL;
                errno = 0;
                long width = strtol(value, &end, 10);
                if (errno != 0 || end == value || *end != '\0' || width < 1 || width > 100000)
                    return usage_error("bad --width '%s' (expected a whole number of cells, 1 to 100000)", value);
                o->width = (double)width;
            }
        } else {
            return usage_error("unknown option '%s'", arg);
        }
#undef IS
    }
    if (!command_seen)
        return usage_error("%s", "missing command (try 'sdui render PAGE')");
    if (o->page == NULL)
        return usage_error("%s", "missing PAGE (a page JSON file, or - for standard input)");
    return -1;
}

/* Writes the output to FILE or standard output; 0, or 1 with a message printed. */
static int write_output(const char *path, const char *data, size_t len)
{
    int to_stdout = path == NULL || strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "sdui: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    int ok = fwrite(data, 1, len, f) == len;
    ok = (to_stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    if (!ok) {
        fprintf(stderr, "sdui: cannot write %s: %s\n", to_stdout ? "standard output" : path, strerror(errno));
        return 1;
    }
    return 0;
}

/* Prints each diagnostic of the last render as one line on stderr. */
static void print_diagnostics(const char *text, size_t len)
{
    char why[128];
    json *list = json_parse(text, len, why, sizeof why);
    if (list == NULL || list->type != JSON_ARRAY) {
        json_free(list);
        return;
    }
    for (size_t i = 0; i < list->count; i++) {
        const json *d = &list->items[i];
        const char *severity = json_get_string(d, "severity");
        const char *code = json_get_string(d, "code");
        const char *component = json_get_string(d, "component");
        const char *message = json_get_string(d, "message");
        fprintf(stderr, "sdui: %s: %s%s[%s] %s\n", severity ? severity : "note", component ? component : "",
                component ? " " : "", code ? code : "?", message ? message : "");
    }
    json_free(list);
}

/* Fails with the engine's message: "sdui: WHAT: message". Returns 1. */
static int engine_failure(sdui_engine *engine, const char *what, const char *name, int status)
{
    const char *msg = sdui_errmsg(engine);
    fprintf(stderr, "sdui: %s%s%s: %s\n", what, name ? " " : "", name ? name : "", *msg ? msg : sdui_errstr(status));
    return 1;
}

/* Renders the loaded page in the requested format into `result`. 0, or 1 with a message printed. */
static int run(const options *o, sdui_engine *engine, buf *result)
{
    char *screen = NULL, *layout = NULL, *diags = NULL;
    size_t screen_len = 0, layout_len = 0, diags_len = 0;
    int rc = 1, st;
    cells_metrics metrics = {UNIT_PER_CELL, UNIT_PER_LINE};
    int preview_units = (o->fmt == FORMAT_HTML || o->fmt == FORMAT_LAYOUT) && o->points;
    double units = o->width * (preview_units ? UNIT_PER_CELL : 1);
    /* In points, text is measured in the proportional font the preview draws, when it is installed. */
    font_metrics *font = preview_units ? font_load(getenv("SDUI_PREVIEW_FONTS")) : NULL;
    if (preview_units && font == NULL && !o->quiet)
        fprintf(stderr, "sdui: DejaVu Sans not found (fonts-dejavu-core): text on a monospace grid\n");

    /* In points a cell is UNIT_PER_CELL x UNIT_PER_LINE: the chrome of buttons,
       images and inputs one cell, an input's least width ten (sdui_set_cell_size). */
    if (preview_units && (st = sdui_set_cell_size(engine, UNIT_PER_CELL, UNIT_PER_LINE)) != SDUI_OK) {
        free(font);
        return engine_failure(engine, "cannot set the cell size", NULL, st);
    }
    if (preview_units &&
        (st = font != NULL ? sdui_set_measurer(engine, font_measure, font, NULL)
                           : sdui_set_measurer(engine, cells_measure, &metrics, NULL)) != SDUI_OK) {
        free(font);
        return engine_failure(engine, "cannot set the measurer", NULL, st);
    }

    switch (o->fmt) {
    case FORMAT_TEXT:
        if ((st = sdui_render_text(engine, &screen, &screen_len)) != SDUI_OK) {
            rc = engine_failure(engine, "render", NULL, st);
            goto done;
        }
        buf_put(result, screen, screen_len);
        break;
    case FORMAT_JSON:
    case FORMAT_LAYOUT:
        if (o->fmt == FORMAT_JSON)
            st = sdui_render_json(engine, &screen, &screen_len);
        else
            st = sdui_layout_json(engine, units, &screen, &screen_len);
        if (st != SDUI_OK) {
            rc = engine_failure(engine, o->fmt == FORMAT_JSON ? "render" : "layout", NULL, st);
            goto done;
        }
        if (o->pretty) {
            char why[128];
            json *check = json_parse(screen, screen_len, why, sizeof why);
            if (check == NULL) {
                fprintf(stderr, "sdui: cannot indent the JSON: %s\n", why);
                goto done;
            }
            json_free(check);
            size_t n = 0;
            char *pretty = json_pretty(screen, screen_len, &n);
            if (pretty == NULL) {
                fprintf(stderr, "sdui: out of memory\n");
                goto done;
            }
            buf_put(result, pretty, n);
            free(pretty);
        } else {
            buf_put(result, screen, screen_len);
            buf_puts(result, "\n");
        }
        break;
    case FORMAT_HTML: {
        if ((st = sdui_render_json(engine, &screen, &screen_len)) != SDUI_OK) {
            rc = engine_failure(engine, "render", NULL, st);
            goto done;
        }
        /* the diagnostics of that render, before the layout could render anything again */
        if ((st = sdui_diagnostics_json(engine, &diags, &diags_len)) != SDUI_OK) {
            rc = engine_failure(engine, "diagnostics", NULL, st);
            goto done;
        }
        if ((st = sdui_layout_json(engine, units, &layout, &layout_len)) != SDUI_OK) {
            rc = engine_failure(engine, "layout", NULL, st);
            goto done;
        }
        html_options ho = {preview_units ? UNIT_PER_CELL : 1, preview_units ? UNIT_PER_LINE : 1, preview_units,
                           o->width, font, strcmp(o->appearance, "dark") == 0};
        char why[300];
        if (html_page(screen, screen_len, layout, layout_len, diags, diags_len, &ho, result, why, sizeof why) != 0) {
            fprintf(stderr, "sdui: html: %s\n", why);
            goto done;
        }
        break;
    }
    }
    if (result->failed) {
        fprintf(stderr, "sdui: out of memory\n");
        goto done;
    }
    if (!o->quiet) {
        if (diags == NULL && sdui_diagnostics_json(engine, &diags, &diags_len) != SDUI_OK)
            diags = NULL;
        if (diags != NULL)
            print_diagnostics(diags, diags_len);
    }
    rc = 0;
done:
    sdui_free(screen);
    sdui_free(layout);
    sdui_free(diags);
    if (preview_units)
        sdui_set_measurer(engine, NULL, NULL, NULL); /* metrics lives on this stack frame, font until here */
    free(font);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "validate") == 0)
        return validate_main(argc - 1, argv + 1);
    options o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;

    size_t page_len = 0;
    char *page = strcmp(o.page, "-") == 0 ? read_stream(stdin, &page_len) : read_file(o.page, &page_len);
    if (page == NULL) {
        fprintf(stderr, "sdui: cannot read page %s: %s\n", strcmp(o.page, "-") == 0 ? "(standard input)" : o.page,
                strerror(errno));
        return 1;
    }

    sdui_engine *engine = sdui_engine_new();
    buf result = {0};
    int st;
    if (engine == NULL) {
        fprintf(stderr, "sdui: out of memory\n");
        rc = 1;
    } else if (sdui_option(engine, SDUI_OPTION_DUPLICATE_KEYS, o.last_key_wins) < 0) {
        fprintf(stderr, "sdui: cannot set --duplicate-keys\n");
        rc = 1;
    } else if (o.scripts != NULL && (st = sdui_scripts_load(engine, o.scripts)) != SDUI_OK) {
        rc = engine_failure(engine, "scripts", o.scripts, st);
    } else if ((st = sdui_set_appearance(engine, o.appearance)) != SDUI_OK) {
        rc = engine_failure(engine, "appearance", o.appearance, st);
    } else if ((st = sdui_load_page(engine, page, page_len)) != SDUI_OK) {
        rc = engine_failure(engine, "page", o.page, st);
    } else {
        rc = run(&o, engine, &result);
        if (rc == 0)
            rc = write_output(o.out, result.data ? result.data : "", result.len);
    }
    buf_free(&result);
    sdui_engine_free(engine);
    free(page);
    return rc;
}
