--[[
adaptivecards.functions_logic -- the logical comparison functions of
Adaptive Expressions (equals, greater, less..., not, empty, exists, and the
lazy if, and, or) and the truth, equality and ordering the expression
operators share with them (functions.truthy, same, order).
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type, tonumber = type, tonumber
local next = next

local fail, is_null, is_nullish = values.fail, values.is_null, values.is_nullish
local equals = values.equals
local describe = base.describe

--- The truth of a value in conditions: false, null and undefined are
--- false; everything else (0 and '' included) is true.
local function truthy(v)
  return v ~= nil and v ~= false and not is_null(v)
end

--- equals(a, b) and the == operator: deep equality; true equals 1 and
--- false equals 0, as the docs' equals(true, 1) shows.
local function same(a, b)
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
local function order(a, b)
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

-- greater and its kin: test(order(a, b)), false when either is null or undefined.
local function comparison(name, test)
  return function(a)
    local o = order(a[1], a[2])
    return o ~= nil and test(o)
  end
end

--- Adds the logical comparison functions to functions.prebuilt, and truthy, same, order to functions.
return function(functions)
  functions.truthy, functions.same, functions.order = truthy, same, order
  local def = base.definer(functions.prebuilt)

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
end
