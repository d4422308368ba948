/*
** module.c -- `require "sdui"`: the engine as a Lua object.
**
** Everything goes through the public headers (include/sdui*.h). Failures of the engine (a bad
** payload, an unknown action, a failing script) return nil and the message;
** misuse of the API (wrong argument types, a closed engine) raises.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"
#include "factory.h"
#include "handler.h"
#include "luajson.h"
#include "measurer.h"
#include "reactive.h"
#include "sdui_binding.h"
#include "sdui_scripts.h"

#define ENGINE_MT "sdui.engine"

typedef struct lua_engine {
    sdui_engine *engine;   /* NULL once closed */
    sdui_bridge bridge;    /* runs the Lua factories and handlers given to this engine */
} lua_engine;

/* The open engine at argument 1; callbacks will run on this thread. */
static lua_engine *check_engine(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine == NULL)
        luaL_error(L, "attempt to use a closed sdui engine");
    e->bridge.L = L;
    return e;
}

/* nil, message */
static int fail(lua_State *L, lua_engine *e)
{
    lua_pushnil(L);
    lua_pushstring(L, sdui_errmsg(e->engine));
    return 2;
}

/* true, or nil, message */
static int result(lua_State *L, lua_engine *e, int status)
{
    if (status != SDUI_OK)
        return fail(L, e);
    lua_pushboolean(L, 1);
    return 1;
}

/*
** The string argument `arg` as a C string for the engine (a name, a type,
** an id, a path, a URL). A NUL byte would cut it short there, so that
** another name than the one given is used: it raises instead.
*/
static const char *check_cstring(lua_State *L, int arg)
{
    size_t len;
    const char *s = luaL_checklstring(L, arg, &len);
    if (strlen(s) != len)
        luaL_argerror(L, arg, "must not contain a NUL byte (\"\\0\")");
    return s;
}

/* check_cstring, or NULL when the argument is absent or nil. */
static const char *opt_cstring(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : check_cstring(L, arg);
}

/* The string at `idx` (an option's value or key, checked to be a string) as
** a C string: raises "sdui.engine: `what` must not contain a NUL byte" for one. */
static const char *option_cstring(lua_State *L, int idx, const char *what)
{
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || strlen(s) != len)
        luaL_error(L, "sdui.engine: %s must not contain a NUL byte (\"\\0\")", what);
    return s;
}

/* e:method(text) for an engine function of one string: true, or nil, message. */
static int string_call(lua_State *L, int (*fn)(sdui_engine *, const char *))
{
    lua_engine *e = check_engine(L);
    return result(L, e, fn(e->engine, check_cstring(L, 2)));
}


/* JSON text for any value at idx (services may hold numbers, strings...). */
static const char *value_arg(lua_State *L, int idx, size_t *len)
{
    luajson_pushencoded(L, idx);
    lua_replace(L, idx);
    return lua_tolstring(L, idx, len);
}

/* Pushes an engine output: decoded as a Lua value, or as a string. */
static int output(lua_State *L, lua_engine *e, int (*fill)(sdui_engine *, char **, size_t *), int decode)
{
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    if (fill(e->engine, box, &len) != SDUI_OK)
        return fail(L, e);
    if (decode)
        bridge_pushdecoded(L, box, len);
    else
        lua_pushlstring(L, *box, len);
    return 1;
}

/* e:service(name, initial) */
static int engine_service(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *name = check_cstring(L, 2);
    luaL_checkany(L, 3);
    size_t len;
    const char *json = value_arg(L, 3, &len);
    return result(L, e, sdui_register_service(e->engine, name, json, len));
}

/* e:persist(name): the service keeps its state between runs (sdui_persist_service) */
static int engine_persist(lua_State *L)
{
    return string_call(L, sdui_persist_service);
}

/* e:persist_directory(path): persistent services save to path/NAME.json (sdui_persist_directory) */
static int engine_persist_directory(lua_State *L)
{
    return string_call(L, sdui_persist_directory);
}

/* e:component(type, fn) */
static int engine_component(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *type = check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return result(L, e, factory_register(&e->bridge, L, type, 3));
}

/* e:action(type, fn) */
static int engine_action(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *type = check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return result(L, e, handler_register(&e->bridge, L, type, 3));
}

