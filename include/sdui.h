/*
** sdui.h -- the C interface of sdui for hosts: an embeddable server-driven
** UI engine.
**
** A server sends a page of components ({"id","type","data"}). sdui turns each
** component into a view tree through a factory registered for its type, keeps
** application state in named services, routes actions to handlers and renders
** the screen for the host.
**
** sdui has three headers, one for each kind of reader:
**
**   sdui.h           this one: everything a host needs (engine, errors,
**                    limits, options, pages, callbacks, services,
**                    persistence, dispatch, state, themes, render, reactive
**                    updates, effects, navigation, layout, the host
**                    contract, counters).
**                    Implemented by libsdui.so.
**   sdui_binding.h   what only a language binding or a library built on
**                    sdui needs: packed values, the node builder, state
**                    versions, client data. Includes this header.
**                    Implemented by libsdui.so.
**   sdui_scripts.h   the Lua script host (sdui_scripts_*). Includes this
**                    header. Implemented by libsdui_lua.so; needs Lua.
**
** Conventions used by every function below (and by the other two headers):
**
**   Status.  Functions that can fail return an int status: SDUI_OK (0) on
**   success, one of the SDUI_E* codes otherwise. After a failure the message
**   is readable with sdui_errmsg(engine) until the same thread's next call
**   on that engine (each thread sees the message of its own last call).
**
**   Strings.  All text is UTF-8. Input JSON is passed as (pointer, length);
**   it need not be NUL-terminated, a NULL pointer is SDUI_EINVAL whatever
**   the length, and sdui never keeps the pointer after the call returns. Other input strings are NUL-terminated and copied if kept.
**
**   Output buffers.  A function that returns JSON through (char **out,
**   size_t *out_len) allocates a NUL-terminated buffer that the caller owns
**   and must release with sdui_free(). On failure *out is set to NULL.
**   out_len may be NULL when the caller only wants the NUL-terminated text.
**
**   Threads.  An engine may be used from any thread. Calls on one engine are
**   serialized by a lock inside the engine: two threads calling at once take
**   turns, and each call sees the effects of the one before it in full.
**   Different engines share nothing and run in parallel. Callbacks (factories
**   and action handlers) run on the calling thread while that lock is held;
**   inside a callback, use only the sdui_call_* functions and sdui_errmsg:
**   any other call on the same engine returns SDUI_EBUSY.
**
**   Bad input.  NULL handles and bad arguments return SDUI_EINVAL (or NULL/0
**   where a function returns no status); malformed payloads return an error
**   and leave the engine exactly as it was.
**
** The sections below are, in order: Version, Engine, Errors, Limits, Options,
** Pages, Callbacks, Services, Persistence, Dispatch, State, Themes, Render,
** Reactive, Effects, Navigation, Layout, Hosts, Counters. Each is implemented in the
** facade file of the same name (Sources/SDUI/Engine.swift, Errors.swift, ...),
** Version in Engine.swift.
*/
#ifndef SDUI_H
#define SDUI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================
** Version
** ====================================================================== */

/*
** The version of the header and of the library
**
** SDUI_VERSION_NUMBER is MAJOR*1000000 + MINOR*1000 + PATCH.
** Compare it with sdui_libversion_number() to detect a header/library mismatch.
*/
#define SDUI_VERSION_MAJOR 0
#define SDUI_VERSION_MINOR 1
#define SDUI_VERSION_PATCH 0
#define SDUI_VERSION "0.1.0"
#define SDUI_VERSION_NUMBER 1000

/* The library's version string ("0.1.0"): static storage, never freed. */
const char *sdui_libversion(void);
/* The library's SDUI_VERSION_NUMBER. */
int sdui_libversion_number(void);

/* ======================================================================
** Engine
** ====================================================================== */

/*
** The engine handle
**
** Opaque; create with sdui_engine_new(), destroy with sdui_engine_free().
*/
typedef struct sdui_engine sdui_engine;

/*
** Create an engine
**
** Creates an engine with no page, no component types and no services.
** Returns NULL only when out of memory. The caller owns the engine.
*/
sdui_engine *sdui_engine_new(void);

/*
** Destroy an engine
**
** Destroys an engine and everything it owns, calling the destroy callback of
** every registered factory and handler, and lets go of its state folder
** (sdui_persist_directory). NULL is a no-op. Called from inside one of the
** engine's own callbacks (a factory, a handler, the patch listener, a
** destroy callback this very call runs) or between sdui_lock() and
** sdui_unlock() on the calling thread, it is refused: nothing is freed, the
** call that is running goes on, and sdui_errmsg() reads "sdui_engine_free
** called from inside one of the engine's own callbacks (or between
** sdui_lock and sdui_unlock): refused, the engine stays; free it after the
** call returns" (as SDUI_EBUSY would). Must not be called while another
** thread is using the engine, nor used after it returns.
*/
void sdui_engine_free(sdui_engine *engine);

/*
** Release a buffer sdui returned
**
** Releases a buffer returned by sdui. NULL is a no-op. Use it for every
** char ** output of this API and for nothing else.
*/
void sdui_free(void *buffer);

/*
** Run several calls as one
**
** Takes and releases the engine's lock, so a sequence of calls runs as one
** with no other thread's call in between (the lock is recursive: the holder
** keeps calling the engine as usual). Every sdui_lock needs one sdui_unlock
** on the same thread. NULL is a no-op.
*/
void sdui_lock(sdui_engine *engine);
void sdui_unlock(sdui_engine *engine);

/* ======================================================================
** Errors
** ====================================================================== */

/*
** Status codes
*/
#define SDUI_OK        0  /* success */
#define SDUI_ERROR     1  /* generic failure; see sdui_errmsg() */
#define SDUI_EINVAL    2  /* bad argument: NULL handle, NULL required pointer, bad name */
#define SDUI_EPARSE    3  /* input is not well-formed JSON (message has line:column and path) */
#define SDUI_ECONTRACT 4  /* well-formed JSON that breaks a contract (page, action, view node) */
#define SDUI_ENOTFOUND 5  /* unknown action type, service or state path */
#define SDUI_ELIMIT    6  /* a configured limit was hit (payload size, nesting depth, queue length) */
#define SDUI_ECALLBACK 7  /* a factory or handler callback reported failure */
#define SDUI_EBUSY     8  /* called on an engine from inside one of its own callbacks; or a
                              state folder another engine holds (sdui_persist_directory) */
#define SDUI_ENOMEM    9  /* out of memory */

/*
** Describe a status code
**
** A short constant description of a status code ("not found"); never NULL, never freed.
*/
const char *sdui_errstr(int status);

/*
** The message of the last call
**
** The message of the calling thread's last call on this engine, or "" when
** that call succeeded. The string belongs to the engine and stays valid
** until the same thread's next call on it; other threads' calls do not
** touch it. Calls made from inside the patch listener (refused with
** SDUI_EBUSY) leave their message only until the listener returns: the
** call that delivered the patches keeps its own. sdui_errmsg(NULL) returns
** a static message saying the engine is NULL. Never returns NULL.
*/
const char *sdui_errmsg(sdui_engine *engine);

/*
** Report a failure that happened outside an engine call
**
** Sets the calling thread's sdui_errmsg() to `message` (copied; NULL for
** none) and returns `status`, for extensions that fail outside an engine
** call. With SDUI_OK the message is cleared.
*/
int sdui_report(sdui_engine *engine, int status, const char *message);

/* ======================================================================
** Limits
** ====================================================================== */

/*
** Read or set a limit
**
** Limits, modelled on sqlite3_limit(). sdui_limit() sets the limit `which`
** to `value` when value >= 0 and returns the previous value; a negative
** value only reads it. Returns -1 for a NULL engine, an unknown limit, or
** a call from inside one of the engine's callbacks (nothing changes then).
*/
#define SDUI_LIMIT_PAYLOAD_BYTES 0 /* largest JSON input accepted, bytes (default 64 MiB) */
#define SDUI_LIMIT_DEPTH         1 /* deepest nesting of arrays and objects (default 512; at
                                      most 10000, larger values are cut to it: nesting is
                                      handled recursively on the calling thread's stack, a
                                      few hundred bytes a level, so a thread with a small
                                      stack must keep this low) */
#define SDUI_LIMIT_QUEUE         2 /* most actions one dispatch may run, the first one and
                                      every follow-up counted (default 10000) */
#define SDUI_LIMIT_PAGES         3 /* most pages the navigation stack holds, the current one
                                      included (default 64): opening one more fails with
                                      SDUI_ELIMIT ("Navigation") */
#define SDUI_LIMIT_VIEW_NODES    4 /* most nodes one component's view may have (default
                                      100000). Counted as the view is handed over and read
                                      (sdui_call_return_flat, _packed, sdui_call_begin; a
                                      JSON view before it becomes nodes), the reading stopping
                                      at the limit: the call returns SDUI_ELIMIT and the
                                      factory fails whatever it returns, its component shows
                                      an `error` node and a "factory-failed" diagnostic says
                                      "node limit of N"; the rest of the screen renders. The
                                      Lua binding counts too as it writes a view table, so a
                                      table that refers to the same tables over and over (a
                                      DAG, which would expand into millions of nodes) stops
                                      there, its error naming the factory's script and line */
#define SDUI_LIMIT_VIEW_BYTES    5 /* most bytes one component's view may take as the engine
                                      keeps it (its nodes' headers, texts and the JSON of
                                      styles and actions; by default, until it is set, the
                                      value of SDUI_LIMIT_PAYLOAD_BYTES: a view shows data
                                      that came in one payload): as SDUI_LIMIT_VIEW_NODES,
                                      "view byte limit of N bytes" */
