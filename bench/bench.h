/*
** bench.h -- the small helpers the benchmark hosts share: a monotonic
** clock in milliseconds, the median of a sample, counting a substring, and
** dying with a message (a host defines BENCH_NAME, its name in messages,
** before including this). (Files are read with examples/common/files.h,
** like the other hosts.)
*/
#ifndef SDUI_BENCH_H
#define SDUI_BENCH_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "files.h"
#include "sdui.h"

#ifndef BENCH_NAME
#define BENCH_NAME "bench"
#endif

/* Prints "BENCH_NAME: message" and exits with status 1: a benchmark that
** cannot do its work has no figure to give. */
static inline void die(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fputs(BENCH_NAME ": ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* Dies unless status is SDUI_OK, naming `what` and the engine's message. */
static inline void check(sdui_engine *e, int status, const char *what)
{
    if (status != SDUI_OK)
        die("%s failed: %s: %s", what, sdui_errstr(status), sdui_errmsg(e));
}

/* Room for n samples. */
static inline double *samples(int n)
{
    double *v = malloc((size_t)n * sizeof *v);
    if (v == NULL)
        die("out of memory");
    return v;
}

static inline double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v and returns its median. */
static inline double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* How many times needle occurs in hay (not overlapping). */
static inline int count_of(const char *hay, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + len, needle))
        n++;
    return n;
}

#endif
