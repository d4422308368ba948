-- The reactive part of the Lua module: patches and their listener, image
-- tracking, counters, subscriptions, middleware, effects and the timer
-- queue, and effect performers declared by scripts.
local support = require "support"
local sdui = require "sdui"
local ui = require "sdui.ui"

local error_of = support.error_of

-- An engine with two favourite stars ("a" for movie 1, "b" for movie 2), a
-- poster whose url comes from the "poster" service, and favorites/toggle.
local function star_engine(options)
  local e = sdui.engine(options or { services = { favorites = {}, poster = { url = "https://img/1.jpg" } } })
  assert(e:component("Star", function(data, ctx)
    local on = ctx.state("favorites", tostring(data.movieId))
    local view = ui.button{ on and "★" or "☆", key = "star",
                            action = ui.action("favorites/toggle", { movieId = data.movieId }) }
    return view
  end))
  assert(e:component("Poster", function(_, ctx)
    local url = ctx.state("poster", "url")
    local view = url and ui.image(url) or ui.spacer()
    return view
  end))
  assert(e:action("favorites/toggle", function(state, payload)
    local key = tostring(payload.movieId)
    if state[key] then
      state[key] = nil
    else
      state[key] = true
    end
  end))
  assert(e:action("poster/set", function(state, payload)
    state.url = payload.url
  end))
  assert(e:load_page{ id = "home", components = {
    { id = "a", type = "Star", data = { movieId = 1 } },
    { id = "b", type = "Star", data = { movieId = 2 } },
    { id = "p", type = "Poster" },
  } })
  return e
end

local TOGGLE_1 = { type = "favorites/toggle", payload = { movieId = 1 } }

-- A service "counter" {n = 0} with counter/add {by = n}.
local function counter_engine()
  local e = sdui.engine{ services = { counter = { n = 0 } } }
  assert(e:action("counter/add", function(state, payload)
    state.n = state.n + (type(payload) == "table" and payload.by or 1)
  end))
  return e
end

