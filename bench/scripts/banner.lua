-- BannerComponent of the benchmark page, as the peer's factory:
-- vstack [image, title text, text].
-- (Benchmark W6 rewrites this file, swapping the title's style.)
local ui = require "sdui.ui"

local function banner(d)
  local view = ui.vstack{
    ui.image(d.image),
    ui.text(d.title, "title"),
    ui.text(d.subtitle),
  }
  return view
end

return {
  components = { BannerComponent = banner },
}
