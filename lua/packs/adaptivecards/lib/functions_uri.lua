--[[
adaptivecards.functions_uri -- the URI parsing functions of Adaptive
Expressions: uriHost, uriPath, uriPathAndQuery, uriPort, uriQuery,
uriScheme, on absolute URIs (scheme://host...).
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local base = require(prefix .. "functions_base")

local tonumber = tonumber
local lower = string.lower

local fail = values.fail
local describe, str = base.describe, base.str

-- The parts of a URI: scheme, host, port, path, query; raises when it is not one.
local function uri(name, v)
  local s = str(name, v, 1)
  local scheme, authority, path, query = s:match("^(%a[%w%+%.%-]*)://([^/%?#]*)([^%?#]*)(%??[^#]*)")
  if not scheme then
    fail("%s: %s is not an absolute URI", name, describe(s))
  end
  local hostport = authority:gsub("^.*@", "")
  local host, port = hostport:match("^(%[.*%]):?(%d*)$")
  if not host then
    host, port = hostport:match("^([^:]*):?(%d*)$")
  end
  if not host or host == "" then
    fail("%s: %s has no host", name, describe(s))
  end
  port = tonumber(port)
  if not port then
    port = ({ http = 80, https = 443, ftp = 21, ws = 80, wss = 443 })[lower(scheme)]
  end
  return { scheme = lower(scheme), host = host, port = port, path = path ~= "" and path or "/", query = query }
end

--- Adds the URI parsing functions to functions.prebuilt.
return function(functions)
  local def = base.definer(functions.prebuilt)

  def("uriHost", 1, 1, function(a) return uri("uriHost", a[1]).host end)
  def("uriPath", 1, 1, function(a) return uri("uriPath", a[1]).path end)
  def("uriPathAndQuery", 1, 1, function(a)
    local u = uri("uriPathAndQuery", a[1])
    return u.path .. u.query
  end)
  def("uriPort", 1, 1, function(a) return uri("uriPort", a[1]).port end)
  def("uriQuery", 1, 1, function(a) return uri("uriQuery", a[1]).query end)
  def("uriScheme", 1, 1, function(a) return uri("uriScheme", a[1]).scheme end)
end
