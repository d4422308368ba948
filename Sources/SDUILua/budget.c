/*
** budget.c -- the script state's instruction budget, made inescapable.
**
** The count hook (bridge_hook) charges every instruction a script runs to
** the bridge's budget and raises once it is spent. On its own that is an
** ordinary error, which a script could catch and carry on; so here, for the
** script host's state only, the library functions that catch errors or run
** code the hook cannot see are replaced:
**
**   pcall, xpcall, coroutine.resume, coroutine.close
**       give the error back as usual, except a spent budget or a memory
**       error, which they raise again: only the callback's own lua_pcall
**       (callback.c, loader.c) ends a run that hit a limit.
**   coroutine.create, coroutine.wrap
**       give each new coroutine a short hook interval and charge it up
**       front, so that many short coroutines cannot each run just under
**       the interval uncounted; wrap's function does not close a
**       coroutine the budget stopped (Lua would run its __close handlers
**       with hooks off).
**   xpcall's message handler
**       is skipped for a spent budget: Lua handles an error raised by a
**       hook with hooks off.
**   setmetatable
**       refuses a metatable with __gc: Lua runs finalizers with hooks off,
**       so their work could not be bounded.
**   string.find, match, gmatch, gsub (and so s:find...)
**       are pattern.c's, which charges every matching step.
**
** budget_charge is how C work is paid for: library.c charges every other
** library function's work with it, before doing it. Charged steps count as
** instructions: they spend the budget, and they reach the hook's other
** checks (the deadline, the host's interrupt) as often as instructions do.
*/
#include <limits.h>
#include <stdio.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "budget.h"
#include "pattern.h"

/* Instructions a coroutine may run between two hook calls. */
#define COROUTINE_STEP 100

/* Charges `steps` to the running script's budget; `what` qualifies the error. */
static void charge(lua_State *L, long long steps, const char *what)
{
    bridge_charge(L, bridge_of(L), steps, what);
}

void budget_charge(lua_State *L, long long steps)
{
    charge(L, steps, "");
}

/* pattern.c's charge: the matcher's steps, as instructions. */
static void charge_pattern(lua_State *L, void *ud, long long steps)
{
    (void)ud; /* none: the bridge is found from L, as the hook finds it */
    charge(L, steps, " (in pattern matching)");
}

/*
** Whether an error with `status` must not be caught by a script: a spent
** budget or a memory error. The error object is on the top of the stack.
*/
static int uncatchable(lua_State *L, int status)
{
    if (status == LUA_ERRMEM)
        return 1;
    sdui_bridge *bridge = bridge_of(L);
    return bridge != NULL && bridge->limit_hit;
}

/* -- pcall and xpcall -------------------------------------------------------- */

/*
** What pcall and xpcall return once the protected call ends, also after a
** yield inside it (the continuation): true and the results, or false and
** the error -- unless the error must not be caught. `extra` is how many
** slots below the `true` belong to the caller (xpcall's function and
** handler).
*/
static int finish_pcall(lua_State *L, int status, lua_KContext extra)
{
    if (status != LUA_OK && status != LUA_YIELD) {
        if (uncatchable(L, status))
            return lua_error(L);
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int budget_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1); /* the first result when nothing goes wrong */
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, status, 0);
}

/*
** xpcall's message handler, guarded: an error the hook raised is handled
** while Lua runs no hooks, so a script's handler would run unbounded; a
** spent budget skips it and keeps the error as it is.
*/
static int guarded_handler(lua_State *L)
{
    sdui_bridge *bridge = bridge_of(L);
    if (bridge != NULL && bridge->limit_hit)
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int budget_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2); /* the script's handler, guarded */
    lua_pushboolean(L, 1); /* the first result */
    lua_pushvalue(L, 1);   /* the function */
    lua_rotate(L, 3, 2);   /* both below the arguments */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
}

/* -- coroutines ------------------------------------------------------------------ */

