/*
** test_reactive.c -- the reactive part of include/sdui.h, through the header
** only: exact re-render counts (sdui_counter) and patches after dispatches,
** the patch baseline, the patch listener and the engine lock, server patches
** through sdui_load_page, image tracking, subscriptions, middleware, effects
** with the timer queue and performers, and NULL handles everywhere.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

/* ---------------------------------------------------------------- helpers */

static int load(sdui_engine *e, const char *json) { return sdui_load_page(e, json, strlen(json)); }
static int dispatch(sdui_engine *e, const char *json) { return sdui_dispatch(e, json, strlen(json)); }
static int service(sdui_engine *e, const char *name, const char *json)
{
    return sdui_register_service(e, name, json, strlen(json));
}

/* State at service/path as compact JSON; NULL when absent. */
static char *state(sdui_engine *e, const char *svc, const char *path)
{
    char *out = NULL;
    if (sdui_state_json(e, svc, path, &out, NULL) != SDUI_OK)
        return NULL;
    char *c = check_compact(out);
    sdui_free(out);
    return c;
}

static void check_state_(sdui_engine *e, const char *svc, const char *path, const char *want, int line)
{
    char *got = state(e, svc, path);
    if (!check_str_eq_(got, want, __FILE__, line, "state", "expected"))
        fprintf(stderr, "    (service \"%s\", path \"%s\")\n", svc, path ? path : "NULL");
    free(got);
}
#define CHECK_STATE(e, svc, path, want) check_state_((e), (svc), (path), (want), __LINE__)

/* Checks a patches document that holds no patch and no image change. */
static const char no_patches[] = "{\"patches\":[],\"images\":{\"added\":[],\"removed\":[],\"hints\":[]}}";
#define CHECK_NO_PATCHES(e)                                                                                  \
    do {                                                                                                     \
        char *np_ = check_output_raw(e, sdui_patches_json);                                                                          \
        CHECK_STR_EQ(np_, no_patches);                                                                       \
        free(np_);                                                                                           \
    } while (0)

/* A host's list of component ids, to apply the component-level patches to. */
#define MAX_IDS 256
struct ids {
    char id[MAX_IDS][24];
    int n;
};

static void ids_insert(struct ids *l, int at, const char *id)
{
    if (l->n >= MAX_IDS || at < 0 || at > l->n)
        return;
    memmove(l->id[at + 1], l->id[at], (size_t)(l->n - at) * sizeof l->id[0]);
    snprintf(l->id[at], sizeof l->id[at], "%s", id);
    l->n++;
}

static int ids_remove(struct ids *l, const char *id)
{
    for (int i = 0; i < l->n; i++) {
        if (strcmp(l->id[i], id) == 0) {
            memmove(l->id[i], l->id[i + 1], (size_t)(l->n - i - 1) * sizeof l->id[0]);
            l->n--;
            return 1;
        }
    }
    return 0;
}

/* Applies the component-level ops of a compact patches document (insert,
** remove, move; updates and the changes inside them do not reorder) to `l`.
** Returns 0 when an op names an id or an index the list does not have. */
static int ids_apply(struct ids *l, const char *patches)
{
    char id[64];
    int index = 0, ok = 1;
    for (const char *p = patches ? strstr(patches, "{\"op\":\"") : NULL; p; p = strstr(p + 1, "{\"op\":\"")) {
        if (sscanf(p, "{\"op\":\"insert\",\"index\":%d,\"component\":{\"id\":\"%63[^\"]\"", &index, id) == 2) {
            if (index > l->n)
                ok = 0;
            ids_insert(l, index, id);
        } else if (sscanf(p, "{\"op\":\"remove\",\"id\":\"%63[^\"]\"", id) == 1) {
            ok &= ids_remove(l, id);
        } else if (sscanf(p, "{\"op\":\"move\",\"id\":\"%63[^\"]\",\"index\":%d", id, &index) == 2) {
            ok &= ids_remove(l, id);
            if (index > l->n)
                ok = 0;
            ids_insert(l, index, id);
        }
    }
    return ok;
}

/* The list as "a,b,c" into out. */
static const char *ids_text(const struct ids *l, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < l->n; i++) {
        if (i)
            strncat(out, ",", size - strlen(out) - 1);
        strncat(out, l->id[i], size - strlen(out) - 1);
    }
    return out;
}

/* A growing string for building pages. */
struct buf {
    char *p;
    size_t len, cap;
};

static void bprintf(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (p == NULL)
            return;
        b->p = p;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static int dispatch_lit(sdui_call *call, const char *json) { return sdui_call_dispatch(call, json, strlen(json)); }
static int emit_lit(sdui_call *call, const char *json) { return sdui_call_emit(call, json, strlen(json)); }

static long long renders(sdui_engine *e) { return sdui_counter(e, SDUI_COUNTER_RENDERS); }

/* ------------------------------------------------- movie cards and a cart */

struct calls {
    int calls;
    int destroyed;
};

static void calls_destroy(void *userdata) { ((struct calls *)userdata)->destroyed++; }

/* MovieCard: hstack [poster image, title, star button keyed "fav"]; the star
** reads favorites/<movieId>. */
static int movie_card(sdui_call *call, void *userdata)
{
    struct calls *c = userdata;
    double id = 0;
    char key[32], view[1024];
    char *title = NULL, *poster = NULL, *fav = NULL;
    c->calls++;
    if (sdui_call_number(call, SDUI_INPUT, "movieId", &id) != SDUI_OK) {
        sdui_call_error(call, "MovieCard: data.movieId is missing");
        return SDUI_ERROR;
    }
    snprintf(key, sizeof key, "%lld", (long long)id);
    int on = sdui_call_state(call, "favorites", key, &fav, NULL) == SDUI_OK && strcmp(fav, "true") == 0;
    sdui_free(fav);
    if (sdui_call_json(call, SDUI_INPUT, "title", &title, NULL) != SDUI_OK ||
        sdui_call_json(call, SDUI_INPUT, "poster", &poster, NULL) != SDUI_OK) {
        sdui_free(title);
        sdui_free(poster);
        return SDUI_ERROR;
    }
    snprintf(view, sizeof view,
             "{\"type\":\"hstack\",\"children\":["
             "{\"type\":\"image\",\"url\":%s},"
             "{\"type\":\"text\",\"text\":%s,\"style\":{\"font\":\"title\"}},"
             "{\"type\":\"button\",\"key\":\"fav\",\"label\":\"%s\","
             "\"action\":{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":%s}}}]}",
             poster, title, on ? "starred" : "unstarred", key);
    sdui_free(title);
    sdui_free(poster);
    return sdui_call_return(call, view, strlen(view));
}

/* CartSummary: reads the whole order service and shows it (quotes made '). */
static int cart_summary(sdui_call *call, void *userdata)
{
    struct calls *c = userdata;
    char *order = NULL;
    char view[1024];
    c->calls++;
    int st = sdui_call_state(call, "order", NULL, &order, NULL);
    if (st != SDUI_OK)
        return st;
    for (char *p = order; *p; p++)
        if (*p == '"')
            *p = '\'';
    snprintf(view, sizeof view,
             "{\"type\":\"hstack\",\"children\":[{\"type\":\"text\",\"text\":\"order %s\"},"
             "{\"type\":\"button\",\"label\":\"Checkout\",\"action\":{\"type\":\"order/checkout\"}}]}",
             order);
    sdui_free(order);
    return sdui_call_return(call, view, strlen(view));
}

/* favorites/toggle {"movieId": N}: favorites["N"] = true, or removed. */
static int fav_toggle(sdui_call *call, void *userdata)
{
    double id = 0;
    char key[32];
    char *cur = NULL;
    (void)userdata;
    if (sdui_call_number(call, SDUI_INPUT, "movieId", &id) != SDUI_OK)
        return SDUI_ERROR;
    snprintf(key, sizeof key, "%lld", (long long)id);
    if (sdui_call_json(call, SDUI_STATE, key, &cur, NULL) == SDUI_OK) {
        sdui_free(cur);
        return sdui_call_set(call, key, NULL, 0);
    }
    return sdui_call_set(call, key, "true", 4);
}

/* order/add {"movieId": N, "price": P}: items += N, total += P. */
static int order_add(sdui_call *call, void *userdata)
{
    double id = 0, price = 0, total = 0;
    char path[32], num[32];
    (void)userdata;
    if (sdui_call_number(call, SDUI_INPUT, "movieId", &id) != SDUI_OK ||
        sdui_call_number(call, SDUI_INPUT, "price", &price) != SDUI_OK ||
        sdui_call_number(call, SDUI_STATE, "total", &total) != SDUI_OK)
        return SDUI_ERROR;
    snprintf(path, sizeof path, "items[%lld]", sdui_call_count(call, SDUI_STATE, "items"));
    snprintf(num, sizeof num, "%lld", (long long)id);
    int st = sdui_call_set(call, path, num, strlen(num));
    if (st != SDUI_OK)
        return st;
    snprintf(num, sizeof num, "%lld", (long long)(total + price));
    return sdui_call_set(call, "total", num, strlen(num));
}

/* order/noop: writes back the total it read: the state does not change. */
static int order_noop(sdui_call *call, void *userdata)
{
    char *total = NULL;
    size_t len = 0;
    (void)userdata;
    int st = sdui_call_json(call, SDUI_STATE, "total", &total, &len);
    if (st != SDUI_OK)
        return st;
    st = sdui_call_set(call, "total", total, len);
    sdui_free(total);
    return st;
}

#define MOVIES 200
#define MOVIE_ID(i) (100000 + 7 * (i))

/* The movie page: MOVIES cards m0..m199, then the cart. */
static char *movie_page(int movies)
{
    struct buf b = {0};
    bprintf(&b, "{\"id\":\"home\",\"version\":1,\"components\":[");
    for (int i = 0; i < movies; i++)
        bprintf(&b,
                "{\"id\":\"m%d\",\"type\":\"MovieCard\",\"data\":{\"movieId\":%d,\"title\":\"Movie %d\","
                "\"poster\":\"https://img.example/p/%d.jpg\"}},",
                i, MOVIE_ID(i), i, MOVIE_ID(i));
    bprintf(&b, "{\"id\":\"cart\",\"type\":\"CartSummary\",\"data\":{}}]}");
    return b.p;
}

