/*
** bench.h -- the small helpers the benchmark hosts share: a monotonic
** clock in milliseconds and the median of a sample. (Files are read with
** examples/common/files.h, like the other hosts.)
*/
#ifndef SDUI_BENCH_H
#define SDUI_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "files.h"

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

#endif
