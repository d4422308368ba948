/*
** test_threads.c -- one engine shared by several threads, and separate
** engines used in parallel.
**
** Four threads each dispatch N "counter/add" actions on one engine. The
** handler does a read-modify-write of the state (sdui_call_number, then
** sdui_call_set): without the engine's lock, increments would be lost. A
** fifth thread renders and reads the state meanwhile. At the end the counter
** must equal the number of dispatches exactly, and no two handler calls may
** ever have overlapped.
*/
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "check.h"

#define N_PER_THREAD 2000
#define N_WORKERS 4

/* ------------------------------------------------------------ callbacks */

struct shared {
    atomic_int inside;   /* callbacks running right now on this engine */
    atomic_int overlaps; /* times a callback found another one running */
    long long handler_calls;
};

static void enter(struct shared *s)
{
    if (atomic_fetch_add(&s->inside, 1) != 0)
        atomic_fetch_add(&s->overlaps, 1);
}

static void leave(struct shared *s) { atomic_fetch_sub(&s->inside, 1); }

/* counter/add {"by": k}: n += k, as a read-modify-write with a pause between. */
static int counter_add(sdui_call *call, void *userdata)
{
    struct shared *s = userdata;
    double n = 0, by = 0;
    char num[32];
    enter(s);
    s->handler_calls++; /* plain increment: safe only because calls are serialized */
    int st = sdui_call_number(call, SDUI_STATE, "n", &n);
    if (st == SDUI_OK)
        st = sdui_call_number(call, SDUI_INPUT, "by", &by);
    if (st == SDUI_OK) {
        sched_yield(); /* widen the window a lost update would need */
        snprintf(num, sizeof num, "%lld", (long long)n + (long long)by);
        st = sdui_call_set(call, "n", num, strlen(num));
    }
    leave(s);
    return st;
}

/* Counter component: a text with the current count. */
static int counter_view(sdui_call *call, void *userdata)
{
    struct shared *s = userdata;
    char *n = NULL;
    char buf[96];
    enter(s);
    int st = sdui_call_state(call, "counter", "n", &n, NULL);
    if (st == SDUI_OK) {
        snprintf(buf, sizeof buf, "{\"type\":\"text\",\"text\":\"count %s\"}", n);
        sdui_free(n);
        st = sdui_call_return(call, buf, strlen(buf));
    }
    leave(s);
    return st;
}

static sdui_engine *make_engine(struct shared *s)
{
    static const char page[] = "[{\"id\":\"c\",\"type\":\"Counter\"},{\"id\":\"d\",\"type\":\"Counter\"}]";
    static const char initial[] = "{\"n\":0}";
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        return NULL;
    if (sdui_register_service(e, "counter", initial, strlen(initial)) != SDUI_OK ||
        sdui_register_action(e, "counter/add", counter_add, s, NULL) != SDUI_OK ||
        sdui_register_component(e, "Counter", counter_view, s, NULL) != SDUI_OK ||
        sdui_load_page(e, page, strlen(page)) != SDUI_OK) {
        fprintf(stderr, "setup failed: %s\n", sdui_errmsg(e));
        sdui_engine_free(e);
        return NULL;
    }
    return e;
}

/* The counter's value, or -1 on error. */
static long long read_counter(sdui_engine *e)
{
    char *out = NULL;
    if (sdui_state_json(e, "counter", "n", &out, NULL) != SDUI_OK || out == NULL)
        return -1;
    char *end = NULL;
    long long v = strtoll(out, &end, 10);
    if (end == out)
        v = -1;
    sdui_free(out);
    return v;
}

/* --------------------------------------------------------------- threads */

struct worker {
    sdui_engine *engine;
    int count;
    int failures;
    int first_status;
};

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    static const char action[] = "{\"type\":\"counter/add\",\"payload\":{\"by\":1}}";
    for (int i = 0; i < w->count; i++) {
        int st = sdui_dispatch(w->engine, action, strlen(action));
        if (st != SDUI_OK && w->failures++ == 0)
            w->first_status = st;
    }
    return NULL;
}

struct reader {
    sdui_engine *engine;
    atomic_int *stop;
    long long max;
    int reads, renders, failures, not_monotonic;
};

static void *reader_main(void *arg)
{
    struct reader *r = arg;
    long long last = 0;
    while (!atomic_load(r->stop)) {
        long long v = read_counter(r->engine);
        if (v < 0 || v > r->max)
            r->failures++;
        else if (v < last)
            r->not_monotonic++;
        else
            last = v;
        r->reads++;
        char *json = NULL;
        if (sdui_render_json(r->engine, &json, NULL) != SDUI_OK || json == NULL ||
            strstr(json, "count ") == NULL)
            r->failures++;
        sdui_free(json);
        char *text = NULL;
        if (sdui_render_text(r->engine, &text, NULL) != SDUI_OK)
            r->failures++;
        sdui_free(text);
        r->renders++;
        sched_yield();
    }
    return NULL;
}

