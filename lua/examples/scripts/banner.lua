-- BannerComponent: an image, a title and a subtitle, with a line (16 points)
-- above; the whole banner opens its action (a tap target: no button chrome).
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function banner(data)
  local view = ui.vstack{ padding = { top = 16 }, action = data.action,
    ui.image(fmt.str(data.image)),
    ui.text(fmt.str(data.title), "@title"),
    ui.text(fmt.str(data.subtitle)),
  }
  return view
end

return {
  components = { BannerComponent = banner },
}
