/*
** draw.h -- drawing laid-out components with ncursesw: each node at its
** frame, with the content the model keeps for its id.
*/
#ifndef TERMINAL_DRAW_H
#define TERMINAL_DRAW_H

#include "json.h"

/* What the screen shows: the layout, the page row at the top of the
** screen, how many rows and columns the page gets, the focused button or
** tap target. */
typedef struct {
    const json *layout;
    int scroll;
    int rows, cols;
    const char *focus;
} view;

/* Colour pairs, when the terminal has colours. */
void draw_init(void);

/* Draws screen rows [row0, row1) (cleared first) from the layout. */
void draw_rows(const view *v, int row0, int row1);

/* Draws one status row: `text` from column 0, clipped to the screen. */
void draw_status(int row, const char *text, int warn);

/* The rows a component occupies on the page: [*top, *bottom). 0, or -1 for a bad entry. */
int component_rows(const json *component, int *top, int *bottom);

/* How wide a rail's children reach from its left edge, in cells: its last
** child's end (the rail's `width` when they fit). A rail scrolls at most
** this minus its width. */
int rail_extent(const json *rail);

/* The number member `name` of `object` (`otherwise` when absent) in whole
** cells: the engine's frames are whole; anything odd is rounded and clamped. */
int frame_cells(const json *object, const char *name, double otherwise);

#endif