/* An engine with the movie page loaded (nothing rendered yet). */
static sdui_engine *movie_engine(int movies, struct calls *cards, struct calls *cart)
{
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        return NULL;
    check_engine(e);
    CHECK_STATUS(service(e, "favorites", "{}"), SDUI_OK);
    CHECK_STATUS(service(e, "order", "{\"items\":[],\"total\":0}"), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "MovieCard", movie_card, cards, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "CartSummary", cart_summary, cart, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/toggle", fav_toggle, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "order/add", order_add, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "order/noop", order_noop, NULL, NULL), SDUI_OK);
    char *page = movie_page(movies);
    CHECK_STATUS(load(e, page), SDUI_OK);
    free(page);
    return e;
}

static int toggle(sdui_engine *e, int movie)
{
    char action[128];
    snprintf(action, sizeof action, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":%d}}", movie);
    return dispatch(e, action);
}

static void test_rerender_counts(void)
{
    struct calls cards = {0, 0}, cart = {0, 0};
    sdui_engine *e = movie_engine(MOVIES, &cards, &cart);
    if (!CHECK(e != NULL))
        return;

    /* Nothing renders before someone asks. */
    CHECK_EQ_INT(renders(e), 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_FACTORY_RUNS), 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_ACTIONS), 0);

    /* The first pull inserts every component, in page order. */
    char *p = check_patches(e);
    CHECK_EQ_INT(renders(e), MOVIES + 1);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_FACTORY_RUNS), MOVIES + 1);
    CHECK_EQ_INT(cards.calls, MOVIES);
    CHECK_EQ_INT(cart.calls, 1);
    CHECK_EQ_INT(check_count(p, "\"op\":\"insert\""), MOVIES + 1);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 0);
    CHECK_EQ_INT(check_count(p, "\"op\":\"remove\""), 0);
    CHECK_STR_CONTAINS(p, "{\"op\":\"page\",\"id\":\"home\",\"version\":1}");
    /* Applied in order to an empty screen, the inserts give the page order. */
    struct ids screen = {.n = 0};
    CHECK(ids_apply(&screen, p));
    char want[4096], got[4096];
    want[0] = '\0';
    for (int i = 0; i < MOVIES; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "m%d,", i);
    strncat(want, "cart", sizeof want - strlen(want) - 1);
    CHECK_STR_EQ(ids_text(&screen, got, sizeof got), want);
    CHECK_STR_CONTAINS(p, "\"id\":\"m7#fav\"");
    /* Every poster is an image that appeared. */
    CHECK_EQ_INT(check_count(p, "\"https://img.example/p/"), 3 * MOVIES); /* in the views, "added" and "hints" */
    CHECK_STR_CONTAINS(p, "\"removed\":[]");
    free(p);

    /* Pulling again: nothing changed, nothing renders. */
    CHECK_NO_PATCHES(e);
    CHECK_EQ_INT(renders(e), MOVIES + 1);

    /* One favourite: exactly its card renders; one update with a "set" of the star. */
    long long before = renders(e);
    CHECK_STATUS(toggle(e, MOVIE_ID(7)), SDUI_OK);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_ACTIONS), 1);
    p = check_patches(e);
    CHECK_EQ_INT(renders(e) - before, 1);
    CHECK_EQ_INT(cards.calls, MOVIES + 1);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_EQ_INT(check_count(p, "\"op\":"), 2); /* the update and its one change */
    CHECK_STR_CONTAINS(p, "{\"patches\":[{\"op\":\"update\",\"id\":\"m7\",\"type\":\"MovieCard\",\"changes\":[");
    CHECK_STR_CONTAINS(p, "{\"op\":\"set\",\"id\":\"m7#fav\",\"node\":{");
    CHECK_STR_CONTAINS(p, "\"label\":\"starred\"");
    CHECK_EQ_INT(check_count(p, "\"children\""), 0); /* a set carries the node's own members only */
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[],\"removed\":[],\"hints\":[]}");
    free(p);
    CHECK_STATE(e, "favorites", NULL, "{\"100049\":true}");

    /* And back. */
    before = renders(e);
    CHECK_STATUS(toggle(e, MOVIE_ID(7)), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(renders(e) - before, 1);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_STR_CONTAINS(p, "\"label\":\"unstarred\"");
    free(p);

    /* Two favourites in two dispatches, one pull: two updates, in page order. */
    before = renders(e);
    CHECK_STATUS(toggle(e, MOVIE_ID(150)), SDUI_OK);
    CHECK_STATUS(toggle(e, MOVIE_ID(3)), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(renders(e) - before, 2);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 2);
    const char *m3 = p ? strstr(p, "\"id\":\"m3\"") : NULL, *m150 = p ? strstr(p, "\"id\":\"m150\"") : NULL;
    CHECK(m3 != NULL && m150 != NULL && m3 < m150);
    free(p);

    /* order/add: exactly the cart renders. */
    before = renders(e);
    int cards_before = cards.calls;
    CHECK_STATUS(dispatch(e, "{\"type\":\"order/add\",\"payload\":{\"movieId\":100049,\"price\":1299}}"), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(renders(e) - before, 1);
    CHECK_EQ_INT(cart.calls, 2);
    CHECK_EQ_INT(cards.calls, cards_before);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_STR_CONTAINS(p, "{\"patches\":[{\"op\":\"update\",\"id\":\"cart\",\"type\":\"CartSummary\"");
    CHECK_STR_CONTAINS(p, "order {'items':[100049],'total':1299}");
    free(p);

    /* A dispatch that writes back the same value: no render, empty patches, exactly. */
    before = renders(e);
    long long actions = sdui_counter(e, SDUI_COUNTER_ACTIONS);
    CHECK_STATUS(dispatch(e, "{\"type\":\"order/noop\"}"), SDUI_OK);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_ACTIONS), actions + 1);
    CHECK_NO_PATCHES(e);
    CHECK_EQ_INT(renders(e) - before, 0);

    /* A favourite of a movie not on the page changes state that nobody read. */
    CHECK_STATUS(toggle(e, 42), SDUI_OK);
    CHECK_NO_PATCHES(e);
    CHECK_EQ_INT(renders(e) - before, 0);
    CHECK_STATE(e, "favorites", "42", "true");

    /* A failed dispatch changes nothing and renders nothing. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"order/add\",\"payload\":{}}"), SDUI_ECALLBACK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"order/nosuch\"}"), SDUI_ENOTFOUND);
    CHECK_NO_PATCHES(e);
    CHECK_EQ_INT(renders(e) - before, 0);

    /* Unknown counters. */
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_LAYOUTS), 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_FLAT_VIEWS), 0); /* C factories here: none flat */
    CHECK_EQ_INT(sdui_counter(e, 6), -1);
    CHECK_EQ_INT(sdui_counter(e, -1), -1);

    sdui_engine_free(e);
    check_engine(NULL);
}

/* A factory that reads a service before it exists renders again when it appears. */
static int flag_factory(sdui_call *call, void *userdata)
{
    char *v = NULL;
    char view[128];
    struct calls *c = userdata;
    c->calls++;
    int st = sdui_call_state(call, "late", "flag", &v, NULL);
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":\"flag %s\"}", st == SDUI_OK ? v : "absent");
    sdui_free(v);
    return sdui_call_return(call, view, strlen(view));
}

static void test_service_appears(void)
{
    struct calls flag = {0, 0};
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Flag", flag_factory, &flag, NULL), SDUI_OK);
    CHECK_STATUS(load(e, "[{\"id\":\"f\",\"type\":\"Flag\"},{\"id\":\"g\",\"type\":\"Flag\"}]"), SDUI_OK);
    char *p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "flag absent"), 2);
    free(p);
    CHECK_STATUS(service(e, "other", "{\"flag\":1}"), SDUI_OK); /* another service: nothing */
    CHECK_NO_PATCHES(e);
    CHECK_STATUS(service(e, "late", "{\"nothing\":0}"), SDUI_OK); /* appears, without the path */
    CHECK_NO_PATCHES(e);
    CHECK_EQ_INT(flag.calls, 2);
    CHECK_STATUS(service(e, "late", "{\"flag\":true}"), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(flag.calls, 4);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 2);
    CHECK_EQ_INT(check_count(p, "flag true"), 2);
    free(p);
    /* A new factory for the type renders its components again. */
    CHECK_STATUS(sdui_register_component(e, "Flag", flag_factory, &flag, NULL), SDUI_OK);
    long long before = renders(e);
    CHECK_NO_PATCHES(e); /* same output: rendered again, but no patch */
    CHECK_EQ_INT(renders(e) - before, 2);
    sdui_engine_free(e);
    check_engine(NULL);
}

/* --------------------------------------------------------------- baseline */

static void test_render_resets_baseline(void)
{
    struct calls cards = {0, 0}, cart = {0, 0};
    sdui_engine *e = movie_engine(5, &cards, &cart);
    if (!CHECK(e != NULL))
        return;
    char *r = check_render(e);
    CHECK_STR_CONTAINS(r, "\"id\":\"m4\"");
    free(r);
    CHECK_EQ_INT(renders(e), 6);
    /* The host holds the screen: nothing to patch. */
    CHECK_NO_PATCHES(e);

    CHECK_STATUS(toggle(e, MOVIE_ID(2)), SDUI_OK);
    r = check_render(e);
    CHECK_EQ_INT(renders(e), 7);
    CHECK_STR_CONTAINS(r, "\"label\":\"starred\"");
    free(r);
    CHECK_NO_PATCHES(e);

    /* Rendering again renders nothing and keeps the baseline. */
    r = check_render(e);
    free(r);
    CHECK_EQ_INT(renders(e), 7);
    CHECK_NO_PATCHES(e);

    /* A change pulled once is not pulled again. */
    CHECK_STATUS(toggle(e, MOVIE_ID(2)), SDUI_OK);
    char *p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    free(p);
    CHECK_NO_PATCHES(e);

    sdui_engine_free(e);
    check_engine(NULL);
}

/* ---------------------------------------------------------- patch listener */

struct listen {
    int calls;
    int destroyed;
    char *last;         /* a copy of the last JSON heard */
    size_t last_len;
    sdui_engine *engine; /* to call from inside, when `reenter` is set */
    int reenter;
    int busy; /* status of that call */
    char *errmsg_inside; /* a copy: the message lasts only while the listener runs */
};

