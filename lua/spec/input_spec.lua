-- Input kinds: the DSL's typed members (from sdui.contract) and the engine's
-- view of them, through the packed route and the long way.
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"
local error_of = support.error_of

local OPTIONS = { { title = "Red", value = "red" }, { title = "Blue", value = "blue" } }

describe("input kinds", function()
  describe("in the DSL", function()
    it("builds each kind with its typed members", function()
      assert.same({ type = "input", name = "n", kind = "number", min = 1, max = 9.5 },
        ui.input{ name = "n", kind = "number", min = 1, max = 9.5 })
      assert.same({ type = "input", name = "e", format = "email" }, ui.input{ name = "e", format = "email" })
      assert.same({ type = "input", name = "t", kind = "toggle", title = "News", onValue = "y", offValue = "n" },
        ui.input{ name = "t", kind = "toggle", title = "News", onValue = "y", offValue = "n" })
      assert.same({ type = "input", name = "c", kind = "choice", display = "expanded", multiple = true, options = OPTIONS },
        ui.input{ name = "c", kind = "choice", display = "expanded", multiple = true, options = OPTIONS })
    end)

    it("refuses values of the wrong type, naming the member", function()
      assert.equal("ui.input: kind must be one of text, multiline, number, date, time, toggle, choice, got \"slider\"",
        error_of(ui.input, { name = "a", kind = "slider" }))
      assert.equal("ui.input: format must be one of email, tel, url, password, got 1",
        error_of(ui.input, { name = "a", format = 1 }))
      assert.equal("ui.input: min must be a finite number, got \"1\"", error_of(ui.input, { name = "a", min = "1" }))
      assert.equal("ui.input: min must be a finite number, got inf", error_of(ui.input, { name = "a", min = math.huge }))
      assert.equal("ui.input: multiple must be a boolean, got \"yes\"", error_of(ui.input, { name = "a", multiple = "yes" }))
      assert.equal("ui.input: options [1] needs a title and a value (strings)",
        error_of(ui.input, { name = "a", options = { { title = "x" } } }))
      assert.equal("ui.input: options [1].value must be a string, got 1",
        error_of(ui.input, { name = "a", options = { { title = "x", value = 1 } } }))
      assert.equal("ui.input: options [1] has an unknown member \"icon\" (allowed: title, value)",
        error_of(ui.input, { name = "a", options = { { title = "x", value = "x", icon = "i" } } }))
    end)

    it("checks bind's shape; the engine checks its path", function()
      assert.same({ type = "input", name = "e", bind = "form/email" }, ui.input{ name = "e", bind = "form/email" })
      assert.equal('ui.input: bind must be "service/path" (a service, a slash, a state path), got "email"',
        error_of(ui.input, { name = "e", bind = "email" }))
    end)

    it("marks an empty options list as an array", function()
      local n = ui.input{ name = "c", kind = "choice", options = {} }
      assert.equal(ui.array_mt, getmetatable(n.options))
    end)
  end)

  describe("in the engine", function()
    local function engine_with(view)
      local e = sdui.engine()
      assert(e:component("Form", function() return view end))
      assert(e:load_page{ components = { { id = "f", type = "Form" } } })
      return e
    end

    it("renders each kind with its typed members as JSON", function()
      local view = ui.vstack{
        ui.input{ name = "qty", kind = "number", min = 1, max = 5, value = "2" },
        ui.input{ name = "news", kind = "toggle", title = "Newsletter", value = "true" },
        ui.input{ name = "color", kind = "choice", display = "expanded", options = OPTIONS, value = "blue" },
        ui.input{ name = "pw", format = "password", value = "abc" },
      }
      local e <close> = engine_with(view)
      local screen = assert(e:render())
      local children = screen.components[1].view.children
      assert.equal(1, children[1].min)
      assert.equal(5, children[1].max)
      assert.same(OPTIONS, children[3].options)
      assert.equal("▌ f (Form)\n  qty: [2_____]\n  [x] Newsletter\n  color:\n    ( ) Red\n    (•) Blue\n  pw: [•••_____]\n",
        e:render_text())
      assert.same({}, e:diagnostics())
    end)

    it("turns a member its kind does not take into an error node naming the path", function()
      local e <close> = engine_with({ type = "vstack", children = { { type = "input", name = "a", min = 1 } } })
      local screen = assert(e:render())
      assert.equal("error", screen.components[1].view.type)
      local message = screen.components[1].view.message
      assert.truthy(message:find('$.children[0].min: min is for an input of kind "number", not "text"', 1, true), message)
    end)

    it("sizes an expanded choice one line an option", function()
      local e <close> = engine_with(ui.input{ name = "c", kind = "choice", display = "expanded", options = OPTIONS })
      local layout = assert(e:layout(40))
      assert.equal(2, layout.components[1].root.frame.height)
    end)
  end)

  describe("bound to a service", function()
    local function form_engine()
      local e = sdui.engine{ services = { form = { email = "a@b.c", qty = 2 } } }
      assert(e:component("Form", function()
        return ui.vstack{
          ui.input{ name = "email", format = "email", bind = "form/email" },
          ui.input{ name = "qty", kind = "number", bind = "form/qty", key = "qty" },
          ui.input{ name = "free" },
        }
      end))
      assert(e:load_page{ components = { { id = "f", type = "Form" } } })
      return e
    end

    it("shows the state's value and e:set_input changes it, with patches", function()
      local e <close> = form_engine()
      local screen = assert(e:render())
      assert.equal("a@b.c", screen.components[1].view.children[1].value)
      assert.equal("2", screen.components[1].view.children[2].value)
      local seen = {}
      assert(e:middleware(function(phase, action)
        if phase == "before" then seen[#seen + 1] = action end
      end))
      assert.is_true(e:set_input("f/0", "new@b.c"))
      assert.equal("new@b.c", e:state("form", "email"))
      assert.same({ { type = "form/sdui.input", payload = { node = "f/0", bind = "form/email", value = "new@b.c" } } }, seen)
      local patches = e:patches()
      assert.equal(1, #patches.patches)
      assert.is_true(e:set_input("f#qty", "7")) -- the input's text: a number raises (refusals_spec)
      assert.equal(7, e:state("form", "qty"))
      assert.equal("7", assert(e:render()).components[1].view.children[2].value)
    end)

    it("e:press adds the inputs an action asks for to its payload", function()
      local e <close> = sdui.engine{ services = { form = { email = "a@b.c" } } }
      local got = {}
      assert(e:action("form/send", function(_, payload) got[#got + 1] = payload end))
      assert(e:component("Form", function()
        return ui.vstack{
          ui.input{ name = "email", bind = "form/email" },
          ui.input{ name = "qty", kind = "number", value = "3" },
          ui.button{ "All", action = ui.action("form/send", { from = "x" }, true) },
          ui.button{ "Some", action = ui.action("form/send", nil, { "qty" }) },
        }
      end))
      assert(e:load_page{ components = { { id = "f", type = "Form" } } })
      e:render()
      assert.is_true(e:press("f/2"))
      assert.is_true(e:press("f/3"))
      assert.same({ { from = "x", email = "a@b.c", qty = "3" }, { qty = "3" } }, got)
      local ok, message = e:press("f/0")
      assert.is_nil(ok)
      assert.equal('node "f/0" has no action', message)
      assert.equal("ui.action: inputs must be true or a list of input names, got 1", error_of(ui.action, "form/send", nil, 1))
    end)

    it("e:press checks the inputs' validation first, and the inputs show their errors", function()
      local e <close> = sdui.engine{ services = { form = { email = "" } } }
      local got = 0
      assert(e:action("form/send", function() got = got + 1 end))
      assert(e:component("Form", function()
        return ui.vstack{
          ui.input{ name = "email", bind = "form/email", validation = { required = true } },
          ui.button{ "Send", action = ui.action("form/send", nil, true) },
        }
      end))
      assert(e:load_page{ components = { { id = "f", type = "Form" } } })
      e:render()
      local ok, message = e:press("f/1")
      assert.is_nil(ok)
      assert.equal("validation failed: email is required", message)
      assert.equal(0, got)
      assert.equal("email is required", assert(e:render()).components[1].view.children[1].error)
      assert.is_true(e:set_input("f/0", "x"))
      assert.is_true(e:press("f/1"))
      assert.equal(1, got)
      assert.is_nil(assert(e:render()).components[1].view.children[1].error)
      assert.equal("ui.input: validation must be a table {required =, pattern =, minLength =, maxLength =, message =}, got true",
        error_of(ui.input, { name = "a", validation = true }))
    end)

    it("returns nil and a message for what is not a bound input", function()
      local e <close> = form_engine()
      e:render()
      local ok, message = e:set_input("f/2", "x")
      assert.is_nil(ok)
      assert.equal('node "f/2" is not an input with a bind', message)
      ok, message = e:set_input("f/9", "x")
      assert.is_nil(ok)
      assert.equal('no node "f/9" on the screen', message)
    end)
  end)
end)
