--[[
adaptivecards.functions_objects -- the object manipulation and
construction functions of Adaptive Expressions: addProperty, setProperty,
removeProperty (each on a copy), getProperty, coalesce.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local pairs = pairs

local fail, is_nullish, is_object, NULL = values.fail, values.is_nullish, values.is_object, values.null
local describe, str, object = base.describe, base.str, base.object

-- A new table with the fields of o.
local function shallow_copy(o)
  local out = {}
  for k, v in pairs(o) do
    out[k] = v
  end
  return out
end

--- Adds the object manipulation and construction functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

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
end
