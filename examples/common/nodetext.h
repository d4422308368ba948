/*
** nodetext.h -- the text a view node shows, as the engine's layout measures
** it (LayoutTree.text in the core), for the hosts that draw nodes
** themselves (examples/terminal, tools/html.c): drawing and layout then
** agree on every kind.
*/
#ifndef SDUI_COMMON_NODETEXT_H
#define SDUI_COMMON_NODETEXT_H

#include <stddef.h>

#include "json.h"

/*
** The text of the view node `node` (its JSON form from the engine): a
** text's text, a button's label, an image's alt or placeholder or "image",
** an input's value or placeholder (then *placeholder is 1; a password
** masked, a toggle's "[x] title", a choice's titles or option lines, as
** InputContent.measuredText in the core), a fallback's
** text or "Unsupported component \"TYPE\"", an error's "✖ " and message;
** "" for a node with no text of its own. Returns a malloc'd copy of *len
** bytes plus a NUL (the text itself may hold NUL bytes), or NULL when out
** of memory. `placeholder` may be NULL.
*/
char *node_text(const json *node, size_t *len, int *placeholder);

#endif
