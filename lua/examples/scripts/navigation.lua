-- The navigation service: { route = "/..." }, the route last opened, and
-- once the engine's navigator has shown a page, depth (how many pages its
-- back stack holds).
-- navigation/open {route = "/..."}: opens the route: a "navigate" effect,
--   which the engine performs by asking the host's "navigation/fetch"
--   performer for the page; the page it covers waits on the back stack.
-- navigation/back: goes back a page (a "navigate" effect too).
-- navigation/shown {result = {route, depth}}: the navigator showed a page.
-- navigation/failed {result = message}: it could not; error keeps why.
local ui = require "sdui.ui"

local CHAIN = { on_success = ui.action("navigation/shown"), on_failure = ui.action("navigation/failed") }

local function navigate(spec)
  spec.on_success, spec.on_failure = CHAIN.on_success, CHAIN.on_failure
  return ui.navigate(spec)
end

local function open(state, payload, ctx)
  if type(payload) ~= "table" or type(payload.route) ~= "string" then
    error("payload.route must be a string")
  end
  state.route = payload.route
  ctx.emit(navigate{ route = payload.route })
  return state
end

local function back(state, _, ctx)
  ctx.emit(navigate{ back = true })
  return state
end

local function shown(state, payload)
  local result = type(payload) == "table" and payload.result or nil
  if type(result) ~= "table" or type(result.depth) ~= "number" then
    error("payload.result must be {route, depth}")
  end
  state.route, state.depth, state.error = result.route, result.depth, nil
  return state
end

local function failed(state, payload)
  local result = type(payload) == "table" and payload.result or nil
  state.error = type(result) == "string" and result or "navigation failed"
  return state
end

return {
  services = { navigation = { route = "/" } },
  actions = {
    ["navigation/open"] = open,
    ["navigation/back"] = back,
    ["navigation/shown"] = shown,
    ["navigation/failed"] = failed,
  },
}
