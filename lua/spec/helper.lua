-- Run by busted before the specs (see .busted): makes the sdui module built by
-- `make lua` (build/lua/sdui.so), the DSL sources (lua/) and the spec support
-- module (lua/spec/support.lua) findable, wherever busted was started from.
local source = debug.getinfo(1, "S").source:sub(2)
if source:sub(1, 1) ~= "/" then
  source = (os.getenv("PWD") or ".") .. "/" .. source
end
local root = source:gsub("/[^/]*$", "") .. "/../.."
package.path = root .. "/lua/spec/?.lua;" .. root .. "/lua/?.lua;" .. package.path
package.cpath = root .. "/build/lua/?.so;" .. package.cpath