/* e:load_page(json_string_or_table) */
static int engine_load_page(lua_State *L)
{
    lua_engine *e = check_engine(L);
    size_t len;
    const char *json = bridge_json_arg(L, 2, &len);
    return result(L, e, sdui_load_page(e->engine, json, len));
}

/* e:set_theme(theme_table_or_json): the theme views' "@token"s resolve from (sdui_set_theme) */
static int engine_set_theme(lua_State *L)
{
    lua_engine *e = check_engine(L);
    size_t len;
    const char *json = bridge_json_arg(L, 2, &len);
    return result(L, e, sdui_set_theme(e->engine, json, len));
}

/* e:set_appearance("light" | "dark") (sdui_set_appearance) */
static int engine_set_appearance(lua_State *L)
{
    return string_call(L, sdui_set_appearance);
}

/* e:appearance() -> "light" or "dark" */
static int engine_appearance(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *appearance = sdui_appearance(e->engine);
    if (appearance == NULL)
        return fail(L, e);
    lua_pushstring(L, appearance);
    return 1;
}

/* e:capabilities(table_or_json): replaces the host's declared capabilities,
** {name = "MAJOR.MINOR[.PATCH]"} (sdui_set_capabilities) */
static int engine_capabilities(lua_State *L)
{
    lua_engine *e = check_engine(L);
    size_t len;
    const char *json = bridge_json_arg(L, 2, &len);
    return result(L, e, sdui_set_capabilities(e->engine, json, len));
}

/* e:dispatch(action_table_or_json) */
static int engine_dispatch(lua_State *L)
{
    lua_engine *e = check_engine(L);
    size_t len;
    const char *json = bridge_json_arg(L, 2, &len);
    return result(L, e, sdui_dispatch(e->engine, json, len));
}

/* e:set_input(node_id, value): the bound input's value (sdui_set_input), its
** text: a string (a number raises, whatever the input's kind: "7", not 7) */
static int engine_set_input(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *id = check_cstring(L, 2);
    luaL_checktype(L, 3, LUA_TSTRING);
    size_t len;
    const char *value = lua_tolstring(L, 3, &len);
    return result(L, e, sdui_set_input(e->engine, id, value, len));
}

/* e:press(node_id): the node's action, with the inputs it asks for (sdui_press) */
static int engine_press(lua_State *L)
{
    return string_call(L, sdui_press);
}

static int engine_render(lua_State *L)
{
    return output(L, check_engine(L), sdui_render_json, 1);
}

static int engine_render_json(lua_State *L)
{
    return output(L, check_engine(L), sdui_render_json, 0);
}

/* e:image_size(url, width, height): the picture at url is that size (layout units) */
static int engine_image_size(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *url = check_cstring(L, 2);
    double width = (double)luaL_checknumber(L, 3), height = (double)luaL_checknumber(L, 4);
    return result(L, e, sdui_set_image_size(e->engine, url, width, height));
}

/* e:component_view(id) -> {id, type, view}; e:component_json(id) -> its JSON text */
static int component_output(lua_State *L, int decode)
{
    lua_engine *e = check_engine(L);
    const char *id = check_cstring(L, 2);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    if (sdui_component_json(e->engine, id, box, &len) != SDUI_OK)
        return fail(L, e);
    if (decode)
        bridge_pushdecoded(L, box, len);
    else
        lua_pushlstring(L, *box, len);
    return 1;
}

static int engine_component_view(lua_State *L)
{
    return component_output(L, 1);
}

static int engine_component_json(lua_State *L)
{
    return component_output(L, 0);
}

static int engine_render_text(lua_State *L)
{
    return output(L, check_engine(L), sdui_render_text, 0);
}

static int engine_diagnostics(lua_State *L)
{
    return output(L, check_engine(L), sdui_diagnostics_json, 1);
}

/* e:state(service [, path]) */
static int engine_state(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *service = check_cstring(L, 2);
    const char *path = opt_cstring(L, 3);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    if (sdui_state_json(e->engine, service, path, box, &len) != SDUI_OK)
        return fail(L, e);
    bridge_pushdecoded(L, box, len);
    return 1;
}

/* e:load_scripts(path) */
static int engine_load_scripts(lua_State *L)
{
    return string_call(L, sdui_scripts_load);
}

