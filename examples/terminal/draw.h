/*
** draw.h -- drawing laid-out components with ncursesw: each node at its
** frame, with the content the model keeps for its id.
*/
#ifndef TERMINAL_DRAW_H
#define TERMINAL_DRAW_H

#include "json.h"

/*
** One unit: views size things in points, as every GUI does, and the host
** turns points into terminal cells. A cell is CELL_WIDTH_PT points wide and
** CELL_HEIGHT_PT high (the only place these numbers are written): the
** engine lays out in points with sdui_set_cell_size() (its monospace text,
** the [ ] chrome and an input's least width in cells of that size), and
** layout_in_cells() turns the layout it gives into whole cells before
** anything else reads it. Viewport offsets and sizes go back in points.
*/
#define CELL_WIDTH_PT 8.0
#define CELL_HEIGHT_PT 16.0

/*
** Rewrites the frames of a layout of sdui_layout_json() (in points) in
** whole cells, in place: the layout's width and height, each component's
** y, each node's frame. Edges are rounded, not sizes (x to x / CELL_WIDTH_PT
** rounded, the right edge the same), each node's top and bottom on the
** page, so nodes that meet in points meet in cells, never overlap.
*/
void layout_in_cells(json *layout);

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