#define SDUI_LIMIT_ACTIONS       6 /* most actions one call into the engine may run (default
                                      10000): a dispatch (sdui_dispatch, sdui_press), its
                                      follow-ups and the further rounds subscribers, effects
                                      and finished effects queue; every delayed action one
                                      sdui_tick() fires and what they queue. Each effect
                                      emitted counts as one action too. Counted as actions are
                                      queued and run: a follow-up or effect with no room left
                                      is refused (SDUI_ELIMIT from sdui_call_dispatch,
                                      sdui_call_emit) and fails its dispatch. A limit hit in
                                      the first round rolls the whole dispatch back; one hit in
                                      a later round rolls back that round (the rounds before it
                                      stay committed, as after any failing follow-up round),
                                      drops what is still queued, and the call still returns
                                      SDUI_ELIMIT, "action limit of N". sdui_tick() leaves the
                                      delayed actions it has no room for queued for the next
                                      tick and lists the failure in the diagnostics */
#define SDUI_LIMIT_WRITE_BYTES   7 /* most bytes one call's handlers may write into the state
                                      (default 64 MiB): the packed size (sdui_binding.h's
                                      packed values) of every value set or returned, a
                                      member's key included, summed over the call as
                                      SDUI_LIMIT_ACTIONS counts actions. The write that would
                                      pass it is refused before it is made (SDUI_ELIMIT from
                                      sdui_call_set, _set_packed, sdui_call_return; a packed
                                      value before it is read) and the dispatch fails with
                                      SDUI_ELIMIT, "write limit of N bytes", every service
                                      rolled back */
#define SDUI_LIMIT_STATE_BYTES   8 /* most bytes every service's state together may take, as
                                      their packed size (default 256 MiB): a handler's change
                                      that would grow the state past it fails as one over
                                      SDUI_LIMIT_WRITE_BYTES does ("state limit of N bytes"),
                                      and so does sdui_register_service(); changes that do
                                      not grow the state always pass */
long long sdui_limit(sdui_engine *engine, int which, long long value);
/* (Inside a callback, sdui_call_limit() reads a limit: see "Callbacks".) */

/* ======================================================================
** Options
** ====================================================================== */

/*
** Read or set an option
**
** Options change what the engine accepts; they are read and set as limits
** are: sdui_option() sets option `which` to `value` when value >= 0 and
** returns the previous value; a negative value only reads it. Returns -1
** for a NULL engine, an unknown option, a value the option does not take,
** or a call from inside one of the engine's callbacks (nothing changes then).
*/
#define SDUI_OPTION_DUPLICATE_KEYS 0 /* a key given twice in one object of a page or a server
                                        patch: 0 refuses the payload (the default; the error
                                        names both places), 1 keeps the key's last value and
                                        lists a "duplicate-key" warning for each, with its
                                        line:column, JSON path and component, in
                                        sdui_diagnostics_json() (Adaptive Cards' hosts parse
                                        this way) */
long long sdui_option(sdui_engine *engine, int which, long long value);

/* ======================================================================
** Pages
** ====================================================================== */

/*
** Load a page
**
** sdui_load_page() parses a page and makes it the engine's current page:
**
**   {"id": "home", "version": 1, "requires": {"maps": "1.2"},
**    "components": [{"id": "c1", "type": "MovieCard", "data": {...},
**                    "version": "1.1", "requires": {"maps": "2.0"},
**                    "fallback": {"type": "Text", "data": {...}} | "drop"}]}
**
** A bare array of components is accepted too. "id" and "type" are non-empty
** strings with no C0 or C1 control character (U+0000-U+001F and
** U+0080-U+009F: they would cut the C strings made from them, or drive a
** terminal) and ids are unique within the page; "data" is optional (null when
** absent). A component whose type has no factory renders its "fallback"
** component instead (its "id" is optional: the screen lists it under the
** original component's id), or is left out when the fallback is "drop", or
** renders a visible "fallback" node naming the type; each case records a
** diagnostic. It also accepts a server patch instead of a page (see
** "Reactive").
**
** Versions and requirements, as Adaptive Cards': a version is a string
** "MAJOR.MINOR" or "MAJOR.MINOR.PATCH" (whole numbers, no sign or leading
** zero, each at most 4294967295), compared part by part (a missing patch is
** 0); a "version" member may also be a whole number N (0 to 4294967295),
** meaning "N.0". "requires" is an object of capability names (non-empty, no
** control character) and the least version of each, as strings; null or
** absent is none. A page's "version" V means {"sdui": V}: the engine renders
** contract SDUI_CONTRACT_VERSION. Each component of the page must meet the
** page's "version" and "requires", then its own; a fallback component must
** meet only its own. A component that does not renders its fallback (checked
** the same way, and so on), is dropped ("drop"), or renders the "fallback"
** node, with a "requires-unmet" diagnostic naming the first unmet
** requirement ("maps" 2.0 needed, 1.2 declared). The other capabilities are
** the host's: sdui_set_capabilities(). Server patches take the same members.
**
** Errors: SDUI_EPARSE (message "line:column: $.path: what"), SDUI_ECONTRACT
** (message names the JSON path, and both positions for a duplicate id),
** SDUI_ELIMIT (size or depth). On any error the previous page stays loaded.
** Service state is never touched by loading a page.
*/
int sdui_load_page(sdui_engine *engine, const char *json, size_t len);

/*
** Declare the host's capabilities
**
** sdui_set_capabilities() replaces the capabilities the host declares,
** which the "requires" of pages and components are checked against (see
** sdui_load_page()), with those in `json` (`len` bytes, not NUL-terminated):
** an object of capability names and version strings,
**
**   {"maps": "1.2", "payments": "2.0.1"}
**
** ({} declares none, the state of a new engine). "sdui" is not among them:
** the engine supports it at SDUI_CONTRACT_VERSION and refuses it here.
** Components whose choice (which link of the fallback chain renders, or the
** diagnostic naming an unmet requirement) changes render again: the host
** receives them as patches, as after any change; the others are untouched.
** The engine keeps no pointer into `json`.
**
** Errors: SDUI_EPARSE (not JSON), SDUI_ECONTRACT ("line:column: $.name:
** what": not an object, an empty name or one with a control character,
** "sdui", a value that is not a version string), SDUI_ELIMIT; on any error
** the capabilities stay as they were. SDUI_EBUSY from inside a callback.
*/
#define SDUI_CONTRACT_VERSION "1.1" /* the page contract this engine renders ("sdui") */
int sdui_set_capabilities(sdui_engine *engine, const char *json, size_t len);

/*
** Check a document without using it
**
** sdui_check_json() decodes `json` as the kind of document `kind` names,
** with the decoder the engine itself uses for it, under the engine's limits
** and SDUI_OPTION_DUPLICATE_KEYS, and changes nothing (no page, no state,
** no diagnostics). The kinds:
**   "payload"    what sdui_load_page() takes: a server patch, else a page
**   "page"       a page only          "patch"   a server patch only
**   "component"  one component        "view"    a view node as a factory
**                                                returns it (keys unique)
**   "action"     an action, as sdui_dispatch() takes it
**   "effect"     an effect, as a handler emits it
** A server patch is checked on its own: whether its ids name components of
** the page it is meant for is for sdui_load_page() to say.
**
** `kind` is borrowed for the call. Returns SDUI_OK for a valid document.
** Errors: SDUI_EPARSE and SDUI_ECONTRACT with sdui_errmsg() reading
** "line:column: $.path: what" (the first problem only), SDUI_ELIMIT (size
** or depth), SDUI_EINVAL (NULL engine, json or kind; an unknown kind).
** `tools/sdui.c`'s `sdui validate` is built on it; schema/sdui.schema.json
** describes the same documents.
*/
int sdui_check_json(sdui_engine *engine, const char *kind, const char *json, size_t len);

/* ======================================================================
** Callbacks
** ====================================================================== */

/*
** The call handle a callback receives
**
** A factory or an action handler receives a sdui_call: a handle valid only
** until the callback returns, through which it reads state, returns its
** result, queues follow-up actions and reports errors. Never keep it.
*/
typedef struct sdui_call sdui_call;

/*
** A component factory
**
** Called when a component of the registered type is
** rendered. It reads the component's "data" with the sdui_call_* readers
** (source SDUI_INPUT) and the component id with sdui_call_id(), returns its
** view tree with sdui_call_return(), then returns SDUI_OK. Returning any
** other status, or SDUI_OK without a view, renders an "error" node for this
** component only; the message set with sdui_call_error() goes into the
** diagnostics.
**
** A view tree is a JSON node:
**   {"type": "text", "text": "Hello", "style": {"font": "title"}}
** with "type" one of text, image, button, vstack, hstack, zstack, spacer,
** list, input, grid, paragraph, wrap, rail, pager, divider ("fallback" and
** "error" nodes are the engine's own); containers (the stacks, list, grid,
** wrap, rail, pager, and buttons) carry "children": [...], buttons and
** inputs an "action": {"type": ..., "payload": ...}, and so may containers and images
** (a tap target with no button chrome: the host lets it be activated like a
** button). A button may carry a "tooltip" (a string) and "disabled": true
** (a boolean: drawn as disabled, never activated by the host). Every node
** may carry "accessibility": {"label", "role", "hint"} (strings; role one
** of button, link, heading, image, text, checkbox, radio, radiogroup,
** switch, slider, textbox, list, listitem, tab, group, alert, progressbar,
** none): what a screen reader says for it; a button labelled with symbols
** only (★) without such a label gets an "unlabelled-button" warning in the
** diagnostics. See README.md, "View nodes" and "Accessibility", for every
** property and the default names and roles.
** The strings of a style that hosts draw with or put in CSS are checked
** where the view is returned (sdui_call_return() gives SDUI_ECONTRACT, and
** the component renders as an "error" node): a colour ("color",
** "background", "borderColor"; a paragraph run's "color" and "highlight")
** is "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", a theme token "@name" or a
** colour name (an ASCII letter, then up to 63 letters, digits, "-", "_"):
** "1:45: $.style.color: not a colour: \"\u001b[31m\"; a colour is ...";
** "font", "fontWeight", "backgroundImage" (a run's "font" and "weight")
** hold no control character. Text content may hold any: every output
** escapes it (sdui_render_json(), sdui_render_text()).
** (Bindings can also build the tree node by node: sdui_binding.h.)
*/
typedef int (*sdui_factory_fn)(sdui_call *call, void *userdata);

