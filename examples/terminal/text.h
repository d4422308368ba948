/*
** text.h -- UTF-8 text in terminal cells, wrapped the way sdui's monospace
** layout wraps it: lines break at spaces, a word wider than the line is cut
** at cell boundaries, wide characters take two cells, and a character keeps
** the zero-width ones that follow it (combining marks, joiners).
*/
#ifndef TERMINAL_TEXT_H
#define TERMINAL_TEXT_H

#include <stddef.h>

/* One character as the terminal sees it: bytes [start, end) of the text. */
typedef struct {
    size_t start, end;
    int width;    /* cells: 0, 1 or 2 */
    int space;    /* a plain space (U+0020) */
    unsigned cps[5];
    int ncps;     /* code points to draw (0 for controls, which are never drawn) */
} cluster;

/* The cluster starting at byte `at` of text[0, len); returns its end. */
size_t text_cluster(const char *text, size_t len, size_t at, cluster *out);

/* Width in cells of text[0, len), unwrapped. */
int text_width(const char *text, size_t len);

/* A wrapped line: bytes [start, end) of the text and its width. */
typedef struct {
    size_t start, end;
    int width;
} text_line;

/* Wraps text[0, len) at `max_width` cells (< 0: no limit); calls `line` for
** each line in order. Returns the number of lines. */
int text_wrap(const char *text, size_t len, int max_width, void (*line)(const text_line *, void *), void *userdata);

#endif
