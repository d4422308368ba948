-- Layout from Lua: e:layout(width) frames in monospace cells, the layout
-- cache, and a Lua measurer.
local sdui = require "sdui"
local ui = require "sdui.ui"

local function card_engine()
  local e = sdui.engine{ services = { favorites = {} } }
  assert(e:component("Card", function(data, ctx)
    local on = ctx.state("favorites", tostring(data.id))
    local view = ui.hstack{ spacing = 1, width = "fill",
      ui.text(data.title),
      ui.spacer(),
      ui.button{ on and "★" or "☆", action = ui.action("favorites/toggle", { id = data.id }) },
    }
    return view
  end))
  assert(e:action("favorites/toggle", function(state, p)
    local k = tostring(p.id)
    state[k] = not state[k] or nil
  end))
  assert(e:load_page{ { id = "a", type = "Card", data = { id = 1, title = "Heat" } },
                      { id = "b", type = "Card", data = { id = 2, title = "日本の夏" } } })
  return e
end

local function frame(node)
  local f = node.frame
  return { f.x, f.y, f.width, f.height }
end

describe("e:layout", function()
  it("sizes an image from its aspect ratio, and from its picture once e:image_size reports it", function()
    local e <close> = sdui.engine()
    e:component("Pic", function(data)
      return { type = "image", url = data.url, style = data.ratio and { aspectRatio = data.ratio, width = 12 } or nil }
    end)
    assert(e:load_page{ { id = "r", type = "Pic", data = { url = "a.png", ratio = 2 } },
                        { id = "p", type = "Pic", data = { url = "b.png" } } })
    local l = assert(e:layout(40))
    assert.same({ 0, 0, 12, 5 }, frame(l.components[1].root)) -- 10 inside the chrome, 2:1
    assert.same({ 0, 0, 7, 1 }, frame(l.components[2].root))  -- [image], until the picture is known
    assert.is_true(e:image_size("b.png", 8, 4))
    l = assert(e:layout(40))
    assert.same({ 0, 0, 10, 4 }, frame(l.components[2].root))
    local ok, err = e:image_size("b.png", -1, 4)
    assert.is_nil(ok)
    assert.truthy(err:find("above 0", 1, true), err)
  end)


  it("lays out each component in cells, stacked down the page", function()
    local e <close> = card_engine()
    local l = assert(e:layout(20))
    assert.equal(20, l.width)
    assert.equal(2, l.height)
    assert.same({ "a", "b" }, { l.components[1].id, l.components[2].id })
    assert.same({ 0, 1 }, { l.components[1].y, l.components[2].y })
    local a = l.components[1].root
    assert.same({ 0, 0, 20, 1 }, frame(a))
    assert.same({ 0, 0, 4, 1 }, frame(a.children[1]))   -- "Heat"
    assert.same({ 5, 0, 11, 0 }, frame(a.children[2]))  -- the spacer takes the rest
    assert.same({ 17, 0, 3, 1 }, frame(a.children[3]))  -- [☆]
    assert.same({ 0, 0, 8, 1 }, frame(l.components[2].root.children[1])) -- wide characters: 2 cells
  end)

  it("lays out again only what a change touched", function()
    local e <close> = card_engine()
    e:layout(20)
    assert.equal(2, e:counters().layouts)
    e:layout(20)
    assert.equal(2, e:counters().layouts)
    assert(e:dispatch{ type = "favorites/toggle", payload = { id = 1 } })
    e:layout(20)
    assert.equal(3, e:counters().layouts)
  end)

  it("takes the host's measurer, and goes back to cells", function()
    local e <close> = card_engine()
    local seen = {}
    assert(e:measurer(function(text, font, max_width)
      seen[#seen + 1] = text
      return 7 * #text, 16
    end))
    local l = assert(e:layout(400))
    assert.same({ 0, 0, 28, 16 }, frame(l.components[1].root.children[1]))
    assert.truthy(#seen > 0)
    assert(e:measurer(nil))
    assert.same({ 0, 0, 4, 1 }, frame(assert(e:layout(20)).components[1].root.children[1]))
  end)

  it("measures 0 x 0 when the measurer fails, and refuses a bad width", function()
    local e <close> = card_engine()
    assert(e:measurer(function() error("no font") end))
    local l = assert(e:layout(40))
    assert.same({ 0, 0, 0, 0 }, frame(l.components[1].root.children[1]))
    local ok, err = e:layout(0)
    assert.is_nil(ok)
    assert.matches("width must be a positive number", err)
    assert.has_error(function() e:layout("wide") end)
  end)

  it("refuses to close the engine from inside its measurer", function()
    local e <close> = card_engine()
    local refused
    assert(e:measurer(function(text)
      refused = select(2, pcall(e.close, e))
      return #text, 1
    end))
    assert(e:layout(40))
    assert.matches("cannot close an sdui engine from inside one of its callbacks", refused, 1, true)
    assert(e:layout(41)) -- the engine is still open
  end)
end)

describe("e:viewport", function()
  local function long_engine(n)
    local e = sdui.engine()
    assert(e:component("Row", function(data) return ui.text("row " .. data.i) end))
    local page = {}
    for i = 1, n do page[i] = { id = "r" .. i, type = "Row", data = { i = i } } end
    assert(e:load_page(page))
    return e
  end

  it("renders only the window of a long page and reports what appears", function()
    local e <close> = long_engine(5000)
    local events = assert(e:viewport(40, 0, 3))
    assert.same({ { type = "appear", id = "r1" }, { type = "appear", id = "r2" }, { type = "appear", id = "r3" } }, events)
    assert.equal(6, e:counters().renders)  -- the window and one window below it
    events = assert(e:viewport(40, 1, 3))
    assert.same({ { type = "disappear", id = "r1" }, { type = "appear", id = "r4" } }, events)
    assert.equal(5000, assert(e:layout(40)).height)
    assert(e:viewport(nil))
    assert(e:render()) -- without a viewport the next render renders the rest
    assert.equal(5000, e:counters().renders)
  end)

  it("refuses nonsense", function()
    local e <close> = long_engine(3)
    assert.has_error(function() e:viewport(40, 0, 0) end)
    local ok, err = e:viewport(0, 0, 3)
    assert.is_nil(ok)
    assert.matches("width must be positive", err)
  end)
end)