/*
** An action handler
**
** An action handler for one action type "service/name". It reads the
** action's payload (source SDUI_INPUT) and its service's state (source
** SDUI_STATE) with the sdui_call_* readers, changes the state with
** sdui_call_set() or sdui_call_return(), may queue follow-up actions with
** sdui_call_dispatch(), and returns SDUI_OK. Returning any other status
** fails the whole dispatch: every service is left exactly as it was before
** sdui_dispatch() and no queued follow-up runs. (Handlers are registered
** with sdui_register_action(), under "Services".)
*/
typedef int (*sdui_handler_fn)(sdui_call *call, void *userdata);

/*
** Release a callback's userdata
**
** Called with the userdata when a factory or handler is replaced, or when
** the engine is freed. May be NULL.
*/
typedef void (*sdui_destroy_fn)(void *userdata);

/*
** Register a component factory
**
** Registers `factory` for the component type `type` (non-empty, copied).
** Registering a type again replaces the old factory (its destroy callback is
** called): the next render uses the new one. The engine keeps `userdata`
** until then and passes it to every call. Returns SDUI_EINVAL for a NULL
** engine, type or factory; `destroy` is not called on failure.
*/
int sdui_register_component(sdui_engine *engine, const char *type, sdui_factory_fn factory,
                            void *userdata, sdui_destroy_fn destroy);

/*
** Remove a component factory
**
** Removes the factory of `type` (its destroy callback runs); components of
** that type render as unknown from the next render. SDUI_ENOTFOUND when the
** type has no factory.
*/
int sdui_unregister_component(sdui_engine *engine, const char *type);

/*
** Rules for every sdui_call function
**
** The sdui_call functions: valid only inside the callback that received the
** call. Passing a call after its callback returned is undefined behaviour.
** Strings they return belong to the call and stay valid until the callback
** returns. A NULL call gives SDUI_EINVAL, NULL or -1 (by return type);
** SDUI_STATE in a factory is SDUI_EINVAL too (read services with
** sdui_call_state() there).
**
** Readers take a source and a path ("" or NULL for the whole value; else
** "title", "genres[2].name", "$.action"; a dotted segment of digits also
** indexes an array: "items.0"):
*/
#define SDUI_INPUT 0 /* factory: the component's "data"; handler: the action's "payload" */
#define SDUI_STATE 1 /* handler: its service's state, with this dispatch's changes so far */

/*
** The call's component id or action type
**
** The component id (factory) or action type (handler). Owned by the call; NULL for a NULL call.
*/
const char *sdui_call_id(sdui_call *call);

/*
** Read a string
**
** The string at `path` in `source`, or NULL when it is absent or not a
** string (or the source is unknown). Owned by the call.
*/
const char *sdui_call_string(sdui_call *call, int source, const char *path);

/*
** Read a number
**
** Stores the number at `path` in `source` into *out. Returns SDUI_OK,
** SDUI_ENOTFOUND (absent), SDUI_ECONTRACT (not a number) or SDUI_EINVAL.
*/
int sdui_call_number(sdui_call *call, int source, const char *path, double *out);

/*
** Count an array's elements or an object's members
**
** The number of elements (array) or members (object) at `path` in
** `source`; -1 when absent or neither.
*/
long long sdui_call_count(sdui_call *call, int source, const char *path);

/*
** Read any value as JSON
**
** The value at `path` in `source` as compact JSON, ready to embed in the
** JSON a callback builds (a string comes back quoted and escaped).
** Errors: SDUI_ENOTFOUND, SDUI_EINVAL. Ownership: *out is the caller's;
** release it with sdui_free().
*/
int sdui_call_json(sdui_call *call, int source, const char *path, char **out, size_t *out_len);

/*
** Read another service's state during a callback
**
** Reads the state of any service during a callback, like sdui_state_json().
** In a handler it sees the changes made so far in the current dispatch. In
** a factory the read is recorded: the component renders again when the
** value at that path changes (or the service appears).
** Errors: SDUI_ENOTFOUND (no such service, or nothing at `path`: the
** common answer of a lookup, cheap; sdui_call_errmsg() names the path and
** the service), SDUI_EINVAL (NULL service or out, a malformed path); *out
** is then NULL.
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_call_state(sdui_call *call, const char *service, const char *path, char **out, size_t *out_len);

/*
** The appearance in force, in a callback
**
** "light" or "dark" (static strings; see sdui_set_appearance()); NULL for a
** NULL call. In a factory the read is recorded: the component renders again
** when the appearance switches, so a factory may build another view for it.
*/
const char *sdui_call_appearance(sdui_call *call);

/*
** Read a limit from inside a callback
**
** The value of limit `which` (SDUI_LIMIT_*, as sdui_limit() reads it) of
** the engine running `call`: for a factory, handler or binding that counts
** what it hands over against a limit as it goes, and stops there (the
** engine counts again on its side). Returns -1 for a NULL call or an
** unknown limit.
*/
long long sdui_call_limit(sdui_call *call, int which);

/*
** Return a view or a new state
**
** Factory: sets the view tree, as JSON. Handler: replaces the service's
** whole state with the JSON value. The JSON is checked at once: SDUI_EPARSE,
** SDUI_ECONTRACT (a node that is not a valid view) or SDUI_ELIMIT, and the
** call's earlier result, if any, stands.
*/
int sdui_call_return(sdui_call *call, const char *json, size_t len);

/*
** Change one place in the state
**
** Handler only: sets the value at `path` in its service's state to the JSON
** `json`, creating missing object members on the way; an index equal to an
** array's length appends; members keep their place in their object.
** json == NULL removes the value at `path` (removing an absent value is
** SDUI_OK). On error the state is unchanged.
** Errors: SDUI_EPARSE, SDUI_ENOTFOUND (a missing step that cannot be
** created), SDUI_EINVAL (bad path, or called from a factory).
*/
int sdui_call_set(sdui_call *call, const char *path, const char *json, size_t len);

/*
** Queue a follow-up action
**
** Handler, subscriber or performer: queues a follow-up action (JSON, as
** sdui_dispatch()) to run after the current callback returns (a handler's
** in the same transaction, the others' as the next round). Errors:
** SDUI_EPARSE, SDUI_ECONTRACT, SDUI_EINVAL (called from a factory or
** middleware).
*/
int sdui_call_dispatch(sdui_call *call, const char *json, size_t len);

/*
** The message of the last sdui_call function
**
** The message of the last failed sdui_call_* function in this callback, or
** "" when the last one succeeded. Owned by the call; a static message for a
** NULL call. (sdui_errmsg() reports the outcome of the engine call that ran
** the callback, after it returns.)
*/
const char *sdui_call_errmsg(sdui_call *call);

/*
** Say why a callback failed
**
** Sets the message reported when the callback returns a failure status.
** `message` is copied; NULL clears it.
*/
void sdui_call_error(sdui_call *call, const char *message);

/*
** Report a problem that does not fail the callback
**
** Adds a warning to the diagnostics (sdui_diagnostics_json()) without
** failing the callback. A factory's warning is a "warning" with code
** "factory-warning" naming its component, listed with that render's
** diagnostics until the component renders again. A handler's is a runtime
** diagnostic with code "handler-warning" whose message starts with
** `action "service/name": `, listed whether its dispatch commits or not; a
** subscriber's, performer's or middleware's has code "callback-warning".
** `message` (UTF-8) is copied, cut at 4,096 bytes (with "…"). One call
** keeps at most 64 warnings; the 65th becomes one saying the rest are
** dropped, and later ones are dropped (SDUI_OK all the same): a callback
** that warns in a loop cannot make the engine hold more. Errors:
** SDUI_EINVAL (NULL call or message).
*/
int sdui_call_warn(sdui_call *call, const char *message);

/*
** Take back what a callback did so far
**
** Lets a factory or handler start over, as if it had just been called.
** Factory: the view set with sdui_call_return() or being built node by
** node (sdui_binding.h) is discarded, and so are its warnings; the state it
** read stays recorded. Handler: its changes to the state are undone (newest
** first: SDUI_STATE reads the state it received again), and its queued
** follow-up actions, its effects (sdui_call_emit()) and its warnings are
** dropped. The message set with sdui_call_error() stays. Errors:
** SDUI_EINVAL (NULL call, or a subscriber, performer or middleware: they
** change nothing that could be taken back).
*/
int sdui_call_rollback(sdui_call *call);

/* ======================================================================
** Services
** ====================================================================== */

/*
** Create a service or replace its state
**
** Services. A service is a named piece of state (any JSON value) with its
** action handlers: service "favorites" owns the actions "favorites/...".
**
** sdui_register_service() creates the service `name` (non-empty, no '/')
** with `initial_state` as JSON; if it exists, only its state is replaced.
** Errors: SDUI_EINVAL, SDUI_EPARSE, SDUI_ELIMIT (size, depth, or every
** service's state would take more than SDUI_LIMIT_STATE_BYTES),
** SDUI_ECONTRACT (a name with a control character, C0 or C1, as component
** ids: "bad service name \"a\u001b\": it must not contain control
** characters, found \u001b"); nothing is created or changed then.
*/
int sdui_register_service(sdui_engine *engine, const char *name, const char *initial_state, size_t len);

