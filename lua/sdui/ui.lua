--[[
sdui.ui -- the view DSL: Lua constructors for the view nodes of sdui.

    local ui = require "sdui.ui"
    return ui.vstack{ spacing = 8,
      ui.text(data.title, "title"),
      ui.text(data.overview, { lineLimit = 3 }),
      data.poster and ui.image(data.poster, { alt = data.title }),
      ui.button{ "Add to order", key = "order", action = data.orderAction,
                 disabled = data.inOrder, tooltip = data.inOrder and "Already in your order" },
    }

Every constructor returns a plain table in the JSON shape the core reads
(README.md, "View nodes"): { type = "text", text = "Hi", style = { font = "title" } }.
Nothing else is added: no ids (the engine assigns them), no metatables.

Kinds: text, image, button, vstack, hstack, zstack, list, spacer, input.
(fallback and error nodes are the engine's own; a factory cannot build them.)
The kinds, their members and the style fields are not written here: they
come from sdui.contract (lua/sdui/contract.lua), generated from the core's
description of the contract, Sources/SDUICore/View/ViewContract.swift.
Content members are strings but for an input's typed ones, checked here as
the contract says: enums (kind, format, display: one of their values),
numbers (min, max), a boolean (multiple), options (a list of
{title = string, value = string}) and bind ("service/path"), e.g.
    ui.input{name = "size", kind = "choice", display = "expanded",
             options = {{title = "Small", value = "s"}, {title = "Large", value = "l"}}}

Besides nodes: ui.action(type, payload, inputs) builds an action (inputs:
true or a list of input names, the values a press adds to the payload:
e:press, sdui_press), and ui.after(ms,
action), ui.request{url = ..., on_success = ..., ...} and
ui.navigate{route = ...} (or {back = true}) and ui.appearance("dark" |
"light" | "toggle") build effects for a handler's ctx.emit (see "Effects"
below).

Accessibility: every node takes accessibility = {label =, role =, hint =}
(strings; role one of button, link, heading, image, text, checkbox, radio,
radiogroup, switch, slider, textbox, list, listitem, tab, group, alert,
progressbar, none): what a screen reader says for it (README.md,
"Accessibility"). Give one to a button that shows only a symbol:
    ui.button{ "★", action = fav, accessibility = { label = "Add to favourites" } }

Controls: a button may be disabled (disabled = true: drawn as disabled, the
host does not let it be activated) and carry a tooltip (a string); every
container (vstack, hstack, zstack, list) and image takes an action too,
which makes it a tap target with no button chrome:
    ui.vstack{ action = ui.action("navigation/open", { route = "/promo" }), ... }
    ui.image(url, { alt = "Poster", action = open })

Properties, accepted by every constructor:
  key    a non-empty string: the node id becomes "component#key"
  style  a string (font shorthand) or a table of style fields
  and every style field directly: font, fontWeight, color, background,
  padding, spacing, alignment, distribution, width, height, minWidth,
  maxWidth, minHeight, maxHeight, weight, cornerRadius, opacity, lineLimit,
  aspectRatio (an image's width over height), fit (contain, cover, fill),
  textAlignment (leading, center, trailing), borderWidth, borderColor,
  backgroundImage (a URL), backgroundFit (cover, repeat, fill), direction (ltr, rtl),
  bleed (true: a container's background reaches through its parent's padding).
  Fields given directly and in `style` are merged into the node's `style`
  table; the same field in both is an error.

Rules:
  * Text is never converted: text, labels, tooltips, urls, names, keys and
    the string style fields must be Lua strings (format numbers yourself,
    e.g. with string.format("%.1f", rating)). Numeric fields must be
    numbers, and `disabled` a boolean.
  * A property whose value is nil or false is left out, and so is a nil or
    false item among the children: `cond and ui.text(...)` works anywhere.
  * Everything is checked when the node is built; a mistake raises an error
    that points at the calling line: `ui.text: unknown property "colour"`.
    (Lua cannot name the line of a tail call: write `local view = ui.vstack{...}
    return view` rather than `return ui.vstack{...}` to keep it in the message.)

The module is plain Lua with no dependencies and no globals, so it runs in
the script host's sandbox as well as in a normal Lua state. Loaded through
the sdui module or the script host, its most frequent forms (ui.text(s),
ui.vstack{node, ...}, ui.button{"Label", action = a}...) are built by C
functions (Sources/SDUILua/dsl.c) that return the same tables and hand every
other call to the builders below.
]]


local ui = { _VERSION = "sdui.ui 0.1.0" }

local type, pairs, ipairs, error, pcall = type, pairs, ipairs, error, pcall
local setmetatable, getmetatable, tostring, next = setmetatable, getmetatable, tostring, next
local format, concat, sort = string.format, table.concat, table.sort
local mtype, huge, tointeger = math.type, math.huge, math.tointeger

-- The view contract (lua/sdui/contract.lua, generated from the core's
-- Sources/SDUICore/View/ViewContract.swift): the node kinds, their members and the
-- style fields. The binding passes it as this chunk's argument (so the DSL
-- needs no `require` in a sandbox); loaded as a file, the DSL requires it.
local contract = ...
if type(contract) ~= "table" then
  contract = require "sdui.contract"
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
-- Errors of the effect constructors and ui.array. Checks inside them raise
-- an Invalid value; the public wrapper turns it into error(message, 2), so
-- the position named in the message is the script line that called the
-- constructor. Any other error (a memory or instruction limit of the host)
-- passes through untouched. (The node constructors below raise their
-- errors themselves, with no pcall.)

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
-- Values. Each check comes in two halves: a test that returns the value to
-- store (or nil), run on every call, and the message that says what is
-- wrong, worked out only once the test failed.

