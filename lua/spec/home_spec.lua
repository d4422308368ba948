-- The example: lua/examples/scripts on examples/home.json look and behave
-- like the C factories the first demo had (fixtures/home*.txt is its output).
local support = require "support"
local sdui = require "sdui"

local SCRIPTS = support.root .. "/lua/examples/scripts"
local V2 = support.root .. "/lua/examples/scripts_v2"
local PAGE = support.read(support.root .. "/examples/home.json")

local TITLES = {
  "The Lighthouse at Wren Point", "Midnight at the Paper Moon", "A Summer of Small Wonders",
  "Orbit of the Quiet Sea", "The Autumn Film Festival", "New this week",
}

describe("the example home page", function()
  local e

  before_each(function()
    e = sdui.engine()
    assert.is_true(e:load_scripts(SCRIPTS))
    assert.is_true(e:load_page(PAGE))
  end)

  after_each(function()
    e:close()
  end)

  local function text()
    return assert(e:render_text())
  end

  it("declares the services with their initial state", function()
    assert.same({}, e:state("favorites"))
    assert.same({ items = {}, total = 0 }, e:state("order"))
    assert.same({ dismissed = {} }, e:state("notifications"))
    assert.same({ route = "/" }, e:state("navigation"))
  end)

  it("renders every title", function()
    local rendered = text()
    for _, title in ipairs(TITLES) do
      assert.truthy(rendered:find(title, 1, true), title)
    end
  end)

  it("renders exactly what the C factories rendered", function()
    assert.equal(support.read(support.root .. "/lua/spec/fixtures/home.txt"), text())
  end)

  it("has only the promo carousel's fallback in its diagnostics", function()
    assert(e:render())
    assert.same({ {
      severity = "warning", code = "fallback-used", component = "promo-carousel",
      message = 'no factory for type "PromoCarouselComponent"; rendered its fallback of type "BannerComponent"',
    } }, e:diagnostics())
  end)

  it("gives the movie card's nodes keys and the page's actions", function()
    local card = assert(e:render()).components[3]
    assert.equal("movie-603", card.id)
    local buttons = card.view.children[2].children[4].children
    assert.same({ type = "button", id = "movie-603#favorite", key = "favorite", label = "☆",
                  action = { type = "favorites/toggle", payload = { movieId = 603 } } }, buttons[1])
    assert.same({ type = "button", id = "movie-603#order", key = "order", label = "Add to order",
                  action = { type = "order/add", payload = { movieId = 603, price = 1099 } } }, buttons[2])
  end)

  it("turns ☆ into ★ when a favourite is toggled, and back", function()
    assert.equal(4, support.count(text(), "[☆]"))
    assert.is_true(e:dispatch{ type = "favorites/toggle", payload = { movieId = 603 } })
    assert.same({ ["603"] = true }, e:state("favorites"))
    local rendered = text()
    assert.truthy(support.block(rendered, "movie-603"):find("[★]  [Add to order]", 1, true))
    assert.equal(1, support.count(rendered, "[★]"))
    assert.equal(3, support.count(rendered, "[☆]"))
    assert.is_true(e:dispatch{ type = "favorites/toggle", payload = { movieId = 603 } })
    assert.same({}, e:state("favorites"))
    assert.equal(4, support.count(text(), "[☆]"))
  end)

  it("matches the C demo after its two button presses", function()
    assert.is_true(e:dispatch{ type = "favorites/toggle", payload = { movieId = 603 } })
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.same({ items = { 718 }, total = 1099 }, e:state("order"))
    assert.equal(support.read(support.root .. "/lua/spec/fixtures/home_updated.txt"), text())
  end)

  it("sums the order and checks out to /checkout", function()
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 842, price = 799 } })
    assert.equal("▌ cart (CartSummaryComponent)\n  Your order: 2 items, $18.98  [Checkout]\n",
      support.block(text(), "cart"))
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} })
    assert.same({ items = {}, total = 0 }, e:state("order"))
    assert.equal("/checkout", e:state("navigation", "route"))
    assert.equal("▌ cart (CartSummaryComponent)\n  Your order: 0 items, $0.00  [Checkout]\n",
      support.block(text(), "cart"))
  end)

  it("hides the notification once dismissed", function()
    assert.is_true(e:dispatch{ type = "notifications/dismiss", payload = { id = "notice-welcome" } })
    assert.same({ dismissed = { "notice-welcome" } }, e:state("notifications"))
    assert.equal("▌ notice-welcome (NotificationComponent)\n", support.block(text(), "notice-welcome"))
  end)

  it("opens a genre's route", function()
    assert.is_true(e:dispatch{ type = "navigation/open", payload = { route = "/genre/kids" } })
    assert.equal("/genre/kids", e:state("navigation", "route"))
  end)

  it("rejects malformed payloads without changing the state", function()
    local ok, err = e:dispatch{ type = "favorites/toggle", payload = { movieId = "603" } }
    assert.is_nil(ok)
    assert.truthy(err:find("payload.movieId must be a number", 1, true), err)
    ok, err = e:dispatch{ type = "order/add", payload = { movieId = 1 } }
    assert.is_nil(ok)
    assert.truthy(err:find("payload needs movieId and price", 1, true), err)
    assert.same({}, e:state("favorites"))
    assert.same({ items = {}, total = 0 }, e:state("order"))
  end)
end)

describe("the example's hot swap", function()
  it("shows the v2 movie card after a reload and keeps the favourites", function()
    local dir = support.tmpdir()
    finally(function() support.rmrf(dir) end)
    support.copy_tree(SCRIPTS, dir)
    local e <close> = sdui.engine()
    assert.is_true(e:load_scripts(dir))
    assert.is_true(e:load_page(PAGE))
    assert.is_true(e:dispatch{ type = "favorites/toggle", payload = { movieId = 603 } })
    support.copy_tree(V2, dir)
    assert.is_true(e:reload())
    assert.equal(table.concat{
      "▌ movie-603 (MovieCardComponent)\n",
      "  🎬 The Lighthouse at Wren Point (2023) ★8.1\n",
      "  A retired keeper returns to the island where his brother vanished forty years ago.\n",
      "  [Add to order]  [★]\n",
    }, support.block(e:render_text(), "movie-603"))
    assert.same({ ["603"] = true }, e:state("favorites"))
    assert.equal(3, support.count(e:render_text(), "  [Add to order]  [☆]\n"))
  end)
end)