/*
** Register an action handler
**
** Registers `handler` for the action type `type`, of the form
** "service/name"; the service must exist (SDUI_ENOTFOUND otherwise).
** Registering a type again replaces the old handler, like components.
*/
int sdui_register_action(sdui_engine *engine, const char *type, sdui_handler_fn handler,
                         void *userdata, sdui_destroy_fn destroy);

/*
** Remove an action handler
**
** Removes the handler of `type` (its destroy callback runs); the service and
** its state stay. SDUI_ENOTFOUND when the type has no handler.
*/
int sdui_unregister_action(sdui_engine *engine, const char *type);

/* ======================================================================
** Persistence
** ====================================================================== */

/*
** Keep a service's state between runs
**
** Persistence. Declares the existing service `name` persistent: its state
** is saved through the engine's storage (sdui_persist_directory() or
** sdui_persist_callbacks()) after each committed change to it -- a dispatch
** (follow-ups, timers and effects' actions included), sdui_set_input(),
** sdui_press(), or a new state given with sdui_register_service() -- and
** restored from the storage now. A dispatch that is rolled back saves
** nothing; services that are not persistent, or that a dispatch did not
** change, are not saved. What is saved is the envelope
**   {"sdui": 1, "service": "favorites", "state": <the state>}
** so a saved state that is not JSON, not such an envelope, of another
** format or meant for another service is told apart and never used.
**
** Restoring: the saved state replaces the service's state (readers render
** again, subscribers fire, as with sdui_register_service()) when it is of
** the same JSON type as the current (initial) state, else the service
** refuses it. When the action "NAME/sdui.restore" has a handler, that
** handler restores instead: it runs as a dispatch of {"type":
** "NAME/sdui.restore", "payload": <the saved state>} -- to check it, or to
** migrate an older shape -- and refuses it by failing. Restoring saves
** nothing.
**
** A saved state that cannot be read, is corrupt, mismatched or refused is
** not an error of this call: the service keeps its initial value, the
** saved state stays in the storage until the next save replaces it, and
** sdui_diagnostics_json() lists {"severity": "error", "code":
** "persist-rejected", "message": "service \"NAME\": saved state not used
** (why); it starts from its initial value"}. A save that fails leaves the
** dispatch committed and the last saved state whole, and is listed as
** "persist-failed" ("service \"NAME\": state not saved (why); the last
** saved one stays"). SDUI_COUNTER_SAVES counts the saves made.
**
** Without a storage nothing is loaded or saved: a storage chosen later
** restores the services declared before it. Declaring a service again does
** nothing (it is not loaded again, as when a script reloads); a service
** stays persistent for the engine's lifetime. Errors: SDUI_EINVAL (NULL
** arguments), SDUI_ENOTFOUND (no such service; register it first).
**
** SDUI_PERSIST_APPEARANCE ("sdui/appearance", a name no service can have)
** persists the theme's appearance the same way: restored when its saved
** state is looked for (a saved "dark" is in force before the first render),
** saved after each switch, by sdui_set_appearance() or an "appearance"
** effect (sdui_register_effect()). The file storage keeps it in
** sdui.appearance.state; a host's storage callbacks see the name as is.
*/
#define SDUI_PERSIST_APPEARANCE "sdui/appearance"
int sdui_persist_service(sdui_engine *engine, const char *name);

/*
** Keep persistent states in files
**
** Chooses a folder as the storage of persistent services: the state of
** service NAME is the file `path`/NAME.json. The folder is created (with
** its parents) when missing and opened now: its files are opened relative
** to it, so a later chdir() or a rename of the path does not move them.
**
** One folder, one engine. The engine holds the folder with an exclusive
** lock (flock() on the file `path`/.sdui.lock, made when missing and left
** in place) until it is freed or chooses another storage; a second engine,
** of this process or another, that chooses the same folder (by any path)
** is refused with SDUI_EBUSY ("the state folder /abs/path is in use by
** another engine of this process; ..." or "... (another process holds its
** lock file .sdui.lock); ...") and keeps its storage. Choosing the folder
** the engine already holds again keeps it.
**
** Nothing in the folder is trusted. A save writes a new temporary file of
** a name no one else uses (`path`/NAME.json.PID.RANDOM.tmp, created
** exclusively, never through a link), flushes it to disk (fsync), renames
** it over NAME.json and flushes the folder: a crash or a failure at any
** point leaves either the old file or the new one whole, never a mix, and
** nothing outside the folder is written (a failed save removes its
** temporary file). A saved state is read only from a regular file of at
** most SDUI_LIMIT_PAYLOAD_BYTES, checked before a byte is read: NAME.json
** that is a symbolic link, a FIFO, a device or a folder, or too large, is
** not read (without blocking) and is listed as "persist-rejected" ("...
** (/abs/path/NAME.json is a symbolic link: not followed)", "... is not a
** regular file (a FIFO): not read", "... is N bytes, more than the limit
** of M bytes (SDUI_LIMIT_PAYLOAD_BYTES): not read"); the next save replaces
** it (a link itself, never what it points to). A missing NAME.json means
** nothing was saved.
**
** The services declared persistent before (sdui_persist_service()) whose
** saved state was not looked for yet are restored now. Replaces the
** storage set before (callbacks: their destroy runs; a folder: its lock
** goes). `path` is copied.
** Errors: SDUI_EINVAL (NULL arguments), SDUI_EBUSY (another engine holds
** the folder), SDUI_ERROR (the folder cannot be created, opened or locked,
** is not a folder, or its .sdui.lock is a link or not a regular file; the
** message says why): the storage is then unchanged.
*/
int sdui_persist_directory(sdui_engine *engine, const char *path);

/*
** Load a saved state (storage callback)
**
** Called with the service's name (owned by the engine, valid during the
** call). Stores in *data a buffer allocated with malloc() holding the bytes
** last saved for the service, and their count in *len, and returns SDUI_OK;
** the engine takes the buffer and free()s it. Returns SDUI_OK with *data
** left NULL when nothing was saved. Any other status is a failure to read
** (listed as "persist-rejected"; a buffer set then is freed too).
*/
typedef int (*sdui_load_fn)(const char *service, char **data, size_t *len, void *userdata);

/*
** Save a state (storage callback)
**
** Called with the service's name and the `len` bytes to keep for it (JSON
** text, NUL-terminated after them); both are the engine's and valid only
** during the call: copy what you keep. Must replace what was saved before
** all or nothing, and return SDUI_OK; any other status is a failed save
** (listed as "persist-failed").
*/
typedef int (*sdui_save_fn)(const char *service, const char *data, size_t len, void *userdata);

/*
** Keep persistent states through the host's callbacks
**
** Chooses the host's own storage for persistent services: `load` and `save`
** (both required) are called with `userdata` as above, on the thread of
** the engine call that restores or saves, under the engine's lock (calling
** the engine from them returns SDUI_EBUSY). `destroy` (may be NULL) runs
** with `userdata` when the storage is replaced or the engine is freed.
** Restores as sdui_persist_directory() does. Errors: SDUI_EINVAL (NULL
** engine, load or save: the caller keeps `userdata`).
*/
int sdui_persist_callbacks(sdui_engine *engine, sdui_load_fn load, sdui_save_fn save, void *userdata,
                           sdui_destroy_fn destroy);

/* ======================================================================
** Dispatch
** ====================================================================== */

/*
** Dispatch an action
**
** Dispatches an action {"type": "service/name", "payload": any} (payload
** optional, null when absent). The handler runs; actions it queues with
** sdui_call_dispatch() run after it in order, never re-entrantly, and so on
** until the queue is empty. The whole cycle is one transaction: if any
** handler fails, a follow-up has no handler, or the cycle would run more
** than SDUI_LIMIT_QUEUE actions, or pass SDUI_LIMIT_ACTIONS,
** SDUI_LIMIT_WRITE_BYTES or SDUI_LIMIT_STATE_BYTES, every service is
** restored to its state before the call. Subscribers and effects then
** react, and the actions they queue run as further rounds, each its own
** transaction (see "Reactive", "Effects"); SDUI_LIMIT_ACTIONS counts them
** with the first, and one of them that reaches it fails the call too.
**
** Errors: SDUI_EPARSE, SDUI_ECONTRACT (not an action object),
** SDUI_ENOTFOUND (no handler for the action or a follow-up: nothing
** changed), SDUI_ECALLBACK (a handler failed; the message names its action
** type), SDUI_ELIMIT (the message names the limit: "action limit of N").
*/
int sdui_dispatch(sdui_engine *engine, const char *json, size_t len);

