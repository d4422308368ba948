-- "version" and "requires" on pages and components, and the capabilities a
-- host declares (e:capabilities, the engine's capabilities option).
local sdui = require "sdui"
local support = require "support"
local error_of = support.error_of

-- An engine whose "Map" and "Text" components show their type, counting runs.
local function engine(options)
  local e = sdui.engine(options)
  local runs = { n = 0 }
  for _, t in ipairs{ "Map", "Text" } do
    assert(e:component(t, function()
      runs.n = runs.n + 1
      return { type = "text", text = t }
    end))
  end
  return e, runs
end

local PAGE = {
  id = "p", version = "1.1",
  components = {
    { id = "a", type = "Map", requires = { maps = "2.0" },
      fallback = { type = "Map", requires = { maps = "1.0" }, fallback = { type = "Text" } } },
    { id = "b", type = "Text" },
  },
}

-- What component `id` shows on `screen`.
local function shown(screen, id)
  for _, c in ipairs(screen.components) do
    if c.id == id then return c.view.type == "text" and c.view.text or c.view.type end
  end
end

describe("requirements", function()
  it("render the fallback chain until the host declares what they need", function()
    local e <close>, runs = engine()
    assert.is_true(e:load_page(PAGE))
    assert.equal("Text", shown(e:render(), "a"))
    local d = e:diagnostics()
    assert.equal(2, #d)
    assert.equal("requires-unmet", d[1].code)
    assert.equal('type "Map": "maps" 2.0 needed, not declared; rendered its fallback of type "Map"', d[1].message)
    assert.equal('type "Map": "maps" 1.0 needed, not declared; rendered its fallback of type "Text"', d[2].message)

    -- maps 1.2: the first fallback renders; only "a" renders again, as a patch.
    local before = runs.n
    assert.is_true(e:capabilities{ maps = "1.2" })
    local patches = assert(e:patches()).patches
    assert.equal(1, #patches)
    assert.equal("update", patches[1].op)
    assert.equal("a", patches[1].id)
    assert.equal(before + 1, runs.n)
    assert.equal('type "Map": "maps" 2.0 needed, 1.2 declared; rendered its fallback of type "Map"',
                 e:diagnostics()[1].message)

    -- The same declaration as JSON text: nothing renders.
    assert.is_true(e:capabilities('{"maps":"1.2"}'))
    assert.same({}, e:patches().patches)
    assert.equal(before + 1, runs.n)

    -- maps 2.0.1 meets 2.0: no diagnostic left.
    assert.is_true(e:capabilities{ maps = "2.0.1" })
    assert.equal("Map", shown(e:render(), "a"))
    assert.same({}, e:diagnostics())

    -- An empty table declares none again.
    assert.is_true(e:capabilities{})
    assert.equal("Text", shown(e:render(), "a"))
  end)

  it("take the page's version as sdui's, and the page's requires for every component", function()
    local e <close> = engine()
    assert.is_true(e:load_page{ version = 99, components = { { id = "a", type = "Map" } } })
    local screen = e:render()
    assert.equal(99, screen.version)
    assert.equal("fallback", shown(screen, "a"))
    assert.equal('type "Map": "sdui" 99.0 needed, 1.1 declared; no fallback', e:diagnostics()[1].message)

    assert.is_true(e:load_page{ requires = { maps = "1.0" }, components = {
      { id = "a", type = "Map", fallback = { type = "Text" } }, { id = "b", type = "Map", fallback = "drop" } } })
    screen = e:render()
    assert.equal("Text", shown(screen, "a"))
    assert.is_nil(shown(screen, "b"))
  end)

  it("can be declared when the engine is made", function()
    local e <close> = engine{ capabilities = { maps = "2.0" } }
    assert.is_true(e:load_page(PAGE))
    assert.equal("Map", shown(e:render(), "a"))
    local err = error_of(sdui.engine, { capabilities = { maps = 2 } })
    assert.matches("sdui.engine: capabilities: 1:9: $.maps: a version must be a string", err, 1, true)
  end)

  it("refuse bad declarations with the JSON path and change nothing", function()
    local e <close> = engine()
    assert.is_true(e:capabilities{ maps = "2.0" })
    assert.is_true(e:load_page(PAGE))
    e:render()
    for _, case in ipairs{
      { { maps = "2" }, '$.maps: a version must be a string "MAJOR.MINOR" or "MAJOR.MINOR.PATCH"' },
      { { sdui = "1.0" }, '$.sdui: "sdui" is the engine\'s own capability, at its contract version 1.1' },
      { { maps = true }, "$.maps: a version must be a string" },
      { sdui.array{ "maps" }, "$: capabilities must be an object, got array" },
    } do
      local ok, err = e:capabilities(case[1])
      assert.is_nil(ok)
      assert.matches(case[2], err, 1, true)
    end
    assert.has_error(function() e:capabilities(42) end)
    assert.same({}, e:patches().patches)
    assert.equal("Map", shown(e:render(), "a"))
  end)

  it("refuse malformed versions in pages, naming the path", function()
    local e <close> = engine()
    local ok, err = e:load_page{ version = "1", components = {} }
    assert.is_nil(ok)
    assert.matches("$.version: a version must be", err, 1, true)
    ok, err = e:load_page('[{"id":"a","type":"Map","requires":{"maps":"1.x"}}]')
    assert.is_nil(ok)
    assert.matches("1:44: $[0].requires.maps: a version must be a string", err, 1, true)
  end)
end)
