-- Accessibility from Lua: the DSL's accessibility tables, the engine's
-- "unlabelled-button" warning, the layout's readingOrder, and the images
-- added in on-screen order with their hints.
local sdui = require "sdui"
local ui = require "sdui.ui"
local support = require "spec.support"
local error_of = support.error_of

describe("ui: accessibility", function()
  it("is a property of every kind", function()
    assert.same({ type = "button", label = "★", accessibility = { label = "Favourite", hint = "Adds it" } },
      ui.button{ "★", accessibility = { label = "Favourite", hint = "Adds it" } })
    assert.same({ type = "image", url = "u", accessibility = { role = "none" } },
      ui.image("u", { accessibility = { role = "none" } }))
    assert.same({ type = "text", text = "Menu", accessibility = { role = "heading" } },
      ui.text("Menu", { accessibility = { role = "heading" } }))
    local stack = ui.vstack{ accessibility = { role = "group", label = "Card" }, ui.text("a") }
    assert.same({ role = "group", label = "Card" }, stack.accessibility)
  end)

  it("checks its members and the role", function()
    assert.equal('ui.button: accessibility role must be one of button, link, heading, image, text, checkbox, '
      .. 'radio, radiogroup, switch, slider, textbox, list, listitem, tab, group, alert, progressbar, none, got "banner"',
      error_of(ui.button, { "★", accessibility = { role = "banner" } }))
    assert.equal('ui.text: accessibility has an unknown member "name" (allowed: label, role, hint)',
      error_of(ui.text, "x", { accessibility = { name = "x" } }))
    assert.equal("ui.text: accessibility label must be a string, got 3",
      error_of(ui.text, "x", { accessibility = { label = 3 } }))
    assert.equal('ui.vstack: accessibility must be a table {label =, role =, hint =}, got "Card"',
      error_of(ui.vstack, { accessibility = "Card" }))
  end)
end)

local function engine(views)
  local e = sdui.engine()
  local page = {}
  for i, view in ipairs(views) do
    assert(e:component("C" .. i, function() return view end))
    page[i] = { id = "c" .. i, type = "C" .. i }
  end
  assert(e:load_page(page))
  return e
end

describe("the engine", function()
  it("keeps the accessibility in the view and warns of icon-only buttons without a label", function()
    local e <close> = engine{
      ui.hstack{ ui.button{ "★" }, ui.button{ "♥", accessibility = { label = "Like" } }, ui.button{ "Add" } },
    }
    local screen = assert(e:render())
    assert.same({ label = "Like" }, screen.components[1].view.children[2].accessibility)
    local diagnostics = e:diagnostics()
    assert.equal(1, #diagnostics)
    assert.equal("unlabelled-button", diagnostics[1].code)
    assert.equal("c1", diagnostics[1].component)
    assert.truthy(diagnostics[1].message:find('button "c1/0" shows only symbols', 1, true), diagnostics[1].message)
  end)

  it("lays out the reading order", function()
    local e <close> = engine{
      ui.vstack{ ui.text("Title"), ui.hstack{ direction = "rtl", width = "fill", ui.button{ "one" }, ui.button{ "two" } } },
      ui.image("u", { accessibility = { role = "none" } }),
      ui.hstack{ action = ui.action("a/b"), ui.text("whole"), ui.text("card") },
    }
    local l = assert(e:layout(30))
    assert.same({ "c1/0", "c1/1/0", "c1/1/1", "c3" }, l.readingOrder)
    local row = l.components[1].root.children[2].children
    assert.is_true(row[1].frame.x > row[2].frame.x) -- "one" is placed right of "two", and read first
  end)

  it("gives the images added in on-screen order, with their sizes once laid out", function()
    local e <close> = engine{
      ui.vstack{ ui.image("z", { width = 6, height = 2 }), ui.image("b", { width = 4, height = 3 }) },
      ui.image("a", { width = 5, height = 1 }),
    }
    assert(e:layout(20))
    local images = assert(e:patches()).images
    assert.same({ "z", "b", "a" }, images.added)
    assert.same({ { url = "z", width = 6, height = 2, priority = "visible" },
                  { url = "b", width = 4, height = 3, priority = "visible" },
                  { url = "a", width = 5, height = 1, priority = "visible" } }, images.hints)
  end)
end)
