local ui = require 'sdui.ui'
return {
  services = { s = {} },
  components = { A = function(data, ctx) return { type = 'text', text = ctx.state('s', 'x') or 'none' } end },
  actions = {
    ['s/a'] = function(state, payload, ctx)
      state.x = 'requested'
      ctx.request{ url = 'https://x', method = 'GET', on_success = ui.action('s/b'), on_failure = ui.action('s/b') }
    end,
    ['s/b'] = function(state, payload) state.x = payload end,
  },
  effects = { request = function(effect, ctx) ctx.finish(true, { ok = effect.url }) end },
}
