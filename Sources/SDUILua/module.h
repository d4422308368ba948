/*
** module.h -- what the parts of the Lua module `sdui` share: the engine
** object (userdata "sdui.engine"), the checks of its methods' arguments and
** the ways they answer (module_floor.c), and the methods of each section of
** include/sdui.h, one file each (module_pages.c, module_render.c, ...),
** which module.c assembles into the engine's method table.
**
** Failures of the engine (a bad payload, an unknown action, a failing
** script) return nil and the message; misuse of the API (wrong argument
** types, a closed engine) raises.
*/
#ifndef SDUI_LUA_MODULE_H
#define SDUI_LUA_MODULE_H

#include <stddef.h>

#include <lauxlib.h>
#include <lua.h>

#include "bridge.h"

#define ENGINE_MT "sdui.engine"

typedef struct lua_engine {
    sdui_engine *engine;   /* NULL once closed */
    sdui_bridge bridge;    /* runs the Lua factories and handlers given to this engine */
} lua_engine;

/* -- arguments (module_floor.c) -------------------------------------------- */

/* The open engine at argument 1; callbacks will run on this thread. Raises for a closed one. */
lua_engine *module_check_engine(lua_State *L);

/*
** The string argument `arg` as a C string for the engine (a name, a type,
** an id, a path, a URL). A NUL byte would cut it short there, so that
** another name than the one given is used: it raises instead.
*/
const char *module_check_cstring(lua_State *L, int arg);

/* module_check_cstring, or NULL when the argument is absent or nil. */
const char *module_opt_cstring(lua_State *L, int arg);

/* For a callback that nil removes: 0 when argument `arg` is absent or nil, else arg, checked to be a function. */
int module_opt_function(lua_State *L, int arg);

/* JSON text for any value at idx (services may hold numbers, strings...); the text replaces it. */
const char *module_value_arg(lua_State *L, int idx, size_t *len);

/* -- answers (module_floor.c) ---------------------------------------------- */

/* nil, message: the engine's last error. */
int module_fail(lua_State *L, lua_engine *e);

/* true, or nil, message */
int module_result(lua_State *L, lua_engine *e, int status);

/*
** After an engine call that filled *box with len bytes of JSON and
** returned status: the text decoded as a Lua value (decode 1) or as a
** string (decode 0), or nil, message.
*/
int module_push_output(lua_State *L, lua_engine *e, int status, char **box, size_t len, int decode);

/* An engine output of the engine alone (fill(engine, &out, &len)), pushed as module_push_output. */
int module_output(lua_State *L, lua_engine *e, int (*fill)(sdui_engine *, char **, size_t *), int decode);

/* -- methods of one argument (module_floor.c) ------------------------------ */

/* e:method(text) for an engine function of one string: true, or nil, message. */
int module_string_call(lua_State *L, int (*fn)(sdui_engine *, const char *));

/*
** Calls fn(engine, json, len) with the JSON of the argument at idx (a Lua
** table encoded, or a string taken as the JSON text; anything else raises)
** and returns its status.
*/
int module_json_status(lua_State *L, lua_engine *e, int idx, int (*fn)(sdui_engine *, const char *, size_t));

/* e:method(table_or_json) for an engine function of one JSON text: true, or nil, message. */
int module_json_call(lua_State *L, int (*fn)(sdui_engine *, const char *, size_t));

/* -- the sections --------------------------------------------------------- */

/* sdui.engine([options]) (module_engine.c), and the engine's own methods (close) and metamethods. */
int module_engine_new(lua_State *L);
extern const luaL_Reg module_engine_methods[];
extern const luaL_Reg module_engine_metamethods[];

/* Applies sdui.engine's options table at index 1 (limits and options, module_options.c). Bad options raise. */
void module_apply_options(lua_State *L, lua_engine *e);

/* The engine's methods, by section of include/sdui.h (and sdui_scripts.h for the scripts). */
extern const luaL_Reg module_pages_methods[];
extern const luaL_Reg module_callbacks_methods[];
extern const luaL_Reg module_services_methods[];
extern const luaL_Reg module_persistence_methods[];
extern const luaL_Reg module_dispatch_methods[];
extern const luaL_Reg module_state_methods[];
extern const luaL_Reg module_themes_methods[];
extern const luaL_Reg module_render_methods[];
extern const luaL_Reg module_reactive_methods[];
extern const luaL_Reg module_effects_methods[];
extern const luaL_Reg module_navigation_methods[];
extern const luaL_Reg module_layout_methods[];
extern const luaL_Reg module_hosts_methods[];
extern const luaL_Reg module_counters_methods[];
extern const luaL_Reg module_scripts_methods[];

/* sdui.json.decode and sdui.json.encode (module_json.c). */
extern const luaL_Reg module_json_functions[];

#endif
