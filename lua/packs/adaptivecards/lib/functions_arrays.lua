--[[
adaptivecards.functions_arrays -- the collection functions of Adaptive
Expressions that make a new array or object out of others: union,
intersection, unique, merge (sets), skip, take, subArray (slices),
sortBy, sortByDescending and flatten.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type, pairs = type, pairs
local gmatch = string.gmatch
local concat, sort = table.concat, table.sort
local huge = math.huge

local fail, is_nullish, is_array, is_object = values.fail, values.is_nullish, values.is_array, values.is_object
local array = values.array
local str, int, list, object, any_nullish = base.str, base.int, base.list, base.object, base.any_nullish
local chars = base.chars

-- Sort key order across types: numbers, then strings, then the rest.
local RANK = { number = 1, string = 2, boolean = 3 }

-- Whether sort key x goes before y (RANK across types, then the natural order).
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

-- sortBy and sortByDescending: (array, property path?), a stable sort on a copy.
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

-- Appends the items of v to out[n+1...], arrays inside opened `depth` deep; returns the new n.
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

--- Adds the array functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

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
end