local function codes(e)
  local out = {}
  for _, d in ipairs(e:diagnostics()) do
    out[#out + 1] = d.code
  end
  return out
end

describe("patches", function()
  it("after a favourite toggle: exactly one component update, for the toggled star", function()
    local e <close> = star_engine()
    assert(e:render())
    assert.is_true(e:dispatch(TOGGLE_1))
    local patches = assert(e:patches())
    assert.same({ added = {}, removed = {}, hints = {} }, patches.images)
    assert.equal(1, #patches.patches)
    local update = patches.patches[1]
    assert.equal("update", update.op)
    assert.equal("a", update.id)
    assert.equal("Star", update.type)
    assert.equal(1, #update.changes)
    assert.equal("★", update.changes[1].node.label)
    -- the baseline moved: nothing more to send
    assert.same({ patches = {}, images = { added = {}, removed = {}, hints = {} } }, e:patches())
  end)

  it("as JSON text, the same content", function()
    local e1 <close> = star_engine()
    local e2 <close> = star_engine()
    assert(e1:render())
    assert(e2:render())
    assert(e1:dispatch(TOGGLE_1))
    assert(e2:dispatch(TOGGLE_1))
    local text = assert(e1:patches_json())
    assert.is_string(text)
    assert.truthy(text:find('{"patches":[{"op":"update","id":"a","type":"Star","changes":[', 1, true), text)
    assert.equal(text, e2:patches_json())
  end)

  it("from the first screen: the page and its components", function()
    local e <close> = star_engine()
    local patches = assert(e:patches())
    assert.same({ op = "page", id = "home", version = sdui.null }, patches.patches[1])
    assert.equal(4, #patches.patches)
    assert.same({ "https://img/1.jpg" }, patches.images.added)
  end)

  it("are listed with nil, message from inside a callback", function()
    local e <close> = star_engine()
    local got
    assert(e:action("favorites/peek", function()
      got = table.pack(e:patches())
    end))
    assert.is_true(e:dispatch{ type = "favorites/peek" })
    assert.is_nil(got[1])
    assert.is_string(got[2])
  end)
end)

describe("the patch listener", function()
  it("is called once per dispatch with what e:patches() would give", function()
    local e <close> = star_engine()
    local twin <close> = star_engine()
    assert(e:render())
    assert(twin:render())
    local heard = {}
    assert.is_true(e:on_patches(function(patches)
      heard[#heard + 1] = patches
    end))
    assert.is_true(e:dispatch(TOGGLE_1))
    assert.is_true(twin:dispatch(TOGGLE_1))
    assert.equal(1, #heard)
    assert.same(assert(twin:patches()), heard[1])
    assert.is_true(e:dispatch{ type = "favorites/toggle", payload = { movieId = 2 } })
    assert.equal(2, #heard)
    assert.equal("b", heard[2].patches[1].id)
    -- the listener took them: nothing left for e:patches()
    assert.same({}, assert(e:patches()).patches)
  end)

  it("is not called when nothing on the screen changed", function()
    local e <close> = star_engine()
    assert(e:render())
    local calls = 0
    assert(e:on_patches(function() calls = calls + 1 end))
    assert.is_true(e:service("unrelated", { x = 1 }))
    assert.is_true(e:dispatch{ type = "poster/set", payload = { url = "https://img/1.jpg" } })
    assert.equal(0, calls)
  end)

  it("gets nil, message from every engine call, and cannot close the engine", function()
    local e <close> = star_engine()
    assert(e:render())
    local results, closed
    assert(e:on_patches(function()
      results = {
        table.pack(e:render()),
        table.pack(e:patches()),
        table.pack(e:dispatch(TOGGLE_1)),
        table.pack(e:state("favorites")),
        table.pack(e:counters()),
        table.pack(e:subscribe("favorites", nil, function() end)),
      }
      closed = table.pack(pcall(e.close, e))
    end))
    assert.is_true(e:dispatch(TOGGLE_1))
    for i, r in ipairs(results) do
      assert.is_nil(r[1], "call " .. i)
      assert.truthy(r[2]:find("inside one of its own callbacks", 1, true), r[2])
    end
    assert.is_false(closed[1])
    assert.truthy(tostring(closed[2]):find("cannot close", 1, true), tostring(closed[2]))
    assert.same({ ["1"] = true }, e:state("favorites")) -- the inner dispatch did not run
    assert.equal("★", assert(e:render()).components[1].view.label)
  end)

  it("drops what it raises: the call that fed it still succeeds", function()
    local e <close> = star_engine()
    assert(e:render())
    local calls = 0
    assert(e:on_patches(function()
      calls = calls + 1
      error("listener trouble")
    end))
    assert.is_true(e:dispatch(TOGGLE_1))
    assert.is_true(e:dispatch(TOGGLE_1))
    assert.equal(2, calls)
  end)

  it("is removed with nil, and replaced by a new one", function()
    local e <close> = star_engine()
    assert(e:render())
    local first, second = 0, 0
    assert(e:on_patches(function() first = first + 1 end))
    assert(e:on_patches(function() second = second + 1 end))
    assert(e:dispatch(TOGGLE_1))
    assert.same({ 0, 1 }, { first, second })
    assert.is_true(e:on_patches(nil))
    assert(e:dispatch(TOGGLE_1))
    assert.same({ 0, 1 }, { first, second })
    assert.equal(1, #assert(e:patches()).patches)
    error_of(e.on_patches, e, "not a function")
  end)
end)

describe("images", function()
  it("lists the screen's image URLs and reports them added and removed", function()
    local e <close> = star_engine()
    assert.same({ "https://img/1.jpg" }, e:images())
    assert(e:render())
    assert.is_true(e:dispatch{ type = "poster/set", payload = { url = "https://img/2.jpg" } })
    assert.same({ "https://img/2.jpg" }, e:images())
    assert.same({ added = { "https://img/2.jpg" }, removed = { "https://img/1.jpg" },
                  hints = { { url = "https://img/2.jpg", priority = "visible" } } }, assert(e:patches()).images)
    assert.is_true(e:dispatch{ type = "poster/set", payload = {} })
    assert.same({}, e:images())
    assert.same({ added = {}, removed = { "https://img/2.jpg" }, hints = {} }, assert(e:patches()).images)
  end)
end)

describe("counters", function()
  it("count exactly: a toggle re-renders the one star that read it", function()
    local e <close> = star_engine()
    assert.same({ factory_runs = 0, renders = 0, actions = 0, layouts = 0, saves = 0 }, e:counters())
    assert(e:render())
    assert.same({ factory_runs = 3, renders = 3, actions = 0, layouts = 0, saves = 0 }, e:counters())
    assert(e:render())
    assert.same({ factory_runs = 3, renders = 3, actions = 0, layouts = 0, saves = 0 }, e:counters())
    assert(e:dispatch(TOGGLE_1))
    assert(e:render())
    assert.same({ factory_runs = 4, renders = 4, actions = 1, layouts = 0, saves = 0 }, e:counters())
  end)
end)

describe("subscriptions", function()
  it("fire once per dispatch, only when the watched value changed", function()
    local e <close> = counter_engine()
    assert(e:action("counter/noop", function() end))
    assert(e:action("counter/twice", function(state, _, ctx)
      state.n = state.n + 1
      ctx.dispatch{ type = "counter/add" }
    end))
    local seen = {}
    local id = assert(e:subscribe("counter", "n", function(value, ctx)
      seen[#seen + 1] = { value, ctx.service, ctx.path }
    end))
    assert.is_true(math.type(id) == "integer" and id > 0)
    assert.is_true(e:dispatch{ type = "counter/add" })
    assert.is_true(e:dispatch{ type = "counter/noop" })
    assert.is_true(e:dispatch{ type = "counter/twice" }) -- two changes, one round
    assert.same({ { 1, "counter", "n" }, { 3, "counter", "n" } }, seen)
  end)

  it("watch the whole state with a nil path, and fire for a service created later", function()
    local e <close> = sdui.engine()
    local seen = {}
    assert(e:subscribe("later", nil, function(value, ctx)
      seen[#seen + 1] = { value, ctx.service, ctx.path }
    end))
    assert.same({}, seen)
    assert.is_true(e:service("later", { ready = true }))
    assert.same({ { { ready = true }, "later" } }, seen)
  end)

  it("get nil once the value is gone", function()
    local e <close> = sdui.engine{ services = { s = { x = 1 } } }
    assert(e:action("s/clear", function() return {} end))
    local seen = {}
    assert(e:subscribe("s", "x", function(value) seen[#seen + 1] = value == nil and "gone" or value end))
    assert.is_true(e:dispatch{ type = "s/clear" })
    assert.same({ "gone" }, seen)
  end)

  it("queue actions that run after the round, never inside it", function()
    local e <close> = counter_engine()
    local order = {}
    assert(e:action("counter/log", function(_, payload)
      order[#order + 1] = "log " .. payload.n
    end))
    assert(e:action("counter/bump", function(state)
      order[#order + 1] = "bump"
      state.n = state.n + 1
    end))
    assert(e:subscribe("counter", "n", function(value, ctx)
      order[#order + 1] = "subscriber sees " .. value
      ctx.dispatch{ type = "counter/log", payload = { n = value } }
      order[#order + 1] = "subscriber returns"
    end))
    assert.is_true(e:dispatch{ type = "counter/bump" })
    assert.same({ "bump", "subscriber sees 1", "subscriber returns", "log 1" }, order)
  end)

  it("stop with unsubscribe; an unknown id gives nil, message", function()
    local e <close> = counter_engine()
    local calls = 0
    local id = assert(e:subscribe("counter", "n", function() calls = calls + 1 end))
    assert(e:dispatch{ type = "counter/add" })
    assert.is_true(e:unsubscribe(id))
    assert(e:dispatch{ type = "counter/add" })
    assert.equal(1, calls)
    local ok, err = e:unsubscribe(id)
    assert.is_nil(ok)
    assert.is_string(err)
  end)

  it("that raise are listed in the diagnostics; the dispatch stands", function()
    local e <close> = counter_engine()
    assert(e:subscribe("counter", "n", function() error("subscriber trouble") end))
    assert.is_true(e:dispatch{ type = "counter/add" })
    assert.equal(1, e:state("counter", "n"))
    local d = e:diagnostics()
    assert.equal("subscriber-failed", d[#d].code)
    assert.truthy(d[#d].message:find("subscriber trouble", 1, true), d[#d].message)
  end)

  it("refuse a bad path with nil, message", function()
    local e <close> = counter_engine()
    local ok, err = e:subscribe("counter", "a[", function() end)
    assert.is_nil(ok)
    assert.is_string(err)
    error_of(e.subscribe, e, "counter", nil, "not a function")
  end)
end)

describe("middleware", function()
  it("sees every action before and after its handler, in order of addition", function()
    local e <close> = counter_engine()
    local order = {}
    assert(e:action("counter/chain", function(_, _, ctx)
      order[#order + 1] = "chain"
      ctx.dispatch{ type = "counter/add", payload = { by = 2 } }
    end))
    for _, name in ipairs{ "m1", "m2" } do
      assert(e:middleware(function(phase, action, ctx)
        assert(action.type == ctx.type)
        order[#order + 1] = name .. " " .. phase .. " " .. action.type
      end))
    end
    assert.is_true(e:dispatch{ type = "counter/chain" })
    assert.same({
      "m1 before counter/chain", "m2 before counter/chain", "chain",
      "m1 after counter/chain", "m2 after counter/chain",
      "m1 before counter/add", "m2 before counter/add", "m1 after counter/add", "m2 after counter/add",
    }, order)
  end)

  it("is a guard: raising fails the dispatch and rolls every change back", function()
    local e <close> = counter_engine()
    assert(e:action("counter/chain", function(state, _, ctx)
      state.n = 10
      ctx.dispatch{ type = "counter/add", payload = { by = 5 } }
    end))
    local id = assert(e:middleware(function(phase, action)
      if phase == "after" and action.type == "counter/add" and action.payload.by > 3 then
        error("adding more than 3 is not allowed")
      end
    end))
    local ok, err = e:dispatch{ type = "counter/chain" }
    assert.is_nil(ok)
    assert.truthy(err:find("adding more than 3 is not allowed", 1, true), err)
    assert.truthy(err:find("counter/add", 1, true), err)
    assert.equal(0, e:state("counter", "n"))
    assert.is_true(e:dispatch{ type = "counter/add", payload = { by = 3 } })
    assert.equal(3, e:state("counter", "n"))
    assert.is_true(e:remove_middleware(id))
    assert.is_true(e:dispatch{ type = "counter/chain" })
    assert.equal(15, e:state("counter", "n"))
    ok, err = e:remove_middleware(id)
    assert.is_nil(ok)
    assert.is_string(err)
  end)

  it("cannot queue actions", function()
    local e <close> = counter_engine()
    assert(e:middleware(function(_, _, ctx)
      assert.is_nil(ctx.dispatch)
    end))
    assert.is_true(e:dispatch{ type = "counter/add" })
  end)
end)

describe("effects", function()
  local function timer_engine()
    local e = counter_engine()
    assert(e:action("counter/later", function(_, payload, ctx)
      ctx.after(payload.ms, { type = "counter/add", payload = { by = payload.by } })
    end))
    return e
  end

  it("after: the action arrives through tick once its time has come", function()
    local e <close> = timer_engine()
    assert.is_nil(e:next_timer())
    assert.equal(0, e:tick(1000))
    assert.is_true(e:dispatch{ type = "counter/later", payload = { ms = 300, by = 1 } })
    assert.is_true(e:dispatch{ type = "counter/later", payload = { ms = 100, by = 10 } })
    assert.equal(0, e:state("counter", "n"))
    assert.equal(100, e:next_timer())
    assert.equal(0, e:tick(1099))
    assert.equal(1, e:next_timer())
    assert.equal(1, e:tick(1100))
    assert.equal(10, e:state("counter", "n"))
    assert.equal(200, e:next_timer())
    assert.equal(1, e:tick(5000))
    assert.equal(11, e:state("counter", "n"))
    assert.is_nil(e:next_timer())
    assert.equal(0, e:tick(4000)) -- time never goes back
  end)

  it("after: ui.after builds the same effect for ctx.emit", function()
    local e <close> = counter_engine()
    assert(e:action("counter/later", function(_, _, ctx)
      ctx.emit(ui.after(50, ui.action("counter/add", { by = 7 })))
    end))
    assert(e:dispatch{ type = "counter/later" })
    assert.equal(50, e:next_timer())
    assert.equal(1, e:tick(50))
    assert.equal(7, e:state("counter", "n"))
  end)

  it("are dropped with the dispatch that failed", function()
    local e <close> = counter_engine()
    assert(e:action("counter/broken", function(_, _, ctx)
      ctx.after(10, { type = "counter/add" })
      error("no")
    end))
    assert.is_nil((e:dispatch{ type = "counter/broken" }))
    assert.is_nil(e:next_timer())
  end)

  -- A shop: order/buy asks for a request whose answer lands in the state.
  local function shop_engine()
    local e = sdui.engine{ services = { order = { status = "new" } } }
    assert(e:action("order/buy", function(state, _, ctx)
      ctx.request{ url = "https://shop/checkout", method = "POST", body = { items = { 1, 2 } },
                   on_success = { type = "order/ok", payload = { note = "kept" } },
                   on_failure = { type = "order/ko" } }
      state.status = "pending"
    end))
    assert(e:action("order/ok", function(state, payload)
      state.status = "confirmed"
      state.confirmation = payload.result.confirmation
      state.note = payload.note
    end))
    assert(e:action("order/ko", function(state, payload)
      state.status = "failed"
      state.error = payload.result
    end))
    return e
  end

  it("request: a performer that finishes at once runs the success chain", function()
    local e <close> = shop_engine()
    local seen
    assert.is_true(e:effect("request", function(effect, ctx)
      seen = effect
      assert.equal("request", ctx.type)
      ctx.finish(true, { confirmation = "A1B2" })
    end))
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.same({ type = "request", id = seen.id, url = "https://shop/checkout", method = "POST",
                  body = { items = { 1, 2 } },
                  on_success = { type = "order/ok", payload = { note = "kept" } },
                  on_failure = { type = "order/ko" } }, seen)
    assert.equal("integer", math.type(seen.id))
    assert.same({ status = "confirmed", confirmation = "A1B2", note = "kept" }, e:state("order"))
  end)

  it("request: finished later with e:finish_effect, after the host's I/O", function()
    local e <close> = shop_engine()
    local pending = {}
    assert(e:effect("request", function(effect) pending[#pending + 1] = effect.id end))
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.equal("pending", e:state("order", "status"))
    assert.equal(1, #pending)
    assert.is_true(e:finish_effect(pending[1], true, { confirmation = "C3D4" }))
    assert.same({ status = "confirmed", confirmation = "C3D4", note = "kept" }, e:state("order"))
    local ok, err = e:finish_effect(pending[1], true)
    assert.is_nil(ok)
    assert.truthy(err:find(tostring(pending[1]), 1, true), err)
  end)

  it("request: a failure runs the on_failure chain with the result", function()
    local e <close> = shop_engine()
    assert(e:effect("request", function(_, ctx) ctx.finish(false, "503 Service Unavailable") end))
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.same({ status = "failed", error = "503 Service Unavailable" }, e:state("order"))
  end)

  it("request: a performer that raises fails the effect and is listed", function()
    local e <close> = shop_engine()
    assert(e:effect("request", function() error("no network") end))
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.equal("failed", e:state("order", "status"))
    assert.truthy(e:state("order", "error"):find("no network", 1, true))
    local d = e:diagnostics()
    assert.equal("effect-failed", d[#d].code)
  end)

  it("request: a performer's ctx.dispatch runs after it", function()
    local e <close> = shop_engine()
    assert(e:action("order/log", function(state) state.logged = true end))
    assert(e:effect("request", function(_, ctx) ctx.dispatch{ type = "order/log" } end))
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.same({ status = "pending", logged = true }, e:state("order"))
  end)

  it("a finish_effect with nil result gives the chain payload.result = nil", function()
    local e <close> = shop_engine()
    local id
    assert(e:effect("request", function(effect) id = effect.id end))
    assert(e:dispatch{ type = "order/buy" })
    assert.is_true(e:finish_effect(id, false))
    assert.same({ status = "failed", error = sdui.null }, e:state("order"))
  end)

  it("without a performer: dropped and listed as unknown-effect", function()
    local e <close> = shop_engine()
    assert.is_true(e:dispatch{ type = "order/buy" })
    assert.equal("pending", e:state("order", "status"))
    assert.same({ "unknown-effect" }, codes(e))
    assert.truthy(e:diagnostics()[1].message:find('"request"', 1, true))
  end)

  it("invalid from a handler: the dispatch fails with a message naming the path", function()
    local e <close> = counter_engine()
    assert(e:action("counter/bad_after", function(state, _, ctx)
      state.n = 1
      ctx.emit{ type = "after", ms = -5, action = { type = "counter/add" } }
    end))
    assert(e:action("counter/bad_chain", function(_, _, ctx)
      ctx.request{ url = "u", on_success = { type = "counter/add", payload = 5 } }
    end))
    assert(e:action("counter/no_type", function(_, _, ctx)
      ctx.emit{ url = "u" }
    end))
    for type, path in pairs{ ["counter/bad_after"] = "$.ms", ["counter/bad_chain"] = "$.on_success.payload",
                             ["counter/no_type"] = "$.type" } do
      local ok, err = e:dispatch{ type = type }
      assert.is_nil(ok, type)
      assert.truthy(err:find(type, 1, true), err)
      assert.truthy(err:find("invalid effect at " .. path, 1, true), err)
    end
    assert.equal(0, e:state("counter", "n"))
    assert.is_nil(e:next_timer())
  end)

  it("cannot be emitted outside a handler, nor performed for \"after\"", function()
    local e <close> = counter_engine()
    local ok, err = e:effect("after", function() end)
    assert.is_nil(ok)
    assert.is_string(err)
    assert(e:subscribe("counter", "n", function(_, ctx) assert.is_nil(ctx.emit) end))
    assert(e:dispatch{ type = "counter/add" })
    error_of(e.effect, e, "x", "not a function")
  end)

  it("keep their ctx to their own call", function()
    local e <close> = counter_engine()
    local kept
    assert(e:action("counter/keep", function(_, _, ctx) kept = ctx end))
    assert(e:action("counter/use", function() kept.after(1, { type = "counter/add" }) end))
    assert(e:dispatch{ type = "counter/keep" })
    local ok, err = e:dispatch{ type = "counter/use" }
    assert.is_nil(ok)
    assert.truthy(err:find("ctx used after its callback returned", 1, true), err)
    error_of(kept.emit, { type = "x" })
  end)
end)

describe("effects declared by scripts", function()
  local dir, e

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

  local function write(name, text)
    support.write(dir .. "/" .. name, text)
  end

  local SHOP = [[
local ui = require "sdui.ui"
return {
  services = { shop = { status = "new" } },
  actions = {
    ["shop/buy"] = function(state, _, ctx)
      ctx.emit(ui.request{ url = "https://shop/buy", on_success = ui.action("shop/done"),
                           on_failure = ui.action("shop/failed") })
      state.status = "pending"
    end,
    ["shop/done"] = function(state, payload) state.status = "done " .. payload.result.number end,
    ["shop/failed"] = function(state, payload) state.status = "failed: " .. payload.result end,
  },
}
]]

  it("perform the effects of their type, in the sandbox", function()
    write("shop.lua", SHOP)
    write("fake.lua", [[
return {
  effects = {
    request = function(effect, ctx)
      ctx.finish(true, { number = effect.url .. " #" .. effect.id })
    end,
  },
}
]])
    e = sdui.engine()
    assert.is_true(e:load_scripts(dir))
    assert.is_true(e:dispatch{ type = "shop/buy" })
    assert.truthy(e:state("shop", "status"):match("^done https://shop/buy #%d+$"), e:state("shop", "status"))
  end)

  it("are unregistered once the script drops the performer", function()
    write("shop.lua", SHOP)
    write("fake.lua", 'return { effects = { request = function(_, ctx) ctx.finish(true, { number = "1" }) end } }')
    e = sdui.engine()
    assert.is_true(e:load_scripts(dir))
    write("fake.lua", "return {}")
    assert.is_true(e:reload())
    assert.is_true(e:dispatch{ type = "shop/buy" })
    -- no performer any more: the effect is dropped, nothing finishes it
    assert.equal("pending", e:state("shop", "status"))
    assert.same({ "unknown-effect" }, codes(e))
  end)

  it("are checked: \"after\" and non-functions are refused, the old version stays", function()
    write("fake.lua", 'return { effects = { request = function(_, ctx) ctx.finish(false, "v1") end } }')
    write("shop.lua", SHOP)
    e = sdui.engine()
    assert.is_true(e:load_scripts(dir))
    write("fake.lua", "return { effects = { after = function() end } }")
    local ok, err = e:reload()
    assert.is_nil(ok)
    assert.truthy(err:find('effect type "after"', 1, true), err)
    write("fake.lua", "return { effects = { request = 42 } }")
    ok, err = e:reload()
    assert.is_nil(ok)
    assert.truthy(err:find('effects["request"] must be a function', 1, true), err)
    assert.is_true(e:dispatch{ type = "shop/buy" })
    assert.equal("failed: v1", e:state("shop", "status"))
  end)
end)