/*
** Set an input's value
**
** Sets the value of the bound input `node_id` (a node id of the current
** screen, as sdui_render_json() gives it: "form/2", "form#email") to the
** `len` bytes of UTF-8 text at `value` (not NUL-terminated; copied). An
** input is bound by its "bind": "service/path" member (README.md, "View
** nodes"); the value is stored at that place -- a number input's number
** as a number, anything else as the string -- as a dispatch would store
** it: one transaction (middleware sees the action {"type":
** "SERVICE/sdui.input", "payload": {"node", "bind", "value"}}), then
** subscribers and effects react, and the components that read the place
** (the input's own among them) render again: patches follow.
**
** The value must be one the input takes: at most SDUI_LIMIT_PAYLOAD_BYTES
** bytes (checked first); no control character (C0, DEL, C1), but a
** multiline input's line feeds, carriage returns and tabs; a number
** input's, "" (cleared) or a JSON number ("42", "-1.5", "1e3") that is
** finite and within its "min" and "max"; a toggle's, its "onValue" or
** "offValue"; a choice's, "" or the value of one of its "options"
** (several, comma-separated, when "multiple"). Text, dates and times are
** otherwise taken as typed.
**
** Errors: SDUI_EINVAL (NULL arguments, text that is not UTF-8, or a node
** that is not an input with a bind), SDUI_ENOTFOUND (no node of that id on
** the screen, or no such service), SDUI_ELIMIT ("node \"f/0\": the value is
** N bytes, more than the limit of M bytes (SDUI_LIMIT_PAYLOAD_BYTES)"),
** SDUI_ECONTRACT (a value the input does not take: "node \"f/1\": 12 is
** above the input's max (9)", "... \"NaN\" is not a finite number", "...
** \"z\" is not the value of one of the input's options (\"a\", \"b\")", "...
** must not contain control characters, found \u001b"), SDUI_ECALLBACK (the
** place cannot be set, e.g. a member of a number; or a middleware failed):
** on error nothing changed (state, screen, the input's error).
*/
int sdui_set_input(sdui_engine *engine, const char *node_id, const char *value, size_t len);

/*
** Press a node: dispatch its action with the inputs it asks for
**
** Dispatches the action of node `node_id` of the current screen (a button or
** an input, as sdui_render_json() gives its id), as sdui_dispatch() would,
** after adding the input values the action asks for with its "inputs"
** member: true for every input of the node's component, or an array of
** input names. Each input's value as the screen shows it (a bound input's
** from its service; "" when it has none) goes into the payload under the
** input's "name"; the payload must be an object or null (it becomes one),
** and a member of the same name is replaced. An action without "inputs" is
** dispatched as it is. (sdui_dispatch() of an action with "inputs" ignores
** them: only a press knows the component.)
**
** Before dispatching, each input gathered is checked against its
** "validation" (required, pattern, minLength, maxLength; a number input's
** min and max): when one fails, nothing is dispatched, each failing input
** shows its message as its "error" member (patches follow; it goes when the
** input is set or a later press passes), a "validation-failed" diagnostic
** names the component, and the call returns SDUI_EINVAL with the messages.
**
** Errors: SDUI_EINVAL (NULL arguments, a node without an action, a failed
** validation), SDUI_ENOTFOUND (no node of that id on the screen, a named input the
** component lacks, or as sdui_dispatch()), SDUI_ECONTRACT (inputs asked
** with a payload that is not an object), and those of sdui_dispatch(): on
** error nothing changed.
*/
int sdui_press(sdui_engine *engine, const char *node_id);

/* ======================================================================
** State
** ====================================================================== */

/*
** Read a service's state
**
** Reads state: the value of service `service` at `path` as JSON. `path` is
** NULL or "" for the whole state, else like "items[0].title" or
** "$.items[0]"; a dotted segment of digits also indexes an array ("items.0").
** Errors: SDUI_EINVAL (NULL arguments, bad path syntax), SDUI_ENOTFOUND
** (no such service, or nothing at that path).
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_state_json(sdui_engine *engine, const char *service, const char *path, char **out, size_t *out_len);

/* ======================================================================
** Themes
** ====================================================================== */

/*
** Set the theme
**
** sdui_set_theme() makes a theme current: named colour and font tokens,
** each with a light and a dark value, that views use instead of literals.
** A view names a token with "@" and its name as the whole value of a colour
** or a font: a style's "color", "background", "borderColor" and "font", a
** paragraph run's "color", "highlight" and "font" ("color": "@accent",
** "font": "@heading"). The theme, as JSON:
**
**   {"colors": {"accent": {"light": "#2563eb", "dark": "#93c5fd"},
**               "muted": "#6b7280"},
**    "fonts":  {"heading": "title",
**               "label": {"light": "body", "dark": "headline"}}}
**
** A token's value is a non-empty string (both appearances) or an object of
** exactly "light" and "dark"; it is a literal, never another token: a
** colour is "#rgb", "#rgba", "#rrggbb", "#rrggbbaa" or a colour name (an
** ASCII letter, then letters, digits, "-", "_"), a font any text without
** control characters (the same rules as a view's style). Token
** names are letters, digits, "_", "-" and "."; both members are optional.
** The engine resolves tokens when a component renders: the screen, patches
** and layout carry literal colours and fonts, never tokens. Each token used
** is recorded like a state read, so after this call only the components
** that used a token whose value changed (or that the theme adds or drops)
** render again, and the patches cover only them. A token the theme does not
** define leaves its field unset (the host's default colour or font) and the
** render records an "unknown-token" warning naming it and its JSON path in
** the view ("$.children[1].style.color"); see sdui_diagnostics_json(). Until
** a theme is set, there is none: every token is unknown.
**
** Errors: SDUI_EINVAL (NULL json), SDUI_EPARSE ("line:column: $.path:
** what"), SDUI_ECONTRACT ("line:column: $.colors.accent.dark: what"),
** SDUI_ELIMIT (size or depth). On any error the current theme stays.
** The patch listener hears about the components that render again.
*/
int sdui_set_theme(sdui_engine *engine, const char *json, size_t len);

/*
** Switch between light and dark
**
** sdui_set_appearance() makes the theme's "light" or "dark" values the ones
** in force (the engine starts light). Only the components that used a token
** whose two values differ, or read the appearance in their factory
** (sdui_call_appearance()), render again; switching to the appearance in
** force changes nothing.
**
** Errors: SDUI_EINVAL (NULL or anything but "light" and "dark"; nothing
** changes). The patch listener hears about the components that render again.
*/
int sdui_set_appearance(sdui_engine *engine, const char *appearance);

/*
** The appearance in force
**
** "light" or "dark" (static strings); NULL for a NULL engine, and from
** inside one of its own callbacks (sdui_call_appearance() answers there).
*/
const char *sdui_appearance(sdui_engine *engine);

/*
** Both appearances' values
**
** The theme's values under `appearance` ("light" or "dark"), whichever is in
** force, as {"appearance": "dark", "color:NAME": "#rrggbb", …, "font:NAME":
** "title", …}: one member a token. A host that draws both appearances
** itself (CSS custom properties, say: one set under each
** prefers-color-scheme) asks for both once per sdui_set_theme() and then
** switches without a render. Errors: SDUI_EINVAL (NULL engine, appearance
** or out; an appearance but "light" and "dark"), SDUI_EBUSY, SDUI_ENOMEM.
** Ownership: *out is the caller's; free it with sdui_free().
*/
int sdui_theme_values_json(sdui_engine *engine, const char *appearance, char **out, size_t *out_len);

/* ======================================================================
** Render
** ====================================================================== */

/*
** Render the screen as JSON
**
** Renders the current page: every component through its factory, in page
** order, as one JSON document
**   {"id": "home", "version": 1,
**    "components": [{"id": "c1", "type": "MovieCard", "view": {node}}, ...]}
** Each node carries a stable "id": the component id for the root, then
** "/"-separated child indexes ("c1/1/0"), or "c1#key" for a node given a
** "key". Without a page, renders an empty screen. Factories that fail render
** an "error" node; unknown types a "fallback" node; the diagnostics say why.
** Errors: SDUI_EINVAL, SDUI_EBUSY, SDUI_ENOMEM.
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_render_json(sdui_engine *engine, char **out, size_t *out_len);

/*
** Render one component as JSON
**
** The component `id` of the current page as sdui_render_json() writes it
** in its "components" array, {"id": ..., "type": ..., "view": {node}},
** brought up to date (its factory runs if it must), without the rest of the
** screen and without moving the patch baseline (sdui_patches_json() still
** reports what changed since the host's last screen). Errors: SDUI_EINVAL,
** SDUI_EBUSY, SDUI_ENOMEM, SDUI_ENOTFOUND (no component `id` on the screen:
** not on the page, dropped by its fallback, or outside a lazy list's window).
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_component_json(sdui_engine *engine, const char *id, char **out, size_t *out_len);

/*
** Render the screen as text
**
** Renders the current page like sdui_render_json() but as readable text for
** a terminal: one block a component, buttons as [label]. Same ownership.
** Control characters in any text (C0, DEL, C1; a NUL, an escape sequence)
** are written as \u0000-style escapes, so the text is printable and
** strlen(*out) == *out_len. (Ids, types and keys cannot hold them: the page
** contract refuses them.)
*/
int sdui_render_text(sdui_engine *engine, char **out, size_t *out_len);

/*
** What went wrong: the diagnostics
**
** A JSON array of
**   {"severity": "warning"|"error", "code": ..., "component": id, "message": text}
** ("component" left out when none), in three groups, each kept as long as
** it is true:
**   The last render's, in page order, replaced by the next render (loading
**   a page does not clear them): "unknown-type" (no factory, no fallback: a
**   "fallback" node was rendered), "fallback-used", "dropped",
**   "requires-unmet" (the component, or its fallback, needs a capability
**   the host lacks: see sdui_set_capabilities()), "factory-failed" (an "error" node was rendered), "factory-warning"
**   (sdui_call_warn()), "unknown-token" (a theme token the theme lacks, its
**   field left unset: see sdui_set_theme()), "unlabelled-button" (a button
**   showing only a symbol, with no accessibility label).
**   The current page's failed validations: "validation-failed" for each
**   component whose last sdui_press() failed its inputs' validation, for as
**   long as one of its inputs shows an error; a press that passes, or
**   values that clear the errors, end it.
**   The most recent 64 runtime problems, oldest first, until newer ones
**   push them out: "duplicate-key" (SDUI_OPTION_DUPLICATE_KEYS), "patch-skipped",
**   "handler-warning", "callback-warning", "timer-failed", "unknown-effect",
**   "effect-failed", "effects-dropped", "subscriber-failed",
**   "followup-failed", "rounds-exceeded", "navigation-failed",
**   "persist-rejected", "persist-failed".
** Same ownership as sdui_render_json().
*/
int sdui_diagnostics_json(sdui_engine *engine, char **out, size_t *out_len);