local function is_number(v)
  return type(v) == "number" and v == v and v ~= huge and v ~= -huge
end

local EDGES = contract.padding_edges
local EDGE = {}
for e = 1, #EDGES do
  EDGE[EDGES[e]] = true
end
local EDGE_LIST = concat(EDGES, ", ")

-- How each style field is checked: its contract type ("string",
-- "nonNegative", "positive", "dimension", "padding", "opacity", "lineLimit", "boolean"), or for an
-- enum the set of its values (ENUM_NAMES holds them quoted for messages).
local FIELD, ENUM_NAMES = {}, {}
local STYLE_TYPES = { string = true, nonNegative = true, positive = true, dimension = true, padding = true,
                      opacity = true, lineLimit = true, boolean = true }

--- The names of the style fields, sorted (for tools and tests).
ui.style_fields = {}

for _, field in ipairs(contract.style) do
  local t = field.type
  if t == "enum" then
    local set, names = {}, {}
    for i, v in ipairs(field.values) do
      set[v] = true
      names[i] = format("%q", v)
    end
    ENUM_NAMES[set] = concat(names, ", ")
    t = set
  elseif not STYLE_TYPES[t] then
    error("sdui.ui: no check for style fields of type " .. tostring(t) .. " (" .. field.name .. ")")
  end
  FIELD[field.name] = t
  ui.style_fields[#ui.style_fields + 1] = field.name
end
sort(ui.style_fields)

-- A padding table with all the edges (0 for the missing ones), or nil.
local function padding_value(v)
  local out = {}
  for k, edge in pairs(v) do
    if not EDGE[k] or type(edge) ~= "number" or not (edge >= 0 and edge < huge) then
      return nil
    end
    out[k] = edge
  end
  for e = 1, #EDGES do
    local name = EDGES[e]
    if out[name] == nil then
      out[name] = 0
    end
  end
  return out
end

-- The value a style field of type `t` (see FIELD) stores for `v` (not
-- false), or nil when `v` is not valid. A finite non-negative number is one
-- with v >= 0 and v < huge: NaN fails both.
local function field_value(t, v)
  if t == "nonNegative" then
    if type(v) == "number" and v >= 0 and v < huge then
      return v
    end
  elseif t == "positive" then
    if type(v) == "number" and v > 0 and v < huge then
      return v
    end
  elseif t == "string" then
    if type(v) == "string" then
      return v
    end
  elseif t == "dimension" then
    if v == "fill" or type(v) == "number" and v >= 0 and v < huge then
      return v
    end
  elseif t == "padding" then
    local vt = type(v)
    if vt == "number" then
      if v >= 0 and v < huge then
        return v
      end
    elseif vt == "table" then
      return padding_value(v)
    end
  elseif t == "opacity" then
    if type(v) == "number" and v >= 0 and v <= 1 then
      return v
    end
  elseif t == "boolean" then
    if type(v) == "boolean" then
      return v
    end
  elseif t == "lineLimit" then
    local mt = mtype(v)
    if mt == "integer" then
      if v >= 0 and v <= 0x7fffffff then
        return v
      end
    elseif mt == "float" and v % 1 == 0 and v >= 0 and v <= 0x7fffffff then
      return tointeger(v)
    end
  elseif t[v] then -- an enum's set of values
    return v
  end
  return nil
end

-- What is wrong with value `v` of style field `name` (type `t`).
local function field_error(where, t, name, v)
  if t == "string" then
    return format("%s: %s must be a string, got %s", where, name, describe(v))
  elseif t == "nonNegative" or t == "padding" and is_number(v) then
    return format("%s: %s must be a non-negative number, got %s", where, name, describe(v))
  elseif t == "positive" then
    return format("%s: %s must be a number above 0, got %s", where, name, describe(v))
  elseif t == "dimension" then
    return format('%s: %s must be a non-negative number or "fill", got %s', where, name, describe(v))
  elseif t == "padding" then
    if type(v) ~= "table" then
      return format("%s: %s must be a non-negative number or a table {%s}, got %s", where, name, EDGE_LIST,
        describe(v))
    end
    for k, edge in pairs(v) do
      if not EDGE[k] then
        return format("%s: unknown %s edge %s (expected %s)", where, name, describe(k), EDGE_LIST)
      elseif not is_number(edge) or edge < 0 then
        return format("%s: %s.%s must be a non-negative number, got %s", where, name, k, describe(edge))
      end
    end
  elseif t == "opacity" then
    return format("%s: %s must be a number between 0 and 1, got %s", where, name, describe(v))
  elseif t == "lineLimit" then
    return format("%s: %s must be a non-negative integer, got %s", where, name, describe(v))
  elseif t == "boolean" then
    return format("%s: %s must be a boolean, got %s", where, name, describe(v))
  end
  return format("%s: %s must be one of %s, got %s", where, name, ENUM_NAMES[t], describe(v))
end

local function well_formed_type(t)
  return type(t) == "string" and t:match("^[^/]+/.+$") ~= nil
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

local ACTION_MEMBER, ACTION_LIST = {}, concat(contract.action_members, ", ")
for _, name in ipairs(contract.action_members) do
  ACTION_MEMBER[name] = true
end

-- True when `v` is plainly a valid action: a table without a metatable
-- holding a well-formed type and maybe a payload (the action members), nothing
-- else. When it is not, action_problem says whether and what is wrong.
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
    elseif not ACTION_MEMBER[k] then
      return false
    end
  end
  return typed
end

-- What is wrong with action `v` (a message after "where: "), or nil: a
-- table of the contract's members (type, payload) with a well-formed type.
local function action_problem(v)
  if type(v) ~= "table" then
    return format('action must be a table {type = "service/name", payload = ...}, got %s', describe(v))
  end
  local t = nil
  for k, x in pairs(v) do
    if k == "type" then
      t = x
    elseif not ACTION_MEMBER[k] then
      return format("action has an unknown member %s (expected %s)", describe(k), ACTION_LIST)
    end
  end
  if t == nil then
    t = v.type -- through __index, if any
  end
  if known_types[t] or known_type(t) then
    return nil
  end
  return format('action.type must be a string "service/name", got %s', describe(t))
end

---------------------------------------------------------------------------
-- Nodes: one builder per kind, made from the contract.
--
-- Factories run again on every change they depend on, so a builder walks
-- its arguments once, with next: plain `if` checks, no pcall, no closures,
-- no tables but the ones returned; an items table holding nothing but
-- nodes becomes the node's children as is. Every check fails into a
-- message; the builder itself raises it with error(message, 2), so it
-- names the script line that called the constructor. (Lua cannot name the
-- line of a tail call: `local view = ui.vstack{...} return view`.)
-- A table with a metatable is first copied (pairs, and the members read
-- by name), so __pairs and __index are honoured and their errors pass
-- through untouched.

-- The kinds a factory may build (the engine's own, fallback and error, are not).
local KINDS = {}

--- True when `v` is a view node table (of a kind a factory may return).
function ui.is_node(v)
  return type(v) == "table" and KINDS[v.type] == true
end

-- What is wrong with item `what` (not a node, not false). `items`: an item
-- of the spec itself, where a string may only be a button's label.
local function item_error(where, what, v, items)
  if items and type(v) == "string" then
    return format("%s: %s is a string; only a button's first item may be its label", where, what)
  elseif type(v) == "table" then
    return format("%s: %s is not a view node (a table without a known node type)", where, what)
  end
  return format("%s: %s is not a view node, got %s", where, what, describe(v))
end

-- Kinds that take a spec table but no children (input): a positive integer
-- key is an item they refuse.
local NO_ITEMS = {}

local function key_error(where, kind, k)
  if NO_ITEMS[kind] and mtype(k) == "integer" and k > 0 then
    return format("%s: an %s has no children (item 1 is not allowed)", where, kind)
  end
  return format("%s: unknown property %s", where, describe(k))
end

-- The items first..last of `t` without the false and nil ones, in a new
-- table, or false when none is left.
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
-- holds nothing but nodes as items 1..n (and has no metatable), else a copy
-- of its items without the false ones (string keys are left out); false
-- when there are none; nil and a message when the list is not valid.
local function list_children(list, kind)
  local f, s, c = next, list, nil
  local i, last, whole = 0, 0, true
  if getmetatable(list) ~= nil then
    f, s, c = pairs(list)
    whole = false
  end
  for k, v in f, s, c do
    if k == i + 1 then
      i = k
      if v == false then
        whole = false
      elseif type(v) ~= "table" or not KINDS[v.type] then
        return nil, item_error("ui." .. kind, "children[" .. k .. "]", v, false)
      end
    elseif mtype(k) == "integer" and k > 0 then
      whole = false
      if k > last then
        last = k
      end
      if v ~= false and (type(v) ~= "table" or not KINDS[v.type]) then
        return nil, item_error("ui." .. kind, "children[" .. k .. "]", v, false)
      end
    elseif type(k) == "string" then
      whole = false -- ignored, as in the spec's array part; not copied
    else
      return nil, format("ui.%s children: unknown property %s", kind, describe(k))
    end
  end
  if whole then
    return i > 0 and list
  end
  return items_copy(list, 1, last > i and last or i)
end

-- Merges the `style` property (a font name or a table of fields) into
-- n.style, which holds the fields given directly. Returns a message when
-- something is wrong, a field given both ways included.
local function merge_style(n, style)
  local s = n.style
  if type(style) == "string" then
    if s == nil then
      n.style = { font = style }
    elseif s.font == nil then
      s.font = style
    else
      return format("ui.%s: font is given both directly and in style", n.type)
    end
    return nil
  end
  if type(style) ~= "table" then
    return format("ui.%s: style must be a string (font) or a table, got %s", n.type, describe(style))
  end
  for k, v in pairs(style) do
    local t = FIELD[k]
    if t == nil then
      return format("ui.%s: unknown style field %s", n.type, describe(k)) -- even when false
    end
    if v ~= false then
      local value = field_value(t, v)
      if value == nil then
        return field_error("ui." .. n.type, t, "style." .. k, v)
      end
      if s == nil then
        s = {}
        n.style = s
      elseif s[k] ~= nil then
        return format("ui.%s: %s is given both directly and in style", n.type, k)
      end
      s[k] = value
    end
  end
  return nil
end

-- The accessibility table every node may carry: {label =, role =, hint =},
-- strings, the role one of the contract's.
local A11Y_MEMBER, A11Y_ROLE = {}, {}
for _, m in ipairs(contract.accessibility_members) do
  A11Y_MEMBER[m] = true
end
for _, r in ipairs(contract.accessibility_roles) do
  A11Y_ROLE[r] = true
end
local A11Y_MEMBERS = concat(contract.accessibility_members, ", ")
local A11Y_ROLES = concat(contract.accessibility_roles, ", ")

-- What is wrong with `v` as a typed content member (an input's): of type
-- `ct`, "number", "boolean", "options" (a list of {title = string, value =
-- string}), "binding" ("service/path": the engine checks the path) or an
-- enum (the set of its values); nil when it is right.
local function typed_problem(ct, v)
  if ct == "accessibility" then
    if type(v) ~= "table" then
      return "must be a table {label =, role =, hint =}, got " .. describe(v)
    end
    for key, x in pairs(v) do
      if not A11Y_MEMBER[key] then
        return format("has an unknown member %s (allowed: %s)", describe(key), A11Y_MEMBERS)
      elseif type(x) ~= "string" then
        return format("%s must be a string, got %s", key, describe(x))
      elseif key == "role" and not A11Y_ROLE[x] then
        return format("role must be one of %s, got %s", A11Y_ROLES, describe(x))
      end
    end
  elseif ct == "number" then
    if type(v) ~= "number" or v ~= v or v == math.huge or v == -math.huge then
      return "must be a finite number, got " .. describe(v)
    end
  elseif ct == "validation" then
    if type(v) ~= "table" then -- its members are checked by the engine
      return "must be a table {required =, pattern =, minLength =, maxLength =, message =}, got " .. describe(v)
    end
  elseif ct == "binding" then
    if type(v) ~= "string" or not v:find("^[^/]+/.") then
      return "must be \"service/path\" (a service, a slash, a state path), got " .. describe(v)
    end
  elseif ct == "boolean" then
    if type(v) ~= "boolean" then
      return "must be a boolean, got " .. describe(v)
    end
  elseif ct == "options" then
    if type(v) ~= "table" then
      return "must be a list of {title = string, value = string}, got " .. describe(v)
    end
    local count = 0
    for key in pairs(v) do
      count = count + 1
      if mtype(key) ~= "integer" or key < 1 then
        return "must be a list of {title = string, value = string}, got the key " .. describe(key)
      end
    end
    for i = 1, count do
      local o = v[i]
      if type(o) ~= "table" then
        return format("[%d] must be a table {title = string, value = string}, got %s", i, describe(o))
      end
      for key, x in pairs(o) do
        if key ~= "title" and key ~= "value" then
          return format("[%d] has an unknown member %s (allowed: title, value)", i, describe(key))
        elseif type(x) ~= "string" then
          return format("[%d].%s must be a string, got %s", i, key, describe(x))
        end
      end
      if o.title == nil or o.value == nil then
        return format("[%d] needs a title and a value (strings)", i)
      end
    end
    if count == 0 and getmetatable(v) == nil then
      setmetatable(v, ui.array_mt) -- [] rather than {}
    end
  elseif ct == "runs" then -- a paragraph's: the engine checks each run's members
    if type(v) ~= "table" or v[1] == nil then
      return "must be a non-empty list of runs {text = string, ...}, got " .. describe(v)
    end
    for i, run in ipairs(v) do
      if type(run) ~= "table" or type(run.text) ~= "string" then
        return format("[%d] must be a run {text = string, ...}, got %s", i, describe(run))
      end
    end
  elseif type(ct) == "table" then
    if type(v) ~= "string" or not ct[v] then -- ct[1] is the list, for this message
      return format("must be one of %s, got %s", ct[1], describe(v))
    end
  end
  return nil
end

-- The walk over table `t` (no metatable) into node `n`, resumed after key
-- `from` (nil: from the start): the string-keyed properties -- key, style,
-- style fields (into n.style) and the kind's `content` members (name ->
-- "string", "boolean", "action", "children", or "twice" for a button's
-- label given as item 1 as well) -- and, when `first` is given, the items from `first` on,
-- those up to `i` already seen to be nodes. Returns n completed, or nil and
-- the message of the first mistake.
local function fill(n, t, content, first, i, from)
  local whole = first == 1 -- t itself may become the children
  local has = first ~= nil and i >= first -- a node among the items
  local last = i -- the largest item key
  local style, list = nil, nil
  for k, v in next, t, from do
    if first and k == i + 1 then
      if v == false then
        whole = false -- a false item is skipped
      elseif type(v) == "table" and KINDS[v.type] then
        has = true
      else
        return nil, item_error("ui." .. n.type, "item " .. k, v, true)
      end
      i = k
    elseif v == false then
      -- a false property is left out, whatever its name; a false item too
      whole = false
      if type(k) ~= "string" then
        if first and mtype(k) == "integer" and k > 0 then
          if k > last then
            last = k
          end
        else
          return nil, key_error("ui." .. n.type, n.type, k)
        end
      end
    else
      whole = false
      if k == "key" then
        if type(v) ~= "string" or v == "" then
          return nil, format("ui.%s: key must be a non-empty string, got %s", n.type, describe(v))
        end
        n.key = v
      elseif k == "style" then
        style = v
      else
        local ft = FIELD[k]
        if ft then
          local value = field_value(ft, v)
          if value == nil then
            return nil, field_error("ui." .. n.type, ft, k, v)
          end
          local s = n.style
          if s == nil then
            s = {}
            n.style = s
          end
          s[k] = value
        else
          local ct = content[k]
          if ct == "string" then
            if type(v) ~= "string" then
              return nil, format("ui.%s: %s must be a string, got %s", n.type, k, describe(v))
            end
            n[k] = v
          elseif ct == "number" or ct == "boolean" or ct == "options" or ct == "binding" or ct == "validation"
            or ct == "runs" or ct == "accessibility"
            or type(ct) == "table" then
            local problem = typed_problem(ct, v)
            if problem then
              return nil, format("ui.%s: %s %s", n.type, k, problem)
            end
            n[k] = v
          elseif ct == "action" then
            if not plain_action(v) then
              local problem = action_problem(v)
              if problem then
                return nil, "ui." .. n.type .. ": " .. problem
              end
            end
            n[k] = v
          elseif ct == "children" then
            list = v
          elseif ct == "twice" then
            return nil, format("ui.%s: the %s is given both as item 1 and as %s =", n.type, k, k)
          elseif first and mtype(k) == "integer" and k > 0 then
            -- an item out of order (a hole before it, or kept in the hash
            -- part); below `first`: a button's label
            if k >= first then
              if type(v) ~= "table" or not KINDS[v.type] then
                return nil, item_error("ui." .. n.type, "item " .. k, v, true)
              end
              has = true
              if k > last then
                last = k
              end
            end
          elseif type(k) == "string" then
            return nil, format("ui.%s: unknown property %s", n.type, describe(k))
          else
            return nil, key_error("ui." .. n.type, n.type, k)
          end
        end
      end
    end
  end
  if style ~= nil then
    local problem = merge_style(n, style)
    if problem then
      return nil, problem
    end
  end
  if list ~= nil then
    if has then
      return nil, format("ui.%s: children are given both as items and as children = {...}", n.type)
    end
    if type(list) ~= "table" then
      return nil, format("ui.%s: children must be a table of nodes, got %s", n.type, describe(list))
    end
    local children, problem = list_children(list, n.type)
    if children == nil then
      return nil, problem
    end
    if children then
      n.children = children
    end
  elseif has then
    if whole and last <= i then
      n.children = t
    else
      n.children = items_copy(t, first, last > i and last or i)
    end
  end
  return n
end

-- A plain copy of `t`, which has a metatable: what pairs gives, and the
-- members in `names` read by name (through __index).
local function plain_copy(t, names)
  local out = {}
  for k, v in pairs(t) do
    out[k] = v
  end
  for j = 1, #names do
    local k = names[j]
    local v = t[k]
    if v ~= nil then
      out[k] = v
    end
  end
  return out
end

local NO_NAMES = {}

-- ui.KIND(value, props) for a leaf kind with a required member (text, image:
-- `member` is given first), ui.KIND(props) for one without (spacer). props
-- may be a font name.
local function leaf(kind, member, content)
  local where = "ui." .. kind
  local function bad_props(props)
    return format("%s: properties must be a table (or a font name), got %s", where, describe(props))
  end
  if member == nil then
    return function(props)
      if props == nil then
        return { type = kind }
      end
      local t = type(props)
      if t == "string" then
        return { type = kind, style = props } -- the engine reads a name as { font = name }
      elseif t == "table" then
        if getmetatable(props) ~= nil then
          props = plain_copy(props, NO_NAMES)
        end
        local n, problem = fill({ type = kind, key = nil, style = nil }, props, content, nil, 0, nil)
        if n then
          return n
        end
        error(problem, 2)
      end
      error(bad_props(props), 2)
    end
  end
  return function(value, props)
    if type(value) == "string" then
      if props == nil then
        return { type = kind, [member] = value }
      end
      local t = type(props)
      if t == "string" then
        return { type = kind, [member] = value, style = props } -- a font name, as the engine takes it
      elseif t == "table" then
        if getmetatable(props) ~= nil then
          props = plain_copy(props, NO_NAMES)
        end
        local n, problem = fill({ type = kind, [member] = value, key = nil, style = nil }, props, content, nil,
          0, nil)
        if n then
          return n
        end
        error(problem, 2)
      end
      error(bad_props(props), 2)
    end
    error(format("%s: %s must be a string, got %s", where, member, describe(value)), 2)
  end
end

local function bad_spec(where, spec)
  return format("%s: expected a table {...}, got %s", where, describe(spec))
end

-- ui.KIND{...} for a container without content members (vstack, hstack,
-- zstack, list; each may carry an action: a tap target). The common specs
-- are walked here: nothing but nodes as items 1..n (the spec becomes the
-- children as is), or nothing but a children list. At any other key, fill
-- takes the walk over from there. `names`: the members read by name from a
-- spec with a metatable.
local function container(kind, content, names)
  local where = "ui." .. kind
  return function(spec)
    if type(spec) == "table" then
      if getmetatable(spec) ~= nil then
        spec = plain_copy(spec, names)
      end
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
      end
      local list = spec.children
      if rest == "children" and i == 0 and type(list) == "table" and next(spec, "children") == nil then
        -- the other common spec: { children = list } and nothing else
        local children, problem = list_children(list, kind)
        if children then
          return { type = kind, children = children }
        elseif children == false then
          return { type = kind }
        end
        error(problem, 2)
      end
      -- the keys before `rest` were items 1..i: resume after i
      local n, problem = fill({ type = kind, key = nil, style = nil, children = nil }, spec, content, 1, i,
        i > 0 and i or nil)
      if n then
        return n
      end
      error(problem, 2)
    elseif spec == nil then
      return { type = kind }
    end
    error(bad_spec(where, spec), 2)
  end
end

-- ui.KIND{...} for a container with content members (button): item 1 may
-- be its first member (the label), node items are its children.
local function labelled(kind, member, content, names)
  local where = "ui." .. kind
  local twice = {} -- content, the label being item 1
  for k, v in pairs(content) do
    twice[k] = v
  end
  twice[member] = "twice"
  return function(spec)
    if type(spec) == "table" then
      if getmetatable(spec) ~= nil then
        spec = plain_copy(spec, names)
      end
      local n, problem
      local k, label = next(spec)
      if k == 1 and type(label) == "string" then
        -- The common spec, { "Label", action = action }, is built here.
        local k2, action = next(spec, 1)
        if k2 == "action" and next(spec, "action") == nil and plain_action(action) then
          return { type = kind, [member] = label, action = action }
        end
        n, problem = fill({ type = kind, [member] = nil, action = nil, key = nil, style = nil, children = nil },
          spec, twice, 2, 1, 1)
      else
        label = spec[1]
        if type(label) == "string" then
          n, problem = fill({ type = kind, [member] = nil, action = nil, key = nil, style = nil, children = nil },
            spec, twice, 2, 1, nil)
        else
          label = nil
          n, problem = fill({ type = kind, [member] = nil, action = nil, key = nil, style = nil, children = nil },
            spec, content, 1, 0, nil)
        end
      end
      if n then
        if label then
          n[member] = label
        end
        return n
      end
      error(problem, 2)
    elseif spec == nil then
      return { type = kind }
    end
    error(bad_spec(where, spec), 2)
  end
end

-- ui.KIND{...} for a kind with content members and an action but no
-- children (input); `required` lists the members it needs.
local function spec_only(kind, content, required, names)
  local where = "ui." .. kind
  local count = #required
  local function missing(n) -- n: the node, or the spec (where false is missing too)
    for r = 1, count do
      local v = n[required[r]]
      if v == nil or v == false then
        return format("%s: %s is required (a string)", where, required[r])
      end
    end
  end
  return function(spec)
    if type(spec) == "table" then
      if getmetatable(spec) ~= nil then
        spec = plain_copy(spec, names)
      end
      local n, problem = fill({ type = kind, key = nil, style = nil, action = nil }, spec, content, nil, 0, nil)
      if n then
        problem = count > 0 and missing(n)
        if not problem then
          return n
        end
      elseif count > 0 then
        -- As before the walk: a key that is neither a string nor an item is
        -- named first, then an item, then a missing member, then the rest.
        local bad, item = nil, false
        for k in next, spec do
          if type(k) ~= "string" then
            if mtype(k) ~= "integer" or k <= 0 then
              bad = k
              break
            end
            item = true
          end
        end
        if bad ~= nil then
          problem = key_error(where, kind, bad)
        elseif item then
          problem = key_error(where, kind, 1)
        else
          problem = missing(spec) or problem
        end
      end
      error(problem, 2)
    elseif spec == nil then
      error(missing({}) or format("%s: the spec is missing", where), 2)
    end
    error(bad_spec(where, spec), 2)
  end
end

-- Kinds built as ui.KIND(value, props) although they take an action and
-- no children: an image is a picture first, its action (a tap target) one
-- property among others. Any other such kind is a control built from one
-- spec table, as ui.input{...} is.
local LEAF_FORM = { image = true }

-- One builder per kind a factory may build, chosen by what the contract
-- says the kind takes. A kind the DSL cannot build stops the module here.
for _, kind in ipairs(contract.kinds) do
  if not kind.engine_only then
    local name = kind.name
    KINDS[name] = true
    local content, required, names = {}, {}, {}
    for _, m in ipairs(kind.members) do
      local t = m.type
      if t == "enum" then
        t = { concat(m.values, ", ") } -- [1]: the list for messages; each value -> true
        for _, v in ipairs(m.values) do
          t[v] = true
        end
      elseif t ~= "string" and t ~= "number" and t ~= "boolean" and t ~= "options" and t ~= "binding"
        and t ~= "validation" and t ~= "runs" then
        error("sdui.ui: no check for members of type " .. tostring(t) .. " (" .. name .. "." .. m.name .. ")")
      end
      content[m.name] = t
      names[#names + 1] = m.name
      if m.required then
        required[#required + 1] = m.name
      end
    end
    if kind.action then
      content.action = "action"
      names[#names + 1] = "action"
    end
    content.accessibility = "accessibility" -- every kind takes one
    names[#names + 1] = "accessibility"
    if kind.children then
      content.children = "children"
      names[#names + 1] = "children"
    end
    if kind.children and #kind.members == 0 then
      ui[name] = container(name, content, names)
    elseif kind.children and #kind.members > 0 and #required == 0 then
      names[#names + 1] = 1
      ui[name] = labelled(name, kind.members[1].name, content, names)
    elseif not kind.children and (kind.action and not LEAF_FORM[name]
        or kind.members[1] and kind.members[1].required and kind.members[1].type ~= "string") then
      -- a kind with an action, or whose first member is typed (a paragraph's runs): ui.KIND{...}
      NO_ITEMS[name] = true
      ui[name] = spec_only(name, content, required, names)
    elseif not kind.children and #required <= 1 and (#required == 0 or kind.members[1].required) then
      local member = required[1]
      if member then
        content[member] = nil -- given first, not among the properties
      end
      ui[name] = leaf(name, member, content)
    else
      error("sdui.ui: no builder for the kind " .. name)
    end
  end
end

--- ui.action(type, payload, inputs): an action table {type = type, payload = payload,
--- inputs = inputs}; inputs (true or a list of input names) is left out when nil.
ui.action = function(action_type, payload, inputs)
  if known_types[action_type] or known_type(action_type) then
    local t = type(payload)
    if t ~= "function" and t ~= "thread" then
      if inputs == nil then
        return { type = action_type, payload = payload }
      elseif inputs == true or (type(inputs) == "table" and getmetatable(inputs) == nil) then
        return { type = action_type, payload = payload, inputs = inputs }
      end
      error(format("ui.action: inputs must be true or a list of input names, got %s", describe(inputs)), 2)
    end
    error(format("ui.action: payload must be JSON data, got %s", t), 2)
  end
  error(format('ui.action: type must be a string "service/name", got %s', describe(action_type)), 2)
end

---------------------------------------------------------------------------
-- Checks of the effect constructors (raising Invalid, see `public`).

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

local function check_action(where, _, v)
  local problem = action_problem(v)
  if problem then
    invalid("%s: %s", where, problem)
  end
  return v
end

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

--- ui.navigate{route = "/genre/drama", on_success = action, on_failure =
--- action} or ui.navigate{back = true, ...}: a "navigate" effect, which the
--- engine's navigator performs: it opens the route (asking the host's
--- "navigation/fetch" performer for its page) or goes back a page;
--- on_success gets payload.result = {route = ..., depth = ...} once the
--- page is shown, on_failure the message.
ui.navigate = public(function(spec)
  local where = "ui.navigate"
  if type(spec) ~= "table" then
    invalid("%s: expected a table {route = ...} or {back = true}, got %s", where, describe(spec))
  end
  local effect = { type = "navigate" }
  for k, v in pairs(spec) do
    if k == "route" then
      effect.route = check_string(where, k, v)
      if v == "" then invalid("%s: route must not be empty", where) end
    elseif k == "back" then
      if v ~= true then invalid("%s: back must be true, got %s", where, describe(v)) end
      effect.back = true
    elseif k == "on_success" or k == "on_failure" then
      effect[k] = check_chained(where, k, v)
    else
      invalid("%s: unknown member %s (expected route or back, on_success, on_failure)", where, describe(k))
    end
  end
  if (effect.route == nil) == (effect.back == nil) then
    invalid("%s: either route (a string) or back = true is required", where)
  end
  return effect
end)

--- ui.appearance("dark") (or "light", or "toggle": the other one): an
--- "appearance" effect, which the engine performs once the dispatch that
--- emitted it commits: it switches the theme's appearance on every page, as
--- e:set_appearance does, and saves it when "sdui/appearance" persists.
ui.appearance = public(function(value)
  if value ~= "light" and value ~= "dark" and value ~= "toggle" then
    invalid('ui.appearance: expected "light", "dark" or "toggle", got %s', describe(value))
  end
  return { type = "appearance", value = value }
end)

return ui
