-- FeedbackFormComponent: a small form of bound inputs, one of each kind
-- the terminal edits. Each input's value lives in the feedback service
-- ("bind"), so the engine shows what the state holds and the host sets it
-- (sdui_set_input, e:set_input) as the user types; feedback/send thanks
-- the user with what was entered.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local TOPICS = {
  { title = "Movies", value = "movies" },
  { title = "Series", value = "series" },
  { title = "The app", value = "app" },
}

local function form(data, ctx)
  local sent = ctx.state("feedback", "sent")
  return ui.vstack{ padding = 1, spacing = 1, width = "fill",
    ui.text(fmt.str(data.title), "headline"),
    ui.input{ name = "email", format = "email", placeholder = "you@example.com", bind = "feedback/email" },
    ui.input{ name = "rating", kind = "number", min = 1, max = 5, bind = "feedback/rating" },
    ui.input{ name = "topic", kind = "choice", display = "expanded", options = TOPICS, bind = "feedback/topic" },
    ui.input{ name = "news", kind = "toggle", title = "Send me the newsletter", bind = "feedback/news" },
    ui.hstack{ spacing = 1,
      ui.button{ fmt.str(data.submitText), action = ui.action("feedback/send", {}) },
      type(sent) == "string" and ui.text(sent, "caption"),
    },
  }
end

local function send(state)
  state.sent = "Thanks! " .. tostring(state.email ~= "" and state.email or "anonymous") .. " rated "
    .. tostring(state.rating) .. " about " .. tostring(state.topic)
  return state
end

return {
  services = { feedback = { email = "", rating = 4, topic = "movies", news = "false", sent = false } },
  components = { FeedbackFormComponent = form },
  actions = { ["feedback/send"] = send },
}