/* ======================================================================
** Reactive
** ====================================================================== */

/*
** Reactive updates and server patches
**
** Every read a factory makes through sdui_call_state() is recorded (service
** and path). When a dispatch, a new service state, a newly registered
** factory, a page load or a server patch changes what a component read or
** is, exactly that component renders again on the next render or patch
** request; the others keep their last render.
**
** sdui_load_page() also accepts a server patch instead of a page:
**   {"patch": {"changes": [{"id": "movie-7", "components": [...]}],
**              "mode": "transactional" | "partial"}}
** Each change replaces the component `id` by its list (empty: removal; more
** than one: insertion). Transactional (the default) applies all changes or
** none (SDUI_ENOTFOUND for an unknown id, SDUI_ECONTRACT for a duplicate);
** partial applies what it can and lists the rest in the diagnostics.
*/

/*
** Take the patches since the last screen
**
** The changes since the screen the host last received (from
** sdui_render_json() or the previous sdui_patches_json()), as
**   {"patches": [patch, ...],
**    "images": {"added": [url...], "removed": [url...], "hints": [hint...]}}
** Patches apply in order to the previous screen and give the current one:
**   {"op": "page", "id", "version"}                 page id or version changed
**   {"op": "remove", "id"}                          component left
**   {"op": "insert", "index", "component"}          component {"id","type","view"} at index
**   {"op": "move", "id", "index"}                   take it out, put it back at index
**   {"op": "update", "id", "type", "changes": [...]} inside one component:
**      {"op": "set", "id", "node"}                  node's own members (its children stay)
**      {"op": "replace", "id", "node"}              whole subtree
**      {"op": "remove", "parent", "id"}             child removed
**      {"op": "insert", "parent", "index", "node"}  child inserted
**      {"op": "move", "parent", "id", "index"}      child moved
** Indexes are positions at the moment the patch applies. "images" lists the
** image URLs that appeared on or left the screen, to prefetch and evict:
** "removed" sorted, "added" in on-screen order (as the layout places the
** image nodes: components in page order, each in its visual order, see
** sdui_layout_json; before any layout, without a viewport, view tree
** order), and "hints" one per added URL, in the same order, for a
** prefetcher:
**   {"url", "width", "height", "priority"}
** width and height: the image node's laid-out size (the first showing the
** URL), left out when it is not laid out yet (a layout is made at the
** viewport's width, else at the width of the last sdui_layout_json; never
** before either); priority: "visible" (in the viewport, or anywhere when
** there is no viewport) or "nearby" (rendered but outside the viewport, or
** on a pager's hidden page).
** After the images, "acks": {node id: seq, ...} when the host sent edits
** with sdui_set_input_seq() on this page: for each such input, the last
** edit its values in these patches reflect ("Writing a host").
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_patches_json(sdui_engine *engine, char **out, size_t *out_len);

/*
** Hear of patches as they happen
**
** Called with the patches JSON (as sdui_patches_json(), valid only during
** the call) at the end of every call that changed the screen, once the
** engine's lock is released by the outermost caller. Taking them moves the
** baseline, as sdui_patches_json() does. The listener runs as a callback:
** it may not call the engine except sdui_errmsg(). NULL removes it. One
** listener per engine; `destroy` runs when it is replaced or the engine is
** freed. Setting it delivers nothing by itself: changes not yet taken come
** with the first delivery after the next changing call.
*/
typedef void (*sdui_patch_fn)(const char *json, size_t len, void *userdata);
int sdui_set_patch_listener(sdui_engine *engine, sdui_patch_fn listener, void *userdata, sdui_destroy_fn destroy);

/*
** The image URLs on screen
**
** The image URLs on the current screen, as a sorted JSON array. Same ownership.
*/
int sdui_images_json(sdui_engine *engine, char **out, size_t *out_len);

/*
** Subscribe to a service's state
**
** Subscriptions. `subscriber` is called once per dispatch round in which the
** value of `service` at `path` ("" or NULL: the whole state) changed, after
** every queued follow-up of that round has run, and when the service is
** created. In the call, source SDUI_INPUT is the new value (null when gone)
** and sdui_call_id() the service. It may queue actions with
** sdui_call_dispatch(): they run as the next round, never inside it. A
** subscriber returning a failure is listed in the diagnostics.
** On success stores the subscription's id (> 0) in *id (may be NULL); the
** engine keeps `userdata` and calls `destroy` (may be NULL) when the
** subscription is removed or the engine is freed.
** Errors: SDUI_EINVAL (NULL engine, service or subscriber; a bad path); on
** failure `destroy` is not called.
*/
typedef int (*sdui_subscriber_fn)(sdui_call *call, void *userdata);
int sdui_subscribe(sdui_engine *engine, const char *service, const char *path, sdui_subscriber_fn subscriber,
                   void *userdata, sdui_destroy_fn destroy, long long *id);

/*
** Remove a subscription
**
** Removes a subscription (its destroy runs). SDUI_ENOTFOUND for an unknown id.
*/
int sdui_unsubscribe(sdui_engine *engine, long long id);

/*
** Watch every action: middleware
**
** Middleware sees every action before and after its handler runs. In the
** call, source SDUI_INPUT is {"phase": "before" | "after", "action": {...}}
** and sdui_call_id() the action type. Returning a failure fails the dispatch
** like a failing handler (a guard). On success stores its id in *id (may be
** NULL); `userdata` and `destroy` as for sdui_subscribe(). Errors:
** SDUI_EINVAL (NULL engine or middleware), and then `destroy` is not called.
** sdui_remove_middleware: SDUI_ENOTFOUND for an unknown id; `destroy` runs.
*/
typedef int (*sdui_middleware_fn)(sdui_call *call, void *userdata);
int sdui_add_middleware(sdui_engine *engine, sdui_middleware_fn middleware, void *userdata,
                        sdui_destroy_fn destroy, long long *id);
int sdui_remove_middleware(sdui_engine *engine, long long id);

/* ======================================================================
** Effects
** ====================================================================== */

/*
** Effects, and registering a performer
**
** Effects. A handler asks for work with sdui_call_emit() instead of doing
** it; the engine runs effects only once the dispatch has committed:
**   {"type": "after", "ms": 300, "action": {...}}
**       the engine's timer queue dispatches the action when sdui_tick()
**       reaches (engine time at emission) + ms;
**   {"type": "navigate", "route": "/genre/drama"} or {"type": "navigate",
**   "back": true}
**       the engine's navigator opens the route or goes back (see
**       "Navigation"); on_success gets {"route", "depth"} once it is done;
**   {"type": "appearance", "value": "dark"} ("light", or "toggle": the other)
**       the engine switches the theme's appearance on every page, as
**       sdui_set_appearance() does (and saves it when SDUI_PERSIST_APPEARANCE
**       persists); on_success gets {"appearance"}, the one now in force.
**       This is how a script or a C handler switches the theme: a callback
**       cannot call sdui_set_appearance() (SDUI_EBUSY);
**   {"type": "request", "url", "method", "body", "on_success", "on_failure"}
**   and any other type: handed to the performer registered for the type.
** "on_success" / "on_failure" are actions ("service/name" types, payload an
** object or absent) that
** the engine dispatches when the effect finishes, with the result in
** payload.result. An effect whose type has no performer is dropped and
** listed in the diagnostics.
**
** A performer receives the effect as source SDUI_INPUT, with an "id" member
** the engine added. It finishes the effect at once with sdui_call_finish(),
** or later with sdui_finish_effect() from the host's loop (after the I/O).
** Registering a type again replaces its performer (the old destroy runs);
** the engine keeps `userdata` until then or until it is freed. Errors:
** SDUI_EINVAL (NULL engine, type or performer; an empty type, "after",
** "navigate" or "appearance", the engine's own), and then `destroy` is not
** called.
*/
typedef int (*sdui_performer_fn)(sdui_call *call, void *userdata);
int sdui_register_effect(sdui_engine *engine, const char *type, sdui_performer_fn performer, void *userdata,
                         sdui_destroy_fn destroy);

/*
** Remove an effect performer
**
** Removes the performer of effects of `type` (its destroy runs). SDUI_ENOTFOUND when there is none.
*/
int sdui_unregister_effect(sdui_engine *engine, const char *type);

/*
** Finish a pending effect from the host's loop
**
** Finishes pending effect `id`: dispatches its on_success (ok != 0) or
** on_failure action with `result` (JSON; NULL for null) as payload.result.
** A "navigation/fetch" effect is finished with the page of its route
** instead (see "Navigation").
** Errors: SDUI_ENOTFOUND (no such pending effect), SDUI_EPARSE and
** SDUI_ELIMIT (`result` is not JSON: nothing is finished), and those of
** sdui_dispatch() for the chained action.
*/
int sdui_finish_effect(sdui_engine *engine, long long id, int ok, const char *result, size_t len);

