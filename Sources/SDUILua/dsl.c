/*
** dsl.c -- the view DSL's common forms built in C (see dsl.h).
**
** Each fast builder is a C closure over the Lua builder it replaces:
**   upvalue 1  the Lua builder: every call the fast form does not take
**   upvalue 2  the kind's name ("text", "vstack"...)
**   upvalue 3  the set of kinds a factory may build (name -> true): what
**              makes a table a node, as ui.is_node says
**   upvalue 4  the set of action members (type, payload...), for a button
**   upvalue 5  the kind's first member ("text", "url", "label"), or nil
**   upvalues 6-9  the member names "type", "style", "children", "action":
**              a node's fields are set with lua_rawset from these, with no
**              C string to intern on every call
**   upvalue 10 the kinds and the action members as sets of the state's
**              strings (dsl_names): a type or a key is looked up by its
**              address (interned.h), not in the tables above
** A fast form takes a call only when the Lua builder would accept it and
** return a table of the same content: plain tables (no metatables), keys in
** the order `next` visits them, nodes recognised by a raw `type` field.
** Anything else -- also an argument the Lua builder refuses -- goes to the
** Lua builder, whose message is then given the caller's position.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "dsl.h"
#include "interned.h"
#include "luajson.h"

#define BUILDER lua_upvalueindex(1)
#define KIND lua_upvalueindex(2)
#define KINDS lua_upvalueindex(3)
#define ACTION_MEMBERS lua_upvalueindex(4)
#define MEMBER lua_upvalueindex(5)
#define NAME_TYPE lua_upvalueindex(6)
#define NAME_STYLE lua_upvalueindex(7)
#define NAME_CHILDREN lua_upvalueindex(8)
#define NAME_ACTION lua_upvalueindex(9)
#define NAMES lua_upvalueindex(10)

/* Upvalue 10: what KINDS and ACTION_MEMBERS hold, found by address; their strings are theirs. */
typedef struct dsl_names {
    interned_set kinds;
    interned_set action_members;
    const char *type; /* the state's "type" */
} dsl_names;

/*
** The Lua builder with the call's arguments. Its own checks raise
** error(message, 2), which from here names no line (its caller is this C
** function): such a message (it starts "ui.") is given the position of the
** script line that called the fast builder. Other errors -- a spent budget,
** memory, a metamethod's -- pass through as they are.
*/
static int lua_builder(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, BUILDER);
    lua_insert(L, 1);
    int status = lua_pcall(L, n, 1, 0);
    if (status == LUA_OK)
        return 1;
    if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING && strncmp(lua_tostring(L, -1), "ui.", 3) == 0) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* Sets field `name` (an upvalue index) of the table at the top to the value at idx (absolute). */
static void set_member(lua_State *L, int name, int idx)
{
    lua_pushvalue(L, name);
    lua_pushvalue(L, idx);
    lua_rawset(L, -3);
}

/* Pushes a new node {type = KIND} with room for `extra` more fields. */
static void new_node(lua_State *L, int extra)
{
    lua_createtable(L, 0, 1 + extra);
    set_member(L, NAME_TYPE, KIND);
}

/*
** Whether the value at the top is a node: a table whose raw `type` is a
** kind a factory may build (`names`: upvalue 10).
*/
static int is_node(lua_State *L, const dsl_names *names)
{
    if (lua_type(L, -1) != LUA_TTABLE)
        return 0;
    lua_pushvalue(L, NAME_TYPE);
    /* raw: a node the Lua builder recognises only through __index goes there */
    int known = lua_rawget(L, -2) == LUA_TSTRING && interned_find(&names->kinds, lua_tostring(L, -1)) >= 0;
    lua_pop(L, 1);
    return known;
}

/* Whether table `t` has no metatable. */
static int plain(lua_State *L, int t)
{
    if (!lua_getmetatable(L, t))
        return 1;
    lua_pop(L, 1);
    return 0;
}

/*
** Whether the plain table at `t` holds nothing but nodes, as items 1..n in
** the order next visits them; *count is n.
*/
static int only_nodes(lua_State *L, int t, lua_Integer *count)
{
    const dsl_names *names = lua_touserdata(L, NAMES);
    lua_Integer i = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) != i + 1 || !is_node(L, names)) {
            lua_pop(L, 2);
            return 0;
        }
        i++;
        lua_pop(L, 1);
    }
    *count = i;
    luajson_charge(L, (size_t)i * LUAJSON_STEP_BYTES); /* a script state's run pays for the walk */
    return 1;
}

/* The string s of length len is a well-formed action type, "service/name" (^[^/]+/.+$). */
static int well_formed_type(const char *s, size_t len)
{
    const char *slash = memchr(s, '/', len);
    return slash != NULL && slash != s && (size_t)(slash - s) + 1 < len;
}

