/*
** page_check.h -- `sdui validate PAGE --scripts DIR`: the page rendered
** with the scripts, every component of it, and what went wrong listed.
*/
#ifndef SDUI_TOOLS_PAGE_CHECK_H
#define SDUI_TOOLS_PAGE_CHECK_H

#include <stddef.h>

#include "problems.h"

/*
** Renders the page `text` (its decoders passed it: sdui_check_json) on a
** scratch engine with the scripts at `scripts` (a folder or one file,
** loaded as `sdui render --scripts` loads them), and adds to `out`, in this
** order: each script that failed to load (its file and line); then, by
** component in page order, each diagnostic of the render (the engine's
** severity: a factory that failed, a view the contract refused, a type no
** factory renders are errors; a fallback used, a dropped component, an
** unknown theme token, an unlabelled button are warnings), placed on the
** script line it names when it names one, else on the component in the
** page (its line, column and path); a problem on a script line names the
** page (`shown`) and the component it rendered. No viewport is set, so no lazy list
** holds a component back: all of them render. `last_key_wins`:
** SDUI_OPTION_DUPLICATE_KEYS.
*/
void page_check(const char *shown, const char *text, size_t len, const char *scripts, int last_key_wins,
                problems *out);

#endif
