/*
** loader.h -- running a script and making what it returns live: its table
** {services, components, actions, effects} is checked in full first, then
** missing services are created, its functions registered and what its
** previous version had and this one lacks unregistered.
*/
#ifndef SDUI_LUA_LOADER_H
#define SDUI_LUA_LOADER_H

#include "scripthost.h"

/*
** Runs one script file under the instruction budget and, if it succeeds,
** makes its result live. Returns an sdui status; a failure leaves the
** previous version live and the message ("file:line: message") in
** sdui_errmsg().
*/
int loader_run(scripts *s, script *item);

/*
** Unregisters everything the script declared (its file is gone): SDUI_OK;
** SDUI_ENOMEM when out of memory, its types then still registered (and
** their functions still in its state, which must stay open).
*/
int loader_drop(scripts *s, script *item);

#endif