/*
** Whether the value at index `a` is plainly a valid action: a plain table of
** action members only, with a well-formed type (ui.lua's plain_action).
*/
static int plain_action(lua_State *L, int a)
{
    if (lua_type(L, a) != LUA_TTABLE || !plain(L, a))
        return 0;
    const dsl_names *names = lua_touserdata(L, NAMES);
    int typed = 0;
    lua_pushnil(L);
    while (lua_next(L, a)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (k != NULL && k == names->type) {
            size_t tlen = 0;
            const char *t = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &tlen) : NULL;
            if (t == NULL || !well_formed_type(t, tlen)) {
                lua_pop(L, 2);
                return 0;
            }
            typed = 1;
        } else if (k == NULL || interned_find(&names->action_members, k) < 0) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
    }
    return typed;
}

/* ui.KIND(value [, font]) of a leaf with a required member (text, image). */
static int fast_leaf(lua_State *L)
{
    int n = lua_gettop(L);
    if (n >= 1 && n <= 2 && lua_type(L, 1) == LUA_TSTRING) {
        int props = n == 2 ? lua_type(L, 2) : LUA_TNIL;
        if (props == LUA_TNIL || props == LUA_TSTRING) {
            new_node(L, props == LUA_TSTRING ? 2 : 1);
            lua_pushvalue(L, MEMBER);
            lua_pushvalue(L, 1);
            lua_rawset(L, -3);
            if (props == LUA_TSTRING) /* a font name, as the engine takes it */
                set_member(L, NAME_STYLE, 2);
            return 1;
        }
    }
    return lua_builder(L);
}

/* ui.KIND([font]) of a leaf with no member (spacer). */
static int fast_bare(lua_State *L)
{
    int n = lua_gettop(L);
    int props = n >= 1 ? lua_type(L, 1) : LUA_TNIL;
    if (n <= 1 && (props == LUA_TNIL || props == LUA_TSTRING)) {
        new_node(L, props == LUA_TSTRING ? 1 : 0);
        if (props == LUA_TSTRING)
            set_member(L, NAME_STYLE, 1);
        return 1;
    }
    return lua_builder(L);
}

/*
** ui.KIND{node, node...} or ui.KIND{children = list} of a container
** (vstack, hstack...): the items table itself, or the list, becomes the
** children, as the Lua builder makes them.
*/
static int fast_container(lua_State *L)
{
    int n = lua_gettop(L);
    if (n == 0 || (n == 1 && lua_isnil(L, 1))) {
        new_node(L, 0);
        return 1;
    }
    if (n == 1 && lua_type(L, 1) == LUA_TTABLE && plain(L, 1)) {
        lua_Integer count;
        if (only_nodes(L, 1, &count)) {
            new_node(L, count > 0 ? 1 : 0);
            if (count > 0)
                set_member(L, NAME_CHILDREN, 1);
            return 1;
        }
        /* { children = list } and nothing else, the list nothing but nodes */
        lua_pushnil(L);
        if (lua_next(L, 1)) {
            int children = lua_rawequal(L, -2, NAME_CHILDREN) && lua_type(L, -1) == LUA_TTABLE;
            lua_pop(L, 1); /* the value; the key stays for the next lua_next */
            if (children && !lua_next(L, 1)) {
                lua_pushvalue(L, NAME_CHILDREN);
                lua_rawget(L, 1);
                int list = lua_gettop(L);
                if (plain(L, list) && only_nodes(L, list, &count)) {
                    new_node(L, count > 0 ? 1 : 0);
                    if (count > 0)
                        set_member(L, NAME_CHILDREN, list);
                    return 1;
                }
            }
            lua_settop(L, 1);
        }
    }
    return lua_builder(L);
}

/* ui.KIND{"Label"} or ui.KIND{"Label", action = a} of a labelled container (button). */
static int fast_labelled(lua_State *L)
{
    if (lua_gettop(L) == 1 && lua_type(L, 1) == LUA_TTABLE && plain(L, 1)) {
        lua_pushnil(L);
        if (lua_next(L, 1) && lua_isinteger(L, -2) && lua_tointeger(L, -2) == 1 && lua_type(L, -1) == LUA_TSTRING) {
            lua_pop(L, 1); /* the label; key 1 stays */
            if (!lua_next(L, 1)) { /* { "Label" } */
                new_node(L, 1);
                lua_pushvalue(L, MEMBER);
                lua_rawgeti(L, 1, 1);
                lua_rawset(L, -3);
                return 1;
            }
            if (lua_rawequal(L, -2, NAME_ACTION) && plain_action(L, lua_gettop(L))) {
                int action = lua_gettop(L);
                lua_pushvalue(L, -2); /* the key, for the next lua_next */
                if (!lua_next(L, 1)) { /* { "Label", action = a } */
                    new_node(L, 2);
                    lua_pushvalue(L, MEMBER);
                    lua_rawgeti(L, 1, 1);
                    lua_rawset(L, -3);
                    set_member(L, NAME_ACTION, action);
                    return 1;
                }
            }
        }
        lua_settop(L, 1);
    }
    return lua_builder(L);
}