/* Gives coroutine `co` the short hook interval and charges for it. */
static void hook_coroutine(lua_State *L, lua_State *co)
{
    if (bridge_of(L) == NULL || lua_gethook(L) == NULL) /* a state with no limits to check */
        return;
    lua_sethook(co, bridge_hook, LUA_MASKCOUNT, COROUTINE_STEP);
    budget_charge(L, COROUTINE_STEP);
}

static int budget_create(lua_State *L)
{
    int n = budget_original(L);
    hook_coroutine(L, lua_tothread(L, -1));
    return n;
}

/* Whether coroutine `co` can be resumed by L; its message otherwise. */
static const char *not_resumable(lua_State *L, lua_State *co)
{
    lua_Debug ar;
    if (co == L)
        return "cannot resume non-suspended coroutine";
    if (lua_status(co) == LUA_YIELD)
        return NULL;
    if (lua_status(co) != LUA_OK)
        return "cannot resume dead coroutine";
    if (lua_getstack(co, 0, &ar)) /* it is running a function: it resumed another */
        return "cannot resume non-suspended coroutine";
    return lua_gettop(co) == 0 ? "cannot resume dead coroutine" : NULL;
}

/*
** The function coroutine.wrap returns, written here rather than wrapped:
** after an error the library's version closes the coroutine's pending
** to-be-closed variables -- with hooks still off when the error was the
** budget's. A spent budget leaves them unclosed and goes up at once.
*/
static int wrapped_resume(lua_State *L)
{
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int narg = lua_gettop(L), nres;
    const char *refusal = not_resumable(L, co);
    if (refusal != NULL)
        return luaL_error(L, "%s", refusal);
    if (!lua_checkstack(co, narg))
        return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, narg);
    int status = lua_resume(co, L, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1); /* the error */
    if (uncatchable(L, status))
        return lua_error(L);
    lua_resetthread(co); /* close its to-be-closed variables, as the library does */
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1); /* where the wrapper was called */
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int budget_wrap(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    hook_coroutine(L, co);
    lua_pushcclosure(L, wrapped_resume, 1);
    return 1;
}

/*
** coroutine.resume and coroutine.close (the library's, in upvalue 1): false
** and an error come back as usual, but a spent budget or a memory error in
** the coroutine is raised in the caller.
*/
static int budget_resume_or_close(lua_State *L)
{
    lua_State *co = lua_tothread(L, 1);
    int n = budget_original(L);
    if (!lua_toboolean(L, -n) && co != NULL && uncatchable(L, lua_status(co)))
        return lua_error(L); /* the error, on top */
    return n;
}

/* -- setmetatable ------------------------------------------------------------------ */

/* setmetatable as the base library has it, but refusing __gc. */
static int budget_setmetatable(lua_State *L)
{
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not available to scripts (finalizers cannot be bounded)");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* -- installing them ---------------------------------------------------------------- */

/* Replaces field `name` of the table at idx by `fn`, with the original as its upvalue. */
static void wrap_field(lua_State *L, int idx, const char *name, lua_CFunction fn)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, idx, name);
}

int budget_open(lua_State *L)
{
    static const luaL_Reg globals[] = {
        {"pcall", budget_pcall},
        {"xpcall", budget_xpcall},
        {"setmetatable", budget_setmetatable},
        {NULL, NULL},
    };
    lua_pushglobaltable(L);
    luaL_setfuncs(L, globals, 0);
    lua_getfield(L, -1, LUA_COLIBNAME);
    wrap_field(L, -1, "create", budget_create);
    lua_pushcfunction(L, budget_wrap);
    lua_setfield(L, -2, "wrap");
    wrap_field(L, -1, "resume", budget_resume_or_close);
    wrap_field(L, -1, "close", budget_resume_or_close);
    lua_pop(L, 1);
    lua_getfield(L, -1, LUA_STRLIBNAME);
    pattern_install(L, lua_gettop(L), charge_pattern, NULL);
    lua_pop(L, 2);
    return 0;
}