static void listener(const char *json, size_t len, void *userdata)
{
    struct listen *l = userdata;
    l->calls++;
    free(l->last);
    l->last = malloc(len + 1);
    if (l->last != NULL) {
        memcpy(l->last, json, len);
        l->last[len] = '\0';
    }
    l->last_len = len;
    if (l->reenter) {
        l->busy = toggle(l->engine, MOVIE_ID(0));
        free(l->errmsg_inside);
        l->errmsg_inside = check_strdup(sdui_errmsg(l->engine));
    }
}

static void listen_destroy(void *userdata)
{
    struct listen *l = userdata;
    l->destroyed++;
    if (l->reenter)
        l->busy = toggle(l->engine, MOVIE_ID(0)); /* a destroy runs as a callback too */
}

static void test_patch_listener(void)
{
    struct calls cards = {0, 0}, cart = {0, 0};
    struct listen l1, l2;
    memset(&l1, 0, sizeof l1);
    memset(&l2, 0, sizeof l2);

    /* Twin engines: `a` delivers to the listener, `b` is pulled. */
    sdui_engine *b = movie_engine(10, &cards, &cart);
    sdui_engine *a = movie_engine(10, &cards, &cart);
    if (!CHECK(a != NULL && b != NULL)) {
        sdui_engine_free(a);
        sdui_engine_free(b);
        return;
    }
    char *r = check_render(a);
    free(r);
    r = check_render(b);
    free(r);
    l1.engine = a;
    check_engine(a);
    CHECK_STATUS(sdui_set_patch_listener(a, listener, &l1, listen_destroy), SDUI_OK);
    CHECK_EQ_INT(l1.calls, 0);

    /* One dispatch: one call, with what a pull on the twin gives. */
    CHECK_STATUS(toggle(a, MOVIE_ID(4)), SDUI_OK);
    CHECK_EQ_INT(l1.calls, 1);
    CHECK_STATUS(toggle(b, MOVIE_ID(4)), SDUI_OK);
    char *pulled = check_output_raw(b, sdui_patches_json);
    CHECK_STR_EQ(l1.last, pulled);
    CHECK_EQ_INT(l1.last_len, pulled ? strlen(pulled) : 0);
    CHECK_STR_CONTAINS(l1.last, "{\"op\":\"set\",\"id\":\"m4#fav\"");
    free(pulled);
    /* Hearing them moved the baseline. */
    CHECK_NO_PATCHES(a);

    /* Nothing changed: no call. Reads, renders and pulls never call it. */
    CHECK_STATUS(dispatch(a, "{\"type\":\"order/noop\"}"), SDUI_OK);
    CHECK_STATUS(toggle(a, 7), SDUI_OK); /* read by nobody */
    CHECK_STATUS(dispatch(a, "{\"type\":\"order/nosuch\"}"), SDUI_ENOTFOUND);
    r = check_render(a);
    free(r);
    char *s = state(a, "favorites", NULL);
    free(s);
    CHECK_EQ_INT(l1.calls, 1);

    /* The lock: three dispatches, one call at unlock with all three updates. */
    sdui_lock(a);
    CHECK_STATUS(toggle(a, MOVIE_ID(1)), SDUI_OK);
    CHECK_STATUS(toggle(a, MOVIE_ID(2)), SDUI_OK);
    CHECK_STATUS(dispatch(a, "{\"type\":\"order/add\",\"payload\":{\"movieId\":1,\"price\":5}}"), SDUI_OK);
    CHECK_EQ_INT(l1.calls, 1);
    sdui_unlock(a);
    CHECK_EQ_INT(l1.calls, 2);
    CHECK_EQ_INT(check_count(l1.last, "\"op\":\"update\""), 3);
    CHECK_STR_CONTAINS(l1.last, "\"id\":\"m1\"");
    CHECK_STR_CONTAINS(l1.last, "\"id\":\"m2\"");
    CHECK_STR_CONTAINS(l1.last, "\"id\":\"cart\"");
    CHECK_STATUS(toggle(b, MOVIE_ID(1)), SDUI_OK);
    CHECK_STATUS(toggle(b, MOVIE_ID(2)), SDUI_OK);
    CHECK_STATUS(dispatch(b, "{\"type\":\"order/add\",\"payload\":{\"movieId\":1,\"price\":5}}"), SDUI_OK);
    pulled = check_output_raw(b, sdui_patches_json);
    CHECK_STR_EQ(l1.last, pulled);
    free(pulled);

    /* Nested locks: the call comes when the outermost unlock returns. */
    sdui_lock(a);
    sdui_lock(a);
    CHECK_STATUS(toggle(a, MOVIE_ID(1)), SDUI_OK);
    sdui_unlock(a);
    CHECK_EQ_INT(l1.calls, 2);
    sdui_unlock(a);
    CHECK_EQ_INT(l1.calls, 3);

    /* The engine from inside the listener: SDUI_EBUSY, nothing changes. */
    l1.reenter = 1;
    CHECK_STATUS(toggle(a, MOVIE_ID(5)), SDUI_OK);
    CHECK_EQ_INT(l1.calls, 4);
    CHECK_STATUS(l1.busy, SDUI_EBUSY);
    CHECK(l1.errmsg_inside != NULL && l1.errmsg_inside[0] != '\0');
    free(l1.errmsg_inside);
    l1.errmsg_inside = NULL;
    CHECK_STR_EQ(sdui_errmsg(a), ""); /* the refusal inside does not become the toggle's message */
    l1.reenter = 0;
    s = state(a, "favorites", "100000"); /* the refused toggle of movie 0 did not happen */
    CHECK(s == NULL);
    free(s);
    CHECK_NO_PATCHES(a);

    /* Replacing runs the old destroy, as a callback; NULL removes (and destroys) too. */
    l1.reenter = 1;
    l1.busy = SDUI_OK;
    CHECK_STATUS(sdui_set_patch_listener(a, listener, &l2, listen_destroy), SDUI_OK);
    CHECK_EQ_INT(l1.destroyed, 1);
    CHECK_STATUS(l1.busy, SDUI_EBUSY);
    l1.reenter = 0;
    CHECK_STATUS(toggle(a, MOVIE_ID(6)), SDUI_OK);
    CHECK_EQ_INT(l1.calls, 4);
    CHECK_EQ_INT(l2.calls, 1);
    CHECK_STATUS(sdui_set_patch_listener(a, NULL, NULL, NULL), SDUI_OK);
    CHECK_EQ_INT(l2.destroyed, 1);
    CHECK_STATUS(toggle(a, MOVIE_ID(6)), SDUI_OK);
    CHECK_EQ_INT(l2.calls, 1);
    char *p = check_patches(a); /* what no listener heard is still there to pull */
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_STR_CONTAINS(p, "\"id\":\"m6#fav\"");
    free(p);
    free(l1.last);
    free(l2.last);
    memset(&l1, 0, sizeof l1);

    /* Destroy runs when the engine is freed. */
    CHECK_STATUS(sdui_set_patch_listener(a, listener, &l1, listen_destroy), SDUI_OK);
    sdui_engine_free(a);
    CHECK_EQ_INT(l1.destroyed, 1);
    CHECK_EQ_INT(l1.calls, 0);
    free(l1.last);
    sdui_engine_free(b);
    check_engine(NULL);
}

/* ---------------------------------------------------------- server patches */

/* Text: {"type":"text","text": data.text}; Poster: the images data.urls. */
static int text_factory(sdui_call *call, void *userdata)
{
    struct calls *c = userdata;
    char *t = NULL;
    char view[512];
    if (c != NULL)
        c->calls++;
    int st = sdui_call_json(call, SDUI_INPUT, "text", &t, NULL);
    if (st != SDUI_OK)
        return st;
    snprintf(view, sizeof view, "{\"type\":\"text\",\"text\":%s}", t);
    sdui_free(t);
    return sdui_call_return(call, view, strlen(view));
}

static int load_checked_(sdui_engine *e, const char *json, int want, int line)
{
    int st = load(e, json);
    check_status_(st, want, __FILE__, line, "sdui_load_page");
    return st;
}
#define LOAD(e, json, want) load_checked_((e), (json), (want), __LINE__)

