-- BannerComponent: an image, a title, a subtitle and a button to open it,
-- with a blank row above.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function banner(data)
  local view = ui.vstack{ padding = { top = 1 },
    ui.image(fmt.str(data.image)),
    ui.text(fmt.str(data.title), "title"),
    ui.text(fmt.str(data.subtitle)),
    data.action ~= nil and ui.button{ "Open", action = data.action },
  }
  return view
end

return {
  components = { BannerComponent = banner },
}
