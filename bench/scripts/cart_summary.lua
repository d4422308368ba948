-- CartSummaryComponent of the benchmark page, as the peer's factory:
-- hstack [text "Your order: N items, T", button]. It reads the whole order
-- through ctx.state, so any order/add re-renders it.
local ui = require "sdui.ui"

local function cart_summary(d, ctx)
  local order = ctx.state("order")
  local view = ui.hstack{
    ui.text(d.title .. ": " .. #order.items .. " items, " .. tostring(order.total)),
    ui.button{ d.checkoutText, action = d.action },
  }
  return view
end

return {
  components = { CartSummaryComponent = cart_summary },
}
