--[[
adaptivecards.functions_conversion -- the conversion functions of
Adaptive Expressions: between numbers, strings, booleans and JSON (float,
int, string, bool, json, jsonStringify, formatNumber, createArray) and
between text encodings (base64, binary, dataUri, uriComponent and back).
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type, tonumber = type, tonumber
local format, sub, find, gsub, byte, char =
  string.format, string.sub, string.find, string.gsub, string.byte, string.char
local concat = table.concat
local floor, ceil, huge = math.floor, math.ceil, math.huge
local tointeger = math.tointeger

local json = require(prefix .. "json")
local fail, is_nullish, array = values.fail, values.is_nullish, values.array
local describe, str, num, int, any_nullish = base.describe, base.str, base.num, base.int, base.any_nullish
local text, slot, fold = base.text, base.slot, base.fold

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

-- s in base64 (padded with "=").
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

-- The bytes base64 text s writes (white space skipped); raises when it is not base64.
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

-- The bytes of s as an array of numbers.
local function bytes_of(s)
  local out = array()
  for i = 1, #s do
    out[i] = byte(s, i)
  end
  return out
end

-- Character c as %XX.
local function uri_escape(c)
  return format("%%%02X", byte(c))
end

-- The character of hex digits h (the XX of %XX).
local function uri_unescape(h)
  return char(tonumber(h, 16))
end

-- The number a string writes in full ("12", "-1.5", "1e3"), or nil.
local function number_in(s)
  s = s:match("^%s*(.-)%s*$")
  if not find(s, "^[%+%-]?%d*%.?%d+$") and not find(s, "^[%+%-]?%d+%.?%d*[eE][%+%-]?%d+$")
     and not find(s, "^[%+%-]?%d+%.$") then
    return nil
  end
  return tonumber(s)
end

--- Adds the conversion functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

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
end
