-- Navigation: e:navigate, e:back, e:route, e:depth, ui.navigate, and the
-- example's genre buttons opening the genre pages (examples/genre/*.json)
-- through a "navigation/fetch" performer, with back to the home page.
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"

local error_of = support.error_of

local SCRIPTS = support.root .. "/lua/examples/scripts"

-- A "navigation/fetch" performer answering from the example's files: "/" is
-- examples/home.json, "/genre/NAME" examples/genre/NAME.json; anything else fails.
local function files_performer(seen)
  return function(effect, ctx)
    seen[#seen + 1] = effect.route
    local path
    if effect.route == "/" then
      path = support.root .. "/examples/home.json"
    else
      local name = effect.route:match("^/genre/([%w%-]+)$")
      path = name and (support.root .. "/examples/genre/" .. name .. ".json")
    end
    local f = path and io.open(path, "rb")
    if not f then
      ctx.finish(false, "no page for " .. effect.route)
      return
    end
    local text = f:read("a")
    f:close()
    ctx.finish(true, assert(sdui.json.decode(text)))
  end
end

describe("navigation", function()
  local e

  local function page(id, text)
    return { id = id, components = { { id = id .. "-0", type = "Label", data = { text = text } } } }
  end

  before_each(function()
    e = sdui.engine()
    assert(e:component("Label", function(data) return ui.text(data.text) end))
  end)

  after_each(function()
    e:close()
  end)

  it("opens routes through the fetch performer and goes back", function()
    local pages = { ["/"] = page("home", "Home"), ["/a"] = page("a", "Page A") }
    assert.is_true(e:effect("navigation/fetch", function(effect, ctx)
      local p = pages[effect.route]
      ctx.finish(p ~= nil, p or "404")
    end))
    assert.equal(1, e:depth())
    assert.is_nil(e:route())
    assert.is_true(e:navigate("/"))
    assert.equal("/", e:route())
    assert.equal(1, e:depth())
    assert(e:viewport(40, 0, 10))
    assert(e:render())
    assert.is_true(e:navigate("/a"))
    assert.equal("/a", e:route())
    assert.equal(2, e:depth())
    local patches = assert(e:patches())
    assert.equal("page", patches.patches[1].op)
    assert.equal("a", patches.patches[1].id)
    assert.truthy(assert(e:render_text()):find("Page A", 1, true))

    assert.equal(0, e:back())
    assert.equal("/", e:route())
    assert.equal(1, e:depth())
    assert.truthy(assert(e:render_text()):find("Home", 1, true))
    local ok, err = e:back()
    assert.is_nil(ok)
    assert.truthy(err:find("nothing to go back to", 1, true), err)
  end)

  it("leaves the stack as it was when a fetch fails or nobody fetches", function()
    local ok, err = e:navigate("/")
    assert.is_nil(ok)
    assert.truthy(err:find('no performer for effect "navigation/fetch"', 1, true), err)
    assert.equal(1, e:depth())
    assert.is_true(e:effect("navigation/fetch", function(effect, ctx)
      if effect.route == "/" then ctx.finish(true, page("home", "Home")) else ctx.finish(false, "404") end
    end))
    assert.is_true(e:navigate("/"))
    ok, err = e:navigate("/missing")
    assert.is_nil(ok)
    assert.truthy(err:find("404", 1, true), err)
    assert.equal("/", e:route())
    assert.equal(1, e:depth())
    ok, err = e:navigate("")
    assert.is_nil(ok)
    assert.truthy(err:find("bad route", 1, true), err)
  end)

  it("takes a limit on the pages the stack holds", function()
    local limited = sdui.engine{ limits = { pages = 1 } }
    assert(limited:component("Label", function(data) return ui.text(data.text) end))
    assert.is_true(limited:effect("navigation/fetch", function(effect, ctx) ctx.finish(true, page("p", effect.route)) end))
    assert.is_true(limited:navigate("/"))
    local ok, err = limited:navigate("/a")
    assert.is_nil(ok)
    assert.truthy(err:find("the navigation stack holds 1 pages, the limit", 1, true), err)
    assert.equal("/", limited:route())
    limited:close()
  end)

  it("finishes a fetch later with e:finish_effect", function()
    local pending = {}
    assert.is_true(e:effect("navigation/fetch", function(effect) pending[#pending + 1] = effect.id end))
    assert.is_true(e:navigate("/later"))
    assert.equal(1, #pending)
    assert.is_nil(e:route())
    assert.is_true(e:finish_effect(pending[1], true, page("later", "Later")))
    assert.equal("/later", e:route())
    assert.truthy(assert(e:render_text()):find("Later", 1, true))
  end)

  it("ui.navigate builds the navigate effect and checks it", function()
    assert.same({ type = "navigate", route = "/a" }, ui.navigate{ route = "/a" })
    assert.same({ type = "navigate", back = true, on_success = { type = "nav/shown" } },
      ui.navigate{ back = true, on_success = ui.action("nav/shown") })
    assert.equal("ui.navigate: either route (a string) or back = true is required", error_of(ui.navigate, {}))
    assert.equal("ui.navigate: either route (a string) or back = true is required",
      error_of(ui.navigate, { route = "/a", back = true }))
    assert.equal("ui.navigate: back must be true, got false", error_of(ui.navigate, { back = false }))
    assert.equal("ui.navigate: route must not be empty", error_of(ui.navigate, { route = "" }))
    assert.equal('ui.navigate: unknown member "url" (expected route or back, on_success, on_failure)',
      error_of(ui.navigate, { url = "/a" }))
  end)

  describe("pages below the top", function()
    -- Home: "ink" (text in @ink), "plain" (a literal colour) and "map" (needs
    -- the capability maps 1.0, dropped without it); "/a" covers it.
    local function open_over_home()
      assert(e:set_theme{ colors = { ink = { light = "#000000", dark = "#ffffff" } } })
      assert(e:component("Ink", function(data) return ui.text(data.text, { style = { color = "@ink" } }) end))
      local home = { id = "home", components = {
        { id = "ink", type = "Ink", data = { text = "ink" } },
        { id = "plain", type = "Label", data = { text = "plain" } },
        { id = "map", type = "Label", data = { text = "map" }, requires = { maps = "1.0" }, fallback = "drop" },
      } }
      local other = { id = "a", components = { { id = "a-0", type = "Label", data = { text = "Page A" } } } }
      local pages = { ["/"] = home, ["/a"] = other }
      assert.is_true(e:effect("navigation/fetch", function(effect, ctx) ctx.finish(true, pages[effect.route]) end))
      assert.is_true(e:navigate("/"))
      assert(e:render_json())
      assert.is_true(e:navigate("/a"))
      assert(e:render_json())
    end

    -- Goes back; returns home's screen and the factory runs it took.
    local function back_home()
      assert(e:render_json())
      local before = e:counters().factory_runs
      assert(e:back())
      local screen = assert(e:render_json())
      return screen, e:counters().factory_runs - before
    end

    it("see an appearance switched while another page is on top", function()
      open_over_home()
      assert.is_true(e:set_appearance("dark"))
      local screen, runs = back_home()
      assert.truthy(screen:find('"#ffffff"', 1, true))
      assert.is_nil(screen:find('"#000000"', 1, true))
      assert.equal(1, runs) -- only the component that reads @ink
    end)

    it("see a theme set while another page is on top", function()
      open_over_home()
      assert(e:set_theme{ colors = { ink = "#ff0000" } })
      local screen, runs = back_home()
      assert.truthy(screen:find('"#ff0000"', 1, true))
      assert.equal(1, runs)
    end)

    it("see capabilities declared while another page is on top", function()
      open_over_home()
      assert.is_nil(assert(e:render_json()):find('"map"', 1, true))
      assert.is_true(e:capabilities{ maps = "1.2" })
      local screen, runs = back_home()
      assert.truthy(screen:find('"id":"map"', 1, true), "rendered as a fresh engine renders it")
      assert.equal(1, runs)
    end)
  end)
end)

describe("the example's genre pages", function()
  local e, seen

  before_each(function()
    e = sdui.engine()
    seen = {}
    assert.is_true(e:load_scripts(SCRIPTS))
    assert.is_true(e:effect("navigation/fetch", files_performer(seen)))
    assert.is_true(e:navigate("/"))
  end)

  after_each(function()
    e:close()
  end)

  it("a genre button opens the genre's page, and back returns home as it was", function()
    -- the example scripts size in points (a film's card 112 high): a window that reaches the cart
    assert(e:viewport(80, 5, 600))
    local home = assert(e:render_text())
    assert.is_true(e:press("genres#drama"))
    assert.same({ "/", "/genre/drama" }, seen)
    assert.equal("/genre/drama", e:route())
    assert.equal(2, e:depth())
    assert.same({ route = "/genre/drama", depth = 2 }, e:state("navigation"))
    local drama = assert(e:render_text())
    assert.truthy(drama:find("The Weight of Small Hours", 1, true))
    assert.falsy(drama:find("Browse by genre", 1, true))

    -- Services are shared: a favourite starred here is one on the home page too.
    assert.is_true(e:dispatch{ type = "order/add", payload = { movieId = 1201, price = 999 } })
    assert.same({ items = { 1201 }, total = 999 }, e:state("order"))

    assert.equal(5, e:back())
    assert.equal("/", e:route())
    assert.equal(1, e:depth())
    local back = assert(e:render_text())
    assert.truthy(back:find("Browse by genre", 1, true))
    assert.not_equal(home, back) -- the cart shows the order made on the genre page
    assert.truthy(back:find("Your order: 1 item, $9.99", 1, true))
  end)

  it("every genre button opens a page of films", function()
    for _, genre in ipairs{ "drama", "comedy", "sci-fi", "documentary", "kids" } do
      assert.is_true(e:press("genres#" .. genre))
      assert.equal("/genre/" .. genre, e:route())
      local text = assert(e:render_text())
      assert.truthy(text:find("MovieCardComponent", 1, true), genre)
      assert.same({}, (function()
        local bad = {}
        for _, d in ipairs(e:diagnostics()) do
          if d.severity == "error" then bad[#bad + 1] = d end
        end
        return bad
      end)(), genre)
      assert.is_true(e:dispatch{ type = "navigation/back" })
      assert.equal("/", e:route())
    end
  end)

  it("a route without a page leaves the home page, and the service says why", function()
    assert.is_true(e:press("banner-festival"))
    assert.equal("/", e:route())
    assert.equal(1, e:depth())
    assert.equal("the page was not fetched: no page for /promo/festival", e:state("navigation", "error"))
  end)

end)
