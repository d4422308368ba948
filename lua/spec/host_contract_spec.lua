-- The host contract from Lua (sdui.h's "Hosts"): e:set_input with a
-- sequence number, the patches' acks, e:component_height, e:theme_values.
local sdui = require "sdui"
local ui = require "sdui.ui"

describe("host contract", function()
  local e

  before_each(function()
    e = sdui.engine()
    assert(e:service("form", { name = "" }))
    assert(e:action("form/clear", function(state) state.name = "" end))
    assert(e:component("Form", function()
      return ui.vstack{
        ui.input{ name = "name", bind = "form/name" },
        ui.button{ "Send", action = ui.action("form/clear") },
      }
    end))
    assert(e:load_page{ id = "p", components = { { id = "f", type = "Form" } } })
    assert(e:render_json())
  end)

  after_each(function()
    e:close()
  end)

  it("does not echo an acknowledged edit, and says which edit the values reflect", function()
    assert.is_true(e:set_input("f/0", "hello", 1))
    local set = assert(e:patches())
    assert.same({}, set.patches)
    assert.same({ ["f/0"] = 1 }, set.acks)
    assert.is_true(e:press("f/1"))
    set = assert(e:patches())
    assert.equal(1, #set.patches, "the cleared value goes to the host")
    assert.same({ ["f/0"] = 1 }, set.acks)
  end)

  it("refuses a stale number and changes nothing", function()
    assert.is_true(e:set_input("f/0", "hello", 3))
    local ok, err = e:set_input("f/0", "x", 3)
    assert.is_nil(ok)
    assert.equal('node "f/0": seq 3 is not above the last acknowledged, 3', err)
    assert.equal("hello", e:state("form", "name"))
    assert.has_error(function() e:set_input("f/0", "x", 1.5) end)
  end)

  it("takes a natively laid-out host's heights", function()
    assert.is_true(e:component_height("f", 120))
    local ok, err = e:component_height("nope", 1)
    assert.is_nil(ok)
    assert.equal('no component "nope" on the page', err)
    assert.is_nil((e:component_height("f", -1)))
  end)

  it("gives both appearances' values", function()
    assert(e:set_theme{ colors = { ink = { light = "#000000", dark = "#ffffff" } } })
    assert.equal("#ffffff", e:theme_values("dark")["color:ink"])
    assert.equal("#000000", e:theme_values("light")["color:ink"])
    assert.equal("light", e:appearance())
  end)

  it("lays out in points with a terminal cell's size", function()
    assert(e:component("Hello", function() return ui.text("hello") end))
    assert(e:load_page{ id = "q", components = { { id = "h", type = "Hello" } } })
    assert.equal(5, e:layout(80).components[1].root.frame.width, "cells by default")
    assert.is_true(e:cell_size(8, 16))
    local frame = e:layout(640).components[1].root.frame
    assert.same({ 40, 16 }, { frame.width, frame.height })
    assert.is_nil((e:cell_size(0, 16)))
  end)
end)