/*
** Advance engine time
**
** Advances engine time to `now_ms` (the host's monotonic clock, in
** milliseconds; time never goes back) and dispatches the delayed actions
** that are due, earliest first, each as its own dispatch. Stores how many
** ran in *fired (may be NULL). A failing delayed action is listed in the
** diagnostics. A delayed action scheduled during the tick (one that
** re-arms itself at 0 ms, say) waits for the next tick, and so do those
** the tick's SDUI_LIMIT_ACTIONS leaves no room for: the call always
** returns, having run at most that many actions.
*/
int sdui_tick(sdui_engine *engine, long long now_ms, int *fired);

/*
** When the next delayed action is due
**
** Milliseconds until the next delayed action is due (0 when one is
** overdue), or -1 when none is waiting; also -1 for a NULL engine or a call
** from inside a callback.
*/
long long sdui_next_timer(sdui_engine *engine);

/*
** Ask for an effect from a handler
**
** Handler only: asks for an effect (JSON, see "Effects") to run once the
** dispatch commits. Errors: SDUI_EPARSE, SDUI_ECONTRACT (not a valid
** effect), SDUI_EINVAL (not in a handler).
*/
int sdui_call_emit(sdui_call *call, const char *json, size_t len);

/*
** Finish an effect inside its performer
**
** Performer only: finishes this effect now; its on_success (ok != 0) or
** on_failure action runs after the performer returns, with `result` (JSON;
** NULL for null) as payload.result. Only the first finish counts; later
** ones are ignored. Errors: SDUI_EPARSE, SDUI_EINVAL.
*/
int sdui_call_finish(sdui_call *call, int ok, const char *result, size_t len);

/* ======================================================================
** Navigation
** ====================================================================== */

/*
** Pages and the back stack
**
** Navigation. The engine keeps a stack of pages, each with its route (a
** non-empty string without control characters, such as "/genre/drama"):
** the current page on top, below it the pages left for another, each kept
** as it was left -- its rendered components, its lazy list and viewport
** (so its scroll position), its inputs' errors -- so that going back shows
** it again at once, without fetching or rendering it anew (components
** whose reads changed meanwhile render again). Services are the engine's,
** shared by every page. A page loaded with sdui_load_page() replaces the
** current page and keeps its route.
**
** Opening a route (sdui_navigate(), or a handler's {"type": "navigate",
** "route"} effect) asks the host for its page: the engine hands the effect
**   {"type": "navigation/fetch", "route": "/genre/drama", "id": 7}
** (with the on_success / on_failure of the "navigate" effect, if any) to
** the performer registered for "navigation/fetch" (sdui_register_effect();
** a script's performer does too). The performer finishes it with the
** page's JSON as the result: at once with sdui_call_finish(call, 1, page,
** len), or later, from the host's loop once the bytes have come, with
** sdui_finish_effect(engine, id, 1, page, len); either way the text is
** copied and read as sdui_load_page() reads a page (a server patch is
** refused), its errors with their line:column. (sdui_call_finish() returns
** SDUI_OK for a fetch's page: it is read once the performer returns, and
** its errors come from sdui_navigate(), or as diagnostics when a dispatch
** opened the route.) The page then becomes the top of the stack (on an
** engine without a page, the root), and the host takes the patches from
** the screen it holds to the new page's (sdui_patches_json(), or the
** patch listener; "page" then "remove"/"insert" patches). Finishing it
** with ok == 0 (the result says why), or with a page that does not decode,
** leaves the stack as it was: a "navigation-failed" diagnostic, the
** on_failure action with the message, and the error from
** sdui_finish_effect(). A "navigate" effect's on_success gets
** {"route", "depth"} of the page shown.
**
** The lazy list: a page opened while the current one has a viewport gets
** the same viewport at offset 0; each page reports its own appear and
** disappear events (sdui_set_viewport()).
**
** Threads: as every call, under the engine's lock; the performer runs on
** the thread that opened the route, as a callback (it may not call the
** engine but through its sdui_call_* functions).
*/

/*
** Open a route
**
** Opens `route` (UTF-8, NUL-terminated, copied): a deep link, at start or
** any time. Hands the "navigation/fetch" effect to its performer as above;
** when the performer finishes it during this call, the page is on top of
** the stack when it returns; otherwise it comes with the host's
** sdui_finish_effect(). Errors: SDUI_EINVAL (NULL arguments, an empty
** route or one with control characters), SDUI_ENOTFOUND (no performer for
** "navigation/fetch"), SDUI_ECALLBACK (the performer failed it), SDUI_ELIMIT
** (the stack holds SDUI_LIMIT_PAGES pages: the host is not asked), and
** those of a page that does not decode (SDUI_ECONTRACT): the stack is then
** as it was, and a "navigation-failed" diagnostic says why.
*/
int sdui_navigate(sdui_engine *engine, const char *route);

/*
** Go back
**
** Drops the current page and shows the one below it, as it was left. Stores
** in *offset (may be NULL) the viewport offset that page had (its scroll
** position; 0 when it had no viewport): set the viewport there again with
** sdui_set_viewport(). The host takes the patches to its screen as after
** opening a page. Errors: SDUI_EINVAL (NULL engine), SDUI_ENOTFOUND (the
** current page is the root: nothing changes).
*/
int sdui_back(sdui_engine *engine, double *offset);

/*
** The current page's route
**
** The route of the current page as text (not JSON; NUL-terminated).
** Errors: SDUI_EINVAL (NULL engine or out), SDUI_ENOTFOUND (the page was
** loaded with sdui_load_page() before any navigation, or there is none).
** Ownership: *out is the caller's; release it with sdui_free().
*/
int sdui_navigation_route(sdui_engine *engine, char **out, size_t *out_len);

/*
** How deep the stack is
**
** The number of pages on the stack, the current one included: 1 at the
** root (also before any page). -1 for a NULL engine or a call from inside
** one of the engine's callbacks.
*/
long long sdui_navigation_depth(sdui_engine *engine);

/* ======================================================================
** Layout
** ====================================================================== */

/*
** How layout works
**
** Layout. sdui computes a frame for every node so a host can draw without a
** toolkit of its own: stacks with spacing, padding, alignment and
** distribution; fixed, "fill", minimum and maximum sizes; weights and
** spacers; zstack overlays; the page as one vertical list. Units are the
** measurer's: by default monospace terminal cells (wide characters and
** emoji count two), with one cell of chrome on each side of buttons, images
** and inputs where a terminal draws [ ]. Views size things in points, as
** every GUI does; a terminal host lays out in points too with
** sdui_set_cell_size() (its cell's size in points, 8 x 16 in the example
** host) and divides the frames by it. Each component is laid out on its
** own and kept until it renders again, so a patch re-lays-out only what it
** touched.
*/

/*
** Lay out the screen
**
** The current screen laid out at `width` (> 0) as
**   {"width", "height", "components": [{"id", "y", "root": node}], "readingOrder": [id...]}
** with node = {"id", "type", "frame": {"x","y","width","height"}, "role",
** "name", "text", "inputKind", "children": [...]};
** a node's frame is relative to its component's top-left corner, and "y"
** places the component on the page. Renders what is stale first.
** What a host draws and says of a node, so that it never works the
** engine's rules out again (each member left out when there is none):
**   "role"       its accessibility role: its "accessibility" role, else its
**                kind's default (button; image; text for texts, paragraphs
**                and fallbacks; alert for errors; checkbox, radiogroup or
**                textbox for inputs; list; button for a tap target); left
**                out for the other kinds (stacks, grid, wrap, rail, pager,
**                spacer, divider) when no action makes them a tap target:
**                they have no role;
**   "name"       its accessible name (README, "Accessibility"), when not
**                empty, for a node named of its own (an accessibility
**                label, a text, an image's alt, an input's title or
**                placeholder, a button's label) or read as one element (a
**                tap target or a button of children: the names it holds);
**   "text"       the text it shows, exactly as the layout measured it: a
**                text's text, a paragraph's runs joined, a button's label,
**                an image's alt or placeholder or "image", an input's shown
**                text (its value, else its placeholder; a password as one
**                "•" a character; a toggle as "[x] title" or "[ ] title";
**                a compact choice as its chosen titles and " ▾", an
**                expanded one as one "(•) title" line an option), a
**                fallback's text or "Unsupported component \"TYPE\"", an
**                error's "✖ " and message; none for containers;
**   "inputKind"  an input's kind as a sdui_input_kind (below).
** "readingOrder" lists the node ids a screen reader visits, in order:
** components in page order; inside one, each container's children in rows
** (children overlapping vertically share a row), rows top to bottom, a
** row leading to trailing (right to left under "direction": "rtl"), a
** zstack's in its order; a node laid out empty (a pager's hidden page) is
** left out with its subtree. Listed are the elements: nodes whose role
** (their accessibility role, else their kind's: buttons, tap targets,
** texts, paragraphs, images, inputs) is read as one element, and nothing
** inside them; stacks, lists and the roles list, listitem, group,
** radiogroup and none are not listed, their children are.
** Errors: SDUI_EINVAL (NULL engine or out, width not > 0), SDUI_ENOMEM.
** Ownership: *out is the caller's; free it with sdui_free().
*/
int sdui_layout_json(sdui_engine *engine, double width, char **out, size_t *out_len);

/*
** The kinds of input
**
** An input node's kind as a number: its "inputKind" in sdui_layout_json
** (an input with no "kind" member is SDUI_INPUT_TEXT). One value for each
** kind the engine knows, in the engine's order (a test reads these values
** against the engine's InputKind); SDUI_INPUT_UNKNOWN is never written by
** this library: it is for a host that meets a number it does not know (a
** newer library's kind) to draw as text.
*/
typedef enum sdui_input_kind {
    SDUI_INPUT_UNKNOWN = -1,
    SDUI_INPUT_TEXT = 0,      /* one line of text (its "format": email, tel, url, password) */
    SDUI_INPUT_MULTILINE = 1, /* several lines of text */
    SDUI_INPUT_NUMBER = 2,    /* a number */
    SDUI_INPUT_DATE = 3,      /* a date, yyyy-mm-dd */
    SDUI_INPUT_TIME = 4,      /* a time of day, hh:mm */
    SDUI_INPUT_TOGGLE = 5,    /* a checkbox with a title */
    SDUI_INPUT_CHOICE = 6     /* one (or several) of its options */
} sdui_input_kind;

