-- NotificationComponent: a header, a message and a dismiss button (with a
-- tooltip) on the theme's accent background across the page; an empty vstack once its id is in
-- notifications.dismissed. Sizes are points, as every view's: 16 points of
-- padding above and below, 8 on the sides (a line and a cell in the terminal).
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function dismissed(ctx, id)
  local seen = ctx.state("notifications", "dismissed")
  if id == nil or type(seen) ~= "table" then
    return false
  end
  for _, v in ipairs(seen) do
    if v == id then
      return true
    end
  end
  return false
end

local function notification(data, ctx)
  local action = type(data.action) == "table" and data.action or nil
  local id = action and type(action.payload) == "table" and action.payload.id or nil
  if dismissed(ctx, id) then
    return ui.vstack{}
  end
  local view = ui.vstack{ background = "@accent", width = "fill",
    padding = { top = 16, bottom = 16, leading = 8, trailing = 8 },
    ui.text(fmt.str(data.header), { font = "@section", color = "@onAccent" }),
    ui.text(fmt.str(data.message), { color = "@onAccent" }),
    ui.button{ fmt.str(data.actionText), action = action, tooltip = "Hides this notice" },
  }
  return view
end

return {
  components = { NotificationComponent = notification },
}
