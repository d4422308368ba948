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

-- One input of each kind (README, "View nodes").
local function inputs()
  local colors = { { title = "Red", value = "red" }, { title = "Blue <b>", value = "blue" } }
  return ui.vstack{ spacing = 1,
    ui.input{ name = "mail", format = "email", placeholder = "you@example.com" },
    ui.input{ name = "pw", format = "password", value = "secret" },
    ui.input{ name = "notes", kind = "multiline", value = "one\ntwo <i>" },
    ui.input{ name = "qty", kind = "number", min = 1, max = 9.5, value = "2" },
    ui.input{ name = "day", kind = "date", value = "2026-11-25" },
    ui.input{ name = "at", kind = "time", value = "09:40" },
    ui.input{ name = "news", kind = "toggle", title = "Newsletter", value = "true" },
    ui.input{ name = "color", kind = "choice", options = colors, value = "blue" },
    ui.input{ name = "size", kind = "choice", display = "expanded", options = colors, value = "red" },
    ui.input{ name = "tags", kind = "choice", display = "expanded", multiple = true, options = colors, value = "red,blue" },
    ui.input{ name = "code", validation = { required = true }, error = "Not a valid <code>" },
  }
end

return {
  components = { EdgeForm = form, EdgeBroken = broken, EdgeInputs = inputs },
}
