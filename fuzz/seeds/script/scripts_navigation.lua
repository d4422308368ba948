-- The navigation service: { route = "/..." }, the current route.
-- navigation/open {route = "/..."}: opens the route.
local function open(state, payload)
  if type(payload) ~= "table" or type(payload.route) ~= "string" then
    error("payload.route must be a string")
  end
  state.route = payload.route
  return state
end

return {
  services = { navigation = { route = "/" } },
  actions = { ["navigation/open"] = open },
}
