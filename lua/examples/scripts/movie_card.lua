-- MovieCardComponent: poster, title, overview, rating and year, and two
-- buttons: the favourite star (filled when favorites[movieId] is set) and
-- "Add to order" (disabled, with a tooltip, once the film is in the order).
-- Sizes are points: a 96x96 poster beside the text, a 16-point line above.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function movie_card(data, ctx)
  if type(data.movieId) ~= "number" then
    error("MovieCardComponent: data.movieId must be a number")
  end
  local title = fmt.str(data.title)
  local favorite = fmt.truthy(ctx.state("favorites", fmt.key(data.movieId)))
  local star = favorite and "★" or "☆"
  -- the star says nothing to a screen reader: its accessible name does
  local star_a11y = { label = favorite and "Remove from favourites" or "Add to favourites" }
  local ordered = fmt.contains(ctx.state("order", "items"), data.movieId)
  local view = ui.hstack{ spacing = 16, padding = { top = 16 },
    ui.image(fmt.str(data.poster), { alt = title, width = 96, height = 96 }),
    ui.vstack{
      ui.text(title, "@title"),
      ui.text(fmt.str(data.overview), { lineLimit = 3 }),
      ui.text(fmt.rating_year(data.rating, data.year), { font = "@note", color = "@muted" }),
      ui.hstack{ spacing = 16,
        ui.button{ star, key = "favorite", action = data.favoriteAction, accessibility = star_a11y },
        ui.button{ "Add to order", key = "order", action = data.orderAction,
                   disabled = ordered, tooltip = ordered and "Already in your order" },
      },
    },
  }
  return view
end

return {
  components = { MovieCardComponent = movie_card },
}