/* e:reload() */
static int engine_reload(lua_State *L)
{
    lua_engine *e = check_engine(L);
    return result(L, e, sdui_scripts_reload(e->engine));
}

/* e:poll() -> number of files reloaded */
static int engine_poll(lua_State *L)
{
    lua_engine *e = check_engine(L);
    int reloaded = 0;
    if (sdui_scripts_poll(e->engine, &reloaded) != SDUI_OK)
        return fail(L, e);
    lua_pushinteger(L, reloaded);
    return 1;
}

/* -- reactive updates ---------------------------------------------------- */

/* e:patches() -> {patches = {...}, images = {added = {...}, removed = {...}}}; moves the baseline. */
static int engine_patches(lua_State *L)
{
    return output(L, check_engine(L), sdui_patches_json, 1);
}

/* e:patches_json() -> the same as JSON text. */
static int engine_patches_json(lua_State *L)
{
    return output(L, check_engine(L), sdui_patches_json, 0);
}

/*
** e:on_patches(fn | nil): fn(patches_table) runs at the end of every call
** that changed the screen, with what e:patches() would have returned (it
** moves the baseline the same way). The engine is locked meanwhile: engine
** calls from fn return nil, message. An error fn raises is dropped with a
** Lua warning. nil removes the listener.
*/
static int engine_on_patches(lua_State *L)
{
    lua_engine *e = check_engine(L);
    if (lua_isnoneornil(L, 2))
        return result(L, e, reactive_set_patch_listener(&e->bridge, L, 0));
    luaL_checktype(L, 2, LUA_TFUNCTION);
    return result(L, e, reactive_set_patch_listener(&e->bridge, L, 2));
}

/* e:images() -> the sorted image URLs on the current screen. */
/*
** e:layout(width) -> {width=, height=, components = {{id=, y=, root = node}}}
** with node = {id=, type=, frame = {x=, y=, width=, height=}, children = {...}}.
*/
static int engine_layout(lua_State *L)
{
    lua_engine *e = check_engine(L);
    lua_Number width = luaL_checknumber(L, 2);
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    if (sdui_layout_json(e->engine, (double)width, box, &len) != SDUI_OK)
        return fail(L, e);
    bridge_pushdecoded(L, box, len);
    return 1;
}

/*
** e:viewport(width, offset, height) -> events: sets the lazy list's window
** (only components in or near it render) and returns what appeared or
** disappeared since the last call, {{type = "appear" | "disappear", id =}...}
** top to bottom. e:viewport(nil) removes it.
*/
static int engine_viewport(lua_State *L)
{
    lua_engine *e = check_engine(L);
    double width = 0, offset = 0, height = 0;
    if (!lua_isnoneornil(L, 2)) {
        width = (double)luaL_checknumber(L, 2);
        offset = (double)luaL_checknumber(L, 3);
        height = (double)luaL_checknumber(L, 4);
        luaL_argcheck(L, height > 0, 4, "height must be positive (use e:viewport(nil) to remove it)");
    }
    char **box = bridge_newbuffer(L);
    size_t len = 0;
    if (sdui_set_viewport(e->engine, width, offset, height, box, &len) != SDUI_OK)
        return fail(L, e);
    bridge_pushdecoded(L, box, len);
    return 1;
}

/* e:measurer(fn | nil): w, h = fn(text, font, max_width) sizes text; nil restores monospace cells. */
static int engine_measurer(lua_State *L)
{
    lua_engine *e = check_engine(L);
    if (lua_isnoneornil(L, 2))
        return result(L, e, measurer_set(&e->bridge, L, 0));
    luaL_checktype(L, 2, LUA_TFUNCTION);
    return result(L, e, measurer_set(&e->bridge, L, 2));
}

static int engine_images(lua_State *L)
{
    return output(L, check_engine(L), sdui_images_json, 1);
}

