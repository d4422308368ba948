/*
** model.h -- what the terminal host knows of the screen besides frames:
** the content of every view node (action, tooltip, disabled, style, an
** input's own members, its accessibility hint), by node id. The layout
** gives each node its id, type and frame, and what the engine says of it:
** its role, accessible name, shown text and input kind; this map gives
** the rest of what to draw in it. It is filled from sdui_render_json() and kept
** current with the patches of sdui_patches_json().
*/
#ifndef TERMINAL_MODEL_H
#define TERMINAL_MODEL_H

#include "json.h"

typedef struct content content;
struct content {
    char *id;
    char *component;  /* the component the node belongs to */
    char *type;       /* text, button, image, input, vstack, ..., fallback, error */
    int dim_text;     /* an input that shows its placeholder: it has one and no value */
    char *action;     /* the action's JSON, or NULL */
    char *tooltip;    /* a button's tooltip, or NULL */
    int disabled;     /* a disabled button: drawn dimmed, never pressed */
    char *input;      /* an input node's own JSON (kind, value, options, bind...), or NULL */
    char *error;      /* an input's validation error, or NULL */
    char *font, *weight, *color, *background; /* style members, or NULL */
    int align;        /* style.textAlignment: 0 leading, 1 center, 2 trailing */
    int border;       /* style.borderWidth >= 1: an outline inside the frame */
    int page;         /* a pager's page (its "page" member), 0 when none */
    char *hint;       /* its accessibility hint (README, "Accessibility"), or NULL */
    content *next;
};

/* The components a round of patches named, and whether positions may have moved. */
typedef struct {
    char **ids;
    int count, cap;
    int structural; /* components inserted, removed or moved, or the page changed */
} touched;

void model_clear(void);
const content *model_get(const char *id);

/* Replaces everything with the components of a screen ({"components": [...]}). -1 when malformed. */
int model_load_screen(const json *screen);

/* Applies {"patches": [...]}: node contents change, components named go into
** `t`. -1 when a patch is not understood (the host then loads the whole
** screen again). */
int model_apply_patches(const json *patches, touched *t);

/* How far the rail `id` is scrolled sideways, in cells (0 when it never
** was), and setting it (0, or -1 out of memory). The host's own state, not
** the engine's: kept across renders and reloads until model_forget_rails. */
int model_rail_offset(const char *id);
int model_set_rail_offset(const char *id, int offset);
void model_forget_rails(void);

void touched_add(touched *t, const char *id);
int touched_has(const touched *t, const char *id);
void touched_reset(touched *t);

#endif
