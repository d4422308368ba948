--[[
adaptivecards.functions_dates -- the date and time functions of
Adaptive Expressions: adding time (addDays..., addToTime, getFutureTime),
writing it (utcNow, formatDateTime, formatEpoch, formatTicks), cutting it
(startOfDay...), reading its fields (dayOfWeek, month, getTimeOfDay...) and
ticks. Timestamps are ISO 8601 strings read as UTC; "now" is env.now.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local type = type
local format = string.format
local floor, tointeger = math.floor, math.tointeger

local datetime = require(prefix .. "datetime")
local fail, is_nullish = values.fail, values.is_nullish
local describe, str, num, int, any_nullish = base.describe, base.str, base.num, base.int, base.any_nullish

-- Timestamp argument i of `name`: milliseconds since the epoch.
local function stamp(name, v, i)
  if type(v) ~= "string" then
    fail("%s: argument %d must be a timestamp string, got %s", name, i, describe(v))
  end
  local t = datetime.parse(v)
  if not t then
    fail("%s: %s is not a valid timestamp", name, describe(v))
  end
  return t
end

-- Timestamp t as text, in format argument i (`pattern`) when given, else ISO 8601.
local function written(name, t, pattern, i)
  return datetime.format(t, pattern ~= nil and str(name, pattern, i) or nil)
end

-- The evaluation's "now" (env.now), milliseconds since the epoch.
local function now(env)
  return env.now or 0
end

-- addDays and its kin: (timestamp, amount, format?, locale?).
local function add_unit(name, unit)
  return function(a, n)
    if is_nullish(a[1]) or is_nullish(a[2]) then
      return nil
    end
    local t = datetime.add(stamp(name, a[1], 1), num(name, a[2], 2), unit)
    return written(name, t, a[3], 3)
  end
end

-- Time unit argument i of `name` ("Day", "Hour"...), checked to be one datetime.add knows.
local function unit_of(name, v, i)
  local unit = str(name, v, i)
  local ok = datetime.add(0, 0, unit)
  if not ok then
    fail("%s: unknown time unit %s", name, describe(unit))
  end
  return unit
end

-- startOfDay and its kin: the timestamp cut(fields) makes of the argument's fields.
local function start_of(name, cut)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    local f = datetime.fields(stamp(name, a[1], 1))
    return written(name, cut(f), a[2], 2)
  end
end

-- dayOfMonth and its kin: pick(fields) of the timestamp argument.
local function field(name, pick)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return pick(datetime.fields(stamp(name, a[1], 1)))
  end
end

-- ticksToDays and its kin: ticks divided by the ticks `per` unit.
local function ticks_to(name, per)
  return function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return int(name, a[1], 1) / per
  end
end

--- Adds the date and time functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

  def("addDays", 2, 4, add_unit("addDays", "day"))
  def("addHours", 2, 4, add_unit("addHours", "hour"))
  def("addMinutes", 2, 4, add_unit("addMinutes", "minute"))
  def("addSeconds", 2, 4, add_unit("addSeconds", "second"))

  def("addToTime", 3, 5, function(a)
    if any_nullish(a, 3) then
      return nil
    end
    local t = datetime.add(stamp("addToTime", a[1], 1), num("addToTime", a[2], 2), unit_of("addToTime", a[3], 3))
    return written("addToTime", t, a[4], 4)
  end)

  def("subtractFromTime", 3, 5, function(a)
    if any_nullish(a, 3) then
      return nil
    end
    local t = datetime.add(stamp("subtractFromTime", a[1], 1), -num("subtractFromTime", a[2], 2),
      unit_of("subtractFromTime", a[3], 3))
    return written("subtractFromTime", t, a[4], 4)
  end)

  def("getFutureTime", 2, 4, function(a, _, env)
    if any_nullish(a, 2) then
      return nil
    end
    local t = datetime.add(now(env), num("getFutureTime", a[1], 1), unit_of("getFutureTime", a[2], 2))
    return written("getFutureTime", t, a[3], 3)
  end)

  def("getPastTime", 2, 4, function(a, _, env)
    if any_nullish(a, 2) then
      return nil
    end
    local t = datetime.add(now(env), -num("getPastTime", a[1], 1), unit_of("getPastTime", a[2], 2))
    return written("getPastTime", t, a[3], 3)
  end)

  def("utcNow", 0, 2, function(a, _, env)
    return written("utcNow", now(env), a[1], 1)
  end)

  def("formatDateTime", 1, 3, function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return written("formatDateTime", stamp("formatDateTime", a[1], 1), a[2], 2)
  end)

  def("formatEpoch", 1, 3, function(a)
    if is_nullish(a[1]) then
      return nil
    end
    local ms = num("formatEpoch", a[1], 1) * 1000
    return written("formatEpoch", tointeger(floor(ms + 0.5)) or fail("formatEpoch: out of range"), a[2], 2)
  end)

  def("formatTicks", 1, 3, function(a)
    if is_nullish(a[1]) then
      return nil
    end
    local ticks = int("formatTicks", a[1], 1)
    return written("formatTicks", (ticks - datetime.TICKS_AT_EPOCH) // datetime.TICKS_PER_MS, a[2], 2)
  end)

  def("startOfDay", 1, 3, start_of("startOfDay", function(f)
    return datetime.from_fields(f.year, f.month, f.day)
  end))
  def("startOfHour", 1, 3, start_of("startOfHour", function(f)
    return datetime.from_fields(f.year, f.month, f.day, f.hour)
  end))
  def("startOfMonth", 1, 3, start_of("startOfMonth", function(f)
    return datetime.from_fields(f.year, f.month, 1)
  end))

  def("dayOfMonth", 1, 1, field("dayOfMonth", function(f) return f.day end))
  def("dayOfWeek", 1, 1, field("dayOfWeek", function(f) return f.weekday end))
  def("dayOfYear", 1, 1, field("dayOfYear", function(f) return f.yearday end))
  def("month", 1, 1, field("month", function(f) return f.month end))
  def("year", 1, 1, field("year", function(f) return f.year end))
  def("date", 1, 1, field("date", function(f) return format("%d/%d/%d", f.month, f.day, f.year) end))

  def("getTimeOfDay", 1, 1, field("getTimeOfDay", function(f)
    local minutes = f.hour * 60 + f.minute
    if minutes == 0 then
      return "midnight"
    elseif minutes < 12 * 60 then
      return "morning"
    elseif minutes < 18 * 60 then
      return "afternoon"
    elseif minutes <= 22 * 60 then
      return "evening"
    end
    return "night"
  end))

  def("ticks", 1, 1, function(a)
    if is_nullish(a[1]) then
      return nil
    end
    return stamp("ticks", a[1], 1) * datetime.TICKS_PER_MS + datetime.TICKS_AT_EPOCH
  end)

  def("ticksToDays", 1, 1, ticks_to("ticksToDays", 864000000000))
  def("ticksToHours", 1, 1, ticks_to("ticksToHours", 36000000000))
  def("ticksToMinutes", 1, 1, ticks_to("ticksToMinutes", 600000000))

  def("dateTimeDiff", 2, 2, function(a)
    if any_nullish(a, 2) then
      return nil
    end
    return (stamp("dateTimeDiff", a[1], 1) - stamp("dateTimeDiff", a[2], 2)) * datetime.TICKS_PER_MS
  end)
end
