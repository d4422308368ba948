-- Components for the preview's edge cases: every node kind, text that
-- needs escaping, wide characters, a factory that fails.
local ui = require "sdui.ui"

local function form(data)
  return ui.vstack{ spacing = 8, padding = 8, background = "#f5f7ff", cornerRadius = 8,
    ui.text(data.markup, { style = "headline", color = "accent" }),
    ui.text(data.wide),
    ui.input{ name = "q", placeholder = "Search <films>…", action = ui.action("search/run", { from = "form" }) },
    ui.hstack{ width = "fill",
      ui.text("left"),
      ui.spacer(),
      ui.button{ "Go", action = ui.action("search/run", { q = "\"quoted\" & <tagged>" }) },
    },
    ui.zstack{
      ui.image(data.poster, { placeholder = "poster", width = 120, height = 48 }),
      ui.text("overlay", { style = "caption" }),
    },
    ui.list{ ui.text("one"), ui.text("two", { opacity = 0.5 }) },
  }
end

local function broken()
  error("boom <b>not bold</b>")
end

return {
  components = { EdgeForm = form, EdgeBroken = broken },
}
