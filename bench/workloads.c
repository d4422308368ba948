/*
** workloads.c -- the sdui side of benchmark workloads W1, W2, W3, W5, W6,
** W7 and W8 (issue 5) and W2first (issue 14); W4 is bench/w4.c, L1 and F1
** bench/frames.c.
**
**   workloads w1 PAGE [ROUNDS] [SCRIPTS]      bytes -> parsed page
**   workloads w2 PAGE [ROUNDS] [SCRIPTS]      bytes -> rendered view tree as JSON
**   workloads w2first PAGE [ROUNDS] [SCRIPTS] the same on a new engine each round:
**                                             the first full render (the 10,000 page)
**   workloads w3 PAGE [BATCHES] [BATCH] [SCRIPTS]
**                                             dispatch through a Lua handler, no render
**   workloads w5 PAGE [ROUNDS] [SCRIPTS]      render tree -> JSON, nothing changed
**   workloads w6 PAGE [ROUNDS] [SCRIPTS]      rewrite one component script -> patches
**   workloads w8 PAGE [SCRIPTS]               the process W8 measures: load and
**                                             render PAGE once, then exit
**   workloads spawn LABEL RUNS CMD [ARG...]   runs CMD RUNS times (posix_spawn +
**                                             wait4): wall time and peak RSS (W7, W8)
**
** SCRIPTS defaults to bench/scripts (the benchmark's components and
** reducers, loaded through the script host). Every timed region uses the
** monotonic clock; buffers are freed and checks made outside it. Each
** subcommand prints a few informational lines and one line run.sh reads:
**   W1 rounds=R median_ms=M min_ms=A max_ms=B ...
** and exits non-zero with a message when a call fails or a check shows the
** workload did not do the work it claims to time (wrong render count, error
** or fallback nodes, missing patches, a reload that did not happen).
*/
#define _GNU_SOURCE
#define BENCH_NAME "workloads"

#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "sdui.h"
#include "sdui_scripts.h"

extern char **environ;

/* A page with no components: loaded between rounds so the next load of the
** benchmark page (and its render) starts from nothing the engine could keep. */
static const char EMPTY_PAGE[] = "{\"id\":\"x\",\"components\":[]}";

static const char *scripts = "bench/scripts";

static int positive(const char *arg, const char *name)
{
    int n = atoi(arg);
    if (n < 1)
        die("%s must be a positive number, got \"%s\"", name, arg);
    return n;
}

/* The page's bytes and its component count (make_page.py writes each as
** {"id":...,"type":"XComponent","data":...}). */
static char *read_page(const char *path, size_t *len, int *components)
{
    char *page = read_file(path, len);
    if (page == NULL)
        die("cannot read %s: %s", path, strerror(errno));
    *components = count_of(page, "Component\",\"data\":");
    if (*components < 1)
        die("%s has no components: not a make_page.py page", path);
    return page;
}

static sdui_engine *open_engine(const char *folder)
{
    sdui_engine *e = sdui_engine_new();
    if (e == NULL)
        die("sdui_engine_new: out of memory");
    check(e, sdui_scripts_load(e, folder), "sdui_scripts_load");
    return e;
}

/* A rendered screen must list every component and hold no error or fallback node. */
static void check_screen(const char *json, int components, const char *when)
{
    int views = count_of(json, "\"view\":");
    int bad = count_of(json, "\"type\":\"error\"") + count_of(json, "\"type\":\"fallback\"");
    if (views != components)
        die("%s: the screen has %d components, the page %d", when, views, components);
    if (bad != 0)
        die("%s: the screen has %d error or fallback nodes", when, bad);
}

/* Prints "NAME rounds=R median_ms=M min_ms=A max_ms=B" (sorts v), no newline. */
static double print_times(const char *name, double *v, int n)
{
    double median = median_of(v, n);
    printf("%s rounds=%d median_ms=%.6f min_ms=%.6f max_ms=%.6f", name, n, median, v[0], v[n - 1]);
    return median;
}

