-- A DAG of 23 tables, each holding the next twice, handed to the engine by a
-- handler: as its new state, assigned into the state, as a follow-up
-- action's payload, as an effect. Written out, it is 2^23 leaves: 117 MB of
-- JSON that luajson.c encodes into a C buffer (malloc: no memory cap, no
-- size limit, no budget, no deadline while it runs) before the size limit
-- refuses the finished string; 12 to 16 s per handler under ASan, and twice
-- the time and memory for every table more.
local function data(n)
  local t = { 1 }
  for i = 1, n do t = { a = t, b = t } end
  return t
end
return {
  services = { s = {}, favorites = {} },
  actions = {
    ['s/a'] = function(state) return data(23) end,
    ['s/b'] = function(state, payload, ctx)
      state.x = data(23)
      ctx.dispatch({ type = 's/a', payload = data(23) })
    end,
    ['favorites/toggle'] = function(state, payload, ctx) ctx.emit({ type = 'x', d = data(23) }) end,
  },
}
