/*
** flat_layout.h -- the engine's flat view layout (FlatView in
** Sources/SDUICore/View/FlatView.swift) as C tables, for flat.c.
** Generated: do not edit. Regenerate with `make contract`; `swift test`
** fails when it is out of date. The engine checks every view written
** from these tables (sdui_call_return_flat), so a stale table makes
** views go the packed way, never a wrong view.
*/
#ifndef SDUI_LUA_FLAT_LAYOUT_H
#define SDUI_LUA_FLAT_LAYOUT_H

#include <stddef.h>

/* A node: kind (uint8), flags (uint8), content bits (uint16, low byte
** first), child count (uint32, host order), then its fields, each a
** uint32 length (host order) and its bytes. */
#define FLAT_HEADER_SIZE 8
#define FLAT_KEY_FLAG 1
#define FLAT_STYLE_FLAG 2
#define FLAT_ACTION_FLAG 4
#define FLAT_DISABLED_FLAG 8
#define FLAT_ACCESSIBILITY_FLAG 16

/* The member names a node may carry, numbered: the structural ones, then
** each content member once. */
enum { FLAT_TYPE, FLAT_ID, FLAT_KEY, FLAT_STYLE, FLAT_ACTION, FLAT_CHILDREN, FLAT_DISABLED, FLAT_ACCESSIBILITY };
#define FLAT_NAME_COUNT 34
static const char *const flat_names[FLAT_NAME_COUNT] = {
    "type",
    "id",
    "key",
    "style",
    "action",
    "children",
    "disabled",
    "accessibility",
    "text",
    "url",
    "placeholder",
    "alt",
    "label",
    "tooltip",
    "name",
    "value",
    "kind",
    "format",
    "min",
    "max",
    "title",
    "onValue",
    "offValue",
    "display",
    "multiple",
    "options",
    "bind",
    "validation",
    "error",
    "componentType",
    "message",
    "runs",
    "page",
    "thickness",
};
static const unsigned char flat_name_lengths[FLAT_NAME_COUNT] = {
    4, 2, 3, 5, 6, 8, 8, 13, 4, 3, 11, 3, 5, 7, 4, 5,
    4, 6, 3, 3, 5, 7, 8, 7, 8, 7, 4, 10, 5, 13, 7, 4,
    4, 9,
};

/* The kinds' names, numbered as the flat form numbers the kinds. */
#define FLAT_KIND_COUNT 17
static const char *const flat_kind_names[FLAT_KIND_COUNT] = {
    "text",
    "image",
    "button",
    "vstack",
    "hstack",
    "zstack",
    "spacer",
    "list",
    "input",
    "fallback",
    "error",
    "grid",
    "paragraph",
    "wrap",
    "rail",
    "pager",
    "divider",
};
static const unsigned char flat_kind_name_lengths[FLAT_KIND_COUNT] = {
    4, 5, 6, 6, 6, 6, 6, 4, 5, 8, 5, 4, 9, 4, 4, 5,
    7,
};

/* One kind: the content bits it requires and the ones written
** as plain strings (the others go the packed way); whether it takes an
** action, "disabled" and children; and the content position of each
** name of flat_names, or -1. */
typedef struct {
    unsigned short required, plain;
    unsigned char takes_action, takes_disabled, container;
    signed char position[FLAT_NAME_COUNT];
} flat_kind;

static const flat_kind flat_kinds[FLAT_KIND_COUNT] = {
    /* text */ {0x1, 0x1, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* image */ {0x1, 0x7, 1, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* button */ {0x0, 0x3, 1, 1, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* vstack */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* hstack */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* zstack */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* spacer */ {0x0, 0x0, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* list */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* input */ {0x1, 0x8007, 1, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2, -1, -1, -1, 0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1}},
    /* fallback */ {0x1, 0x3, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, -1, -1, -1}},
    /* error */ {0x1, 0x1, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, -1, -1}},
    /* grid */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* paragraph */ {0x1, 0x0, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, -1}},
    /* wrap */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* rail */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
    /* pager */ {0x0, 0x0, 1, 0, 1,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1}},
    /* divider */ {0x0, 0x0, 0, 0, 0,
     {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0}},
};

#endif
