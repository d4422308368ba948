/*
** budget.h -- the script state's instruction budget, made inescapable:
** library functions that could catch a spent budget, hide work from the
** count hook or run code with hooks off are replaced (see budget.c), and
** C work is charged as instructions (budget_charge; library.c charges every
** library function a script can reach).
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

/*
** Charges `steps` instructions of C work to the running script: they spend
** its budget, raising once it is spent, and reach the deadline and
** interrupt checks as often as instructions would (bridge_hook's).
*/
void budget_charge(lua_State *L, long long steps);

/*
** Runs the library's C function kept as upvalue 1 of the running C
** closure, in place: in the same call frame, with the same arguments, so
** that its errors name the function and the script line as the stock
** one's do. Returns its result count (its results are on top). The
** function must use no upvalues of its own (the stock libraries' do not,
** but math.random and math.randomseed).
*/
static inline int budget_original(lua_State *L)
{
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

#endif
