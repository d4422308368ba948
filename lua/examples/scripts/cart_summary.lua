-- CartSummaryComponent: "Your order: 2 items, $21.98" and a checkout
-- button, from the state of the order service.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function cart_summary(data, ctx)
  local items = ctx.state("order", "items")
  local count = type(items) == "table" and #items or 0
  local total = ctx.state("order", "total")
  local cents = type(total) == "number" and total or 0
  local title = type(data.title) == "string" and data.title or "Your order"
  local line = string.format("%s: %s, %s", title, fmt.count(count, "item"), fmt.money(cents))
  local view = ui.hstack{ distribution = "spaceBetween",
    ui.text(line, "headline"),
    ui.button{ fmt.str(data.checkoutText), action = data.action },
  }
  return view
end

return {
  components = { CartSummaryComponent = cart_summary },
}
