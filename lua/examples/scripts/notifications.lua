-- The notifications service: { dismissed = {id...} }.
-- notifications/dismiss {id = id}: appends id to dismissed.
local ui = require "sdui.ui"

local function dismiss(state, payload)
  if type(payload) ~= "table" or payload.id == nil then
    error("payload.id is missing")
  end
  if type(state.dismissed) ~= "table" then
    state.dismissed = ui.array()
  end
  state.dismissed[#state.dismissed + 1] = payload.id
  return state
end

return {
  services = { notifications = { dismissed = ui.array() } },
  actions = { ["notifications/dismiss"] = dismiss },
}
