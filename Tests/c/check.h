/*
** check.h -- the tiny test harness of the C tests.
**
** Every CHECK* macro counts as one check, prints a line naming file:line and
** the failing expression when it fails, and evaluates to 1 (passed) or 0
** (failed), so a test can stop early with `if (!CHECK(p)) return;`.
**
**   CHECK(cond)                     cond is true
**   CHECK_EQ_INT(a, b)              two integers are equal (printed on failure)
**   CHECK_STATUS(call, expected)    an sdui status; prints sdui_errmsg of the
**                                   engine set with check_engine() on failure
**   CHECK_STR_EQ(a, b)              two strings are equal (NULL never is)
**   CHECK_STR_CONTAINS(hay, needle) hay contains needle (NULL hay fails)
**
** check_summary() prints exactly "N passed, M failed" on its own line -- the
** line CI reads -- and returns the exit code: 0 iff nothing failed.
**
** The counters are plain ints: use the macros from one thread at a time.
*/
#ifndef SDUI_TEST_CHECK_H
#define SDUI_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"

static int check_passed_;
static int check_failed_;
static sdui_engine *check_engine_;

/* The engine whose sdui_errmsg() CHECK_STATUS prints on a mismatch (or NULL). */
static inline void check_engine(sdui_engine *engine) { check_engine_ = engine; }

static inline int check_result_(int ok, const char *file, int line, const char *expr)
{
    if (ok) {
        check_passed_++;
        return 1;
    }
    check_failed_++;
    fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, expr);
    return 0;
}

static inline int check_int_(long long a, long long b, const char *file, int line, const char *ea,
                             const char *eb)
{
    if (a == b) {
        check_passed_++;
        return 1;
    }
    check_failed_++;
    fprintf(stderr, "%s:%d: FAILED: %s == %s (%lld != %lld)\n", file, line, ea, eb, a, b);
    return 0;
}

static inline int check_status_(int got, int want, const char *file, int line, const char *expr)
{
    if (got == want) {
        check_passed_++;
        return 1;
    }
    check_failed_++;
    fprintf(stderr, "%s:%d: FAILED: %s returned %d (%s), expected %d (%s)\n", file, line, expr, got,
            sdui_errstr(got), want, sdui_errstr(want));
    const char *msg = check_engine_ != NULL ? sdui_errmsg(check_engine_) : NULL;
    if (msg != NULL && msg[0] != '\0')
        fprintf(stderr, "    errmsg: \"%s\"\n", msg);
    return 0;
}

static inline int check_str_eq_(const char *a, const char *b, const char *file, int line, const char *ea,
                                const char *eb)
{
    if (a != NULL && b != NULL && strcmp(a, b) == 0) {
        check_passed_++;
        return 1;
    }
    check_failed_++;
    fprintf(stderr, "%s:%d: FAILED: %s equals %s\n    got:      %s%s%s\n    expected: %s%s%s\n", file, line,
            ea, eb, a ? "\"" : "", a ? a : "NULL", a ? "\"" : "", b ? "\"" : "", b ? b : "NULL", b ? "\"" : "");
    return 0;
}

static inline int check_contains_(const char *hay, const char *needle, const char *file, int line,
                                  const char *eh, const char *en)
{
    if (hay != NULL && needle != NULL && strstr(hay, needle) != NULL) {
        check_passed_++;
        return 1;
    }
    check_failed_++;
    fprintf(stderr, "%s:%d: FAILED: %s contains %s\n    text:   %s%s%s\n    needle: \"%s\"\n", file, line, eh, en,
            hay ? "\"" : "", hay ? hay : "NULL", hay ? "\"" : "", needle ? needle : "NULL");
    return 0;
}

#define CHECK(cond) check_result_(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ_INT(a, b) check_int_((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_STATUS(call, expected) check_status_((call), (expected), __FILE__, __LINE__, #call)
#define CHECK_STR_EQ(a, b) check_str_eq_((a), (b), __FILE__, __LINE__, #a, #b)
#define CHECK_STR_CONTAINS(hay, needle) check_contains_((hay), (needle), __FILE__, __LINE__, #hay, #needle)

