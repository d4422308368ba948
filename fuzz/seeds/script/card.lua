local ui = require 'sdui.ui'
return {
  services = { favorites = {}, s = { n = 0, list = ui.array() } },
  components = {
    Card = function(data, ctx)
      local star = ctx.state('favorites', tostring(data.id)) and '★' or '☆'
      return ui.hstack{ ui.text(data.title), ui.button{star, action = ui.action('favorites/toggle', {id = data.id})} }
    end,
    A = function(data, ctx)
      local items = {}
      for i, v in ipairs(data) do items[#items + 1] = ui.text(tostring(i) .. ':' .. type(v)) end
      return ui.vstack(items)
    end,
    B = function() error('B always fails') end,
  },
  actions = {
    ['favorites/toggle'] = function(state, payload)
      local key = tostring(payload.id)
      if state[key] then state[key] = nil else state[key] = true end
    end,
    ['s/a'] = function(state, payload, ctx)
      state.n = state.n + 1
      table.insert(state.list, payload and payload.id or 0)
      ctx.emit(ui.after(10, ui.action('s/b', {1})))
    end,
    ['s/b'] = function(state, payload)
      state.n = state.n - 1
      if state.n < 0 then error('negative') end
    end,
  },
}
