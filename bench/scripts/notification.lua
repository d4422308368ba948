-- NotificationComponent of the benchmark page (make_page.py), with the
-- sdui.ui DSL: the same node kinds and counts as the peer's factory
-- (../shared/bench/peer_pure_lua.lua): vstack [headline text, text, button].
local ui = require "sdui.ui"

local function notification(d)
  local view = ui.vstack{
    ui.text(d.header, "headline"),
    ui.text(d.message),
    ui.button{ d.actionText, action = d.action },
  }
  return view
end

return {
  components = { NotificationComponent = notification },
}
