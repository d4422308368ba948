-- MovieCardComponent of the benchmark page, as the peer's factory:
-- hstack [image, vstack [title, overview, rating · year, hstack [star, add]]].
-- The star reads favorites[movieId] through ctx.state, so the engine records
-- the read and re-renders exactly this card when that favourite changes.
-- (Benchmark W6 rewrites this file, swapping the order button's label.)
local ui = require "sdui.ui"

local function movie_card(d, ctx)
  local fav = ctx.state("favorites", tostring(d.movieId)) and "★" or "☆"
  local view = ui.hstack{
    ui.image(d.poster),
    ui.vstack{
      ui.text(d.title, "title"),
      ui.text(d.overview),
      ui.text(tostring(d.rating) .. " · " .. tostring(d.year)),
      ui.hstack{
        ui.button{ fav, action = d.favoriteAction },
        ui.button{ "Add to order", action = d.orderAction },
      },
    },
  }
  return view
end

return {
  components = { MovieCardComponent = movie_card },
}