static void test_server_patches(void)
{
    struct calls texts = {0, 0};
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Text", text_factory, &texts, calls_destroy), SDUI_OK);
    LOAD(e,
         "{\"id\":\"p\",\"version\":1,\"components\":["
         "{\"id\":\"a\",\"type\":\"Text\",\"data\":{\"text\":\"A\"}},"
         "{\"id\":\"b\",\"type\":\"Text\",\"data\":{\"text\":\"B\"}},"
         "{\"id\":\"c\",\"type\":\"Text\",\"data\":{\"text\":\"C\"}}]}",
         SDUI_OK);
    char *base = check_render(e);
    CHECK_EQ_INT(texts.calls, 3);
    /* The host's list of components, kept up to date with the patches. */
    struct ids host = {.n = 0};
    char list[256];
    ids_insert(&host, 0, "a");
    ids_insert(&host, 1, "b");
    ids_insert(&host, 2, "c");

    /* Transactional (the default): an unknown id applies nothing. */
    LOAD(e,
         "{\"patch\":{\"changes\":[{\"id\":\"b\",\"components\":[]},"
         "{\"id\":\"zzz\",\"components\":[]}]}}",
         SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "zzz");
    LOAD(e,
         "{\"patch\":{\"mode\":\"transactional\",\"changes\":[{\"id\":\"a\",\"components\":[]},"
         "{\"id\":\"zzz\",\"components\":[]}]}}",
         SDUI_ENOTFOUND);
    CHECK_NO_PATCHES(e);
    char *r = check_render(e);
    CHECK_STR_EQ(r, base);
    free(r);
    CHECK_EQ_INT(texts.calls, 3);

    /* Partial: what can be applied is, the rest is in the diagnostics. */
    LOAD(e,
         "{\"patch\":{\"mode\":\"partial\",\"changes\":[{\"id\":\"zzz\",\"components\":[]},"
         "{\"id\":\"b\",\"components\":[{\"id\":\"b\",\"type\":\"Text\",\"data\":{\"text\":\"B2\"}}]}]}}",
         SDUI_OK);
    char *p = check_patches(e);
    CHECK_EQ_INT(texts.calls, 4); /* b only */
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_EQ_INT(check_count(p, "\"op\":\"insert\""), 0);
    CHECK_EQ_INT(check_count(p, "\"op\":\"remove\""), 0);
    CHECK_STR_CONTAINS(p, "{\"op\":\"update\",\"id\":\"b\",\"type\":\"Text\"");
    CHECK_STR_CONTAINS(p, "\"text\":\"B2\"");
    CHECK(ids_apply(&host, p));
    CHECK_STR_EQ(ids_text(&host, list, sizeof list), "a,b,c");
    free(p);
    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "\"code\":\"patch-skipped\"");
    CHECK_STR_CONTAINS(d, "zzz");
    free(d);

    /* Removal. */
    LOAD(e, "{\"patch\":{\"changes\":[{\"id\":\"a\",\"components\":[]}]}}", SDUI_OK);
    p = check_patches(e);
    CHECK_STR_EQ(p, "{\"patches\":[{\"op\":\"remove\",\"id\":\"a\"}],\"images\":{\"added\":[],\"removed\":[],"
                    "\"hints\":[]}}");
    CHECK(ids_apply(&host, p));
    CHECK_STR_EQ(ids_text(&host, list, sizeof list), "b,c");
    free(p);
    CHECK_EQ_INT(texts.calls, 4);

    /* Insertion: c stays (not rendered again), d comes after it. */
    LOAD(e,
         "{\"patch\":{\"changes\":[{\"id\":\"c\",\"components\":["
         "{\"id\":\"c\",\"type\":\"Text\",\"data\":{\"text\":\"C\"}},"
         "{\"id\":\"d\",\"type\":\"Text\",\"data\":{\"text\":\"D\"}}]}]}}",
         SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(texts.calls, 5); /* d only */
    CHECK_EQ_INT(check_count(p, "\"op\":"), 1);
    CHECK_STR_CONTAINS(p, "{\"op\":\"insert\",\"index\":2,\"component\":{\"id\":\"d\",\"type\":\"Text\"");
    CHECK(ids_apply(&host, p));
    CHECK_STR_EQ(ids_text(&host, list, sizeof list), "b,c,d");
    free(p);
    /* Insertion before: z, then b. */
    LOAD(e,
         "{\"patch\":{\"changes\":[{\"id\":\"b\",\"components\":["
         "{\"id\":\"z\",\"type\":\"Text\",\"data\":{\"text\":\"Z\"}},"
         "{\"id\":\"b\",\"type\":\"Text\",\"data\":{\"text\":\"B2\"}}]}]}}",
         SDUI_OK);
    p = check_patches(e);
    CHECK_STR_CONTAINS(p, "{\"op\":\"insert\",\"index\":0,\"component\":{\"id\":\"z\"");
    CHECK_EQ_INT(check_count(p, "\"op\":"), 1);
    CHECK(ids_apply(&host, p));
    CHECK_STR_EQ(ids_text(&host, list, sizeof list), "z,b,c,d");
    free(p);
    r = check_render(e);
    long zi = r ? (long)(strstr(r, "\"id\":\"z\"") - r) : -1, bi = r ? (long)(strstr(r, "\"id\":\"b\"") - r) : -1;
    long ci = r ? (long)(strstr(r, "\"id\":\"c\"") - r) : -1, di = r ? (long)(strstr(r, "\"id\":\"d\"") - r) : -1;
    CHECK(0 < zi && zi < bi && bi < ci && ci < di);
    CHECK(r != NULL && strstr(r, "\"id\":\"a\"") == NULL);
    free(base);
    base = r;
    CHECK_STR_CONTAINS(base, "\"id\":\"p\",\"version\":1"); /* a patch keeps the page's id and version */

    /* A duplicate id: SDUI_ECONTRACT, nothing applied. */
    LOAD(e,
         "{\"patch\":{\"changes\":[{\"id\":\"d\",\"components\":[]},{\"id\":\"c\",\"components\":["
         "{\"id\":\"c\",\"type\":\"Text\",\"data\":{\"text\":\"C\"}},"
         "{\"id\":\"b\",\"type\":\"Text\",\"data\":{\"text\":\"B\"}}]}]}}",
         SDUI_ECONTRACT);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "\"b\"");
    CHECK_NO_PATCHES(e);
    r = check_render(e);
    CHECK_STR_EQ(r, base);
    free(r);

    /* Malformed patches: SDUI_ECONTRACT, "line:col: $.patch...." */
    static const struct {
        const char *json, *path;
        int line;
    } bad[] = {
        {"{\"patch\":{\"changes\":[{\"id\":\"b\",\n\"components\":[{\"type\":\"Text\"}]}]}}",
         "$.patch.changes[0].components[0]", 2},
        {"{\"patch\":{\"changes\":[{\"id\":\"\",\"components\":[]}]}}", "$.patch.changes[0].id", 1},
        {"{\"patch\":{\"changes\":[{\"id\":\"b\"}]}}", "$.patch.changes[0]", 1},
        {"{\"patch\":\n\n{\"changes\":[],\"mode\":\"sometimes\"}}", "$.patch.mode", 3},
        {"{\"patch\":{\"changes\":{}}}", "$.patch.changes", 1},
        {"{\"patch\":{\"changes\":[],\"extra\":1}}", "$.patch", 1},
        {"{\"patch\":[]}", "$.patch", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!CHECK_STATUS(load(e, bad[i].json), SDUI_ECONTRACT))
            fprintf(stderr, "    (patch %zu: %s)\n", i, bad[i].json);
        const char *msg = sdui_errmsg(e);
        int line = 0, col = 0;
        if (!CHECK(sscanf(msg, "%d:%d:", &line, &col) == 2 && line == bad[i].line && col > 0))
            fprintf(stderr, "    (patch %zu: errmsg \"%s\")\n", i, msg);
        CHECK_STR_CONTAINS(msg, bad[i].path);
    }
    CHECK_NO_PATCHES(e);
    r = check_render(e);
    CHECK_STR_EQ(r, base);
    free(r);
    free(base);

    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(texts.destroyed, 1);
}

/* ------------------------------------------------------------------ images */

/* Poster: a vstack of the images in data.urls (an array of strings). */
static int poster_factory(sdui_call *call, void *userdata)
{
    char path[32];
    struct buf b = {0};
    (void)userdata;
    long long n = sdui_call_count(call, SDUI_INPUT, "urls");
    bprintf(&b, "{\"type\":\"vstack\",\"children\":[");
    for (long long i = 0; i < n; i++) {
        char *url = NULL;
        snprintf(path, sizeof path, "urls[%lld]", i);
        if (sdui_call_json(call, SDUI_INPUT, path, &url, NULL) == SDUI_OK)
            bprintf(&b, "%s{\"type\":\"image\",\"url\":%s}", i ? "," : "", url);
        sdui_free(url);
    }
    bprintf(&b, "]}");
    int st = sdui_call_return(call, b.p, b.len);
    free(b.p);
    return st;
}

/* Avatar: an image whose url is profile.avatar. */
static int avatar_factory(sdui_call *call, void *userdata)
{
    char *url = NULL;
    char view[256];
    (void)userdata;
    int st = sdui_call_state(call, "profile", "avatar", &url, NULL);
    if (st != SDUI_OK)
        return st;
    snprintf(view, sizeof view, "{\"type\":\"image\",\"url\":%s}", url);
    sdui_free(url);
    return sdui_call_return(call, view, strlen(view));
}

/* profile/set {"avatar": url} */
static int profile_set(sdui_call *call, void *userdata)
{
    char *url = NULL;
    size_t len = 0;
    (void)userdata;
    int st = sdui_call_json(call, SDUI_INPUT, "avatar", &url, &len);
    if (st != SDUI_OK)
        return st;
    st = sdui_call_set(call, "avatar", url, len);
    sdui_free(url);
    return st;
}

#define IMG(n) "\"https://i.example/" n ".jpg\""

