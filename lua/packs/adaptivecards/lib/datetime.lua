--[[
adaptivecards.datetime -- timestamps for the expression date functions:
reading them, writing them with .NET-style format patterns, and calendar
arithmetic. A timestamp is a whole number of milliseconds since
1970-01-01T00:00:00Z; everything is UTC (there is no time zone database in
the sandbox, and no clock: "now" is whatever the caller says it is).

Read: ISO 8601, "2018-03-15", "2018-03-15T13:00", "2018-03-15T13:00:00.000Z",
"2018-03-15T13:00:00+02:00" (converted to UTC), and the US form
"03/15/2018 12:00:00" (with an optional AM/PM).

Written with the .NET custom format patterns the Adaptive Expressions docs
point to (yyyy, yy, MMMM, MMM, MM, M, dddd, ddd, dd, d, HH, H, hh, h, mm, m,
ss, s, f..fffffff, F..FFFFFFF, tt, t, K, z, zz, zzz, 'quoted', \x) and the
one-letter standard patterns (d, D, f, F, g, G, M, o, r, s, t, T, u, U, Y)
of the invariant English culture. Inside a longer pattern, D and Y read as
d and y too, as in the docs' 'MM-DD-YY'.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")

local datetime = {}

local tonumber, tostring, type = tonumber, tostring, type
local format, sub, find, match, lower = string.format, string.sub, string.find, string.match,
  string.lower
local concat = table.concat
local floor, tointeger, mtype = math.floor, math.tointeger, math.type

local MS_PER_DAY = 86400000

--- .NET ticks (100 ns since 0001-01-01) at the Unix epoch, and per millisecond.
datetime.TICKS_AT_EPOCH = 621355968000000000
datetime.TICKS_PER_MS = 10000

--- The default pattern: UTC ISO 8601 with milliseconds.
datetime.ISO = "yyyy-MM-ddTHH:mm:ss.fffZ"

local MONTHS = { "January", "February", "March", "April", "May", "June", "July", "August", "September",
                 "October", "November", "December" }
local DAYS = { [0] = "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" }

-- Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian).
local function days_from_civil(y, m, d)
  if m <= 2 then
    y = y - 1
  end
  local era = y // 400
  local yoe = y - era * 400
  local mp = m > 2 and m - 3 or m + 9
  local doy = (153 * mp + 2) // 5 + d - 1
  local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
  return era * 146097 + doe - 719468
end

-- The civil date of a day count from 1970-01-01.
local function civil_from_days(z)
  z = z + 719468
  local era = z // 146097
  local doe = z - era * 146097
  local yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
  local doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
  local mp = (5 * doy + 2) // 153
  local d = doy - (153 * mp + 2) // 5 + 1
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then
    y = y + 1
  end
  return y, m, d
end

local function is_leap(y)
  return y % 4 == 0 and (y % 100 ~= 0 or y % 400 == 0)
end

local function days_in_month(y, m)
  if m == 2 then
    return is_leap(y) and 29 or 28
  end
  return (m == 4 or m == 6 or m == 9 or m == 11) and 30 or 31
end

--- The timestamp of a UTC date and time (fields beyond the date default to 0).
function datetime.from_fields(y, mo, d, h, mi, s, ms)
  return days_from_civil(y, mo, d) * MS_PER_DAY + (((h or 0) * 60 + (mi or 0)) * 60 + (s or 0)) * 1000 + (ms or 0)
end

--- The fields of a timestamp: year, month, day, hour, minute, second,
--- millisecond, weekday (0 = Sunday) and yearday (1 = January 1st).
function datetime.fields(t)
  local days = t // MS_PER_DAY
  local rest = t - days * MS_PER_DAY
  local y, m, d = civil_from_days(days)
  return {
    year = y, month = m, day = d,
    hour = rest // 3600000, minute = rest // 60000 % 60, second = rest // 1000 % 60, millisecond = rest % 1000,
    weekday = (days + 4) % 7,
    yearday = days - days_from_civil(y, 1, 1) + 1,
  }
end

-- Checks the ranges of a date and time; returns the timestamp or nil.
local function checked(y, mo, d, h, mi, s, ms)
  if y < 1 or y > 9999 or mo < 1 or mo > 12 or d < 1 or d > days_in_month(y, mo)
     or h > 23 or mi > 59 or s > 59 then
    return nil
  end
  return datetime.from_fields(y, mo, d, h, mi, s, ms)
end

-- Milliseconds of a fraction of a second written as digits ("5" -> 500).
local function fraction_ms(digits)
  if digits == nil or digits == "" then
    return 0
  end
  return floor(tonumber("0." .. digits) * 1000 + 0.5)
end

-- ISO 8601: the timestamp, or nil. `need_time` refuses a date alone.
local function parse_iso(s, need_time)
  local y, mo, d, rest = match(s, "^(%d%d%d%d)%-(%d%d)%-(%d%d)(.*)$")
  if not y then
    return nil
  end
  local h, mi, sec, frac, zone = 0, 0, 0, nil, ""
  if rest ~= "" then
    local hh, mm, tail = match(rest, "^[Tt ](%d%d):(%d%d)(.*)$")
    if not hh then
      return nil
    end
    h, mi = tonumber(hh), tonumber(mm)
    local ss, tail2 = match(tail, "^:(%d%d)(.*)$")
    if ss then
      sec, tail = tonumber(ss), tail2
    end
    local f, tail3 = match(tail, "^[%.,](%d+)(.*)$")
    if f then
      frac, tail = f, tail3
    end
    zone = tail
  elseif need_time then
    return nil
  end
  local offset = 0
  if zone ~= "" and zone ~= "Z" and zone ~= "z" then
    local sign, zh, zm = match(zone, "^([%+%-])(%d%d):?(%d%d)$")
    if not sign then
      sign, zh = match(zone, "^([%+%-])(%d%d)$")
      zm = "00"
    end
    if not sign or tonumber(zh) > 23 or tonumber(zm) > 59 then
      return nil
    end
    offset = (tonumber(zh) * 60 + tonumber(zm)) * 60000
    if sign == "-" then
      offset = -offset
    end
  end
  local t = checked(tonumber(y), tonumber(mo), tonumber(d), h, mi, sec, 0)
  return t and t + fraction_ms(frac) - offset
end

-- The US form M/d/yyyy with an optional time: the timestamp, or nil.
local function parse_us(s)
  local mo, d, y, rest = match(s, "^(%d%d?)/(%d%d?)/(%d%d%d%d)(.*)$")
  if not mo then
    return nil
  end
  local h, mi, sec = 0, 0, 0
  if rest ~= "" then
    local hh, mm, tail = match(rest, "^ +(%d%d?):(%d%d)(.*)$")
    if not hh then
      return nil
    end
    h, mi = tonumber(hh), tonumber(mm)
    local ss, tail2 = match(tail, "^:(%d%d)(.*)$")
    if ss then
      sec, tail = tonumber(ss), tail2
    end
    local ampm = match(tail, "^ *([AaPp][Mm])$")
    if ampm then
      if h < 1 or h > 12 then
        return nil
      end
      h = h % 12 + (lower(ampm) == "pm" and 12 or 0)
    elseif tail ~= "" then
      return nil
    end
  end
  return checked(tonumber(y), tonumber(mo), tonumber(d), h, mi, sec, 0)
end

--- Reads a timestamp string: milliseconds since the epoch, or nil.
function datetime.parse(s)
  if type(s) ~= "string" then
    return nil
  end
  return parse_iso(s, false) or parse_us(s)
end

--- True when `s` is an ISO 8601 timestamp with a date and a time.
function datetime.is_iso(s)
  return type(s) == "string" and parse_iso(s, true) ~= nil
end

---------------------------------------------------------------------------
-- Writing.

local STANDARD = {
  d = "M/d/yyyy",
  D = "dddd, MMMM d, yyyy",
  f = "dddd, MMMM d, yyyy h:mm tt",
  F = "dddd, MMMM d, yyyy h:mm:ss tt",
  g = "M/d/yyyy h:mm tt",
  G = "M/d/yyyy h:mm:ss tt",
  M = "MMMM d", m = "MMMM d",
  O = "yyyy-MM-ddTHH:mm:ss.fffffffK", o = "yyyy-MM-ddTHH:mm:ss.fffffffK",
  R = "ddd, dd MMM yyyy HH:mm:ss 'GMT'", r = "ddd, dd MMM yyyy HH:mm:ss 'GMT'",
  s = "yyyy-MM-ddTHH:mm:ss",
  t = "h:mm tt",
  T = "h:mm:ss tt",
  u = "yyyy-MM-dd HH:mm:ss'Z'",
  U = "dddd, MMMM d, yyyy h:mm:ss tt",
  Y = "MMMM yyyy", y = "MMMM yyyy",
}

-- The letters that make fields, and the docs' aliases D -> d, Y -> y.
local FIELD = { d = "d", D = "d", f = "f", F = "F", g = "g", h = "h", H = "H", K = "K", m = "m", M = "M",
                s = "s", t = "t", y = "y", Y = "y", z = "z" }

local function pad(n, width)
  return format("%0" .. width .. "d", n)
end

-- The text of field letter `c` repeated `n` times, for fields `f`.
local function field_text(c, n, f)
  if c == "d" then
    if n == 1 then return tostring(f.day) elseif n == 2 then return pad(f.day, 2)
    elseif n == 3 then return sub(DAYS[f.weekday], 1, 3) end
    return DAYS[f.weekday]
  elseif c == "M" then
    if n == 1 then return tostring(f.month) elseif n == 2 then return pad(f.month, 2)
    elseif n == 3 then return sub(MONTHS[f.month], 1, 3) end
    return MONTHS[f.month]
  elseif c == "y" then
    if n == 1 then return tostring(f.year % 100) elseif n == 2 then return pad(f.year % 100, 2) end
    return pad(f.year, n)
  elseif c == "H" then
    return n == 1 and tostring(f.hour) or pad(f.hour, 2)
  elseif c == "h" then
    local h = f.hour % 12
    if h == 0 then h = 12 end
    return n == 1 and tostring(h) or pad(h, 2)
  elseif c == "m" then
    return n == 1 and tostring(f.minute) or pad(f.minute, 2)
  elseif c == "s" then
    return n == 1 and tostring(f.second) or pad(f.second, 2)
  elseif c == "f" or c == "F" then
    local digits = sub(pad(f.millisecond * 10000, 7), 1, n > 7 and 7 or n)
    if c == "F" then
      digits = digits:gsub("0+$", "")
    end
    return digits
  elseif c == "t" then
    local ampm = f.hour < 12 and "AM" or "PM"
    return n == 1 and sub(ampm, 1, 1) or ampm
  elseif c == "K" then
    return "Z"
  elseif c == "z" then
    return n == 1 and "+0" or n == 2 and "+00" or "+00:00"
  elseif c == "g" then
    return "A.D."
  end
end

--- Timestamp `t` written with pattern `pattern` (nil or "": datetime.ISO).
--- Raises a templating error for a date out of the years 1 to 9999.
function datetime.format(t, pattern)
  if pattern == nil or pattern == "" then
    pattern = datetime.ISO
  elseif #pattern == 1 then
    pattern = STANDARD[pattern] or pattern
  end
  local f = datetime.fields(t)
  if f.year < 1 or f.year > 9999 then
    values.fail("the date is outside the years 1 to 9999")
  end
  local out, n, i, len = {}, 0, 1, #pattern
  while i <= len do
    local c = sub(pattern, i, i)
    local text
    if FIELD[c] then
      local j = i
      while sub(pattern, j + 1, j + 1) == c do
        j = j + 1
      end
      text = field_text(FIELD[c], j - i + 1, f)
      if FIELD[c] == "F" and text == "" and n > 0 and out[n] == "." then
        n = n - 1 -- .NET drops the point before an empty F field
      end
      i = j + 1
    elseif c == "'" or c == '"' then
      local close = find(pattern, c, i + 1, true) or len + 1
      text = sub(pattern, i + 1, close - 1)
      i = close + 1
    elseif c == "\\" then
      text = sub(pattern, i + 1, i + 1)
      i = i + 2
    elseif c == "%" then
      text = ""
      i = i + 1
    else
      text = c
      i = i + 1
    end
    n = n + 1
    out[n] = text
  end
  return concat(out, "", 1, n)
end

local UNIT_MS = { second = 1000, minute = 60000, hour = 3600000, day = MS_PER_DAY, week = 7 * MS_PER_DAY }

--- `t` plus `amount` units ("Second", "Minute", "Hour", "Day", "Week",
--- "Month", "Year"; any case, plural or not); nil for an unknown unit.
--- Months and years move on the calendar, ending on the last day of a
--- shorter month (January 31st + 1 month = February 28th or 29th).
function datetime.add(t, amount, unit)
  unit = lower(unit):gsub("s$", "")
  local ms = UNIT_MS[unit]
  if ms then
    local delta = amount * ms
    if mtype(delta) == "float" then
      delta = tointeger(floor(delta + 0.5)) or values.fail("the date is outside the years 1 to 9999")
    end
    return t + delta
  end
  local months
  if unit == "month" then
    months = amount
  elseif unit == "year" then
    months = amount * 12
  else
    return nil
  end
  months = tointeger(months)
  if months == nil then
    values.fail("months and years must be whole numbers")
  end
  local f = datetime.fields(t)
  local index = f.year * 12 + (f.month - 1) + months
  local y, m = index // 12, index % 12 + 1
  if y < 1 or y > 9999 then
    values.fail("the date is outside the years 1 to 9999")
  end
  local d = f.day
  local last = days_in_month(y, m)
  if d > last then
    d = last
  end
  return datetime.from_fields(y, m, d, f.hour, f.minute, f.second, f.millisecond)
end

return datetime