/* ---- W1: bytes -> parsed page in the engine: sdui_load_page alone. ---- */
static int w1(const char *path, int rounds)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    sdui_engine *e = open_engine(scripts);
    double *t = samples(rounds);
    for (int r = 0; r < rounds; r++) {
        if (r > 0)
            check(e, sdui_load_page(e, EMPTY_PAGE, sizeof EMPTY_PAGE - 1), "loading the empty page");
        double t0 = now_ms();
        int st = sdui_load_page(e, page, len);
        t[r] = now_ms() - t0;
        check(e, st, "sdui_load_page");
    }
    /* Informational: the same bytes loaded again with nothing in between
    ** (a much smaller figure means the engine keeps work across loads). */
    double same = -1;
    if (rounds > 1) {
        double s[5];
        for (int i = 0; i < 5; i++) {
            double t0 = now_ms();
            check(e, sdui_load_page(e, page, len), "sdui_load_page (same bytes)");
            s[i] = now_ms() - t0;
        }
        same = median_of(s, 5);
    }
    /* The page really is loaded: rendering it renders every component. */
    long long before = sdui_counter(e, SDUI_COUNTER_RENDERS);
    char *out = NULL;
    check(e, sdui_render_json(e, &out, NULL), "sdui_render_json (check)");
    if (sdui_counter(e, SDUI_COUNTER_RENDERS) - before != n)
        die("w1: rendering the loaded page rendered %lld components, the page has %d",
            sdui_counter(e, SDUI_COUNTER_RENDERS) - before, n);
    check_screen(out, n, "w1");
    sdui_free(out);
    printf("page %s: %zu bytes, %d components\n", path, len, n);
    print_times("W1", t, rounds);
    printf(" components=%d bytes=%zu same_bytes_ms=%.6f\n", n, len, same);
    free(t);
    free(page);
    sdui_engine_free(e);
    return 0;
}

/*
** One timed sdui_load_page + sdui_render_json of `page` (n components) on
** `e`, checked: every component rendered, none an error or fallback node,
** the same number of bytes as round 0 (kept in *first_len). Returns the ms.
*/
static double timed_render(sdui_engine *e, const char *page, size_t len, int n, const char *name, int round,
                           size_t *first_len)
{
    long long before = sdui_counter(e, SDUI_COUNTER_RENDERS);
    char *out = NULL;
    size_t out_len = 0;
    double t0 = now_ms();
    int st = sdui_load_page(e, page, len);
    if (st == SDUI_OK)
        st = sdui_render_json(e, &out, &out_len);
    double elapsed = now_ms() - t0;
    check(e, st, "sdui_load_page + sdui_render_json");
    long long renders = sdui_counter(e, SDUI_COUNTER_RENDERS) - before;
    if (renders != n)
        die("%s: round %d rendered %lld components, the page has %d", name, round, renders, n);
    check_screen(out, n, name);
    if (round == 0)
        *first_len = out_len;
    else if (out_len != *first_len)
        die("%s: round %d wrote %zu bytes, the first %zu", name, round, out_len, *first_len);
    sdui_free(out);
    return elapsed;
}

/* ---- W2: bytes -> rendered view tree as JSON: load + render_json. ---- */
static int w2(const char *path, int rounds)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    sdui_engine *e = open_engine(scripts);
    double *t = samples(rounds);
    size_t first_len = 0;
    for (int r = 0; r < rounds; r++) {
        if (r > 0) {
            /* An empty screen first, so every component is rendered afresh. */
            char *none = NULL;
            check(e, sdui_load_page(e, EMPTY_PAGE, sizeof EMPTY_PAGE - 1), "loading the empty page");
            check(e, sdui_render_json(e, &none, NULL), "rendering the empty page");
            sdui_free(none);
        }
        t[r] = timed_render(e, page, len, n, "w2", r, &first_len);
    }
    printf("page %s: %zu bytes, %d components, screen %zu bytes\n", path, len, n, first_len);
    print_times("W2", t, rounds);
    printf(" components=%d screen_bytes=%zu\n", n, first_len);
    free(t);
    free(page);
    sdui_engine_free(e);
    return 0;
}

/* ---- W2 on the 10,000 page: the first full render, bytes -> screen JSON. ----
** Each round a new engine with the scripts loaded (untimed), then the timed
** sdui_load_page + sdui_render_json, every component rendered through its
** Lua factory for the first time in that engine; the engine is freed
** (untimed) after the checks. */
static int w2first(const char *path, int rounds)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    double *t = samples(rounds);
    size_t first_len = 0;
    for (int r = 0; r < rounds; r++) {
        sdui_engine *e = open_engine(scripts);
        t[r] = timed_render(e, page, len, n, "w2first", r, &first_len);
        sdui_engine_free(e);
    }
    printf("page %s: %zu bytes, %d components, screen %zu bytes; a new engine each round\n", path, len, n,
           first_len);
    print_times("W2first", t, rounds);
    printf(" components=%d screen_bytes=%zu\n", n, first_len);
    free(t);
    free(page);
    return 0;
}