/* An engine of its own: set up, dispatch, check, free -- all in this thread. */
struct solo {
    struct shared shared;
    int count;
    int failures;
    long long final;
    int overlaps;
};

static void *solo_main(void *arg)
{
    struct solo *s = arg;
    sdui_engine *e = make_engine(&s->shared);
    if (e == NULL) {
        s->failures++;
        return NULL;
    }
    struct worker w = {e, s->count, 0, 0};
    worker_main(&w);
    s->failures += w.failures;
    s->final = read_counter(e);
    char *json = NULL;
    if (sdui_render_json(e, &json, NULL) != SDUI_OK)
        s->failures++;
    sdui_free(json);
    sdui_engine_free(e);
    s->overlaps = atomic_load(&s->shared.overlaps);
    return NULL;
}

/* ------------------------------------------------------------------ tests */

static void test_shared_engine(void)
{
    struct shared s;
    memset(&s, 0, sizeof s);
    atomic_init(&s.inside, 0);
    atomic_init(&s.overlaps, 0);
    sdui_engine *e = make_engine(&s);
    if (!CHECK(e != NULL))
        return;
    check_engine(e);

    pthread_t tid[N_WORKERS], rtid;
    struct worker w[N_WORKERS];
    atomic_int stop;
    atomic_init(&stop, 0);
    struct reader r = {e, &stop, (long long)N_WORKERS * N_PER_THREAD, 0, 0, 0, 0};

    CHECK_EQ_INT(pthread_create(&rtid, NULL, reader_main, &r), 0);
    for (int i = 0; i < N_WORKERS; i++) {
        w[i] = (struct worker){e, N_PER_THREAD, 0, 0};
        CHECK_EQ_INT(pthread_create(&tid[i], NULL, worker_main, &w[i]), 0);
    }
    for (int i = 0; i < N_WORKERS; i++) {
        CHECK_EQ_INT(pthread_join(tid[i], NULL), 0);
        if (!CHECK_EQ_INT(w[i].failures, 0))
            fprintf(stderr, "    worker %d: first failure %d (%s)\n", i, w[i].first_status,
                    sdui_errstr(w[i].first_status));
    }
    atomic_store(&stop, 1);
    CHECK_EQ_INT(pthread_join(rtid, NULL), 0);

    CHECK_EQ_INT(read_counter(e), (long long)N_WORKERS * N_PER_THREAD);
    CHECK_EQ_INT(s.handler_calls, (long long)N_WORKERS * N_PER_THREAD);
    CHECK_EQ_INT(atomic_load(&s.overlaps), 0);
    CHECK_EQ_INT(r.failures, 0);
    CHECK_EQ_INT(r.not_monotonic, 0);
    CHECK(r.reads > 0 && r.renders > 0);

    char *json = NULL;
    char expect[64];
    snprintf(expect, sizeof expect, "count %d", N_WORKERS * N_PER_THREAD);
    CHECK_STATUS(sdui_render_json(e, &json, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(json, expect);
    sdui_free(json);
    CHECK_STR_EQ(sdui_errmsg(e), "");
    printf("shared engine: %d workers x %d dispatches, %d concurrent reads and %d renders\n", N_WORKERS,
           N_PER_THREAD, r.reads, r.renders);
    sdui_engine_free(e);
    check_engine(NULL);
}

static void test_separate_engines(void)
{
    enum { ENGINES = 2 };
    pthread_t tid[ENGINES];
    struct solo s[ENGINES];
    memset(s, 0, sizeof s);
    for (int i = 0; i < ENGINES; i++) {
        atomic_init(&s[i].shared.inside, 0);
        atomic_init(&s[i].shared.overlaps, 0);
        s[i].count = N_PER_THREAD + i; /* different totals: no cross-talk */
        CHECK_EQ_INT(pthread_create(&tid[i], NULL, solo_main, &s[i]), 0);
    }
    for (int i = 0; i < ENGINES; i++) {
        CHECK_EQ_INT(pthread_join(tid[i], NULL), 0);
        CHECK_EQ_INT(s[i].failures, 0);
        CHECK_EQ_INT(s[i].final, N_PER_THREAD + i);
        CHECK_EQ_INT(s[i].shared.handler_calls, N_PER_THREAD + i);
        CHECK_EQ_INT(s[i].overlaps, 0);
    }
}

int main(void)
{
    test_shared_engine();
    test_separate_engines();
    return check_summary();
}
