-- GenreListComponent of the benchmark page, as the peer's factory:
-- vstack [title text, hstack [one button a genre]].
local ui = require "sdui.ui"

local function genre_list(d)
  local row = {}
  for i, g in ipairs(d.genres) do
    row[i] = ui.button{ g.name, action = g.action }
  end
  local view = ui.vstack{
    ui.text(d.title, "title"),
    ui.hstack{ children = row },
  }
  return view
end

return {
  components = { GenreListComponent = genre_list },
}
