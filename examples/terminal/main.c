/*
** terminal -- an interactive full-screen host for sdui: the page drawn
** from the engine's layout, buttons and tap targets focused with Tab (in
** the layout's reading order) and pressed with Enter (a disabled button is drawn dimmed and never pressed;
** the focused one's role and accessible name, as a screen reader would say
** them, and its tooltip are on the status line), inputs focused with Tab
** and edited (typing, Backspace; Space or Enter flips a toggle; Left/Right
** choose, digits tick a multiple choice; Esc leaves) through
** sdui_set_input(), scrolling, live reload of the Lua scripts, a lazy list,
** and pages: a button whose action opens a route (navigation/open) shows
** that route's page, and b (or Backspace, or Esc outside an input) goes
** back to the page before at the row it was left at.
** A rail (a row wider than the screen) scrolls sideways to show the button
** Tab focuses in it, ‹ and › on its edges while more of it is past them.
** the theme's light and dark appearance switched with d (sdui_set_appearance()).
**
** Usage: terminal [--script-time-ms MS] [--script-instructions N]
**                 PAGE.json SCRIPTS_DIR [ROUTE]
**
** ROUTE (a deep link, such as /genre/kids) opens that route's page over
** the home page at start; b goes back to the home page.
** --script-time-ms and --script-instructions set the script host's limits
** for each script run and callback (sdui_scripts_limit():
** SDUI_SCRIPT_LIMIT_TIME, default 1000 ms, and
** SDUI_SCRIPT_LIMIT_INSTRUCTIONS, default 10 million; 0: no limit).
**
** Pages. PAGE.json is the route "/"; the route "/a/b" is the file a/b.json
** next to it (letters, digits, '-', '_' and '/' only). The host is the
** engine's "navigation/fetch" performer: it reads the file and finishes the
** effect with it, or fails it when there is none ("no page for /a/b").
**
** How it draws. Views size things in points; the engine lays them out in
** points with a terminal cell's size (sdui_set_cell_size(), CELL_WIDTH_PT x
** CELL_HEIGHT_PT in draw.h), and the host turns the layout into cells
** (layout_in_cells). sdui_layout_json() gives every node its frame, its
** role, accessible name and shown text and an input's kind;
** sdui_render_json() and then the patches of sdui_patches_json() give the
** rest of each node's content by id (model.c). After a key
** press, a timer, a finished request or a script reload the host pulls the
** patches, updates the content of the nodes they name, lays the page out
** again (the engine re-lays-out only the components that changed) and
** redraws only the rows of the components the patches named, or the whole
** screen when positions moved (a component changed height, came or went)
** or the page scrolled.
**
** SDUI_TERMINAL_TRACE=FILE appends one line a redraw to FILE (which rows
** and why), and one when the host quits (why, and after which engine
** call), for tests.
**
** Persistent state. The services the scripts declare persistent (the
** favourites: `persist = { "favorites" }` in favorites.lua) are saved after
** each change in a folder, one NAME.json file a service, and restored at
** the next start: $SDUI_STATE_DIR when it is set (empty: nowhere, the state
** lives in memory only), else $XDG_STATE_HOME/sdui/demo, else
** ~/.local/state/sdui/demo. A folder that cannot be used is reported on the
** status line and the host goes on without it.
**
** Quitting while a script is busy. A script's callback (a factory, an
** action handler, a timer's action) may take up to its deadline (the
** time limit above) before the engine stops it, and one engine call may
** run several. The host quits all the same:
** - SIGINT (Ctrl-C), SIGTERM and SIGHUP interrupt the script running
**   (signals.c: sdui_scripts_interrupt(), again every 50 ms while the host
**   quits), so the engine call returns within moments;
** - q is read between any two engine calls, without waiting (keys.c): a q
**   typed while a callback runs quits as soon as that call returns, at
**   most one deadline later (unless the focus is in an input that takes
**   text: the q is typed there, in its turn). Other keys typed meanwhile
**   are handled in order once the host is idle again;
** - once quitting, the host makes no other engine call that may run a
**   script (ENGINE below).
** q, SIGINT and SIGTERM end the same way: the screen restored (endwin),
** status 0. The persistent services need nothing more: each change was
** saved when its dispatch committed; a dispatch a signal interrupted was
** rolled back, and the last saved state stays.
**
** Losing the terminal. When the terminal goes away (its tmux server killed,
** an ssh connection dropped) the host exits at once with status 2: on
** SIGHUP (which interrupts a busy script, as above), and also when no
** signal comes (a process in another session), because it waits for keys
** with poll() and a hang-up, an error or an end of input on stdin ends the
** loop; between engine calls it looks for a hang-up too (without a signal,
** one callback still runs to its end or its deadline first). It then
** restores nothing on a terminal it can no longer reach.
**
** Nothing the host writes on the terminal carries a control sequence from
** a page, a script or a message: curses draws text cluster by cluster and
** leaves out every control character (C0 with ESC, DEL, C1: text.c), and
** the messages on stderr have them replaced by '?' (complain).
*/
#define _POSIX_C_SOURCE 200809L
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define NCURSES_WIDECHAR 1

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "draw.h"
#include "files.h"
#include "json.h"
#include "keys.h"
#include "model.h"
#include "sdui.h"
#include "sdui_scripts.h"
#include "signals.h"
#include "text.h"

#define SHORT_HINT "Tab \xc2\xb7 Enter \xc2\xb7 \xe2\x86\x91\xe2\x86\x93 \xc2\xb7 b \xc2\xb7 d \xc2\xb7 r \xc2\xb7 q"
#define HINT                                                                                                          \
    "Tab focus \xc2\xb7 Enter press \xc2\xb7 \xe2\x86\x91\xe2\x86\x93 PgUp PgDn scroll \xc2\xb7 b back \xc2\xb7 d dark/light "   \
    "\xc2\xb7 r reload \xc2\xb7 q quit"
#define REQUEST_MS 1000 /* how long the fake network takes */
#define POLL_MS 200     /* the longest wait for a key */

/* What Tab moves the focus to and Enter presses: a button, or a tap target
** (a container or image with an action, which has no button chrome). */
typedef struct {
    char *id;
    int y, x, h, w; /* on the page, as laid out (a rail's scroll aside) */
    int order;      /* in tree order (a tap target comes before what it holds), then its rank on the page */
    int reading;    /* its place in the layout's reading order (see rebuild_targets) */
    int input;      /* an input's kind (sdui_input_kind), or -2 for any other node */
    char *rail;     /* the rail it is in (the innermost), or NULL */
    int rail_y, rail_x, rail_h, rail_w; /* that rail's frame on the page */
} target;

typedef struct {
    long long id, due;
} request;

static struct {
    sdui_engine *engine;
    const char *scripts;
    const char *page_path; /* the route "/"; the other routes' files are next to it */
    json *layout;
    int cols, rows, status_rows;
    int scroll;
    int at_end;           /* End was the last scroll: stay at the bottom as estimates settle */
    char *focus;
    target *targets;      /* in page order */
    int ntargets;
    unsigned char *dirty; /* a flag a screen row */
    int full;             /* redraw everything */
    int viewport_stale;
    char reason[256];     /* why the next redraw happens (for the trace) */
    request *requests;
    int nrequests, crequests;
    long long start_ms;
    int ndiagnostics;
    char diagnostic[512];
    char fallback[512];   /* a reloaded factory that failed: its message, "— showing the previous version" */
    char error[512];
    char event[512];
    FILE *trace;
    int quit;              /* quitting: q, a signal, or the terminal gone */
    int hangup;            /* the terminal is gone: SIGHUP, or stdin hung up */
    const char *last_call; /* the engine call that returned last, while busy (for the trace); NULL when idle */
} app;

