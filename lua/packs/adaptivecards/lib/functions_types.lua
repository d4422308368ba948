--[[
adaptivecards.functions_types -- the type checking functions of
Adaptive Expressions: isInteger, isFloat, isBoolean, isArray, isObject,
isString, isDateTime.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type = type

local datetime = require(prefix .. "datetime")
local is_array, is_object = values.is_array, values.is_object

--- Adds the type checking functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

  def("isInteger", 1, 1, function(a) return type(a[1]) == "number" and values.is_integral(a[1]) end)
  def("isFloat", 1, 1, function(a) return type(a[1]) == "number" and not values.is_integral(a[1]) end)
  def("isBoolean", 1, 1, function(a) return type(a[1]) == "boolean" end)
  def("isArray", 1, 1, function(a) return is_array(a[1]) end)
  def("isObject", 1, 1, function(a) return is_object(a[1]) end)
  def("isString", 1, 1, function(a) return type(a[1]) == "string" end)
  def("isDateTime", 1, 1, function(a) return datetime.is_iso(a[1]) end)
end