/* The field `name` of the table at the top, as a boolean; pops nothing. */
static int flag(lua_State *L, const char *name)
{
    lua_getfield(L, -1, name);
    int v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* Replaces ui[name] (the Lua builder) by `fast`, a closure over it and the shared tables. */
static void install(lua_State *L, int ui, int kinds, int actions, int names, const char *name, lua_CFunction fast,
                    const char *member)
{
    if (lua_getfield(L, ui, name) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return;
    }
    lua_pushstring(L, name);
    lua_pushvalue(L, kinds);
    lua_pushvalue(L, actions);
    if (member != NULL)
        lua_pushstring(L, member);
    else
        lua_pushnil(L);
    lua_pushliteral(L, "type");
    lua_pushliteral(L, "style");
    lua_pushliteral(L, "children");
    lua_pushliteral(L, "action");
    lua_pushvalue(L, names);
    lua_pushcclosure(L, fast, 10);
    lua_setfield(L, ui, name);
}

void dsl_install(lua_State *L, int ui, int contract)
{
    ui = lua_absindex(L, ui);
    contract = lua_absindex(L, contract);
    lua_newtable(L); /* the kinds a factory may build */
    int kinds = lua_gettop(L);
    lua_newtable(L); /* the action members */
    int actions = lua_gettop(L);
    /* the same, by address; its user values keep the strings alive */
    dsl_names *set = lua_newuserdatauv(L, sizeof *set, 3);
    memset(set, 0, sizeof *set);
    int names = lua_gettop(L);
    lua_pushvalue(L, kinds);
    lua_setiuservalue(L, names, 1);
    lua_pushvalue(L, actions);
    lua_setiuservalue(L, names, 2);
    lua_pushliteral(L, "type");
    set->type = lua_tostring(L, -1);
    lua_setiuservalue(L, names, 3);
    lua_getfield(L, contract, "action_members");
    for (lua_Integer i = 1; lua_geti(L, -1, i) == LUA_TSTRING; i++) {
        interned_add(&set->action_members, lua_tostring(L, -1), 0);
        lua_pushboolean(L, 1);
        lua_rawset(L, actions);
    }
    lua_pop(L, 2);
    lua_getfield(L, contract, "kinds");
    int list = lua_gettop(L);
    for (lua_Integer i = 1; lua_geti(L, list, i) == LUA_TTABLE; i++) {
        if (!flag(L, "engine_only")) {
            lua_getfield(L, -1, "name");
            interned_add(&set->kinds, lua_tostring(L, -1), 0);
            lua_pushvalue(L, -1);
            lua_pushboolean(L, 1);
            lua_rawset(L, kinds);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    /* The builders, classified as ui.lua classifies the kinds. */
    for (lua_Integer i = 1; lua_geti(L, list, i) == LUA_TTABLE; i++) {
        if (!flag(L, "engine_only")) {
            int children = flag(L, "children"), action = flag(L, "action");
            lua_getfield(L, -1, "name");
            const char *name = lua_tostring(L, -1);
            lua_getfield(L, -2, "members");
            lua_Integer members = (lua_Integer)lua_rawlen(L, -1), required = 0;
            const char *first = NULL, *first_type = NULL;
            int first_required = 0;
            for (lua_Integer m = 1; m <= members; m++) {
                lua_geti(L, -1, m);
                int r = flag(L, "required");
                required += r;
                if (m == 1) {
                    lua_getfield(L, -1, "name");
                    lua_getfield(L, -2, "type");
                    first = lua_tostring(L, -2);
                    first_type = lua_tostring(L, -1);
                    first_required = r;
                    lua_pop(L, 2); /* the strings stay alive in the contract */
                }
                lua_pop(L, 1);
            }
            int string_first = first_type != NULL && strcmp(first_type, "string") == 0;
            if (children && members == 0)
                install(L, ui, kinds, actions, names, name, fast_container, NULL);
            else if (children && required == 0 && string_first)
                install(L, ui, kinds, actions, names, name, fast_labelled, first);
            else if (!children && !(action && strcmp(name, "image") != 0) && !(first_required && !string_first)) {
                if (required == 0)
                    install(L, ui, kinds, actions, names, name, fast_bare, NULL);
                else if (required == 1 && first_required)
                    install(L, ui, kinds, actions, names, name, fast_leaf, first);
            }
            lua_pop(L, 2); /* members, name */
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2); /* the kinds list, the last lua_geti */
    lua_pop(L, 3); /* the two sets and their addresses (the closures keep them) */
}
