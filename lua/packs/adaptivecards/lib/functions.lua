--[[
adaptivecards.functions -- the prebuilt functions of Adaptive Expressions
that the templating code offers, by name in functions.prebuilt (apart from
the module's own helpers, so a template cannot call those). Each entry is

  { min = n, max = n or nil (no limit), fn = function, kind = nil | "lazy" | "iterator" }

  plain     fn(a, n, env): `a` holds the n argument values (nil = undefined)
  lazy      fn(nodes, n, env, eval): the argument nodes, evaluated on demand
            with eval(node, env) (if, and, or)
  iterator  fn(collection, apply, truthy): apply(item) evaluates the
            function's body with the iterator name bound to item, truthy is
            functions.truthy (select, foreach, where, any, all)

Null handling, as the docs describe it: string parameters take null (and
undefined) as ''; a function whose number, array or timestamp argument is
null returns undefined (nil), so the binding that called it stays as it
was written; arguments of the wrong type raise an error naming the function.
Dates are UTC; "now" is env.now (see template.expand's options.now).
Locale arguments are accepted and ignored: text is written the invariant
English way. Not offered (they need a clock, randomness, a regular
expression engine, time zones, XML or Timex): newGuid, rand, isMatch,
convertFromUTC, convertToUTC, dateReadBack, the Timex functions, xml, xPath,
jPath, setPathToValue; they fail as unsupported.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local json = require(prefix .. "json")
local datetime = require(prefix .. "datetime")

local functions = {}
--- The prebuilt functions by name (see the top).
functions.prebuilt = {}

local type, tostring, tonumber, ipairs, pairs = type, tostring, tonumber, ipairs, pairs
local next = next
local format, sub, find, gsub, lower, upper, byte, char =
  string.format, string.sub, string.find, string.gsub, string.lower, string.upper, string.byte, string.char
local gmatch = string.gmatch
local concat, sort = table.concat, table.sort
local floor, ceil, abs, sqrt, fmod, huge = math.floor, math.ceil, math.abs, math.sqrt, math.fmod, math.huge
local mtype, tointeger = math.type, math.tointeger
local utf8len = utf8.len

local fail, is_null, is_nullish, is_array, is_object = values.fail, values.is_null, values.is_nullish,
  values.is_array, values.is_object
local kind, equals, array, NULL = values.kind, values.equals, values.array, values.null

--- The largest array range() may make.
functions.max_range = 100000

---------------------------------------------------------------------------
-- Arguments.

local function describe(v)
  local k = kind(v)
  if k == "string" then
    return format("%q", #v > 40 and sub(v, 1, 40) .. "..." or v)
  elseif k == "number" or k == "boolean" then
    return json.text(v)
  end
  return k
end

-- String argument i of function `name`: null and undefined read as "".
local function str(name, v, i)
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

local num = checker("a number", function(v) return type(v) == "number" and v end)
local int = checker("an integer", function(v) return type(v) == "number" and tointeger(v) end)
local list = checker("an array", function(v) return is_array(v) and v end)
local object = checker("an object", function(v) return is_object(v) and v end)

-- True when any of the first n arguments is null or undefined.
local function any_nullish(a, n)
  for i = 1, n do
    if is_nullish(a[i]) then
      return true
    end
  end
  return false
end

--- `v` as text for joining (the & operator, string interpolation,
--- concat()): null and undefined as "", the rest as json.text.
function functions.text(v)
  if is_nullish(v) then
    return ""
  end
  return json.text(v)
end
local text = functions.text

local function def(name, min, max, fn, k)
  functions.prebuilt[name] = { min = min, max = max, fn = fn, kind = k }
end

---------------------------------------------------------------------------
-- UTF-8 text: lengths and positions count characters (code points).

local CHAR = "[%z\1-\127\194-\244][\128-\191]*"

local function chars(s)
  local out, n = {}, 0
  for c in gmatch(s, CHAR) do
    n = n + 1
    out[n] = c
  end
  return out, n
end

local function length(s)
  return utf8len(s) or #s
end

-- The character index (0-based) of byte position `b` in s.
local function char_index(s, b)
  return (utf8len(s, 1, b - 1) or b - 1)
end

-- ASCII case folding (the sandbox has no locale tables).
local function fold(s)
  return lower(s)
end

---------------------------------------------------------------------------
-- Numbers.

--- a + b with numbers; integers that would overflow become floats.
function functions.add_numbers(a, b)
  local r = a + b
  if mtype(r) == "integer" and (a >= 0) == (b >= 0) and (r >= 0) ~= (a >= 0) then
    r = a + 0.0 + b
  end
  return r
end

--- a - b with numbers, as add_numbers.
function functions.sub_numbers(a, b)
  local r = a - b
  if mtype(r) == "integer" and (a >= 0) ~= (b >= 0) and (r >= 0) ~= (a >= 0) then
    r = a + 0.0 - b
  end
  return r
end

--- a * b with numbers, as add_numbers.
function functions.mul_numbers(a, b)
  local r = a * b
  if mtype(r) == "integer" and a ~= 0 and r // a ~= b then
    r = a * 1.0 * b
  end
  return r
end

--- a / b: the integer quotient (toward zero) of two integers, else the
--- float quotient. Raises on division by zero.
function functions.div_numbers(a, b)
  if b == 0 then
    fail("division by zero")
  end
  if mtype(a) == "integer" and mtype(b) == "integer" then
    local q = a // b
    if q < 0 and q * b ~= a then
      q = q + 1
    end
    return q
  end
  return a / b
end

--- The remainder of a / b with the sign of a. Raises on division by zero.
function functions.mod_numbers(a, b)
  if b == 0 then
    fail("division by zero")
  end
  return fmod(a, b)
end

--- a to the power b; an integer when both are and the result is whole.
function functions.pow_numbers(a, b)
  local r = a ^ b
  if mtype(a) == "integer" and mtype(b) == "integer" and b >= 0 and r == floor(r) and abs(r) < 2 ^ 53 then
    return tointeger(r)
  end
  return r
end

local add_numbers, sub_numbers, mul_numbers = functions.add_numbers, functions.sub_numbers, functions.mul_numbers
local div_numbers, mod_numbers, pow_numbers = functions.div_numbers, functions.mod_numbers, functions.pow_numbers

--- a + b as the + operator and add() read it: numbers add; when either is
--- a string the two are joined as text (null as ''); otherwise null or
--- undefined on either side gives undefined.
function functions.plus(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then
    return add_numbers(a, b)
  elseif ta == "string" or tb == "string" then
    return text(a) .. text(b)
  elseif is_nullish(a) or is_nullish(b) then
    return nil
  end
  fail("cannot add %s and %s", describe(a), describe(b))
end

-- Rounds half away from zero to `digits` fractional digits.
local function round_to(x, digits)
  local m = 10 ^ digits
  local r = x * m
  r = r >= 0 and floor(r + 0.5) or -floor(-r + 0.5)
  if digits == 0 then
    return tointeger(r) or r
  end
  return r / m
end

-- Numbers of one array argument or of all the arguments (max, min).
local function number_list(name, a, n)
  local items, count = a, n
  if n == 1 and is_array(a[1]) then
    items, count = a[1], #a[1]
  end
  local out = {}
  for i = 1, count do
    if is_nullish(items[i]) then
      return nil
    end
    out[i] = num(name, items[i], i)
  end
  return out, count
end

---------------------------------------------------------------------------
-- Collections.

-- The items of an array, or of an object as {key, value} objects (keys sorted).
local function items_of(name, v)
  if is_array(v) then
    return v, #v
  elseif is_object(v) then
    local out, n = {}, 0
    for _, k in ipairs(values.sorted_keys(v)) do
      n = n + 1
      out[n] = { key = k, value = v[k] }
    end
    return out, n
  end
  fail("%s: argument 1 must be an array or an object, got %s", name, describe(v))
end

local function contains_value(t, n, v)
  for i = 1, n do
    if equals(t[i], v) then
      return true
    end
  end
  return false
end

-- A value for an array slot: undefined becomes null.
local function slot(v)
  if v == nil then
    return NULL
  end
  return v
end

-- Sort key order across types: numbers, then strings, then the rest.
local RANK = { number = 1, string = 2, boolean = 3 }

local function before(x, y)
  local rx, ry = RANK[type(x)] or 4, RANK[type(y)] or 4
  if rx ~= ry then
    return rx < ry
  elseif rx <= 2 then
    return x < y
  elseif rx == 3 then
    return x == false and y == true
  end
  return false
end

-- The value at dotted path `path` of v (sortBy's property).
local function at_path(v, path)
  for step in gmatch(path, "[^%.]+") do
    if not is_object(v) then
      return nil
    end
    v = v[step]
  end
  return v
end

local function sort_by(name, descending)
  return function(a, n)
    if is_nullish(a[1]) then
      return nil
    end
    local items, count = list(name, a[1], 1), #a[1]
    local path = n >= 2 and str(name, a[2], 2) or nil
    local keyed = {}
    for i = 1, count do
      local item = items[i]
      local key = item
      if path then
        key = at_path(item, path)
      end
      keyed[i] = { key = key, item = item, at = i }
    end
    sort(keyed, function(x, y)
      if before(x.key, y.key) then
        return not descending
      elseif before(y.key, x.key) then
        return descending
      end
      return x.at < y.at -- stable
    end)
    local out = array()
    for i = 1, count do
      out[i] = keyed[i].item
    end
    return out
  end
end

local function flatten(v, depth, out, n)
  for i = 1, #v do
    local item = v[i]
    if depth > 0 and is_array(item) then
      n = flatten(item, depth - 1, out, n)
    else
      n = n + 1
      out[n] = item
    end
  end
  return n
end

---------------------------------------------------------------------------
-- Timestamps.

-- Timestamp argument i of `name`: milliseconds since the epoch.
local function stamp(name, v, i)
  if type(v) ~= "string" then
    fail("%s: argument %d must be a timestamp string, got %s", name, i, describe(v))
  end
  local t = datetime.parse(v)
  if not t then
    fail("%s: %s is not a valid timestamp", name, describe(v))
  end
  return t
end

local function written(name, t, pattern, i)
  return datetime.format(t, pattern ~= nil and str(name, pattern, i) or nil)
end

local function now(env)
  return env.now or 0
end

-- addDays and its kin: (timestamp, amount, format?, locale?).
local function add_unit(name, unit)
  return function(a, n)
    if is_nullish(a[1]) or is_nullish(a[2]) then
      return nil
    end
    local t = datetime.add(stamp(name, a[1], 1), num(name, a[2], 2), unit)
    return written(name, t, a[3], 3)
  end
end

local function unit_of(name, v, i)
  local unit = str(name, v, i)
  local ok = datetime.add(0, 0, unit)
  if not ok then
    fail("%s: unknown time unit %s", name, describe(unit))
  end
  return unit
end

---------------------------------------------------------------------------
-- Text encodings.

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

local function base64(s)
  local out, n = {}, 0
  for i = 1, #s, 3 do
    local b1, b2, b3 = byte(s, i, i + 2)
    local v = b1 * 65536 + (b2 or 0) * 256 + (b3 or 0)
    local c1, c2, c3, c4 = v // 262144 % 64 + 1, v // 4096 % 64 + 1, v // 64 % 64 + 1, v % 64 + 1
    n = n + 1
    out[n] = sub(B64, c1, c1) .. sub(B64, c2, c2) .. (b2 and sub(B64, c3, c3) or "=") .. (b3 and sub(B64, c4, c4) or "=")
  end
  return concat(out)
end

local function unbase64(name, s)
  s = gsub(s, "%s", "")
  if #s % 4 ~= 0 or find(s, "[^%w%+/=]") or find(s, "=[^=]") then
    fail("%s: %s is not base64", name, describe(s))
  end
  local out, n = {}, 0
  for i = 1, #s, 4 do
    local v, pad = 0, 0
    for j = i, i + 3 do
      local c = sub(s, j, j)
      if c == "=" then
        pad = pad + 1
        v = v * 64
      else
        v = v * 64 + find(B64, c, 1, true) - 1
      end
    end
    local bytes = char(v // 65536 % 256, v // 256 % 256, v % 256)
    n = n + 1
    out[n] = sub(bytes, 1, 3 - pad)
  end
  return concat(out)
end

local function bytes_of(s)
  local out = array()
  for i = 1, #s do
    out[i] = byte(s, i)
  end
  return out
end

local function uri_escape(c)
  return format("%%%02X", byte(c))
end

local function uri_unescape(h)
  return char(tonumber(h, 16))
end

-- The parts of a URI: scheme, host, port, path, query; raises when it is not one.
local function uri(name, v)
  local s = str(name, v, 1)
  local scheme, authority, path, query = s:match("^(%a[%w%+%.%-]*)://([^/%?#]*)([^%?#]*)(%??[^#]*)")
  if not scheme then
    fail("%s: %s is not an absolute URI", name, describe(s))
  end
  local hostport = authority:gsub("^.*@", "")
  local host, port = hostport:match("^(%[.*%]):?(%d*)$")
  if not host then
    host, port = hostport:match("^([^:]*):?(%d*)$")
  end
  if not host or host == "" then
    fail("%s: %s has no host", name, describe(s))
  end
  port = tonumber(port)
  if not port then
    port = ({ http = 80, https = 443, ftp = 21, ws = 80, wss = 443 })[lower(scheme)]
  end
  return { scheme = lower(scheme), host = host, port = port, path = path ~= "" and path or "/", query = query }
end

---------------------------------------------------------------------------
-- String functions.

def("length", 1, 1, function(a)
  return length(str("length", a[1], 1))
end)

def("replace", 3, 3, function(a)
  local s, old, new = str("replace", a[1], 1), str("replace", a[2], 2), str("replace", a[3], 3)
  if old == "" then
    return s
  end
  local out, n, i = {}, 0, 1
  while true do
    local j, k = find(s, old, i, true)
    if not j then
      break
    end
    out[n + 1], out[n + 2], n, i = sub(s, i, j - 1), new, n + 2, k + 1
  end
  out[n + 1] = sub(s, i)
  return concat(out)
end)

def("replaceIgnoreCase", 3, 3, function(a)
  local s, old, new = str("replaceIgnoreCase", a[1], 1), str("replaceIgnoreCase", a[2], 2),
    str("replaceIgnoreCase", a[3], 3)
  if old == "" then
    return s
  end
  local folded, target = fold(s), fold(old)
  local out, n, i = {}, 0, 1
  while true do
    local j, k = find(folded, target, i, true)
    if not j then
      break
    end
    out[n + 1], out[n + 2], n, i = sub(s, i, j - 1), new, n + 2, k + 1
  end
  out[n + 1] = sub(s, i)
  return concat(out)
end)

def("split", 1, 2, function(a, n)
  local s = str("split", a[1], 1)
  local delim = n >= 2 and str("split", a[2], 2) or ""
  if delim == "" then
    return array((chars(s)))
  end
  local out, count, i = array(), 0, 1
  while true do
    local j, k = find(s, delim, i, true)
    count = count + 1
    if not j then
      out[count] = sub(s, i)
      return out
    end
    out[count] = sub(s, i, j - 1)
    i = k + 1
  end
end)

def("substring", 2, 3, function(a, n)
  local s = str("substring", a[1], 1)
  if is_nullish(a[2]) then
    return nil
  end
  local cs, len = chars(s)
  local start = int("substring", a[2], 2)
  local count = len - start
  if n >= 3 and not is_nullish(a[3]) then
    count = int("substring", a[3], 3)
  end
  if start < 0 or start > len then
    fail("substring: start index %d is out of range for a string of %d characters", start, len)
  elseif count < 0 or start + count > len then
    fail("substring: length %d from index %d is out of range for a string of %d characters", count, start, len)
  end
  return concat(cs, "", start + 1, start + count)
end)

def("toLower", 1, 2, function(a)
  return lower(str("toLower", a[1], 1))
end)

def("toUpper", 1, 2, function(a)
  return upper(str("toUpper", a[1], 1))
end)

def("trim", 1, 1, function(a)
  return (str("trim", a[1], 1):match("^%s*(.-)%s*$"))
end)

def("addOrdinal", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local v = int("addOrdinal", a[1], 1)
  local last2, last = abs(v) % 100, abs(v) % 10
  local suffix = "th"
  if last2 < 11 or last2 > 13 then
    suffix = last == 1 and "st" or last == 2 and "nd" or last == 3 and "rd" or "th"
  end
  return tostring(v) .. suffix
end)

local function starts(s, x)
  return sub(fold(s), 1, #x) == fold(x)
end

def("startsWith", 2, 2, function(a)
  return starts(str("startsWith", a[1], 1), str("startsWith", a[2], 2))
end)

def("endsWith", 2, 2, function(a)
  local s, x = str("endsWith", a[1], 1), str("endsWith", a[2], 2)
  return x == "" or sub(fold(s), -#x) == fold(x)
end)

def("countWord", 1, 1, function(a)
  local n = 0
  for _ in gmatch(str("countWord", a[1], 1), "%S+") do
    n = n + 1
  end
  return n
end)

def("concat", 1, nil, function(a, n)
  local all_arrays, any_array = true, false
  for i = 1, n do
    if is_array(a[i]) then
      any_array = true
    elseif not is_nullish(a[i]) then
      all_arrays = false
    end
  end
  if any_array and all_arrays then
    local out, count = array(), 0
    for i = 1, n do
      if is_array(a[i]) then
        for j = 1, #a[i] do
          count = count + 1
          out[count] = a[i][j]
        end
      end
    end
    return out
  end
  local parts = {}
  for i = 1, n do
    parts[i] = text(a[i])
  end
  return concat(parts, "", 1, n)
end)

local function index_of(name, last)
  return function(a)
    local hay, needle = a[1], a[2]
    if is_array(hay) then
      local from, to, step = 1, #hay, 1
      if last then
        from, to, step = #hay, 1, -1
      end
      for i = from, to, step do
        if equals(hay[i], needle) then
          return i - 1
        end
      end
      return -1
    end
    local s, x = fold(str(name, hay, 1)), fold(str(name, needle, 2))
    if not last then
      local j = find(s, x, 1, true)
      return j and char_index(s, j) or -1
    end
    local found, i = nil, 1
    while true do
      local j = find(s, x, i, true)
      if not j then
        break
      end
      found, i = j, j + 1
    end
    return found and char_index(s, found) or -1
  end
end

def("indexOf", 2, 2, index_of("indexOf", false))
def("lastIndexOf", 2, 2, index_of("lastIndexOf", true))

def("sentenceCase", 1, 2, function(a)
  local s = lower(str("sentenceCase", a[1], 1))
  return (gsub(s, "^(%s*)(%a)", function(space, c) return space .. upper(c) end))
end)

def("titleCase", 1, 2, function(a)
  local s = lower(str("titleCase", a[1], 1))
  return (gsub(s, "(%f[%w])(%a)", function(_, c) return upper(c) end))
end)

def("reverse", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) then
    return nil
  elseif is_array(v) then
    local out, n = array(), #v
    for i = 1, n do
      out[i] = v[n + 1 - i]
    end
    return out
  end
  local cs, n = chars(str("reverse", v, 1))
  local out = {}
  for i = 1, n do
    out[i] = cs[n + 1 - i]
  end
  return concat(out)
end)

def("EOL", 0, 0, function()
  return "\n"
end)

---------------------------------------------------------------------------
-- Collection functions.

def("contains", 2, 2, function(a)
  local c, v = a[1], a[2]
  if is_nullish(c) then
    return false
  elseif type(c) == "string" then
    return find(c, str("contains", v, 2), 1, true) ~= nil
  elseif is_array(c) then
    return contains_value(c, #c, v)
  elseif is_object(c) then
    return type(v) == "string" and c[v] ~= nil
  end
  fail("contains: argument 1 must be a string, an array or an object, got %s", describe(c))
end)

local function first_or_last(name, last)
  return function(a)
    local c = a[1]
    if is_nullish(c) then
      return nil
    elseif type(c) == "string" then
      local cs, n = chars(c)
      return cs[last and n or 1]
    end
    local t = list(name, c, 1)
    return t[last and #t or 1]
  end
end

def("first", 1, 1, first_or_last("first", false))
def("last", 1, 1, first_or_last("last", true))

def("join", 2, 3, function(a, n)
  if is_nullish(a[1]) then
    return nil
  end
  local t = list("join", a[1], 1)
  local delim = str("join", a[2], 2)
  local count = #t
  local parts = {}
  for i = 1, count do
    parts[i] = text(t[i])
  end
  if n >= 3 and count >= 2 then
    return concat(parts, delim, 1, count - 1) .. str("join", a[3], 3) .. parts[count]
  end
  return concat(parts, delim, 1, count)
end)

def("count", 1, 1, function(a)
  local c = a[1]
  if is_nullish(c) then
    return nil
  elseif type(c) == "string" then
    return length(c)
  elseif is_array(c) then
    return #c
  elseif is_object(c) then
    return #values.sorted_keys(c)
  end
  fail("count: argument 1 must be a string or an array, got %s", describe(c))
end)

local function mapper(name)
  return function(c, apply)
    if is_nullish(c) then
      return nil
    end
    local items, count = items_of(name, c)
    local out = array()
    for i = 1, count do
      out[i] = slot(apply(items[i]))
    end
    return out
  end
end

def("select", 3, 3, mapper("select"), "iterator")
def("foreach", 3, 3, mapper("foreach"), "iterator")

def("where", 3, 3, function(c, apply, truthy)
  if is_nullish(c) then
    return nil
  end
  local items, count = items_of("where", c)
  if is_array(c) then
    local out, n = array(), 0
    for i = 1, count do
      if truthy(apply(items[i])) then
        n = n + 1
        out[n] = items[i]
      end
    end
    return out
  end
  local out = {}
  for i = 1, count do
    if truthy(apply(items[i])) then
      out[items[i].key] = items[i].value
    end
  end
  return out
end, "iterator")

def("any", 3, 3, function(c, apply, truthy)
  if is_nullish(c) then
    return false
  end
  local items, count = items_of("any", c)
  for i = 1, count do
    if truthy(apply(items[i])) then
      return true
    end
  end
  return false
end, "iterator")

def("all", 3, 3, function(c, apply, truthy)
  if is_nullish(c) then
    return true
  end
  local items, count = items_of("all", c)
  for i = 1, count do
    if not truthy(apply(items[i])) then
      return false
    end
  end
  return true
end, "iterator")

def("union", 1, nil, function(a, n)
  if any_nullish(a, n) then
    return nil
  end
  if is_object(a[1]) then
    local out = {}
    for i = 1, n do
      for k, v in pairs(object("union", a[i], i)) do
        out[k] = v
      end
    end
    return out
  end
  local out, count, seen = array(), 0, values.set()
  for i = 1, n do
    local t = list("union", a[i], i)
    for j = 1, #t do
      if seen.add(t[j]) then
        count = count + 1
        out[count] = t[j]
      end
    end
  end
  return out
end)

def("intersection", 1, nil, function(a, n)
  if any_nullish(a, n) then
    return nil
  end
  if is_object(a[1]) then
    local out = {}
    for k in pairs(a[1]) do
      local v, everywhere = nil, true
      for i = 1, n do
        local o = object("intersection", a[i], i)
        if o[k] == nil then
          everywhere = false
          break
        end
        v = o[k]
      end
      if everywhere then
        out[k] = v
      end
    end
    return out
  end
  local sets = {}
  for i = 2, n do
    local t = list("intersection", a[i], i)
    sets[i] = values.set()
    for j = 1, #t do
      sets[i].add(t[j])
    end
  end
  local out, count, seen = array(), 0, values.set()
  local first = list("intersection", a[1], 1)
  for j = 1, #first do
    local v, everywhere = first[j], true
    for i = 2, n do
      if not sets[i].has(v) then
        everywhere = false
        break
      end
    end
    if everywhere and seen.add(v) then
      count = count + 1
      out[count] = v
    end
  end
  return out
end)

def("skip", 2, 2, function(a)
  if any_nullish(a, 2) then
    return nil
  end
  local t, k = list("skip", a[1], 1), int("skip", a[2], 2)
  local out = array()
  for i = (k > 0 and k or 0) + 1, #t do
    out[#out + 1] = t[i]
  end
  return out
end)

def("take", 2, 2, function(a)
  if any_nullish(a, 2) then
    return nil
  end
  local k = int("take", a[2], 2)
  if k < 0 then
    k = 0
  end
  if type(a[1]) == "string" then
    local cs, n = chars(a[1])
    return concat(cs, "", 1, k < n and k or n)
  end
  local t = list("take", a[1], 1)
  local out = array()
  for i = 1, (k < #t and k or #t) do
    out[i] = t[i]
  end
  return out
end)

def("subArray", 2, 3, function(a, n)
  if any_nullish(a, 2) then
    return nil
  end
  local t, from = list("subArray", a[1], 1), int("subArray", a[2], 2)
  local to = n >= 3 and int("subArray", a[3], 3) or #t
  if from < 0 or from > #t or to < from or to > #t then
    fail("subArray: the range %d to %d is out of range for an array of %d items", from, to, #t)
  end
  local out = array()
  for i = from + 1, to do
    out[i - from] = t[i]
  end
  return out
end)

def("sortBy", 1, 2, sort_by("sortBy", false))
def("sortByDescending", 1, 2, sort_by("sortByDescending", true))

def("indicesAndValues", 1, 1, function(a)
  local c = a[1]
  if is_nullish(c) then
    return nil
  end
  local out = array()
  if is_array(c) then
    for i = 1, #c do
      out[i] = { index = i - 1, value = slot(c[i]) }
    end
    return out
  end
  local items, count = items_of("indicesAndValues", c)
  for i = 1, count do
    out[i] = { index = items[i].key, value = items[i].value }
  end
  return out
end)

def("flatten", 1, 2, function(a, n)
  if is_nullish(a[1]) then
    return nil
  end
  local depth = n >= 2 and int("flatten", a[2], 2) or huge
  local out = array()
  flatten(list("flatten", a[1], 1), depth, out, 0)
  return out
end)

def("unique", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local t = list("unique", a[1], 1)
  local out, count, seen = array(), 0, values.set()
  for i = 1, #t do
    if seen.add(t[i]) then
      count = count + 1
      out[count] = t[i]
    end
  end
  return out
end)

def("merge", 1, nil, function(a, n)
  local out = {}
  local function take_object(o, i)
    for k, v in pairs(object("merge", o, i)) do
      out[k] = v
    end
  end
  for i = 1, n do
    local v = a[i]
    if is_array(v) then
      for j = 1, #v do
        take_object(v[j], i)
      end
    elseif not is_nullish(v) then
      take_object(v, i)
    end
  end
  return out
end)

---------------------------------------------------------------------------
-- Logical comparison functions.

--- The truth of a value in conditions: false, null and undefined are
--- false; everything else (0 and '' included) is true.
function functions.truthy(v)
  return v ~= nil and v ~= false and not is_null(v)
end

local truthy = functions.truthy

--- equals(a, b) and the == operator: deep equality; true equals 1 and
--- false equals 0, as the docs' equals(true, 1) shows.
function functions.same(a, b)
  local ta, tb = type(a), type(b)
  if ta == "boolean" and tb == "number" then
    return (a and 1 or 0) == b
  elseif ta == "number" and tb == "boolean" then
    return (b and 1 or 0) == a
  end
  return equals(a, b)
end

--- The ordering of a and b for <, <=, >, >=: -1, 0 or 1, or nil when
--- either is null or undefined. Numbers compare as numbers (a string that
--- reads as a number too, as in the docs' `"35" > 30`), strings by bytes;
--- raises for anything else.
function functions.order(a, b)
  if is_nullish(a) or is_nullish(b) then
    return nil
  end
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    if ta == "string" and tb == "number" then
      a, ta = tonumber(a) or a, type(tonumber(a) or a)
    elseif ta == "number" and tb == "string" then
      b, tb = tonumber(b) or b, type(tonumber(b) or b)
    end
  end
  if ta ~= tb or (ta ~= "number" and ta ~= "string") then
    fail("cannot compare %s with %s", describe(a), describe(b))
  end
  if a < b then
    return -1
  elseif a > b then
    return 1
  end
  return 0
end

local order, same = functions.order, functions.same

local function comparison(name, test)
  return function(a)
    local o = order(a[1], a[2])
    return o ~= nil and test(o)
  end
end

def("equals", 2, 2, function(a) return same(a[1], a[2]) end)
def("greater", 2, 2, comparison("greater", function(o) return o > 0 end))
def("greaterOrEquals", 2, 2, comparison("greaterOrEquals", function(o) return o >= 0 end))
def("less", 2, 2, comparison("less", function(o) return o < 0 end))
def("lessOrEquals", 2, 2, comparison("lessOrEquals", function(o) return o <= 0 end))

def("not", 1, 1, function(a) return not truthy(a[1]) end)

def("empty", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) or v == "" then
    return true
  elseif type(v) == "table" then
    return next(v) == nil
  end
  return false
end)

def("exists", 1, 1, function(a) return not is_nullish(a[1]) end)

def("if", 3, 3, function(nodes, _, env, eval)
  if truthy(eval(nodes[1], env)) then
    return eval(nodes[2], env)
  end
  return eval(nodes[3], env)
end, "lazy")

def("and", 1, nil, function(nodes, n, env, eval)
  for i = 1, n do
    if not truthy(eval(nodes[i], env)) then
      return false
    end
  end
  return true
end, "lazy")

def("or", 1, nil, function(nodes, n, env, eval)
  for i = 1, n do
    if truthy(eval(nodes[i], env)) then
      return true
    end
  end
  return false
end, "lazy")

---------------------------------------------------------------------------
-- Conversion functions.

-- The number a string writes in full ("12", "-1.5", "1e3"), or nil.
local function number_in(s)
  s = s:match("^%s*(.-)%s*$")
  if not find(s, "^[%+%-]?%d*%.?%d+$") and not find(s, "^[%+%-]?%d+%.?%d*[eE][%+%-]?%d+$")
     and not find(s, "^[%+%-]?%d+%.$") then
    return nil
  end
  return tonumber(s)
end

def("float", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) then
    return nil
  elseif type(v) == "number" then
    return v + 0.0
  end
  local x = type(v) == "string" and number_in(v)
  if not x then
    fail("float: %s is not a number", describe(v))
  end
  return x + 0.0
end)

def("int", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) then
    return nil
  end
  local x = type(v) == "number" and v or type(v) == "string" and number_in(v)
  if not x or x ~= x or x == huge or x == -huge then
    fail("int: %s is not a number", describe(v))
  end
  local i = tointeger(x >= 0 and floor(x) or ceil(x))
  if not i then
    fail("int: %s is out of the integer range", describe(v))
  end
  return i
end)

def("string", 1, 2, function(a)
  return text(a[1])
end)

def("bool", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) then
    return false
  elseif type(v) == "boolean" then
    return v
  elseif type(v) == "number" then
    return v ~= 0
  elseif type(v) == "string" then
    local l = fold(v)
    if l == "false" or l == "" then
      return false
    elseif l == "true" then
      return true
    end
    local x = number_in(v)
    return x == nil or x ~= 0
  end
  return true
end)

def("createArray", 0, nil, function(a, n)
  local out = array()
  for i = 1, n do
    out[i] = slot(a[i])
  end
  return out
end)

def("json", 1, 1, function(a)
  local v = a[1]
  if is_nullish(v) then
    return nil
  elseif type(v) ~= "string" then
    return v
  end
  local out, err = json.decode(v)
  if err then
    fail("json: %s is not JSON (%s)", describe(v), err)
  end
  return out
end)

def("jsonStringify", 1, 1, function(a)
  return json.encode(a[1])
end)

def("formatNumber", 2, 3, function(a)
  if any_nullish(a, 2) then
    return nil
  end
  local x, digits = num("formatNumber", a[1], 1), int("formatNumber", a[2], 2)
  if digits < 0 or digits > 20 then
    fail("formatNumber: %d fractional digits is out of range (0 to 20)", digits)
  end
  local s = format("%." .. digits .. "f", x)
  local sign, whole, frac = s:match("^(%-?)(%d+)(.*)$")
  if not whole then
    return s -- inf, nan
  end
  whole = whole:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", "")
  if sign == "-" and not find(whole .. frac, "[1-9]") then
    sign = ""
  end
  return sign .. whole .. frac
end)

def("base64", 1, 1, function(a)
  return base64(str("base64", a[1], 1))
end)

def("base64ToString", 1, 1, function(a)
  return unbase64("base64ToString", str("base64ToString", a[1], 1))
end)

def("base64ToBinary", 1, 1, function(a)
  return bytes_of(unbase64("base64ToBinary", str("base64ToBinary", a[1], 1)))
end)

def("binary", 1, 1, function(a)
  return bytes_of(str("binary", a[1], 1))
end)

def("dataUri", 1, 1, function(a)
  return "data:text/plain;charset=utf-8;base64," .. base64(str("dataUri", a[1], 1))
end)

def("dataUriToString", 1, 1, function(a)
  local s = str("dataUriToString", a[1], 1)
  local meta, payload = s:match("^data:([^,]*),(.*)$")
  if not meta then
    fail("dataUriToString: %s is not a data URI", describe(s))
  end
  if find(meta, ";base64$") then
    return unbase64("dataUriToString", payload)
  end
  return (gsub(payload, "%%(%x%x)", uri_unescape))
end)

def("uriComponent", 1, 1, function(a)
  return (gsub(str("uriComponent", a[1], 1), "[^%w%-_%.!~%*'%(%)]", uri_escape))
end)

def("uriComponentToString", 1, 1, function(a)
  return (gsub(str("uriComponentToString", a[1], 1), "%%(%x%x)", uri_unescape))
end)

---------------------------------------------------------------------------
-- Math functions.

local function binary_math(name, op)
  return function(a)
    if any_nullish(a, 2) then
      return nil
    end
    return op(num(name, a[1], 1), num(name, a[2], 2))
  end
end

def("add", 2, nil, function(a, n)
  local acc = a[1]
  for i = 2, n do
    acc = functions.plus(acc, a[i])
  end
  return acc
end)

def("sub", 2, 2, binary_math("sub", sub_numbers))
def("mul", 2, nil, function(a, n)
  if any_nullish(a, n) then
    return nil
  end
  local acc = num("mul", a[1], 1)
  for i = 2, n do
    acc = mul_numbers(acc, num("mul", a[i], i))
  end
  return acc
end)
def("div", 2, 2, binary_math("div", div_numbers))
def("mod", 2, 2, binary_math("mod", mod_numbers))
def("exp", 2, 2, binary_math("exp", pow_numbers))

def("abs", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  return abs(num("abs", a[1], 1))
end)

def("sqrt", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local x = num("sqrt", a[1], 1)
  if x < 0 then
    fail("sqrt: %s is negative", describe(x))
  end
  local r = sqrt(x)
  return r == floor(r) and tointeger(r) or r
end)

local function extreme(name, pick)
  return function(a, n)
    local t, count = number_list(name, a, n)
    if not t or count == 0 then
      return nil
    end
    local best = t[1]
    for i = 2, count do
      if pick(t[i], best) then
        best = t[i]
      end
    end
    return best
  end
end

def("max", 1, nil, extreme("max", function(x, best) return x > best end))
def("min", 1, nil, extreme("min", function(x, best) return x < best end))

def("sum", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local t = number_list("sum", { list("sum", a[1], 1) }, 1)
  if not t then
    return nil
  end
  local acc = 0
  for i = 1, #t do
    acc = add_numbers(acc, t[i])
  end
  return acc
end)

def("average", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local t = number_list("average", { list("average", a[1], 1) }, 1)
  if not t or #t == 0 then
    return nil
  end
  local acc = 0
  for i = 1, #t do
    acc = acc + t[i]
  end
  local r = acc / #t
  return r == floor(r) and tointeger(r) or r
end)

def("range", 2, 2, function(a)
  if any_nullish(a, 2) then
    return nil
  end
  local start, count = int("range", a[1], 1), int("range", a[2], 2)
  if count < 0 or count > functions.max_range then
    fail("range: count %d is out of range (0 to %d)", count, functions.max_range)
  end
  local out = array()
  for i = 1, count do
    out[i] = start + i - 1
  end
  return out
end)

def("floor", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local x = num("floor", a[1], 1)
  return tointeger(floor(x)) or floor(x)
end)

def("ceiling", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local x = num("ceiling", a[1], 1)
  return tointeger(ceil(x)) or ceil(x)
end)

def("round", 1, 2, function(a, n)
  if is_nullish(a[1]) then
    return nil
  end
  local x = num("round", a[1], 1)
  local digits = n >= 2 and int("round", a[2], 2) or 0
  if digits < 0 or digits > 15 then
    fail("round: %d fractional digits is out of range (0 to 15)", digits)
  end
  return round_to(x, digits)
end)

---------------------------------------------------------------------------
-- Date and time functions.

def("addDays", 2, 4, add_unit("addDays", "day"))
def("addHours", 2, 4, add_unit("addHours", "hour"))
def("addMinutes", 2, 4, add_unit("addMinutes", "minute"))
def("addSeconds", 2, 4, add_unit("addSeconds", "second"))

def("addToTime", 3, 5, function(a)
  if any_nullish(a, 3) then
    return nil
  end
  local t = datetime.add(stamp("addToTime", a[1], 1), num("addToTime", a[2], 2), unit_of("addToTime", a[3], 3))
  return written("addToTime", t, a[4], 4)
end)

def("subtractFromTime", 3, 5, function(a)
  if any_nullish(a, 3) then
    return nil
  end
  local t = datetime.add(stamp("subtractFromTime", a[1], 1), -num("subtractFromTime", a[2], 2),
    unit_of("subtractFromTime", a[3], 3))
  return written("subtractFromTime", t, a[4], 4)
end)

def("getFutureTime", 2, 4, function(a, _, env)
  if any_nullish(a, 2) then
    return nil
  end
  local t = datetime.add(now(env), num("getFutureTime", a[1], 1), unit_of("getFutureTime", a[2], 2))
  return written("getFutureTime", t, a[3], 3)
end)

def("getPastTime", 2, 4, function(a, _, env)
  if any_nullish(a, 2) then
    return nil
  end
  local t = datetime.add(now(env), -num("getPastTime", a[1], 1), unit_of("getPastTime", a[2], 2))
  return written("getPastTime", t, a[3], 3)
end)

def("utcNow", 0, 2, function(a, _, env)
  return written("utcNow", now(env), a[1], 1)
end)

def("formatDateTime", 1, 3, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  return written("formatDateTime", stamp("formatDateTime", a[1], 1), a[2], 2)
end)

def("formatEpoch", 1, 3, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local ms = num("formatEpoch", a[1], 1) * 1000
  return written("formatEpoch", tointeger(floor(ms + 0.5)) or fail("formatEpoch: out of range"), a[2], 2)
end)

def("formatTicks", 1, 3, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local ticks = int("formatTicks", a[1], 1)
  return written("formatTicks", (ticks - datetime.TICKS_AT_EPOCH) // datetime.TICKS_PER_MS, a[2], 2)
end)

local function start_of(name, cut)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    local f = datetime.fields(stamp(name, a[1], 1))
    return written(name, cut(f), a[2], 2)
  end
end

def("startOfDay", 1, 3, start_of("startOfDay", function(f)
  return datetime.from_fields(f.year, f.month, f.day)
end))
def("startOfHour", 1, 3, start_of("startOfHour", function(f)
  return datetime.from_fields(f.year, f.month, f.day, f.hour)
end))
def("startOfMonth", 1, 3, start_of("startOfMonth", function(f)
  return datetime.from_fields(f.year, f.month, 1)
end))

local function field(name, pick)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return pick(datetime.fields(stamp(name, a[1], 1)))
  end
end

def("dayOfMonth", 1, 1, field("dayOfMonth", function(f) return f.day end))
def("dayOfWeek", 1, 1, field("dayOfWeek", function(f) return f.weekday end))
def("dayOfYear", 1, 1, field("dayOfYear", function(f) return f.yearday end))
def("month", 1, 1, field("month", function(f) return f.month end))
def("year", 1, 1, field("year", function(f) return f.year end))
def("date", 1, 1, field("date", function(f) return format("%d/%d/%d", f.month, f.day, f.year) end))

def("getTimeOfDay", 1, 1, field("getTimeOfDay", function(f)
  local minutes = f.hour * 60 + f.minute
  if minutes == 0 then
    return "midnight"
  elseif minutes < 12 * 60 then
    return "morning"
  elseif minutes < 18 * 60 then
    return "afternoon"
  elseif minutes <= 22 * 60 then
    return "evening"
  end
  return "night"
end))

def("ticks", 1, 1, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  return stamp("ticks", a[1], 1) * datetime.TICKS_PER_MS + datetime.TICKS_AT_EPOCH
end)

local function ticks_to(name, per)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return int(name, a[1], 1) / per
  end
end

def("ticksToDays", 1, 1, ticks_to("ticksToDays", 864000000000))
def("ticksToHours", 1, 1, ticks_to("ticksToHours", 36000000000))
def("ticksToMinutes", 1, 1, ticks_to("ticksToMinutes", 600000000))

def("dateTimeDiff", 2, 2, function(a)
  if any_nullish(a, 2) then
    return nil
  end
  return (stamp("dateTimeDiff", a[1], 1) - stamp("dateTimeDiff", a[2], 2)) * datetime.TICKS_PER_MS
end)

---------------------------------------------------------------------------
-- URI parsing functions.

def("uriHost", 1, 1, function(a) return uri("uriHost", a[1]).host end)
def("uriPath", 1, 1, function(a) return uri("uriPath", a[1]).path end)
def("uriPathAndQuery", 1, 1, function(a)
  local u = uri("uriPathAndQuery", a[1])
  return u.path .. u.query
end)
def("uriPort", 1, 1, function(a) return uri("uriPort", a[1]).port end)
def("uriQuery", 1, 1, function(a) return uri("uriQuery", a[1]).query end)
def("uriScheme", 1, 1, function(a) return uri("uriScheme", a[1]).scheme end)

---------------------------------------------------------------------------
-- Object manipulation and construction functions.

local function shallow_copy(o)
  local out = {}
  for k, v in pairs(o) do
    out[k] = v
  end
  return out
end

def("addProperty", 3, 3, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local o, k = object("addProperty", a[1], 1), str("addProperty", a[2], 2)
  if o[k] ~= nil then
    fail("addProperty: the object already has a property %s", describe(k))
  end
  local out = shallow_copy(o)
  out[k] = a[3]
  return out
end)

def("setProperty", 3, 3, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local out = shallow_copy(object("setProperty", a[1], 1))
  out[str("setProperty", a[2], 2)] = a[3]
  return out
end)

def("removeProperty", 2, 2, function(a)
  if is_nullish(a[1]) then
    return nil
  end
  local out = shallow_copy(object("removeProperty", a[1], 1))
  out[str("removeProperty", a[2], 2)] = nil
  return out
end)

def("getProperty", 1, 2, function(a, n, env)
  if n == 1 then
    local d = env.data
    if not is_object(d) then
      return nil
    end
    return d[str("getProperty", a[1], 1)]
  end
  if is_nullish(a[1]) then
    return nil
  end
  return object("getProperty", a[1], 1)[str("getProperty", a[2], 2)]
end)

def("coalesce", 1, nil, function(a, n)
  for i = 1, n do
    if not is_nullish(a[i]) then
      return a[i]
    end
  end
  return NULL
end)

---------------------------------------------------------------------------
-- Type checking functions.

def("isInteger", 1, 1, function(a) return type(a[1]) == "number" and values.is_integral(a[1]) end)
def("isFloat", 1, 1, function(a) return type(a[1]) == "number" and not values.is_integral(a[1]) end)
def("isBoolean", 1, 1, function(a) return type(a[1]) == "boolean" end)
def("isArray", 1, 1, function(a) return is_array(a[1]) end)
def("isObject", 1, 1, function(a) return is_object(a[1]) end)
def("isString", 1, 1, function(a) return type(a[1]) == "string" end)
def("isDateTime", 1, 1, function(a) return datetime.is_iso(a[1]) end)

---------------------------------------------------------------------------

--- Documented functions this templater does not offer (see the top).
functions.unsupported = {}
for name in gmatch("newGuid rand isMatch convertFromUTC convertToUTC dateReadBack getNextViableDate "
  .. "getNextViableTime getPreviousViableDate getPreviousViableTime isPresent isDuration isTime isDate "
  .. "isTimeRange isDateRange isDefinite resolve xml xPath jPath setPathToValue dataUriToBinary", "%S+") do
  functions.unsupported[name] = true
end

return functions
