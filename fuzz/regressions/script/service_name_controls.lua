-- Service names with an embedded NUL: declared, persisted, read with
-- ctx.state and dispatched to; and control characters in the names a
-- callback reads and dispatches to (service_name_newline.lua declares one;
-- type_name_nul.lua has the action, component and effect names).
return {
  services = { ['a\0b'] = { x = 1 }, s = {} },
  persist = { 'a\0b' },
  components = {
    A = function(data, ctx)
      return { type = 'text', text = tostring(ctx.state('a\0b', 'x')) .. tostring(ctx.state('\27[2J')) .. tostring(ctx.state('')) }
    end,
  },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      state.n = ctx.state('a\0b')
      ctx.dispatch({ type = 'a\0b/x' })
    end,
    ['s/b'] = function(state, payload, ctx)
      ctx.dispatch({ type = '\27[2J/x', payload = { ['\0'] = '\0' } })
      ctx.emit({ type = 'p\0q' })
    end,
  },
}
