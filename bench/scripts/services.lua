-- The two reducers of the benchmark, as the peer's: favourites keyed by
-- tostring(movieId) (JSON object keys are strings), and the order.
local ui = require "sdui.ui"

-- favorites/toggle {movieId = N}: favorites["N"] = true, or removed.
local function toggle(state, payload)
  local key = tostring(payload.movieId)
  if state[key] then
    state[key] = nil
  else
    state[key] = true
  end
  return state
end

-- order/add {movieId = N, price = P}: items += N, total += P.
local function add(state, payload)
  state.items[#state.items + 1] = payload.movieId
  state.total = state.total + payload.price
  return state
end

return {
  services = {
    favorites = {},
    order = { items = ui.array(), total = 0 },
  },
  actions = {
    ["favorites/toggle"] = toggle,
    ["order/add"] = add,
  },
}