static void test_images(void)
{
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "Poster", poster_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_component(e, "Avatar", avatar_factory, NULL, NULL), SDUI_OK);
    CHECK_STATUS(service(e, "profile", "{\"avatar\":" IMG("me1") "}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "profile/set", profile_set, NULL, NULL), SDUI_OK);

    char *im = check_output(e, sdui_images_json);
    CHECK_STR_EQ(im, "[]"); /* no page */
    free(im);
    LOAD(e,
         "{\"id\":\"g\",\"components\":["
         "{\"id\":\"p1\",\"type\":\"Poster\",\"data\":{\"urls\":[" IMG("1") "," IMG("shared") "]}},"
         "{\"id\":\"p2\",\"type\":\"Poster\",\"data\":{\"urls\":[" IMG("shared") "," IMG("2") "]}},"
         "{\"id\":\"me\",\"type\":\"Avatar\"}]}",
         SDUI_OK);
    /* The screen's urls, sorted, each once. */
    im = check_output(e, sdui_images_json);
    CHECK_STR_EQ(im, "[" IMG("1") "," IMG("2") "," IMG("me1") "," IMG("shared") "]");
    free(im);
    char *p = check_patches(e);
    /* Added in on-screen order (no layout yet: page and tree order), each with its hint. */
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[" IMG("1") "," IMG("shared") "," IMG("2") "," IMG("me1")
                          "],\"removed\":[],\"hints\":[{\"url\":" IMG("1") ",\"priority\":\"visible\"},"
                          "{\"url\":" IMG("shared") ",\"priority\":\"visible\"},{\"url\":" IMG("2")
                          ",\"priority\":\"visible\"},{\"url\":" IMG("me1") ",\"priority\":\"visible\"}]}");
    free(p);

    /* p1 leaves: its own url is removed, the shared one stays. */
    LOAD(e, "{\"patch\":{\"changes\":[{\"id\":\"p1\",\"components\":[]}]}}", SDUI_OK);
    p = check_patches(e);
    CHECK_STR_EQ(p, "{\"patches\":[{\"op\":\"remove\",\"id\":\"p1\"}],\"images\":{\"added\":[],\"removed\":["
                    IMG("1") "],\"hints\":[]}}");
    free(p);
    im = check_output(e, sdui_images_json);
    CHECK_STR_EQ(im, "[" IMG("2") "," IMG("me1") "," IMG("shared") "]");
    free(im);

    /* p3 comes with a new url and the shared one. */
    LOAD(e,
         "{\"patch\":{\"changes\":[{\"id\":\"p2\",\"components\":[{\"id\":\"p2\",\"type\":\"Poster\","
         "\"data\":{\"urls\":[" IMG("shared") "," IMG("2") "]}},"
         "{\"id\":\"p3\",\"type\":\"Poster\",\"data\":{\"urls\":[" IMG("3") "," IMG("shared") "]}}]}]}}",
         SDUI_OK);
    p = check_patches(e);
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[" IMG("3") "],\"removed\":[],\"hints\":[{\"url\":" IMG("3")
                          ",\"priority\":\"visible\"}]}");
    free(p);

    /* A state change swaps the avatar. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"profile/set\",\"payload\":{\"avatar\":" IMG("me2") "}}"), SDUI_OK);
    p = check_patches(e);
    CHECK_EQ_INT(check_count(p, "\"op\":\"update\""), 1);
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[" IMG("me2") "],\"removed\":[" IMG("me1") "],\"hints\":[");
    free(p);

    /* Gone and back between two pulls: no image change at all. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"profile/set\",\"payload\":{\"avatar\":" IMG("me3") "}}"), SDUI_OK);
    im = check_output(e, sdui_images_json); /* renders the avatar with me3 */
    CHECK_STR_CONTAINS(im, IMG("me3"));
    free(im);
    CHECK_STATUS(dispatch(e, "{\"type\":\"profile/set\",\"payload\":{\"avatar\":" IMG("me2") "}}"), SDUI_OK);
    p = check_patches(e);
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[],\"removed\":[],\"hints\":[]}");
    free(p);

    /* A whole new page: everything old is removed, everything new added. */
    LOAD(e, "[{\"id\":\"q\",\"type\":\"Poster\",\"data\":{\"urls\":[" IMG("4") "," IMG("2") "]}}]", SDUI_OK);
    p = check_patches(e);
    CHECK_STR_CONTAINS(p, "\"images\":{\"added\":[" IMG("4") "],\"removed\":[" IMG("3") "," IMG("me2") ","
                          IMG("shared") "],\"hints\":[{\"url\":" IMG("4") ",\"priority\":\"visible\"}]}");
    free(p);
    im = check_output(e, sdui_images_json);
    CHECK_STR_EQ(im, "[" IMG("2") "," IMG("4") "]");
    free(im);

    CHECK_STATUS(sdui_images_json(e, NULL, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
    check_engine(NULL);
}

/* ----------------------------------------------------------- subscriptions */

static char trail[128]; /* the order in which handlers and subscribers ran */
static void mark(const char *s) { strncat(trail, s, sizeof trail - strlen(trail) - 1); }

struct sub {
    int calls;
    int destroyed;
    char input[128];
    char id[32];
    int queue; /* queue audit/mark with the value */
    int fail;
    const char *tag;
};

static void sub_destroy(void *userdata) { ((struct sub *)userdata)->destroyed++; }

static int subscriber(sdui_call *call, void *userdata)
{
    struct sub *s = userdata;
    char *in = NULL;
    s->calls++;
    mark(s->tag);
    snprintf(s->id, sizeof s->id, "%s", sdui_call_id(call) ? sdui_call_id(call) : "NULL");
    CHECK_STATUS(sdui_call_json(call, SDUI_INPUT, NULL, &in, NULL), SDUI_OK);
    snprintf(s->input, sizeof s->input, "%s", in ? in : "");
    /* Reading state is allowed, changing it is not. */
    CHECK_STATUS(sdui_call_set(call, "x", "1", 1), SDUI_EINVAL);
    CHECK_STATUS(emit_lit(call, "{\"type\":\"x\"}"), SDUI_EINVAL);
    if (s->queue) {
        char action[192];
        snprintf(action, sizeof action, "{\"type\":\"audit/mark\",\"payload\":{\"seen\":%s}}", in);
        CHECK_STATUS(sdui_call_dispatch(call, action, strlen(action)), SDUI_OK);
    }
    sdui_free(in);
    if (s->fail) {
        sdui_call_error(call, "subscriber says no");
        return SDUI_ERROR;
    }
    return SDUI_OK;
}

/* counter/inc {"by": n}: n += by (1 when absent); queues "again" more incs. */
static int counter_inc(sdui_call *call, void *userdata)
{
    double n = 0, by = 1, again = 0;
    char num[32];
    (void)userdata;
    mark("H");
    sdui_call_number(call, SDUI_INPUT, "by", &by);
    sdui_call_number(call, SDUI_INPUT, "again", &again);
    if (sdui_call_number(call, SDUI_STATE, "n", &n) != SDUI_OK)
        n = 0;
    snprintf(num, sizeof num, "%lld", (long long)(n + by));
    int st = sdui_call_set(call, "n", num, strlen(num));
    for (int i = 0; st == SDUI_OK && i < (int)again; i++)
        st = dispatch_lit(call, "{\"type\":\"counter/inc\"}");
    char *fail = NULL;
    if (sdui_call_json(call, SDUI_INPUT, "fail", &fail, NULL) == SDUI_OK) {
        sdui_free(fail);
        sdui_call_error(call, "asked to fail");
        return SDUI_ERROR;
    }
    return st;
}

/* counter/other: changes only "m". */
static int counter_other(sdui_call *call, void *userdata)
{
    double m = 0;
    char num[32];
    (void)userdata;
    sdui_call_number(call, SDUI_STATE, "m", &m);
    snprintf(num, sizeof num, "%lld", (long long)m + 1);
    return sdui_call_set(call, "m", num, strlen(num));
}

/* counter/clear: removes "n". */
static int counter_clear(sdui_call *call, void *userdata)
{
    (void)userdata;
    return sdui_call_set(call, "n", NULL, 0);
}

/* audit/mark {"seen": v}: appends v to the audit state's "seen". */
static int audit_mark(sdui_call *call, void *userdata)
{
    char *v = NULL;
    size_t len = 0;
    char path[32];
    (void)userdata;
    mark("F");
    int st = sdui_call_json(call, SDUI_INPUT, "seen", &v, &len);
    if (st != SDUI_OK)
        return st;
    snprintf(path, sizeof path, "seen[%lld]", sdui_call_count(call, SDUI_STATE, "seen"));
    st = sdui_call_set(call, path, v, len);
    sdui_free(v);
    return st;
}

static void test_subscriptions(void)
{
    struct sub n_sub, whole, later, q;
    memset(&n_sub, 0, sizeof n_sub);
    memset(&whole, 0, sizeof whole);
    memset(&later, 0, sizeof later);
    memset(&q, 0, sizeof q);
    n_sub.tag = "S";
    whole.tag = "W";
    later.tag = "L";
    q.tag = "Q";
    long long id_n = 0, id_whole = 0, id_later = 0, id_q = 0;

    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(service(e, "counter", "{\"n\":0,\"m\":0}"), SDUI_OK);
    CHECK_STATUS(service(e, "audit", "{\"seen\":[]}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/inc", counter_inc, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/other", counter_other, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "counter/clear", counter_clear, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "audit/mark", audit_mark, NULL, NULL), SDUI_OK);

    CHECK_STATUS(sdui_subscribe(e, "counter", "n", subscriber, &n_sub, sub_destroy, &id_n), SDUI_OK);
    CHECK_STATUS(sdui_subscribe(e, "counter", NULL, subscriber, &whole, sub_destroy, &id_whole), SDUI_OK);
    CHECK(id_n > 0 && id_whole > 0 && id_n != id_whole);
    CHECK_EQ_INT(n_sub.calls, 0); /* subscribing does not call */

    /* One change: each subscriber once, with the new value. */
    trail[0] = '\0';
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, 1);
    CHECK_STR_EQ(n_sub.input, "1");
    CHECK_STR_EQ(n_sub.id, "counter");
    CHECK_EQ_INT(whole.calls, 1);
    CHECK_STR_EQ(whole.input, "{\"n\":1,\"m\":0}");
    CHECK_STR_EQ(trail, "HSW");

    /* Once per dispatch, after every follow-up: three incs, one call, the last value. */
    trail[0] = '\0';
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\",\"payload\":{\"again\":2}}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, 2);
    CHECK_STR_EQ(n_sub.input, "4");
    CHECK_STR_EQ(trail, "HHHSW");

    /* Only on change: another path, or the same value, does not call. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/other\"}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, 2);
    CHECK_EQ_INT(whole.calls, 3);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\",\"payload\":{\"by\":0}}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, 2);
    CHECK_EQ_INT(whole.calls, 3);
    /* A failed dispatch changes nothing: no call. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\",\"payload\":{\"fail\":true}}"), SDUI_ECALLBACK);
    CHECK_EQ_INT(n_sub.calls, 2);
    CHECK_EQ_INT(whole.calls, 3);
    CHECK_STATE(e, "counter", "n", "4");

    /* Gone: INPUT is null. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/clear\"}"), SDUI_OK);
    CHECK_STR_EQ(n_sub.input, "null");

    /* Replacing the state by sdui_register_service is a change too. */
    int before = n_sub.calls;
    CHECK_STATUS(service(e, "counter", "{\"n\":10,\"m\":1}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, before + 1);
    CHECK_STR_EQ(n_sub.input, "10");
    CHECK_STATUS(service(e, "counter", "{\"n\":10,\"m\":1}"), SDUI_OK); /* same state */
    CHECK_EQ_INT(n_sub.calls, before + 1);

    /* A service that does not exist yet: called when it is created. */
    CHECK_STATUS(sdui_subscribe(e, "later", "", subscriber, &later, sub_destroy, &id_later), SDUI_OK);
    CHECK_EQ_INT(later.calls, 0);
    CHECK_STATUS(service(e, "later", "{\"ready\":true}"), SDUI_OK);
    CHECK_EQ_INT(later.calls, 1);
    CHECK_STR_EQ(later.input, "{\"ready\":true}");
    CHECK_STR_EQ(later.id, "later");

    /* A subscriber queueing an action: it runs after the subscriber, as its own round. */
    CHECK_EQ_INT(whole.calls, 5);
    CHECK_STATUS(sdui_unsubscribe(e, id_whole), SDUI_OK);
    CHECK_EQ_INT(whole.destroyed, 1);
    CHECK_STATUS(sdui_subscribe(e, "counter", "n", subscriber, &q, sub_destroy, &id_q), SDUI_OK);
    q.queue = 1;
    trail[0] = '\0';
    long long actions = sdui_counter(e, SDUI_COUNTER_ACTIONS);
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    CHECK_STR_EQ(trail, "HSQF");
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_ACTIONS), actions + 2);
    CHECK_STATE(e, "audit", "seen", "[11]");
    CHECK_EQ_INT(whole.calls, 5); /* unsubscribed: not called again */

    /* A failing subscriber is listed in the diagnostics; the dispatch stands. */
    q.queue = 0;
    q.fail = 1;
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    CHECK_STATE(e, "counter", "n", "12");
    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "subscriber says no");
    free(d);

    /* Unsubscribing: destroy runs, no more calls; twice or unknown: SDUI_ENOTFOUND. */
    CHECK_STATUS(sdui_unsubscribe(e, id_n), SDUI_OK);
    CHECK_EQ_INT(n_sub.destroyed, 1);
    before = n_sub.calls;
    CHECK_STATUS(dispatch(e, "{\"type\":\"counter/inc\"}"), SDUI_OK);
    CHECK_EQ_INT(n_sub.calls, before);
    CHECK_STATUS(sdui_unsubscribe(e, id_n), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_unsubscribe(e, 987654), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_unsubscribe(e, 0), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_unsubscribe(e, -1), SDUI_ENOTFOUND);

    /* Bad arguments. */
    long long id = -7;
    CHECK_STATUS(sdui_subscribe(NULL, "counter", "n", subscriber, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_subscribe(e, NULL, "n", subscriber, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_subscribe(e, "counter", "n", NULL, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_subscribe(e, "counter", "a[", subscriber, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_EQ_INT(id, -7);
    CHECK_STATUS(sdui_subscribe(e, "counter", "n", subscriber, NULL, NULL, NULL), SDUI_OK); /* id may be NULL */
    CHECK_STATUS(sdui_unsubscribe(NULL, id_q), SDUI_EINVAL);

    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(q.destroyed, 1);
    CHECK_EQ_INT(later.destroyed, 1);
    CHECK_EQ_INT(n_sub.destroyed, 1);
    CHECK_EQ_INT(whole.destroyed, 1);
}

/* -------------------------------------------------------------- middleware */

struct mw {
    int calls;
    int destroyed;
    const char *block; /* fail "before" for this action type */
    int dispatch_status;
};

static void mw_destroy(void *userdata) { ((struct mw *)userdata)->destroyed++; }

/* Appends "B:<type> " / "A:<type> " to the trail; fails before `block`. */
static int middleware(sdui_call *call, void *userdata)
{
    struct mw *m = userdata;
    char entry[64];
    m->calls++;
    const char *phase = sdui_call_string(call, SDUI_INPUT, "phase");
    const char *type = sdui_call_string(call, SDUI_INPUT, "action.type");
    const char *id = sdui_call_id(call);
    if (!CHECK(phase != NULL && type != NULL && id != NULL))
        return SDUI_ERROR;
    CHECK_STR_EQ(id, type);
    CHECK(strcmp(phase, "before") == 0 || strcmp(phase, "after") == 0);
    m->dispatch_status = dispatch_lit(call, "{\"type\":\"log/b\"}");
    snprintf(entry, sizeof entry, "%c:%s ", phase[0] == 'b' ? 'B' : 'A', type);
    mark(entry);
    if (m->block != NULL && phase[0] == 'b' && strcmp(type, m->block) == 0) {
        sdui_call_error(call, "blocked by the guard");
        return SDUI_ERROR;
    }
    return SDUI_OK;
}

/* log/<x>: appends "H:log/<x> " to the trail and <x> to state.seen; log/a
** queues log/b, log/c queues log/guarded. */
static int log_handler(sdui_call *call, void *userdata)
{
    const char *type = sdui_call_id(call);
    char entry[64], path[32], val[16];
    (void)userdata;
    snprintf(entry, sizeof entry, "H:%s ", type);
    mark(entry);
    snprintf(path, sizeof path, "seen[%lld]", sdui_call_count(call, SDUI_STATE, "seen"));
    snprintf(val, sizeof val, "\"%s\"", type + 4);
    int st = sdui_call_set(call, path, val, strlen(val));
    if (st == SDUI_OK && strcmp(type, "log/a") == 0)
        st = dispatch_lit(call, "{\"type\":\"log/b\"}");
    if (st == SDUI_OK && strcmp(type, "log/c") == 0)
        st = dispatch_lit(call, "{\"type\":\"log/guarded\"}");
    return st;
}

static void test_middleware(void)
{
    struct mw m = {0, 0, NULL, 0}, guard = {0, 0, NULL, 0};
    long long id = 0, guard_id = 0;
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(service(e, "log", "{\"seen\":[]}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/a", log_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/b", log_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/c", log_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "log/guarded", log_handler, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_add_middleware(e, middleware, &m, mw_destroy, &id), SDUI_OK);
    CHECK(id > 0);

    /* Before and after every action, the follow-up's included, in order. */
    trail[0] = '\0';
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/a\",\"payload\":{\"x\":1}}"), SDUI_OK);
    CHECK_STR_EQ(trail, "B:log/a H:log/a A:log/a B:log/b H:log/b A:log/b ");
    CHECK_EQ_INT(m.calls, 4);
    CHECK_STATUS(m.dispatch_status, SDUI_EINVAL); /* middleware may not queue actions */
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\"]");

    /* A guard failing "before": SDUI_ECALLBACK, the handler never runs, state unchanged. */
    guard.block = "log/guarded";
    CHECK_STATUS(sdui_add_middleware(e, middleware, &guard, mw_destroy, &guard_id), SDUI_OK);
    CHECK(guard_id > 0 && guard_id != id);
    trail[0] = '\0';
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/guarded\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "log/guarded");
    CHECK(strstr(trail, "H:") == NULL);
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\"]");
    /* ... and when it blocks a follow-up, the whole dispatch is rolled back. */
    trail[0] = '\0';
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/c\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(trail, "H:log/c ");
    CHECK(strstr(trail, "H:log/guarded") == NULL);
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\"]");

    /* Removing: its destroy runs, it sees nothing more; twice: SDUI_ENOTFOUND. */
    CHECK_STATUS(sdui_remove_middleware(e, guard_id), SDUI_OK);
    CHECK_EQ_INT(guard.destroyed, 1);
    int guard_calls = guard.calls;
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/guarded\"}"), SDUI_OK);
    CHECK_EQ_INT(guard.calls, guard_calls);
    CHECK_STATE(e, "log", "seen", "[\"a\",\"b\",\"guarded\"]");
    CHECK_STATUS(sdui_remove_middleware(e, guard_id), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_remove_middleware(e, 123456), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_remove_middleware(e, id), SDUI_OK);
    CHECK_EQ_INT(m.destroyed, 1);
    int calls = m.calls;
    CHECK_STATUS(dispatch(e, "{\"type\":\"log/a\"}"), SDUI_OK);
    CHECK_EQ_INT(m.calls, calls);

    /* Bad arguments. */
    CHECK_STATUS(sdui_add_middleware(NULL, middleware, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_add_middleware(e, NULL, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_remove_middleware(NULL, id), SDUI_EINVAL);
    /* One left in place: its destroy runs with the engine. */
    struct mw last = {0, 0, NULL, 0};
    CHECK_STATUS(sdui_add_middleware(e, middleware, &last, mw_destroy, NULL), SDUI_OK);
    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(last.destroyed, 1);
    CHECK_EQ_INT(m.destroyed, 1);
    CHECK_EQ_INT(guard.destroyed, 1);
}

/* ----------------------------------------------------------------- effects */

/* timer/start {"ms": n}: emits an "after" effect dispatching timer/fire. */
static int timer_start(sdui_call *call, void *userdata)
{
    double ms = 100;
    char effect[192];
    (void)userdata;
    sdui_call_number(call, SDUI_INPUT, "ms", &ms);
    snprintf(effect, sizeof effect,
             "{\"type\":\"after\",\"ms\":%g,\"action\":{\"type\":\"timer/fire\",\"payload\":{\"ms\":%g}}}", ms, ms);
    int st = sdui_call_emit(call, effect, strlen(effect));
    if (st != SDUI_OK)
        return st;
    return sdui_call_set(call, "started", "true", 4);
}

/* timer/fire: fired += 1, last = payload.ms. */
static int timer_fire(sdui_call *call, void *userdata)
{
    double fired = 0, ms = 0;
    char num[32];
    (void)userdata;
    sdui_call_number(call, SDUI_STATE, "fired", &fired);
    sdui_call_number(call, SDUI_INPUT, "ms", &ms);
    snprintf(num, sizeof num, "%lld", (long long)fired + 1);
    int st = sdui_call_set(call, "fired", num, strlen(num));
    snprintf(num, sizeof num, "%lld", (long long)ms);
    return st != SDUI_OK ? st : sdui_call_set(call, "last", num, strlen(num));
}

/* timer/doomed: emits, then queues timer/boom, which fails. */
static int timer_doomed(sdui_call *call, void *userdata)
{
    static const char effect[] = "{\"type\":\"after\",\"ms\":5,\"action\":{\"type\":\"timer/fire\"}}";
    static const char req[] = "{\"type\":\"request\",\"url\":\"https://x.example/doomed\"}";
    (void)userdata;
    int st = sdui_call_emit(call, effect, strlen(effect));
    if (st == SDUI_OK)
        st = sdui_call_emit(call, req, strlen(req));
    if (st == SDUI_OK)
        st = dispatch_lit(call, "{\"type\":\"timer/boom\"}");
    return st;
}

static int timer_boom(sdui_call *call, void *userdata)
{
    (void)userdata;
    sdui_call_error(call, "boom");
    return SDUI_ERROR;
}

/* checkout/submit: asks for a request with chained actions. */
static int checkout_submit(sdui_call *call, void *userdata)
{
    static const char effect[] =
        "{\"type\":\"request\",\"url\":\"https://shop.example/checkout\",\"method\":\"POST\","
        "\"body\":{\"items\":[1,2]},"
        "\"on_success\":{\"type\":\"checkout/ok\",\"payload\":{\"tag\":\"s\"}},"
        "\"on_failure\":{\"type\":\"checkout/failed\"}}";
    (void)userdata;
    int st = sdui_call_emit(call, effect, strlen(effect));
    if (st != SDUI_OK)
        return st;
    return sdui_call_set(call, "status", "\"pending\"", 9);
}

struct seen {
    char confirmation[64];
    char tag[16];
    char result[64];
    int ok_calls, failed_calls;
};

/* checkout/ok: payload.result.confirmation into the state. */
static int checkout_ok(sdui_call *call, void *userdata)
{
    struct seen *s = userdata;
    const char *c = sdui_call_string(call, SDUI_INPUT, "result.confirmation");
    const char *tag = sdui_call_string(call, SDUI_INPUT, "tag");
    s->ok_calls++;
    snprintf(s->confirmation, sizeof s->confirmation, "%s", c ? c : "NULL");
    snprintf(s->tag, sizeof s->tag, "%s", tag ? tag : "NULL");
    char *r = NULL;
    size_t len = 0;
    int st = sdui_call_json(call, SDUI_INPUT, "result", &r, &len);
    if (st != SDUI_OK)
        return st;
    st = sdui_call_set(call, "result", r, len);
    sdui_free(r);
    return st != SDUI_OK ? st : sdui_call_set(call, "status", "\"ok\"", 4);
}

/* checkout/failed: payload.result into the state. */
static int checkout_failed(sdui_call *call, void *userdata)
{
    struct seen *s = userdata;
    char *r = NULL;
    size_t len = 0;
    s->failed_calls++;
    int st = sdui_call_json(call, SDUI_INPUT, "result", &r, &len);
    if (st != SDUI_OK)
        return st;
    snprintf(s->result, sizeof s->result, "%s", r);
    st = sdui_call_set(call, "result", r, len);
    sdui_free(r);
    return st != SDUI_OK ? st : sdui_call_set(call, "status", "\"failed\"", 8);
}

/* fx/emit {"effect": {...}}: emits the effect in the payload as is. */
static int fx_emit(sdui_call *call, void *userdata)
{
    char *effect = NULL;
    size_t len = 0;
    (void)userdata;
    int st = sdui_call_json(call, SDUI_INPUT, "effect", &effect, &len);
    if (st != SDUI_OK)
        return st;
    st = sdui_call_emit(call, effect, len);
    sdui_free(effect);
    return st;
}

/* fx/bad: tries invalid effects, records each status, succeeds. */
static int emit_status[16];
static char emit_errmsg[16][160];
static const char *const bad_effects[] = {
    "{\"type\":\"after\"}",                                          /* no ms, no action */
    "{\"type\":\"after\",\"ms\":10}",                                /* no action */
    "{\"type\":\"after\",\"ms\":-1,\"action\":{\"type\":\"timer/fire\"}}", /* negative */
    "{\"type\":\"after\",\"ms\":\"10\",\"action\":{\"type\":\"timer/fire\"}}",
    "{\"type\":\"after\",\"ms\":10,\"action\":{\"payload\":{}}}", /* an action without a type */
    "{\"ms\":10}",                                                   /* no type */
    "{\"type\":\"\"}",
    "{\"type\":42}",
    "[1,2]",
    "\"request\"",
    "{\"type\":\"request\",\"on_success\":{\"type\":\"checkout/ok\",\"payload\":[1]}}",
    "{\"type\":\"request\",\"on_failure\":17}",
};
#define BAD_EFFECTS (sizeof bad_effects / sizeof bad_effects[0])

static int fx_bad(sdui_call *call, void *userdata)
{
    (void)userdata;
    for (size_t i = 0; i < BAD_EFFECTS; i++) {
        emit_status[i] = sdui_call_emit(call, bad_effects[i], strlen(bad_effects[i]));
        snprintf(emit_errmsg[i], sizeof emit_errmsg[i], "%s", sdui_call_errmsg(call));
    }
    emit_status[BAD_EFFECTS] = sdui_call_emit(call, "{\"type\":", 8);
    emit_status[BAD_EFFECTS + 1] = sdui_call_emit(call, NULL, 0);
    emit_status[BAD_EFFECTS + 2] = sdui_call_finish(call, 1, NULL, 0); /* not a performer */
    return SDUI_OK;
}

struct perf {
    int calls;
    int destroyed;
    int async;     /* leave it pending */
    int ok;        /* finish with success */
    long long ids[8];
    char url[128];
    char type[32];
    int has_id;
    int finish_twice;
};

static void perf_destroy(void *userdata) { ((struct perf *)userdata)->destroyed++; }

static int performer(sdui_call *call, void *userdata)
{
    struct perf *p = userdata;
    double id = 0;
    const char *url = sdui_call_string(call, SDUI_INPUT, "url");
    snprintf(p->url, sizeof p->url, "%s", url ? url : "NULL");
    snprintf(p->type, sizeof p->type, "%s", sdui_call_id(call) ? sdui_call_id(call) : "NULL");
    p->has_id = sdui_call_number(call, SDUI_INPUT, "id", &id) == SDUI_OK;
    if (p->calls < 8)
        p->ids[p->calls] = (long long)id;
    p->calls++;
    CHECK_STATUS(emit_lit(call, "{\"type\":\"x\"}"), SDUI_EINVAL); /* handlers only */
    if (p->async)
        return SDUI_OK;
    static const char result[] = "{\"confirmation\":\"X\"}";
    int st = sdui_call_finish(call, p->ok, result, strlen(result));
    if (p->finish_twice)
        sdui_call_finish(call, !p->ok, "\"second\"", 8); /* the first finish stands */
    return st;
}

static void test_effects(void)
{
    struct seen seen;
    struct perf perf;
    int fired = -1;
    memset(&seen, 0, sizeof seen);
    memset(&perf, 0, sizeof perf);
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(service(e, "timer", "{\"fired\":0}"), SDUI_OK);
    CHECK_STATUS(service(e, "checkout", "{}"), SDUI_OK);
    CHECK_STATUS(service(e, "fx", "{}"), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "timer/start", timer_start, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "timer/fire", timer_fire, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "timer/doomed", timer_doomed, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "timer/boom", timer_boom, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "checkout/submit", checkout_submit, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "checkout/ok", checkout_ok, &seen, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "checkout/failed", checkout_failed, &seen, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "fx/emit", fx_emit, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "fx/bad", fx_bad, NULL, NULL), SDUI_OK);

    /* The timer queue. */
    CHECK_EQ_INT(sdui_next_timer(e), -1);
    CHECK_STATUS(sdui_tick(e, 0, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 0);
    CHECK_STATUS(dispatch(e, "{\"type\":\"timer/start\",\"payload\":{\"ms\":100}}"), SDUI_OK);
    CHECK_STATE(e, "timer", "started", "true");
    CHECK_EQ_INT(sdui_next_timer(e), 100);
    CHECK_STATUS(sdui_tick(e, 99, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 0);
    CHECK_STATE(e, "timer", "fired", "0");
    CHECK_EQ_INT(sdui_next_timer(e), 1);
    CHECK_STATUS(sdui_tick(e, 100, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 1);
    CHECK_STATE(e, "timer", "fired", "1");
    CHECK_STATE(e, "timer", "last", "100");
    CHECK_EQ_INT(sdui_next_timer(e), -1);
    CHECK_STATUS(sdui_tick(e, 1000, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 0);

    /* Due times count from the engine time at emission; earliest first. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"timer/start\",\"payload\":{\"ms\":300}}"), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"timer/start\",\"payload\":{\"ms\":50}}"), SDUI_OK);
    CHECK_EQ_INT(sdui_next_timer(e), 50);
    CHECK_STATUS(sdui_tick(e, 1049, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 0);
    CHECK_STATUS(sdui_tick(e, 1400, NULL), SDUI_OK); /* fired may be NULL */
    CHECK_STATE(e, "timer", "fired", "3");
    CHECK_STATE(e, "timer", "last", "300"); /* the 300 ms one ran last */
    /* Time never goes back. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"timer/start\",\"payload\":{\"ms\":10}}"), SDUI_OK);
    CHECK_STATUS(sdui_tick(e, 5, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 0);
    CHECK_EQ_INT(sdui_next_timer(e), 10);
    CHECK_STATUS(sdui_tick(e, 1410, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 1);
    /* A delayed action that fails is listed in the diagnostics (and still counts as fired). */
    CHECK_STATUS(dispatch(e, "{\"type\":\"fx/emit\",\"payload\":{\"effect\":{\"type\":\"after\",\"ms\":0,"
                             "\"action\":{\"type\":\"nobody/home\"}}}}"),
                 SDUI_OK);
    CHECK_EQ_INT(sdui_next_timer(e), 0);
    CHECK_STATUS(sdui_tick(e, 1410, &fired), SDUI_OK);
    CHECK_EQ_INT(fired, 1);
    char *d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "nobody/home");
    free(d);

    /* A failing dispatch drops its effects (timers and requests alike). */
    CHECK_STATUS(sdui_register_effect(e, "request", performer, &perf, perf_destroy), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"timer/doomed\"}"), SDUI_ECALLBACK);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "timer/boom");
    CHECK_EQ_INT(sdui_next_timer(e), -1);
    CHECK_EQ_INT(perf.calls, 0);

    /* A request finished at once by its performer: on_success runs after it. */
    perf.ok = 1;
    long long actions = sdui_counter(e, SDUI_COUNTER_ACTIONS);
    CHECK_STATUS(dispatch(e, "{\"type\":\"checkout/submit\"}"), SDUI_OK);
    CHECK_EQ_INT(perf.calls, 1);
    CHECK(perf.has_id);
    CHECK(perf.ids[0] > 0);
    CHECK_STR_EQ(perf.url, "https://shop.example/checkout");
    CHECK_STR_EQ(perf.type, "request");
    CHECK_EQ_INT(seen.ok_calls, 1);
    CHECK_STR_EQ(seen.confirmation, "X");
    CHECK_STR_EQ(seen.tag, "s"); /* the chained action's own payload stays */
    CHECK_STATE(e, "checkout", "status", "\"ok\"");
    CHECK_STATE(e, "checkout", "result", "{\"confirmation\":\"X\"}");
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_ACTIONS), actions + 2);
    /* Finished: nothing pending under its id. */
    CHECK_STATUS(sdui_finish_effect(e, perf.ids[0], 1, NULL, 0), SDUI_ENOTFOUND);

    /* Finished twice inside the performer: the first finish stands. */
    perf.finish_twice = 1;
    CHECK_STATUS(dispatch(e, "{\"type\":\"checkout/submit\"}"), SDUI_OK);
    CHECK_EQ_INT(seen.ok_calls, 2);
    CHECK_EQ_INT(seen.failed_calls, 0);
    perf.finish_twice = 0;

    /* Asynchronous: the host finishes it later, here as a failure. */
    perf.async = 1;
    CHECK_STATUS(dispatch(e, "{\"type\":\"checkout/submit\"}"), SDUI_OK);
    CHECK_EQ_INT(perf.calls, 3);
    long long pending = perf.ids[2];
    CHECK(pending > 0 && pending != perf.ids[0] && pending != perf.ids[1]);
    CHECK_STATE(e, "checkout", "status", "\"pending\"");
    CHECK_EQ_INT(seen.failed_calls, 0);
    CHECK_STATUS(sdui_finish_effect(e, pending, 0, "\"timeout\"", 9), SDUI_OK);
    CHECK_EQ_INT(seen.failed_calls, 1);
    CHECK_STR_EQ(seen.result, "\"timeout\"");
    CHECK_STATE(e, "checkout", "status", "\"failed\"");
    CHECK_STATE(e, "checkout", "result", "\"timeout\"");
    CHECK_STATUS(sdui_finish_effect(e, pending, 0, "\"timeout\"", 9), SDUI_ENOTFOUND); /* once */
    CHECK_STATUS(sdui_finish_effect(e, 987654321, 1, NULL, 0), SDUI_ENOTFOUND);
    CHECK_STATUS(sdui_finish_effect(e, -3, 1, NULL, 0), SDUI_ENOTFOUND);

    /* Asynchronous success with a NULL result: payload.result is null. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"checkout/submit\"}"), SDUI_OK);
    pending = perf.ids[3];
    /* A malformed result is refused and the effect stays pending. */
    CHECK_STATUS(sdui_finish_effect(e, pending, 1, "{oops", 5), SDUI_EPARSE);
    CHECK_STATUS(sdui_finish_effect(e, pending, 1, NULL, 0), SDUI_OK);
    CHECK_EQ_INT(seen.ok_calls, 3);
    CHECK_STATE(e, "checkout", "result", "null");
    CHECK_STR_EQ(seen.confirmation, "NULL");

    /* An effect type without a performer: dropped, listed in the diagnostics. */
    CHECK_STATUS(dispatch(e, "{\"type\":\"fx/emit\",\"payload\":{\"effect\":{\"type\":\"analytics\",\"event\":\"view\"}}}"),
                 SDUI_OK);
    d = check_diagnostics(e);
    CHECK_STR_CONTAINS(d, "\"code\":\"unknown-effect\"");
    CHECK_STR_CONTAINS(d, "analytics");
    free(d);

    /* A performer for any type; "after" is the engine's own. */
    struct perf any;
    memset(&any, 0, sizeof any);
    any.async = 1;
    CHECK_STATUS(sdui_register_effect(e, "analytics", performer, &any, perf_destroy), SDUI_OK);
    CHECK_STATUS(dispatch(e, "{\"type\":\"fx/emit\",\"payload\":{\"effect\":{\"type\":\"analytics\",\"url\":\"u\"}}}"),
                 SDUI_OK);
    CHECK_EQ_INT(any.calls, 1);
    CHECK_STR_EQ(any.type, "analytics");
    CHECK_STR_EQ(any.url, "u");
    /* Finishing an effect without chained actions is fine. */
    CHECK_STATUS(sdui_finish_effect(e, any.ids[0], 1, "1", 1), SDUI_OK);
    CHECK_STATUS(sdui_register_effect(e, "after", performer, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_effect(e, "", performer, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_effect(e, NULL, performer, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_effect(e, "x", NULL, NULL, NULL), SDUI_EINVAL);
    /* Replacing a performer runs the old one's destroy. */
    struct perf other;
    memset(&other, 0, sizeof other);
    CHECK_STATUS(sdui_register_effect(e, "analytics", performer, &other, perf_destroy), SDUI_OK);
    CHECK_EQ_INT(any.destroyed, 1);

    /* Invalid effects from sdui_call_emit: SDUI_ECONTRACT (EPARSE, EINVAL), nothing emitted. */
    long long timer_before = sdui_next_timer(e);
    int perf_before = perf.calls;
    CHECK_STATUS(dispatch(e, "{\"type\":\"fx/bad\"}"), SDUI_OK);
    for (size_t i = 0; i < BAD_EFFECTS; i++) {
        if (!CHECK_STATUS(emit_status[i], SDUI_ECONTRACT))
            fprintf(stderr, "    (effect %zu: %s)\n", i, bad_effects[i]);
        if (!CHECK(emit_errmsg[i][0] != '\0' && strstr(emit_errmsg[i], "$") != NULL))
            fprintf(stderr, "    (effect %zu: call errmsg \"%s\")\n", i, emit_errmsg[i]);
    }
    CHECK_STR_CONTAINS(emit_errmsg[1], "$.action");
    CHECK_STR_CONTAINS(emit_errmsg[2], "$.ms");
    CHECK_STATUS(emit_status[BAD_EFFECTS], SDUI_EPARSE);
    CHECK_STATUS(emit_status[BAD_EFFECTS + 1], SDUI_EINVAL);
    CHECK_STATUS(emit_status[BAD_EFFECTS + 2], SDUI_EINVAL);
    CHECK_EQ_INT(sdui_next_timer(e), timer_before);
    CHECK_EQ_INT(perf.calls, perf_before);

    /* Bad arguments. */
    CHECK_STATUS(sdui_tick(e, 2000, NULL), SDUI_OK);
    fired = 5;
    CHECK_STATUS(sdui_tick(NULL, 0, &fired), SDUI_EINVAL);
    CHECK_EQ_INT(fired, 0);
    CHECK_EQ_INT(sdui_next_timer(NULL), -1);
    CHECK_STATUS(sdui_finish_effect(NULL, 1, 1, NULL, 0), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_effect(NULL, "request", performer, NULL, NULL), SDUI_EINVAL);

    sdui_engine_free(e);
    check_engine(NULL);
    CHECK_EQ_INT(perf.destroyed, 1);
    CHECK_EQ_INT(other.destroyed, 1);
}

/* ------------------------------------------------------ callbacks' limits */

static int emit_from_factory_status = -1;
static int finish_from_factory_status = -1;

static int emitting_factory(sdui_call *call, void *userdata)
{
    static const char view[] = "{\"type\":\"spacer\"}";
    (void)userdata;
    emit_from_factory_status = emit_lit(call, "{\"type\":\"x\"}");
    finish_from_factory_status = sdui_call_finish(call, 1, NULL, 0);
    return sdui_call_return(call, view, strlen(view));
}

static void test_call_roles(void)
{
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(sdui_register_component(e, "E", emitting_factory, NULL, NULL), SDUI_OK);
    LOAD(e, "[{\"id\":\"e\",\"type\":\"E\"}]", SDUI_OK);
    char *r = check_render(e);
    free(r);
    CHECK_STATUS(emit_from_factory_status, SDUI_EINVAL);
    CHECK_STATUS(finish_from_factory_status, SDUI_EINVAL);
    CHECK_STATUS(emit_lit(NULL, "{\"type\":\"x\"}"), SDUI_EINVAL);
    CHECK_STATUS(sdui_call_finish(NULL, 1, NULL, 0), SDUI_EINVAL);
    sdui_engine_free(e);
    check_engine(NULL);
}

/* -------------------------------------------------------------- NULL engine */

static int never(sdui_call *call, void *userdata)
{
    (void)call;
    (void)userdata;
    return SDUI_ERROR;
}

static void never_listen(const char *json, size_t len, void *userdata)
{
    (void)json;
    (void)len;
    (void)userdata;
}

static void test_null_engine(void)
{
    char *out = (char *)"sentinel";
    size_t len = 77;
    long long id = -5;
    int fired = 9;
    check_engine(NULL);
    CHECK_STATUS(sdui_patches_json(NULL, &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    out = (char *)"sentinel";
    CHECK_STATUS(sdui_images_json(NULL, &out, &len), SDUI_EINVAL);
    CHECK(out == NULL);
    CHECK_STATUS(sdui_set_patch_listener(NULL, never_listen, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_set_patch_listener(NULL, NULL, NULL, NULL), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_counter(NULL, SDUI_COUNTER_FACTORY_RUNS), -1);
    CHECK_EQ_INT(sdui_counter(NULL, SDUI_COUNTER_RENDERS), -1);
    CHECK_EQ_INT(sdui_counter(NULL, SDUI_COUNTER_ACTIONS), -1);
    CHECK_STATUS(sdui_subscribe(NULL, "s", "", never, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_unsubscribe(NULL, 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_add_middleware(NULL, never, NULL, NULL, &id), SDUI_EINVAL);
    CHECK_STATUS(sdui_remove_middleware(NULL, 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_register_effect(NULL, "request", never, NULL, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_finish_effect(NULL, 1, 1, "1", 1), SDUI_EINVAL);
    CHECK_STATUS(sdui_tick(NULL, 10, &fired), SDUI_EINVAL);
    CHECK_EQ_INT(fired, 0);
    CHECK_STATUS(sdui_tick(NULL, 10, NULL), SDUI_EINVAL);
    CHECK_EQ_INT(sdui_next_timer(NULL), -1);
    CHECK_EQ_INT(id, -5);
    sdui_lock(NULL);
    sdui_unlock(NULL);

    /* And NULL out pointers on a real engine. */
    sdui_engine *e = sdui_engine_new();
    if (!CHECK(e != NULL))
        return;
    check_engine(e);
    CHECK_STATUS(sdui_patches_json(e, NULL, &len), SDUI_EINVAL);
    CHECK_STATUS(sdui_images_json(e, NULL, &len), SDUI_EINVAL);
    CHECK_STATUS(sdui_patches_json(e, &out, NULL), SDUI_OK); /* out_len may be NULL */
    CHECK_STR_EQ(out, no_patches);
    sdui_free(out);
    CHECK_STATUS(sdui_finish_effect(e, 1, 1, "[", 1), SDUI_EPARSE);
    sdui_engine_free(e);
    check_engine(NULL);
}

int main(void)
{
    test_rerender_counts();
    test_service_appears();
    test_render_resets_baseline();
    test_patch_listener();
    test_server_patches();
    test_images();
    test_subscriptions();
    test_middleware();
    test_effects();
    test_call_roles();
    test_null_engine();
    return check_summary();
}
