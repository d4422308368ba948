/*
** common.h -- what the libFuzzer harnesses share: splitting an input into
** documents, an owned copy as a C string, a C factory that echoes parts of
** a component's data into view nodes, and helpers that abort() (so
** libFuzzer reports the input) when an invariant of the API breaks.
**
** Every harness goes through include/sdui.h only.
*/
#ifndef SDUI_FUZZ_COMMON_H
#define SDUI_FUZZ_COMMON_H

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* strdup, mkdtemp */
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdui.h"
#include "sdui_binding.h" /* the packed form, checked by fuzz_page */
#include "sdui_scripts.h"

/* Where the repository is (set by the Makefile), for the example scripts and page. */
#ifndef SDUI_FUZZ_ROOT
#define SDUI_FUZZ_ROOT "."
#endif

/* Documents in one input are separated by this line (seeds stay readable text). */
#define FUZZ_SEP "\n@@\n"

/* Prints `what` and aborts: libFuzzer keeps the input as a crash. */
#define FUZZ_FAIL(...)                                                                                     \
    do {                                                                                                   \
        fprintf(stderr, "fuzz invariant broken at %s:%d: ", __FILE__, __LINE__);                          \
        fprintf(stderr, __VA_ARGS__);                                                                      \
        fputc('\n', stderr);                                                                               \
        abort();                                                                                           \
    } while (0)

/* Every status a call may return is one of the header's. */
static inline void fuzz_check_status(int status, const char *call)
{
    if (status < SDUI_OK || status > SDUI_ENOMEM)
        FUZZ_FAIL("%s returned %d, not an sdui status", call, status);
}

/* An output buffer must be NUL-terminated at out_len, with no NUL inside... unless the JSON escaped it. */
static inline void fuzz_check_out(const char *out, size_t len, const char *call)
{
    if (out == NULL)
        FUZZ_FAIL("%s: OK without a buffer", call);
    if (out[len] != '\0')
        FUZZ_FAIL("%s: buffer not NUL-terminated at its length %zu", call, len);
}

/* The `index`-th part of data (parts split by FUZZ_SEP); stores its length. NULL when absent. */
static inline const uint8_t *fuzz_part(const uint8_t *data, size_t size, int index, size_t *len)
{
    const size_t seplen = sizeof(FUZZ_SEP) - 1;
    size_t start = 0;
    for (int part = 0;; part++) {
        size_t end = start;
        while (end + seplen <= size && memcmp(data + end, FUZZ_SEP, seplen) != 0)
            end++;
        if (end + seplen > size)
            end = size;
        if (part == index) {
            *len = end - start;
            return data + start;
        }
        if (end >= size)
            return NULL;
        start = end + seplen;
    }
}

/* A NUL-terminated copy of len bytes (stops at an inner NUL for C-string arguments). */
static inline char *fuzz_cstr(const uint8_t *data, size_t len)
{
    char *s = malloc(len + 1);
    if (s == NULL)
        abort();
    memcpy(s, data, len);
    s[len] = '\0';
    return s;
}

/* A whole file, NUL-terminated; NULL when it cannot be read. */
static inline char *fuzz_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 1024 > cap)
            buf = realloc(buf, cap *= 2);
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* ------------------------------------------------------------ packed values */