/* ---- W3: dispatch through a Lua handler, no render. ---- */
static int w3(const char *path, int batches, int batch)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    /* The page's favourite actions, in page order, as the peer collects them. */
    static const char needle[] = "\"favorites/toggle\",\"payload\":{\"movieId\":";
    int count = count_of(page, needle);
    if (count < 1)
        die("w3: no favorites/toggle action in %s", path);
    char **actions = malloc((size_t)count * sizeof *actions);
    size_t *lens = malloc((size_t)count * sizeof *lens);
    long long *ids = malloc((size_t)count * sizeof *ids);
    if (actions == NULL || lens == NULL || ids == NULL)
        die("out of memory");
    const char *at = page;
    for (int i = 0; i < count; i++) {
        at = strstr(at, needle) + strlen(needle);
        ids[i] = strtoll(at, NULL, 10);
        char buf[128];
        snprintf(buf, sizeof buf, "{\"type\":\"favorites/toggle\",\"payload\":{\"movieId\":%lld}}", ids[i]);
        actions[i] = strdup(buf);
        lens[i] = strlen(buf);
        if (actions[i] == NULL)
            die("out of memory");
    }
    free(page);

    /* No page: nothing is rendered, the handler and the store do all the work. */
    sdui_engine *e = open_engine(scripts);
    long long renders0 = sdui_counter(e, SDUI_COUNTER_RENDERS);
    long long actions0 = sdui_counter(e, SDUI_COUNTER_ACTIONS);
    double *rate = samples(batches);
    long long k = 0;
    for (int b = 0; b < batches; b++) {
        double t0 = now_ms();
        for (int i = 0; i < batch; i++, k++) {
            int j = (int)(k % count);
            int st = sdui_dispatch(e, actions[j], lens[j]);
            if (st != SDUI_OK)
                check(e, st, "sdui_dispatch");
        }
        double ms = now_ms() - t0;
        rate[b] = batch / ms * 1000.0;
    }
    long long total = (long long)batches * batch;
    long long ran = sdui_counter(e, SDUI_COUNTER_ACTIONS) - actions0;
    if (ran != total)
        die("w3: %lld dispatches ran %lld actions", total, ran);
    if (sdui_counter(e, SDUI_COUNTER_RENDERS) != renders0)
        die("w3: dispatching rendered %lld components; this workload must not render",
            sdui_counter(e, SDUI_COUNTER_RENDERS) - renders0);
    /* The handler really toggled: the favourites set holds the ids toggled an odd number of times. */
    int expected = 0;
    for (int i = 0; i < count; i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = ids[j] != ids[i];
        if (!first)
            continue;
        long long toggles = 0;
        for (int j = 0; j < count; j++)
            if (ids[j] == ids[i])
                toggles += total / count + (j < total % count ? 1 : 0);
        expected += (int)(toggles % 2);
    }
    char *state = NULL;
    check(e, sdui_state_json(e, "favorites", NULL, &state, NULL), "sdui_state_json");
    int present = count_of(state, "true");
    sdui_free(state);
    if (present != expected)
        die("w3: favorites holds %d ids after the toggles, expected %d", present, expected);

    double median = median_of(rate, batches);
    printf("W3 batches=%d batch=%d median_aps=%.0f min_aps=%.0f max_aps=%.0f distinct_actions=%d favorites=%d\n",
           batches, batch, median, rate[0], rate[batches - 1], count, present);
    for (int i = 0; i < count; i++)
        free(actions[i]);
    free(actions);
    free(lens);
    free(ids);
    free(rate);
    sdui_engine_free(e);
    return 0;
}

