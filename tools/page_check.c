/*
** page_check.c -- see page_check.h.
*/
#include "page_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "files.h"
#include "json.h"
#include "sdui.h"
#include "sdui_scripts.h"

/* A component of the page: where it is and what it is called. */
typedef struct {
    const char *id;
    long line, column;
    char path[48];
} place;

/* The folder script names are relative to: `scripts` itself, or the file's folder ("" for the current one). */
static char *script_root(const char *scripts)
{
    struct stat st;
    size_t n = strlen(scripts);
    if (stat(scripts, &st) != 0 || !S_ISDIR(st.st_mode)) {
        const char *slash = strrchr(scripts, '/');
        n = slash != NULL ? (size_t)(slash - scripts) + (slash == scripts) : 0;
    }
    char *root = malloc(n + 1);
    if (root != NULL) {
        memcpy(root, scripts, n);
        root[n] = '\0';
    }
    return root;
}

/* `shown` (a script's name as the script host gives it, relative to the root) as a path from here. */
static char *script_path(const char *root, const char *shown, size_t len)
{
    size_t r = strlen(root);
    int sep = r > 0 && root[r - 1] != '/';
    char *path = malloc(r + (size_t)sep + len + 1);
    if (path != NULL) {
        memcpy(path, root, r);
        if (sep)
            path[r] = '/';
        memcpy(path + r + (size_t)sep, shown, len);
        path[r + (size_t)sep + len] = '\0';
    }
    return path;
}

/* The first "NAME.lua:LINE: " in `msg`: its start, the name's length and
** the line; NULL when there is none. */
static const char *script_location(const char *msg, size_t *name_len, long *line)
{
    for (const char *p = strstr(msg, ".lua:"); p != NULL; p = strstr(p + 1, ".lua:")) {
        char *end = NULL;
        long l = strtol(p + 5, &end, 10);
        if (end == p + 5 || end[0] != ':' || end[1] != ' ' || l <= 0)
            continue;
        const char *start = p;
        while (start > msg && !strchr(" \"'(\t", start[-1]))
            start--;
        if (start == p)
            continue;
        *name_len = (size_t)(p + 4 - start);
        *line = l;
        return start;
    }
    return NULL;
}

/* Each line of the script host's message after a load failed: one problem each. */
static void add_load_failures(const char *scripts, const char *root, const char *msg, problems *out)
{
    while (*msg != '\0') {
        size_t len = strcspn(msg, "\n");
        const char *colon = memchr(msg, ':', len);
        char *file = NULL;
        if (colon != NULL && colon - msg >= 4 && memcmp(colon - 4, ".lua", 4) == 0)
            file = script_path(root, msg, (size_t)(colon - msg));
        long fallback = 0;
        if (file != NULL) { /* a problem with the returned table: on its last return */
            size_t text_len = 0;
            char *text = read_file(file, &text_len);
            fallback = text != NULL ? last_return_line(text, text_len) : 0;
            free(text);
        }
        problems_add_script_message(out, file != NULL ? file : scripts, msg, len, fallback); /* no file: all of them */
        free(file);
        msg += len + (msg[len] == '\n');
    }
}

/* The page's components and their places; *n of them. NULL when none. */
static place *places_of(const json *doc, const char *text, size_t *n)
{
    int bare = doc != NULL && doc->type == JSON_ARRAY;
    const json *components = bare ? doc : json_get(doc, "components");
    *n = json_count(components);
    place *places = *n ? calloc(*n, sizeof *places) : NULL;
    if (places == NULL) {
        *n = 0;
        return NULL;
    }
    for (size_t i = 0; i < *n; i++) {
        const json *c = json_at(components, i);
        places[i].id = json_get_string(c, "id");
        line_column(text, (size_t)(c->raw - text), &places[i].line, &places[i].column);
        snprintf(places[i].path, sizeof places[i].path, bare ? "$[%zu]" : "$.components[%zu]", i);
    }
    return places;
}

/* The index of the component `id` in `places`, or -1. */
static long place_of(const place *places, size_t n, const char *id)
{
    for (size_t i = 0; id != NULL && i < n; i++)
        if (places[i].id != NULL && strcmp(places[i].id, id) == 0)
            return (long)i;
    return -1;
}

