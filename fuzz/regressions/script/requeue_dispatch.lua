-- A handler that queues follow-up actions in a loop, each of which queues
-- more; and an effect performer that re-triggers itself, through ctx.dispatch
-- and through its on_success action.
return {
  services = { s = { n = 0 }, favorites = {} },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      for i = 1, 1e9 do ctx.dispatch({ type = 's/a' }) end
    end,
    ['s/b'] = function(state, payload, ctx)
      state.n = (state.n or 0) + 1
      ctx.dispatch({ type = 's/b' })
      ctx.dispatch({ type = 's/b' })
      ctx.emit({ type = 'ping' })
    end,
    ['favorites/toggle'] = function(state, payload, ctx)
      ctx.emit({ type = 'ping', on_success = { type = 'favorites/toggle' } })
      ctx.request{ url = 'x', method = 'GET', on_success = { type = 'favorites/toggle' } }
    end,
  },
  effects = {
    ping = function(effect, ctx)
      ctx.dispatch({ type = 'favorites/toggle' })
      ctx.dispatch({ type = 's/b' })
      ctx.finish(true, { again = true })
    end,
    request = function(effect, ctx)
      for i = 1, 1e9 do ctx.dispatch({ type = 'favorites/toggle' }) end
    end,
  },
}