/*
** Report the size of a picture
**
** Tells the engine the size of the picture at `url` (UTF-8, copied) once the
** host has loaded it, in the layout's units (monospace cells by default, or
** the measurer's): image nodes showing it take its aspect ratio, unless
** their style sets "aspectRatio", and its natural size, and the components
** showing it are laid out again by the next sdui_layout_json(). Reporting
** the same size again changes nothing. Errors: SDUI_EINVAL (NULL engine or
** url, a size not finite and above 0), SDUI_EBUSY.
*/
int sdui_set_image_size(sdui_engine *engine, const char *url, double width, double height);

/*
** A text measurer
**
** Measures `len` bytes of UTF-8 `text` (not NUL-terminated) in `font`
** (NULL: the default) within `max_width` (< 0: unbounded), storing the size
** in *width and *height. Called during layout, as a callback: it may not
** call the engine. A non-OK return, or a negative or non-finite size,
** counts as 0.
*/
typedef int (*sdui_measure_fn)(const char *text, size_t len, const char *font, double max_width, double *width,
                               double *height, void *userdata);

/*
** Replace the text measurer
**
** Replaces the text measurer (NULL: back to monospace cells); every cached
** layout is dropped. The engine keeps `userdata` and calls `destroy` (may
** be NULL) when the measurer is replaced or the engine is freed.
** Errors: SDUI_EINVAL (NULL engine).
*/
int sdui_set_measurer(sdui_engine *engine, sdui_measure_fn measure, void *userdata, sdui_destroy_fn destroy);

/*
** Lay out in points: the size of a terminal cell
**
** Makes the default (monospace) measurer count a cell `width` layout units
** wide and a line `height` high, and makes the chrome of buttons, images
** and inputs one cell (`width`) and an input's least text width ten
** cells, so that a terminal host lays pages sized in points out as a GUI
** would, then divides the frames by its cell (the example host: 8 x 16).
** (1, 1) is the default: the layout in cells. A measurer set with
** sdui_set_measurer() is not scaled; the chrome and the input width still
** are. Every cached layout is dropped.
** Errors: SDUI_EINVAL (NULL engine, a size not finite and above 0), SDUI_EBUSY.
*/
int sdui_set_cell_size(sdui_engine *engine, double width, double height);

/*
** Count and wrap text in terminal cells
**
** The default measurer's arithmetic, for hosts that draw in a terminal: the
** display cells of `len` bytes of UTF-8 text (wide characters and emoji 2,
** combining marks 0; invalid UTF-8 counts as U+FFFD), and the text wrapped
** into lines of at most `max_cells` (<= 0: only explicit newlines) exactly
** as the layout wraps it, returned joined by '\n' in *out (the caller frees
** it with sdui_free()). Pure functions: no engine, any thread.
** sdui_text_cells returns -1 for NULL text with len > 0; sdui_text_lines
** returns SDUI_EINVAL for that or a NULL out, SDUI_ENOMEM when out of memory.
*/
long long sdui_text_cells(const char *text, size_t len);
int sdui_text_lines(const char *text, size_t len, int max_cells, char **out, size_t *out_len);

/*
** Set the viewport: the lazy list
**
** The lazy list. With a viewport (the host's visible window on the page:
** its width, the page offset of its top edge and its height, in layout
** units) sdui renders and lays out only the components in or near it (one
** viewport height above and below); the others wait and count in the page
** height with an estimate (the average height laid out so far). Components
** once rendered stay rendered. The screen (sdui_render_json, patches) then
** holds the components rendered so far, so scrolling brings them in as
** "insert" patches; sdui_layout_json (at the viewport's width) places them
** with estimated space for the others.
**
** Stores in *events (may be NULL; the caller frees it with sdui_free()) a
** JSON array of what entered or left the visible window since the previous
** call, in top-to-bottom order: [{"type": "appear"|"disappear", "id"}...],
** disappearances first. height <= 0 removes the viewport: everything
** renders again. Errors: SDUI_EINVAL (width <= 0, non-finite values).
*/
int sdui_set_viewport(sdui_engine *engine, double width, double offset, double height, char **events,
                      size_t *events_len);

/* ======================================================================
** Hosts
** ====================================================================== */

/*
** Writing a host
**
** A host draws what the engine hands it and tells the engine what happened;
** it never re-derives the engine's rules. The contract, in one place:
**
**   Screen and patches.  Draw the screen once (sdui_render_json()), then
**   apply the patches of sdui_patches_json() (or those the patch listener
**   hears) in place, keyed by node id: set, replace, insert, remove, move.
**   A patch never asks for a redraw of the page.
**
**   One unit.  Every size a view states, every frame of sdui_layout_json(),
**   every viewport, image size and measured height is in device-independent
**   points. A GUI draws points as it draws its own (CSS px, GTK's units); a
**   terminal lays out in points with sdui_set_cell_size() (its cell's size
**   in points; the example host's is 8 x 16) and divides the frames by it.
**
**   What to draw and say.  sdui_layout_json() gives each node its frame and,
**   from the engine's own rules, its "role", its accessible "name", the
**   "text" it shows (an input's value, placeholder or masked text) and an
**   input's "inputKind" (enum sdui_input_kind): draw and announce those
**   rather than working them out again.
**
**   Laying out natively.  A host that lays components out itself (a
**   browser, a toolkit) reports each component's real height with
**   sdui_set_component_height(): the lazy list (sdui_set_viewport()), the
**   visibility events and the image hints then follow the real screen, not
**   the engine's estimate. Report again after a patch or a resize changes it.
**
**   Inputs being edited.  A host that draws what the person types itself
**   (a browser's field, a toolkit's entry) sends each edit of a bound input
**   with a sequence number, increasing per input (sdui_set_input_seq()).
**   The engine then takes the typed text as what the host shows: it does
**   not echo it back, and a patch brings the input's value only when the
**   engine's differs (a handler changed it, a number was normalised). Every
**   patch set then says, in "acks" ({node id: number}), the last edit of
**   each input its values reflect. Apply a patch's value for an input only
**   when that number is at least the last one you sent for it; otherwise
**   the person typed since, and what they typed stays: their next edit
**   brings the engine up to date, and the engine's answer to it wins. A
**   value a handler set after your last edit (clearing a field on submit)
**   comes with that edit's number, so it is applied. A host that draws
**   inputs only from the engine (the terminal) uses sdui_set_input().
**
**   Themes.  Views carry literal colours and fonts of the appearance in
**   force. A host that prefers to switch appearances itself (CSS custom
**   properties under prefers-color-scheme) reads both appearances' values
**   with sdui_theme_values_json(); sdui_set_appearance() switches the engine's.
**
**   Pictures.  Load the image hints' URLs in their order, report each real
**   size with sdui_set_image_size().
**
**   Pages.  Perform "navigation/fetch" (sdui_navigate()); sdui_back()
**   returns the scroll offset to restore.
*/

/*
** Set an input's value, acknowledged
**
** As sdui_set_input(), with `seq`, the host's sequence number of this edit
** of `node_id` (above 0, and above the last one sent for the input; the
** count is per input and per page), from a host that shows the typed text
** itself: the patches that follow go from a screen showing `value` (no
** echo; the input's value only when the engine shows another), and each
** patch set's "acks" (sdui_patches_json()) gives seq for the input from
** then on ("Writing a host", above). Errors: those of sdui_set_input(), and
** SDUI_EINVAL for a seq not above the last one acknowledged: nothing
** changes.
*/
int sdui_set_input_seq(sdui_engine *engine, const char *node_id, const char *value, size_t len, long long seq);

/*
** Report a component's measured height
**
** Tells the engine the height, in points, a host that lays components out
** itself measured component `id` (of the current page) at. From then on the
** lazy list, the visibility events of sdui_set_viewport() and the image
** hints walk the page with it instead of the engine's own layout; the
** components not rendered yet count at the average of the heights measured.
** Report again when it changes. Errors: SDUI_EINVAL (NULL engine or id, a
** height not finite or below 0), SDUI_ENOTFOUND (no component of that id on
** the page), SDUI_EBUSY.
*/
int sdui_set_component_height(sdui_engine *engine, const char *id, double height);

/* ======================================================================
** Counters
** ====================================================================== */

/*
** Count the engine's work
**
** Work counters since the engine was created, for tests and benchmarks.
** Returns -1 for a NULL engine, an unknown counter, or a call from inside
** one of the engine's callbacks.
*/
#define SDUI_COUNTER_FACTORY_RUNS 0 /* factory callbacks run */
#define SDUI_COUNTER_RENDERS      1 /* components rendered, first time or again */
#define SDUI_COUNTER_ACTIONS      2 /* actions run by handlers, follow-ups included */
#define SDUI_COUNTER_LAYOUTS      3 /* component layouts computed (not served from the layout cache) */
#define SDUI_COUNTER_SAVES        4 /* states of persistent services saved (sdui_persist_service()) */
#define SDUI_COUNTER_FLAT_VIEWS   5 /* factory views a binding handed over in the engine's own form
                                     (sdui_call_return_flat() in sdui_binding.h) */
long long sdui_counter(sdui_engine *engine, int which);

#ifdef __cplusplus
}
#endif

#endif /* SDUI_H */