/* One diagnostic of the render as a problem, and the component it is about (-1: none) in *at. */
static void add_diagnostic(const char *shown, const char *root, const place *places, size_t n, const json *d, problems *out, long *at)
{
    const char *severity = json_get_string(d, "severity");
    const char *component = json_get_string(d, "component");
    const char *message = json_get_string(d, "message");
    int warning = severity == NULL || strcmp(severity, "error") != 0;
    if (message == NULL)
        message = "";
    *at = place_of(places, n, component);
    const place *p = *at >= 0 ? &places[*at] : NULL;
    size_t name_len = 0;
    long line = 0;
    const char *located = script_location(message, &name_len, &line);
    char *why = malloc(strlen(message) + strlen(shown) + 100 + (component ? strlen(component) : 0));
    if (why == NULL) {
        out->failed = 1;
        return;
    }
    if (located != NULL) {
        /* on the script's line; the message says which component of the page it is */
        char *file = script_path(root, located, name_len);
        const char *rest = located + name_len + 1;
        while (*rest != ' ')
            rest++;
        size_t before = (size_t)(located - message);
        int k = 0;
        if (component != NULL)
            k = sprintf(why, "component \"%s\" (%s%s%s): ", component, shown, p ? " " : "", p ? p->path : "");
        memcpy(why + k, message, before);
        strcpy(why + k + before, rest + 1);
        problems_add(out, warning, file != NULL ? file : "", line, 0, p ? p->path : NULL, why);
        free(file);
    } else if (p != NULL) {
        sprintf(why, "component \"%s\": %s", component, message);
        problems_add(out, warning, NULL, p->line, p->column, p->path, why);
    } else {
        problems_add(out, warning, NULL, 0, 0, NULL, message);
    }
    free(why);
}

void page_check(const char *shown, const char *text, size_t len, const char *scripts, int last_key_wins,
                problems *out)
{
    char *root = script_root(scripts);
    sdui_engine *engine = sdui_engine_new();
    char *screen = NULL, *diags = NULL;
    size_t screen_len = 0, diags_len = 0;
    json *page = NULL, *list = NULL, *rendered = NULL;
    place *places = NULL;
    problems found = {0};
    long *where = NULL;
    int st;
    if (root == NULL || engine == NULL || sdui_option(engine, SDUI_OPTION_DUPLICATE_KEYS, last_key_wins) < 0) {
        problems_add(out, 0, NULL, 0, 0, NULL, "out of memory");
        goto done;
    }
    st = sdui_scripts_load(engine, scripts);
    if (st == SDUI_ECALLBACK || st == SDUI_ELIMIT) {
        add_load_failures(scripts, root, sdui_errmsg(engine), out); /* the others are live: render on */
    } else if (st != SDUI_OK) {
        char why[1200];
        snprintf(why, sizeof why, "cannot load the scripts %s: %s", scripts,
                 *sdui_errmsg(engine) ? sdui_errmsg(engine) : sdui_errstr(st));
        problems_add(out, 0, NULL, 0, 0, NULL, why);
        goto done;
    }
    if (sdui_load_page(engine, text, len) != SDUI_OK) {
        problems_add_json_message(out, sdui_errmsg(engine));
        goto done;
    }
    if ((st = sdui_render_json(engine, &screen, &screen_len)) != SDUI_OK ||
        (st = sdui_diagnostics_json(engine, &diags, &diags_len)) != SDUI_OK) {
        char why[1200];
        snprintf(why, sizeof why, "render: %s", *sdui_errmsg(engine) ? sdui_errmsg(engine) : sdui_errstr(st));
        problems_add(out, 0, NULL, 0, 0, NULL, why);
        goto done;
    }
    page = json_parse(text, len, NULL, 0);
    list = json_parse(diags, diags_len, NULL, 0);
    rendered = json_parse(screen, screen_len, NULL, 0);
    size_t n = 0;
    places = places_of(page, text, &n);
    size_t nd = json_count(list);
    where = calloc(nd + n + 1, sizeof *where);
    if (where == NULL) {
        out->failed = 1;
        goto done;
    }
    for (size_t i = 0; i < nd; i++) {
        size_t before = found.count;
        long at = -1;
        add_diagnostic(shown, root, places, n, json_at(list, i), &found, &at);
        if (found.count > before)
            where[found.count - 1] = at;
    }
    /* an error node no diagnostic accounts for */
    const json *components = json_get(rendered, "components");
    for (size_t i = 0; i < json_count(components); i++) {
        const json *view = json_get(json_at(components, i), "view");
        const char *id = json_get_string(json_at(components, i), "id");
        const char *type = json_get_string(view, "type");
        long at = place_of(places, n, id);
        int told = 0;
        for (size_t j = 0; j < found.count && !told; j++)
            told = where[j] == at && !found.items[j].warning;
        if (type == NULL || strcmp(type, "error") != 0 || told || at < 0)
            continue;
        const char *message = json_get_string(view, "message");
        char why[1200];
        snprintf(why, sizeof why, "component \"%s\": %s", id, message ? message : "an error node");
        if (problems_add(&found, 0, NULL, places[at].line, places[at].column, places[at].path, why) != NULL)
            where[found.count - 1] = at;
    }
    /* in page order: the page's own first (-1), then by component, each in the engine's order */
    for (long at = -1; at < (long)n; at++)
        for (size_t j = 0; j < found.count; j++)
            if (where[j] == at) {
                problem *p = &found.items[j];
                problems_add(out, p->warning, p->file, p->line, p->column, p->path, p->message);
            }
    out->failed |= found.failed;
done:
    problems_free(&found);
    free(where);
    free(places);
    json_free(page);
    json_free(list);
    json_free(rendered);
    sdui_free(screen);
    sdui_free(diags);
    sdui_engine_free(engine);
    free(root);
}
