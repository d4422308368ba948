-- A handler that adds as much state as it can on every dispatch: long strings
-- under new keys, and many small members.
local big = string.rep('x', 1 << 20)
local n = 0
return {
  services = { s = {}, favorites = {} },
  actions = {
    ['s/a'] = function(state)
      while true do n = n + 1; state['k' .. n] = big end
    end,
    ['s/b'] = function(state)
      state.list = {}
      for i = 1, 1e9 do state.list[i] = { i, big:sub(1, 1000) } end
    end,
    ['favorites/toggle'] = function(state)
      local t = {}
      for i = 1, 15 do t[i] = big end
      return t
    end,
  },
  components = { A = function(data, ctx) return { type = 'text', text = tostring(#(ctx.state('s', 'k1') or '')) } end },
}
