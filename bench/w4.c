/*
** w4.c -- benchmark workload W4: one state change on a rendered page, until
** the host has the patches.
**
**   w4 PAGE.json [ROUNDS] [SCRIPTS]
**
** Loads the benchmark's component factories and reducers (Lua, through the
** script host) from SCRIPTS (default bench/scripts), loads PAGE (from
** make_page.py), renders it once with sdui_render_json, then repeats ROUNDS
** times (default 200): dispatch favorites/toggle for the page's first movie
** card (on, off, on...) and take sdui_patches_json. Each round is timed on
** the monotonic clock, from before the dispatch to after the patches are in
** hand (their buffer is freed outside the timing).
**
** Prints a few informational lines, then one line the bench script reads:
**   W4 rounds=R median_ms=M min_ms=A max_ms=B patch_bytes=N renders_per_round=K
** Exits non-zero when anything fails or a round does not give exactly one
** component update (the workload would then measure something else).
*/
#define _POSIX_C_SOURCE 200809L
#define BENCH_NAME "w4"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "sdui.h"
#include "sdui_scripts.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PAGE.json [ROUNDS] [SCRIPTS]\n", argv[0]);
        return 2;
    }
    const char *page_path = argv[1];
    int rounds = argc > 2 ? atoi(argv[2]) : 200;
    const char *scripts = argc > 3 ? argv[3] : "bench/scripts";
    if (rounds < 1) {
        fprintf(stderr, "w4: ROUNDS must be a positive number\n");
        return 2;
    }

    size_t page_len = 0;
    char *page = read_file(page_path, &page_len);
    if (page == NULL)
        die("cannot read %s", page_path);
    /* The first movie card's favourite action, as the peer toggles it. */
    static const char needle[] = "\"favorites/toggle\",\"payload\":{\"movieId\":";
    const char *at = strstr(page, needle);
    if (at == NULL)
        die("no favorites/toggle action in %s", page_path);
    long long movie = strtoll(at + strlen(needle), NULL, 10);
    char action[128];
    snprintf(action, sizeof action, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":%lld}}", movie);
    size_t action_len = strlen(action);

    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        die("out of memory");
    check(e, sdui_scripts_load(e, scripts), "sdui_scripts_load");

    double t0 = now_ms();
    int st = sdui_load_page(e, page, page_len);
    double load_ms = now_ms() - t0;
    free(page);
    check(e, st, "sdui_load_page");
    char *out = NULL;
    size_t out_len = 0;
    t0 = now_ms();
    st = sdui_render_json(e, &out, &out_len);
    double render_ms = now_ms() - t0;
    check(e, st, "sdui_render_json");
    int errors = count_of(out, "\"type\":\"error\"") + count_of(out, "\"type\":\"fallback\"");
    sdui_free(out);
    long long components = sdui_counter(e, SDUI_COUNTER_RENDERS);
    printf("page %s: %zu bytes, %lld components, movie %lld\n", page_path, page_len, components, movie);
    printf("load_page %.3f ms, first render_json %.3f ms (%zu bytes)\n", load_ms, render_ms, out_len);
    if (errors != 0)
        die("the first render has %d error or fallback nodes", errors);

    double *ms = samples(rounds), *dispatch_ms = samples(rounds), *patches_ms = samples(rounds);
    size_t patch_bytes = 0;
    long long renders_before = sdui_counter(e, SDUI_COUNTER_RENDERS);
    for (int r = 0; r < rounds; r++) {
        t0 = now_ms();
        st = sdui_dispatch(e, action, action_len);
        double t1 = now_ms();
        if (st == SDUI_OK)
            st = sdui_patches_json(e, &out, &out_len);
        ms[r] = now_ms() - t0;
        dispatch_ms[r] = t1 - t0;
        check(e, st, r == 0 ? "the first round" : "a round");
        int updates = count_of(out, "\"op\":\"update\"");
        if (r == 0) {
            patch_bytes = out_len;
            printf("patch of one toggle: %zu bytes: %s\n", out_len, out);
        }
        sdui_free(out);
        if (updates != 1)
            die("round %d gave %d component updates, expected 1", r, updates);
    }
    long long renders = sdui_counter(e, SDUI_COUNTER_RENDERS) - renders_before;
    if (renders != rounds)
        die("%d rounds rendered %lld components, expected one a round", rounds, renders);

    /* The split: dispatch alone, and the patches (render of the stale card, diff, JSON). */
    double total = 0;
    for (int r = 0; r < rounds; r++) {
        total += ms[r];
        patches_ms[r] = ms[r] - dispatch_ms[r];
    }
    double dispatch_median = median_of(dispatch_ms, rounds);
    double patches_median = median_of(patches_ms, rounds);
    double median = median_of(ms, rounds); /* sorts ms */
    printf("W4 dispatch + patches: median %.4f ms, min %.4f, max %.4f, mean %.4f over %d rounds\n", median, ms[0],
           ms[rounds - 1], total / rounds, rounds);
    printf("   of which sdui_dispatch median %.4f ms, sdui_patches_json median %.4f ms\n", dispatch_median,
           patches_median);
    printf("W4 rounds=%d median_ms=%.6f min_ms=%.6f max_ms=%.6f patch_bytes=%zu renders_per_round=%.2f\n", rounds,
           median, ms[0], ms[rounds - 1], patch_bytes, (double)renders / rounds);
    free(ms);
    free(dispatch_ms);
    free(patches_ms);
    sdui_engine_free(e);
    return 0;
}
