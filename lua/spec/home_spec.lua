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
                  action = { type = "favorites/toggle", payload = { movieId = 603 } },
                  accessibility = { label = "Add to favourites" } }, buttons[1])
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

  it("keeps the feedback form's values in the feedback service, set by the host", function()
    e:render()
    assert.is_true(e:set_input("feedback/1", "sam@x.io"))
    assert.is_true(e:set_input("feedback/2", "5"))
    assert.is_true(e:set_input("feedback/3", "series"))
    assert.is_true(e:set_input("feedback/4", "true"))
    assert.same({ email = "sam@x.io", rating = 5, topic = "series", news = "true", sent = false }, e:state("feedback"))
    assert.is_true(e:press("feedback/5/0")) -- the button's action asks for the inputs' values
    local block = support.block(text(), "feedback")
    assert.truthy(block:find("email: [sam@x.io_____]", 1, true), block)
    assert.truthy(block:find("(•) Series", 1, true), block)
    assert.truthy(block:find("[x] Send me the newsletter", 1, true), block)
    assert.truthy(block:find("Thanks! sam@x.io rated 5 about series", 1, true), block)
  end)

  -- The host's side of order/checkout: performs the "request" effect.
  local function shop(answer)
    local seen = {}
    assert.is_true(e:effect("request", function(effect, ctx)
      seen[#seen + 1] = effect
      if answer then
        ctx.finish(answer.ok, answer.result)
      end
    end))
    return seen
  end

  it("sums the order and checks out to /checkout with a request to the shop", function()
    local requests = shop()
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 842, price = 799 } })
    assert.equal("▌ cart (CartSummaryComponent)\n  Your order: 2 items, $18.98  [Checkout]\n",
      support.block(text(), "cart"))
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} })
    assert.equal(1, #requests)
    assert.same({
      type = "request", id = requests[1].id, url = "https://shop.example.org/checkout", method = "POST",
      body = { items = { 718, 842 }, total = 1898 },
      on_success = { type = "order/confirmed" }, on_failure = { type = "order/failed" },
    }, requests[1])
    assert.same({ items = { 718, 842 }, total = 1898, status = "pending" }, e:state("order"))
    assert.equal("/checkout", e:state("navigation", "route"))
    assert.equal("▌ cart (CartSummaryComponent)\n  Your order: 2 items, $18.98 (sending)  [Checkout]\n",
      support.block(text(), "cart"))
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} }) -- pending: no second request
    assert.equal(1, #requests)

    assert.is_true(e:finish_effect(requests[1].id, true, { confirmation = "A1B2" }))
    assert.same({ items = {}, total = 0, status = "confirmed", confirmation = "A1B2" }, e:state("order"))
    assert.equal("▌ cart (CartSummaryComponent)\n  Order confirmed #A1B2  [Checkout]\n", support.block(text(), "cart"))
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 603, price = 1099 } })
    assert.same({ items = { 603 }, total = 1099 }, e:state("order"))
  end)

  it("confirms at once when the performer finishes in its call", function()
    shop{ ok = true, result = { confirmation = "A1B2" } }
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} })
    assert.same({ items = {}, total = 0, status = "confirmed", confirmation = "A1B2" }, e:state("order"))
  end)

  it("keeps the order and shows the error when the checkout fails", function()
    shop{ ok = false, result = { message = "card declined" } }
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} })
    assert.same({ items = { 718 }, total = 1099, status = "failed", error = "card declined" }, e:state("order"))
    assert.equal("▌ cart (CartSummaryComponent)\n  Your order: 1 item, $10.99 (checkout failed: card declined)  [Checkout]\n",
      support.block(text(), "cart"))
  end)

  it("drops the checkout request when the host performs none", function()
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 718, price = 1099 } })
    assert.is_true(e:dispatch{ type = "order/checkout", payload = {} })
    assert.equal("pending", e:state("order", "status"))
    assert(e:render())
    local diagnostics = e:diagnostics()
    assert.equal(4, #diagnostics)
    assert.equal("fallback-used", diagnostics[1].code)
    assert.same({ severity = "error", code = "unknown-effect",
                  message = 'no performer for effect "request"; it was dropped' }, diagnostics[2])
    -- The checkout screen it opens has no page either: nobody fetches pages here.
    assert.same({ severity = "error", code = "unknown-effect",
                  message = 'no performer for effect "navigation/fetch"; it was dropped' }, diagnostics[3])
    assert.equal("navigation-failed", diagnostics[4].code)
  end)

  it("snoozes the notification: gone now, back when the timer fires", function()
    assert.equal(0, e:tick(1000))
    assert.is_true(e:dispatch{ type = "notifications/snooze", payload = { id = "notice-welcome" } })
    assert.same({ dismissed = { "notice-welcome" } }, e:state("notifications"))
    assert.equal("▌ notice-welcome (NotificationComponent)\n", support.block(text(), "notice-welcome"))
    assert.equal(3000, e:next_timer())
    assert.equal(0, e:tick(3999))
    assert.equal(1, e:tick(4000))
    assert.is_nil(e:next_timer())
    assert.same({ dismissed = {} }, e:state("notifications"))
    assert.truthy(support.block(text(), "notice-welcome"):find("[Dismiss]", 1, true))
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

describe("the example program lua/examples/home.lua", function()
  it("runs and tells the reactive story", function()
    local pipe = assert(io.popen("lua5.4 " .. support.root .. "/lua/examples/home.lua 2>&1"))
    local out = pipe:read("a")
    local ok = pipe:close()
    assert.is_true(ok, out)
    -- the favourite toggle: one patch, one component rendered again
    assert.truthy(out:find("== Patches: 1 ==\n  update movie-603 (MovieCardComponent)\n    set movie-603#favorite " ..
                           '{"accessibility":{"label":"Remove from favourites"},"action":"…","key":"favorite",' ..
                           '"label":"★","type":"button"}\n\n' ..
                           "(components rendered again: 1)", 1, true), out)
    -- the snoozed notification comes back through tick
    assert.truthy(out:find("tick(1000): 0 delayed action(s) ran\ntick(3000): 1 delayed action(s) ran\n", 1, true), out)
    -- the checkout request and its success chain
    assert.truthy(out:find('performer: POST https://shop.example.org/checkout {"items":[718],"total":1099}', 1, true), out)
    assert.truthy(out:find("Order confirmed #A1B2", 1, true), out)
    -- the genre page and back
    assert.truthy(out:find("  performer: the page of /genre/drama\n\nroute /genre/drama, 2 pages on the stack\n", 1, true),
      out)
    assert.truthy(out:find("The Weight of Small Hours", 1, true), out)
    assert.truthy(out:find("== Back ==\nroute /, 1 page on the stack\n", 1, true), out)
    assert.truthy(out:find('navigation: {\n  "depth": 1,\n  "route": "/"\n}', 1, true), out)
  end)
end)
