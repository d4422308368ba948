-- CartSummaryComponent: "Your order: 2 items, $21.98" and a checkout
-- button, from the state of the order service; after a checkout, the line
-- says so: "… (sending)", "Order confirmed #A1B2", "… (checkout failed: …)".
-- The row spans the page (the button at its right end), a blank row above.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function summary_line(data, ctx)
  local items = ctx.state("order", "items")
  local count = type(items) == "table" and #items or 0
  local total = ctx.state("order", "total")
  local cents = type(total) == "number" and total or 0
  local status = ctx.state("order", "status")
  if status == "confirmed" and count == 0 then
    return "Order confirmed #" .. fmt.str(ctx.state("order", "confirmation"))
  end
  local title = type(data.title) == "string" and data.title or "Your order"
  local line = string.format("%s: %s, %s", title, fmt.count(count, "item"), fmt.money(cents))
  if status == "pending" then
    line = line .. " (sending)"
  elseif status == "failed" then
    line = line .. " (checkout failed: " .. fmt.str(ctx.state("order", "error")) .. ")"
  end
  return line
end

local function cart_summary(data, ctx)
  local view = ui.hstack{ distribution = "spaceBetween", width = "fill", padding = { top = 16 },
    ui.text(summary_line(data, ctx), { font = "@section", color = "@heading" }),
    ui.button{ fmt.str(data.checkoutText), action = data.action },
  }
  return view
end

return {
  components = { CartSummaryComponent = cart_summary },
}
