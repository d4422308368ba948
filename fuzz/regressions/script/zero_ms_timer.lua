-- A timer of 0 ms whose action arms it again (and more of them each time):
-- due at once, every time the clock ticks. A negative or huge delay is refused.
local ui = require 'sdui.ui'
return {
  services = { s = { n = 0 }, favorites = {} },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      state.n = (state.n or 0) + 1
      ctx.after(0, { type = 's/a' })
      ctx.after(0, { type = 's/b' })
    end,
    ['s/b'] = function(state, payload, ctx)
      ctx.emit(ui.after(0, ui.action('s/b')))
      for i = 1, 100 do ctx.after(0, { type = 's/b' }) end
      pcall(ctx.emit, { type = 'after', ms = -1, action = { type = 's/a' } })
      pcall(ctx.after, 0 / 0, { type = 's/a' })
    end,
    ['favorites/toggle'] = function(state, payload, ctx)
      pcall(ctx.after, -1e300, { type = 'favorites/toggle', payload = payload })
      ctx.after(1e-300, { type = 'favorites/toggle', payload = payload })
      ctx.after(2 ^ 53, { type = 's/a' })
    end,
  },
}
