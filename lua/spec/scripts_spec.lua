-- The script host through the Lua module: e:load_scripts, e:reload, e:poll,
-- the sandbox and its limits. Every spec writes its own script folder.
local support = require "support"
local sdui = require "sdui"

-- A component script: `Type` renders a text with `text`, and the file
-- declares the service "notes" with one action.
local function card_script(text)
  return ([[
local ui = require "sdui.ui"
return {
  services = { notes = { count = 0 } },
  components = {
    Card = function(data, ctx)
      local view = ui.text(%q .. " " .. ctx.state("notes", "count"))
      return view
    end,
  },
  actions = {
    ["notes/add"] = function(state) state.count = state.count + 1 end,
  },
}
]]):format(text)
end

local PAGE = { id = "p", components = { { id = "card", type = "Card" } } }

describe("the script host", function()
  local dir, e

  local function write(name, text)
    support.write(dir .. "/" .. name, text)
  end

  local function text()
    return assert(e:render_text())
  end

  before_each(function()
    dir = support.tmpdir()
  end)

  after_each(function()
    if e then
      e:close()
      e = nil
    end
    support.rmrf(dir)
  end)

  describe("loading", function()
    it("loads every script of a folder: services, components, actions", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.same({ count = 0 }, e:state("notes"))
      assert.is_true(e:load_page(PAGE))
      assert.equal("▌ card (Card)\n  v1 0\n", text())
      assert.is_true(e:dispatch{ type = "notes/add" })
      assert.equal("▌ card (Card)\n  v1 1\n", text())
    end)

    it("loads a single file and finds modules of its folder", function()
      support.mkdir(dir .. "/lib")
      write("lib/words.lua", 'return { hello = function(n) return "hello " .. n end }')
      write("one.lua", [[
        local words = require "lib.words"
        return { components = { Card = function(data) local v = { type = "text", text = words.hello(data.n) } return v end } }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir .. "/one.lua"))
      assert.is_true(e:load_page{ components = { { id = "c", type = "Card", data = { n = "you" } } } })
      assert.equal("▌ c (Card)\n  hello you\n", text())
    end)

    it("does not reset a service that already exists", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine{ services = { notes = { count = 41 } } }
      assert.is_true(e:load_scripts(dir))
      assert.same({ count = 41 }, e:state("notes"))
    end)

    it("reports a missing file or folder with nil, err", function()
      e = sdui.engine()
      local ok, err = e:load_scripts(dir .. "/missing.lua")
      assert.is_nil(ok)
      assert.is_string(err)
      ok, err = e:load_scripts(dir .. "/no-such-folder")
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    it("reports a syntax error as file:line: and keeps the other scripts", function()
      write("a_good.lua", card_script("good"))
      write("b_bad.lua", "return {\n  components = {\n    Other = function( end\n  }\n}\n")
      e = sdui.engine()
      local ok, err = e:load_scripts(dir)
      assert.is_nil(ok)
      assert.truthy(err:find("b_bad.lua:3:", 1, true), err)
      assert.is_nil(err:find("a_good.lua", 1, true), err)
      assert.is_true(e:load_page(PAGE))
      assert.equal("▌ card (Card)\n  good 0\n", text())
    end)

    it("reports a runtime error as file:line: message", function()
      write("boom.lua", 'local x = 1\nerror("the script exploded")\nreturn {}\n')
      e = sdui.engine()
      local ok, err = e:load_scripts(dir)
      assert.is_nil(ok)
      assert.truthy(err:find("boom.lua:2: the script exploded", 1, true), err)
    end)

    it("refuses a script that returns something else than a table", function()
      write("number.lua", "return 42\n")
      e = sdui.engine()
      local ok, err = e:load_scripts(dir)
      assert.is_nil(ok)
      assert.truthy(err:find("number.lua", 1, true), err)
    end)

    it("refuses a bytecode file", function()
      local chunk = string.dump(load('return { components = {} }'))
      write("compiled.lua", chunk)
      e = sdui.engine()
      local ok, err = e:load_scripts(dir .. "/compiled.lua")
      assert.is_nil(ok)
      assert.truthy(err:find("compiled.lua", 1, true), err)
    end)

    it("refuses a bytecode module", function()
      write("mod.lua", string.dump(load("return 1")))
      write("main.lua", 'local m = require "mod"\nreturn {}\n')
      e = sdui.engine()
      local ok, err = e:load_scripts(dir .. "/main.lua")
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    it("refuses paths outside the first folder", function()
      local other = support.tmpdir()
      finally(function() support.rmrf(other) end)
      support.mkdir(dir .. "/scripts")
      write("scripts/card.lua", card_script("inside"))
      support.write(other .. "/card.lua", card_script("outside"))
      write("outside.lua", card_script("parent"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir .. "/scripts"))
      local ok, err = e:load_scripts(other .. "/card.lua")
      assert.is_nil(ok)
      assert.is_string(err)
      ok, err = e:load_scripts(dir .. "/scripts/../outside.lua")
      assert.is_nil(ok)
      assert.is_string(err)
      assert.is_true(e:load_page(PAGE))
      assert.equal("▌ card (Card)\n  inside 0\n", text())
    end)
  end)

  describe("sandbox", function()
    it("hides io, os (but time, clock, date), debug, load, loadfile, dofile, string.dump and collectgarbage", function()
      write("probe.lua", [[
        local reachable = {}
        local function check(name, value) if value ~= nil then reachable[#reachable + 1] = name end end
        check("io", io)
        check("os.execute", os and os.execute)
        check("os.exit", os and os.exit)
        check("os.remove", os and os.remove)
        check("os.getenv", os and os.getenv)
        check("debug", debug)
        check("load", load)
        check("loadfile", loadfile)
        check("dofile", dofile)
        check("string.dump", string.dump)
        check("package.loadlib", package and package.loadlib)
        local required, lib = pcall(require, "io")
        check("require of io", required and lib or nil)
        local gc_collect = pcall(collectgarbage, "collect")
        local kept = string.format("time=%s clock=%s date=%s gc_count=%s gc_collect=%s",
          type(os.time()), type(os.clock()), type(os.date("%Y")), type(collectgarbage("count")), tostring(gc_collect))
        return { components = { Probe = function()
          local v = { type = "text", text = "reachable: " .. table.concat(reachable, ",") .. "; " .. kept }
          return v
        end } }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page{ components = { { id = "p", type = "Probe" } } })
      assert.equal("▌ p (Probe)\n  reachable: ; time=number clock=number date=string gc_count=number gc_collect=false\n",
        text())
    end)

    it("finds sdui.contract, the view contract the DSL is built from", function()
      write("probe.lua", [[
        local contract = require "sdui.contract"
        return { components = { Probe = function()
          local v = { type = "text", text = #contract.kinds .. " kinds, " .. #contract.style .. " style fields" }
          return v
        end } }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page{ components = { { id = "p", type = "Probe" } } })
      local contract = dofile(support.root .. "/lua/sdui/contract.lua")
      assert.equal(("▌ p (Probe)\n  %d kinds, %d style fields\n"):format(#contract.kinds, #contract.style), text())
    end)

    it("finds no module outside the script folder", function()
      local outer = support.tmpdir()
      finally(function() support.rmrf(outer) end)
      support.mkdir(outer .. "/scripts")
      support.write(outer .. "/secret.lua", 'return "secret"')
      support.write(outer .. "/scripts/a.lua", 'local s = require "secret"\nreturn {}\n')
      support.write(outer .. "/scripts/b.lua", 'local s = require "..secret"\nreturn {}\n')
      support.write(outer .. "/scripts/c.lua", 'local s = require "/' .. outer:sub(2) .. '/secret"\nreturn {}\n')
      support.write(outer .. "/scripts/d.lua", 'local s = require "string"\nreturn {}\n')
      e = sdui.engine()
      local ok, err = e:load_scripts(outer .. "/scripts")
      assert.is_nil(ok)
      for _, name in ipairs{ "a.lua", "b.lua", "c.lua", "d.lua" } do
        assert.truthy(err:find(name, 1, true), name .. " was not refused: " .. err)
      end
    end)

    it("writes numbers with tostring as the stock tostring does, floats of every magnitude included", function()
      -- the same numbers inside the sandbox and out: the generator's text runs in both
      local numbers = [[
        local function numbers()
          local out = { 7.8, -7.8, 3.0, -0.0, 0.1, 0.1 + 0.2, 1 / 3, 2 / 3, math.pi, 1e-4, 9.999e-5, 1.00000000000001e-4,
            0.00012345678901234, 1e9, 999999999.5, 999999999.99999, 999999999.999999, 1e15, 2 ^ 53, 2 ^ 63,
            1 / 0, -1 / 0, 5e-324, 123456789.123, 99999999.999999, 9.99999999999995, 9.999999999999995,
            0.5, 1.5, 2.5, 1e8, 12345.678, 0.30000000000000004, 100.0, -1e-4, 42, -7, math.maxinteger }
          local x = 12345
          for i = 1, 6000 do
            x = (x * 1103515245 + 12345) % 2147483648
            local v = x / 10 ^ (i % 10) -- a decimal of 0 to 9 places
            if i % 3 == 0 then v = x / 2147483648 * 10 ^ (i % 15 - 5) end -- any double, 1e-5 to 1e9
            if i % 7 == 0 then v = (x % 1000) / 8 end -- binary fractions: exact ties at the last digit
            if i % 2 == 0 then v = -v end
            out[#out + 1] = v
          end
          return out
        end
      ]]
      write("probe.lua", numbers .. [[
        return { components = { Probe = function()
          local parts = {}
          for i, v in ipairs(numbers()) do parts[i] = tostring(v) end
          local v = { type = "text", text = table.concat(parts, "|") }
          return v
        end } }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page{ components = { { id = "p", type = "Probe" } } })
      local written = assert(e:render()).components[1].view.text
      local expected = {}
      for i, v in ipairs(assert(load(numbers .. " return numbers()"))()) do expected[i] = tostring(v) end
      local got = {}
      for part in (written .. "|"):gmatch("([^|]*)|") do got[#got + 1] = part end
      assert.equal(#expected, #got)
      for i = 1, #expected do
        if got[i] ~= expected[i] then
          assert.equal(expected[i], got[i], "number " .. i)
        end
      end
    end)

    it("stops an endless script with the instruction budget", function()
      write("loop.lua", "while true do end\n")
      e = sdui.engine{ script_instructions = 100000 }
      local ok, err = e:load_scripts(dir .. "/loop.lua")
      assert.is_nil(ok)
      assert.is_string(err)
      assert.truthy(err:find("loop.lua", 1, true), err)
    end)

    it("stops a script with the deadline, and one big string with the size limit, naming each", function()
      write("loop.lua", "local a, b = string.rep('x', 1 << 20), string.rep('x', 1 << 20)\nwhile a == b do end\n")
      e = sdui.engine{ script_instructions = 0, script_time_ms = 50 }
      local ok, err = e:load_scripts(dir .. "/loop.lua")
      assert.is_nil(ok)
      assert.truthy(err:find("loop.lua:2: time limit of 50 ms exceeded", 1, true), err)
      write("big.lua", "local s = string.rep('x', 1 << 16)\nlocal t = s .. s\n")
      e = sdui.engine{ script_object_bytes = 100000 }
      ok, err = e:load_scripts(dir .. "/big.lua")
      assert.is_nil(ok)
      assert.truthy(err:find("big.lua:2: size limit of 100000 bytes reached", 1, true), err)
    end)

    it("stops an endless factory (error node) and handler (rolled back) with the budget", function()
      write("spin.lua", [[
        return {
          services = { spin = { n = 0 } },
          components = {
            Spin = function() while true do end end,
            Calm = function() local v = { type = "text", text = "calm" } return v end,
          },
          actions = { ["spin/go"] = function(state) state.n = 1 while true do end end },
        }
      ]])
      e = sdui.engine{ script_instructions = 100000 }
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page{ components = { { id = "s", type = "Spin" }, { id = "c", type = "Calm" } } })
      local screen = assert(e:render())
      assert.equal("error", screen.components[1].view.type)
      assert.same({ type = "text", id = "c", text = "calm" }, screen.components[2].view)
      local ok, err = e:dispatch{ type = "spin/go" }
      assert.is_nil(ok)
      assert.is_string(err)
      assert.same({ n = 0 }, e:state("spin"))
    end)

    it("stops a memory bomb with the memory cap, and the engine goes on", function()
      write("bomb.lua", [[
        local t = {}
        for i = 1, 1e8 do t[i] = string.rep("x", 64) .. i end
        return {}
      ]])
      e = sdui.engine{ script_memory = 8 * 1024 * 1024, script_instructions = 1000000000 }
      local ok, err = e:load_scripts(dir .. "/bomb.lua")
      assert.is_nil(ok)
      assert.truthy(err:lower():find("memory", 1, true), err)
      write("card.lua", card_script("after"))
      assert.is_true(e:load_scripts(dir .. "/card.lua"))
      assert.is_true(e:load_page(PAGE))
      assert.equal("▌ card (Card)\n  after 0\n", text())
    end)
  end)

  describe("reload", function()
    it("puts a rewritten script live and keeps the state", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      assert.is_true(e:dispatch{ type = "notes/add" })
      assert.is_true(e:dispatch{ type = "notes/add" })
      write("card.lua", card_script("v2"))
      assert.is_true(e:reload())
      assert.equal("▌ card (Card)\n  v2 2\n", text())
      assert.same({ count = 2 }, e:state("notes"))
    end)

    it("keeps the previous version when the new one has a syntax error", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      write("card.lua", "local x = \n\nreturn {\n")
      local ok, err = e:reload()
      assert.is_nil(ok)
      assert.truthy(err:find("card.lua:%d+:"), err)
      assert.equal("▌ card (Card)\n  v1 0\n", text())
      assert.is_true(e:dispatch{ type = "notes/add" })
      assert.equal("▌ card (Card)\n  v1 1\n", text())
    end)

    it("keeps the previous version when the new one raises", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      write("card.lua", 'local n = nil\nlocal x = n.field\nreturn {}\n')
      local ok, err = e:reload()
      assert.is_nil(ok)
      assert.truthy(err:find("card.lua:2:", 1, true), err)
      assert.equal("▌ card (Card)\n  v1 0\n", text())
    end)

    it("unregisters what a script no longer returns and picks up new files", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      write("card.lua", "return { services = { notes = { count = 0 } } }\n")
      write("new.lua", 'return { components = { Card2 = function() local v = { type = "text", text = "new" } return v end } }\n')
      assert.is_true(e:reload())
      assert.is_true(e:load_page{ components = { { id = "card", type = "Card" }, { id = "n", type = "Card2" } } })
      assert.equal('▌ card (Card)\n  ⚠ Unsupported component "Card"\n▌ n (Card2)\n  new\n', text())
      local ok, err = e:dispatch{ type = "notes/add" }
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    it("is refused while a dispatch runs", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      local results
      assert.is_true(e:action("notes/reload", function(state)
        state.count = 10
        results = table.pack(e:reload())
      end))
      assert.is_true(e:dispatch{ type = "notes/reload" })
      assert.is_nil(results[1])
      assert.is_string(results[2])
      assert.equal(10, e:state("notes", "count"))
    end)

    it("is refused while a render runs", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      local results
      assert.is_true(e:component("Reloader", function()
        results = table.pack(e:reload())
        return { type = "spacer" }
      end))
      assert.is_true(e:load_page{ components = { { id = "r", type = "Reloader" } } })
      assert(e:render())
      assert.is_nil(results[1])
      assert.is_string(results[2])
    end)
  end)

  describe("poll", function()
    it("reloads nothing when nothing changed", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.equal(0, e:poll())
    end)

    it("reloads a file whose size changed", function()
      write("card.lua", card_script("v1"))
      write("other.lua", "return {}\n")
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      write("card.lua", card_script("version two"))
      assert.equal(1, e:poll())
      assert.equal("▌ card (Card)\n  version two 0\n", text())
      assert.equal(0, e:poll())
    end)

    it("reloads a file whose modification time changed", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      support.sleep(1.1)
      write("card.lua", card_script("v2")) -- same size
      assert.equal(1, e:poll())
      assert.equal("▌ card (Card)\n  v2 0\n", text())
    end)

    it("picks up a new file in a loaded folder", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      write("extra.lua", 'return { components = { Extra = function() local v = { type = "text", text = "extra" } return v end } }\n')
      assert.equal(1, e:poll())
      assert.is_true(e:load_page{ components = { { id = "x", type = "Extra" } } })
      assert.equal("▌ x (Extra)\n  extra\n", text())
    end)

    it("reloads the scripts that require a changed module", function()
      support.mkdir(dir .. "/lib")
      write("lib/label.lua", 'return "one"\n')
      write("card.lua", [[
        local label = require "lib.label"
        return { components = { Card = function() local v = { type = "text", text = label } return v end } }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      assert.equal("▌ card (Card)\n  one\n", text())
      write("lib/label.lua", 'return "three"\n')
      assert.is_true(e:poll() >= 1)
      assert.equal("▌ card (Card)\n  three\n", text())
    end)

    it("reports a broken file and keeps its previous version", function()
      write("card.lua", card_script("v1"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(PAGE))
      write("card.lua", "return {\n")
      local n, err = e:poll()
      assert.is_nil(n)
      assert.truthy(err:find("card.lua:", 1, true), err)
      assert.equal("▌ card (Card)\n  v1 0\n", text())
    end)
  end)

  describe("encoding", function()
    it("writes a script table's members in the same order in every engine", function()
      write("menu.lua", [[
        return {
          services = { menu = { alpha = 1, beta = 2, gamma = 3, delta = 4, epsilon = 5, zeta = 6 } },
          components = { Menu = function(_, ctx)
            local v = { type = "button", label = "go", action = { type = "menu/go", payload = ctx.state("menu") } }
            return v
          end },
        }
      ]])
      local engines, first = {}, nil
      finally(function()
        for _, engine in ipairs(engines) do
          engine:close()
        end
      end)
      for i = 1, 8 do -- all open at once, each with its own script state
        engines[i] = sdui.engine()
        assert.is_true(engines[i]:load_scripts(dir))
        assert.is_true(engines[i]:load_page{ components = { { id = "m", type = "Menu" } } })
        local json = assert(engines[i]:render_json())
        first = first or json
        assert.equal(first, json, "engine " .. i)
      end
    end)
  end)

  describe("callbacks", function()
    it("render an error node naming file:line for a factory that raises", function()
      write("bad.lua", 'return { components = {\n  Bad = function(data)\n    error("no title")\n  end,\n} }\n')
      write("card.lua", card_script("fine"))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page{ components = { { id = "b", type = "Bad" }, { id = "card", type = "Card" } } })
      local screen = assert(e:render())
      assert.equal("error", screen.components[1].view.type)
      assert.truthy(screen.components[1].view.message:find("bad.lua:3: no title", 1, true),
        screen.components[1].view.message)
      assert.equal("fine 0", screen.components[2].view.text)
    end)

    it("roll a dispatch back when a script handler raises", function()
      write("shop.lua", [[
        return {
          services = { shop = { items = {} , total = 0 } },
          actions = {
            ["shop/buy"] = function(state, payload, ctx)
              state.total = state.total + payload.price
              ctx.dispatch{ type = "shop/check" }
            end,
            ["shop/check"] = function(state)
              if state.total > 100 then error("over budget") end
            end,
          },
        }
      ]])
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:dispatch{ type = "shop/buy", payload = { price = 60 } })
      local ok, err = e:dispatch{ type = "shop/buy", payload = { price = 60 } }
      assert.is_nil(ok)
      assert.truthy(err:find("over budget", 1, true), err)
      assert.equal(60, e:state("shop", "total"))
    end)
  end)

  describe("a reloaded script that fails at run time", function()
    -- MovieCard: `version` and the title, and the poster's url when `needs_poster`.
    local function movie_script(version, needs_poster)
      return ([[
local ui = require "sdui.ui"
return {
  components = { MovieCard = function(data)
    local poster = data.poster
    return ui.text(%q .. " " .. data.title .. (%s and " " .. poster.url or ""))
  end },
}
]]):format(version, tostring(needs_poster))
    end
    local MOVIES = { components = {
      { id = "movie-1", type = "MovieCard", data = { title = "Heat", poster = { url = "heat.jpg" } } },
      { id = "movie-603", type = "MovieCard", data = { title = "Ran" } },
    } }

    local function views()
      local screen = assert(e:render())
      return { screen.components[1].view.text or screen.components[1].view.type,
               screen.components[2].view.text or screen.components[2].view.type }
    end

    it("shows the previous version of a component whose new factory raises, with a warning", function()
      write("movie.lua", movie_script("v1", false))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(MOVIES))
      assert.same({ "v1 Heat", "v1 Ran" }, views())
      write("movie.lua", movie_script("v2", true))
      assert.equal(1, e:poll())
      assert.same({ "v2 Heat heat.jpg", "v1 Ran" }, views())
      local d = e:diagnostics()
      assert.equal(1, #d)
      assert.same({ severity = "warning", code = "factory-warning", component = "movie-603",
                    message = "movie.lua:5: attempt to index a nil value (local 'poster') (component \"movie-603\", "
                              .. "showing the previous version of \"MovieCard\" until the script is fixed)" }, d[1])
      -- The fix takes over and the warning goes.
      write("movie.lua", movie_script("version 3", false))
      assert.equal(1, e:poll())
      assert.same({ "version 3 Heat", "version 3 Ran" }, views())
      assert.same({}, e:diagnostics())
    end)

    it("has no previous version for a first version that raises", function()
      write("movie.lua", movie_script("v1", true))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:load_page(MOVIES))
      assert.same({ "v1 Heat heat.jpg", "error" }, views())
      assert.equal("factory-failed", e:diagnostics()[1].code)
    end)

    it("runs the previous handler on the rolled-back state when the new one raises", function()
      local function counter(add, fails)
        return ([[
return {
  services = { counter = { n = 0 } },
  actions = { ["counter/bump"] = function(state, payload)
    state.n = state.n + %d
    if %s and payload.boom then error("refused") end
  end },
}
]]):format(add, tostring(fails))
      end
      write("counter.lua", counter(1, false))
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.is_true(e:dispatch{ type = "counter/bump", payload = {} })
      write("counter.lua", counter(100, true))
      assert.is_true(e:reload())
      assert.is_true(e:dispatch{ type = "counter/bump", payload = { boom = true } })
      assert.equal(2, e:state("counter", "n"))
      local d = e:diagnostics()
      assert.equal("handler-warning", d[#d].code)
      assert.equal('action "counter/bump": counter.lua:5: refused (handled by the previous version until the script is fixed)',
                   d[#d].message)
      assert.is_true(e:dispatch{ type = "counter/bump", payload = {} })
      assert.equal(102, e:state("counter", "n"))
      write("counter.lua", counter(1000, false))
      assert.is_true(e:reload())
      assert.is_true(e:dispatch{ type = "counter/bump", payload = { boom = true } })
      assert.equal(1102, e:state("counter", "n"))
      assert.equal(#d, #e:diagnostics())
    end)

    it("counts only the files that reloaded in poll", function()
      write("movie.lua", movie_script("v1", false))
      write("other.lua", "return {}\n")
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      write("movie.lua", "return {\n")
      write("other.lua", "return { }\n")
      local n, err = e:poll()
      assert.is_nil(n)
      assert.truthy(err:find("movie.lua:", 1, true), err)
      assert.equal(0, e:poll())
    end)
  end)
end)
