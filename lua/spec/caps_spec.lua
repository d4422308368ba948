-- What a factory's view table can make the engine hold, in the Lua module:
-- the binding counts a view's nodes and bytes as it writes it, against the
-- engine's view limits (SDUI_LIMIT_VIEW_NODES, SDUI_LIMIT_VIEW_BYTES), so a
-- table that refers to the same tables again and again (a DAG: 2^40 nodes
-- written out) fails its own component at the limit, whichever way the view
-- goes (flat, packed, JSON). The script host's cases: Tests/c/test_caps.c.
local sdui = require "sdui"
local ui = require "sdui.ui"

-- A vstack of two references to the same vstack, `levels` deep: 2^(levels+1) - 1 nodes.
local function dag(levels, leaf, key)
  local t = leaf
  for _ = 1, levels do
    t = { type = "vstack", key = key, children = { t, t } }
  end
  return t
end

-- A style of 40 members: neither the flat nor the packed writer takes it, the JSON route does.
local wide = {}
for i = 1, 40 do wide["m" .. i] = "x" end

local PAGE = [=[[
  {"id": "flat", "type": "Dag", "data": {"levels": 40}},
  {"id": "packed", "type": "Dag", "data": {"levels": 40, "key": "k"}},
  {"id": "json", "type": "Wide", "data": {"levels": 40}},
  {"id": "small", "type": "Dag", "data": {"levels": 3}},
  {"id": "fine", "type": "Fine"}]]=]

describe("view limits", function()
  it("stop a view that is a DAG at the node limit: its component fails, naming the factory's line", function()
    local e <close> = sdui.engine()
    local line = debug.getinfo(1, "l").currentline + 1
    assert(e:component("Dag", function(data)
      return dag(data.levels, ui.text("x"), data.key)
    end))
    assert(e:component("Wide", function(data)
      local t = dag(data.levels, ui.text("x"))
      return { type = "vstack", style = wide, children = { t, t } }
    end))
    assert(e:component("Fine", function() return ui.text("fine") end))
    assert.is_true(e:load_page(PAGE))
    local views = {}
    for _, c in ipairs(e:render().components) do views[c.id] = c.view end
    for _, id in ipairs{ "flat", "packed", "json" } do
      assert.equal("error", views[id].type, id)
    end
    assert.equal("vstack", views.small.type)
    assert.equal("fine", views.fine.text)
    local failed = {}
    for _, d in ipairs(e:diagnostics()) do failed[d.component] = d.code .. ": " .. d.message end
    local where = "caps_spec.lua:" .. line .. ": "
    local limit = "the view has more nodes than the node limit of 100000 (SDUI_LIMIT_VIEW_NODES)"
    assert.truthy(failed.flat:find(where .. limit, 1, true), failed.flat)
    assert.truthy(failed.packed:find(where .. limit, 1, true), failed.packed)
    assert.truthy(failed.json:find("caps_spec.lua:" .. (line + 3) .. ": " .. limit, 1, true), failed.json)
    assert.is_nil(failed.small)
    assert.is_nil(failed.fine)
  end)
end)

describe("the engine's limits as sdui.engine options", function()
  it("take the view, action, write and state limits in `limits`", function()
    local e <close> = sdui.engine{ limits = { view_nodes = 7, view_bytes = 5000, actions = 20,
                                              write_bytes = 1000, state_bytes = 2000 } }
    assert(e:component("Dag", function(data) return dag(data.levels, ui.text("x")) end))
    assert(e:load_page('[{"id":"a","type":"Dag","data":{"levels":2}},{"id":"b","type":"Dag","data":{"levels":3}}]'))
    local screen = e:render()
    assert.are.equal("vstack", screen.components[1].view.type)
    assert.are.equal("error", screen.components[2].view.type)
    assert.truthy(screen.components[2].view.message:find("node limit of 7", 1, true), screen.components[2].view.message)
    assert.has_error(function() sdui.engine{ limits = { actions = -1 } } end)
  end)
end)
