/*
** text.h -- UTF-8 text cut into the clusters the terminal draws, one cell
** run each, none of them a control character; and text made safe to write
** on the terminal without curses. The cells and the wrapping are the engine's own
** (sdui_text_cells, sdui_text_lines), so a text drawn here fills the frame
** the layout gave it; the engine exports no cluster boundaries, so this
** file keeps its cluster rules (Sources/SDUICore/Text/CellClusters.swift), and
** only those: a scalar keeps the zero-width ones that follow it (combining
** marks, variation selectors), the scalar after a zero-width joiner, and
** the second regional indicator of a flag.
*/
#ifndef TERMINAL_TEXT_H
#define TERMINAL_TEXT_H

#include <stddef.h>

/* One character as the terminal sees it: bytes [start, end) of the text. */
typedef struct {
    size_t start, end;
    int width;    /* cells, as sdui_text_cells counts the cluster */
    unsigned cps[5];
    int ncps;     /* code points to draw (0 for controls, which are never drawn) */
} cluster;

/* The cluster starting at byte `at` of text[0, len); returns its end. */
size_t text_cluster(const char *text, size_t len, size_t at, cluster *out);

/* Makes `text` (UTF-8, NUL-ended) safe to write on a terminal as it is
** (stderr): each control character (C0 with ESC, DEL, C1) but the newline,
** and each byte that is not UTF-8 (a lone 0x9B is CSI to some terminals),
** becomes '?'. In place: the text never grows. (What curses draws is
** cut into clusters, which leave the controls out.) */
void text_clean(char *text);

#endif
