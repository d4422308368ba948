-- A view that is a DAG: 23 tables each holding the next twice, 2^23 nodes
-- when written out as a tree; returned by factories as plain tables, through
-- the DSL, and as the payload of a button's action. (The same DAG handed to
-- a handler's state, ctx.dispatch or ctx.emit: fuzz/findings/script/dag_state.lua.)
local ui = require 'sdui.ui'
local function dag(n)
  local node = { type = 'text', text = 'x' }
  for i = 1, n do node = { type = 'vstack', children = { node, node } } end
  return node
end
local function data(n)
  local t = { 1 }
  for i = 1, n do t = { a = t, b = t } end
  return t
end
return {
  services = { s = {}, favorites = {} },
  components = {
    A = function() return dag(23) end,
    Card = function()
      local node = ui.text('x')
      for i = 1, 23 do node = ui.vstack{ node, node } end
      return node
    end,
    B = function()
      local node = { type = 'text', text = 'x' }
      for i = 1, 23 do node = { type = 'hstack', children = { node, node }, style = { padding = 1 } } end
      return ui.vstack{ node, dag(23) }
    end,
    MovieCardComponent = function() return ui.button{ 'x', action = ui.action('s/b', data(23)) } end,
  },
}
