-- Switching the theme from a script: the "appearance" effect (ui.appearance),
-- committed with the dispatch that emitted it, and the appearance that
-- persists like a service ("sdui/appearance").
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"

local error_of = support.error_of

-- A script with a theme, a component in "@ink" and actions switching the
-- appearance: one that toggles, one that sets dark and then fails, one
-- that chains its on_success.
local SCRIPT = [[
local ui = require "sdui.ui"
return {
  theme = { colors = { ink = { light = "#000000", dark = "#ffffff" } } },
  services = { theme = { switched = 0 } },
  persist = { "sdui/appearance" },
  components = { Ink = function() return ui.text("ink", { color = "@ink" }) end },
  actions = {
    ["theme/toggle"] = function(state, payload, ctx) ctx.emit(ui.appearance("toggle")) end,
    ["theme/dark_then_fail"] = function(state, payload, ctx)
      ctx.emit(ui.appearance("dark"))
      error("refused")
    end,
    ["theme/chained"] = function(state, payload, ctx)
      ctx.emit{ type = "appearance", value = "dark", on_success = { type = "theme/switched" } }
    end,
    ["theme/switched"] = function(state, payload) state.switched = payload.result.appearance end,
  },
}
]]

describe("a script switching the appearance", function()
  local dir, scripts

  before_each(function()
    dir = support.tmpdir()
    scripts = support.tmpdir()
    support.write(scripts .. "/theme.lua", SCRIPT)
  end)

  after_each(function()
    support.rmrf(dir)
    support.rmrf(scripts)
  end)

  -- An engine running the script on a page of one Ink component, rendered.
  local function engine()
    local e = sdui.engine { state_dir = dir }
    assert(e:load_scripts(scripts))
    assert(e:load_page{ id = "p", components = { { id = "ink", type = "Ink" } } })
    assert(e:render_json())
    return e
  end

  it("switches it once the dispatch commits, and the patches follow", function()
    local e <close> = engine()
    assert.is_true(e:dispatch{ type = "theme/toggle" })
    assert.equal("dark", e:appearance())
    local patches = assert(e:patches_json())
    assert.truthy(patches:find('"#ffffff"', 1, true), patches)
    assert.is_true(e:dispatch{ type = "theme/toggle" })
    assert.equal("light", e:appearance())
  end)

  it("does not switch it when the dispatch fails", function()
    local e <close> = engine()
    local ok, err = e:dispatch{ type = "theme/dark_then_fail" }
    assert.is_nil(ok)
    assert.matches("refused", err)
    assert.equal("light", e:appearance())
  end)

  it("dispatches the effect's on_success with the appearance in force", function()
    local e <close> = engine()
    assert.is_true(e:dispatch{ type = "theme/chained" })
    assert.equal("dark", e:state("theme", "switched"))
  end)

  it("keeps the choice for the next start when the script persists it", function()
    do
      local e <close> = engine()
      assert.is_true(e:dispatch{ type = "theme/toggle" })
    end
    local f = assert(io.open(dir .. "/sdui.appearance.state", "rb"))
    assert.truthy(f:read("a"):find('"state":"dark"', 1, true))
    f:close()
    local again <close> = engine()
    assert.equal("dark", again:appearance(), "a saved dark choice is in force at start")
    assert.truthy(assert(again:render_json()):find('"#ffffff"', 1, true))
  end)

  it("is refused as a performer's type and checked when built", function()
    local e <close> = engine()
    local ok, err = e:effect("appearance", function() end)
    assert.is_nil(ok)
    assert.matches('"appearance" are the engine\'s own', err)
    assert.equal('ui.appearance: expected "light", "dark" or "toggle", got "dusk"', error_of(ui.appearance, "dusk"))
    local plain <close> = sdui.engine()
    assert(plain:service("s", {}))
    assert(plain:action("s/bad", function(state, payload, ctx) ctx.emit{ type = "appearance", value = "dusk" } end))
    ok, err = plain:dispatch{ type = "s/bad" }
    assert.is_nil(ok)
    assert.matches('"appearance" effect needs "value"', err)
  end)
end)
