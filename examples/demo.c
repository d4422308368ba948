/*
** demo.c -- a small C host for sdui whose components and actions are Lua
** scripts: the entertainment home page of examples/home.json rendered in a
** terminal, two buttons pressed (and the second again, now disabled: not
** pressed), the state and the screen shown again, then the movie card
** hot-swapped for a new version while the state stays, and a restart: a
** new engine on the same state folder finds the favourite (the favorites
** service is persistent: sdui_persist_directory(), sdui.h "Persistence").
**
** Usage: demo PAGE.json SCRIPTS_DIR V2_DIR
**
**   PAGE.json    the page (examples/home.json)
**   SCRIPTS_DIR  the scripts (lua/examples/scripts): copied into a temporary
**                folder, which the engine's script host loads
**   V2_DIR       new versions of some scripts (lua/examples/scripts_v2),
**                copied over the temporary folder before sdui_scripts_reload()
**
** The persistent services' files go to the folder "state" inside the
** temporary folder, which goes away with it.
**
** The host side of the script host (include/sdui_scripts.h): sdui_scripts_load() gives
** the engine its services, factories and handlers from the scripts; the host
** only loads the page, renders, presses buttons by dispatching the action
** the rendered view carries (unless the button is disabled), and reloads
** the scripts.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "json.h"
#include "sdui.h"
#include "sdui_scripts.h"

/* ------------------------------------------------------------------------
** Files: the scripts are copied to a temporary folder of our own, so that
** the hot swap can overwrite one without touching the repository.
*/

/* "dir/name", malloc'd; NULL when out of memory. */
static char *path_join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *p = malloc(a + 1 + b + 1);
    if (p == NULL)
        return NULL;
    memcpy(p, dir, a);
    p[a] = '/';
    memcpy(p + a + 1, name, b + 1);
    return p;
}

/* Copies the file `from` to `to` (created or truncated). 0, or -1 with a message printed. */
static int copy_file(const char *from, const char *to)
{
    size_t len = 0;
    char *data = read_file(from, &len);
    if (data == NULL) {
        fprintf(stderr, "demo: cannot read %s: %s\n", from, strerror(errno));
        return -1;
    }
    FILE *f = fopen(to, "wb");
    int ok = f != NULL && fwrite(data, 1, len, f) == len;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    free(data);
    if (!ok) {
        fprintf(stderr, "demo: cannot write %s: %s\n", to, strerror(errno));
        return -1;
    }
    return 0;
}

