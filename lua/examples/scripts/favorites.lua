-- The favorites service: { ["603"] = true, ... }.
-- favorites/toggle {movieId = N}: sets favorites[N], or removes it when set.
-- Persistent: a host that chose where states go (sdui_persist_directory;
-- the terminal host of `make demo` does) saves it after each toggle and
-- restores it at the next start.
local fmt = require "lib.format"

local function toggle(state, payload)
  if type(payload) ~= "table" or type(payload.movieId) ~= "number" then
    error("payload.movieId must be a number")
  end
  local key = fmt.key(payload.movieId)
  if state[key] ~= nil then
    state[key] = nil
  else
    state[key] = true
  end
  return state
end

return {
  services = { favorites = {} },
  persist = { "favorites" },
  actions = { ["favorites/toggle"] = toggle },
}
