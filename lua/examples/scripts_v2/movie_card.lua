-- MovieCardComponent, version 2 (the hot-swap demo): one headline with the
-- year and rating, a shorter overview, and "Add to order" before the star.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local function movie_card(data, ctx)
  if type(data.movieId) ~= "number" then
    error("MovieCardComponent: data.movieId must be a number")
  end
  local headline = "🎬 " .. fmt.str(data.title)
  if type(data.year) == "number" then
    headline = headline .. string.format(" (%d)", math.floor(data.year))
  end
  if type(data.rating) == "number" then
    headline = headline .. string.format(" ★%.1f", data.rating)
  end
  local favorite = fmt.truthy(ctx.state("favorites", fmt.key(data.movieId)))
  local star = favorite and "★" or "☆"
  -- the star says nothing to a screen reader: its accessible name does
  local star_a11y = { label = favorite and "Remove from favourites" or "Add to favourites" }
  local view = ui.vstack{ spacing = 4, padding = 8, background = "@surface", cornerRadius = 12,
    ui.text(headline, { font = "@title", fontWeight = "bold" }),
    ui.text(fmt.str(data.overview), { lineLimit = 2, color = "@muted" }),
    ui.hstack{ spacing = 8,
      ui.button{ "Add to order", key = "order", action = data.orderAction },
      ui.button{ star, key = "favorite", action = data.favoriteAction, accessibility = star_a11y },
    },
  }
  return view
end

return {
  components = { MovieCardComponent = movie_card },
}
