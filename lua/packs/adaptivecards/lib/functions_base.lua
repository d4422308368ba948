--[[
adaptivecards.functions_base -- what the families of prebuilt functions
(functions_*.lua, assembled by functions.lua) share: the argument checks,
whose errors name the function and the argument; values as text; UTF-8
text counted in characters; and definer, which makes the def() a family
adds its functions with.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local json = require(prefix .. "json")

local base = {}

local type = type
local format, sub, lower = string.format, string.sub, string.lower
local gmatch = string.gmatch
local tointeger = math.tointeger
local utf8len = utf8.len

local fail, is_nullish, is_array, is_object = values.fail, values.is_nullish, values.is_array, values.is_object
local kind, NULL = values.kind, values.null

---------------------------------------------------------------------------
-- Arguments.

--- A short description of v for error messages: strings quoted (cut at
--- 40 bytes), numbers and booleans as written, anything else by its kind.
function base.describe(v)
  local k = kind(v)
  if k == "string" then
    return format("%q", #v > 40 and sub(v, 1, 40) .. "..." or v)
  elseif k == "number" or k == "boolean" then
    return json.text(v)
  end
  return k
end
local describe = base.describe

--- String argument i of function `name`: null and undefined read as "".
function base.str(name, v, i)
  if type(v) == "string" then
    return v
  elseif is_nullish(v) then
    return ""
  end
  fail("%s: argument %d must be a string, got %s", name, i, describe(v))
end

-- A checker of argument i of function `name`: `convert(v)` or, when that
-- is nil or false, an error saying the argument must be `what`.
local function checker(what, convert)
  return function(name, v, i)
    local checked = convert(v)
    if not checked then
      fail("%s: argument %d must be %s, got %s", name, i, what, describe(v))
    end
    return checked
  end
end

--- num(name, v, i), int, list and object: argument i of function `name`,
--- checked to be a number, an integer, an array or an object.
base.num = checker("a number", function(v) return type(v) == "number" and v end)
base.int = checker("an integer", function(v) return type(v) == "number" and tointeger(v) end)
base.list = checker("an array", function(v) return is_array(v) and v end)
base.object = checker("an object", function(v) return is_object(v) and v end)

--- True when any of the first n arguments is null or undefined.
function base.any_nullish(a, n)
  for i = 1, n do
    if is_nullish(a[i]) then
      return true
    end
  end
  return false
end

--- `v` as text for joining (the & operator, string interpolation,
--- concat()): null and undefined as "", the rest as json.text.
function base.text(v)
  if is_nullish(v) then
    return ""
  end
  return json.text(v)
end

--- A value for an array slot: undefined becomes null.
function base.slot(v)
  if v == nil then
    return NULL
  end
  return v
end

--- The def(name, min, max, fn, kind) that adds a function to `prebuilt`
--- (the entry functions.lua describes).
function base.definer(prebuilt)
  return function(name, min, max, fn, k)
    prebuilt[name] = { min = min, max = max, fn = fn, kind = k }
  end
end

---------------------------------------------------------------------------
-- UTF-8 text: lengths and positions count characters (code points).

local CHAR = "[%z\1-\127\194-\244][\128-\191]*"

--- The characters of s as an array, and their count.
function base.chars(s)
  local out, n = {}, 0
  for c in gmatch(s, CHAR) do
    n = n + 1
    out[n] = c
  end
  return out, n
end

--- The length of s in characters (in bytes when it is not UTF-8).
function base.length(s)
  return utf8len(s) or #s
end

--- ASCII case folding (the sandbox has no locale tables).
function base.fold(s)
  return lower(s)
end

return base
