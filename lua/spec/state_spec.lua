-- A Lua handler's state: views over the host's copy of the service's state,
-- kept between dispatches; every change goes to the engine at its path.
local support = require "support"
local sdui = require "sdui"
local error_of = support.error_of

-- An engine with service "s" holding `state` and one action per handler.
local function engine_with(state, handlers)
  local e = sdui.engine()
  assert(e:service("s", state))
  for name, fn in pairs(handlers) do
    assert(e:action("s/" .. name, fn))
  end
  return e
end

local function run(e, name, payload)
  return e:dispatch { type = "s/" .. name, payload = payload }
end

describe("a handler's state", function()
  it("reads and changes nested tables in place, arrays included", function()
    local e = engine_with({ n = 1, items = sdui.array { 10, 20 }, deep = { a = { b = 1 } } }, {
      go = function(state)
        state.n = state.n + 1
        state.items[#state.items + 1] = 30
        table.insert(state.items, 40)
        state.deep.a.b = state.deep.a.b + 1
        state.deep.a.c = "new"
      end,
    })
    assert(run(e, "go"))
    assert(run(e, "go"))
    assert.same({ n = 3, items = { 10, 20, 30, 40, 30, 40 }, deep = { a = { b = 3, c = "new" } } }, e:state("s"))
  end)

  it("counts and iterates like a table", function()
    local seen
    local e = engine_with({ a = 1, b = 2, list = sdui.array { "x", "y", "z" } }, {
      look = function(state)
        seen = { len = #state.list, keys = {}, items = {} }
        for k in pairs(state) do seen.keys[#seen.keys + 1] = k end
        table.sort(seen.keys)
        for i, v in ipairs(state.list) do seen.items[i] = v end
      end,
    })
    assert(run(e, "look"))
    assert.same({ len = 3, keys = { "a", "b", "list" }, items = { "x", "y", "z" } }, seen)
  end)

  it("removes array elements as table.remove does: the rest move down", function()
    local e = engine_with({ list = sdui.array { { id = 1 }, { id = 2 }, { id = 3 } } }, {
      drop_first = function(state) state.list[1] = nil end,
      touch_last = function(state) state.list[#state.list].seen = true end,
      pop = function(state) table.remove(state.list) end,
    })
    assert(run(e, "drop_first"))
    -- the view of what was element 3 now writes to element 2
    assert(run(e, "touch_last"))
    assert.same({ list = { { id = 2 }, { id = 3, seen = true } } }, e:state("s"))
    assert(run(e, "pop"))
    assert.same({ list = { { id = 2 } } }, e:state("s"))
  end)

  it("takes a table assigned into it as the table is when the handler returns", function()
    local e = engine_with({}, {
      put = function(state)
        local t = { x = 1 }
        state.t = t
        t.y = 2 -- after the assignment: still counts
        state.list = {}
        state.list[1] = "first" -- an empty table given element 1 is an array
      end,
    })
    assert(run(e, "put"))
    assert.same({ t = { x = 1, y = 2 }, list = { "first" } }, e:state("s"))
  end)

  it("keeps places and order for tables assigned among other changes", function()
    local e = engine_with({ items = sdui.array() }, {
      mix = function(state)
        state.items[#state.items + 1] = { id = 1 } -- a table: handed over at the end
        state.items[#state.items + 1] = 2          -- a scalar: at once, after it
        state.first = { x = 1 }
        state.second = true
      end,
    })
    assert(run(e, "mix"))
    assert.same({ items = { { id = 1 }, 2 }, first = { x = 1 }, second = true }, e:state("s"))
  end)

  it("copies a view assigned elsewhere in the state", function()
    local e = engine_with({ a = { v = 1 } }, {
      copy = function(state)
        state.b = state.a
        state.b.v = 2 -- the copy, not a
      end,
    })
    assert(run(e, "copy"))
    assert.same({ a = { v = 1 }, b = { v = 2 } }, e:state("s"))
  end)

  it("writes keys that are not plain names", function()
    local e = engine_with({}, {
      odd = function(state)
        state["a.b"] = 1
        state['q"uote\\'] = { ["[x]"] = true }
        state["126225"] = true
      end,
    })
    assert(run(e, "odd"))
    assert.same({ ["a.b"] = 1, ['q"uote\\'] = { ["[x]"] = true }, ["126225"] = true }, e:state("s"))
  end)

  it("replaces the whole state with a new table it returns", function()
    local e = engine_with({ old = true }, {
      replace = function(_, payload) return { n = payload.n } end,
      bump = function(state) state.n = state.n + 1 end,
    })
    assert(run(e, "replace", { n = 5 }))
    assert(run(e, "bump"))
    assert.same({ n = 6 }, e:state("s"))
  end)

  it("is rolled back whole when the handler fails, and read afresh after", function()
    local e = engine_with({ n = 1, list = sdui.array { 1 } }, {
      fail = function(state)
        state.n = 99
        state.list[2] = 2
        error("refused")
      end,
      bump = function(state) state.n = state.n + 1 end,
    })
    local ok, err = run(e, "fail")
    assert.is_nil(ok)
    assert.matches("refused", err)
    assert.same({ n = 1, list = { 1 } }, e:state("s"))
    assert(run(e, "bump"))
    assert.same({ n = 2, list = { 1 } }, e:state("s"))
  end)

  it("sees changes made outside Lua handlers", function()
    local e = engine_with({ n = 1 }, { bump = function(state) state.n = state.n + 1 end })
    assert(run(e, "bump"))
    assert(e:service("s", { n = 40 })) -- replaced from outside
    assert(run(e, "bump"))
    assert.equal(41, e:state("s", "n"))
  end)

  it("refuses changes once its handler returned", function()
    local kept
    local e = engine_with({ n = 1 }, { keep = function(state) kept = state end })
    assert(run(e, "keep"))
    assert.matches("state can change only in its own action handler", error_of(function() kept.n = 2 end))
    assert.equal(1, e:state("s", "n"))
  end)

  it("cuts off views of a copy the engine replaced", function()
    local kept
    local e = engine_with({ n = 1 }, {
      keep = function(state) kept = state end,
      write_kept = function() kept.n = 99 end,
    })
    assert(run(e, "keep"))
    assert(e:service("s", { n = 2 })) -- the next handler gets a fresh copy
    assert(run(e, "keep"))
    local old = kept
    assert(e:service("s", { n = 3 }))
    assert(run(e, "keep"))
    kept = old
    assert(run(e, "write_kept")) -- a plain table now: the state is untouched
    assert.equal(3, e:state("s", "n"))
  end)

  it("names the place of a value that is not JSON", function()
    local e = engine_with({ a = {} }, {
      fn = function(state) state.a.f = print end,
      nested = function(state) state.a.t = { g = print } end,
      cycle = function(state) state.a.me = state end,
      badkey = function(state) state[true] = 1 end,
    })
    local _, err = run(e, "fn")
    assert.matches("cannot encode a function at $.a.f", err, 1, true)
    _, err = run(e, "nested")
    assert.matches("cannot encode a function at $.a.t.g", err, 1, true)
    _, err = run(e, "cycle")
    assert.matches("cyclic table at $.a.me", err, 1, true)
    _, err = run(e, "badkey")
    assert.matches("state object keys must be strings", err, 1, true)
    assert.same({ a = {} }, e:state("s"))
  end)

  it("lets ctx.state read the handler's own changes, assigned tables included", function()
    local seen
    local e = engine_with({ n = 1 }, {
      read = function(state, _, ctx)
        state.n = 2
        state.t = { x = 1 }
        seen = ctx.state("s")
      end,
    })
    assert(run(e, "read"))
    assert.same({ n = 2, t = { x = 1 } }, seen)
  end)
end)
