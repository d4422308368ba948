--[[
adaptivecards.functions_collections -- the collection functions of
Adaptive Expressions that look into a collection or walk it: contains,
first, last, join, count, indicesAndValues, and the iterators select,
foreach, where, any and all (an object walks as {key, value} items).
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type, ipairs = type, ipairs
local find = string.find
local concat = table.concat

local fail, is_nullish, is_array, is_object = values.fail, values.is_nullish, values.is_array, values.is_object
local equals, array = values.equals, values.array
local describe, str, list, text, slot = base.describe, base.str, base.list, base.text, base.slot
local chars, length = base.chars, base.length

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

-- Whether one of t[1..n] equals v.
local function contains_value(t, n, v)
  for i = 1, n do
    if equals(t[i], v) then
      return true
    end
  end
  return false
end

-- first and last: the first or last item of an array, or character of a string.
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

-- select and foreach: the body's value for each item, as an array.
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

--- Adds the collection functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

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
end
