-- The order service: { items = {movieId...}, total = cents }.
-- order/add {movieId = N, price = cents}: appends N to items, adds the price.
-- order/checkout: empties the order and opens the checkout screen.
local ui = require "sdui.ui"

local function empty_order()
  return { items = ui.array(), total = 0 }
end

local function add(state, payload)
  if type(payload) ~= "table" or payload.movieId == nil or type(payload.price) ~= "number" then
    error("payload needs movieId and price")
  end
  if type(state.items) ~= "table" or type(state.total) ~= "number" then
    error("order state needs items and total")
  end
  state.items[#state.items + 1] = payload.movieId
  state.total = state.total + payload.price
  return state
end

local function checkout(_, _, ctx)
  ctx.dispatch(ui.action("navigation/open", { route = "/checkout" }))
  return empty_order()
end

return {
  services = { order = empty_order() },
  actions = {
    ["order/add"] = add,
    ["order/checkout"] = checkout,
  },
}
