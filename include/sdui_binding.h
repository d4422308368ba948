/*
** sdui_binding.h -- what language bindings and libraries built on sdui need
** beyond sdui.h.
**
** A host needs only sdui.h. A binding that turns the engine's values into
** its own (the Lua binding in libsdui_lua.so is one) includes this header
** instead: it adds the packed form of values (no JSON text between the
** engine and the binding's tables) and a view in the engine's own flat
** form, the input as the page's text, the node builder (a factory's view
** set node by node), state versions (for a binding that keeps its own copy of
** a service's state) and client data (a library's own state attached to an
** engine). These functions live in libsdui.so, like those of sdui.h, and
** follow the conventions written at the top of sdui.h (status, strings,
** output buffers, threads, bad input). Every sdui_call function here obeys
** the rules of sdui.h's "Rules for every sdui_call function".
**
** The sections below are, in order: Packed values (with flat views),
** Input text, Node builder, State versions, Client data. Each is
** implemented in the facade file of the same name
** (Sources/SDUI/PackedValues.swift, InputText.swift, NodeBuilder.swift,
** StateVersions.swift, ClientData.swift).
*/
#ifndef SDUI_BINDING_H
#define SDUI_BINDING_H

#include "sdui.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================
** Packed values
** ====================================================================== */

/*
** Read a value in packed form
**
** The value at `path` in `source` in packed form: the same value as
** sdui_call_json() gives, without text, for bindings that build their own
** values from it (the Lua host builds its tables this way). A value is a
** tag byte and its body; lengths and counts are uint32_t, numbers int64_t
** or double, all in the host's byte order and not aligned:
**
**   SDUI_PACKED_NULL, SDUI_PACKED_FALSE, SDUI_PACKED_TRUE   the tag alone
**   SDUI_PACKED_INTEGER   int64_t (a JSON integer that fits 64 bits)
**   SDUI_PACKED_NUMBER    double, finite (every other number)
**   SDUI_PACKED_STRING    length, then that many bytes of UTF-8
**   SDUI_PACKED_ARRAY     count, then count values
**   SDUI_PACKED_OBJECT    count, then count members: key length, the key's
**                         UTF-8 bytes, the value (object keys keep their order)
**
** Errors: SDUI_ENOTFOUND, SDUI_EINVAL, SDUI_ENOMEM. Ownership: *out belongs
** to the call and stays valid until the callback returns; do not free it.
*/
#define SDUI_PACKED_NULL    0
#define SDUI_PACKED_FALSE   1
#define SDUI_PACKED_TRUE    2
#define SDUI_PACKED_INTEGER 3
#define SDUI_PACKED_NUMBER  4
#define SDUI_PACKED_STRING  5
#define SDUI_PACKED_ARRAY   6
#define SDUI_PACKED_OBJECT  7
int sdui_call_packed(sdui_call *call, int source, const char *path, const void **out, size_t *out_len);

/*
** Change one place in the state with a packed value
**
** Handler only: sdui_call_set() with the value in packed form (see
** sdui_call_packed()); packed must not be NULL (remove with sdui_call_set).
** Errors: SDUI_EPARSE (malformed packed bytes, with the byte offset),
** SDUI_ELIMIT (nested deeper than SDUI_LIMIT_DEPTH), and sdui_call_set()'s.
** The bytes are the caller's; they are read, not kept.
*/
int sdui_call_set_packed(sdui_call *call, const char *path, const void *packed, size_t len);

/*
** Return a result in packed form
**
** sdui_call_return() with the value in packed form (see sdui_call_packed()):
** a factory's whole view tree, or a handler's new state, in one call. The
** view is read straight from the bytes, with the checks sdui_call_return()
** makes; an error names the JSON path of the offending value
** ("$.children[1].text: ..."), with no line:column (there is no text).
** Errors: SDUI_EINVAL (packed is NULL, or not a factory or handler),
** SDUI_EPARSE (malformed packed bytes, with the byte offset), SDUI_ELIMIT
** (nested deeper than SDUI_LIMIT_DEPTH), SDUI_ECONTRACT (not a valid view);
** the call's earlier result, if any, then stands. The bytes are the
** caller's; they are read, not kept.
*/
int sdui_call_return_packed(sdui_call *call, const void *packed, size_t len);

/*
** Return a view in the engine's flat form
**
** Factory only: the view tree written by the caller in the form the engine
** keeps views in (FlatView, Sources/SDUICore/View/FlatView.swift: per node a
** kind byte, a flags byte, a uint16 of content bits low byte first, a
** uint32 child count, then length-prefixed fields: the content strings in
** the kind's order, the style and the action as compact JSON; children
** depth first), so the engine checks the bytes and keeps them with nothing
** to rebuild. The layout follows the library's version: a binding built
** with the library takes its tables from it (the Lua binding's are
** generated, Sources/SDUILua/flat_layout.h). The engine takes exactly the
** bytes it would write itself for a view with no keys and no accessibility
** members, whose styles are a font alone and whose actions' payloads hold
** no fractional numbers (object keys ASCII, unescaped, in bytewise order);
** anything else is refused, valid view or not, with no reason given: hand
** such a view over with sdui_call_return_packed(), which takes every view
** and names what is wrong with an invalid one. Errors: SDUI_EINVAL (flat is
** NULL, or not a factory), SDUI_ECONTRACT (refused); the call's earlier
** result, if any, then stands. The bytes are the caller's; they are read
** and copied, not kept.
*/
int sdui_call_return_flat(sdui_call *call, const void *flat, size_t len);

