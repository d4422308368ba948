-- The sdui Lua module (build/lua/sdui.so): engines, services, components,
-- actions, pages, rendering, state and errors.
local support = require "support"
local sdui = require "sdui"
local error_of = support.error_of

local HELLO_PAGE = [[{"id": "home", "version": 1,
  "components": [{"id": "c1", "type": "Hello", "data": {"name": "world"}}]}]]

-- An engine with a "Hello" component: a title text greeting data.name.
local function hello_engine(options)
  local e = sdui.engine(options)
  assert(e:component("Hello", function(data)
    return { type = "text", text = "Hello, " .. data.name, style = "title" }
  end))
  return e
end

-- An engine with a counter service and its counter/add action.
local function counter_engine(options)
  local e = sdui.engine(options)
  assert(e:service("counter", { n = 0, log = sdui.array() }))
  assert(e:action("counter/add", function(state, payload)
    state.n = state.n + payload.by
    state.log[#state.log + 1] = "add " .. payload.by
  end))
  return e
end

describe("sdui module", function()
  it("has its version, null and array", function()
    assert.equal("0.1.0", sdui.version)
    assert.is_not_nil(sdui.null)
    local t = {}
    assert.equal(t, sdui.array(t))
    assert.is_table(sdui.array())
  end)

  it("preloads the DSL as sdui.ui, with the module's array marker", function()
    local ui = require "sdui.ui"
    assert.same({ type = "text", text = "x" }, ui.text("x"))
    local e <close> = sdui.engine()
    assert.is_true(e:load_page{ id = "p", components = ui.array() })
  end)

  it("preloads the view contract the DSL is built from as sdui.contract", function()
    local contract = require "sdui.contract"
    assert.same(dofile(support.root .. "/lua/sdui/contract.lua"), contract)
  end)

  -- Every kind the contract lists, so a new kind is covered here without an edit.
  it("renders, lays out and writes as text a node of every kind a factory may build (sdui.contract)", function()
    local ui, contract = require "sdui.ui", require "sdui.contract"
    local SAMPLE = { string = "x", number = 1, boolean = true, runs = { { text = "x" } } }
    local nodes, names = {}, {}
    for _, kind in ipairs(contract.kinds) do
      if not kind.engine_only then
        local node = { type = kind.name }
        for _, m in ipairs(kind.members) do
          if m.required then
            node[m.name] = assert(SAMPLE[m.type], kind.name .. "." .. m.name)
          end
        end
        assert.is_function(ui[kind.name], kind.name)
        assert.is_true(ui.is_node(node), kind.name)
        nodes[#nodes + 1], names[#names + 1] = node, kind.name
      end
    end
    local e <close> = sdui.engine()
    e:component("All", function() return { type = "vstack", children = nodes } end)
    assert.is_true(e:load_page('[{"id":"a","type":"All"}]'))
    local rendered, laid = {}, {}
    for i, child in ipairs(e:render().components[1].view.children) do
      rendered[i] = child.type
    end
    for i, child in ipairs(assert(e:layout(40)).components[1].root.children) do
      laid[i] = child.type
    end
    assert.same(names, rendered)
    assert.same(names, laid)
    assert.truthy(e:render_text():find("x", 1, true))
    assert.same({}, e:diagnostics())
  end)
end)

describe("an engine", function()
  describe("options", function()
    it("creates the services given", function()
      local e <close> = sdui.engine{ services = { favorites = {}, order = { items = sdui.array(), total = 0 } } }
      assert.same({}, e:state("favorites"))
      assert.same({ items = {}, total = 0 }, e:state("order"))
      assert.equal(0, e:state("order", "total"))
    end)

    it("applies payload_bytes", function()
      local e <close> = hello_engine{ limits = { payload_bytes = 40 } }
      local ok, err = e:load_page(HELLO_PAGE)
      assert.is_nil(ok)
      assert.is_string(err)
      assert.equal("1:1: $: input is 104 bytes, more than the limit of 40 bytes", err)
      assert.is_true(e:load_page('[{"id":"a","type":"Hello"}]')) -- 27 bytes
    end)

    it("applies depth", function()
      local e <close> = sdui.engine{ limits = { depth = 3 } }
      assert.is_true(e:load_page('{"components":[{"id":"a","type":"T"}]}'))
      local ok, err = e:load_page('{"components":[{"id":"a","type":"T","data":[[[1]]]}]}')
      assert.is_nil(ok)
      assert.equal("1:44: $.components[0].data: arrays and objects nest deeper than the limit of 3 levels", err)
    end)

    it("renders one component with e:component_view and e:component_json", function()
      local e <close> = sdui.engine{}
      e:component("T", function(data) return { type = "text", text = data.t } end)
      assert.is_true(e:load_page('[{"id":"a","type":"T","data":{"t":"one"}},{"id":"b","type":"T","data":{"t":"two"}}]'))
      assert.same({ id = "b", type = "T", view = { type = "text", id = "b", text = "two" } }, e:component_view("b"))
      assert.equal('{"id":"a","type":"T","view":{"type":"text","id":"a","text":"one"}}', e:component_json("a"))
      local none, err = e:component_view("zz")
      assert.is_nil(none)
      assert.equal('no component "zz" on the screen', err)
    end)

    it("lets a factory and a handler warn through ctx.warn", function()
      local e <close> = sdui.engine{ services = { s = { n = 0 } } }
      e:component("T", function(_, ctx)
        ctx.warn("the poster is missing")
        return { type = "text", text = "t" }
      end)
      e:action("s/go", function(state, _, ctx)
        ctx.warn("slow")
        state.n = 1
      end)
      assert.is_true(e:load_page('[{"id":"a","type":"T"}]'))
      e:render()
      assert.truthy(e:dispatch{ type = "s/go" })
      local codes = {}
      for _, d in ipairs(e:diagnostics()) do
        codes[#codes + 1] = d.code .. ": " .. d.message
      end
      assert.same({ "factory-warning: the poster is missing", 'handler-warning: action "s/go": slow' }, codes)
    end)

    it("takes duplicate_keys: refused by default, the last value with a warning when asked", function()
      local page = '{"components":[{"id":"a","type":"T","data":{"x":1,"x":2}}]}'
      local strict <close> = sdui.engine{}
      local ok, err = strict:load_page(page)
      assert.is_nil(ok)
      assert.equal('1:51: $.components[0].data.x: duplicate key "x"', err)
      local e <close> = sdui.engine{ duplicate_keys = "last" }
      e:component("T", function(data) return { type = "text", text = tostring(data.x) } end)
      assert.is_true(e:load_page(page))
      assert.equal("2", e:render().components[1].view.text)
      local d = e:diagnostics()
      assert.equal("duplicate-key", d[1].code)
      assert.equal("a", d[1].component)
      assert.equal('1:51: $.components[0].data.x: duplicate key "x": the last value is used', d[1].message)
      assert.has_error(function() sdui.engine{ duplicate_keys = "first" } end,
        'sdui.engine: option duplicate_keys must be "reject" or "last", got "first"')
    end)

    it("applies queue to the actions of one dispatch", function()
      local e <close> = counter_engine{ limits = { queue = 2 } }
      assert(e:action("counter/chain", function(_, payload, ctx)
        for _ = 1, payload.times do
          ctx.dispatch{ type = "counter/add", payload = { by = 1 } }
        end
      end))
      assert.is_true(e:dispatch{ type = "counter/chain", payload = { times = 1 } })
      assert.equal(1, e:state("counter", "n"))
      local ok, err = e:dispatch{ type = "counter/chain", payload = { times = 2 } }
      assert.is_nil(ok)
      assert.is_string(err)
      assert.equal(1, e:state("counter", "n"))
    end)

    it("raises on bad options", function()
      error_of(sdui.engine, "services")
      error_of(sdui.engine, { limits = { depth = "deep" } })
      error_of(sdui.engine, { limits = { depth = -1 } })
      error_of(sdui.engine, { services = { [1] = {} } })
      error_of(sdui.engine, { services = { ["a/b"] = {} } })
    end)
  end)

  describe("services", function()
    it("are created and replaced by service()", function()
      local e <close> = sdui.engine()
      assert.is_true(e:service("prefs", { theme = "dark" }))
      assert.same({ theme = "dark" }, e:state("prefs"))
      assert.is_true(e:service("prefs", 42))
      assert.equal(42, e:state("prefs"))
      assert.is_true(e:service("prefs", "text"))
      assert.equal("text", e:state("prefs"))
    end)

    it("refuse a bad name with nil, err", function()
      local e <close> = sdui.engine()
      local ok, err = e:service("a/b", {})
      assert.is_nil(ok)
      assert.is_string(err)
      ok, err = e:service("", {})
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    it("keep JSON null as sdui.null", function()
      local e <close> = sdui.engine()
      assert.is_true(e:service("s", { a = sdui.null, list = { 1, sdui.null, 3 } }))
      assert.equal(sdui.null, e:state("s", "a"))
      assert.equal(sdui.null, e:state("s", "list[1]"))
      assert.equal(3, e:state("s", "list[2]"))
    end)

    it("refuse values JSON cannot hold", function()
      local e <close> = sdui.engine()
      assert.has_error(function() e:service("s", { f = print }) end)
      assert.has_error(function() e:service("s", { [1] = "a", [3] = "c" }) end)
    end)
  end)

  describe("state", function()
    local e
    before_each(function()
      e = sdui.engine()
      assert(e:service("shop", { items = { { title = "A" }, { title = "B" } }, ["odd key"] = 7 }))
    end)
    after_each(function()
      e:close()
    end)

    it("reads the whole state and paths in every notation", function()
      assert.same({ items = { { title = "A" }, { title = "B" } }, ["odd key"] = 7 }, e:state("shop"))
      assert.same({ items = { { title = "A" }, { title = "B" } }, ["odd key"] = 7 }, e:state("shop", ""))
      assert.equal("A", e:state("shop", "items[0].title"))
      assert.same({ title = "B" }, e:state("shop", "$.items[1]"))
      assert.same({ title = "A" }, e:state("shop", "items.0"))
      assert.equal(7, e:state("shop", '$["odd key"]'))
      assert.equal(7, e:state("shop", '["odd key"]')) -- README: `["odd key"]` is a path
    end)

    it("returns nil, err for a missing path or service, and raises for bad arguments", function()
      local v, err = e:state("shop", "items[5]")
      assert.is_nil(v)
      assert.is_string(err)
      v, err = e:state("nope")
      assert.is_nil(v)
      assert.is_string(err)
      v, err = e:state("shop", "items[")
      assert.is_nil(v)
      assert.is_string(err)
      error_of(e.state, e, 1 == 1)
    end)
  end)

  describe("pages and rendering", function()
    it("loads a page from JSON and renders a screen table", function()
      local e <close> = hello_engine()
      assert.is_true(e:load_page(HELLO_PAGE))
      assert.same({ id = "home", version = 1, components = {
        { id = "c1", type = "Hello", view = { type = "text", id = "c1", text = "Hello, world", style = { font = "title" } } },
      } }, e:render())
    end)

    it("renders JSON and text", function()
      local e <close> = hello_engine()
      assert.is_true(e:load_page(HELLO_PAGE))
      assert.equal('{"id":"home","version":1,"components":[{"id":"c1","type":"Hello","view":' ..
                   '{"type":"text","id":"c1","text":"Hello, world","style":{"font":"title"}}}]}', e:render_json())
      assert.equal("▌ c1 (Hello)\n  Hello, world\n", e:render_text())
    end)

    it("loads a page from a table, and a bare array of components", function()
      local e <close> = hello_engine()
      assert.is_true(e:load_page{ id = "t", components = { { id = "x", type = "Hello", data = { name = "table" } } } })
      assert.equal("▌ x (Hello)\n  Hello, table\n", e:render_text())
      assert.is_true(e:load_page{ { id = "y", type = "Hello", data = { name = "array" } } })
      assert.same({ components = { { id = "y", type = "Hello",
        view = { type = "text", id = "y", text = "Hello, array", style = { font = "title" } } } } }, e:render())
    end)

    it("renders an empty screen without a page", function()
      local e <close> = sdui.engine()
      assert.same({ components = {} }, e:render())
      assert.equal('{"components":[]}', e:render_json())
      assert.equal("", e:render_text())
    end)

    it("refuses a bad page with line:col: $.path and keeps the previous one", function()
      local e <close> = hello_engine()
      assert.is_true(e:load_page(HELLO_PAGE))
      local ok, err = e:load_page('{"components": [{"id": "a", "type": "T"} x]}')
      assert.is_nil(ok)
      assert.equal("1:42: $.components[0]: expected ',' or ']' after an array element, found 'x'", err)
      ok, err = e:load_page('{"components": [\n{"id": "a", "type": "T"},\n{"id": "a", "type": "T"}]}')
      assert.is_nil(ok)
      assert.equal('3:8: $.components[1].id: duplicate component id "a": first at $.components[0], ' ..
                   'again at $.components[1]', err)
      ok, err = e:load_page{ components = { { id = "a", type = "T", colour = "red" } } }
      assert.is_nil(ok)
      assert.truthy(err:find('$.components[0].colour: unknown member "colour" in a component', 1, true), err)
      assert.equal("▌ c1 (Hello)\n  Hello, world\n", e:render_text())
    end)

    it("tells an empty array from an empty object only with sdui.array", function()
      local e <close> = sdui.engine()
      assert.is_true(e:load_page{ id = "p", components = sdui.array() })
      local ok, err = e:load_page{ id = "p", components = {} }
      assert.is_nil(ok)
      assert.truthy(err:find("$.components: components must be an array, got object", 1, true), err)
    end)

    it("encodes a table marked by the pure Lua ui.array (metatable __name \"sdui.array\") as an array", function()
      local ui = support.dsl()
      local e <close> = sdui.engine()
      assert.is_true(e:load_page{ id = "p", components = ui.array() })
    end)

    it("gives factories their data and a ctx with id, type and state", function()
      local e <close> = sdui.engine{ services = { prefs = { name = "Sam", tags = { "a", "b" } } } }
      local seen
      assert(e:component("Probe", function(data, ctx)
        seen = { data = data, id = ctx.id, type = ctx.type, name = ctx.state("prefs", "name"),
                 tag = ctx.state("prefs", "tags[1]"), all = ctx.state("prefs"),
                 missing = ctx.state("prefs", "nope"), no_service = ctx.state("nope") }
        return { type = "spacer" }
      end))
      assert(e:load_page{ components = { { id = "p1", type = "Probe", data = { n = 1, list = { true, false } } } } })
      assert(e:render())
      assert.same({ data = { n = 1, list = { true, false } }, id = "p1", type = "Probe", name = "Sam", tag = "b",
                    all = { name = "Sam", tags = { "a", "b" } } }, seen)
    end)

    it("makes ctx.id on first read, the same on every read, and refuses it once the factory returned", function()
      local e <close> = sdui.engine()
      local kept, ids = nil, {}
      assert(e:component("Probe", function(_, ctx)
        ids[#ids + 1] = ctx.id
        ids[#ids + 1] = ctx.id
        kept = ctx
        return { type = "spacer" }
      end))
      assert(e:component("Late", function(_, ctx)
        ids[#ids + 1] = ctx.id
        return { type = "spacer" }
      end))
      assert(e:load_page{ components = { { id = "a", type = "Probe" }, { id = "b", type = "Late" } } })
      assert(e:render())
      assert.same({ "a", "a", "b" }, ids)
      assert.equal("a", kept.id) -- read while its factory ran: kept as a plain field
      local fresh
      assert(e:component("Probe", function(_, ctx) fresh = ctx; return { type = "spacer" } end))
      assert(e:render())
      assert.matches("ctx used after its callback returned", support.error_of(function() return fresh.id end))
    end)

    it("decodes a component's data anew on its first render, then keeps it while its text is unchanged", function()
      local e <close> = counter_engine()
      local seen = {} -- id -> the data tables each render got
      assert(e:component("Card", function(data, ctx)
        local list = seen[ctx.id] or {}
        seen[ctx.id] = list
        list[#list + 1] = data
        return { type = "text", text = data.title .. " " .. ctx.state("counter", "n") }
      end))
      local components = {}
      for i = 1, 150 do -- past the first size of the set of tokens seen (64)
        components[i] = { id = "c" .. i, type = "Card", data = { title = "t" .. i, tags = { i } } }
      end
      assert(e:load_page{ components = components })
      assert(e:render())
      for _ = 1, 2 do
        assert.is_true(e:dispatch{ type = "counter/add", payload = { by = 1 } })
        assert(e:render())
      end
      for i = 1, 150 do
        local got = seen["c" .. i]
        assert.equal(3, #got, "renders of c" .. i)
        assert.same({ title = "t" .. i, tags = { i } }, got[1])
        assert.are_not.equal(got[1], got[2], "the first render's table is not kept")
        assert.equal(got[2], got[3], "kept from the second render on")
      end
      -- a page loaded again with the same bytes keeps the renders, but its
      -- texts are new: the next renders decode anew, then keep again
      assert(e:load_page{ components = components })
      assert(e:render())
      assert.equal(3, #seen.c1)
      for _ = 1, 3 do
        assert.is_true(e:dispatch{ type = "counter/add", payload = { by = 1 } })
        assert(e:render())
      end
      local got = seen.c1
      assert.equal(6, #got)
      assert.same({ title = "t1", tags = { 1 } }, got[4])
      assert.are_not.equal(got[3], got[4])
      assert.are_not.equal(got[4], got[5])
      assert.equal(got[5], got[6])
    end)

    it("renders an error node for a factory that raises, for that component only", function()
      local e <close> = hello_engine()
      assert(e:component("Broken", function() error("no poster") end))
      assert(e:load_page{ components = {
        { id = "a", type = "Hello", data = { name = "a" } },
        { id = "b", type = "Broken" },
        { id = "c", type = "Hello", data = { name = "c" } },
      } })
      local screen = assert(e:render())
      assert.equal("text", screen.components[1].view.type)
      assert.equal("error", screen.components[2].view.type)
      assert.equal("b", screen.components[2].view.id)
      assert.truthy(screen.components[2].view.message:find("no poster", 1, true), screen.components[2].view.message)
      assert.same({ type = "text", id = "c", text = "Hello, c", style = { font = "title" } }, screen.components[3].view)
      local d = e:diagnostics()
      assert.equal(1, #d)
      assert.equal("error", d[1].severity)
      assert.equal("factory-failed", d[1].code)
      assert.equal("b", d[1].component)
      assert.truthy(d[1].message:find("no poster", 1, true), d[1].message)
    end)

    it("renders an error node for a factory that returns no view", function()
      local e <close> = sdui.engine()
      assert(e:component("Number", function() return 42 end))
      assert(e:component("Nothing", function() end))
      assert(e:component("Bogus", function() return { type = "bogus" } end))
      assert(e:component("Typo", function() return { type = "text", text = "x", style = { colour = "red" } } end))
      assert(e:component("Ok", function() return { type = "text", text = "fine" } end))
      assert(e:load_page{ components = {
        { id = "n", type = "Number" }, { id = "z", type = "Nothing" }, { id = "b", type = "Bogus" },
        { id = "t", type = "Typo" }, { id = "o", type = "Ok" },
      } })
      local screen = assert(e:render())
      for i = 1, 4 do
        assert.equal("error", screen.components[i].view.type, screen.components[i].id)
      end
      assert.same({ type = "text", id = "o", text = "fine" }, screen.components[5].view)
      assert.equal(4, #e:diagnostics())
    end)

    it("takes view tables through the node builder, with the JSON path's errors", function()
      local e <close> = sdui.engine()
      local card = { type = "vstack", style = { spacing = 1 }, children = {
        { type = "text", text = "Tab\there \"é\"", style = "title" },
        { type = "button", key = "fav", label = "★",
          action = { type = "favorites/toggle", payload = { movieId = 7, r = 1.5 } } },
        { type = "image", url = "a.png" },
      } }
      assert(e:component("Card", function() return card end))
      local bad = {
        Unknown = { type = "vstack", children = { { type = "text", text = "a" }, { type = "txet" } } },
        Member = { type = "vstack", children = { { type = "text", text = "a", label = "x" } } },
        Missing = { type = "vstack", children = { { type = "image", alt = "no url" } } },
        Number = { type = "text", text = 5 },
        Func = { type = "text", text = "a", action = print },
      }
      for name, view in pairs(bad) do
        assert(e:component(name, function() return view end))
      end
      assert(e:load_page{ components = {
        { id = "c", type = "Card" }, { id = "u", type = "Unknown" }, { id = "m", type = "Member" },
        { id = "r", type = "Missing" }, { id = "n", type = "Number" }, { id = "f", type = "Func" },
      } })
      local json = e:render_json()
      local first = json:sub(1, json:find(',{"id":"u"', 1, true) - 1)
      assert.equal('{"components":[{"id":"c","type":"Card","view":{"type":"vstack","id":"c",'
        .. '"style":{"spacing":1.0},"children":[{"type":"text","id":"c/0","text":"Tab\\there \\"é\\"",'
        .. '"style":{"font":"title"}},{"type":"button","id":"c#fav","key":"fav","label":"★","action":'
        .. '{"type":"favorites/toggle","payload":{"movieId":7,"r":1.5}}},{"type":"image","id":"c/2",'
        .. '"url":"a.png"}]}}', first)
      local messages = {}
      for _, d in ipairs(e:diagnostics()) do messages[d.component] = d.message end
      assert.matches("invalid view at $.children[1].type: unknown node type \"txet\"", messages.u, 1, true)
      assert.matches("invalid view at $.children[0].label: unknown member \"label\"", messages.m, 1, true)
      assert.matches("invalid view at $.children[0]: a image node needs \"url\"", messages.r, 1, true)
      assert.matches("invalid view at $.text", messages.n, 1, true)
      assert.matches("function", messages.f, 1, true)
    end)

    it("takes the controls: a disabled button with a tooltip, tap targets; refuses a non-boolean disabled", function()
      local e <close> = sdui.engine()
      local ui = require "sdui.ui"
      local go = ui.action("nav/open", { route = "/x" })
      assert(e:service("shop", { soldOut = true }))
      assert(e:action("shop/restock", function(state)
        state.soldOut = false
        return state
      end))
      assert(e:component("Card", function(_, ctx)
        local off = ctx.state("shop", "soldOut")
        local view = ui.vstack{ action = go,
          ui.image("p.png", { action = go }),
          ui.button{ "Buy", key = "buy", disabled = off, tooltip = off and "Sold out" or "Buy it", action = go },
        }
        return view
      end))
      local bad = {
        Word = { type = "button", label = "Go", disabled = "yes" },
        Text = { type = "vstack", children = { { type = "text", text = "a", disabled = true } } },
        Spacer = { type = "spacer", action = go },
      }
      local page = { { id = "c", type = "Card" } }
      for name, view in pairs(bad) do
        assert(e:component(name, function() return view end))
        page[#page + 1] = { id = name, type = name }
      end
      assert(e:load_page{ components = page })
      local json = e:render_json()
      assert.truthy(json:find('{"id":"c","type":"Card","view":{"type":"vstack","id":"c","action":'
        .. '{"type":"nav/open","payload":{"route":"/x"}},"children":[{"type":"image","id":"c/0","url":"p.png",'
        .. '"action":{"type":"nav/open","payload":{"route":"/x"}}},{"type":"button","id":"c#buy","key":"buy",'
        .. '"label":"Buy","tooltip":"Sold out","disabled":true,"action":{"type":"nav/open","payload":{"route":"/x"}}}]}}',
        1, true), json)
      local screen = e:render()
      assert.is_true(screen.components[1].view.children[2].disabled)
      local messages = {}
      for _, d in ipairs(e:diagnostics()) do messages[d.component] = d.message end
      assert.matches("invalid view at $.disabled: expected a boolean, got string", messages.Word, 1, true)
      assert.matches('invalid view at $.children[0].disabled: unknown member "disabled" for a text node',
        messages.Text, 1, true)
      assert.matches("invalid view at $.action: a spacer node cannot carry an action", messages.Spacer, 1, true)
      -- enabling it again is one set of the button's own members, without "disabled"
      e:patches()
      assert.is_true(e:dispatch{ type = "shop/restock" })
      local patches = e:patches()
      assert.equal(1, #patches.patches)
      assert.equal(1, #patches.patches[1].changes)
      local set = patches.patches[1].changes[1]
      assert.same({ op = "set", id = "c#buy", node = { type = "button", id = "c#buy", key = "buy", label = "Buy",
                    tooltip = "Buy it", action = go } }, set)
    end)

    it("refuses children that are not a list, as the JSON route does", function()
      local e <close> = sdui.engine()
      local bad = {
        Empty = { type = "vstack", children = {} },
        Keyed = { type = "vstack", children = { a = { type = "spacer" } } },
        Mixed = { type = "vstack", children = { { type = "spacer" }, x = 1 } },
        Leaf = { type = "text", text = "a", children = sdui.array() },
      }
      local page = {}
      for name, view in pairs(bad) do
        assert(e:component(name, function() return view end))
        page[#page + 1] = { id = name, type = name }
      end
      assert(e:component("Fine", function() return { type = "vstack", children = sdui.array() } end))
      page[#page + 1] = { id = "Fine", type = "Fine" }
      assert(e:load_page{ components = page })
      local screen = e:render()
      local messages = {}
      for _, d in ipairs(e:diagnostics()) do messages[d.component] = d.message end
      assert.matches("invalid view at $.children: children must be an array", messages.Empty, 1, true)
      assert.matches("children must be an array", messages.Keyed, 1, true)
      assert.matches("mixed table", messages.Mixed, 1, true)
      assert.matches("a text node has no children", messages.Leaf, 1, true)
      assert.is_nil(messages.Fine)
      assert.equal("vstack", screen.components[#screen.components].view.type)
    end)

    it("lists unknown types, fallbacks and dropped components in diagnostics", function()
      local e <close> = hello_engine()
      assert(e:load_page{ components = {
        { id = "u", type = "Unknown" },
        { id = "f", type = "Carousel", fallback = { type = "Hello", data = { name = "fallback" } } },
        { id = "d", type = "Carousel", fallback = "drop" },
      } })
      assert.equal("▌ u (Unknown)\n  ⚠ Unsupported component \"Unknown\"\n▌ f (Carousel)\n  Hello, fallback\n",
        e:render_text())
      assert.same({
        { severity = "error", code = "unknown-type", component = "u", message = 'no factory for type "Unknown" and no fallback' },
        { severity = "warning", code = "fallback-used", component = "f",
          message = 'no factory for type "Carousel"; rendered its fallback of type "Hello"' },
        { severity = "warning", code = "dropped", component = "d",
          message = 'no factory for type "Carousel"; dropped as its fallback asks' },
      }, e:diagnostics())
    end)

    it("replaces a component type's factory", function()
      local e <close> = hello_engine()
      assert(e:load_page(HELLO_PAGE))
      assert(e:component("Hello", function(data) return { type = "text", text = "Bye, " .. data.name } end))
      assert.equal("▌ c1 (Hello)\n  Bye, world\n", e:render_text())
    end)

    it("gives a factory's nodes stable ids, keys included", function()
      local ui = require "sdui.ui"
      local e <close> = sdui.engine()
      assert(e:component("Card", function()
        local view = ui.vstack{ ui.text("a"), ui.hstack{ ui.button{ "★", key = "fav" }, ui.text("b") } }
        return view
      end))
      assert(e:load_page{ components = { { id = "card", type = "Card" } } })
      local view = e:render().components[1].view
      assert.equal("card", view.id)
      assert.equal("card/0", view.children[1].id)
      assert.equal("card/1", view.children[2].id)
      assert.equal("card#fav", view.children[2].children[1].id)
      assert.equal("fav", view.children[2].children[1].key)
      assert.equal("card/1/1", view.children[2].children[2].id)
    end)
  end)

  describe("dispatch", function()
    it("runs the handler, with an action table or JSON", function()
      local e <close> = counter_engine()
      assert.is_true(e:dispatch{ type = "counter/add", payload = { by = 2 } })
      assert.is_true(e:dispatch('{"type": "counter/add", "payload": {"by": 3}}'))
      assert.same({ n = 5, log = { "add 2", "add 3" } }, e:state("counter"))
    end)

    it("replaces the state with what the handler returns", function()
      local e <close> = counter_engine()
      assert(e:action("counter/reset", function() return { n = 100, log = sdui.array() } end))
      assert.is_true(e:dispatch{ type = "counter/reset" })
      assert.same({ n = 100, log = {} }, e:state("counter"))
    end)

    it("gives handlers a ctx with type, service, state and dispatch", function()
      local e <close> = counter_engine{ services = { other = { x = "y" } } }
      local seen
      assert(e:action("counter/probe", function(_, payload, ctx)
        seen = { type = ctx.type, service = ctx.service, payload = payload, own = ctx.state("counter", "n"),
                 other = ctx.state("other", "x"), missing = ctx.state("other", "nope") }
      end))
      assert.is_true(e:dispatch{ type = "counter/probe", payload = "p" })
      assert.same({ type = "counter/probe", service = "counter", payload = "p", own = 0, other = "y" }, seen)
    end)

    it("lets a follow-up's ctx.state see what earlier handlers of the dispatch wrote", function()
      local e <close> = counter_engine{ services = { other = { x = "y" } } }
      local seen
      assert(e:action("other/set", function(state, _, ctx)
        state.x = "z"
        ctx.dispatch{ type = "counter/probe" }
      end))
      assert(e:action("counter/probe", function(_, _, ctx)
        seen = ctx.state("other", "x")
      end))
      assert.is_true(e:dispatch{ type = "other/set" })
      assert.equal("z", seen)
    end)

    -- sdui.h: "In a handler it [sdui_call_state] sees the changes made so far in
    -- the current dispatch"; a Lua handler's changes are made to its state table.
    it("lets a handler's ctx.state see its own changes to state so far", function()
      local e <close> = counter_engine()
      local seen
      assert(e:action("counter/probe", function(state, _, ctx)
        state.n = 7
        seen = ctx.state("counter", "n")
      end))
      assert.is_true(e:dispatch{ type = "counter/probe" })
      assert.equal(7, seen)
    end)

    it("gives a handler sdui.null for a missing payload", function()
      local e <close> = counter_engine()
      local payload
      assert(e:action("counter/peek", function(_, p) payload = p end))
      assert.is_true(e:dispatch{ type = "counter/peek" })
      assert.equal(sdui.null, payload)
    end)

    it("runs follow-ups after the handler, in order, not re-entrantly", function()
      local e <close> = counter_engine()
      local order = {}
      assert(e:action("counter/many", function(state, _, ctx)
        order[#order + 1] = "many begins"
        ctx.dispatch{ type = "counter/add", payload = { by = 10 } }
        ctx.dispatch{ type = "counter/add", payload = { by = 20 } }
        order[#order + 1] = "many ends with n = " .. state.n
      end))
      assert(e:action("counter/add", function(state, payload)
        order[#order + 1] = "add " .. payload.by
        state.n = state.n + payload.by
      end))
      assert.is_true(e:dispatch{ type = "counter/many" })
      assert.same({ "many begins", "many ends with n = 0", "add 10", "add 20" }, order)
      assert.equal(30, e:state("counter", "n"))
    end)

    it("rolls every service back when a handler raises, follow-ups included", function()
      local e <close> = counter_engine{ services = { audit = { entries = 0 } } }
      assert(e:action("audit/log", function(state) state.entries = state.entries + 1 end))
      assert(e:action("counter/fail", function() error("out of stock") end))
      assert(e:action("counter/busy", function(state, _, ctx)
        state.n = 99
        ctx.dispatch{ type = "audit/log" }
        ctx.dispatch{ type = "counter/fail" }
      end))
      local ok, err = e:dispatch{ type = "counter/busy" }
      assert.is_nil(ok)
      assert.truthy(err:find("counter/fail", 1, true), err)
      assert.truthy(err:find("out of stock", 1, true), err)
      assert.same({ n = 0, log = {} }, e:state("counter"))
      assert.same({ entries = 0 }, e:state("audit"))
    end)

    it("fails without change for an unknown action or follow-up", function()
      local e <close> = counter_engine()
      local ok, err = e:dispatch{ type = "counter/nope" }
      assert.is_nil(ok)
      assert.truthy(err:find("counter/nope", 1, true), err)
      assert(e:action("counter/lost", function(state, _, ctx)
        state.n = 1
        ctx.dispatch{ type = "nowhere/go" }
      end))
      ok, err = e:dispatch{ type = "counter/lost" }
      assert.is_nil(ok)
      assert.truthy(err:find("nowhere/go", 1, true), err)
      assert.equal(0, e:state("counter", "n"))
    end)

    it("refuses a malformed action with nil, err", function()
      local e <close> = counter_engine()
      local ok, err = e:dispatch('{"type": "counter/add", "payload": ')
      assert.is_nil(ok)
      assert.is_string(err)
      ok, err = e:dispatch{ kind = "counter/add" }
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    it("needs the service of an action type to exist", function()
      local e <close> = sdui.engine()
      local ok, err = e:action("ghost/walk", function() end)
      assert.is_nil(ok)
      assert.is_string(err)
    end)

    local bad_values = {
      ["a function"] = function() return print end,
      ["a userdata"] = function() return io.stdout end,
      ["a cyclic table"] = function()
        local t = {}
        t.self = t
        return t
      end,
      ["a sparse integer-keyed table"] = function() return { [1] = "a", [3] = "c" } end,
      ["a coroutine"] = function() return coroutine.create(print) end,
    }
    for name, make in pairs(bad_values) do
      it("fails and keeps the state when a handler writes " .. name .. " into it", function()
        local e <close> = counter_engine()
        assert(e:action("counter/poison", function(state)
          state.n = 5
          state.bad = make()
        end))
        assert(e:action("counter/replace", function()
          return { n = 6, bad = make() }
        end))
        for _, type in ipairs{ "counter/poison", "counter/replace" } do
          local ok, err = e:dispatch{ type = type }
          assert.is_nil(ok, type)
          assert.is_string(err, type)
        end
        assert.same({ n = 0, log = {} }, e:state("counter"))
      end)
    end

    it("refuses engine calls from inside a callback with nil, err", function()
      local e <close> = counter_engine()
      local got
      assert(e:action("counter/nested", function()
        got = table.pack(e:dispatch{ type = "counter/add", payload = { by = 1 } })
      end))
      assert.is_true(e:dispatch{ type = "counter/nested" })
      assert.is_nil(got[1])
      assert.is_string(got[2])
      assert.equal(0, e:state("counter", "n"))
    end)
  end)

  describe("misuse", function()
    it("raises for wrong argument types", function()
      local e <close> = sdui.engine()
      error_of(e.component, e, 1, 2)
      error_of(e.component, e, "T", "not a function")
      error_of(e.action, e, "a/b", nil)
      error_of(e.service, e, nil, {})
      error_of(e.load_page, e, 42)
      error_of(e.dispatch, e, true)
      error_of(e.state, e)
      error_of(e.load_scripts, e, {})
      error_of(e.render)
      error_of(e.render, {})
    end)

    it("raises on a closed engine, and close() twice is fine", function()
      local e = hello_engine()
      assert(e:load_page(HELLO_PAGE))
      e:close()
      e:close()
      for _, method in ipairs{ "render", "render_json", "render_text", "diagnostics", "reload", "poll" } do
        local err = error_of(e[method], e)
        assert.truthy(tostring(err):find("closed", 1, true), method .. ": " .. tostring(err))
      end
      error_of(e.dispatch, e, { type = "a/b" })
      error_of(e.state, e, "s")
      error_of(e.service, e, "s", {})
      error_of(e.load_page, e, HELLO_PAGE)
    end)

    it("raises when a ctx is used after its callback returned", function()
      local e <close> = hello_engine()
      local kept
      assert(e:component("Keep", function(_, ctx)
        kept = ctx
        return { type = "spacer" }
      end))
      assert(e:load_page{ components = { { id = "k", type = "Keep" } } })
      assert(e:render())
      error_of(kept.state, "anything")
    end)

    it("closes at the end of a <close> scope", function()
      local outer
      do
        local e <close> = sdui.engine()
        outer = e
      end
      error_of(outer.render, outer)
    end)
  end)
end)

describe("sdui.json", function()
  it("decodes and encodes, keeping arrays and null", function()
    local v = assert(sdui.json.decode('{"a":[1,2.5,"x",null,[]],"b":{}}'))
    assert.equal(2.5, v.a[2])
    assert.equal(sdui.null, v.a[4])
    assert.equal('{"a":[1,2.5,"x",null,[]],"b":{}}', sdui.json.encode(v))
  end)

  it("answers nil and a message for bad input, and raises for misuse", function()
    local none, err = sdui.json.decode("[1,")
    assert.is_nil(none)
    assert.equal("invalid JSON at byte 3", err)
    none, err = sdui.json.encode({ f = print })
    assert.is_nil(none)
    assert.truthy(err:find("function", 1, true), err)
    assert.has_error(function() sdui.json.decode(42) end)
  end)
end)
