--[[
sdui.ui -- the view DSL: Lua constructors for the view nodes of sdui.

    local ui = require "sdui.ui"
    return ui.vstack{ spacing = 8,
      ui.text(data.title, "title"),
      ui.text(data.overview, { lineLimit = 3 }),
      data.poster and ui.image(data.poster, { alt = data.title }),
      ui.button{ "Add to order", key = "order", action = data.orderAction },
    }

Every constructor returns a plain table in the JSON shape the core reads
(README.md, "View nodes"): { type = "text", text = "Hi", style = { font = "title" } }.
Nothing else is added: no ids (the engine assigns them), no metatables.

Kinds: text, image, button, vstack, hstack, zstack, list, spacer, input.
(fallback and error nodes are the engine's own; a factory cannot build them.)

Besides nodes: ui.action(type, payload) builds an action, and ui.after(ms,
action) and ui.request{url = ..., on_success = ..., ...} build effects for a
handler's ctx.emit (see "Effects" below).

Properties, accepted by every constructor:
  key    a non-empty string: the node id becomes "component#key"
  style  a string (font shorthand) or a table of style fields
  and every style field directly: font, fontWeight, color, background,
  padding, spacing, alignment, distribution, width, height, minWidth,
  maxWidth, minHeight, maxHeight, weight, cornerRadius, opacity, lineLimit.
  Fields given directly and in `style` are merged into the node's `style`
  table; the same field in both is an error.

Rules:
  * Text is never converted: text, labels, urls, names, keys and the string
    style fields must be Lua strings (format numbers yourself, e.g. with
    string.format("%.1f", rating)). Numeric fields must be numbers.
  * A property whose value is nil or false is left out, and so is a nil or
    false item among the children: `cond and ui.text(...)` works anywhere.
  * Everything is checked when the node is built; a mistake raises an error
    that points at the calling line: `ui.text: unknown property "colour"`.
    (Lua cannot name the line of a tail call: write `local view = ui.vstack{...}
    return view` rather than `return ui.vstack{...}` to keep it in the message.)

The module is plain Lua with no dependencies and no globals, so it runs in
the script host's sandbox as well as in a normal Lua state.
]]

local ui = { _VERSION = "sdui.ui 0.1.0" }

local type, pairs, ipairs, error, pcall = type, pairs, ipairs, error, pcall
local setmetatable, getmetatable, tostring, next = setmetatable, getmetatable, tostring, next
local format, concat = string.format, table.concat
local mtype, huge, tointeger = math.type, math.huge, math.tointeger

---------------------------------------------------------------------------
-- Errors. Checks deep inside the builders raise an Invalid value; the public
-- wrapper turns it into error(message, 2), so the position named in the
-- message is the script line that called the constructor. Any other error
-- (a memory or instruction limit of the host) passes through untouched.

local Invalid = {}

local function invalid(fmt, ...)
  error(setmetatable({ message = format(fmt, ...) }, Invalid), 0)
end

local function public(fn)
  return function(...)
    local ok, result = pcall(fn, ...)
    if ok then
      return result
    end
    if getmetatable(result) == Invalid then
      error(result.message, 2)
    end
    error(result, 0)
  end
end

local function describe(v)
  local t = type(v)
  if t == "string" then
    return format("%q", v)
  elseif v ~= v then
    return "nan" -- tostring gives "nan" or "-nan" depending on the platform
  elseif t == "number" or t == "boolean" then
    return tostring(v)
  end
  return t
end

---------------------------------------------------------------------------
-- Arrays.
--
-- An empty Lua table is ambiguous: JSON {} or []. ui.array(t) marks t as an
-- array by giving it the metatable ui.array_mt (looked up at each call, so
-- a host may install its own metatable there). Its only field is
-- __name = "sdui.array", the same name the sdui module gives its array
-- metatable, so an encoder can recognise both by that name.

ui.array_mt = { __name = "sdui.array" }

--- Marks `t` (or a new table) as a JSON array and returns it.
ui.array = public(function(t)
  if t == nil then
    t = {}
  elseif type(t) ~= "table" then
    invalid("ui.array: expected a table or nothing, got %s", describe(t))
  end
  local mt = getmetatable(t)
  if mt ~= nil and mt ~= ui.array_mt then
    invalid("ui.array: the table already has a metatable")
  end
  return setmetatable(t, ui.array_mt)
end)

---------------------------------------------------------------------------
-- Style fields.

local function is_number(v)
  return type(v) == "number" and v == v and v ~= huge and v ~= -huge
end

local function check_string(where, name, v)
  if type(v) ~= "string" then
    invalid("%s: %s must be a string, got %s", where, name, describe(v))
  end
  return v
end

local function check_non_negative(where, name, v)
  if not is_number(v) or v < 0 then
    invalid("%s: %s must be a non-negative number, got %s", where, name, describe(v))
  end
  return v
end

-- The set of values each one_of check accepts (for the fast paths below).
local one_of_sets = {}

local function one_of(values)
  local set = {}
  local names = {}
  for i, v in ipairs(values) do
    set[v] = true
    names[i] = format("%q", v)
  end
  local list = concat(names, ", ")
  local function check(where, name, v)
    if not set[v] then
      invalid("%s: %s must be one of %s, got %s", where, name, list, describe(v))
    end
    return v
  end
  one_of_sets[check] = set
  return check
end

local function check_dimension(where, name, v)
  if v == "fill" then
    return v
  end
  if not is_number(v) or v < 0 then
    invalid('%s: %s must be a non-negative number or "fill", got %s', where, name, describe(v))
  end
  return v
end

local EDGES = { "top", "leading", "bottom", "trailing" }

local function check_padding(where, name, v)
  if is_number(v) then
    return check_non_negative(where, name, v)
  end
  if type(v) ~= "table" then
    invalid("%s: %s must be a non-negative number or a table {top, leading, bottom, trailing}, got %s",
      where, name, describe(v))
  end
  local out = {}
  for k, edge in pairs(v) do
    if k ~= "top" and k ~= "leading" and k ~= "bottom" and k ~= "trailing" then
      invalid("%s: unknown %s edge %s (expected top, leading, bottom, trailing)", where, name, describe(k))
    end
    out[k] = check_non_negative(where, name .. "." .. k, edge)
  end
  for _, edge in ipairs(EDGES) do
    out[edge] = out[edge] or 0
  end
  return out
end

local function check_opacity(where, name, v)
  if not is_number(v) or v < 0 or v > 1 then
    invalid("%s: %s must be a number between 0 and 1, got %s", where, name, describe(v))
  end
  return v
end

local function check_line_limit(where, name, v)
  if mtype(v) == "float" and v == v and v % 1 == 0 and v >= 0 and v <= 0x7fffffff then
    return tointeger(v)
  end
  if mtype(v) ~= "integer" or v < 0 or v > 0x7fffffff then
    invalid("%s: %s must be a non-negative integer, got %s", where, name, describe(v))
  end
  return v
end

local STYLE = {
  font = check_string,
  fontWeight = check_string,
  color = check_string,
  background = check_string,
  padding = check_padding,
  spacing = check_non_negative,
  alignment = one_of { "leading", "center", "trailing", "top", "bottom" },
  distribution = one_of { "start", "center", "end", "spaceBetween", "spaceAround", "fill" },
  width = check_dimension,
  height = check_dimension,
  minWidth = check_non_negative,
  maxWidth = check_non_negative,
  minHeight = check_non_negative,
  maxHeight = check_non_negative,
  weight = check_non_negative,
  cornerRadius = check_non_negative,
  opacity = check_opacity,
  lineLimit = check_line_limit,
}

--- The names of the style fields, sorted (for tools and tests).
ui.style_fields = {}
for name in pairs(STYLE) do
  ui.style_fields[#ui.style_fields + 1] = name
end
table.sort(ui.style_fields)

-- The style table of a `style` property: a font name or a table of fields.
local function style_from(where, v)
  if type(v) == "string" then
    return { font = v }
  end
  if type(v) ~= "table" then
    invalid("%s: style must be a string (font) or a table, got %s", where, describe(v))
  end
  local out = {}
  for k, value in pairs(v) do
    local check = type(k) == "string" and STYLE[k]
    if not check then
      invalid("%s: unknown style field %s", where, describe(k))
    end
    if value ~= false then
      out[k] = check(where, "style." .. k, value)
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Actions.

local function well_formed_type(t)
  return type(t) == "string" and t:match("^[^/]+/.+$") ~= nil
end

local function check_action(where, _, v)
  if type(v) ~= "table" then
    invalid("%s: action must be a table {type = \"service/name\", payload = ...}, got %s", where, describe(v))
  end
  for k in pairs(v) do
    if k ~= "type" and k ~= "payload" then
      invalid("%s: action has an unknown member %s (expected type, payload)", where, describe(k))
    end
  end
  if not well_formed_type(v.type) then
    invalid('%s: action.type must be a string "service/name", got %s', where, describe(v.type))
  end
  return v
end

---------------------------------------------------------------------------
-- Nodes.

local KINDS = {
  text = true, image = true, button = true, vstack = true, hstack = true,
  zstack = true, list = true, spacer = true, input = true,
}

--- True when `v` is a view node table (of a kind a factory may return).
function ui.is_node(v)
  return type(v) == "table" and KINDS[v.type] == true
end

-- The array part of a spec: every positive integer key up to the largest,
-- so that nil holes do not hide the items after them. Non-integer keys that
-- are not strings are reported.
local function items_of(where, spec)
  local n = 0
  for k in pairs(spec) do
    if mtype(k) == "integer" and k > 0 then
      if k > n then
        n = k
      end
    elseif type(k) ~= "string" then
      invalid("%s: unknown property %s", where, describe(k))
    end
  end
  local items = {}
  for i = 1, n do
    items[i] = spec[i]
  end
  return items, n
end

local function check_child(where, what, v)
  if not ui.is_node(v) then
    if type(v) == "table" then
      invalid("%s: %s is not a view node (a table without a known node type)", where, what)
    end
    invalid("%s: %s is not a view node, got %s", where, what, describe(v))
  end
  return v
end

-- Builds a node of `kind` from the string-keyed properties of `props`.
-- `content` maps the kind's content members to their checker; `extra` holds
-- the members already set (text, url, label, children...). Returns the node.
local function node(where, kind, props, content, extra)
  local n = { type = kind }
  for k, v in pairs(extra) do
    n[k] = v
  end
  local style, direct = nil, nil
  for k, v in pairs(props) do
    if type(k) == "string" and v ~= false then
      if k == "key" then
        if type(v) ~= "string" or v == "" then
          invalid("%s: key must be a non-empty string, got %s", where, describe(v))
        end
        n.key = v
      elseif k == "style" then
        style = style_from(where, v)
      elseif STYLE[k] then
        direct = direct or {}
        direct[k] = STYLE[k](where, k, v)
      elseif content[k] then
        n[k] = content[k](where, k, v)
      else
        invalid("%s: unknown property %s", where, describe(k))
      end
    end
  end
  if direct then
    style = style or {}
    for k, v in pairs(direct) do
      if style[k] ~= nil then
        invalid("%s: %s is given both directly and in style", where, k)
      end
      style[k] = v
    end
  end
  if style and next(style) ~= nil then
    n.style = style
  end
  return n
end

local NO_CONTENT = {}
local NO_EXTRA = {}

-- The props argument of text/image/spacer: nil or a table of string keys.
local function props_of(where, props)
  if props == nil then
    return NO_EXTRA
  end
  if type(props) == "string" then
    return { style = props }
  end
  if type(props) ~= "table" then
    invalid("%s: properties must be a table (or a font name), got %s", where, describe(props))
  end
  for k in pairs(props) do
    if type(k) ~= "string" then
      invalid("%s: unknown property %s", where, describe(k))
    end
  end
  return props
end

--- ui.text(text, props): a text node. props may be a font name ("title").
ui.text = public(function(text, props)
  local where = "ui.text"
  check_string(where, "text", text)
  return node(where, "text", props_of(where, props), NO_CONTENT, { text = text })
end)

local IMAGE = { placeholder = check_string, alt = check_string }

--- ui.image(url, props): an image node; props: placeholder, alt, and the common ones.
ui.image = public(function(url, props)
  local where = "ui.image"
  check_string(where, "url", url)
  return node(where, "image", props_of(where, props), IMAGE, { url = url })
end)

--- ui.spacer(props): a spacer.
ui.spacer = public(function(props)
  local where = "ui.spacer"
  return node(where, "spacer", props_of(where, props), NO_CONTENT, NO_EXTRA)
end)

local function spec_of(where, spec)
  if spec == nil then
    return {}
  end
  if type(spec) ~= "table" then
    invalid("%s: expected a table {...}, got %s", where, describe(spec))
  end
  return spec
end

-- The children of a container spec: the array part (nil and false skipped),
-- or a `children` list when the array part is empty.
local function children_of(where, spec, first)
  local items, n = items_of(where, spec)
  local children = {}
  for i = first, n do
    local v = items[i]
    if v ~= nil and v ~= false then
      if type(v) == "string" then
        invalid("%s: item %d is a string; only a button's first item may be its label", where, i)
      end
      children[#children + 1] = check_child(where, "item " .. i, v)
    end
  end
  local listed = spec.children
  if listed ~= nil and listed ~= false then
    if #children > 0 then
      invalid("%s: children are given both as items and as children = {...}", where)
    end
    if type(listed) ~= "table" then
      invalid("%s: children must be a table of nodes, got %s", where, describe(listed))
    end
    local list, count = items_of(where .. " children", listed)
    for i = 1, count do
      local v = list[i]
      if v ~= nil and v ~= false then
        children[#children + 1] = check_child(where, "children[" .. i .. "]", v)
      end
    end
  end
  return children
end

-- The checker of a `children` property: none, children_of takes it apart.
local function children_elsewhere() end

local CONTAINER_PROPS = { children = children_elsewhere }

local function container(kind)
  local where = "ui." .. kind
  return public(function(spec)
    spec = spec_of(where, spec)
    local children = children_of(where, spec, 1)
    local n = node(where, kind, spec, CONTAINER_PROPS, NO_EXTRA)
    n.children = #children > 0 and children or nil
    return n
  end)
end

--- ui.vstack{...}, ui.hstack{...}, ui.zstack{...}, ui.list{...}: containers.
--- The array part holds the children; string keys are properties.
ui.vstack = container("vstack")
ui.hstack = container("hstack")
ui.zstack = container("zstack")
ui.list = container("list")

local BUTTON = {
  label = check_string,
  action = check_action,
  children = children_elsewhere,
}

--- ui.button{"Label", action = ..., key = ..., ...}: a button. The first item
--- may be its label (a string); node items are its children.
ui.button = public(function(spec)
  local where = "ui.button"
  spec = spec_of(where, spec)
  local label = spec[1]
  local first = 1
  if type(label) == "string" then
    first = 2
    if spec.label ~= nil and spec.label ~= false then
      invalid("%s: the label is given both as item 1 and as label =", where)
    end
  else
    label = nil
  end
  local children = children_of(where, spec, first)
  local n = node(where, "button", spec, BUTTON, NO_EXTRA)
  n.children = #children > 0 and children or nil
  if label then
    n.label = label
  end
  return n
end)

local INPUT = {
  name = check_string,
  value = check_string,
  placeholder = check_string,
  action = check_action,
}

--- ui.input{name = ..., value = ..., placeholder = ..., action = ...}: a text field.
ui.input = public(function(spec)
  local where = "ui.input"
  spec = spec_of(where, spec)
  local _, n = items_of(where, spec)
  if n > 0 then
    invalid("%s: an input has no children (item 1 is not allowed)", where)
  end
  if spec.name == nil or spec.name == false then
    invalid("%s: name is required (a string)", where)
  end
  return node(where, "input", spec, INPUT, NO_EXTRA)
end)

--- ui.action(type, payload): an action table {type = type, payload = payload}.
ui.action = public(function(action_type, payload)
  if not well_formed_type(action_type) then
    invalid('ui.action: type must be a string "service/name", got %s', describe(action_type))
  end
  local t = type(payload)
  if t == "function" or t == "thread" then
    invalid("ui.action: payload must be JSON data, got %s", t)
  end
  return { type = action_type, payload = payload }
end)

---------------------------------------------------------------------------
-- Effects: work a handler asks for with ctx.emit(effect), run by the
-- engine once the dispatch commits (include/sdui.h, "Effects"). These only
-- build the tables; the handler's ctx.after / ctx.request build and emit.

--- ui.after(ms, action): {type = "after", ms = ms, action = action}, the
--- action dispatched once the host's e:tick reaches ms milliseconds later.
ui.after = public(function(ms, action)
  local where = "ui.after"
  check_non_negative(where, "ms", ms)
  return { type = "after", ms = ms, action = check_action(where, "action", action) }
end)

-- A chained action (on_success / on_failure): its payload is a table or
-- absent, since the engine puts the result into payload.result.
local function check_chained(where, name, v)
  check_action(where .. ": " .. name, name, v)
  if v.payload ~= nil and type(v.payload) ~= "table" then
    invalid("%s: %s.payload must be a table or absent (the result goes into payload.result), got %s",
      where, name, describe(v.payload))
  end
  return v
end

local function check_data(where, name, v)
  local t = type(v)
  if t == "function" or t == "thread" then
    invalid("%s: %s must be JSON data, got %s", where, name, t)
  end
  return v
end

local REQUEST = {
  url = check_string,
  method = check_string,
  body = check_data,
  headers = function(where, name, v)
    if type(v) ~= "table" then
      invalid("%s: %s must be a table of strings, got %s", where, name, describe(v))
    end
    for k, value in pairs(v) do
      check_string(where, name .. " key", k)
      check_string(where, name .. "." .. k, value)
    end
    return v
  end,
  on_success = check_chained,
  on_failure = check_chained,
}

--- ui.request{url = ..., method = "POST", body = ..., headers = {...},
--- on_success = action, on_failure = action}: a "request" effect, for the
--- performer the host registered (e:effect("request", fn)). It finishes
--- with a result that the engine hands to on_success or on_failure as
--- payload.result. Only url is required.
ui.request = public(function(spec)
  local where = "ui.request"
  if type(spec) ~= "table" then
    invalid("%s: expected a table {url = ..., ...}, got %s", where, describe(spec))
  end
  local effect = { type = "request" }
  for k, v in pairs(spec) do
    local check = type(k) == "string" and REQUEST[k]
    if not check then
      invalid("%s: unknown member %s (expected url, method, body, headers, on_success, on_failure)", where,
        describe(k))
    end
    effect[k] = check(where, k, v)
  end
  if effect.url == nil then
    invalid("%s: url is required (a string)", where)
  end
  return effect
end)

---------------------------------------------------------------------------
-- Fast paths.
--
-- Factories run again on every change they depend on, so each constructor
-- first tries to build its node in one pass over its arguments: plain `if`
-- checks, no pcall, no closures, no tables but the ones returned. The pass
-- accepts only what the careful constructors above accept, and builds the
-- same table; the one difference is that an items table or a children list
-- holding nothing but nodes becomes the node's children as is, not a copy.
-- At the first thing it does not plainly accept -- a mistake, or a rare
-- shape such as a hole among the items -- it hands the whole call to the
-- careful constructor, which checks everything again and reports. That is
-- a tail call, so an error still names the script line that called the
-- constructor; Lua 5.4 makes no tail call from inside a generic for, so the
-- public functions below make theirs after their loops.
--
-- The passes walk tables that have no metatable (the careful code would
-- see a __pairs or an __index), with next: every key is seen, wherever the
-- table keeps it, so nothing is accepted that the careful code refuses.

local careful_text, careful_image, careful_spacer = ui.text, ui.image, ui.spacer
local careful_vstack, careful_hstack, careful_zstack, careful_list = ui.vstack, ui.hstack, ui.zstack, ui.list
local careful_button, careful_input, careful_action = ui.button, ui.input, ui.action

-- How the fast path checks each style field: a kind named after the careful
-- check in STYLE, or for alignment and distribution the set of their values.
local FIELD = {}
do
  local kind_of = {
    [check_string] = "string", [check_non_negative] = "size", [check_dimension] = "dimension",
    [check_padding] = "padding", [check_opacity] = "opacity", [check_line_limit] = "count",
  }
  for name, check in pairs(STYLE) do
    FIELD[name] = kind_of[check] or one_of_sets[check] or error("sdui.ui: no fast check for " .. name)
  end
end

-- How the fast path checks the content members of a kind (IMAGE, BUTTON...).
local function content_kinds(members)
  local kind_of = { [check_string] = "string", [check_action] = "action", [children_elsewhere] = "children" }
  local out = {}
  for name, check in pairs(members) do
    out[name] = kind_of[check] or error("sdui.ui: no fast check for " .. name)
  end
  return out
end

local NO_CONTENT_KINDS = content_kinds(NO_CONTENT)
local IMAGE_CONTENT = content_kinds(IMAGE)
local CONTAINER_CONTENT = content_kinds(CONTAINER_PROPS)
local BUTTON_CONTENT = content_kinds(BUTTON)
local INPUT_CONTENT = content_kinds(INPUT)

-- A padding table as check_padding returns it (all four edges, 0 for the
-- missing ones), or nil when `v` is not plainly valid.
local function padding_value(v)
  if getmetatable(v) ~= nil then
    return nil
  end
  local top, leading, bottom, trailing = 0, 0, 0, 0
  for k, edge in next, v do
    if type(edge) ~= "number" or not (edge >= 0 and edge < huge) then
      return nil
    elseif k == "top" then
      top = edge
    elseif k == "leading" then
      leading = edge
    elseif k == "bottom" then
      bottom = edge
    elseif k == "trailing" then
      trailing = edge
    else
      return nil
    end
  end
  return { top = top, leading = leading, bottom = bottom, trailing = trailing }
end

-- The value a style field of `kind` (see FIELD) stores for `v` (not false),
-- as its careful check returns it, or nil when `v` is not plainly valid.
-- A finite non-negative number is one with v >= 0 and v < huge: NaN fails both.
local function field_value(kind, v)
  if kind == "size" then
    if type(v) == "number" and v >= 0 and v < huge then
      return v
    end
  elseif kind == "string" then
    if type(v) == "string" then
      return v
    end
  elseif kind == "dimension" then
    if v == "fill" or type(v) == "number" and v >= 0 and v < huge then
      return v
    end
  elseif kind == "padding" then
    local t = type(v)
    if t == "number" then
      if v >= 0 and v < huge then
        return v
      end
    elseif t == "table" then
      return padding_value(v)
    end
  elseif kind == "opacity" then
    if type(v) == "number" and v >= 0 and v <= 1 then
      return v
    end
  elseif kind == "count" then
    local t = mtype(v)
    if t == "integer" then
      if v >= 0 and v <= 0x7fffffff then
        return v
      end
    elseif t == "float" and v % 1 == 0 and v >= 0 and v <= 0x7fffffff then
      return tointeger(v)
    end
  elseif kind[v] then -- a set of names
    return v
  end
  return nil
end

-- Action types already seen to be well formed: a table lookup instead of a
-- pattern match. Bounded, so that made-up types cannot grow it for ever.
local known_types, known_count = {}, 0

-- True when `t` is a well-formed action type ("service/name"); remembers it.
local function known_type(t)
  if known_types[t] then
    return true
  end
  if not well_formed_type(t) then
    return false
  end
  if known_count < 256 then
    known_types[t] = true
    known_count = known_count + 1
  end
  return true
end

-- True when check_action accepts `v` as it is: a table without a metatable
-- holding a well-formed type and maybe a payload, nothing else.
local function plain_action(v)
  if type(v) ~= "table" or getmetatable(v) ~= nil then
    return false
  end
  local typed = false
  for k, x in next, v do
    if k == "type" then
      if not (known_types[x] or known_type(x)) then
        return false
      end
      typed = true
    elseif k ~= "payload" then
      return false
    end
  end
  return typed
end

-- The items first..last of `t` without the false ones, in a new table, or
-- false when none is left.
local function items_copy(t, first, last)
  local out, count = {}, 0
  for i = first, last do
    local v = t[i]
    if v then
      count = count + 1
      out[count] = v
    end
  end
  return count > 0 and out
end

-- The children of a `children = list` property: the list itself when it
-- holds nothing but nodes as items 1..n, else a copy without its false
-- items; false when there are none, nil when the list is not plainly valid.
local function list_children(list)
  if type(list) ~= "table" or getmetatable(list) ~= nil then
    return nil
  end
  local i, whole, kinds = 0, true, KINDS
  for k, v in next, list do
    if k ~= i + 1 then
      return nil
    elseif v == false then
      whole = false
    elseif type(v) ~= "table" or not kinds[v.type] then
      return nil
    end
    i = k
  end
  if whole then
    return i > 0 and list
  end
  return items_copy(list, 1, i)
end

-- Merges the `style` property (a font name or a table of fields) into
-- n.style, which holds the fields given directly. False when it is not
-- plainly valid, a field given both ways included.
local function merge_style(n, style)
  local s = n.style
  if type(style) == "string" then
    if s == nil then
      n.style = { font = style }
    elseif s.font == nil then
      s.font = style
    else
      return false
    end
    return true
  end
  if type(style) ~= "table" or getmetatable(style) ~= nil then
    return false
  end
  for k, v in next, style do
    local kind = FIELD[k]
    if kind == nil then
      return false -- style_from refuses an unknown field even when false
    end
    if v ~= false then
      local value = field_value(kind, v)
      if value == nil then
        return false
      end
      if s == nil then
        s = {}
        n.style = s
      elseif s[k] ~= nil then
        return false
      end
      s[k] = value
    end
  end
  return true
end

-- The pass over table `t` (no metatable) into node `n`, resumed after key
-- `from` (nil: from the start): the string-keyed properties -- key, style,
-- style fields (into n.style) and the kind's `content` members -- and, when
-- `first` is given, the items from `first` on, those up to `i` already seen
-- to be nodes. Returns n completed, or nil at the first thing that is not
-- plainly valid.
local function fill(n, t, content, first, i, from)
  local whole = first == 1 -- t itself may become the children
  local style, list = nil, nil
  for k, v in next, t, from do
    if first and k == i + 1 then
      if v == false then
        whole = false -- a false item is skipped
      elseif type(v) ~= "table" or not KINDS[v.type] then
        return nil
      end
      i = k
    elseif v == false then
      if type(k) ~= "string" then
        return nil
      end
      whole = false -- a false property is left out, whatever its name
    else
      whole = false
      if k == "key" then
        if type(v) ~= "string" or v == "" then
          return nil
        end
        n.key = v
      elseif k == "style" then
        style = v
      else
        local kind = FIELD[k]
        if kind then
          local value = field_value(kind, v)
          if value == nil then
            return nil
          end
          local s = n.style
          if s == nil then
            s = {}
            n.style = s
          end
          s[k] = value
        else
          kind = content[k]
          if kind == "string" then
            if type(v) ~= "string" then
              return nil
            end
            n[k] = v
          elseif kind == "action" then
            if not plain_action(v) then
              return nil
            end
            n[k] = v
          elseif kind == "children" then
            list = v
          else
            return nil -- an unknown property, or a key that is not the next item
          end
        end
      end
    end
  end
  if style ~= nil and not merge_style(n, style) then
    return nil
  end
  local children = false
  if list ~= nil then
    if i >= first then
      return nil -- items and a list: let children_of decide
    end
    children = list_children(list)
    if children == nil then
      return nil
    end
  elseif first and i >= first then
    children = whole and t or items_copy(t, first, i)
  end
  if children then
    n.children = children
  end
  return n
end

--- ui.text(text, props): a text node. props may be a font name ("title").
ui.text = function(text, props)
  if type(text) == "string" then
    if props == nil then
      return { type = "text", text = text }
    end
    local t = type(props)
    if t == "string" then
      return { type = "text", text = text, style = { font = props } }
    elseif t == "table" and getmetatable(props) == nil then
      local n = fill({ type = "text", text = text, key = nil, style = nil }, props, NO_CONTENT_KINDS, nil, 0, nil)
      if n then
        return n
      end
    end
  end
  return careful_text(text, props)
end

--- ui.image(url, props): an image node; props: placeholder, alt, and the common ones.
ui.image = function(url, props)
  if type(url) == "string" then
    if props == nil then
      return { type = "image", url = url }
    end
    local t = type(props)
    if t == "string" then
      return { type = "image", url = url, style = { font = props } }
    elseif t == "table" and getmetatable(props) == nil then
      local n = fill({ type = "image", url = url, key = nil, style = nil, placeholder = nil, alt = nil },
        props, IMAGE_CONTENT, nil, 0, nil)
      if n then
        return n
      end
    end
  end
  return careful_image(url, props)
end

--- ui.spacer(props): a spacer.
ui.spacer = function(props)
  if props == nil then
    return { type = "spacer" }
  end
  local t = type(props)
  if t == "string" then
    return { type = "spacer", style = { font = props } }
  elseif t == "table" and getmetatable(props) == nil then
    local n = fill({ type = "spacer", key = nil, style = nil }, props, NO_CONTENT_KINDS, nil, 0, nil)
    if n then
      return n
    end
  end
  return careful_spacer(props)
end

-- A container constructor. The common specs are walked here: nothing but
-- nodes as items 1..n (the spec becomes the children as is), or nothing but
-- a children list. At any other key, fill takes the pass over from there.
local function fast_container(kind, careful)
  return function(spec)
    if type(spec) == "table" and getmetatable(spec) == nil then
      local i, rest, kinds = 0, nil, KINDS
      for k, v in next, spec do
        i = i + 1
        if k ~= i or type(v) ~= "table" or not kinds[v.type] then
          i, rest = i - 1, k
          break
        end
      end
      if rest == nil then
        return i > 0 and { type = kind, children = spec } or { type = kind }
      elseif rest == "children" and i == 0 and next(spec, "children") == nil then
        -- the other common spec: { children = list } and nothing else
        local children = list_children(spec.children)
        if children then
          return { type = kind, children = children }
        elseif children == false then
          return { type = kind }
        end
      else
        -- the keys before `rest` were items 1..i: resume after i
        local n = fill({ type = kind, key = nil, style = nil, children = nil }, spec, CONTAINER_CONTENT, 1, i,
          i > 0 and i or nil)
        if n then
          return n
        end
      end
    elseif spec == nil then
      return { type = kind }
    end
    return careful(spec)
  end
end

--- ui.vstack{...}, ui.hstack{...}, ui.zstack{...}, ui.list{...}: containers.
--- The array part holds the children; string keys are properties.
ui.vstack = fast_container("vstack", careful_vstack)
ui.hstack = fast_container("hstack", careful_hstack)
ui.zstack = fast_container("zstack", careful_zstack)
ui.list = fast_container("list", careful_list)

--- ui.button{"Label", action = ..., key = ..., ...}: a button. The first item
--- may be its label (a string); node items are its children.
ui.button = function(spec)
  if type(spec) == "table" and getmetatable(spec) == nil then
    local k, label = next(spec)
    if k == 1 and type(label) == "string" then
      -- The common spec, { "Label", action = action }, is built here.
      local k2, action = next(spec, 1)
      if k2 == "action" and next(spec, "action") == nil and plain_action(action) then
        return { type = "button", label = label, action = action }
      end
      local n = fill({ type = "button", label = nil, action = nil, key = nil, style = nil, children = nil },
        spec, BUTTON_CONTENT, 2, 1, 1)
      if n and n.label == nil then -- label = "..." as well is an error
        n.label = label
        return n
      end
    else
      local n = fill({ type = "button", label = nil, action = nil, key = nil, style = nil, children = nil },
        spec, BUTTON_CONTENT, 1, 0, nil)
      if n then
        return n
      end
    end
  elseif spec == nil then
    return { type = "button" }
  end
  return careful_button(spec)
end

--- ui.input{name = ..., value = ..., placeholder = ..., action = ...}: a text field.
ui.input = function(spec)
  if type(spec) == "table" and getmetatable(spec) == nil then
    local n = fill({ type = "input", name = nil, value = nil, placeholder = nil, action = nil, key = nil, style = nil },
      spec, INPUT_CONTENT, nil, 0, nil)
    if n and n.name ~= nil then -- name is required
      return n
    end
  end
  return careful_input(spec)
end

--- ui.action(type, payload): an action table {type = type, payload = payload}.
ui.action = function(action_type, payload)
  if known_types[action_type] or known_type(action_type) then
    local t = type(payload)
    if t ~= "function" and t ~= "thread" then
      return { type = action_type, payload = payload }
    end
  end
  return careful_action(action_type, payload)
end

return ui