/* e:counters() -> {factory_runs =, renders =, actions =, layouts =}, or nil, message inside a callback. */
static int engine_counters(lua_State *L)
{
    lua_engine *e = check_engine(L);
    static const struct {
        const char *name;
        int which;
    } counters[] = {
        {"factory_runs", SDUI_COUNTER_FACTORY_RUNS},
        {"renders", SDUI_COUNTER_RENDERS},
        {"actions", SDUI_COUNTER_ACTIONS},
        {"layouts", SDUI_COUNTER_LAYOUTS},
        {"saves", SDUI_COUNTER_SAVES},
    };
    lua_createtable(L, 0, (int)(sizeof counters / sizeof counters[0]));
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        long long value = sdui_counter(e->engine, counters[i].which);
        if (value < 0)
            return fail(L, e);
        lua_pushinteger(L, (lua_Integer)value);
        lua_setfield(L, -2, counters[i].name);
    }
    return 1;
}

/* Pushes an id stored by the engine, or nil, message. */
static int id_result(lua_State *L, lua_engine *e, int status, long long id)
{
    if (status != SDUI_OK)
        return fail(L, e);
    lua_pushinteger(L, (lua_Integer)id);
    return 1;
}

/*
** e:subscribe(service, path | nil, fn) -> id: fn(value, ctx) runs once per
** dispatch round in which the value at path changed (and when the service
** is created); value is nil when gone; ctx.service, ctx.path, ctx.state,
** ctx.dispatch (queued: runs as the next round).
*/
static int engine_subscribe(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *service = check_cstring(L, 2);
    const char *path = opt_cstring(L, 3);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    long long id = 0;
    int status = reactive_subscribe(&e->bridge, L, service, path, 4, &id);
    return id_result(L, e, status, id);
}

/* e:unsubscribe(id) -> true, or nil, message for an unknown id. */
static int engine_unsubscribe(lua_State *L)
{
    lua_engine *e = check_engine(L);
    return result(L, e, sdui_unsubscribe(e->engine, (long long)luaL_checkinteger(L, 2)));
}

/*
** e:middleware(fn) -> id: fn(phase, action, ctx) sees every action "before"
** and "after" its handler, in order of addition; raising fails the
** dispatch and rolls it back (a guard).
*/
static int engine_middleware(lua_State *L)
{
    lua_engine *e = check_engine(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    long long id = 0;
    int status = reactive_add_middleware(&e->bridge, L, 2, &id);
    return id_result(L, e, status, id);
}

/* e:remove_middleware(id) -> true, or nil, message for an unknown id. */
static int engine_remove_middleware(lua_State *L)
{
    lua_engine *e = check_engine(L);
    return result(L, e, sdui_remove_middleware(e->engine, (long long)luaL_checkinteger(L, 2)));
}

/*
** e:effect(type, fn): fn(effect, ctx) performs the effects of `type` once
** their dispatch committed; effect.id names it for e:finish_effect;
** ctx.finish(ok, result) finishes it at once, ctx.dispatch queues an action.
** Registering a type again replaces the performer; e:effect(type, nil)
** removes it.
*/
static int engine_effect(lua_State *L)
{
    lua_engine *e = check_engine(L);
    const char *type = check_cstring(L, 2);
    if (lua_isnoneornil(L, 3))
        return result(L, e, sdui_unregister_effect(e->engine, type));
    luaL_checktype(L, 3, LUA_TFUNCTION);
    return result(L, e, reactive_register_effect(&e->bridge, L, type, 3));
}

/*
** e:finish_effect(id, ok [, result]) -> true: dispatches the pending
** effect's on_success (ok true) or on_failure action with result (nil for
** null) in payload.result; nil, message for an unknown id or a failing chain.
*/
static int engine_finish_effect(lua_State *L)
{
    lua_engine *e = check_engine(L);
    lua_Integer id = luaL_checkinteger(L, 2);
    luaL_checkany(L, 3);
    int ok = lua_toboolean(L, 3);
    const char *json = NULL;
    size_t len = 0;
    if (!lua_isnoneornil(L, 4))
        json = value_arg(L, 4, &len);
    return result(L, e, sdui_finish_effect(e->engine, (long long)id, ok, json, len));
}

/*
** e:navigate(route) -> true: opens route, asking the "navigation/fetch"
** performer (e:effect) for its page; the page is on top of the stack when
** the performer finished the effect at once. nil, message when it cannot
** (no performer, a failed fetch, a bad page): the stack is as it was.
*/
static int engine_navigate(lua_State *L)
{
    return string_call(L, sdui_navigate);
}

/*
** e:back() -> offset: shows the page below the current one as it was left
** and returns its viewport offset (its scroll position, 0 without a
** viewport); nil, message on the root.
*/
static int engine_back(lua_State *L)
{
    lua_engine *e = check_engine(L);
    double offset = 0;
    if (sdui_back(e->engine, &offset) != SDUI_OK)
        return fail(L, e);
    lua_pushnumber(L, offset);
    return 1;
}

/* e:route() -> the current page's route, or nil when it has none. */
static int engine_route(lua_State *L)
{
    lua_engine *e = check_engine(L);
    char *out = NULL;
    size_t len = 0;
    if (sdui_navigation_route(e->engine, &out, &len) != SDUI_OK) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushlstring(L, out, len);
    sdui_free(out);
    return 1;
}

/* e:depth() -> the pages on the navigation stack, the current one included. */
static int engine_depth(lua_State *L)
{
    lua_engine *e = check_engine(L);
    long long depth = sdui_navigation_depth(e->engine);
    if (depth < 0)
        return fail(L, e);
    lua_pushinteger(L, (lua_Integer)depth);
    return 1;
}

/* e:tick(now_ms) -> how many delayed actions ran: engine time moves to now_ms (never back). */
static int engine_tick(lua_State *L)
{
    lua_engine *e = check_engine(L);
    lua_Integer now = luaL_checkinteger(L, 2);
    int fired = 0;
    if (sdui_tick(e->engine, (long long)now, &fired) != SDUI_OK)
        return fail(L, e);
    lua_pushinteger(L, fired);
    return 1;
}

/* e:next_timer() -> milliseconds until the next delayed action is due, or nil when none waits. */
static int engine_next_timer(lua_State *L)
{
    lua_engine *e = check_engine(L);
    long long next = sdui_next_timer(e->engine);
    if (next < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, (lua_Integer)next);
    return 1;
}

/* -- lifetime ------------------------------------------------------------- */

/*
** e:close(), __close and __gc: frees the engine; safe to call twice.
** Refused (raises) from inside one of the engine's own Lua callbacks.
*/
static int engine_close(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine != NULL && e->bridge.depth > 0)
        return luaL_error(L, "cannot close an sdui engine from inside one of its callbacks");
    if (e->engine != NULL) {
        e->bridge.L = L;
        sdui_engine *engine = e->engine;
        e->engine = NULL;
        sdui_engine_free(engine);
        bridge_close(&e->bridge, L);
    }
    return 0;
}