/* ---- W5: render tree -> JSON, nothing changed: sdui_render_json alone. ---- */
static int w5(const char *path, int rounds)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    sdui_engine *e = open_engine(scripts);
    check(e, sdui_load_page(e, page, len), "sdui_load_page");
    free(page);
    char *out = NULL;
    size_t first_len = 0;
    double t0 = now_ms();
    int st = sdui_render_json(e, &out, &first_len);
    double first = now_ms() - t0;
    check(e, st, "the first sdui_render_json");
    check_screen(out, n, "w5 first render");
    sdui_free(out);
    long long renders = sdui_counter(e, SDUI_COUNTER_RENDERS);
    if (renders != n)
        die("w5: the first render rendered %lld components, the page has %d", renders, n);
    double *t = samples(rounds);
    for (int r = 0; r < rounds; r++) {
        size_t out_len = 0;
        t0 = now_ms();
        st = sdui_render_json(e, &out, &out_len);
        t[r] = now_ms() - t0;
        check(e, st, "sdui_render_json");
        if (out_len != first_len)
            die("w5: round %d wrote %zu bytes, the first render %zu", r, out_len, first_len);
        if (r == rounds - 1)
            check_screen(out, n, "w5");
        sdui_free(out);
    }
    if (sdui_counter(e, SDUI_COUNTER_RENDERS) != renders)
        die("w5: render_json re-rendered %lld components though nothing changed",
            sdui_counter(e, SDUI_COUNTER_RENDERS) - renders);
    printf("page %s: %zu bytes, %d components, screen %zu bytes; first render_json %.3f ms\n", path, len, n,
           first_len, first);
    print_times("W5", t, rounds);
    printf(" components=%d screen_bytes=%zu first_ms=%.6f\n", n, first_len, first);
    free(t);
    sdui_engine_free(e);
    return 0;
}

/* ---- W6: rewrite one component script -> poll -> patches. ---- */

/* The whole file as a NUL-terminated string; dies when unreadable. */
static char *read_text(const char *path)
{
    size_t len;
    char *text = read_file(path, &len);
    if (text == NULL)
        die("cannot read %s: %s", path, strerror(errno));
    return text;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fputs(text, f) == EOF || fclose(f) != 0)
        die("cannot write %s: %s", path, strerror(errno));
}

/* Copies the *.lua files of `from` into `to`. */
static void copy_scripts(const char *from, const char *to)
{
    DIR *dir = opendir(from);
    if (dir == NULL)
        die("cannot open %s: %s", from, strerror(errno));
    int copied = 0;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        size_t n = strlen(entry->d_name);
        if (n < 5 || strcmp(entry->d_name + n - 4, ".lua") != 0 || entry->d_name[0] == '.')
            continue;
        char src[4096], dst[4096];
        snprintf(src, sizeof src, "%s/%s", from, entry->d_name);
        snprintf(dst, sizeof dst, "%s/%s", to, entry->d_name);
        char *text = read_text(src);
        write_text(dst, text);
        free(text);
        copied++;
    }
    closedir(dir);
    if (copied == 0)
        die("no *.lua scripts in %s", from);
}

static void remove_scripts(const char *folder)
{
    DIR *dir = opendir(folder);
    if (dir == NULL)
        return;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        unlink(path);
    }
    closedir(dir);
    rmdir(folder);
}

/* `text` with its only occurrence of `from` replaced by `to` (dies unless exactly one). */
static char *replace_once(const char *text, const char *from, const char *to, const char *file)
{
    if (count_of(text, from) != 1)
        die("w6: %s holds %d occurrences of %s, expected exactly one", file, count_of(text, from), from);
    const char *at = strstr(text, from);
    size_t head = (size_t)(at - text), from_len = strlen(from), to_len = strlen(to);
    char *out = malloc(strlen(text) - from_len + to_len + 1);
    if (out == NULL)
        die("out of memory");
    memcpy(out, text, head);
    memcpy(out + head, to, to_len);
    strcpy(out + head + to_len, at + from_len);
    return out;
}