/* Prints "N passed, M failed" and returns the process exit code. */
static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed_, check_failed_);
    fflush(stdout);
    return check_failed_ == 0 ? 0 : 1;
}

/*
** Helpers shared by the tests.
*/

/* A malloc'd copy of `json` without the whitespace outside strings, so the
** tests can look for `"id":"c1/0"` whatever the library's formatting. */
static inline char *check_compact(const char *json)
{
    if (json == NULL)
        return NULL;
    size_t n = strlen(json);
    char *out = malloc(n + 1);
    if (out == NULL)
        return NULL;
    size_t j = 0;
    int in_string = 0;
    for (size_t i = 0; i < n; i++) {
        char c = json[i];
        if (in_string) {
            out[j++] = c;
            if (c == '\\' && i + 1 < n)
                out[j++] = json[++i];
            else if (c == '"')
                in_string = 0;
        } else if (c == '"') {
            in_string = 1;
            out[j++] = c;
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            out[j++] = c;
        }
    }
    out[j] = '\0';
    return out;
}

/* How many times `needle` occurs in `hay` (non-overlapping); 0 for NULL or an empty needle. */
static inline int check_count(const char *hay, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    if (hay == NULL || len == 0)
        return 0;
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + len, needle))
        n++;
    return n;
}

/* 1 when `hay` contains `needle` ignoring ASCII case. */
static inline int check_contains_ci(const char *hay, const char *needle)
{
    if (hay == NULL || needle == NULL)
        return 0;
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] != '\0') {
            char a = hay[i], b = needle[i];
            if (a >= 'A' && a <= 'Z')
                a = (char)(a - 'A' + 'a');
            if (b >= 'A' && b <= 'Z')
                b = (char)(b - 'A' + 'a');
            if (a != b)
                break;
            i++;
        }
        if (i == n)
            return 1;
    }
    return n == 0;
}

/* A malloc'd copy of a string (strdup is not C11). */
static inline char *check_strdup(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

/*
** What an engine output function (sdui_render_json, sdui_patches_json...)
** gives, byte for byte, its length checked, as a malloc'd copy (caller
** frees); NULL, with a failed check, on error.
*/
static inline char *check_output_raw(sdui_engine *e, int (*get)(sdui_engine *, char **, size_t *))
{
    char *out = NULL;
    size_t len = 0;
    if (!CHECK_STATUS(get(e, &out, &len), SDUI_OK))
        return NULL;
    if (!CHECK(out != NULL))
        return NULL;
    CHECK_EQ_INT(len, strlen(out));
    char *copy = check_strdup(out);
    sdui_free(out);
    return copy;
}

/* The same, compacted (whatever the library's formatting; caller frees). */
static inline char *check_output(sdui_engine *e, int (*get)(sdui_engine *, char **, size_t *))
{
    char *raw = check_output_raw(e, get);
    char *c = check_compact(raw);
    free(raw);
    return c;
}

/* The rendered screen, compacted (caller frees); NULL, with a failed check, on error. */
static inline char *check_render(sdui_engine *e) { return check_output(e, sdui_render_json); }

/* The patches since the last look, compacted (caller frees); NULL, with a failed check, on error. */
static inline char *check_patches(sdui_engine *e) { return check_output(e, sdui_patches_json); }

/* The diagnostics, compacted (caller frees); NULL, with a failed check, on error. */
static inline char *check_diagnostics(sdui_engine *e)
{
    char *out = NULL;
    if (!CHECK_STATUS(sdui_diagnostics_json(e, &out, NULL), SDUI_OK))
        return NULL;
    char *c = check_compact(out);
    sdui_free(out);
    return c;
}

#endif /* SDUI_TEST_CHECK_H */