/*
** Walks one packed value (sdui.h, sdui_call_packed) at p[*at..len): every
** tag known, every length inside the buffer, numbers finite. Returns the
** tag, or -1 for malformed bytes. Stores the count (arrays, objects) or
** the length (strings) in *count.
*/
static inline int fuzz_packed_walk(const unsigned char *p, size_t len, size_t *at, int depth, uint32_t *count)
{
    if (*at >= len || depth > 4096)
        return -1;
    int tag = p[(*at)++];
    uint32_t n = 0;
    switch (tag) {
    case SDUI_PACKED_NULL:
    case SDUI_PACKED_FALSE:
    case SDUI_PACKED_TRUE:
        return tag;
    case SDUI_PACKED_INTEGER:
    case SDUI_PACKED_NUMBER: {
        if (len - *at < 8)
            return -1;
        if (tag == SDUI_PACKED_NUMBER) {
            double d;
            memcpy(&d, p + *at, 8);
            if (d != d || d - d != 0)
                return -1;
        }
        *at += 8;
        return tag;
    }
    case SDUI_PACKED_STRING:
    case SDUI_PACKED_ARRAY:
    case SDUI_PACKED_OBJECT:
        if (len - *at < 4)
            return -1;
        memcpy(&n, p + *at, 4);
        *at += 4;
        if (count)
            *count = n;
        if (tag == SDUI_PACKED_STRING) {
            if (len - *at < n)
                return -1;
            *at += n;
            return tag;
        }
        for (uint32_t i = 0; i < n; i++) {
            if (tag == SDUI_PACKED_OBJECT) {
                uint32_t k;
                if (len - *at < 4)
                    return -1;
                memcpy(&k, p + *at, 4);
                *at += 4;
                if (len - *at < k)
                    return -1;
                *at += k;
            }
            if (fuzz_packed_walk(p, len, at, depth + 1, NULL) < 0)
                return -1;
        }
        return tag;
    }
    return -1;
}

/* The packed form of the whole data agrees with the JSON readers. */
static inline void fuzz_check_packed(sdui_call *call)
{
    const void *packed = NULL;
    size_t len = 0;
    int status = sdui_call_packed(call, SDUI_INPUT, "", &packed, &len);
    fuzz_check_status(status, "sdui_call_packed");
    if (status != SDUI_OK)
        return;
    size_t at = 0;
    uint32_t count = 0;
    int tag = fuzz_packed_walk(packed, len, &at, 0, &count);
    if (tag < 0 || at != len)
        FUZZ_FAIL("sdui_call_packed: malformed packed value (%zu of %zu bytes read)", at, len);
    long long n = sdui_call_count(call, SDUI_INPUT, "");
    if ((tag == SDUI_PACKED_ARRAY || tag == SDUI_PACKED_OBJECT) ? n != (long long)count : n != -1)
        FUZZ_FAIL("sdui_call_packed: tag %d count %u, sdui_call_count %lld", tag, count, n);
    const char *str = sdui_call_string(call, SDUI_INPUT, "");
    if ((tag == SDUI_PACKED_STRING) != (str != NULL))
        FUZZ_FAIL("sdui_call_packed: tag %d, sdui_call_string %s", tag, str ? str : "NULL");
    if (str != NULL && (strlen(str) > count || memcmp(str, (const char *)packed + 5, strlen(str)) != 0))
        FUZZ_FAIL("sdui_call_packed: string differs from sdui_call_string");
}

/* ------------------------------------------------------------ the echo factory */

/* A growing string. */
typedef struct {
    char *s;
    size_t n, cap;
} fuzz_buf;

static inline void fb_add(fuzz_buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        while (b->n + n + 1 > b->cap)
            b->cap = b->cap ? b->cap * 2 : 256;
        b->s = realloc(b->s, b->cap);
        if (b->s == NULL)
            abort();
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}
static inline void fb_str(fuzz_buf *b, const char *s) { fb_add(b, s, strlen(s)); }

/* Appends `prefix` + the JSON at `path` of the data + `suffix`, with a leading comma after the first. */
static inline int fb_member(fuzz_buf *b, sdui_call *call, const char *path, const char *prefix, const char *suffix,
                            int *count)
{
    char *json = NULL;
    size_t len = 0;
    int status = sdui_call_json(call, SDUI_INPUT, path, &json, &len);
    fuzz_check_status(status, "sdui_call_json");
    if (status != SDUI_OK)
        return 0;
    fuzz_check_out(json, len, "sdui_call_json");
    if (*count > 0)
        fb_str(b, ",");
    fb_str(b, prefix);
    fb_add(b, json, len);
    fb_str(b, suffix);
    sdui_free(json);
    (*count)++;
    return 1;
}

