--[[
adaptivecards.values -- the JSON values the templating code works on, as
the sdui binding decodes them:

  object   a plain table with string keys
  array    a table whose metatable is named "sdui.array" (the binding's own
           marker, sdui.array / ui.array; this module's values.array_mt has
           the same name, which the binding's encoder accepts). A table with
           no metatable and an item at [1] counts as an array too, as the
           encoder treats it.
  null     JSON null: the binding's light userdata NULL (sdui.null); the
           expression code makes values.null, a private marker, for nulls it
           computes, and values.export swaps it for the caller's null
  string, number (integer or float), boolean

nil stands for "undefined": a property that is not there.

Plain Lua, no globals, no dependencies: runs in the script host's sandbox.
]]

local values = {}

local type, pairs, getmetatable, setmetatable = type, pairs, getmetatable, setmetatable
local rawget, tostring, tonumber, error = rawget, tostring, tonumber, error
local floor, huge, mtype, tointeger = math.floor, math.huge, math.type, math.tointeger
local format, find = string.format, string.find

--- The metatable that marks the arrays this code makes.
values.array_mt = { __name = "sdui.array" }

--- JSON null as the expression code computes it (see values.export).
values.null = setmetatable({}, { __name = "adaptivecards.null", __tostring = function() return "null" end })

local ARRAY_MT, NULL = values.array_mt, values.null

--- The deepest a value may nest before copying or writing it fails.
values.max_depth = 512

--- The metatable of the errors the templating code raises (error(e, 0) with
--- e.message); template.expand turns them into nil, "$.path: message".
values.Error = { __name = "adaptivecards.error", __tostring = function(e) return e.message end }

--- Raises a templating error with a formatted message.
function values.fail(fmt, ...)
  error(setmetatable({ message = format(fmt, ...) }, values.Error), 0)
end

--- True when `e` is an error raised by values.fail.
function values.is_error(e)
  return type(e) == "table" and getmetatable(e) == values.Error
end

--- True when `v` is JSON null (the binding's NULL or values.null).
function values.is_null(v)
  return v == NULL or type(v) == "userdata"
end

--- True when `v` is undefined (nil) or null.
function values.is_nullish(v)
  return v == nil or v == NULL or type(v) == "userdata"
end

--- True when `v` is a JSON array.
function values.is_array(v)
  if type(v) ~= "table" or v == NULL then
    return false
  end
  local mt = getmetatable(v)
  if mt == nil then
    return rawget(v, 1) ~= nil
  end
  return mt == ARRAY_MT or (type(mt) == "table" and rawget(mt, "__name") == "sdui.array")
end

--- True when `v` is a JSON object.
function values.is_object(v)
  return type(v) == "table" and v ~= NULL and not values.is_array(v)
end

--- Marks `t` (or a new table) as an array and returns it.
function values.array(t)
  return setmetatable(t or {}, ARRAY_MT)
end

--- The JSON type of `v`: "null", "boolean", "number", "string", "array" or "object"
--- ("undefined" for nil, "function" and the like for what JSON cannot hold).
function values.kind(v)
  local t = type(v)
  if t == "table" then
    if v == NULL then
      return "null"
    end
    return values.is_array(v) and "array" or "object"
  elseif t == "userdata" then
    return "null"
  elseif t == "nil" then
    return "undefined"
  end
  return t
end

--- The keys of object `t`, sorted: objects are walked in this order so that
--- every result is the same from one run to the next.
function values.sorted_keys(t)
  local keys, n = {}, 0
  for k in pairs(t) do
    if type(k) == "string" then
      n = n + 1
      keys[n] = k
    end
  end
  table.sort(keys)
  return keys
end

--- True when `v` is a number with no fractional part.
function values.is_integral(v)
  return mtype(v) == "integer" or (mtype(v) == "float" and v == floor(v) and v - v == 0)
end

--- The number `n` as JavaScript writes it: integers without a fraction,
--- other floats with the fewest digits that read back the same.
function values.number_text(n)
  if mtype(n) == "integer" then
    return format("%d", n)
  elseif n ~= n then
    return "NaN"
  elseif n == huge then
    return "Infinity"
  elseif n == -huge then
    return "-Infinity"
  elseif n == floor(n) and n > -1e21 and n < 1e21 then
    local i = tointeger(n)
    return i and format("%d", i) or format("%.0f", n)
  end
  local s
  for digits = 1, 17 do
    s = format("%." .. digits .. "g", n)
    if tonumber(s) == n then
      break
    end
  end
  -- 1e-07 -> 1e-7, 1e+21 stays: the exponent without its leading zeros.
  local mantissa, sign, exponent = s:match("^(.-)e([%+%-])0*(%d+)$")
  if mantissa then
    s = mantissa .. "e" .. sign .. exponent
  end
  return s
end

-- Deep equality at `depth` (see values.equals).
local function equals(a, b, depth)
  if a == b then
    return true
  end
  local ka, kb = values.kind(a), values.kind(b)
  if ka == "undefined" then
    ka = "null"
  end
  if kb == "undefined" then
    kb = "null"
  end
  if ka ~= kb then
    return false
  elseif ka == "null" then
    return true
  elseif ka ~= "array" and ka ~= "object" then
    return false
  elseif depth >= values.max_depth then
    values.fail("value nested deeper than %d levels", values.max_depth)
  elseif ka == "array" then
    local n = #a
    if #b ~= n then
      return false
    end
    for i = 1, n do
      if not equals(a[i], b[i], depth + 1) then
        return false
      end
    end
    return true
  end
  for k, v in pairs(a) do
    if not equals(v, b[k], depth + 1) then
      return false
    end
  end
  for k in pairs(b) do
    if a[k] == nil then
      return false
    end
  end
  return true
end

--- Deep equality of two JSON values; numbers compare by value (1 == 1.0),
--- undefined equals null. Raises past values.max_depth levels.
function values.equals(a, b)
  return equals(a, b, 0)
end

--- A set of JSON values by equality (values.equals): set.add(v) adds v and
--- returns true when it was not there yet; set.has(v). Strings, numbers and
--- booleans are found in constant time, arrays and objects by comparison.
function values.set()
  local scalars, tables, n = {}, {}, 0
  local set = {}
  function set.has(v)
    local t = type(v)
    if (t == "string" or t == "boolean" or t == "number") and v == v then
      return scalars[v] == true
    end
    for i = 1, n do
      if values.equals(tables[i], v) then
        return true
      end
    end
    return false
  end
  function set.add(v)
    if set.has(v) then
      return false
    end
    local t = type(v)
    if (t == "string" or t == "boolean" or t == "number") and v == v then
      scalars[v] = true
    else
      n = n + 1
      tables[n] = v
    end
    return true
  end
  return set
end

-- The copy of `v` at `depth`; nulls become `null` (nil: left out).
local function copy(v, null, depth)
  local t = type(v)
  if t == "table" then
    if v == NULL then
      return null
    end
    if depth >= values.max_depth then
      values.fail("value nested deeper than %d levels", values.max_depth)
    end
    local out = {}
    if values.is_array(v) then
      local n = 0
      for i = 1, #v do
        local item = copy(v[i], null, depth + 1)
        if item ~= nil then
          n = n + 1
          out[n] = item
        end
      end
      local mt = getmetatable(v)
      return setmetatable(out, mt ~= nil and mt or ARRAY_MT)
    end
    for k, item in pairs(v) do
      if type(k) == "string" then
        out[k] = copy(item, null, depth + 1)
      end
    end
    return out
  elseif t == "userdata" then
    return v
  end
  return v
end

--- A deep copy of `v` for a result: new tables, arrays still marked as
--- arrays (even empty), values.null replaced by `null` (when `null` is nil,
--- computed nulls are left out of objects and arrays). Raises a template
--- error past values.max_depth levels (or on a cycle).
function values.export(v, null)
  return copy(v, null, 0)
end

--- True when `s` holds only ASCII letters, digits, '_' and '$' and does not
--- start with a digit: a key a JSON path may write after a dot.
function values.is_plain_key(s)
  return find(s, "^[%a_%$][%w_%$]*$") ~= nil
end

--- `k` as a JSON path step: ".name", "['odd key']" or "[3]".
function values.path_step(k)
  if type(k) == "number" then
    return "[" .. tostring(k) .. "]"
  elseif values.is_plain_key(k) then
    return "." .. k
  end
  return "['" .. k:gsub("\\", "\\\\"):gsub("'", "\\'") .. "']"
end

return values
