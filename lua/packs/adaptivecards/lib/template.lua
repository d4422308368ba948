--[[
adaptivecards.template -- expands an Adaptive Card template with data, as
the Adaptive Cards Templating language describes it.

    local template = require "lib.template"   -- in the pack (lua/packs/adaptivecards)
    local card, err = template.expand(TEMPLATE, DATA)   -- err: "$.body[2].text: unknown function 'foo'"

The template and the data are JSON values as the sdui binding decodes them
(adaptivecards.values): objects are tables, arrays carry the array
metatable, null is sdui.null. The result is a new value: the inputs are not
changed, arrays stay arrays (even empty ones) and nulls stay null.

Strings
  "${expr}"           exactly one binding: the expression's value, with its
                      type (number, boolean, object, array, string)
  "Hi ${name}!"       interpolated: each binding's value as text (numbers as
                      JavaScript writes them, objects and arrays as JSON)
  A binding whose value is undefined or null is left as it was written:
  "${lastName}" stays "${lastName}", "${a} ${b}" with no b gives "A ${b}".
  "\${" writes a literal "${". Object keys are not expanded.
  The expressions are Adaptive Expressions (adaptivecards.expression).

Elements (any object)
  "$data": value or "${expr}"   the element's data: names in its bindings
                      read from it. An array repeats the element once per
                      item, $index being the item's 0-based index: inside an
                      array the copies take the element's place; elsewhere
                      they make an array. A $data that is null or undefined
                      (a missing property) drops the element.
  "$when": "${expr}"  the element is dropped unless the condition holds
                      (false, null and undefined fail; so does the string
                      "false"); evaluated with the element's own $data, so
                      once per repeated copy.
  Both members are removed from the result. A dropped element leaves its
  array, or its object member, out.

Scopes: $data (the current data), $root (the data given to expand, or the
root element's own $data when none is given), $index, $host (the host data).

Errors (a malformed binding, an unknown function, a wrong argument count,
a type error or a division by zero while evaluating) return nil and the
message, which names the place in the template as a JSON path. Nesting
deeper than template.max_depth levels (template, data or expressions) is an
error too, never a stack overflow.

Plain Lua with no globals: runs in the script host's sandbox. Requires its
sibling modules by its own name's prefix ("lib.template" finds
"lib.expression").
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local json = require(prefix .. "json")
local datetime = require(prefix .. "datetime")
local expression = require(prefix .. "expression")

local template = { _VERSION = "adaptivecards.template 0.1.0" }

local type, pairs, pcall, error, getmetatable, setmetatable = type, pairs, pcall, error, getmetatable, setmetatable
local concat = table.concat
local lower = string.lower

local is_nullish, is_array, export = values.is_nullish, values.is_array, values.export
local evaluate, parse_template, truthy = expression.evaluate, expression.parse_template, expression.truthy

--- How deeply a template may nest.
template.max_depth = values.max_depth

---------------------------------------------------------------------------
-- The walk. st: { cache = parsed strings, path = keys from the root, np,
-- null = the null of results }. Every expand function returns the value
-- and how to place it: nil (as it is), "drop" (leave it out) or "spread"
-- (an array whose items take the element's place in its array).

-- The parts of template string `s` (false: nothing to expand), parsed once per expansion.
local function parsed(s, st)
  local parts = st.cache[s]
  if parts == nil then
    parts = parse_template(s) or false
    st.cache[s] = parts
  end
  return parts
end

local function expand_string(s, env, st)
  local parts = parsed(s, st)
  if not parts then
    return s
  elseif parts.single then
    local v = evaluate(parts.single.node, env)
    if is_nullish(v) then
      return s
    end
    return export(v, st.null)
  end
  local out = {}
  for i = 1, parts.n do
    local part = parts[i]
    if type(part) == "string" then
      out[i] = part
    else
      local v = evaluate(part.node, env)
      out[i] = is_nullish(v) and part.text or json.text(v)
    end
  end
  return concat(out, "", 1, parts.n)
end

local expand

local function push(st, key)
  local np = st.np + 1
  st.np = np
  st.path[np] = key
end

local function enter(depth)
  if depth >= template.max_depth then
    values.fail("template nested deeper than %d levels", template.max_depth)
  end
end

local function expand_array(t, env, st, depth)
  enter(depth)
  local mt = getmetatable(t)
  local out, n = setmetatable({}, is_array(t) and mt or values.array_mt), 0
  for i = 1, #t do
    push(st, i - 1)
    local v, how = expand(t[i], env, st, depth + 1)
    st.np = st.np - 1
    if how == "spread" then
      for j = 1, #v do
        n = n + 1
        out[n] = v[j]
      end
    elseif how ~= "drop" and v ~= nil then
      n = n + 1
      out[n] = v
    end
  end
  return out
end

-- The value of a $data or $when member, raw: a single binding's value
-- (nil when undefined), a template string's text, a literal expanded.
local function member_value(v, env, st, depth)
  if type(v) == "string" then
    local parts = parsed(v, st)
    if parts and parts.single then
      return evaluate(parts.single.node, env)
    end
    return expand_string(v, env, st)
  elseif type(v) == "table" and not values.is_null(v) then
    local out, how = expand(v, env, st, depth + 1)
    if how == "drop" then
      return nil
    end
    return out
  end
  return v
end

-- The element `t` in scope `env`, with its $data already applied.
local function expand_element(t, env, st, depth)
  local when = t["$when"]
  if when ~= nil then
    push(st, "$when")
    local v = member_value(when, env, st, depth)
    st.np = st.np - 1
    if not truthy(v) or (type(v) == "string" and lower(v) == "false") then
      return nil, "drop"
    end
  end
  local out = {}
  for k, v in pairs(t) do
    if k ~= "$data" and k ~= "$when" then
      push(st, k)
      local r, how = expand(v, env, st, depth + 1)
      st.np = st.np - 1
      if how ~= "drop" then
        out[k] = r
      end
    end
  end
  return out
end

local function scope(env, data, index)
  return { data = data, root = env.root, host = env.host, index = index, now = env.now }
end

local function expand_object(t, env, st, depth)
  enter(depth)
  local data = t["$data"]
  if data == nil then
    return expand_element(t, env, st, depth)
  end
  push(st, "$data")
  data = member_value(data, env, st, depth)
  st.np = st.np - 1
  if is_nullish(data) then
    return nil, "drop"
  end
  if env.root == nil then -- inline data of a template expanded with none
    env = scope(env, env.data, env.index)
    env.root = data
  end
  if not is_array(data) then
    return expand_element(t, scope(env, data, env.index), st, depth)
  end
  local out, n = values.array(), 0
  for i = 1, #data do
    local v, how = expand_element(t, scope(env, data[i], i - 1), st, depth)
    if how ~= "drop" then
      n = n + 1
      out[n] = v
    end
  end
  return out, "spread"
end

expand = function(v, env, st, depth)
  local t = type(v)
  if t == "string" then
    return expand_string(v, env, st)
  elseif t == "table" and not values.is_null(v) then
    if is_array(v) then
      return expand_array(v, env, st, depth)
    end
    return expand_object(v, env, st, depth)
  end
  return v
end

-- "$.body[2].text" for the keys in st.path.
local function path_text(st)
  local out = { "$" }
  for i = 1, st.np do
    out[i + 1] = values.path_step(st.path[i])
  end
  return concat(out)
end

-- The caller's "now" in milliseconds since the epoch.
local function now_of(now)
  if type(now) == "number" then
    return math.tointeger(now) or math.floor(now)
  elseif type(now) == "string" then
    local t = datetime.parse(now)
    if not t then
      values.fail("options.now: %q is not a timestamp", now)
    end
    return t
  end
  return 0
end

--- The null value results use: options.null, else sdui.null when the sdui
--- module is loaded (package.loaded.sdui; never in the script sandbox),
--- else nil.
local function null_of(options)
  if options and options.null ~= nil then
    return options.null
  end
  local loaded = type(package) == "table" and type(package.loaded) == "table" and package.loaded.sdui
  return type(loaded) == "table" and loaded.null or nil
end

--- Expands Adaptive Card template `card` (any JSON value) with `data`
--- ($root and the first $data) and optional `host` ($host). Returns the
--- expanded value, or nil and "$.path: message".
---
--- options (optional):
---   now   the current time for utcNow, getFutureTime, getPastTime: a
---         timestamp string or milliseconds since the epoch; without it
---         "now" is 1970-01-01T00:00:00.000Z, so results never depend on
---         the clock
---   null  the value to write for JSON nulls that expressions compute
---         (json('null'), createArray(null), ...); by default sdui.null
---         when the sdui module is loaded, else nil: such nulls are left
---         out of their objects and arrays. Nulls of the template and the
---         data are kept as they are.
--- A root element dropped by $when (or by a null $data) gives the null
--- value (see options.null) and no message; a root element repeated by an
--- array $data gives an array.
function template.expand(card, data, host, options)
  local st = { cache = {}, path = {}, np = 0 }
  local ok, result, how = pcall(function()
    st.null = null_of(options)
    local env = { data = data, root = data, host = host, now = now_of(options and options.now) }
    return expand(card, env, st, 0)
  end)
  if not ok then
    if values.is_error(result) then
      return nil, path_text(st) .. ": " .. result.message
    end
    error(result, 0)
  end
  if how == "drop" then
    return st.null
  end
  return result
end

return template
