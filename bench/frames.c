/*
** frames.c -- the layout benchmarks of the terminal-host issue.
**
**   frames PAGE_1000.json PAGE_10000.json PAGE_20.json [ROUNDS] [SCRIPTS]
**
** L1: layout of the rendered 1,000 page, every component laid out afresh
**     (79 and 81 columns in turn, so nothing comes from the cache), and at
**     80 after a toggle of the page's first movie card's favourite (only
**     that card is laid out: the cache at work). Both counts are checked
**     with SDUI_COUNTER_LAYOUTS.
** F1: time to first frame with a 50-row viewport: from a loaded page to the
**     viewport's layout in hand, for the 10,000 page and the 20 page
**     (sdui_set_viewport + sdui_layout_json), each on a fresh engine.
** Prints lines the bench script reads:
**   L1 cold_ms=M warm_ms=W
**   F1 big_ms=B small_ms=S
*/
#define _POSIX_C_SOURCE 200809L
#define BENCH_NAME "frames"

#include <string.h>

#include "bench.h"
#include "sdui.h"
#include "sdui_scripts.h"

static const char *scripts = "bench/scripts";

static sdui_engine *open_page(const char *path)
{
    size_t len = 0;
    char *page = read_file(path, &len);
    sdui_engine *e = sdui_engine_new();
    if (page == NULL || e == NULL)
        die("cannot open %s", path);
    check(e, sdui_scripts_load(e, scripts), "sdui_scripts_load");
    check(e, sdui_load_page(e, page, len), path);
    free(page);
    return e;
}

static void layout(sdui_engine *e, double width)
{
    char *out = NULL;
    check(e, sdui_layout_json(e, width, &out, NULL), "sdui_layout_json");
    sdui_free(out);
}

/* The favorites/toggle action of the page's first movie card, as w4.c finds it. */
static void first_toggle(const char *path, char *action, size_t size)
{
    static const char needle[] = "\"favorites/toggle\",\"payload\":{\"movieId\":";
    size_t len = 0;
    char *page = read_file(path, &len);
    const char *at = page != NULL ? strstr(page, needle) : NULL;
    if (at == NULL)
        die("no favorites/toggle action in %s", path);
    snprintf(action, size, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":%lld}}",
             strtoll(at + strlen(needle), NULL, 10));
    free(page);
}

/* Median ms from a loaded page to its first viewport layout. */
static double first_frame(const char *path, int rounds)
{
    double *t = samples(rounds);
    for (int i = 0; i < rounds; i++) {
        sdui_engine *e = open_page(path);
        double t0 = now_ms();
        check(e, sdui_set_viewport(e, 80, 0, 50, NULL, NULL), "sdui_set_viewport");
        layout(e, 80);
        t[i] = now_ms() - t0;
        sdui_engine_free(e);
    }
    double m = median_of(t, rounds);
    free(t);
    return m;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s PAGE_1000.json PAGE_10000.json PAGE_20.json [ROUNDS] [SCRIPTS]\n", argv[0]);
        return 2;
    }
    int rounds = argc > 4 ? atoi(argv[4]) : 30;
    if (rounds < 1)
        rounds = 1;
    if (argc > 5)
        scripts = argv[5];

    sdui_engine *e = open_page(argv[1]);
    layout(e, 80);
    double *cold = samples(rounds), *warm = samples(rounds);
    long long components = sdui_counter(e, SDUI_COUNTER_RENDERS);
    for (int i = 0; i < rounds; i++) {
        long long before = sdui_counter(e, SDUI_COUNTER_LAYOUTS);
        double t0 = now_ms();
        layout(e, 80 + (i % 2 ? 1 : -1)); /* 79 or 81 columns: every component laid out again */
        cold[i] = now_ms() - t0;
        if (sdui_counter(e, SDUI_COUNTER_LAYOUTS) - before != components)
            die("L1: a cold layout laid out %lld components, expected %lld",
                sdui_counter(e, SDUI_COUNTER_LAYOUTS) - before, components);
    }
    layout(e, 80);
    char action[128];
    first_toggle(argv[1], action, sizeof action);
    for (int i = 0; i < rounds; i++) {
        check(e, sdui_dispatch(e, action, strlen(action)), "sdui_dispatch");
        long long before = sdui_counter(e, SDUI_COUNTER_LAYOUTS);
        double t0 = now_ms();
        layout(e, 80);
        warm[i] = now_ms() - t0;
        if (sdui_counter(e, SDUI_COUNTER_LAYOUTS) - before != 1) /* only the toggled card */
            die("L1: a warm layout laid out %lld components, expected 1", sdui_counter(e, SDUI_COUNTER_LAYOUTS) - before);
    }
    printf("L1 cold_ms=%.4f warm_ms=%.4f\n", median_of(cold, rounds), median_of(warm, rounds));
    free(cold);
    free(warm);
    sdui_engine_free(e);

    double big = first_frame(argv[2], rounds > 10 ? 10 : rounds);
    double small = first_frame(argv[3], rounds > 10 ? 10 : rounds);
    printf("F1 big_ms=%.4f small_ms=%.4f\n", big, small);
    return 0;
}