/* ======================================================================
** Input text
** ====================================================================== */

/*
** Read the input as JSON text
**
** The call's input (a factory's data, a handler's payload) as JSON text, for
** bindings that decode text faster than they build values from
** sdui_call_packed(). *out points at *out_len bytes (not NUL-terminated).
** For a component of a page loaded with sdui_load_page() they are the
** page's own bytes for its "data", as the server sent them (checked under
** the engine's limits; whitespace and escapes as they were); otherwise the
** compact JSON text of the value.
**
** *token (token may be NULL) is a number that names the text: two calls
** whose tokens are the same and not 0 have the same bytes, for as long as
** the process runs, so a binding may keep what it decoded from the text
** under its token and skip decoding when the component renders again (after
** a state change or a script reload) with unchanged data. It is 0 when the
** text has no name (data given as a value, a handler's payload). The Lua
** binding keeps the table it decoded under the token from a component's
** second render on.
**
** Errors: SDUI_EINVAL (out or out_len is NULL), SDUI_ENOMEM. Ownership:
** *out belongs to the call and stays valid until the callback returns; do
** not free it.
*/
int sdui_call_input_text(sdui_call *call, const char **out, size_t *out_len, unsigned long long *token);

/* ======================================================================
** Node builder
** ====================================================================== */

/*
** Build a factory's view node by node
**
** Factory only: the node builder, which sets the view tree node by node
** instead of as JSON text (what language bindings use: their tables go
** straight in, with no text in between). The checks are sdui_call_return()'s.
**
**   sdui_call_begin(call, "vstack");
**     sdui_call_begin(call, "text");
**     sdui_call_member(call, "text", "Hello", 5);
**     sdui_call_end(call);
**   sdui_call_end(call);            closing the root sets the view
**
** sdui_call_begin() opens a node of `type` as the next child of the open
** node, or as the root. sdui_call_member() sets a member of the open node
** from a string of `len` bytes (UTF-8): content ("text", "label", "url"...),
** "id", "key", or "style" as the font shorthand. sdui_call_member_json()
** sets any member from JSON: "action", a "style" object, a button's
** "disabled" (true or false: the one member that is not a string), even
** "children".
** sdui_call_end() closes the open node; closing the root makes the tree the
** call's result, as sdui_call_return() would. `type` and `name` are
** NUL-terminated and copied.
**
** Errors: SDUI_ECONTRACT (unknown type or member, a member the kind does
** not take, a required member missing at end; the message names the JSON
** path the member has in the JSON form, "$.children[1].text: ..."),
** SDUI_EPARSE (sdui_call_member_json), SDUI_ELIMIT (nesting deeper than
** SDUI_LIMIT_DEPTH), SDUI_EINVAL (NULL arguments, invalid UTF-8, not a
** factory). Any error discards the partly built tree; the call's earlier
** result, if any, stands.
*/
int sdui_call_begin(sdui_call *call, const char *type);
int sdui_call_member(sdui_call *call, const char *name, const char *value, size_t len);
int sdui_call_member_json(sdui_call *call, const char *name, const char *json, size_t len);

/*
** Set a member from a packed value
**
** sdui_call_member_packed() is sdui_call_member_json() with the value in
** packed form (see sdui_call_packed()): `len` bytes holding exactly one
** value. Errors as above, with SDUI_EPARSE for malformed packed bytes (bad
** tag, truncated, invalid UTF-8, a duplicate key, a non-finite number; the
** message names the byte offset) and SDUI_ELIMIT for nesting deeper than
** SDUI_LIMIT_DEPTH. The bytes are the caller's; they are read, not kept.
*/
int sdui_call_member_packed(sdui_call *call, const char *name, const void *packed, size_t len);

/*
** Close the open node
**
** sdui_call_end(), described with sdui_call_begin() above: closes the open
** node; closing the root sets the call's view.
*/
int sdui_call_end(sdui_call *call);

/* ======================================================================
** State versions
** ====================================================================== */

/*
** Tell whether a kept copy of the state is current
**
** Handler only: the versions of its service's state, for bindings that keep
** their own copy of a state between dispatches (the Lua host does). Every
** state the engine stores gets a version never used before; a failed
** dispatch puts back the states it restores with their old versions. So
** equal versions mean equal states. *received is the version of the state
** the handler was given; *result the version the state carries once this
** handler returns SDUI_OK (whatever it changed). Either pointer may be
** NULL; no memory changes hands. Like every sdui_call function it works
** only inside its callback, on the thread running it. Errors: SDUI_EINVAL
** (not a handler, or a NULL call).
*/
int sdui_call_versions(sdui_call *call, long long *received, long long *result);

/* ======================================================================
** Client data
** ====================================================================== */

/*
** Attach a library's own state to an engine
**
** Extensions. Libraries built on this API (the Lua script host is one)
** attach their own state to an engine and report errors through it (with
** sdui_report(), in sdui.h).
**
** Attaches `data` to the engine under `name` (copied), like
** sqlite3_set_clientdata(). Replacing or removing (data == NULL) an entry
** calls the old entry's destroy. When the engine is freed, the destroy
** callbacks of all factories and handlers run first, then those of the
** client data, in reverse order of attachment. Errors: SDUI_EINVAL,
** SDUI_EBUSY.
*/
int sdui_set_clientdata(sdui_engine *engine, const char *name, void *data, sdui_destroy_fn destroy);

/*
** Find attached state
**
** The data attached under `name`, or NULL. Allowed inside callbacks.
*/
void *sdui_get_clientdata(sdui_engine *engine, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* SDUI_BINDING_H */
