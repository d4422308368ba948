/*
** pattern.h -- budgeted Lua 5.4 pattern matching for the sdui sandbox.
**
** The stock string.find/match/gmatch/gsub run entirely inside one C call,
** so the instruction-count hook never sees their work: a pattern such as
** string.rep("a", 3000):find(".-.-.-.-b") would hold the host for ever.
** pattern_install replaces those four functions with versions that behave
** exactly like Lua 5.4's (results and error messages) but count their work
** in "steps" and report them to a charge function, which may raise a Lua
** error to stop the match (for instance when the script's budget is spent).
**
** A step is one unit of matcher work: one pattern item visited, one attempt
** of a single-character item, one start position tried, one byte compared
** by a back-reference, %b or plain search, one byte copied into a result
** (gsub's output, a capture). Steps are batched: charge is called once at
** least PATTERN_BATCH steps have built up, and once more with the remainder
** when a call ends normally, so its cost is negligible and a hostile
** pattern is stopped within a few thousand steps (microseconds) of the
** charge function deciding so.
**
** The matcher keeps no memory of its own: its state lives on the C stack,
** results go through luaL_Buffer and the Lua stack, so a Lua error raised
** from inside it (by charge or by a malformed pattern) leaks nothing.
** Recursion is limited to 200 nested matcher calls, as in stock Lua
** ("pattern too complex").
*/
#ifndef SDUI_PATTERN_H
#define SDUI_PATTERN_H

#include "lua.h"

/* Steps accumulated before charge is called. */
#define PATTERN_BATCH 2048

/* Called by the matcher every so many steps with the steps done since the
** last call; raises (luaL_error or lua_error) to stop the match. It runs in
** the middle of a match: it must leave the Lua stack as it found it. */
typedef void (*pattern_charge_fn)(lua_State *L, void *ud, long long steps);

/* Replaces find, match, gmatch and gsub in the table at index string_table
** with budgeted versions that call charge(L, ud, steps). ud must outlive the
** state's use of them. The string metatable's __index usually is that same
** table, so s:find(...) is covered too; if the sandbox gives strings another
** __index table, install into that one as well. */
void pattern_install(lua_State *L, int string_table, pattern_charge_fn charge,
                     void *ud);

#endif