static long long clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Engine time: milliseconds since the host started. */
static long long now_ms(void)
{
    return clock_ms() - app.start_ms;
}

static void set_text(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    /* One line: newlines (a reload's list of failures) become " | ". */
    for (char *p = dst; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = p[1] ? '|' : '\0';
}

static void report_error(const char *what)
{
    set_text(app.error, sizeof app.error, "%s: %s", what, sdui_errmsg(app.engine));
}

/* "terminal: MESSAGE" on stderr, with no control character: an engine's
** message may quote a page's or a script's text. */
static void complain(const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    text_clean(text);
    fprintf(stderr, "terminal: %s\n", text);
}

/*
** The folder of the persistent services' files, as the header says, into
** `out`; returns 0 when the state is to stay in memory (SDUI_STATE_DIR set
** and empty, or no home to put it in).
*/
static int state_folder(char *out, size_t size)
{
    const char *dir = getenv("SDUI_STATE_DIR");
    if (dir != NULL)
        return *dir && snprintf(out, size, "%s", dir) < (int)size;
    const char *xdg = getenv("XDG_STATE_HOME");
    if (xdg != NULL && xdg[0] == '/')
        return snprintf(out, size, "%s/sdui/demo", xdg) < (int)size;
    const char *home = getenv("HOME");
    return home != NULL && *home && snprintf(out, size, "%s/.local/state/sdui/demo", home) < (int)size;
}

static void trace_line(const char *fmt, ...)
{
    if (app.trace == NULL)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(app.trace, fmt, ap);
    va_end(ap);
    fputc('\n', app.trace);
    fflush(app.trace);
}

/* ------------------------------------------------------------------------
** Quitting (the header's "Quitting while a script is busy").
*/

static void quit_for(const char *why)
{
    if (app.quit)
        return;
    app.quit = 1;
    trace_line("quit: %s", why);
}

/* True once the host is quitting: q, a signal (SIGHUP: the terminal is
** gone), or a terminal found gone. */
static int quitting(void)
{
    if (!app.quit && signals_caught() != 0) {
        char why[128];
        snprintf(why, sizeof why, "%s%s%s%s", signals_name(), app.last_call ? ", seen after " : "",
                 app.last_call ? app.last_call : "", app.last_call ? " returned" : "");
        if (signals_caught() == SIGHUP)
            app.hangup = 1;
        quit_for(why);
    }
    return app.quit;
}

static int find_target(const char *id);

/* The focused node's input kind (sdui_input_kind), or -2 when it is no input. */
static int focus_input(void)
{
    int i = find_target(app.focus);
    return i >= 0 ? app.targets[i].input : -2;
}

/* A focused input that takes typed characters (q goes into it). */
static int typing(void)
{
    int kind = focus_input();
    return kind != -2 && kind != SDUI_INPUT_TOGGLE && kind != SDUI_INPUT_CHOICE;
}

/* After engine call `call` returned `status`: the keys typed meanwhile
** are read, without waiting, and queued; a q among them quits, as does a
** terminal that hung up. Gives `status`. */
static int returned(const char *call, int status)
{
    app.last_call = call;
    if (quitting())
        return status;
    char why[128];
    if (keys_read() < 0) {
        app.hangup = 1;
        snprintf(why, sizeof why, "the terminal went away, seen after %s returned", call);
        quit_for(why);
    } else if (!typing() && (keys_just_read('q') || keys_just_read('Q'))) {
        snprintf(why, sizeof why, "q, read after %s returned", call);
        quit_for(why);
    }
    return status;
}

/*
** ENGINE(sdui_x, args...): every engine call that may run a script (a
** factory, a handler, a timer's action, a script loading) is made so. Once
** the host is quitting it is not made at all and gives SDUI_ERROR;
** otherwise its status, after returned() has looked at the keys and the
** terminal. Calls that run no script (sdui_text_cells, the route, the
** diagnostics...) are made directly.
*/
#define ENGINE(call, ...) (quitting() ? SDUI_ERROR : returned(#call, call(__VA_ARGS__)))

static void damage_all(const char *why)
{
    if (!app.full)
        snprintf(app.reason, sizeof app.reason, "%s", why);
    app.full = 1;
}

/* Marks screen rows [r0, r1) of the page rows [top, bottom). */
static void damage_page_rows(int top, int bottom)
{
    if (app.dirty == NULL) { /* out of memory: no row map, whole screens */
        damage_all("rows");
        return;
    }
    for (int r = top - app.scroll; r < bottom - app.scroll; r++)
        if (r >= 0 && r < app.rows)
            app.dirty[r] = 1;
}

/* ------------------------------------------------------------------------
** The fake network: a "request" effect is answered REQUEST_MS later, from
** the main loop, with a confirmation number.
*/

static int perform_request(sdui_call *call, void *userdata)
{
    (void)userdata;
    double id = 0;
    if (sdui_call_number(call, SDUI_INPUT, "id", &id) != SDUI_OK) {
        sdui_call_error(call, "a request effect needs an id");
        return SDUI_ERROR;
    }
    if (app.nrequests == app.crequests) {
        int cap = app.crequests ? app.crequests * 2 : 4;
        request *r = realloc(app.requests, (size_t)cap * sizeof *r);
        if (r == NULL) {
            sdui_call_error(call, "out of memory");
            return SDUI_ENOMEM;
        }
        app.requests = r;
        app.crequests = cap;
    }
    app.requests[app.nrequests].id = (long long)id;
    app.requests[app.nrequests].due = now_ms() + REQUEST_MS;
    app.nrequests++;
    const char *method = sdui_call_string(call, SDUI_INPUT, "method");
    const char *url = sdui_call_string(call, SDUI_INPUT, "url");
    set_text(app.event, sizeof app.event, "request %s %s (answer in 1 s)", method ? method : "GET", url ? url : "?");
    return SDUI_OK;
}

/* ------------------------------------------------------------------------
** Pages: the "navigation/fetch" performer answers from the files next to
** the page (PAGE.json is "/", "/genre/drama" genre/drama.json), at once.
*/

static int perform_fetch(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *route = sdui_call_string(call, SDUI_INPUT, "route");
    if (route == NULL || route[0] != '/') {
        sdui_call_error(call, "a route starts with /");
        return SDUI_ERROR;
    }
    int home = strcmp(route, "/") == 0;
    int safe = home || (strstr(route, "//") == NULL && route[strlen(route) - 1] != '/');
    for (const char *p = route; *p && safe; p++)
        safe = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
               *p == '_' || *p == '/';
    char path[4096], why[512];
    if (home) {
        snprintf(path, sizeof path, "%s", app.page_path);
    } else {
        const char *slash = strrchr(app.page_path, '/');
        int dir = slash ? (int)(slash - app.page_path) : 1;
        snprintf(path, sizeof path, "%.*s%s.json", dir, slash ? app.page_path : ".", route);
    }
    size_t len = 0;
    char *page = safe ? read_file(path, &len) : NULL;
    if (page == NULL) {
        /* The route has only safe characters here, or is not repeated. */
        snprintf(why, sizeof why, "\"no page for %s\"", safe ? route : "that route");
        return sdui_call_finish(call, 0, why, strlen(why));
    }
    int status = sdui_call_finish(call, 1, page, len);
    free(page);
    return status;
}

/* The current page's route (for the status line), or "-". */
static void current_route(char *out, size_t size)
{
    char *route = NULL;
    if (sdui_navigation_route(app.engine, &route, NULL) == SDUI_OK)
        snprintf(out, size, "%s", route);
    else
        snprintf(out, size, "-");
    sdui_free(route);
}

/* ------------------------------------------------------------------------
** Layout, focus order, patches.
*/

static int compare_targets(const void *a, const void *b)
{
    const target *x = a, *y = b;
    if (x->y != y->y)
        return x->y < y->y ? -1 : 1;
    if (x->x != y->x)
        return x->x < y->x ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* A node Tab stops at: a button, an input, or any other node with an
** action (a tap target: a container or an image). Disabled buttons too, so
** their tooltip can be read; Enter does nothing on them. Not one laid out
** empty (collect_targets). */
static int is_target(const char *type, const char *id)
{
    if (strcmp(type, "button") == 0 || strcmp(type, "input") == 0)
        return 1;
    const content *c = model_get(id);
    return c != NULL && c->action != NULL;
}

/* Collects the targets of `node`'s subtree; `rail` is the innermost rail around it, or NULL. */
static void collect_targets(const json *node, int top, const json *rail, int *cap)
{
    const char *type = json_get_string(node, "type");
    const char *id = json_get_string(node, "id");
    const json *frame = json_get(node, "frame");
    /* laid out empty (a page its pager hides): not on the screen, not a stop */
    int shown = json_get_number(frame, "width", 0) > 0 && json_get_number(frame, "height", 0) > 0;
    if (type != NULL && id != NULL && frame != NULL && shown && is_target(type, id)) {
        if (app.ntargets == *cap) {
            int ncap = *cap ? *cap * 2 : 32;
            target *b = realloc(app.targets, (size_t)ncap * sizeof *b);
            if (b == NULL)
                return;
            app.targets = b;
            *cap = ncap;
        }
        size_t n = strlen(id) + 1;
        char *copy = malloc(n);
        if (copy == NULL)
            return;
        memcpy(copy, id, n);
        target *b = &app.targets[app.ntargets++];
        b->id = copy;
        b->order = app.ntargets - 1;
        b->input = strcmp(type, "input") == 0 ? (int)json_get_number(node, "inputKind", SDUI_INPUT_UNKNOWN) : -2;
        b->y = top + frame_cells(frame, "y", 0);
        b->x = frame_cells(frame, "x", 0);
        b->h = frame_cells(frame, "height", 1);
        b->w = frame_cells(frame, "width", 0);
        if (b->h < 1)
            b->h = 1;
        const json *rf = json_get(rail, "frame");
        b->rail = rail != NULL ? strdup(json_get_string(rail, "id")) : NULL;
        b->rail_y = top + frame_cells(rf, "y", 0);
        b->rail_x = frame_cells(rf, "x", 0);
        b->rail_h = frame_cells(rf, "height", 0);
        b->rail_w = frame_cells(rf, "width", 0);
    }
    if (type != NULL && id != NULL && strcmp(type, "rail") == 0)
        rail = node;
    const json *children = json_get(node, "children");
    for (size_t i = 0; i < json_count(children); i++)
        collect_targets(json_at(children, i), top, rail, cap);
}

static void free_targets(void)
{
    for (int i = 0; i < app.ntargets; i++) {
        free(app.targets[i].id);
        free(app.targets[i].rail);
    }
    free(app.targets);
    app.targets = NULL;
    app.ntargets = 0;
}

/* An id and its place in the layout's "readingOrder", sorted by id for bsearch. */
typedef struct {
    const char *id;
    int place;
} reading_place;

static int compare_places(const void *a, const void *b)
{
    return strcmp(((const reading_place *)a)->id, ((const reading_place *)b)->id);
}

static int compare_reading(const void *a, const void *b)
{
    const target *x = a, *y = b;
    if (x->reading != y->reading)
        return x->reading < y->reading ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/*
** Buttons, inputs and tap targets (what Tab focuses) in the order a screen
** reader visits them: the layout's "readingOrder" (rows top to bottom,
** each from its leading edge: right to left under direction rtl). A target
** the reading order does not list (a button inside a tap target, which is
** read as one element; a page a pager hides) keeps its place on the page:
** right after the target before it, top to bottom and left to right.
*/
static void rebuild_targets(void)
{
    int cap = 0;
    free_targets();
    const json *components = json_get(app.layout, "components");
    for (size_t i = 0; i < json_count(components); i++) {
        const json *component = json_at(components, i);
        collect_targets(json_get(component, "root"), frame_cells(component, "y", 0), NULL, &cap);
    }
    qsort(app.targets, (size_t)app.ntargets, sizeof *app.targets, compare_targets);
    const json *order = json_get(app.layout, "readingOrder");
    size_t n = json_count(order);
    reading_place *places = n > 0 ? malloc(n * sizeof *places) : NULL;
    size_t listed = 0;
    for (size_t i = 0; places != NULL && i < n; i++) {
        const json *id = json_at(order, i);
        if (id != NULL && id->type == JSON_STRING)
            places[listed++] = (reading_place){id->string, (int)i};
    }
    if (places != NULL)
        qsort(places, listed, sizeof *places, compare_places);
    /* Each target's key: twice its reading place, or one more than the
       target before it on the page (so it stays right after that one). */
    int last = -1;
    for (int i = 0; i < app.ntargets; i++) {
        reading_place key = {app.targets[i].id, 0};
        const reading_place *found = places ? bsearch(&key, places, listed, sizeof *places, compare_places) : NULL;
        app.targets[i].reading = found != NULL ? 2 * found->place : last + 1;
        last = app.targets[i].reading;
        app.targets[i].order = i;
    }
    free(places);
    qsort(app.targets, (size_t)app.ntargets, sizeof *app.targets, compare_reading);
}

static int find_target(const char *id)
{
    for (int i = 0; id != NULL && i < app.ntargets; i++)
        if (strcmp(app.targets[i].id, id) == 0)
            return i;
    return -1;
}

static int page_height(void)
{
    int h = frame_cells(app.layout, "height", 0);
    return h > 0 ? h : 0;
}

static int max_scroll(void)
{
    int m = page_height() - app.rows;
    return m > 0 ? m : 0;
}

/* Scrolls to page row `s` (clamped). */
static void set_scroll(int s)
{
    if (s > max_scroll())
        s = max_scroll();
    if (s < 0)
        s = 0;
    if (s == app.scroll)
        return;
    app.scroll = s;
    app.viewport_stale = 1;
    damage_all("scroll");
}

/* True when components, in order, sit where they sat. */
static int same_places(const json *a, const json *b)
{
    const json *ca = json_get(a, "components"), *cb = json_get(b, "components");
    if (a == NULL || b == NULL || json_count(ca) != json_count(cb))
        return 0;
    if (json_get_number(a, "height", -1) != json_get_number(b, "height", -1))
        return 0;
    for (size_t i = 0; i < json_count(ca); i++) {
        const json *x = json_at(ca, i), *y = json_at(cb, i);
        const char *ix = json_get_string(x, "id"), *iy = json_get_string(y, "id");
        int tx, bx, ty, by;
        if (ix == NULL || iy == NULL || strcmp(ix, iy) != 0 || component_rows(x, &tx, &bx) != 0 ||
            component_rows(y, &ty, &by) != 0 || tx != ty || bx != by)
            return 0;
    }
    return 1;
}

/* Lays the page out again. With `t`, only its components changed: their
** rows are redrawn unless something moved; without, everything is. */
static void relayout(const touched *t)
{
    char *text = NULL;
    size_t len = 0;
    if (ENGINE(sdui_layout_json, app.engine, (app.cols > 0 ? app.cols : 1) * CELL_WIDTH_PT, &text, &len) != SDUI_OK) {
        report_error("layout");
        return;
    }
    json *layout = json_parse(text, len, NULL, 0);
    sdui_free(text);
    if (layout == NULL) {
        set_text(app.error, sizeof app.error, "layout: cannot read the engine's layout");
        return;
    }
    layout_in_cells(layout); /* from here on, everything is in cells */
    json *old = app.layout;
    app.layout = layout;
    if (t == NULL) {
        damage_all("layout");
    } else if (t->structural || !same_places(old, layout)) {
        damage_all(t->structural ? "components came, went or moved" : "a component changed size");
        app.viewport_stale = 1; /* what is visible may have changed */
    } else {
        const json *components = json_get(layout, "components");
        for (size_t i = 0; i < json_count(components); i++) {
            const json *component = json_at(components, i);
            const char *id = json_get_string(component, "id");
            int top, bottom;
            if (id != NULL && touched_has(t, id) && component_rows(component, &top, &bottom) == 0) {
                damage_page_rows(top, bottom);
                size_t n = strlen(app.reason);
                if (n + strlen(id) + 2 < sizeof app.reason)
                    snprintf(app.reason + n, sizeof app.reason - n, "%s%s", n ? " " : "", id);
            }
        }
    }
    json_free(old);
    rebuild_targets();
    if (app.focus != NULL && find_target(app.focus) < 0) {
        free(app.focus);
        app.focus = NULL;
    }
    set_scroll(app.at_end ? max_scroll() : app.scroll); /* the page may have got shorter or longer */
}

static void refresh_diagnostics(void)
{
    char *text = NULL;
    size_t len = 0;
    if (sdui_diagnostics_json(app.engine, &text, &len) != SDUI_OK)
        return;
    json *d = json_parse(text, len, NULL, 0);
    sdui_free(text);
    if (d == NULL)
        return;
    app.ndiagnostics = (int)json_count(d);
    app.diagnostic[0] = '\0';
    /* Components a reloaded script failed to render, drawn by the previous
       version of their factory (the script host's "factory-warning"s). */
    app.fallback[0] = '\0';
    int fallbacks = 0;
    for (size_t i = 0; i < json_count(d); i++) {
        const json *item = json_at(d, i);
        const char *code = json_get_string(item, "code");
        const char *message = json_get_string(item, "message");
        const char *cut = message ? strstr(message, " (component \"") : NULL;
        if (code == NULL || strcmp(code, "factory-warning") != 0 || cut == NULL ||
            strstr(cut, "showing the previous version") == NULL)
            continue;
        if (fallbacks++ == 0)
            set_text(app.fallback, sizeof app.fallback, "%.*s \xe2\x80\x94 showing the previous version",
                     (int)(cut - message), message);
    }
    if (fallbacks > 1) {
        size_t n = strlen(app.fallback);
        snprintf(app.fallback + n, sizeof app.fallback - n, " (%d components)", fallbacks);
    }
    const json *last = json_at(d, json_count(d) - 1);
    if (last != NULL) {
        const char *component = json_get_string(last, "component");
        const char *message = json_get_string(last, "message");
        set_text(app.diagnostic, sizeof app.diagnostic, "%s%s%s", component ? component : "", component ? ": " : "",
                 message ? message : "");
    }
    json_free(d);
}

/* Loads the whole screen into the model (the start, or a patch not understood). */
static int load_screen(void)
{
    char *text = NULL;
    size_t len = 0;
    if (ENGINE(sdui_render_json, app.engine, &text, &len) != SDUI_OK) {
        report_error("render");
        return -1;
    }
    json *screen = json_parse(text, len, NULL, 0);
    int rc = screen != NULL ? model_load_screen(screen) : -1; /* it copies actions from the text */
    json_free(screen);
    sdui_free(text);
    if (rc != 0)
        set_text(app.error, sizeof app.error, "render: cannot read the engine's screen");
    return rc;
}

/* Pulls the patches since the last look and redraws what they name. */
static void pull_patches(void)
{
    char *text = NULL;
    size_t len = 0;
    touched t = {NULL, 0, 0, 0};
    if (ENGINE(sdui_patches_json, app.engine, &text, &len) != SDUI_OK) {
        report_error("patches");
        return;
    }
    json *doc = json_parse(text, len, NULL, 0);
    size_t n = json_count(json_get(doc, "patches"));
    int ok = doc != NULL && model_apply_patches(doc, &t) == 0; /* it copies actions from the text */
    json_free(doc);
    sdui_free(text);
    if (!ok) {
        load_screen();
        t.structural = 1;
        n = 1;
    }
    if (n > 0) {
        refresh_diagnostics();
        relayout(&t);
    }
    touched_reset(&t);
    free(t.ids);
}

/* Tells the engine what is visible; shows what appeared or left. With
** `pull`, takes the patches it brings (components rendered for the first
** time come as inserts) and lays the page out again. */
static void update_viewport(int pull)
{
    char *text = NULL;
    size_t len = 0;
    app.viewport_stale = 0;
    /* A height of 0 would remove the viewport: a screen with no rows still shows one. */
    if (ENGINE(sdui_set_viewport, app.engine, (app.cols > 0 ? app.cols : 1) * CELL_WIDTH_PT,
               app.scroll * CELL_HEIGHT_PT, (app.rows > 0 ? app.rows : 1) * CELL_HEIGHT_PT, &text, &len) != SDUI_OK) {
        report_error("viewport");
        return;
    }
    json *events = json_parse(text, len, NULL, 0);
    sdui_free(text);
    char appeared[256] = "", left[256] = "";
    for (size_t i = 0; i < json_count(events); i++) {
        const json *e = json_at(events, i);
        const char *type = json_get_string(e, "type"), *id = json_get_string(e, "id");
        if (type == NULL || id == NULL)
            continue;
        char *list = strcmp(type, "appear") == 0 ? appeared : left;
        size_t n = strlen(list);
        if (n + strlen(id) + 2 < sizeof appeared)
            snprintf(list + n, sizeof appeared - n, "%s%s", n ? " " : "", id);
    }
    json_free(events);
    if (appeared[0] || left[0])
        set_text(app.event, sizeof app.event, "%s%s%s%s%s", appeared[0] ? "appeared: " : "", appeared,
                 appeared[0] && left[0] ? " \xc2\xb7 " : "", left[0] ? "left: " : "", left);
    if (pull) {
        pull_patches();
        relayout(NULL); /* the estimates for the rest may have changed */
    }
}

/* ------------------------------------------------------------------------
** Screen.
*/

static void measure_screen(void)
{
    app.cols = COLS;
    app.status_rows = LINES >= 3 ? 2 : LINES >= 1 ? 1 : 0;
    app.rows = LINES - app.status_rows;
    if (app.rows < 0)
        app.rows = 0;
    free(app.dirty);
    app.dirty = calloc((size_t)app.rows + 1, 1);
}

/* The layout node `id` in the subtree of `node`, or NULL. */
static const json *layout_node(const json *node, const char *id)
{
    const char *own = json_get_string(node, "id");
    if (own != NULL && strcmp(own, id) == 0)
        return node;
    const json *children = json_get(node, "children");
    for (size_t i = 0; i < json_count(children); i++) {
        const json *found = layout_node(json_at(children, i), id);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* What a screen reader says for the focused node: its role and accessible
** name as the layout gives them (README, "Accessibility"), as `role "name"`. */
static void describe_focus(const content *f, char *out, size_t size)
{
    const json *node = NULL;
    const json *components = json_get(app.layout, "components");
    for (size_t i = 0; node == NULL && i < json_count(components); i++)
        node = layout_node(json_get(json_at(components, i), "root"), f->id);
    const char *role = json_get_string(node, "role"), *name = json_get_string(node, "name");
    set_text(out, size, ": %s \"%s\"", role != NULL ? role : f->type, name != NULL ? name : "");
}

static void draw_status_rows(void)
{
    char a[1024], b[2048];
    const char *sep = "  \xe2\x94\x82  "; /* │ */
    size_t n = 0;
    /* The short things first: a script failing behind the screen, the
       count, the error, what just happened, the latest diagnostic. */
    if (app.fallback[0])
        n += (size_t)snprintf(a + n, sizeof a - n, "\xe2\x9f\xb2 %s%s", app.fallback, sep); /* ⟲ */
    n += (size_t)snprintf(a + n, sizeof a - n, "\xe2\x9a\xa0 %d diagnostic%s", app.ndiagnostics,
                          app.ndiagnostics == 1 ? "" : "s");
    if (app.error[0] && n < sizeof a)
        n += (size_t)snprintf(a + n, sizeof a - n, "%s\xe2\x9c\x96 %s", sep, app.error);
    if (app.event[0] && n < sizeof a)
        n += (size_t)snprintf(a + n, sizeof a - n, "%s%s", sep, app.event);
    if (app.diagnostic[0] && n < sizeof a)
        snprintf(a + n, sizeof a - n, "%slatest: %s", sep, app.diagnostic);
    int last = page_height() > 0 ? page_height() : 1;
    int bottom = app.scroll + app.rows < last ? app.scroll + app.rows : last;
    /* The focused node: its role and accessible name, "(disabled)", and
       its tooltip (else its accessibility hint), on one line. */
    const content *f = model_get(app.focus);
    char said[640] = "", tip[256] = "";
    if (f != NULL)
        describe_focus(f, said, sizeof said);
    if (f != NULL && (f->tooltip != NULL || f->hint != NULL))
        set_text(tip, sizeof tip, " \xe2\x80\x94 %s", f->tooltip != NULL ? f->tooltip : f->hint); /* " — tooltip" */
    char route[128];
    current_route(route, sizeof route);
    /* the short hint when the long one leaves no room, then none */
    for (int i = 0; i < 3; i++) {
        snprintf(b, sizeof b, "%s%spage: %s%sfocus: %s%s%s%s%srows %d-%d of %d", i == 0 ? HINT : i == 1 ? SHORT_HINT : "",
                 i < 2 ? sep : "", route, sep, app.focus ? app.focus : "-", said, f != NULL && f->disabled ? " (disabled)" : "",
                 tip, sep, app.scroll + 1, bottom, last);
        if (sdui_text_cells(b, strlen(b)) <= app.cols)
            break;
    }
    if (app.status_rows == 2) {
        draw_status(app.rows, a, app.error[0] != 0);
        draw_status(app.rows + 1, b, 0);
    } else if (app.status_rows == 1) {
        draw_status(app.rows, app.error[0] ? a : b, app.error[0] != 0);
    }
}

static void redraw(void)
{
    view v = {app.layout, app.scroll, app.rows, app.cols, app.focus};
    if (app.full || app.dirty == NULL) {
        draw_rows(&v, 0, app.rows);
        trace_line("redraw full: %s", app.reason);
    } else {
        char rows[512] = "";
        size_t n = 0;
        for (int r = 0; r < app.rows;) {
            if (!app.dirty[r]) {
                r++;
                continue;
            }
            int end = r;
            while (end < app.rows && app.dirty[end])
                end++;
            draw_rows(&v, r, end);
            if (n < sizeof rows)
                n += (size_t)snprintf(rows + n, sizeof rows - n, "%s%d-%d", n ? "," : "", r, end - 1);
            r = end;
        }
        if (n > 0)
            trace_line("redraw rows %s: %s", rows, app.reason);
    }
    app.full = 0;
    app.reason[0] = '\0';
    if (app.dirty != NULL)
        memset(app.dirty, 0, (size_t)app.rows);
    draw_status_rows();
    refresh();
}

/* ------------------------------------------------------------------------
** Keys.
*/

static int visible(const target *b)
{
    return b->y + b->h > app.scroll && b->y < app.scroll + app.rows;
}

static void set_focus(int index)
{
    const target *b = &app.targets[index];
    int old = find_target(app.focus);
    if (old >= 0)
        damage_page_rows(app.targets[old].y, app.targets[old].y + app.targets[old].h);
    free(app.focus);
    size_t n = strlen(b->id) + 1;
    app.focus = malloc(n);
    if (app.focus != NULL)
        memcpy(app.focus, b->id, n);
    damage_page_rows(b->y, b->y + b->h);
    if (b->input != -2)
        set_text(app.event, sizeof app.event, "%s: %s", b->id,
                 b->input == SDUI_INPUT_TOGGLE   ? "Space flips it"
                 : b->input == SDUI_INPUT_CHOICE ? "Left/Right choose, digits tick"
                                                 : "type, Backspace; Esc leaves");
    snprintf(app.reason + strlen(app.reason), sizeof app.reason - strlen(app.reason), "%sfocus", app.reason[0] ? " " : "");
    /* Keep it on screen: in a rail, scrolled sideways into the rail's frame (its left edge first). */
    if (b->rail != NULL) {
        int was = model_rail_offset(b->rail), offset = was;
        if (b->x + b->w - offset > b->rail_x + b->rail_w)
            offset = b->x + b->w - (b->rail_x + b->rail_w);
        if (b->x - offset < b->rail_x)
            offset = b->x - b->rail_x;
        if (offset < 0)
            offset = 0;
        if (offset != was && model_set_rail_offset(b->rail, offset) == 0) {
            damage_page_rows(b->rail_y, b->rail_y + b->rail_h);
            snprintf(app.reason + strlen(app.reason), sizeof app.reason - strlen(app.reason), " rail %s at %d",
                     b->rail, offset);
        }
    }
    if (b->y < app.scroll)
        set_scroll(b->y);
    else if (b->y + b->h > app.scroll + app.rows)
        set_scroll(b->y + b->h - app.rows);
}

/* Tab (+1) and Shift-Tab (-1): the next target in page order; when the
** focused one is off screen, the first (last) one on screen. */
static void move_focus(int dir)
{
    int n = app.ntargets;
    if (n == 0)
        return;
    int i = find_target(app.focus);
    if (i >= 0 && visible(&app.targets[i])) {
        i = (i + dir + n) % n;
    } else {
        i = -1;
        for (int k = 0; k < n; k++) {
            int j = dir > 0 ? k : n - 1 - k;
            if (visible(&app.targets[j])) {
                i = j;
                break;
            }
        }
        if (i < 0) { /* nothing on screen: the first one below (above) */
            i = dir > 0 ? 0 : n - 1;
            for (int k = 0; k < n; k++) {
                int j = dir > 0 ? k : n - 1 - k;
                if (dir > 0 ? app.targets[j].y >= app.scroll : app.targets[j].y < app.scroll) {
                    i = j;
                    break;
                }
            }
        }
    }
    set_focus(i);
}

/* The value `value` with the option value `option` ticked or unticked
** (a multiple choice's comma-separated values); malloc'd. */
static char *tick(const char *value, const char *option)
{
    size_t n = strlen(value), o = strlen(option);
    char *out = malloc(n + o + 2);
    if (out == NULL)
        return NULL;
    out[0] = '\0';
    int found = 0;
    for (const char *p = value; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == o && strncmp(p, option, o) == 0)
            found = 1;
        else if (len > 0)
            snprintf(out + strlen(out), n + o + 2 - strlen(out), "%s%.*s", out[0] ? "," : "", (int)len, p);
        p = end ? end + 1 : p + len;
    }
    if (!found)
        snprintf(out + strlen(out), n + o + 2 - strlen(out), "%s%s", out[0] ? "," : "", option);
    return out;
}

/* The focused input's next value for key `ch`, malloc'd; NULL when the key
** does not edit it (Tab, scrolling...). `node` is the input's JSON. */
static char *edited_value(const json *node, int kind, int ch)
{
    const char *value = json_get_string(node, "value");
    if (value == NULL)
        value = "";
    size_t n = strlen(value);
    char *out = NULL;
    if (kind == SDUI_INPUT_TOGGLE) {
        if (ch != ' ' && ch != '\n' && ch != '\r' && ch != KEY_ENTER)
            return NULL;
        const char *on = json_get_string(node, "onValue"), *off = json_get_string(node, "offValue");
        const char *next = strcmp(value, on ? on : "true") == 0 ? (off ? off : "false") : (on ? on : "true");
        n = strlen(next);
        if ((out = malloc(n + 1)) != NULL)
            memcpy(out, next, n + 1);
    } else if (kind == SDUI_INPUT_CHOICE) {
        const json *options = json_get(node, "options");
        const json *multiple = json_get(node, "multiple");
        size_t count = json_count(options);
        if (count == 0)
            return NULL;
        if (multiple != NULL && multiple->type == JSON_TRUE) {
            if (ch < '1' || ch > '9' || (size_t)(ch - '1') >= count)
                return NULL;
            const char *option = json_get_string(json_at(options, (size_t)(ch - '1')), "value");
            return option != NULL ? tick(value, option) : NULL;
        }
        if (ch != KEY_LEFT && ch != KEY_RIGHT && ch != ' ')
            return NULL;
        size_t at = count; /* none chosen: Right takes the first, Left the last */
        for (size_t i = 0; i < count; i++) {
            const char *v = json_get_string(json_at(options, i), "value");
            if (v != NULL && strcmp(v, value) == 0)
                at = i;
        }
        size_t next = ch == KEY_LEFT ? (at == 0 || at == count ? count - 1 : at - 1) : (at + 1 >= count ? 0 : at + 1);
        if (at == count && ch != KEY_LEFT)
            next = 0;
        const char *v = json_get_string(json_at(options, next), "value");
        if (v != NULL && (out = malloc(strlen(v) + 1)) != NULL)
            memcpy(out, v, strlen(v) + 1);
    } else {
        int multiline = kind == SDUI_INPUT_MULTILINE;
        if ((ch >= 32 && ch < 127) || (multiline && (ch == '\n' || ch == '\r' || ch == KEY_ENTER))) {
            if ((out = malloc(n + 2)) != NULL) {
                memcpy(out, value, n);
                out[n] = ch >= 32 ? (char)ch : '\n';
                out[n + 1] = '\0';
            }
        } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
            while (n > 0 && ((unsigned char)value[n - 1] & 0xC0) == 0x80)
                n--; /* the last character's continuation bytes */
            if (n > 0)
                n--;
            if ((out = malloc(n + 1)) != NULL) {
                memcpy(out, value, n);
                out[n] = '\0';
            }
        } else {
            return NULL;
        }
    }
    return out;
}

/* A key on the focused input: its new value goes to the engine with
** sdui_set_input() (the input must be bound to a service). Returns 1 when
** the key was the input's, 0 when it was not (it then does what it does). */
static int edit_input(int ch)
{
    const content *c = model_get(app.focus);
    if (c == NULL || c->input == NULL)
        return 0;
    if (ch == 27) { /* Esc: leave the input */
        int i = find_target(app.focus);
        if (i >= 0)
            damage_page_rows(app.targets[i].y, app.targets[i].y + app.targets[i].h);
        free(app.focus);
        app.focus = NULL;
        set_text(app.event, sizeof app.event, "left the input");
        return 1;
    }
    json *node = json_parse(c->input, strlen(c->input), NULL, 0);
    char *value = node != NULL ? edited_value(node, focus_input(), ch) : NULL;
    int bound = json_get_string(node, "bind") != NULL;
    json_free(node);
    if (value == NULL)
        return 0;
    if (!bound) {
        set_text(app.event, sizeof app.event, "%s has no bind: nothing keeps its value", app.focus);
    } else if (ENGINE(sdui_set_input, app.engine, app.focus, value, strlen(value)) != SDUI_OK) {
        report_error("set input");
    } else {
        app.error[0] = '\0';
        set_text(app.event, sizeof app.event, "set %s: %s", app.focus, value);
        pull_patches();
    }
    free(value);
    return 1;
}

/* Another page is showing (opened or back): its patches, no focus, the
** page scrolled to row `scroll`, everything redrawn. */
static void show_page(int scroll)
{
    free(app.focus);
    app.focus = NULL;
    app.at_end = 0;
    app.scroll = scroll;
    pull_patches();
    if (app.scroll > max_scroll())
        app.scroll = max_scroll();
    app.viewport_stale = 1;
    damage_all("another page");
}

static void press(void)
{
    /* The engine keeps the page's scroll position (its viewport) if the
       press opens another: up to date first (before the content is read,
       which the patches this brings may change). */
    if (app.viewport_stale)
        update_viewport(1);
    const content *c = model_get(app.focus);
    if (c == NULL) {
        set_text(app.event, sizeof app.event, "Tab to a button first");
        return;
    }
    if (c->disabled) {
        set_text(app.event, sizeof app.event, "%s is disabled%s%s", app.focus, c->tooltip ? ": " : "",
                 c->tooltip ? c->tooltip : "");
        return;
    }
    if (c->action == NULL) {
        set_text(app.event, sizeof app.event, "%s has no action", app.focus);
        return;
    }
    /* Before the dispatch: a request performer it runs says more. */
    set_text(app.event, sizeof app.event, "pressed %s: %s", app.focus, c->action);
    long long depth = sdui_navigation_depth(app.engine);
    if (ENGINE(sdui_press, app.engine, app.focus) != SDUI_OK) /* its action, with the inputs it asks for */
        report_error("dispatch");
    else
        app.error[0] = '\0';
    if (sdui_navigation_depth(app.engine) != depth) { /* it opened a page: from its top */
        char route[128];
        current_route(route, sizeof route);
        set_text(app.event, sizeof app.event, "opened %s (b goes back)", route);
        show_page(0);
    } else {
        pull_patches();
    }
}

/* Goes back a page, to the row it was left at. */
static void go_back(void)
{
    double offset = 0;
    if (ENGINE(sdui_back, app.engine, &offset) != SDUI_OK) {
        report_error("back");
        return;
    }
    app.error[0] = '\0';
    char route[128];
    current_route(route, sizeof route);
    set_text(app.event, sizeof app.event, "back to %s", route);
    show_page(offset > 0 ? (int)floor(offset / CELL_HEIGHT_PT + 0.5) : 0); /* the viewport's offset, in points */
}

static void reload(void)
{
    if (ENGINE(sdui_scripts_reload, app.engine) != SDUI_OK) {
        report_error("reload");
    } else {
        app.error[0] = '\0';
        set_text(app.event, sizeof app.event, "reloaded the scripts");
    }
    pull_patches();
}

/* d: the theme's other appearance (sdui_set_appearance); only the
** components using a token whose value changes are patched and redrawn. */
static void switch_appearance(void)
{
    const char *now = sdui_appearance(app.engine);
    const char *next = now != NULL && strcmp(now, "dark") == 0 ? "light" : "dark";
    if (ENGINE(sdui_set_appearance, app.engine, next) != SDUI_OK) {
        report_error("appearance");
    } else {
        app.error[0] = '\0';
        set_text(app.event, sizeof app.event, "appearance: %s", next);
    }
    pull_patches();
}

static int handle_key(int ch)
{
    if (edit_input(ch))
        return 0;
    if (ch == KEY_UP || ch == KEY_DOWN || ch == KEY_PPAGE || ch == KEY_NPAGE || ch == KEY_HOME || ch == 'j' ||
        ch == 'k' || ch == ' ' || ch == '\t' || ch == KEY_BTAB)
        app.at_end = 0;
    switch (ch) {
    case 'q':
    case 'Q':
        return 1;
    case KEY_UP:
    case 'k':
        set_scroll(app.scroll - 1);
        break;
    case KEY_DOWN:
    case 'j':
        set_scroll(app.scroll + 1);
        break;
    case KEY_PPAGE:
        set_scroll(app.scroll - (app.rows > 1 ? app.rows - 1 : 1));
        break;
    case KEY_NPAGE:
    case ' ':
        set_scroll(app.scroll + (app.rows > 1 ? app.rows - 1 : 1));
        break;
    case KEY_HOME:
        set_scroll(0);
        break;
    case KEY_END:
        app.at_end = 1;
        set_scroll(max_scroll());
        break;
    case '\t':
        move_focus(1);
        break;
    case KEY_BTAB:
        move_focus(-1);
        break;
    case '\n':
    case '\r':
    case KEY_ENTER:
        press();
        break;
    case 'r':
    case 'R':
        reload();
        break;
    case 27: /* Esc and Backspace, outside an input (a choice or a toggle leaves them unused) */
    case KEY_BACKSPACE:
    case 127:
    case 8:
        if (model_get(app.focus) != NULL && model_get(app.focus)->input != NULL)
            break;
        go_back();
        break;
    case 'b':
    case 'B':
        go_back();
        break;
    case 'd':
    case 'D':
        switch_appearance();
        break;
    case KEY_RESIZE:
        measure_screen();
        relayout(NULL);
        app.viewport_stale = 1;
        break;
    default:
        break;
    }
    return 0;
}

/* ------------------------------------------------------------------------
** The loop.
*/

/* Time passes: delayed actions, answers from the network, script edits. */
static void step(void)
{
    int fired = 0;
    if (ENGINE(sdui_tick, app.engine, now_ms(), &fired) != SDUI_OK)
        report_error("tick");
    if (fired > 0)
        pull_patches();

    for (int i = 0; i < app.nrequests;) {
        request r = app.requests[i];
        if (r.due > now_ms()) {
            i++;
            continue;
        }
        app.requests[i] = app.requests[--app.nrequests];
        char answer[64];
        snprintf(answer, sizeof answer, "{\"confirmation\":\"%04llX\"}",
                 (unsigned long long)((r.id * 2654435761LL) ^ r.due) & 0xFFFF);
        if (ENGINE(sdui_finish_effect, app.engine, r.id, 1, answer, strlen(answer)) != SDUI_OK)
            report_error("finish request");
        else
            set_text(app.event, sizeof app.event, "request %lld answered %s", r.id, answer);
        pull_patches();
    }

    /* A reload that fails keeps the previous version: the error says why
       until a reload succeeds. One that loads but whose factories fail
       shows their previous versions, with a warning (refresh_diagnostics). */
    int reloaded = 0;
    int st = ENGINE(sdui_scripts_poll, app.engine, &reloaded);
    if (st != SDUI_OK)
        report_error("reload failed");
    if (reloaded > 0) {
        if (st == SDUI_OK)
            app.error[0] = '\0';
        set_text(app.event, sizeof app.event, "reloaded %d script%s", reloaded, reloaded == 1 ? "" : "s");
        pull_patches();
    }
    if (reloaded > 0 || st != SDUI_OK)
        refresh_diagnostics(); /* the status rows are drawn with every redraw */

    /* A scroll in a lazy list renders components whose real heights move
       the page, which may move the window again: a few rounds settle it. */
    for (int round = 0; round < 4 && app.viewport_stale; round++)
        update_viewport(1);
}

static int wait_ms(void)
{
    long long wait = POLL_MS;
    long long timer = sdui_next_timer(app.engine);
    if (timer >= 0 && timer < wait)
        wait = timer;
    for (int i = 0; i < app.nrequests; i++) {
        long long left = app.requests[i].due - now_ms();
        if (left < wait)
            wait = left < 0 ? 0 : left;
    }
    return (int)wait;
}

static void use_utf8_locale(void)
{
    setlocale(LC_ALL, "");
    const char *tries[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        const char *cs = nl_langinfo(CODESET);
        if (cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0))
            break;
        setlocale(LC_CTYPE, tries[i]);
    }
    setlocale(LC_NUMERIC, "C");
}

/* A limit's value: a whole number of 0 or more; -1 when `text` is not one. */
static long long limit_value(const char *text)
{
    if (text == NULL || *text < '0' || *text > '9')
        return -1;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    return errno == 0 && *end == '\0' ? v : -1;
}

#define USAGE "usage: %s [--script-time-ms MS] [--script-instructions N] PAGE.json SCRIPTS_DIR [ROUTE]\n"

int main(int argc, char **argv)
{
    /* The options, then the arguments. */
    long long time_ms = -1, instructions = -1; /* -1: the script host's default */
    int at = 1;
    for (; at < argc && strncmp(argv[at], "--", 2) == 0; at++) {
        if (strcmp(argv[at], "--") == 0) {
            at++;
            break;
        }
        const char *name = argv[at], *eq = strchr(name, '=');
        size_t n = eq != NULL ? (size_t)(eq - name) : strlen(name);
        long long *into = n == 16 && strncmp(name, "--script-time-ms", n) == 0        ? &time_ms
                          : n == 21 && strncmp(name, "--script-instructions", n) == 0 ? &instructions
                                                                                       : NULL;
        if (into == NULL) {
            fprintf(stderr, "terminal: unknown option %.*s\n" USAGE, (int)n, name, argv[0]);
            return 2;
        }
        const char *value = eq != NULL ? eq + 1 : at + 1 < argc ? argv[++at] : NULL;
        if ((*into = limit_value(value)) < 0) {
            fprintf(stderr, "terminal: %.*s takes a whole number of 0 or more (0: no limit)\n", (int)n, name);
            return 2;
        }
    }
    if (argc - at != 2 && argc - at != 3) {
        fprintf(stderr, USAGE, argv[0]);
        return 2;
    }
    const char *page_path = argv[at];
    const char *route = argc - at == 3 ? argv[at + 2] : NULL;
    app.scripts = argv[at + 1];
    size_t page_len = 0;
    char *page = read_file(page_path, &page_len);
    if (page == NULL) {
        complain("cannot read the page %s: %s", page_path, strerror(errno));
        return 1;
    }
    struct stat st;
    if (stat(app.scripts, &st) != 0 || !S_ISDIR(st.st_mode)) {
        complain("%s is not a folder of scripts: %s", app.scripts, errno ? strerror(errno) : "not a directory");
        free(page);
        return 1;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "terminal: needs a terminal (stdin and stdout); try build/examples/demo for text output\n");
        free(page);
        return 1;
    }
    const char *trace_path = getenv("SDUI_TERMINAL_TRACE");
    if (trace_path != NULL && *trace_path && (app.trace = fopen(trace_path, "a")) == NULL) {
        complain("cannot open %s: %s", trace_path, strerror(errno));
        free(page);
        return 1;
    }

    use_utf8_locale();
    app.start_ms = clock_ms();
    app.engine = sdui_engine_new();
    if (app.engine == NULL) {
        fprintf(stderr, "terminal: out of memory\n");
        free(page);
        return 1;
    }
    int rc = 1, s;
    SCREEN *screen = NULL;
    /* From here on SIGINT, SIGTERM and SIGHUP quit, even while a script loads. */
    if (signals_watch(app.engine) != 0) {
        complain("cannot handle signals: %s", strerror(errno));
        goto done;
    }
    if ((time_ms >= 0 && sdui_scripts_limit(app.engine, SDUI_SCRIPT_LIMIT_TIME, time_ms) < 0) ||
        (instructions >= 0 && sdui_scripts_limit(app.engine, SDUI_SCRIPT_LIMIT_INSTRUCTIONS, instructions) < 0)) {
        complain("cannot set the script limits: %s", sdui_errmsg(app.engine));
        goto done;
    }
    /* Views are sized in points: laid out with cells of CELL_WIDTH_PT x CELL_HEIGHT_PT (draw.h). */
    if (sdui_set_cell_size(app.engine, CELL_WIDTH_PT, CELL_HEIGHT_PT) != SDUI_OK) {
        complain("cannot set the cell size: %s", sdui_errmsg(app.engine));
        goto done;
    }
    /* Before the scripts: their persistent services restore as they load. */
    char state[4096];
    if (state_folder(state, sizeof state) && sdui_persist_directory(app.engine, state) != SDUI_OK)
        report_error("state folder"); /* go on: the state stays in memory */
    /* The light or dark choice (d, or a script's "appearance" effect) is kept for the next start. */
    if (sdui_persist_service(app.engine, SDUI_PERSIST_APPEARANCE) != SDUI_OK)
        report_error("appearance");
    /* The host performs requests; a script that declares its own performer replaces this one. */
    if ((s = sdui_register_effect(app.engine, "request", perform_request, NULL, NULL)) != SDUI_OK ||
        (s = sdui_register_effect(app.engine, "navigation/fetch", perform_fetch, NULL, NULL)) != SDUI_OK) {
        complain("%s", sdui_errmsg(app.engine));
        goto done;
    }
    s = ENGINE(sdui_scripts_load, app.engine, app.scripts);
    if (quitting()) {
        goto leave;
    } else if (s == SDUI_ECALLBACK) { /* a script failed: start anyway, it can be fixed live */
        report_error("scripts");
    } else if (s != SDUI_OK) {
        complain("cannot load the scripts in %s: %s", app.scripts, sdui_errmsg(app.engine));
        goto done;
    }
    app.page_path = page_path;
    if (ENGINE(sdui_navigate, app.engine, "/") != SDUI_OK) { /* the performer reads the page again, as route "/" */
        if (quitting())
            goto leave;
        complain("%s: %s", page_path, sdui_errmsg(app.engine));
        goto done;
    }
    if (route != NULL && ENGINE(sdui_navigate, app.engine, route) != SDUI_OK) { /* a deep link */
        if (quitting())
            goto leave;
        complain("%s: %s", route, sdui_errmsg(app.engine));
        goto done;
    }
    if (quitting())
        goto leave;
    screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        complain("cannot use this terminal (TERM=%s)", getenv("TERM") ? getenv("TERM") : "");
        goto done;
    }
    set_escdelay(25);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    draw_init();
    /* Keys from now on: read between engine calls too, never waiting. */
    keys_start(fileno(stdin));
    measure_screen();
    /* The viewport first, so that only the components in or near it render. */
    update_viewport(0);
    if (load_screen() != 0 && !quitting()) {
        endwin();
        delscreen(screen);
        screen = NULL;
        complain("%s", app.error);
        goto done;
    }
    refresh_diagnostics();
    relayout(NULL);
    char *folder = realpath(app.scripts, NULL);
    set_text(app.event, sizeof app.event, "edit the scripts in %s: the screen follows", folder ? folder : app.scripts);
    free(folder);

    /* Keys come in bursts (a paste, an escape sequence): handle every key
       read, then redraw once, then sleep in poll() until the next key,
       timer or reload is due. Keys typed while the engine is busy are read
       between its calls (returned), and handled here, in order. */
    while (!quitting()) {
        step();
        if (quitting())
            break;
        redraw();
        app.last_call = NULL; /* idle: a signal now is not seen after a call */
        /* no wait when keys read during the step are queued */
        if (keys_wait(keys_pending() ? 0 : wait_ms()) < 0) {
            app.hangup = 1;
            quit_for("the terminal went away");
            break;
        }
        int ch;
        while (!quitting() && (ch = keys_next()) >= 0)
            if (handle_key(ch))
                quit_for("q");
    }

leave:
    if (app.hangup) {
        /* Nothing to restore on a terminal that is gone: no endwin(), which
           would write to it. The engine and the rest are freed below. */
        fprintf(stderr, "terminal: the terminal went away; exiting\n");
        rc = 2;
        goto done;
    }
    if (screen != NULL) {
        endwin();
        delscreen(screen);
        screen = NULL;
    }
    rc = 0;

done:
    signals_stop(); /* no interrupt reaches the engine once it is freed */
    sdui_engine_free(app.engine);
    keys_stop();
    json_free(app.layout);
    model_clear();
    model_forget_rails();
    free_targets();
    free(app.focus);
    free(app.dirty);
    free(app.requests);
    free(page);
    if (app.trace != NULL)
        fclose(app.trace);
    return rc;
}
