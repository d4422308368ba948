return {
  services = { s = { 1, 2, 3 } },
  components = { B = function() return { type = 'vstack', children = { { type = 'spacer' }, { type = 'text', text = ('x'):rep(50) } } } end },
  actions = {
    ['s/a'] = function(state) return { replaced = true, nested = { a = { b = { c = {} } } } } end,
    ['s/b'] = function(state, payload) state[#state + 1] = payload; state[1] = nil end,
  },
}
