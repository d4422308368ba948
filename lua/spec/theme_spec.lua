-- Themes from Lua: e:set_theme (a table or JSON text), e:set_appearance,
-- e:appearance, ctx.appearance in a factory, "@token" values in views
-- built with the DSL, and themes declared by scripts.
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"

local THEME = {
  colors = { accent = { light = "#2563eb", dark = "#93c5fd" }, brand = "#dc2626" },
  fonts = { heading = { light = "title", dark = "headline" } },
}

-- An engine with `n` plain components, one using "@accent" and "@heading"
-- and one using "@brand" (the same in light and dark).
local function themed_engine(n)
  local e = sdui.engine()
  assert(e:set_theme(THEME))
  assert(e:component("Plain", function() return ui.text("plain", { color = "#333333" }) end))
  assert(e:component("Accent", function()
    return ui.vstack{
      ui.text("hi", { color = "@accent", font = "@heading" }),
      ui.paragraph{ runs = { { text = "a" }, { text = "b", color = "@accent", highlight = "@brand" } } },
    }
  end))
  assert(e:component("Brand", function() return ui.text("b", { background = "@brand" }) end))
  local components = {}
  for i = 1, n do components[#components + 1] = { id = "p" .. i, type = "Plain" } end
  components[#components + 1] = { id = "accent", type = "Accent" }
  components[#components + 1] = { id = "brand", type = "Brand" }
  assert(e:load_page{ id = "home", components = components })
  return e
end

local function view_of(screen, id)
  for _, c in ipairs(screen.components) do
    if c.id == id then return c.view end
  end
end

describe("themes", function()
  it("resolve tokens to literals wherever a colour or a font goes", function()
    local e <close> = themed_engine(3)
    assert.equal("light", e:appearance())
    local screen = assert(e:render())
    local accent = view_of(screen, "accent")
    assert.equal("#2563eb", accent.children[1].style.color)
    assert.equal("title", accent.children[1].style.font)
    assert.equal("#2563eb", accent.children[2].runs[2].color)
    assert.equal("#dc2626", accent.children[2].runs[2].highlight)
    assert.equal("#dc2626", view_of(screen, "brand").style.background)
    assert.is_nil(assert(e:render_json()):find("@", 1, true))
  end)

  it("switch to dark patching only the component whose tokens changed", function()
    local e <close> = themed_engine(40)
    assert(e:render())
    local before = e:counters().factory_runs
    assert.is_true(e:set_appearance("dark"))
    assert.equal("dark", e:appearance())
    local patches = assert(e:patches()).patches
    assert.equal(1, #patches)
    assert.equal("accent", patches[1].id)
    assert.equal(before + 1, e:counters().factory_runs)
    local accent = view_of(assert(e:render()), "accent")
    assert.equal("#93c5fd", accent.children[1].style.color)
    assert.equal("headline", accent.children[1].style.font)
    -- the appearance in force again, or a theme with the same values: nothing
    assert.is_true(e:set_appearance("dark"))
    assert(e:set_theme(THEME))
    assert.same({}, assert(e:patches()).patches)
  end)

  it("take the theme as JSON text too, and refuse bad ones with their path", function()
    local e <close> = themed_engine(1)
    assert(e:render())
    assert.is_true(e:set_theme('{"colors": {"accent": "#000000", "brand": "#dc2626"}, "fonts": {"heading": "title"}}'))
    local patches = assert(e:patches()).patches
    assert.equal(1, #patches)
    assert.equal("accent", patches[1].id)
    local ok, err = e:set_theme{ colors = { accent = { light = "#fff" } } }
    assert.is_nil(ok)
    assert.matches("$.colors.accent: a colour token needs both", err, 1, true)
    ok, err = e:set_appearance("dim")
    assert.is_nil(ok)
    assert.matches('"light" or "dark"', err, 1, true)
    assert.equal("light", e:appearance())
    assert.same({}, assert(e:patches()).patches)
  end)

  it("leave an unknown token's field unset and say so in the diagnostics", function()
    local e <close> = sdui.engine()
    assert(e:component("Typo", function() return ui.vstack{ ui.text("x", { color = "@acent" }) } end))
    assert(e:load_page{ { id = "t", type = "Typo" } })
    local view = view_of(assert(e:render()), "t")
    assert.is_nil(view.children[1].style)
    local d = e:diagnostics()
    assert.equal(1, #d)
    assert.equal("unknown-token", d[1].code)
    assert.equal("t", d[1].component)
    assert.matches('$.children[0].style.color: no colour token "@acent"', d[1].message, 1, true)
  end)

  it("let a factory read the appearance through ctx, and render it again on a switch", function()
    local e <close> = sdui.engine()
    assert(e:component("Mode", function(_, ctx) return ui.text(ctx.appearance() == "dark" and "moon" or "sun") end))
    assert(e:component("Plain", function() return ui.text("p") end))
    assert(e:load_page{ { id = "m", type = "Mode" }, { id = "p", type = "Plain" } })
    assert.equal("sun", view_of(assert(e:render()), "m").text)
    assert(e:set_appearance("dark"))
    local patches = assert(e:patches()).patches
    assert.equal(1, #patches)
    assert.equal("m", patches[1].id)
    assert.equal("moon", view_of(assert(e:render()), "m").text)
  end)

  it("refuse a ctx.appearance kept past its callback", function()
    local e <close> = sdui.engine()
    local kept
    assert(e:component("Keep", function(_, ctx) kept = ctx.appearance; return ui.text("k") end))
    assert(e:load_page{ { id = "k", type = "Keep" } })
    assert(e:render())
    assert.matches("ctx used after its callback returned", support.error_of(kept))
  end)

  describe("declared by a script", function()
    local dir, e

    before_each(function() dir = support.tmpdir() end)
    after_each(function()
      if e then
        e:close()
        e = nil
      end
      support.rmrf(dir)
    end)

    local SCRIPT = [[
local ui = require "sdui.ui"
return {
  theme = { colors = { accent = { light = "#2563eb", dark = "%s" } } },
  components = { Card = function() return ui.text("card", { color = "@accent" }) end },
}
]]

    it("becomes the engine's theme when the script loads, and again when it reloads", function()
      support.write(dir .. "/card.lua", SCRIPT:format("#93c5fd"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert(e:load_page{ { id = "c", type = "Card" } })
      assert(e:set_appearance("dark"))
      assert.equal("#93c5fd", view_of(assert(e:render()), "c").style.color)
      support.write(dir .. "/card.lua", SCRIPT:format("#ffffff"))
      assert.is_true(e:reload())
      assert.equal("#ffffff", view_of(assert(e:render()), "c").style.color)
    end)

    it("refuses a bad theme with the script's name and the path, and keeps the previous version", function()
      support.write(dir .. "/card.lua", SCRIPT:format("#93c5fd"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      support.write(dir .. "/card.lua", SCRIPT:format(""))
      local ok, err = e:reload()
      assert.is_nil(ok)
      assert.matches("card.lua: invalid theme at $.colors.accent.dark: must not be empty", err, 1, true)
      assert(e:load_page{ { id = "c", type = "Card" } })
      assert.equal("#2563eb", view_of(assert(e:render()), "c").style.color)
      support.write(dir .. "/card.lua", "return { theme = 'dark' }")
      ok, err = e:reload()
      assert.is_nil(ok)
      assert.matches('card.lua: "theme" must be a table, got string', err, 1, true)
    end)
  end)
end)
