-- The controls on the preview's edge page: a tap target (a vstack with an
-- action), disabled buttons (labelled, and drawn as a group) with a tooltip
-- that needs escaping, an enabled one with a tooltip, a tappable image; then
-- accessibility: a labelled star with a hint, an unlabelled heart (warned
-- about), a decorative image, a heading, a tap target that is a link.
local ui = require "sdui.ui"

local function controls()
  local view = ui.vstack{ spacing = 1,
    ui.vstack{ action = ui.action("nav/open", { route = "/deal" }),
      ui.text("Today's deal"),
      ui.text("Tap anywhere on it", { style = "caption" }),
    },
    ui.hstack{ spacing = 8,
      ui.button{ "Sold out", disabled = true, tooltip = "Back <soon> & \"then\"", action = ui.action("shop/buy") },
      ui.button{ ui.text("grouped"), disabled = true },
      ui.button{ "Help", tooltip = "Opens the help" },
      ui.image("https://image.example.org/tap.png", { alt = "tap me", width = 12, height = 2,
        action = ui.action("nav/open", { route = "/image" }) }),
    },
    ui.hstack{ spacing = 2,
      ui.button{ "★", accessibility = { label = "Add <to> favourites", hint = "Keeps the film" } },
      ui.button{ "♥" },
      ui.image("https://image.example.org/swirl.png", { alt = "swirl", width = 4, height = 1,
        accessibility = { role = "none" } }),
      ui.text("Menu", { accessibility = { role = "heading" } }),
      ui.vstack{ action = ui.action("nav/open", { route = "/x" }), accessibility = { role = "link", label = "Open x" },
        ui.text("x") },
    },
  }
  return view
end

return {
  components = { EdgeControls = controls },
}
