/*
** demo.c -- a small C host for sdui: the entertainment home page of
** examples/home.json rendered in a terminal, two buttons pressed, the state
** and the screen shown again.
**
** Usage: demo PAGE.json
**
** It shows the whole contract of include/sdui.h from the host's side:
** services with initial state, component factories that build view trees as
** JSON, action handlers that change state (and queue follow-ups), and the
** host pressing buttons by dispatching the action the view carries.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"

/* ------------------------------------------------------------------------
** A growable string buffer. An allocation failure is remembered and
** reported once, when the buffer is used.
*/
typedef struct {
    char *p;
    size_t len, cap;
    int failed;
} strbuf;

static void sb_putn(strbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_puts(strbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

static void sb_printf(strbuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (big == NULL) {
        b->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_putn(b, big, (size_t)n);
    free(big);
}

/* Appends `s` as a JSON string, for text the host composes itself. */
static void sb_quote(strbuf *b, const char *s)
{
    sb_putn(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            sb_putn(b, esc, 2);
        } else if (c < 0x20) {
            sb_printf(b, "\\u%04x", c);
        } else {
            sb_putn(b, s, 1);
        }
    }
    sb_putn(b, "\"", 1);
}

/* Appends the string at `path` of the component's data, escaped by sdui;
** "" when it is absent or not a string. */
static void sb_data_string(strbuf *b, sdui_call *call, const char *path)
{
    char *json = NULL;
    size_t len = 0;
    if (sdui_call_string(call, SDUI_INPUT, path) != NULL &&
        sdui_call_json(call, SDUI_INPUT, path, &json, &len) == SDUI_OK) {
        sb_putn(b, json, len);
        sdui_free(json);
    } else {
        sb_puts(b, "\"\"");
    }
}

/* ------------------------------------------------------------------------
** The host's table of buttons on screen: what a real UI keeps so that a tap
** dispatches the action the server put on the button. Filled by the
** factories during a render, cleared before the next one.
*/
struct button {
    char *component; /* component id */
    char *label;
    char *context; /* a human name for the component (a movie title) */
    char *action;  /* the action JSON, as given by the page */
};

struct host {
    struct button *buttons;
    size_t count, cap;
};

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static void host_clear(struct host *h)
{
    for (size_t i = 0; i < h->count; i++) {
        free(h->buttons[i].component);
        free(h->buttons[i].label);
        free(h->buttons[i].context);
        free(h->buttons[i].action);
    }
    h->count = 0;
}

static void host_free(struct host *h)
{
    host_clear(h);
    free(h->buttons);
    h->buttons = NULL;
    h->cap = 0;
}

/* Remembers a button; the action is the JSON at `action_path` of the data. */
static int host_add_button(struct host *h, sdui_call *call, const char *label, const char *context,
                           const char *action_path)
{
    char *action = NULL;
    if (sdui_call_json(call, SDUI_INPUT, action_path, &action, NULL) != SDUI_OK)
        return SDUI_OK; /* a button without an action: nothing to press */
    if (h->count == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 16;
        struct button *v = realloc(h->buttons, cap * sizeof *v);
        if (v == NULL) {
            sdui_free(action);
            return SDUI_ENOMEM;
        }
        h->buttons = v;
        h->cap = cap;
    }
    struct button *bt = &h->buttons[h->count];
    bt->component = copy(sdui_call_id(call));
    bt->label = copy(label);
    bt->context = copy(context ? context : "");
    bt->action = copy(action);
    sdui_free(action);
    if (!bt->component || !bt->label || !bt->context || !bt->action) {
        free(bt->component);
        free(bt->label);
        free(bt->context);
        free(bt->action);
        return SDUI_ENOMEM;
    }
    h->count++;
    return SDUI_OK;
}

/* The `nth` (0-based) button whose label is one of `labels` (NULL-terminated). */
static const struct button *host_find(const struct host *h, const char *const *labels, int nth)
{
    for (size_t i = 0; i < h->count; i++)
        for (const char *const *l = labels; *l; l++)
            if (strcmp(h->buttons[i].label, *l) == 0 && nth-- == 0)
                return &h->buttons[i];
    return NULL;
}

/* ------------------------------------------------------------------------
** Factories.
*/

/* Hands the built view to sdui and releases the buffer. */
static int finish(sdui_call *call, strbuf *b)
{
    int st;
    if (b->failed) {
        sdui_call_error(call, "out of memory building the view");
        st = SDUI_ENOMEM;
    } else {
        st = sdui_call_return(call, b->p, b->len);
    }
    free(b->p);
    return st;
}

/* True when the state of `service` at `path` exists and is not false, null, 0 or "". */
static int state_truthy(sdui_call *call, const char *service, const char *path)
{
    char *json = NULL;
    if (sdui_call_state(call, service, path, &json, NULL) != SDUI_OK)
        return 0;
    int truthy = strcmp(json, "false") != 0 && strcmp(json, "null") != 0 && strcmp(json, "0") != 0 &&
                 strcmp(json, "\"\"") != 0;
    sdui_free(json);
    return truthy;
}

/* NotificationComponent: header, message and a dismiss button; an empty
** vstack once its id is in notifications.dismissed. */
static int notification_factory(sdui_call *call, void *userdata)
{
    struct host *h = userdata;
    char *id = NULL;
    char path[64];
    strbuf b = {0};

    if (sdui_call_json(call, SDUI_INPUT, "action.payload.id", &id, NULL) == SDUI_OK) {
        for (int i = 0;; i++) {
            char *seen = NULL;
            snprintf(path, sizeof path, "dismissed[%d]", i);
            if (sdui_call_state(call, "notifications", path, &seen, NULL) != SDUI_OK)
                break;
            int same = strcmp(seen, id) == 0;
            sdui_free(seen);
            if (same) {
                sdui_free(id);
                sb_puts(&b, "{\"type\":\"vstack\"}");
                return finish(call, &b);
            }
        }
        sdui_free(id);
    }
    const char *label = sdui_call_string(call, SDUI_INPUT, "actionText");
    int st = host_add_button(h, call, label ? label : "", sdui_call_string(call, SDUI_INPUT, "header"), "action");
    if (st != SDUI_OK)
        return st;
    sb_puts(&b, "{\"type\":\"vstack\",\"style\":{\"background\":\"accent\",\"padding\":8},\"children\":[");
    sb_puts(&b, "{\"type\":\"text\",\"style\":{\"font\":\"headline\"},\"text\":");
    sb_data_string(&b, call, "header");
    sb_puts(&b, "},{\"type\":\"text\",\"text\":");
    sb_data_string(&b, call, "message");
    sb_puts(&b, "},{\"type\":\"button\",\"label\":");
    sb_data_string(&b, call, "actionText");
    sb_puts(&b, ",\"action\":");
    char *action = NULL;
    if (sdui_call_json(call, SDUI_INPUT, "action", &action, NULL) == SDUI_OK) {
        sb_puts(&b, action);
        sdui_free(action);
    } else {
        sb_puts(&b, "null");
    }
    sb_puts(&b, "}]}");
    return finish(call, &b);
}

/* GenreListComponent: a title and a row of genre buttons, keyed by genre id. */
static int genre_list_factory(sdui_call *call, void *userdata)
{
    struct host *h = userdata;
    char path[64];
    strbuf b = {0};
    long long n = sdui_call_count(call, SDUI_INPUT, "genres");
    if (n < 0) {
        sdui_call_error(call, "GenreListComponent: data.genres must be an array");
        return SDUI_ECONTRACT;
    }
    sb_puts(&b, "{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"style\":{\"font\":\"headline\"},\"text\":");
    sb_data_string(&b, call, "title");
    sb_puts(&b, "},{\"type\":\"hstack\",\"style\":{\"spacing\":8},\"children\":[");
    for (long long i = 0; i < n; i++) {
        if (i > 0)
            sb_puts(&b, ",");
        sb_puts(&b, "{\"type\":\"button\"");
        snprintf(path, sizeof path, "genres[%lld].id", i);
        if (sdui_call_string(call, SDUI_INPUT, path) != NULL) {
            sb_puts(&b, ",\"key\":");
            sb_data_string(&b, call, path);
        }
        snprintf(path, sizeof path, "genres[%lld].name", i);
        const char *name = sdui_call_string(call, SDUI_INPUT, path);
        sb_puts(&b, ",\"label\":");
        sb_data_string(&b, call, path);
        snprintf(path, sizeof path, "genres[%lld].action", i);
        char *action = NULL;
        if (sdui_call_json(call, SDUI_INPUT, path, &action, NULL) == SDUI_OK) {
            sb_puts(&b, ",\"action\":");
            sb_puts(&b, action);
            sdui_free(action);
            int st = host_add_button(h, call, name ? name : "", name, path);
            if (st != SDUI_OK) {
                free(b.p);
                return st;
            }
        }
        sb_puts(&b, "}");
    }
    sb_puts(&b, "]}]}");
    return finish(call, &b);
}

/* MovieCardComponent: poster, title, overview, rating and year, and two
** buttons: the favourite star (filled when favorites[movieId] is set) and
** "Add to order". */
static int movie_card_factory(sdui_call *call, void *userdata)
{
    struct host *h = userdata;
    double movie_id = 0, rating = 0, year = 0;
    char key[32];
    strbuf b = {0};

    if (sdui_call_number(call, SDUI_INPUT, "movieId", &movie_id) != SDUI_OK) {
        sdui_call_error(call, "MovieCardComponent: data.movieId must be a number");
        return SDUI_ECONTRACT;
    }
    snprintf(key, sizeof key, "%lld", (long long)movie_id);
    const char *star = state_truthy(call, "favorites", key) ? "\xe2\x98\x85" /* ★ */ : "\xe2\x98\x86" /* ☆ */;
    const char *title = sdui_call_string(call, SDUI_INPUT, "title");
    int st = host_add_button(h, call, star, title, "favoriteAction");
    if (st == SDUI_OK)
        st = host_add_button(h, call, "Add to order", title, "orderAction");
    if (st != SDUI_OK)
        return st;

    sb_puts(&b, "{\"type\":\"hstack\",\"style\":{\"spacing\":12},\"children\":[{\"type\":\"image\",\"url\":");
    sb_data_string(&b, call, "poster");
    sb_puts(&b, ",\"alt\":");
    sb_data_string(&b, call, "title");
    sb_puts(&b, ",\"style\":{\"width\":92,\"height\":138}},{\"type\":\"vstack\",\"children\":[");
    sb_puts(&b, "{\"type\":\"text\",\"style\":{\"font\":\"title\"},\"text\":");
    sb_data_string(&b, call, "title");
    sb_puts(&b, "},{\"type\":\"text\",\"style\":{\"lineLimit\":3},\"text\":");
    sb_data_string(&b, call, "overview");
    sb_puts(&b, "},{\"type\":\"text\",\"style\":{\"font\":\"caption\"},\"text\":");
    {
        strbuf line = {0};
        int has_rating = sdui_call_number(call, SDUI_INPUT, "rating", &rating) == SDUI_OK;
        int has_year = sdui_call_number(call, SDUI_INPUT, "year", &year) == SDUI_OK;
        if (has_rating)
            sb_printf(&line, "%.1f/10", rating);
        if (has_year)
            sb_printf(&line, "%s%d", has_rating ? " \xc2\xb7 " /* · */ : "", (int)year);
        sb_quote(&b, line.p ? line.p : "");
        if (line.failed)
            b.failed = 1;
        free(line.p);
    }
    sb_puts(&b, "},{\"type\":\"hstack\",\"children\":[{\"type\":\"button\",\"key\":\"favorite\",\"label\":");
    sb_quote(&b, star);
    char *action = NULL;
    if (sdui_call_json(call, SDUI_INPUT, "favoriteAction", &action, NULL) == SDUI_OK) {
        sb_puts(&b, ",\"action\":");
        sb_puts(&b, action);
        sdui_free(action);
        action = NULL;
    }
    sb_puts(&b, "},{\"type\":\"button\",\"key\":\"order\",\"label\":\"Add to order\"");
    if (sdui_call_json(call, SDUI_INPUT, "orderAction", &action, NULL) == SDUI_OK) {
        sb_puts(&b, ",\"action\":");
        sb_puts(&b, action);
        sdui_free(action);
    }
    sb_puts(&b, "}]}]}]}");
    return finish(call, &b);
}

/* BannerComponent: image, title, subtitle and a button to open it. */
static int banner_factory(sdui_call *call, void *userdata)
{
    struct host *h = userdata;
    strbuf b = {0};
    char *action = NULL;
    sb_puts(&b, "{\"type\":\"vstack\",\"children\":[{\"type\":\"image\",\"url\":");
    sb_data_string(&b, call, "image");
    sb_puts(&b, "},{\"type\":\"text\",\"style\":{\"font\":\"title\"},\"text\":");
    sb_data_string(&b, call, "title");
    sb_puts(&b, "},{\"type\":\"text\",\"text\":");
    sb_data_string(&b, call, "subtitle");
    sb_puts(&b, "}");
    if (sdui_call_json(call, SDUI_INPUT, "action", &action, NULL) == SDUI_OK) {
        sb_puts(&b, ",{\"type\":\"button\",\"label\":\"Open\",\"action\":");
        sb_puts(&b, action);
        sb_puts(&b, "}");
        sdui_free(action);
        int st = host_add_button(h, call, "Open", sdui_call_string(call, SDUI_INPUT, "title"), "action");
        if (st != SDUI_OK) {
            free(b.p);
            return st;
        }
    }
    sb_puts(&b, "]}");
    return finish(call, &b);
}

/* CartSummaryComponent: "Your order: 2 items, $21.98" and a checkout button,
** from the state of the order service. */
static int cart_summary_factory(sdui_call *call, void *userdata)
{
    struct host *h = userdata;
    strbuf b = {0}, line = {0};
    char path[64];
    char *json = NULL;
    int items = 0;
    double cents = 0;

    for (;; items++) {
        snprintf(path, sizeof path, "items[%d]", items);
        if (sdui_call_state(call, "order", path, &json, NULL) != SDUI_OK)
            break;
        sdui_free(json);
        json = NULL;
    }
    if (sdui_call_state(call, "order", "total", &json, NULL) == SDUI_OK) {
        cents = strtod(json, NULL);
        sdui_free(json);
    }
    const char *title = sdui_call_string(call, SDUI_INPUT, "title");
    const char *checkout = sdui_call_string(call, SDUI_INPUT, "checkoutText");
    sb_printf(&line, "%s: %d item%s, $%.2f", title ? title : "Your order", items, items == 1 ? "" : "s",
              cents / 100.0);
    int st = host_add_button(h, call, checkout ? checkout : "Checkout", title, "action");
    if (st != SDUI_OK) {
        free(line.p);
        return st;
    }
    sb_puts(&b, "{\"type\":\"hstack\",\"style\":{\"distribution\":\"spaceBetween\"},\"children\":[");
    sb_puts(&b, "{\"type\":\"text\",\"style\":{\"font\":\"headline\"},\"text\":");
    sb_quote(&b, line.failed || line.p == NULL ? "" : line.p);
    sb_puts(&b, "},{\"type\":\"button\",\"label\":");
    sb_data_string(&b, call, "checkoutText");
    if (sdui_call_json(call, SDUI_INPUT, "action", &json, NULL) == SDUI_OK) {
        sb_puts(&b, ",\"action\":");
        sb_puts(&b, json);
        sdui_free(json);
    }
    sb_puts(&b, "}]}");
    free(line.p);
    return finish(call, &b);
}

/* ------------------------------------------------------------------------
** Action handlers. Each prints one line so the follow-ups can be seen.
*/

static void log_action(sdui_call *call)
{
    char *payload = NULL;
    if (sdui_call_json(call, SDUI_INPUT, NULL, &payload, NULL) == SDUI_OK) {
        printf("  -> %s %s\n", sdui_call_id(call), payload);
        sdui_free(payload);
    } else {
        printf("  -> %s\n", sdui_call_id(call));
    }
}

/* favorites/toggle {"movieId": N}: favorites[N] = true, or removed when set. */
static int favorites_toggle(sdui_call *call, void *userdata)
{
    double id = 0;
    char key[32];
    char *current = NULL;
    (void)userdata;
    log_action(call);
    if (sdui_call_number(call, SDUI_INPUT, "movieId", &id) != SDUI_OK) {
        sdui_call_error(call, "payload.movieId must be a number");
        return SDUI_ECONTRACT;
    }
    snprintf(key, sizeof key, "%lld", (long long)id);
    if (sdui_call_json(call, SDUI_STATE, key, &current, NULL) == SDUI_OK) {
        sdui_free(current);
        return sdui_call_set(call, key, NULL, 0);
    }
    return sdui_call_set(call, key, "true", 4);
}

/* order/add {"movieId": N, "price": cents}: appends N to items, adds the price. */
static int order_add(sdui_call *call, void *userdata)
{
    double price = 0, total = 0;
    char path[64], num[64];
    char *movie = NULL;
    size_t movie_len = 0;
    (void)userdata;
    log_action(call);
    if (sdui_call_json(call, SDUI_INPUT, "movieId", &movie, &movie_len) != SDUI_OK ||
        sdui_call_number(call, SDUI_INPUT, "price", &price) != SDUI_OK) {
        sdui_free(movie);
        sdui_call_error(call, "payload needs movieId and price");
        return SDUI_ECONTRACT;
    }
    long long n = sdui_call_count(call, SDUI_STATE, "items");
    if (n < 0 || sdui_call_number(call, SDUI_STATE, "total", &total) != SDUI_OK) {
        sdui_free(movie);
        sdui_call_error(call, "order state needs items and total");
        return SDUI_ECONTRACT;
    }
    snprintf(path, sizeof path, "items[%lld]", n);
    int st = sdui_call_set(call, path, movie, movie_len);
    sdui_free(movie);
    if (st != SDUI_OK)
        return st;
    snprintf(num, sizeof num, "%lld", (long long)(total + price));
    return sdui_call_set(call, "total", num, strlen(num));
}

/* order/checkout: empties the order and opens the checkout screen. */
static int order_checkout(sdui_call *call, void *userdata)
{
    static const char empty[] = "{\"items\":[],\"total\":0}";
    static const char open[] = "{\"type\":\"navigation/open\",\"payload\":{\"route\":\"/checkout\"}}";
    (void)userdata;
    log_action(call);
    int st = sdui_call_return(call, empty, strlen(empty));
    if (st == SDUI_OK)
        st = sdui_call_dispatch(call, open, strlen(open));
    return st;
}

/* notifications/dismiss {"id": id}: appends id to dismissed. */
static int notifications_dismiss(sdui_call *call, void *userdata)
{
    char *id = NULL;
    size_t len = 0;
    char path[64];
    (void)userdata;
    log_action(call);
    if (sdui_call_json(call, SDUI_INPUT, "id", &id, &len) != SDUI_OK) {
        sdui_call_error(call, "payload.id is missing");
        return SDUI_ECONTRACT;
    }
    snprintf(path, sizeof path, "dismissed[%lld]", sdui_call_count(call, SDUI_STATE, "dismissed"));
    int st = sdui_call_set(call, path, id, len);
    sdui_free(id);
    return st;
}

/* navigation/open {"route": "/..."}: the current route. */
static int navigation_open(sdui_call *call, void *userdata)
{
    char *route = NULL;
    size_t len = 0;
    (void)userdata;
    log_action(call);
    if (sdui_call_string(call, SDUI_INPUT, "route") == NULL ||
        sdui_call_json(call, SDUI_INPUT, "route", &route, &len) != SDUI_OK) {
        sdui_call_error(call, "payload.route must be a string");
        return SDUI_ECONTRACT;
    }
    int st = sdui_call_set(call, "route", route, len);
    sdui_free(route);
    return st;
}

/* ------------------------------------------------------------------------
** Output.
*/

static void indent(int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", stdout);
}

/* Prints compact JSON with one member or element a line. */
static void print_pretty(const char *json)
{
    int depth = 0, in_string = 0;
    for (const char *p = json; *p; p++) {
        char c = *p;
        if (in_string) {
            putchar(c);
            if (c == '\\' && p[1] != '\0')
                putchar(*++p);
            else if (c == '"')
                in_string = 0;
            continue;
        }
        switch (c) {
        case '"':
            in_string = 1;
            putchar(c);
            break;
        case '{':
        case '[': {
            const char *q = p + 1;
            while (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r')
                q++;
            if (*q == (c == '{' ? '}' : ']')) { /* empty: keep it on one line */
                putchar(c);
                putchar(*q);
                p = q;
                break;
            }
            putchar(c);
            putchar('\n');
            indent(++depth);
            break;
        }
        case '}':
        case ']':
            putchar('\n');
            indent(--depth);
            putchar(c);
            break;
        case ',':
            putchar(',');
            putchar('\n');
            indent(depth);
            break;
        case ':':
            fputs(": ", stdout);
            break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
            break;
        default:
            putchar(c);
        }
    }
    putchar('\n');
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

/* Renders the page as text under a heading (refreshing the button table).
** Like the two helpers after it, returns the sdui status for TRY to report. */
static int show_page(sdui_engine *engine, struct host *host, const char *heading)
{
    char *text = NULL;
    host_clear(host);
    int st = sdui_render_text(engine, &text, NULL);
    if (st != SDUI_OK)
        return st;
    printf("== %s ==\n%s", heading, text);
    if (text[0] != '\0' && text[strlen(text) - 1] != '\n')
        putchar('\n');
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

/* Presses a button: dispatches the action the page put on it. */
static int press(sdui_engine *engine, const struct button *bt)
{
    const char *q = strlen(bt->label) <= 4 ? "" : "\""; /* a lone symbol such as ★ goes unquoted */
    printf("== Press %s%s%s on \"%s\" ==\n", q, bt->label, q, bt->context);
    int st = sdui_dispatch(engine, bt->action, strlen(bt->action));
    if (st == SDUI_OK)
        putchar('\n');
    return st;
}

/* Reads a whole file; NULL on error. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *data = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            char *p = realloc(data, cap);
            if (p == NULL) {
                free(data);
                fclose(f);
                return NULL;
            }
            data = p;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(data);
        return NULL;
    }
    *len = n;
    return data;
}

int main(int argc, char **argv)
{
    static const char *const star_labels[] = {"\xe2\x98\x86", "\xe2\x98\x85", NULL}; /* ☆ ★ */
    static const char *const order_labels[] = {"Add to order", NULL};
    struct host host = {0};
    sdui_engine *engine = NULL;
    char *page = NULL, *diagnostics = NULL;
    size_t page_len = 0;
    int rc = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: %s PAGE.json\n", argv[0]);
        return 2;
    }
    page = read_file(argv[1], &page_len);
    if (page == NULL) {
        fprintf(stderr, "demo: cannot read %s\n", argv[1]);
        return 1;
    }
    engine = sdui_engine_new();
    if (engine == NULL) {
        fprintf(stderr, "demo: out of memory\n");
        free(page);
        return 1;
    }
    printf("sdui %s (header %s)\n\n", sdui_libversion(), SDUI_VERSION);
    if (sdui_libversion_number() != SDUI_VERSION_NUMBER)
        fprintf(stderr, "demo: warning: built against sdui %s but running with %s\n", SDUI_VERSION,
                sdui_libversion());

    TRY(sdui_register_service(engine, "favorites", "{}", 2));
    TRY(sdui_register_service(engine, "order", "{\"items\":[],\"total\":0}", 22));
    TRY(sdui_register_service(engine, "notifications", "{\"dismissed\":[]}", 16));
    TRY(sdui_register_service(engine, "navigation", "{\"route\":\"/\"}", 13));

    TRY(sdui_register_component(engine, "NotificationComponent", notification_factory, &host, NULL));
    TRY(sdui_register_component(engine, "GenreListComponent", genre_list_factory, &host, NULL));
    TRY(sdui_register_component(engine, "MovieCardComponent", movie_card_factory, &host, NULL));
    TRY(sdui_register_component(engine, "BannerComponent", banner_factory, &host, NULL));
    TRY(sdui_register_component(engine, "CartSummaryComponent", cart_summary_factory, &host, NULL));

    TRY(sdui_register_action(engine, "favorites/toggle", favorites_toggle, NULL, NULL));
    TRY(sdui_register_action(engine, "order/add", order_add, NULL, NULL));
    TRY(sdui_register_action(engine, "order/checkout", order_checkout, NULL, NULL));
    TRY(sdui_register_action(engine, "notifications/dismiss", notifications_dismiss, NULL, NULL));
    TRY(sdui_register_action(engine, "navigation/open", navigation_open, NULL, NULL));

    TRY(sdui_load_page(engine, page, page_len));
    TRY(show_page(engine, &host, "Home page"));

    TRY(sdui_diagnostics_json(engine, &diagnostics, NULL));
    printf("== Diagnostics ==\n");
    print_pretty(diagnostics);
    putchar('\n');

    /* Press the favourite star of the first movie card and "Add to order" of
    ** the second: the buttons as the last render put them on screen. */
    const struct button *fav = host_find(&host, star_labels, 0);
    const struct button *add = host_find(&host, order_labels, 1);
    if (fav == NULL || add == NULL) {
        fprintf(stderr, "demo: the page has fewer than two movie cards\n");
        goto done;
    }
    TRY(press(engine, fav));
    TRY(press(engine, add));

    printf("== State ==\n");
    TRY(show_state(engine, "favorites"));
    TRY(show_state(engine, "order"));
    putchar('\n');

    TRY(show_page(engine, &host, "Home page, updated"));
    rc = 0;

done:
    sdui_free(diagnostics);
    sdui_engine_free(engine);
    host_free(&host);
    free(page);
    return rc;
}
