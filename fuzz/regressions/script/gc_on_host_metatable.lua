-- A __gc (and other metamethods) added to metatables that C code applies --
-- the array metatable of decoded data, ctx's, a state view's, ui.array's,
-- strings' -- so that every object C makes afterwards would get a finalizer
-- that Lua runs with hooks off.
local ui = require 'sdui.ui'
local function loop() while true do end end
local function poison(mt)
  if type(mt) == 'table' then mt.__gc = loop; mt.__index = loop; mt.__len = loop; mt.__newindex = loop end
end
pcall(poison, getmetatable(ui.array()))
pcall(poison, ui.array_mt)
pcall(poison, getmetatable(''))
return {
  services = { s = { list = ui.array{ { 1 }, { 2 } } }, favorites = {} },
  components = {
    A = function(data, ctx)
      pcall(poison, getmetatable(data))
      pcall(poison, getmetatable(ctx))
      pcall(poison, getmetatable(ui.array()))
      local t = {}
      for i = 1, 1000 do t[i] = ui.array{ i }; t[-i] = ctx.state('s', 'list') end
      return ui.vstack{ ui.text(tostring(#data)), ui.text(tostring(#t)) }
    end,
    Card = function(data, ctx)
      pcall(poison, getmetatable(data))
      return ui.text(tostring(data.title))
    end,
  },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      pcall(poison, getmetatable(state))
      pcall(poison, getmetatable(state.list))
      pcall(poison, getmetatable(payload))
      for i = 1, 100 do state.list[#state.list + 1] = ui.array{ i } end
    end,
    ['s/b'] = function(state, payload, ctx)
      pcall(poison, getmetatable(payload))
      pcall(setmetatable, payload, { __gc = loop })
      pcall(setmetatable, state, { __gc = loop })
      state.p = payload
    end,
  },
}