/*
** Echoes the data: text nodes for the string-ish members the seeds use, a
** button for each action member, an hstack of the names in the list
** members, a node taken verbatim from "view", a style from "style", and a
** read of the state at "read" (service "s"), so the reactive paths run. A
** member of the wrong kind makes an invalid node: the component renders as
** an "error" node, which is part of what is fuzzed.
*/
static inline int fuzz_echo_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    static const char *const texts[] = {"title", "name", "header", "message", "overview", "text", "label",
                                        "subtitle", "actionText", "total", "version", "type"};
    static const char *const actions[] = {"action", "favoriteAction", "orderAction", "selectAction"};
    static const char *const lists[] = {"genres", "items", "body", "actions", "slides", "facts", "columns"};
    fuzz_buf b = {0};
    int count = 0;
    const char *id = sdui_call_id(call);
    if (id == NULL)
        FUZZ_FAIL("factory without a component id");
    fuzz_check_packed(call);
    fb_str(&b, "{\"type\":\"vstack\",\"children\":[");
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        const char *s = sdui_call_string(call, SDUI_INPUT, texts[i]);
        if (s != NULL)
            fb_member(&b, call, texts[i], "{\"type\":\"text\",\"text\":", "}", &count);
    }
    double number = 0;
    if (sdui_call_number(call, SDUI_INPUT, "rating", &number) == SDUI_OK)
        fb_member(&b, call, "rating", "{\"type\":\"text\",\"text\":\"rating\",\"key\":\"r\",\"style\":{\"opacity\":",
                  "}}", &count);
    for (size_t i = 0; i < sizeof actions / sizeof *actions; i++)
        fb_member(&b, call, actions[i], "{\"type\":\"button\",\"label\":\"go\",\"action\":", "}", &count);
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        long long n = sdui_call_count(call, SDUI_INPUT, lists[i]);
        if (n <= 0)
            continue;
        if (count++ > 0)
            fb_str(&b, ",");
        fb_str(&b, "{\"type\":\"hstack\",\"style\":{\"spacing\":1},\"children\":[");
        int inner = 0;
        for (long long k = 0; k < n && k < 6; k++) {
            char path[64];
            snprintf(path, sizeof path, "%s[%lld].name", lists[i], k);
            if (sdui_call_string(call, SDUI_INPUT, path) != NULL) {
                fb_member(&b, call, path, "{\"type\":\"text\",\"text\":", "}", &inner);
                continue;
            }
            snprintf(path, sizeof path, "%s[%lld].text", lists[i], k);
            if (sdui_call_string(call, SDUI_INPUT, path) != NULL) {
                fb_member(&b, call, path, "{\"type\":\"text\",\"text\":", ",\"style\":{\"lineLimit\":2}}", &inner);
                continue;
            }
            snprintf(path, sizeof path, "%s[%lld].action", lists[i], k);
            fb_member(&b, call, path, "{\"type\":\"button\",\"label\":\"a\",\"action\":", "}", &inner);
        }
        if (inner == 0)
            fb_str(&b, "{\"type\":\"spacer\"}");
        fb_str(&b, "]}");
    }
    fb_member(&b, call, "view", "", "", &count);
    fb_member(&b, call, "style", "{\"type\":\"text\",\"text\":\"styled\",\"style\":", "}", &count);
    fb_member(&b, call, "url", "{\"type\":\"image\",\"url\":", "}", &count);
    fb_member(&b, call, "poster", "{\"type\":\"image\",\"url\":", ",\"alt\":\"p\"}", &count);
    const char *read = sdui_call_string(call, SDUI_INPUT, "read");
    if (read != NULL) {
        char *value = NULL;
        size_t len = 0;
        int status = sdui_call_state(call, "s", read, &value, &len);
        fuzz_check_status(status, "sdui_call_state");
        if (status == SDUI_OK) {
            fuzz_check_out(value, len, "sdui_call_state");
            if (count++ > 0)
                fb_str(&b, ",");
            fb_str(&b, "{\"type\":\"text\",\"text\":\"read\",\"key\":");
            /* the value as a key only when it is a plain string: else a text of its length */
            if (value[0] == '"')
                fb_add(&b, value, len);
            else
                fb_str(&b, "\"v\"");
            fb_str(&b, "}");
            sdui_free(value);
        }
    }
    fb_str(&b, "]}");
    int status = sdui_call_return(call, b.s, b.n);
    fuzz_check_status(status, "sdui_call_return");
    free(b.s);
    return status;
}