static int engine_tostring(lua_State *L)
{
    lua_engine *e = luaL_checkudata(L, 1, ENGINE_MT);
    if (e->engine == NULL)
        lua_pushstring(L, "sdui.engine (closed)");
    else
        lua_pushfstring(L, "sdui.engine (%p)", (void *)e->engine);
    return 1;
}

/* Applies the integer option `field` of the table at idx with setter(engine, which, value). */
static void apply_limit(lua_State *L, lua_engine *e, int idx, const char *field, int which,
                        long long (*setter)(sdui_engine *, int, long long))
{
    if (lua_getfield(L, idx, field) != LUA_TNIL) {
        lua_Integer value = luaL_checkinteger(L, -1);
        if (value < 0)
            luaL_error(L, "sdui.engine: option %s must not be negative", field);
        setter(e->engine, which, (long long)value);
    }
    lua_pop(L, 1);
}

/* Reads sdui.engine's options table at index 1. Bad options raise. */
static void apply_options(lua_State *L, lua_engine *e)
{
    if (lua_getfield(L, 1, "limits") != LUA_TNIL) {
        int limits = lua_gettop(L);
        luaL_checktype(L, limits, LUA_TTABLE);
        apply_limit(L, e, limits, "payload_bytes", SDUI_LIMIT_PAYLOAD_BYTES, sdui_limit);
        apply_limit(L, e, limits, "depth", SDUI_LIMIT_DEPTH, sdui_limit);
        apply_limit(L, e, limits, "queue", SDUI_LIMIT_QUEUE, sdui_limit);
        apply_limit(L, e, limits, "pages", SDUI_LIMIT_PAGES, sdui_limit);
        apply_limit(L, e, limits, "view_nodes", SDUI_LIMIT_VIEW_NODES, sdui_limit);
        apply_limit(L, e, limits, "view_bytes", SDUI_LIMIT_VIEW_BYTES, sdui_limit);
        apply_limit(L, e, limits, "actions", SDUI_LIMIT_ACTIONS, sdui_limit);
        apply_limit(L, e, limits, "write_bytes", SDUI_LIMIT_WRITE_BYTES, sdui_limit);
        apply_limit(L, e, limits, "state_bytes", SDUI_LIMIT_STATE_BYTES, sdui_limit);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "duplicate_keys") != LUA_TNIL) {
        luaL_checkstring(L, -1);
        const char *how = option_cstring(L, -1, "duplicate_keys");
        if (strcmp(how, "reject") != 0 && strcmp(how, "last") != 0)
            luaL_error(L, "sdui.engine: option duplicate_keys must be \"reject\" or \"last\", got \"%s\"", how);
        sdui_option(e->engine, SDUI_OPTION_DUPLICATE_KEYS, how[0] == 'l');
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "capabilities") != LUA_TNIL) {
        size_t len;
        const char *json = bridge_json_arg(L, lua_gettop(L), &len);
        if (sdui_set_capabilities(e->engine, json, len) != SDUI_OK)
            luaL_error(L, "sdui.engine: capabilities: %s", sdui_errmsg(e->engine));
    }
    lua_pop(L, 1);
    apply_limit(L, e, 1, "script_memory", SDUI_SCRIPT_LIMIT_MEMORY, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_instructions", SDUI_SCRIPT_LIMIT_INSTRUCTIONS, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_time_ms", SDUI_SCRIPT_LIMIT_TIME, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_object_bytes", SDUI_SCRIPT_LIMIT_OBJECT, sdui_scripts_limit);
    apply_limit(L, e, 1, "script_total_memory", SDUI_SCRIPT_LIMIT_TOTAL_MEMORY, sdui_scripts_limit);
    if (lua_getfield(L, 1, "services") != LUA_TNIL) {
        int services = lua_gettop(L);
        luaL_checktype(L, services, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, services)) {
            if (lua_type(L, -2) != LUA_TSTRING)
                luaL_error(L, "sdui.engine: service names must be strings");
            size_t len;
            luajson_pushencoded(L, -1);
            const char *json = lua_tolstring(L, -1, &len);
            if (sdui_register_service(e->engine, option_cstring(L, -3, "a service name"), json, len) != SDUI_OK)
                luaL_error(L, "sdui.engine: %s", sdui_errmsg(e->engine));
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "state_dir") != LUA_TNIL) {
        luaL_checkstring(L, -1);
        if (sdui_persist_directory(e->engine, option_cstring(L, -1, "state_dir")) != SDUI_OK)
            luaL_error(L, "sdui.engine: state_dir: %s", sdui_errmsg(e->engine));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "persist") != LUA_TNIL) {
        int persist = lua_gettop(L);
        luaL_checktype(L, persist, LUA_TTABLE);
        lua_Integer n = luaL_len(L, persist);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_geti(L, persist, i) != LUA_TSTRING)
                luaL_error(L, "sdui.engine: persist must be a list of service names");
            if (sdui_persist_service(e->engine, option_cstring(L, -1, "a persist name")) != SDUI_OK)
                luaL_error(L, "sdui.engine: persist: %s", sdui_errmsg(e->engine));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* apply_options under lua_pcall: (options, engine). */
