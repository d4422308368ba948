--[[
adaptivecards.functions_math -- the math functions of Adaptive
Expressions (add, sub, mul, div, mod, exp, abs, sqrt, max, min, sum,
average, range, floor, ceiling, round) and the arithmetic the expression
operators share with them (functions.add_numbers..., functions.plus).
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type = type
local floor, ceil, abs, sqrt, fmod = math.floor, math.ceil, math.abs, math.sqrt, math.fmod
local mtype, tointeger = math.type, math.tointeger

local fail, is_nullish, is_array, array = values.fail, values.is_nullish, values.is_array, values.array
local describe, num, int, list, any_nullish = base.describe, base.num, base.int, base.list, base.any_nullish
local text = base.text

--- a + b with numbers; integers that would overflow become floats.
local function add_numbers(a, b)
  local r = a + b
  if mtype(r) == "integer" and (a >= 0) == (b >= 0) and (r >= 0) ~= (a >= 0) then
    r = a + 0.0 + b
  end
  return r
end

--- a - b with numbers, as add_numbers.
local function sub_numbers(a, b)
  local r = a - b
  if mtype(r) == "integer" and (a >= 0) ~= (b >= 0) and (r >= 0) ~= (a >= 0) then
    r = a + 0.0 - b
  end
  return r
end

--- a * b with numbers, as add_numbers.
local function mul_numbers(a, b)
  local r = a * b
  if mtype(r) == "integer" and a ~= 0 and r // a ~= b then
    r = a * 1.0 * b
  end
  return r
end

--- a / b: the integer quotient (toward zero) of two integers, else the
--- float quotient. Raises on division by zero.
local function div_numbers(a, b)
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
local function mod_numbers(a, b)
  if b == 0 then
    fail("division by zero")
  end
  return fmod(a, b)
end

--- a to the power b; an integer when both are and the result is whole.
local function pow_numbers(a, b)
  local r = a ^ b
  if mtype(a) == "integer" and mtype(b) == "integer" and b >= 0 and r == floor(r) and abs(r) < 2 ^ 53 then
    return tointeger(r)
  end
  return r
end

--- a + b as the + operator and add() read it: numbers add; when either is
--- a string the two are joined as text (null as ''); otherwise null or
--- undefined on either side gives undefined.
local function plus(a, b)
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

-- sub, div, mod, exp: op of two number arguments; undefined when either is null.
local function binary_math(name, op)
  return function(a)
    if any_nullish(a, 2) then
      return nil
    end
    return op(num(name, a[1], 1), num(name, a[2], 2))
  end
end

-- max and min: the number pick prefers among the arguments (or one array argument).
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

--- Adds the math functions to functions.prebuilt, and the arithmetic to functions.
return function(functions)
  functions.add_numbers, functions.sub_numbers, functions.mul_numbers = add_numbers, sub_numbers, mul_numbers
  functions.div_numbers, functions.mod_numbers, functions.pow_numbers = div_numbers, mod_numbers, pow_numbers
  functions.plus = plus
  local def = base.definer(functions.prebuilt)

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
end
