-- lib/format.lua -- small text helpers shared by the example scripts
-- (required as `require "lib.format"`: the script host looks for modules
-- inside the script folder only).

local format = {}

--- `v` when it is a string, else "" (what a view shows for missing text).
function format.str(v)
  if type(v) == "string" then
    return v
  end
  return ""
end

--- The state key of an id number: 603 -> "603" (JSON object keys are strings).
function format.key(n)
  return string.format("%d", math.floor(n))
end

--- Cents as dollars: 2198 -> "$21.98".
function format.money(cents)
  return string.format("$%.2f", cents / 100)
end

--- "1 item", "2 items".
function format.count(n, noun)
  return string.format("%d %s%s", n, noun, n == 1 and "" or "s")
end

--- "8.1/10 · 2023"; either part may be missing.
function format.rating_year(rating, year)
  local parts = {}
  if type(rating) == "number" then
    parts[#parts + 1] = string.format("%.1f/10", rating)
  end
  if type(year) == "number" then
    parts[#parts + 1] = string.format("%d", math.floor(year))
  end
  return table.concat(parts, " · ")
end

--- True when a state value is set: not nil, false, 0, "" or JSON null.
function format.truthy(v)
  return v ~= nil and v ~= false and v ~= 0 and v ~= "" and type(v) ~= "userdata"
end

--- True when the list `t` holds `v` (false when `t` is not a table).
function format.contains(t, v)
  if type(t) ~= "table" then
    return false
  end
  for _, item in ipairs(t) do
    if item == v then
      return true
    end
  end
  return false
end

return format