/*
** Rounds of: rewrite `file` in `folder` (outside the timing), alternating
** the variant with `to` and the original with `from`, so the size changes
** every time; then time sdui_scripts_poll + sdui_patches_json. Each round
** must reload one file, re-render and update exactly `expected` components,
** and the patches must carry the new literal `shows[variant]`.
*/
static void rewrite_rounds(sdui_engine *e, const char *name, const char *folder, const char *file, const char *from,
                           const char *to, const char *const shows[2], int expected, int rounds)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, file);
    char *original = read_text(path);
    char *variant = replace_once(original, from, to, file);
    double *t = samples(rounds), *poll = samples(rounds), *patches = samples(rounds);
    size_t patch_bytes = 0;
    for (int r = 0; r < rounds; r++) {
        int v = r % 2 == 0; /* 1: the variant, 0: the original */
        write_text(path, v ? variant : original);
        long long before = sdui_counter(e, SDUI_COUNTER_RENDERS);
        int reloaded = 0;
        char *out = NULL;
        size_t out_len = 0;
        double t0 = now_ms();
        int st = sdui_scripts_poll(e, &reloaded);
        double t1 = now_ms();
        if (st == SDUI_OK)
            st = sdui_patches_json(e, &out, &out_len);
        t[r] = now_ms() - t0;
        poll[r] = t1 - t0;
        patches[r] = t[r] - poll[r];
        check(e, st, "sdui_scripts_poll + sdui_patches_json");
        if (reloaded != 1)
            die("%s: round %d: sdui_scripts_poll reloaded %d files, expected 1 (%s)", name, r, reloaded, file);
        long long renders = sdui_counter(e, SDUI_COUNTER_RENDERS) - before;
        int updates = count_of(out, "\"op\":\"update\"");
        if (updates != expected || renders != expected)
            die("%s: round %d: %d component updates and %lld renders, expected %d of each", name, r, updates,
                renders, expected);
        if (strstr(out, shows[v]) == NULL)
            die("%s: round %d: the patches do not show %s", name, r, shows[v]);
        if (count_of(out, "\"type\":\"error\"") + count_of(out, "\"type\":\"fallback\"") != 0)
            die("%s: round %d: the patches hold error or fallback nodes", name, r);
        if (r == 0)
            patch_bytes = out_len;
        sdui_free(out);
    }
    /* Back to the original (after an odd number of rounds the file holds the
    ** variant), taken in outside the timing, so the next file starts clean. */
    if (rounds % 2 == 1) {
        write_text(path, original);
        int reloaded = 0;
        char *out = NULL;
        check(e, sdui_scripts_poll(e, &reloaded), "sdui_scripts_poll (restoring)");
        check(e, sdui_patches_json(e, &out, NULL), "sdui_patches_json (restoring)");
        sdui_free(out);
        if (reloaded != 1)
            die("%s: restoring %s reloaded %d files", name, file, reloaded);
    }
    double poll_median = median_of(poll, rounds), patches_median = median_of(patches, rounds);
    printf("%s: rewrite %s, %d components updated a round (%zu bytes of patches); poll median %.3f ms, "
           "patches_json median %.3f ms\n",
           name, file, expected, patch_bytes, poll_median, patches_median);
    print_times(name, t, rounds);
    printf(" file=%s updates=%d patch_bytes=%zu poll_ms=%.6f patches_ms=%.6f\n", file, expected, patch_bytes,
           poll_median, patches_median);
    free(t);
    free(poll);
    free(patches);
    free(variant);
    free(original);
}

/* The temporary script folder, removed at exit, on failure too. */
static char w6_folder[] = "/tmp/sdui-bench-w6-XXXXXX";

static void remove_w6_folder(void)
{
    remove_scripts(w6_folder);
}

static int w6(const char *path, int rounds)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    int cards = count_of(page, "\"type\":\"MovieCardComponent\"");
    int banners = count_of(page, "\"type\":\"BannerComponent\"");
    if (mkdtemp(w6_folder) == NULL)
        die("mkdtemp: %s", strerror(errno));
    atexit(remove_w6_folder);
    const char *folder = w6_folder;
    copy_scripts(scripts, folder);
    sdui_engine *e = open_engine(folder);
    check(e, sdui_load_page(e, page, len), "sdui_load_page");
    free(page);
    char *out = NULL;
    check(e, sdui_render_json(e, &out, NULL), "sdui_render_json");
    check_screen(out, n, "w6");
    sdui_free(out);
    check(e, sdui_patches_json(e, &out, NULL), "the first sdui_patches_json");
    sdui_free(out);
    static const char *const labels[2] = {"\"Add to order\"", "\"Add to cart\""};
    static const char *const styles[2] = {"\"title\"", "\"headline\""};
    rewrite_rounds(e, "W6", folder, "movie_card.lua", "\"Add to order\"", "\"Add to cart\"", labels, cards, rounds);
    rewrite_rounds(e, "W6banner", folder, "banner.lua", "d.title, \"title\")", "d.title, \"headline\")", styles,
                   banners, rounds);
    sdui_engine_free(e);
    return 0;
}

/* ---- W8: the process whose peak RSS is measured. ---- */