/* Copies the files and folders inside `from` into the existing folder `to`,
** replacing files of the same name. 0, or -1 with a message printed. */
static int copy_tree(const char *from, const char *to)
{
    DIR *dir = opendir(from);
    if (dir == NULL) {
        fprintf(stderr, "demo: cannot open folder %s: %s\n", from, strerror(errno));
        return -1;
    }
    int rc = 0;
    struct dirent *entry;
    while (rc == 0 && (entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char *src = path_join(from, entry->d_name);
        char *dst = path_join(to, entry->d_name);
        struct stat st;
        if (src == NULL || dst == NULL) {
            fprintf(stderr, "demo: out of memory\n");
            rc = -1;
        } else if (stat(src, &st) != 0) {
            fprintf(stderr, "demo: cannot stat %s: %s\n", src, strerror(errno));
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            if (mkdir(dst, 0700) != 0 && errno != EEXIST) {
                fprintf(stderr, "demo: cannot create %s: %s\n", dst, strerror(errno));
                rc = -1;
            } else {
                rc = copy_tree(src, dst);
            }
        } else if (S_ISREG(st.st_mode)) {
            rc = copy_file(src, dst);
        }
        free(src);
        free(dst);
    }
    closedir(dir);
    return rc;
}

/* Removes `path` and everything inside it; problems are reported, not fatal. */
static void remove_tree(const char *path)
{
    DIR *dir = opendir(path);
    if (dir != NULL) {
        struct dirent *entry;
        while ((entry = readdir(dir)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
                continue;
            char *child = path_join(path, entry->d_name);
            if (child == NULL)
                continue;
            struct stat st;
            if (lstat(child, &st) == 0 && S_ISDIR(st.st_mode))
                remove_tree(child);
            else if (unlink(child) != 0)
                fprintf(stderr, "demo: cannot remove %s: %s\n", child, strerror(errno));
            free(child);
        }
        closedir(dir);
    }
    if (rmdir(path) != 0)
        fprintf(stderr, "demo: cannot remove %s: %s\n", path, strerror(errno));
}

/* ------------------------------------------------------------------------
** Finding a button on screen. A real UI keeps its widgets; this host reads
** the screen sdui_render_json() returns with the shared JSON reader
** (examples/common/json.h).
*/

static int is(const char *s, const char *t)
{
    return s != NULL && strcmp(s, t) == 0;
}

/* The first button with `key` (any button when key is NULL) in the node tree at `node`; NULL when none. */
static const json *find_keyed_button(const json *node, const char *key)
{
    if (is(json_get_string(node, "type"), "button") && (key == NULL || is(json_get_string(node, "key"), key)))
        return node;
    const json *children = json_get(node, "children");
    for (size_t i = 0; i < json_count(children); i++) {
        const json *found = find_keyed_button(json_at(children, i), key);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* A button on screen: its component, its label and the action it carries. */
struct button {
    char component[64];
    char label[64];
    char *action; /* malloc'd JSON */
    int disabled; /* a disabled button: the host never presses it */
    char tooltip[128];
};

/* The button with `key` in the `nth` (0-based) component of type `type`. */
static int find_button(const char *screen, size_t screen_len, const char *type, int nth, const char *key,
                       struct button *out)
{
    json *doc = json_parse(screen, screen_len, NULL, 0);
    const json *components = json_get(doc, "components");
    int rc = -1;
    for (size_t i = 0; i < json_count(components); i++) {
        const json *component = json_at(components, i);
        if (!is(json_get_string(component, "type"), type) || nth-- > 0)
            continue;
        const json *button = find_keyed_button(json_get(component, "view"), key);
        const json *action = json_get(button, "action"); /* NULL when there is no button */
        if (action == NULL)
            break;
        const char *id = json_get_string(component, "id"), *label = json_get_string(button, "label");
        snprintf(out->component, sizeof out->component, "%s", id != NULL ? id : "");
        snprintf(out->label, sizeof out->label, "%s", label != NULL ? label : "");
        const json *disabled = json_get(button, "disabled"), *tooltip = json_get(button, "tooltip");
        out->disabled = disabled != NULL && disabled->type == JSON_TRUE;
        snprintf(out->tooltip, sizeof out->tooltip, "%s",
                 tooltip != NULL && tooltip->type == JSON_STRING ? tooltip->string : "");
        out->action = malloc(action->rawlen + 1);
        if (out->action != NULL) {
            memcpy(out->action, action->raw, action->rawlen);
            out->action[action->rawlen] = '\0';
            rc = 0;
        }
        break;
    }
    json_free(doc);
    return rc;
}

/* ------------------------------------------------------------------------
** Output.
*/

/* Prints compact JSON with one member or element a line. */
static void print_pretty(const char *text)
{
    size_t n = 0;
    char *pretty = json_pretty(text, strlen(text), &n);
    if (pretty != NULL)
        fwrite(pretty, 1, n, stdout);
    else
        printf("%s\n", text); /* out of memory: as it came */
    free(pretty);
}

static void report(sdui_engine *e, const char *what, int status)
{
    fflush(stdout);
    fprintf(stderr, "demo: %s failed: %s (%d): %s\n", what, sdui_errstr(status), status, sdui_errmsg(e));
}

#define TRY(expr)                          \
    do {                                   \
        int st_ = (expr);                  \
        if (st_ != SDUI_OK) {              \
            report(engine, #expr, st_);    \
            goto done;                     \
        }                                  \
    } while (0)

/* Renders the page as text under a heading; with `only_type`, just the
** blocks of components of that type. Returns the sdui status for TRY. */
static int show_page(sdui_engine *engine, const char *heading, const char *only_type)
{
    char *text = NULL;
    int st = sdui_render_text(engine, &text, NULL);
    if (st != SDUI_OK)
        return st;
    printf("== %s ==\n", heading);
    int shown = only_type == NULL;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (only_type != NULL && strncmp(line, "\xe2\x96\x8c ", 4) == 0) { /* "▌ id (Type)" */
            char *open = memchr(line, '(', n);
            size_t tn = strlen(only_type);
            shown = open != NULL && (size_t)(line + n - open) == tn + 2 && memcmp(open + 1, only_type, tn) == 0;
        }
        if (shown)
            printf("%.*s\n", (int)n, line);
        line += end ? n + 1 : n;
    }
    putchar('\n');
    sdui_free(text);
    return SDUI_OK;
}

static int show_state(sdui_engine *engine, const char *service)
{
    char *json = NULL;
    int st = sdui_state_json(engine, service, NULL, &json, NULL);
    if (st != SDUI_OK)
        return st;
    printf("%s: ", service);
    print_pretty(json);
    sdui_free(json);
    return SDUI_OK;
}

/* Presses the button with `key` on the `nth` component of `type`, as the
** last render put it on screen: dispatches the action it carries. */
static int press(sdui_engine *engine, const char *type, int nth, const char *key)
{
    char *screen = NULL;
    size_t screen_len = 0;
    struct button bt = {{0}, {0}, NULL, 0, {0}};
    int st = sdui_render_json(engine, &screen, &screen_len);
    if (st != SDUI_OK)
        return st;
    if (find_button(screen, screen_len, type, nth, key, &bt) != 0) {
        sdui_free(screen);
        return sdui_report(engine, SDUI_ENOTFOUND, "no such button on screen");
    }
    sdui_free(screen);
    const char *q = strlen(bt.label) <= 4 ? "" : "\""; /* a lone symbol such as ★ goes unquoted */
    if (bt.disabled) { /* drawn as disabled: a host does not let it be pressed */
        printf("== Press %s%s%s on %s ==\n  -> disabled", q, bt.label, q, bt.component);
        if (bt.tooltip[0])
            printf(" (%s)", bt.tooltip);
        printf(": nothing dispatched\n\n");
        free(bt.action);
        return SDUI_OK;
    }
    printf("== Press %s%s%s on %s ==\n  -> %s\n", q, bt.label, q, bt.component, bt.action);
    st = sdui_dispatch(engine, bt.action, strlen(bt.action));
    if (st == SDUI_OK)
        putchar('\n');
    free(bt.action);
    return st;
}

/* Prints what the host has to redraw since it last looked. */
static int show_patches(sdui_engine *engine, const char *heading)
{
    char *json = NULL;
    int st = sdui_patches_json(engine, &json, NULL);
    if (st != SDUI_OK)
        return st;
    printf("== %s ==\n", heading);
    print_pretty(json);
    putchar('\n');
    sdui_free(json);
    return SDUI_OK;
}

static int dispatch_text(sdui_engine *engine, const char *action)
{
    printf("== Dispatch ==\n  -> %s\n\n", action);
    return sdui_dispatch(engine, action, strlen(action));
}

/* The host's side of "request" effects: it notes the request and answers
** later from its own loop, as a real host would after the network replied. */
struct pending_request {
    long long id;
    char url[256];
};

static int perform_request(sdui_call *call, void *userdata)
{
    struct pending_request *request = userdata;
    double id = 0;
    const char *url = sdui_call_string(call, SDUI_INPUT, "url");
    if (sdui_call_number(call, SDUI_INPUT, "id", &id) != SDUI_OK || url == NULL) {
        sdui_call_error(call, "a request effect needs an id and a url");
        return SDUI_ERROR;
    }
    request->id = (long long)id;
    snprintf(request->url, sizeof request->url, "%s", url);
    printf("  (host: request effect %lld to %s, answering later)\n", request->id, request->url);
    return SDUI_OK;
}

int main(int argc, char **argv)
{
    sdui_engine *engine = NULL;
    char *page = NULL, *diagnostics = NULL;
    char folder[4096] = "", state[4200] = "";
    size_t page_len = 0;
    int rc = 1;

    if (argc != 4) {
        fprintf(stderr, "usage: %s PAGE.json SCRIPTS_DIR V2_DIR\n", argv[0]);
        return 2;
    }
    page = read_file(argv[1], &page_len);
    if (page == NULL) {
        fprintf(stderr, "demo: cannot read %s: %s\n", argv[1], strerror(errno));
        return 1;
    }

    const char *tmp = getenv("TMPDIR");
    snprintf(folder, sizeof folder, "%s/sdui-demo-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(folder) == NULL) {
        fprintf(stderr, "demo: cannot create a temporary folder %s: %s\n", folder, strerror(errno));
        folder[0] = '\0';
        goto done;
    }
    if (copy_tree(argv[2], folder) != 0)
        goto done;
    snprintf(state, sizeof state, "%s/state", folder);

    engine = sdui_engine_new();
    if (engine == NULL) {
        fprintf(stderr, "demo: out of memory\n");
        goto done;
    }
    printf("sdui %s (header %s), scripts from %s\n\n", sdui_libversion(), SDUI_VERSION, argv[2]);
    if (sdui_libversion_number() != SDUI_VERSION_NUMBER)
        fprintf(stderr, "demo: warning: built against sdui %s but running with %s\n", SDUI_VERSION,
                sdui_libversion());

    /* Where persistent services save (created when missing), then the scripts:
       they declare the services and register every factory and handler. */
    TRY(sdui_persist_directory(engine, state));
    TRY(sdui_scripts_load(engine, folder));
    TRY(sdui_load_page(engine, page, page_len));
    TRY(show_page(engine, "Home page", NULL));

    TRY(sdui_diagnostics_json(engine, &diagnostics, NULL));
    printf("== Diagnostics ==\n");
    print_pretty(diagnostics);
    putchar('\n');

    /* The favourite star of the first movie card, "Add to order" of the second.
       Pressing renders first, so the patches after the star are exactly its change. */
    TRY(press(engine, "MovieCardComponent", 0, "favorite"));
    TRY(show_patches(engine, "Patches after the star: one component, one node"));
    TRY(press(engine, "MovieCardComponent", 1, "order"));
    TRY(press(engine, "MovieCardComponent", 1, "order")); /* now in the order: disabled */

    printf("== State ==\n");
    TRY(show_state(engine, "favorites"));
    TRY(show_state(engine, "order"));
    putchar('\n');

    TRY(show_page(engine, "Home page, updated", NULL));

    /* A delayed action: snoozing the notification hides it and asks, through
       an "after" effect, for it to come back 3000 ms later in engine time,
       which moves only when the host calls sdui_tick. */
    int fired = 0;
    TRY(dispatch_text(engine, "{\"type\":\"notifications/snooze\",\"payload\":{\"id\":\"notice-welcome\",\"ms\":3000}}"));
    TRY(show_page(engine, "Notification, snoozed", "NotificationComponent"));
    printf("next delayed action due in %lld ms\n", sdui_next_timer(engine));
    TRY(sdui_tick(engine, 2999, &fired));
    printf("sdui_tick(2999): %d fired\n", fired);
    TRY(sdui_tick(engine, 3000, &fired));
    printf("sdui_tick(3000): %d fired\n\n", fired);
    TRY(show_page(engine, "Notification, back", "NotificationComponent"));

    /* A request effect: checkout emits it; the host performs it and finishes
       it later; its on_success chain (order/confirmed) updates the order. */
    struct pending_request request = {0, ""};
    TRY(sdui_register_effect(engine, "request", perform_request, &request, NULL));
    TRY(press(engine, "CartSummaryComponent", 0, NULL));
    TRY(show_page(engine, "Cart, while the request is out", "CartSummaryComponent"));
    const char *answer = "{\"confirmation\":\"A1B2\"}";
    TRY(sdui_finish_effect(engine, request.id, 1, answer, strlen(answer)));
    printf("(host: finished request %lld with {\"confirmation\":\"A1B2\"})\n\n", request.id);
    TRY(show_page(engine, "Cart, after the success chain", "CartSummaryComponent"));
    TRY(show_state(engine, "order"));
    putchar('\n');

    /* The hot swap: new script versions over the loaded folder, then a reload. */
    if (copy_tree(argv[3], folder) != 0)
        goto done;
    TRY(sdui_scripts_reload(engine));
    printf("(copied %s over the scripts and called sdui_scripts_reload)\n\n", argv[3]);
    TRY(show_page(engine, "Movie cards after the hot swap", "MovieCardComponent"));
    printf("== State, kept across the reload ==\n");
    TRY(show_state(engine, "favorites"));
    TRY(show_state(engine, "order"));
    putchar('\n');

    /* A restart: a new engine on the same state folder restores the
       favourites as the scripts declare them persistent; the order, which
       is not persistent, starts empty again. */
    sdui_engine_free(engine);
    engine = sdui_engine_new();
    if (engine == NULL) {
        fprintf(stderr, "demo: out of memory\n");
        goto done;
    }
    TRY(sdui_persist_directory(engine, state));
    TRY(sdui_scripts_load(engine, folder));
    printf("== State after a restart (a new engine, the same state folder) ==\n");
    TRY(show_state(engine, "favorites"));
    TRY(show_state(engine, "order"));
    rc = 0;

done:
    sdui_free(diagnostics);
    sdui_engine_free(engine);
    if (folder[0] != '\0')
        remove_tree(folder);
    free(page);
    return rc;
}
