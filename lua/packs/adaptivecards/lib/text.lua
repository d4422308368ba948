--[[
adaptivecards.text -- what a TextBlock or a TextRun shows: its text with the
Adaptive Cards markdown subset reduced to plain text, and the DATE and TIME
functions ("{{DATE(2017-02-14T06:08:39Z, SHORT)}}") written out.

    local text = require "lib.text"
    text.plain("Meeting **today** at {{TIME(2017-02-14T06:08:39Z)}}")
      --> "Meeting today at 06:08"

Markdown: **bold**, __bold__, *italic*, _italic_ lose their markers; a link
[text](url) shows its text; numbered and bulleted list lines keep their
marker ("1. ", "- "); a backslash escapes the next character. (Styled spans
are a later primitive: the words stay, the styles go.)

DATE(timestamp[, COMPACT|SHORT|LONG]) and TIME(timestamp) use the timestamp
as written (RFC 3339), in English, without converting the time zone: the
reference renderers use the viewer's zone, which a server-driven screen
does not know. A function that cannot be read stays as written.

Plain Lua, no globals: runs in the script host's sandbox.
]]

local text = {}

local format, gsub, match, sub = string.format, string.gsub, string.match, string.sub
local tonumber, type = tonumber, type

local MONTHS = { "January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December" }
local DAYS = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" }

-- Day of the week (1 = Sunday) of a date in the proleptic Gregorian calendar.
local function weekday(y, m, d)
  local t = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 }
  if m < 3 then
    y = y - 1
  end
  return (y + y // 4 - y // 100 + y // 400 + t[m] + d) % 7 + 1
end

-- The date parts of an RFC 3339 timestamp, or nil.
local function parts(stamp)
  local y, m, d, hh, mm = match(stamp, "^%s*(%d%d%d%d)%-(%d%d)%-(%d%d)[Tt ](%d%d):(%d%d)")
  if not y then
    y, m, d = match(stamp, "^%s*(%d%d%d%d)%-(%d%d)%-(%d%d)")
  end
  y, m, d = tonumber(y), tonumber(m), tonumber(d)
  if not y or m < 1 or m > 12 or d < 1 or d > 31 then
    return nil
  end
  return y, m, d, tonumber(hh) or 0, tonumber(mm) or 0
end

local function date_text(stamp, style)
  local y, m, d = parts(stamp)
  if not y then
    return nil
  end
  style = style and style:upper() or "COMPACT"
  if style == "COMPACT" then
    return format("%d/%d/%d", m, d, y)
  elseif style == "SHORT" then
    return format("%s, %s %d, %d", sub(DAYS[weekday(y, m, d)], 1, 3), sub(MONTHS[m], 1, 3), d, y)
  elseif style == "LONG" then
    return format("%s, %s %d, %d", DAYS[weekday(y, m, d)], MONTHS[m], d, y)
  end
  return nil
end

local function time_text(stamp)
  local y, _, _, hh, mm = parts(stamp)
  if not y then
    return nil
  end
  return format("%02d:%02d", hh, mm)
end

--- The text with its {{DATE(...)}} and {{TIME(...)}} written out.
function text.functions(s)
  return (gsub(s, "{{%s*(%u+)%s*%(([^)]*)%)%s*}}", function(name, args)
    local stamp, style = match(args, "^%s*([^,]-)%s*,%s*(%a+)%s*$")
    stamp = stamp or match(args, "^%s*(.-)%s*$")
    local out
    if name == "DATE" then
      out = date_text(stamp, style)
    elseif name == "TIME" and not style then
      out = time_text(stamp)
    end
    return out -- nil keeps the text as written
  end))
end

--- The markdown subset reduced to plain text.
function text.markdown(s)
  local escaped = {}
  s = gsub(s, "\\(.)", function(c)
    escaped[#escaped + 1] = c
    return "\0" .. #escaped .. "\0"
  end)
  s = gsub(s, "%[([^%]]*)%]%(([^)]*)%)", "%1") -- [text](url)
  s = gsub(s, "%*%*(.-)%*%*", "%1")
  s = gsub(s, "__(.-)__", "%1")
  s = gsub(s, "%f[%w*]%*([^*\n]+)%*%f[^%w*]", "%1")
  s = gsub(s, "%f[%w_]_([^_\n]+)_%f[^%w_]", "%1")
  s = gsub(s, "%z(%d+)%z", function(i) return escaped[tonumber(i)] end)
  return s
end

--- What a TextBlock's `text` shows.
function text.plain(s)
  if type(s) ~= "string" then
    return ""
  end
  return text.markdown(text.functions(s))
end

return text
