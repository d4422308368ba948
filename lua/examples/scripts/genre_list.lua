-- GenreListComponent: a title and a rail of genre buttons (it scrolls sideways
-- when they do not fit), keyed by genre id,
-- 16 points apart, with a line (16 points) above.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function genre_list(data)
  if type(data.genres) ~= "table" then
    error("GenreListComponent: data.genres must be an array")
  end
  local buttons = {}
  for i, genre in ipairs(data.genres) do
    buttons[i] = ui.button{ fmt.str(genre.name),
      key = type(genre.id) == "string" and genre.id or nil,
      action = genre.action,
    }
  end
  local view = ui.vstack{ padding = { top = 16 },
    ui.text(fmt.str(data.title), { font = "@section", color = "@heading" }),
    ui.rail{ spacing = 16, children = buttons },
  }
  return view
end

return {
  components = { GenreListComponent = genre_list },
}