static int apply_options_run(lua_State *L)
{
    apply_options(L, lua_touserdata(L, 2));
    return 0;
}

/* sdui.engine([options]) */
static int engine_new(lua_State *L)
{
    if (!lua_isnoneornil(L, 1))
        luaL_checktype(L, 1, LUA_TTABLE);
    lua_engine *e = lua_newuserdatauv(L, sizeof *e, 0);
    e->engine = NULL;
    luaL_setmetatable(L, ENGINE_MT);
    e->engine = sdui_engine_new();
    if (e->engine == NULL)
        return luaL_error(L, "sdui.engine: out of memory");
    bridge_init(&e->bridge, e->engine, L);
    if (lua_istable(L, 1)) {
        lua_pushcfunction(L, apply_options_run);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, -3);
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            /* The engine goes now, not when collected: a state folder it
               holds (state_dir) is free for the next engine at once. */
            sdui_engine *engine = e->engine;
            e->engine = NULL;
            sdui_engine_free(engine);
            bridge_close(&e->bridge, L);
            return lua_error(L);
        }
    }
    return 1;
}

static const luaL_Reg engine_methods[] = {
    {"service", engine_service},
    {"persist", engine_persist},
    {"persist_directory", engine_persist_directory},
    {"component", engine_component},
    {"action", engine_action},
    {"load_page", engine_load_page},
    {"set_theme", engine_set_theme},
    {"set_appearance", engine_set_appearance},
    {"appearance", engine_appearance},
    {"capabilities", engine_capabilities},
    {"render", engine_render},
    {"render_json", engine_render_json},
    {"component_view", engine_component_view},
    {"image_size", engine_image_size},
    {"component_json", engine_component_json},
    {"render_text", engine_render_text},
    {"dispatch", engine_dispatch},
    {"set_input", engine_set_input},
    {"press", engine_press},
    {"state", engine_state},
    {"diagnostics", engine_diagnostics},
    {"load_scripts", engine_load_scripts},
    {"reload", engine_reload},
    {"poll", engine_poll},
    {"patches", engine_patches},
    {"patches_json", engine_patches_json},
    {"on_patches", engine_on_patches},
    {"layout", engine_layout},
    {"viewport", engine_viewport},
    {"measurer", engine_measurer},
    {"images", engine_images},
    {"counters", engine_counters},
    {"subscribe", engine_subscribe},
    {"unsubscribe", engine_unsubscribe},
    {"middleware", engine_middleware},
    {"remove_middleware", engine_remove_middleware},
    {"effect", engine_effect},
    {"finish_effect", engine_finish_effect},
    {"navigate", engine_navigate},
    {"back", engine_back},
    {"route", engine_route},
    {"depth", engine_depth},
    {"tick", engine_tick},
    {"next_timer", engine_next_timer},
    {"close", engine_close},
    {NULL, NULL},
};

