-- What the Lua module refuses that it used to take (issue 26, "a sandbox
-- that holds"): a name, type, id or path with a NUL byte (the engine saw it
-- cut short, and used another name), a service name with control
-- characters, an input's value given as a number or outside the input's
-- values, colours and fonts holding control sequences (through the DSL's
-- flat views and through packed ones), and a second engine on a state folder.
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"

local NUL = 'must not contain a NUL byte ("\\0")'

describe("refusals", function()
  describe("a NUL byte", function()
    it("in any name, type, id or path raises, and nothing is made under the cut name", function()
      local e <close> = sdui.engine { services = { s = { n = 1 } } }
      local function raises(method, arg, call)
        local ok, err = pcall(call)
        assert.is_false(ok, method)
        assert.matches(string.format("bad argument #%d to '%s' (%s)", arg, method, NUL), err, 1, true)
      end
      local fn = function() end
      raises("service", 1, function() e:service("a\0b", {}) end)
      assert.is_nil((e:state("a")))
      raises("component", 1, function() e:component("Card\0x", fn) end)
      raises("action", 1, function() e:action("s/go\0x", fn) end)
      raises("persist", 1, function() e:persist("s\0x") end)
      raises("persist_directory", 1, function() e:persist_directory("/tmp\0/x") end)
      raises("set_appearance", 1, function() e:set_appearance("dark\0x") end)
      raises("press", 1, function() e:press("f/0\0x") end)
      raises("set_input", 1, function() e:set_input("f/0\0x", "v") end)
      raises("image_size", 1, function() e:image_size("https://x/a.png\0x", 1, 1) end)
      raises("component_view", 1, function() e:component_view("c\0x") end)
      raises("component_json", 1, function() e:component_json("c\0x") end)
      raises("state", 1, function() e:state("s\0x") end)
      raises("state", 2, function() e:state("s", "n\0x") end)
      raises("load_scripts", 1, function() e:load_scripts("/tmp\0x") end)
      raises("navigate", 1, function() e:navigate("/a\0x") end)
      raises("effect", 1, function() e:effect("fx\0y", fn) end)
      raises("subscribe", 1, function() e:subscribe("s\0x", nil, fn) end)
      raises("subscribe", 2, function() e:subscribe("s", "n\0x", fn) end)
      assert.same({ n = 1 }, e:state("s"))
    end)

    it("in the engine's options raises", function()
      local function message(options)
        local ok, err = pcall(sdui.engine, options)
        assert.is_false(ok)
        return err
      end
      assert.equal("sdui.engine: a service name " .. NUL, message { services = { ["a\0b"] = {} } })
      assert.equal("sdui.engine: state_dir " .. NUL, message { state_dir = "/tmp\0/x" })
      assert.equal("sdui.engine: a persist name " .. NUL, message { services = { s = {} }, persist = { "s\0x" } })
      assert.equal("sdui.engine: duplicate_keys " .. NUL, message { duplicate_keys = "last\0x" })
    end)
  end)

  it("a service name with control characters is refused, by the engine and by a script", function()
    local e <close> = sdui.engine()
    local ok, err = e:service("a\27[2Jb", {})
    assert.is_nil(ok)
    assert.equal('bad service name "a\\u001b[2Jb": it must not contain control characters, found \\u001b', err)
    assert.is_nil((e:state("a\27[2Jb")))
    local dir = support.tmpdir()
    support.write(dir .. "/bad.lua", 'return { services = { ["cart\\27[31m"] = {} } }')
    ok, err = e:load_scripts(dir)
    support.rmrf(dir)
    assert.is_nil(ok)
    assert.matches('bad service name "cart\\u001b[31m": it must not contain control characters, found \\u001b', err, 1, true)
  end)

  describe("e:set_input", function()
    local function form_engine(options)
      local e = sdui.engine(options or { services = { form = { email = "a@b.c", qty = 2 } } })
      assert(e:component("Form", function()
        return ui.vstack {
          ui.input { name = "email", bind = "form/email" },
          ui.input { name = "qty", kind = "number", min = 1, max = 9, bind = "form/qty" },
        }
      end))
      assert(e:load_page { components = { { id = "f", type = "Form" } } })
      assert(e:render())
      e:patches()
      return e
    end

    it("takes text only: a number raises, whatever the input", function()
      local e <close> = form_engine()
      local ok, err = pcall(function() e:set_input("f/1", 7) end)
      assert.is_false(ok)
      assert.matches("bad argument #2 to 'set_input' (string expected, got number)", err, 1, true)
      ok, err = pcall(function() e:set_input("f/0", 42) end)
      assert.is_false(ok)
      assert.matches("bad argument #2 to 'set_input' (string expected, got number)", err, 1, true)
      ok = pcall(function() e:set_input("f/1", 0 / 0) end)
      assert.is_false(ok)
      assert.same({ email = "a@b.c", qty = 2 }, e:state("form"))
      assert.is_true(e:set_input("f/1", "7"))
      assert.equal(7, e:state("form", "qty"))
    end)

    it("refuses a value outside the input's values or over the payload limit, changing nothing", function()
      local e <close> = form_engine()
      local function refused(id, value, message)
        local ok, err = e:set_input(id, value)
        assert.is_nil(ok)
        assert.equal(message, err)
        assert.same({ email = "a@b.c", qty = 2 }, e:state("form"))
        assert.same({}, e:patches().patches)
      end
      refused("f/0", ("x"):rep(64 * 1024 * 1024 + 1),
        'node "f/0": the value is 67108865 bytes, more than the limit of 67108864 bytes (SDUI_LIMIT_PAYLOAD_BYTES)')
      collectgarbage()
      refused("f/1", "nan", 'node "f/1": "nan" is not a finite number')
      refused("f/1", "10", 'node "f/1": 10 is above the input\'s max (9)')
      refused("f/1", "two", 'node "f/1": "two" is not a number (a number input takes a JSON number such as 42 or -1.5, or "" to clear it)')
      refused("f/0", "a\27[2J", 'node "f/0": the value of a text input must not contain control characters, found \\u001b')
      refused("f/0", "a\0b", 'node "f/0": the value of a text input must not contain control characters, found \\u0000')
    end)
  end)

  describe("colours and fonts", function()
    -- The screen of one component whose factory returns `view`, and the diagnostics.
    local function render(view)
      local e <close> = sdui.engine()
      assert(e:component("V", function() return view end))
      assert(e:load_page { components = { { id = "v", type = "V" } } })
      local screen = assert(e:render_json())
      local text = assert(e:render_text())
      return screen, text, assert(e:diagnostics())
    end

    local function fails(view, path, what)
      local screen, text, diagnostics = render(view)
      assert.is_nil(screen:find("\27", 1, true))
      assert.is_nil(text:find("\27", 1, true))
      assert.matches('"type":"error"', screen, 1, true)
      local messages = {}
      for _, d in ipairs(diagnostics) do messages[#messages + 1] = d.message end
      assert.matches(path .. ": " .. what, table.concat(messages, "\n"), 1, true)
    end

    it("are checked on the DSL's flat views", function()
      fails(ui.text("hi", "title\27[2J"), "$.style", "must not contain control characters, found \\u001b")
      fails(ui.vstack { ui.text("hi", "caption\194\155") }, "$.children[0].style",
        "must not contain control characters, found \\u009b")
      local screen = render(ui.text("hi", "title"))
      assert.matches('"style":{"font":"title"}', screen, 1, true)
    end)

    it("are checked on packed views", function()
      fails({ type = "text", text = "hi", style = { color = "\27[31m" } }, "$.style.color",
        'not a colour: "\\u001b[31m"; a colour is #rgb')
      fails({ type = "text", text = "hi", style = { font = "t\27", color = "#fff" } }, "$.style.font",
        "must not contain control characters, found \\u001b")
      fails({ type = "text", text = "hi", style = { background = "red;x" } }, "$.style.background", 'not a colour: "red;x"')
      local screen = render({ type = "text", text = "hi", style = { color = "#fff", background = "accent" } })
      assert.matches('"color":"#fff"', screen, 1, true)
    end)

    it("text content keeps its control characters, escaped in every output", function()
      local screen, text = render(ui.text("a\27[2Jb"))
      assert.is_nil(screen:find("\27", 1, true))
      assert.is_nil(text:find("\27", 1, true))
      assert.matches("a\\u001b[2Jb", text, 1, true)
    end)
  end)

  describe("a state folder", function()
    local dir, other
    before_each(function()
      dir = support.tmpdir()
      other = support.tmpdir()
    end)
    after_each(function()
      support.rmrf(dir)
      support.rmrf(other)
    end)

    it("keeps the states of one engine at a time", function()
      local a = sdui.engine { state_dir = dir }
      local b <close> = sdui.engine()
      local ok, err = b:persist_directory(dir)
      assert.is_nil(ok)
      assert.equal("the state folder " .. dir .. " is in use by another engine of this process; "
        .. "one folder keeps the states of one engine at a time", err)
      ok, err = pcall(sdui.engine, { state_dir = dir })
      assert.is_false(ok)
      assert.equal("sdui.engine: state_dir: the state folder " .. dir .. " is in use by another engine of this process; "
        .. "one folder keeps the states of one engine at a time", err)
      assert(a:persist_directory(dir)) -- its own folder again
      a:close()
      assert(b:persist_directory(dir))
    end)

    it("is let go at once by an engine whose options failed", function()
      assert.has_error(function() sdui.engine { state_dir = other, persist = { "ghost" } } end)
      local c <close> = sdui.engine { state_dir = other } -- no collection needed first
      assert.is_not_nil(c)
    end)
  end)
end)
