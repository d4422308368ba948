--[[
adaptivecards.json -- JSON text and values (adaptivecards.values), for the
expression functions json(), jsonStringify() and string(), and for values
written into interpolated strings.

  json.decode(text)  -> value, or nil and a message. Objects, arrays marked
                        as arrays, values.null for null. Like the Adaptive
                        Expressions json() it also reads strings in single
                        quotes: json("{'name': 'jack'}").
  json.encode(v)     -> compact JSON text, object keys sorted.
  json.text(v)       -> v as text in a string: strings as they are, numbers
                        as JavaScript writes them, the rest as JSON.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")

local json = {}

local type, tostring, tonumber, ipairs, pcall, error = type, tostring, tonumber, ipairs, pcall, error
local byte, sub, find, format, char = string.byte, string.sub, string.find, string.format, string.char
local concat = table.concat
local tointeger = math.tointeger
local utf8char = utf8.char

local is_array, is_null, number_text = values.is_array, values.is_null, values.number_text
local NULL = values.null

---------------------------------------------------------------------------
-- Decoding.

local ESCAPES = { [34] = '"', [39] = "'", [92] = "\\", [47] = "/", [98] = "\b", [102] = "\f", [110] = "\n",
                  [114] = "\r", [116] = "\t" }

-- Decoder state: s (text), pos (next byte), depth.
local function fail(d, what)
  values.fail("json: %s at offset %d", what, d.pos - 1)
end

local function skip_space(d)
  d.pos = find(d.s, "[^ \t\r\n]", d.pos) or #d.s + 1
end

local function hex4(d, at)
  local h = sub(d.s, at, at + 3)
  if not find(h, "^%x%x%x%x$") then
    d.pos = at
    fail(d, "bad \\u escape")
  end
  return tonumber(h, 16)
end

local function decode_string(d, quote)
  local s, i = d.s, d.pos + 1
  local parts, n = {}, 0
  while true do
    local j = find(s, quote == 34 and '["\\%c]' or "['\\%c]", i)
    if not j then
      d.pos = #s + 1
      fail(d, "unterminated string")
    end
    n = n + 1
    parts[n] = sub(s, i, j - 1)
    local c = byte(s, j)
    if c == quote then
      d.pos = j + 1
      return concat(parts)
    elseif c ~= 92 then
      d.pos = j
      fail(d, "control character in string")
    end
    local e = byte(s, j + 1)
    if e == 117 then -- \uXXXX, with surrogate pairs
      local cp = hex4(d, j + 2)
      i = j + 6
      if cp >= 0xD800 and cp <= 0xDBFF and sub(s, i, i + 1) == "\\u" then
        local low = hex4(d, i + 2)
        if low >= 0xDC00 and low <= 0xDFFF then
          cp = 0x10000 + (cp - 0xD800) * 0x400 + (low - 0xDC00)
          i = i + 6
        end
      end
      n = n + 1
      parts[n] = utf8char(cp)
    elseif e and ESCAPES[e] then
      n = n + 1
      parts[n] = ESCAPES[e]
      i = j + 2
    else
      d.pos = j
      fail(d, "bad escape")
    end
  end
end

local decode_value

local function decode_array(d)
  d.pos = d.pos + 1
  local out, n = values.array(), 0
  skip_space(d)
  if byte(d.s, d.pos) == 93 then
    d.pos = d.pos + 1
    return out
  end
  while true do
    n = n + 1
    out[n] = decode_value(d)
    skip_space(d)
    local c = byte(d.s, d.pos)
    d.pos = d.pos + 1
    if c == 93 then
      return out
    elseif c ~= 44 then
      d.pos = d.pos - 1
      fail(d, "expected ',' or ']'")
    end
  end
end

local function decode_object(d)
  d.pos = d.pos + 1
  local out = {}
  skip_space(d)
  if byte(d.s, d.pos) == 125 then
    d.pos = d.pos + 1
    return out
  end
  while true do
    skip_space(d)
    local q = byte(d.s, d.pos)
    if q ~= 34 and q ~= 39 then
      fail(d, "expected a string key")
    end
    local key = decode_string(d, q)
    skip_space(d)
    if byte(d.s, d.pos) ~= 58 then
      fail(d, "expected ':'")
    end
    d.pos = d.pos + 1
    out[key] = decode_value(d)
    skip_space(d)
    local c = byte(d.s, d.pos)
    d.pos = d.pos + 1
    if c == 125 then
      return out
    elseif c ~= 44 then
      d.pos = d.pos - 1
      fail(d, "expected ',' or '}'")
    end
  end
end

decode_value = function(d)
  skip_space(d)
  local c = byte(d.s, d.pos)
  if c == 123 or c == 91 then
    d.depth = d.depth + 1
    if d.depth > values.max_depth then
      fail(d, format("nested deeper than %d levels", values.max_depth))
    end
    local v = c == 123 and decode_object(d) or decode_array(d)
    d.depth = d.depth - 1
    return v
  elseif c == 34 or c == 39 then
    return decode_string(d, c)
  end
  local word = sub(d.s, d.pos, d.pos + 4)
  if sub(word, 1, 4) == "true" then
    d.pos = d.pos + 4
    return true
  elseif word == "false" then
    d.pos = d.pos + 5
    return false
  elseif sub(word, 1, 4) == "null" then
    d.pos = d.pos + 4
    return NULL
  end
  local first, last = find(d.s, "^-?%d+%.?%d*[eE]?[%+%-]?%d*", d.pos)
  if not first then
    fail(d, c and format("unexpected '%s'", char(c)) or "unexpected end")
  end
  local text = sub(d.s, first, last)
  local v = tonumber(text)
  if v == nil or not find(text, "^%-?%d+%.?%d*$") and not find(text, "^%-?%d+%.?%d*[eE][%+%-]?%d+$") then
    fail(d, "bad number")
  end
  d.pos = last + 1
  if not find(text, "[%.eE]") then
    v = tointeger(v) or v
  end
  return v
end

--- Reads JSON text: the value, or nil and a message.
function json.decode(text)
  local d = { s = text, pos = 1, depth = 0 }
  local ok, v = pcall(decode_value, d)
  if ok then
    skip_space(d)
    if d.pos <= #text then
      return nil, format("json: text after the value at offset %d", d.pos - 1)
    end
    return v
  elseif values.is_error(v) then
    return nil, v.message
  end
  error(v, 0)
end

---------------------------------------------------------------------------
-- Encoding.

local QUOTED = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t",
                 ["\b"] = "\\b", ["\f"] = "\\f" }

local function quote_char(c)
  return QUOTED[c] or format("\\u%04x", byte(c))
end

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', quote_char) .. '"'
end

local function encode(v, out, n, depth)
  local t = type(v)
  if t == "string" then
    n = n + 1
    out[n] = quote(v)
  elseif t == "number" then
    n = n + 1
    out[n] = (v ~= v or v == math.huge or v == -math.huge) and "null" or number_text(v)
  elseif t == "boolean" then
    n = n + 1
    out[n] = tostring(v)
  elseif v == nil or is_null(v) then
    n = n + 1
    out[n] = "null"
  elseif t == "table" then
    if depth >= values.max_depth then
      values.fail("value nested deeper than %d levels", values.max_depth)
    end
    if is_array(v) then
      n = n + 1
      out[n] = "["
      for i = 1, #v do
        if i > 1 then
          n = n + 1
          out[n] = ","
        end
        n = encode(v[i], out, n, depth + 1)
      end
      n = n + 1
      out[n] = "]"
    else
      n = n + 1
      out[n] = "{"
      for i, k in ipairs(values.sorted_keys(v)) do
        n = n + 1
        out[n] = (i > 1 and "," or "") .. quote(k) .. ":"
        n = encode(v[k], out, n, depth + 1)
      end
      n = n + 1
      out[n] = "}"
    end
  else
    values.fail("cannot write a %s as JSON", t)
  end
  return n
end

--- Compact JSON text of `v` (object keys sorted; nil and null as null).
function json.encode(v)
  local out = {}
  encode(v, out, 0, 0)
  return concat(out)
end

--- `v` as text in a string: strings as they are, numbers as JavaScript
--- writes them, booleans as true/false, null as "null", the rest as JSON.
function json.text(v)
  local t = type(v)
  if t == "string" then
    return v
  elseif t == "number" then
    return number_text(v)
  elseif t == "boolean" then
    return tostring(v)
  end
  return json.encode(v)
end

return json
