-- Persistent services through the Lua module: e:persist and
-- e:persist_directory, the engine's state_dir and persist options, and a
-- script's `persist` list. Every spec writes its own folders.
local support = require "support"
local sdui = require "sdui"

local FAVORITES = [[
return {
  services = { favorites = {} },
  persist = { "favorites" },
  actions = {
    ["favorites/toggle"] = function(state, payload)
      local key = tostring(payload.movieId)
      if state[key] then state[key] = nil else state[key] = true end
    end,
    ["favorites/fail"] = function(state) state.doomed = true; error("refused") end,
  },
}
]]

describe("persistent services", function()
  local dir, scripts

  before_each(function()
    dir = support.tmpdir()
    scripts = support.tmpdir()
    support.write(scripts .. "/favorites.lua", FAVORITES)
  end)

  after_each(function()
    support.rmrf(dir)
    support.rmrf(scripts)
  end)

  local function codes(e)
    local list = {}
    for _, d in ipairs(assert(e:diagnostics())) do list[#list + 1] = d.code end
    return list
  end

  it("a script's persist list keeps the state across engines", function()
    local e = sdui.engine { state_dir = dir }
    assert(e:load_scripts(scripts))
    assert(e:dispatch { type = "favorites/toggle", payload = { movieId = 603 } })
    assert.same({ ["603"] = true }, e:state("favorites"))
    assert.equal('{"sdui":1,"service":"favorites","state":{"603":true}}', support.read(dir .. "/favorites.json"))
    assert.equal(1, e:counters().saves)
    -- A rolled-back dispatch saves nothing.
    local ok, err = e:dispatch { type = "favorites/fail" }
    assert.is_nil(ok)
    assert.matches("refused", err)
    assert.equal(1, e:counters().saves)
    -- A reload does not load the saved state again.
    assert(e:dispatch { type = "favorites/toggle", payload = { movieId = 42 } })
    support.write(dir .. "/favorites.json", '{"sdui":1,"service":"favorites","state":{}}')
    assert(e:reload())
    assert.same({ ["603"] = true, ["42"] = true }, e:state("favorites"))
    assert(e:dispatch { type = "favorites/toggle", payload = { movieId = 42 } })
    e:close()

    local again = sdui.engine { state_dir = dir }
    assert(again:load_scripts(scripts))
    assert.same({ ["603"] = true }, again:state("favorites"))
    assert.same({}, codes(again))
    again:close()
  end)

  it("a corrupt saved state is reported and the initial value kept", function()
    support.write(dir .. "/favorites.json", '{"sdui":1,"service":"favorites","state":{"603":tr')
    local e = sdui.engine { state_dir = dir }
    assert(e:load_scripts(scripts))
    assert.same({}, e:state("favorites"))
    local d = assert(e:diagnostics())
    assert.equal(1, #d)
    assert.equal("persist-rejected", d[1].code)
    assert.matches('^service "favorites": saved state not used %(not JSON: 1:', d[1].message)
    -- The engine goes on, and the next save mends the file.
    assert(e:dispatch { type = "favorites/toggle", payload = { movieId = 1 } })
    assert.equal('{"sdui":1,"service":"favorites","state":{"1":true}}', support.read(dir .. "/favorites.json"))
    e:close()
  end)

  it("a state of another type is refused, a restore handler may migrate one", function()
    support.write(dir .. "/favorites.json", '{"sdui":1,"service":"favorites","state":["603","42"]}')
    local e = sdui.engine { state_dir = dir }
    assert(e:load_scripts(scripts))
    assert.same({}, e:state("favorites"))
    assert.same({ "persist-rejected" }, codes(e))
    e:close()

    support.write(scripts .. "/migrate.lua", [[
return {
  actions = {
    ["favorites/sdui.restore"] = function(state, saved)
      if type(saved) ~= "table" then error("not a list of ids") end
      local migrated = {}
      for _, id in ipairs(saved) do migrated[id] = true end
      return migrated
    end,
  },
}
]])
    -- migrate.lua loads after favorites.lua: the handler is there when a later load declares persist.
    local m = sdui.engine { services = { favorites = {} } }
    assert(m:load_scripts(scripts .. "/migrate.lua"))
    assert(m:persist_directory(dir))
    assert(m:persist("favorites"))
    assert.same({ ["603"] = true, ["42"] = true }, m:state("favorites"))
    assert.same({}, codes(m))
    m:close()
  end)

  it("the module's calls and options", function()
    local e = sdui.engine { services = { cart = { items = 0 } }, state_dir = dir .. "/deep/er", persist = { "cart" } }
    e:action("cart/add", function(state) state.items = state.items + 1 end)
    assert(e:dispatch { type = "cart/add" })
    assert.equal('{"sdui":1,"service":"cart","state":{"items":1}}', support.read(dir .. "/deep/er/cart.json"))
    local ok, err = e:persist("nope")
    assert.is_nil(ok)
    assert.matches('no service "nope"', err)
    support.write(dir .. "/file", "x")
    ok, err = e:persist_directory(dir .. "/file")
    assert.is_nil(ok)
    assert.matches("is not a folder", err)
    e:close()
    assert.has_error(function() sdui.engine { persist = { "ghost" } } end)
    assert.has_error(function() sdui.engine { persist = "cart" } end)
  end)

  it("a script's persist list is checked", function()
    local e = sdui.engine { state_dir = dir }
    support.write(scripts .. "/bad.lua", 'return { persist = { "ghost" } }')
    local ok, err = e:load_scripts(scripts .. "/bad.lua")
    assert.is_nil(ok)
    assert.matches('persist names the service "ghost": declare it in services', err)
    support.write(scripts .. "/bad.lua", 'return { persist = "favorites" }')
    ok, err = e:load_scripts(scripts .. "/bad.lua")
    assert.is_nil(ok)
    assert.matches('"persist" must be a list of service names', err)
    e:close()
  end)
end)
