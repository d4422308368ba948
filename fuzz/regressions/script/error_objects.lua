-- error() with something else than a message in callbacks: a table, nil, a
-- table whose __tostring loops, a coroutine, a huge string.
local loop = setmetatable({}, { __tostring = function() while true do end end, __name = string.rep('n', 1000) })
return {
  services = { s = {}, favorites = {} },
  components = {
    A = function() error({}) end,
    Card = function() error(loop) end,
    B = function() error(nil) end,
    MovieCardComponent = function() error(string.rep('e', 1 << 20), 0) end,
  },
  actions = {
    ['s/a'] = function() error(loop, 2) end,
    ['s/b'] = function() error(coroutine.create(print)) end,
    ['favorites/toggle'] = function() error(setmetatable({}, { __index = function() while true do end end })) end,
  },
}
