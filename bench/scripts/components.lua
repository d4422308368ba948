-- The five component factories of the benchmark page (make_page.py), built
-- with the sdui.ui DSL. Each produces the same node kinds and counts as the
-- peer's factories (../shared/bench/peer_pure_lua.lua), so the two sides do
-- the same rendering work; only where state comes from differs: here the
-- movie card and the cart summary read it through ctx.state, so the engine
-- records the reads and re-renders exactly the components a change touches.
local ui = require "sdui.ui"

-- vstack [headline text, text, button]
local function notification(d)
  local view = ui.vstack{
    ui.text(d.header, "headline"),
    ui.text(d.message),
    ui.button{ d.actionText, action = d.action },
  }
  return view
end

-- vstack [title text, hstack [one button a genre]]
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

-- hstack [image, vstack [title, overview, rating · year, hstack [star, add]]]
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

-- vstack [image, title text, text]
local function banner(d)
  local view = ui.vstack{
    ui.image(d.image),
    ui.text(d.title, "title"),
    ui.text(d.subtitle),
  }
  return view
end

-- hstack [text "Your order: N items, T", button]; reads the whole order.
local function cart_summary(d, ctx)
  local order = ctx.state("order")
  local view = ui.hstack{
    ui.text(d.title .. ": " .. #order.items .. " items, " .. tostring(order.total)),
    ui.button{ d.checkoutText, action = d.action },
  }
  return view
end

return {
  components = {
    NotificationComponent = notification,
    GenreListComponent = genre_list,
    MovieCardComponent = movie_card,
    BannerComponent = banner,
    CartSummaryComponent = cart_summary,
  },
}
