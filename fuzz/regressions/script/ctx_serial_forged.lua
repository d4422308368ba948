-- ctx's slot 1 (the number of the callback it belongs to) overwritten before a
-- ctx function is first read: once a segfault (the bridge was read from ctx).
-- Every use must raise "ctx used after its callback returned" (or work, for
-- the number of the callback running now), in a factory and in a handler.
local ui = require 'sdui.ui'
local kept
local forged = { 0, -1, 1.5, 'x', {}, true, math.maxinteger, math.mininteger }
return {
  services = { s = { n = 0 }, favorites = {} },
  components = {
    Card = function(data, ctx)
      ctx[1] = 0
      return ui.text(tostring(ctx.state('favorites', '7')))
    end,
    A = function(data, ctx)
      local out = {}
      local own = ctx[1]
      for i, v in ipairs(forged) do
        ctx[1] = v
        ctx.state = nil
        out[#out + 1] = ui.text(tostring(pcall(ctx.state, 's', 'n')))
      end
      ctx[1] = nil
      out[#out + 1] = ui.text(tostring(pcall(function() return ctx.state('s') end)))
      ctx[1] = own
      ctx.id = nil
      out[#out + 1] = ui.text(tostring(pcall(function() return ctx.id end)))
      if kept then kept[1] = own; out[#out + 1] = ui.text(tostring(pcall(kept.state, 's'))) end
      kept = ctx
      return ui.vstack(out)
    end,
    B = function(data, ctx)
      rawset(ctx, 1, 0)
      return ui.text(tostring(ctx.appearance()))
    end,
  },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      ctx[1] = 0
      state.n = ctx.state('s', 'n')
    end,
    ['s/b'] = function(state, payload, ctx)
      if kept then kept[1] = ctx[1]; state.k = kept.state('s', 'n') end
      local d = ctx.dispatch
      ctx[1] = 0
      d({ type = 's/a' })
      ctx.dispatch({ type = 's/a' })
    end,
    ['favorites/toggle'] = function(state, payload, ctx)
      ctx[1] = 'x'
      ctx.after(0, { type = 's/a' })
    end,
  },
}