/* The raising codec calls, run under lua_pcall by json_call. */
static int json_decode_run(lua_State *L)
{
    size_t len;
    const char *text = lua_tolstring(L, 1, &len);
    luajson_decode(L, text, len);
    return 1;
}

static int json_encode_run(lua_State *L)
{
    luajson_pushencoded(L, 1);
    return 1;
}

/* Runs `run` on the argument: its result, or nil and the codec's message. */
static int json_call(lua_State *L, lua_CFunction run)
{
    lua_pushcfunction(L, run);
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        if (lua_type(L, -1) != LUA_TSTRING)
            return lua_error(L); /* a memory error, say: not the caller's input */
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

/* sdui.json.decode(text) -> value, or nil and "invalid JSON at byte N" */
static int json_decode(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TSTRING);
    return json_call(L, json_decode_run);
}

/* sdui.json.encode(value) -> compact JSON text (object keys sorted), or nil and why */
static int json_encode(lua_State *L)
{
    luaL_checkany(L, 1);
    return json_call(L, json_encode_run);
}

static const luaL_Reg json_functions[] = {
    {"decode", json_decode},
    {"encode", json_encode},
    {NULL, NULL},
};

static const luaL_Reg module_functions[] = {
    {"engine", engine_new},
    {"array", bridge_array},
    {NULL, NULL},
};

SDUI_LUA_API int luaopen_sdui(lua_State *L)
{
    luaL_checkversion(L);
    bridge_openlib(L);
    if (luaL_newmetatable(L, ENGINE_MT)) {
        luaL_newlib(L, engine_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, engine_close);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, engine_close);
        lua_setfield(L, -2, "__close");
        lua_pushcfunction(L, engine_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);

    /* `require "sdui.ui"` and "sdui.contract" work wherever sdui is loaded. */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, bridge_load_ui);
    lua_setfield(L, -2, "sdui.ui");
    lua_pushcfunction(L, bridge_load_contract);
    lua_setfield(L, -2, "sdui.contract");
    lua_pop(L, 1);

    luaL_newlib(L, module_functions);
    lua_pushstring(L, sdui_libversion());
    lua_setfield(L, -2, "version");
    luajson_pushnull(L);
    lua_setfield(L, -2, "null");
    luaL_newlib(L, json_functions);
    lua_setfield(L, -2, "json");
    return 1;
}