/* A line of /proc/self/status ("VmHWM"), in kB; -1 when unreadable. */
static long status_kb(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL)
        return -1;
    char line[256];
    long kb = -1;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, key, n) == 0 && line[n] == ':')
            kb = strtol(line + n + 1, NULL, 10);
    fclose(f);
    return kb;
}

static int w8(const char *path)
{
    size_t len;
    int n;
    char *page = read_page(path, &len, &n);
    sdui_engine *e = open_engine(scripts);
    check(e, sdui_load_page(e, page, len), "sdui_load_page");
    free(page); /* the host drops the bytes, as the peer does */
    char *out = NULL;
    size_t out_len = 0;
    check(e, sdui_render_json(e, &out, &out_len), "sdui_render_json");
    check_screen(out, n, "w8");
    sdui_free(out);
    if (sdui_counter(e, SDUI_COUNTER_RENDERS) != n)
        die("w8: rendered %lld components, the page has %d", sdui_counter(e, SDUI_COUNTER_RENDERS), n);
    printf("W8child components=%d screen_bytes=%zu vmhwm_kb=%ld\n", n, out_len, status_kb("VmHWM"));
    fflush(stdout);
    sdui_engine_free(e);
    return 0;
}

/* ---- spawn: whole-process wall time and peak RSS of a command (W7, W8). ---- */
static int spawn(const char *label, int runs, char **argv)
{
    /* posix_spawn shares this process's memory until the exec; the kernel then
    ** counts this process's peak RSS as the child's starting peak. Report it,
    ** so a child figure at or below it is recognised as meaningless. */
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    double *t = samples(runs), *rss = samples(runs);
    for (int r = 0; r < runs; r++) {
        pid_t pid;
        int status;
        struct rusage ru;
        double t0 = now_ms();
        int err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
        if (err != 0)
            die("cannot run %s: %s", argv[0], strerror(err));
        if (wait4(pid, &status, 0, &ru) != pid)
            die("wait4: %s", strerror(errno));
        t[r] = now_ms() - t0;
        rss[r] = (double)ru.ru_maxrss;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            die("%s: %s failed (%s %d)", label, argv[0], WIFEXITED(status) ? "exit status" : "signal",
                WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    }
    double rss_median = median_of(rss, runs);
    if (rss_median <= (double)self.ru_maxrss)
        fprintf(stderr, "workloads: %s: the child's peak RSS (%.0f kB) is not above the harness's own (%ld kB)\n",
                label, rss_median, self.ru_maxrss);
    print_times(label, t, runs);
    printf(" maxrss_kb=%.0f maxrss_min_kb=%.0f maxrss_max_kb=%.0f harness_kb=%ld\n", rss_median, rss[0],
           rss[runs - 1], self.ru_maxrss);
    free(t);
    free(rss);
    return 0;
}

static int usage(void)
{
    fputs("usage: workloads w1|w2|w2first|w5|w6 PAGE [ROUNDS] [SCRIPTS]\n"
          "       workloads w3 PAGE [BATCHES] [BATCH] [SCRIPTS]\n"
          "       workloads w8 PAGE [SCRIPTS]\n"
          "       workloads spawn LABEL RUNS CMD [ARG...]\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    const char *cmd = argv[1];
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (strcmp(cmd, "spawn") == 0) {
        if (argc < 5)
            return usage();
        return spawn(argv[2], positive(argv[3], "RUNS"), argv + 4);
    }
    const char *page = argv[2];
    if (strcmp(cmd, "w3") == 0) {
        int batches = argc > 3 ? positive(argv[3], "BATCHES") : 5;
        int batch = argc > 4 ? positive(argv[4], "BATCH") : 20000;
        if (argc > 5)
            scripts = argv[5];
        return w3(page, batches, batch);
    }
    if (strcmp(cmd, "w8") == 0) {
        if (argc > 3)
            scripts = argv[3];
        return w8(page);
    }
    int rounds = argc > 3 ? positive(argv[3], "ROUNDS") : 20;
    if (argc > 4)
        scripts = argv[4];
    if (strcmp(cmd, "w1") == 0)
        return w1(page, rounds);
    if (strcmp(cmd, "w2") == 0)
        return w2(page, rounds);
    if (strcmp(cmd, "w2first") == 0)
        return w2first(page, rounds);
    if (strcmp(cmd, "w5") == 0)
        return w5(page, rounds);
    if (strcmp(cmd, "w6") == 0)
        return w6(page, rounds);
    return usage();
}
