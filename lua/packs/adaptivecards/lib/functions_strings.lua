--[[
adaptivecards.functions_strings -- the string functions of Adaptive
Expressions: length, replace, split, substring, toLower, trim, startsWith,
concat, indexOf, titleCase, reverse... Lengths and positions count
characters (code points); comparisons fold ASCII case.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local tostring = tostring
local sub, find, gsub, lower, upper = string.sub, string.find, string.gsub, string.lower, string.upper
local gmatch = string.gmatch
local concat = table.concat
local abs = math.abs
local utf8len = utf8.len

local fail, is_nullish, is_array = values.fail, values.is_nullish, values.is_array
local equals, array = values.equals, values.array
local str, int, text = base.str, base.int, base.text
local chars, length, fold = base.chars, base.length, base.fold

-- The character index (0-based) of byte position `b` in s.
local function char_index(s, b)
  return (utf8len(s, 1, b - 1) or b - 1)
end

-- replace and replaceIgnoreCase: argument 1 with every occurrence of
-- argument 2 replaced by argument 3, found with ASCII case folded when
-- `ignore_case`.
local function replacer(name, ignore_case)
  return function(a)
    local s, old, new = str(name, a[1], 1), str(name, a[2], 2), str(name, a[3], 3)
    if old == "" then
      return s
    end
    local hay, target = s, old
    if ignore_case then
      hay, target = fold(s), fold(old)
    end
    local out, n, i = {}, 0, 1
    while true do
      local j, k = find(hay, target, i, true)
      if not j then
        break
      end
      out[n + 1], out[n + 2], n, i = sub(s, i, j - 1), new, n + 2, k + 1
    end
    out[n + 1] = sub(s, i)
    return concat(out)
  end
end

-- Whether s starts with x, ASCII case folded.
local function starts(s, x)
  return sub(fold(s), 1, #x) == fold(x)
end

-- indexOf and lastIndexOf: the first or last position of argument 2 in
-- argument 1 (an array item, or characters in a string), or -1.
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

--- Adds the string functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

  def("length", 1, 1, function(a)
    return length(str("length", a[1], 1))
  end)

  def("replace", 3, 3, replacer("replace", false))
  def("replaceIgnoreCase", 3, 3, replacer("replaceIgnoreCase", true))

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
end
