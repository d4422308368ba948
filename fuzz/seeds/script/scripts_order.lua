-- The order service: { items = {movieId...}, total = cents }, plus after a
-- checkout: status ("pending", "confirmed" or "failed"), confirmation (the
-- shop's order number) or error.
-- order/add {movieId = N, price = cents}: appends N to items, adds the price.
-- order/checkout: opens the checkout screen and asks for a "request"
--   effect that the host performs (POST https://shop.example.org/checkout
--   with body {items, total}); the order waits as "pending". The engine
--   dispatches the effect's on_success or on_failure with the result:
-- order/confirmed {result = {confirmation = "A1B2"}}: the order went
--   through: items emptied, confirmation kept.
-- order/failed {result = message or {message = ...}}: the order stays,
--   with the error.
local ui = require "sdui.ui"

local CHECKOUT_URL = "https://shop.example.org/checkout"

local function empty_order()
  return { items = ui.array(), total = 0 }
end

local function check_order(state)
  if type(state.items) ~= "table" or type(state.total) ~= "number" then
    error("order state needs items and total")
  end
end

local function add(state, payload)
  if type(payload) ~= "table" or payload.movieId == nil or type(payload.price) ~= "number" then
    error("payload needs movieId and price")
  end
  check_order(state)
  state.items[#state.items + 1] = payload.movieId
  state.total = state.total + payload.price
  state.status, state.confirmation, state.error = nil, nil, nil
  return state
end

local function checkout(state, _, ctx)
  check_order(state)
  if state.status == "pending" then
    return state -- already on its way
  end
  ctx.dispatch(ui.action("navigation/open", { route = "/checkout" }))
  ctx.emit(ui.request{
    url = CHECKOUT_URL,
    method = "POST",
    body = { items = state.items, total = state.total },
    on_success = ui.action("order/confirmed"),
    on_failure = ui.action("order/failed"),
  })
  state.status, state.confirmation, state.error = "pending", nil, nil
  return state
end

local function confirmed(_, payload)
  local result = type(payload) == "table" and payload.result or nil
  local number = type(result) == "table" and result.confirmation or nil
  if type(number) ~= "string" and type(number) ~= "number" then
    error("payload.result.confirmation is missing")
  end
  local state = empty_order()
  state.status = "confirmed"
  state.confirmation = tostring(number)
  return state
end

local function failed(state, payload)
  local result = type(payload) == "table" and payload.result or nil
  if type(result) == "table" then
    result = result.message
  end
  state.status = "failed"
  state.error = type(result) == "string" and result or "checkout failed"
  return state
end

return {
  services = { order = empty_order() },
  actions = {
    ["order/add"] = add,
    ["order/checkout"] = checkout,
    ["order/confirmed"] = confirmed,
    ["order/failed"] = failed,
  },
}
