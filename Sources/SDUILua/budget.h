/*
** budget.h -- the script state's instruction budget, made inescapable:
** library functions that could catch a spent budget, hide work from the
** count hook or run code with hooks off are replaced (see budget.c).
*/
#ifndef SDUI_LUA_BUDGET_H
#define SDUI_LUA_BUDGET_H

#include <lua.h>

#include "bridge.h"

/*
** Installs the budgeted library functions in L's globals and libraries
** (the budget they charge is bridge_of(L)'s). A lua_CFunction: call it
** protected, once, before any script runs.
*/
int budget_open(lua_State *L);

/* Charges `steps` instructions of C work to the running script; raises once the budget is spent. */
void budget_charge(lua_State *L, long long steps);

#endif