/*
** Builds its view node by node from "nodes": [[kind, member, value], ...]
** (each opens a node of `kind`, sets `member` to the string `value`, and a
** "]" kind closes the open node), through sdui_call_begin/member/end.
*/
static inline int fuzz_builder_factory(sdui_call *call, void *userdata)
{
    (void)userdata;
    long long n = sdui_call_count(call, SDUI_INPUT, "nodes");
    int depth = 0, status = SDUI_OK;
    for (long long i = 0; i < n && i < 64; i++) {
        char path[64];
        snprintf(path, sizeof path, "nodes[%lld][0]", i);
        const char *kind = sdui_call_string(call, SDUI_INPUT, path);
        if (kind == NULL)
            continue;
        if (strcmp(kind, "]") == 0) {
            status = sdui_call_end(call);
            fuzz_check_status(status, "sdui_call_end");
            if (depth > 0)
                depth--;
            continue;
        }
        status = sdui_call_begin(call, kind);
        fuzz_check_status(status, "sdui_call_begin");
        if (status == SDUI_OK)
            depth++;
        snprintf(path, sizeof path, "nodes[%lld][1]", i);
        const char *member = sdui_call_string(call, SDUI_INPUT, path);
        snprintf(path, sizeof path, "nodes[%lld][2]", i);
        if (member != NULL) {
            const char *value = sdui_call_string(call, SDUI_INPUT, path);
            if (value != NULL) {
                status = sdui_call_member(call, member, value, strlen(value));
            } else {
                char *json = NULL;
                size_t len = 0;
                if (sdui_call_json(call, SDUI_INPUT, path, &json, &len) == SDUI_OK) {
                    status = sdui_call_member_json(call, member, json, len);
                    sdui_free(json);
                }
            }
            fuzz_check_status(status, "sdui_call_member");
        }
    }
    while (depth-- > 0)
        fuzz_check_status(sdui_call_end(call), "sdui_call_end");
    return SDUI_OK;
}

/* The component types of the seeds (examples, benchmark page, cards): all echo. */
static const char *const fuzz_echo_types[] = {
    "MovieCardComponent", "GenreListComponent", "NotificationComponent", "BannerComponent",
    "PromoCarouselComponent", "CartSummaryComponent", "AdaptiveCard", "Echo", "Text", "Card",
};

static inline void fuzz_register_factories(sdui_engine *e)
{
    for (size_t i = 0; i < sizeof fuzz_echo_types / sizeof *fuzz_echo_types; i++)
        if (sdui_register_component(e, fuzz_echo_types[i], fuzz_echo_factory, NULL, NULL) != SDUI_OK)
            FUZZ_FAIL("register %s: %s", fuzz_echo_types[i], sdui_errmsg(e));
    if (sdui_register_component(e, "Builder", fuzz_builder_factory, NULL, NULL) != SDUI_OK)
        FUZZ_FAIL("register Builder: %s", sdui_errmsg(e));
}

/* Calls one of the render functions and checks its buffer; returns the buffer (caller frees) or NULL. */
typedef int (*fuzz_out_fn)(sdui_engine *, char **, size_t *);
static inline char *fuzz_out(sdui_engine *e, fuzz_out_fn fn, const char *name)
{
    char *out = NULL;
    size_t len = 0;
    int status = fn(e, &out, &len);
    fuzz_check_status(status, name);
    if (status != SDUI_OK) {
        if (out != NULL)
            FUZZ_FAIL("%s failed (%d) but set its output", name, status);
        return NULL;
    }
    fuzz_check_out(out, len, name);
    return out;
}

static inline char *fuzz_layout(sdui_engine *e, double width)
{
    char *out = NULL;
    size_t len = 0;
    int status = sdui_layout_json(e, width, &out, &len);
    fuzz_check_status(status, "sdui_layout_json");
    if (status != SDUI_OK)
        return NULL;
    fuzz_check_out(out, len, "sdui_layout_json");
    return out;
}

#endif
