-- A script that tampers with what it can reach: its libraries, the string
-- metatable, its environment's metatable, ctx, the DSL's functions; and
-- requires itself. None of it may reach the host or another run.
local ui = require 'sdui.ui'
string.format = function() return 'forged' end
string.rep = function() while true do end end
table.concat = nil
pcall(function() getmetatable('').__index = { len = function() while true do end end } end)
pcall(function() getmetatable('').__index.format = string.format end)
pcall(function() ('').format = nil end)
ui.text = function() return { type = 'image', url = 'forged' } end
require('sdui.ui').vstack = function() while true do end end
pcall(require, 'script')
pcall(require, '..script')
pcall(require, 'sdui')
setmetatable(_ENV, { __index = function() while true do end end, __newindex = function() while true do end end })
return {
  services = { s = {}, favorites = {} },
  components = {
    A = function(data, ctx)
      rawset(ctx, 'state', function() return 'forged' end)
      rawset(ctx, 1, nil)
      pcall(setmetatable, ctx, nil)
      pcall(setmetatable, ctx, { __index = function() while true do end end })
      return { type = 'text', text = string.format('%d', 1) .. tostring(ctx.state('s')) }
    end,
    Card = function(data, ctx)
      local ui2 = require 'sdui.ui'
      ui2.text = nil
      return ui.text(('%s'):format(data.title))
    end,
    B = function() return undefined_global end,
  },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      rawset(ctx, 'dispatch', nil)
      setmetatable(_ENV, nil)
      state.x = string.format('%s', 'x')
      _ENV = setmetatable({}, { __index = function() while true do end end })
      state.y = tostring(1)
    end,
  },
}
