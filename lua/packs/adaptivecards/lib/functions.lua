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

The functions come in families, one file each (the families of the
Adaptive Expressions reference), over what they share (functions_base):

  functions_strings      length, replace, split, substring, indexOf...
  functions_collections  contains, first, join, count, select, where...
  functions_arrays       union, intersection, unique, merge, take, sortBy...
  functions_logic        equals, greater, not, empty, if, and, or...
  functions_conversion   float, int, string, bool, json, base64, uriComponent...
  functions_math         add, sub, div, max, sum, range, round...
  functions_dates        addDays, utcNow, formatDateTime, dayOfWeek, ticks...
  functions_uri          uriHost, uriPath, uriQuery...
  functions_objects      addProperty, setProperty, getProperty, coalesce...
  functions_types        isInteger, isString, isDateTime...
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local base = require(prefix .. "functions_base")

local functions = {}
--- The prebuilt functions by name (see the top).
functions.prebuilt = {}

--- The largest array range() may make.
functions.max_range = 100000

--- `v` as text for joining (the & operator, string interpolation,
--- concat()): null and undefined as "", the rest as json.text.
functions.text = base.text

--- The families, in the order the Adaptive Expressions reference lists them.
local FAMILIES = { "strings", "collections", "arrays", "logic", "conversion", "math", "dates", "uri", "objects",
  "types" }

for _, family in ipairs(FAMILIES) do
  require(prefix .. "functions_" .. family)(functions)
end

--- Documented functions this templater does not offer (see the top).
functions.unsupported = {}
for name in string.gmatch("newGuid rand isMatch convertFromUTC convertToUTC dateReadBack getNextViableDate "
  .. "getNextViableTime getPreviousViableDate getPreviousViableTime isPresent isDuration isTime isDate "
  .. "isTimeRange isDateRange isDefinite resolve xml xPath jPath setPathToValue dataUriToBinary", "%S+") do
  functions.unsupported[name] = true
end

return functions
