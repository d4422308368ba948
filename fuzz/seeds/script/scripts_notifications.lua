-- The notifications service: { dismissed = {id...} }.
-- notifications/dismiss {id = id}: appends id to dismissed.
-- notifications/snooze {id = id, ms = 3000}: dismisses it now and, through
--   an "after" effect, dispatches notifications/restore {id = id} once the
--   host's clock (sdui_tick / e:tick) is ms milliseconds later (ms: 3000
--   when absent).
-- notifications/restore {id = id}: takes id out of dismissed again.
local ui = require "sdui.ui"

local SNOOZE_MS = 3000

local function check_id(payload)
  if type(payload) ~= "table" or payload.id == nil then
    error("payload.id is missing")
  end
  return payload.id
end

local function dismiss(state, payload)
  local id = check_id(payload)
  if type(state.dismissed) ~= "table" then
    state.dismissed = ui.array()
  end
  state.dismissed[#state.dismissed + 1] = id
  return state
end

local function snooze(state, payload, ctx)
  local id = check_id(payload)
  local ms = payload.ms
  if ms ~= nil and (type(ms) ~= "number" or ms < 0) then
    error("payload.ms must be a non-negative number")
  end
  ctx.emit(ui.after(ms or SNOOZE_MS, ui.action("notifications/restore", { id = id })))
  return dismiss(state, payload)
end

local function restore(state, payload)
  local id = check_id(payload)
  local kept = ui.array()
  for _, v in ipairs(type(state.dismissed) == "table" and state.dismissed or {}) do
    if v ~= id then
      kept[#kept + 1] = v
    end
  end
  state.dismissed = kept
  return state
end

return {
  services = { notifications = { dismissed = ui.array() } },
  actions = {
    ["notifications/dismiss"] = dismiss,
    ["notifications/snooze"] = snooze,
    ["notifications/restore"] = restore,
  },
}
