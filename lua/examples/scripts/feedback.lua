-- FeedbackFormComponent: a small form of bound inputs, one of each kind
-- the terminal edits. Each input's value lives in the feedback service
-- ("bind"), so the engine shows what the state holds and the host sets it
-- (sdui_set_input, e:set_input) as the user types; the button's action
-- asks for the inputs' values (sdui_press, e:press add them to its
-- payload; the engine checks the email's validation and the rating's
-- min/max first), and feedback/send thanks the user with what was entered.
local ui = require "sdui.ui"
local fmt = require "lib.format"

local TOPICS = {
  { title = "Movies", value = "movies" },
  { title = "Series", value = "series" },
  { title = "The app", value = "app" },
}

local function form(data, ctx)
  local sent = ctx.state("feedback", "sent")
  return ui.vstack{ padding = { top = 16, bottom = 16, leading = 8, trailing = 8 }, spacing = 16, width = "fill",
    ui.text(fmt.str(data.title), { font = "@section", color = "@heading" }),
    ui.input{ name = "email", format = "email", placeholder = "you@example.com", bind = "feedback/email",
      validation = { required = true, pattern = "[^@ ]+@[^@ ]+", message = "An email, please" } },
    ui.input{ name = "rating", kind = "number", min = 1, max = 5, bind = "feedback/rating" },
    ui.input{ name = "topic", kind = "choice", display = "expanded", options = TOPICS, bind = "feedback/topic" },
    ui.input{ name = "news", kind = "toggle", title = "Send me the newsletter", bind = "feedback/news" },
    ui.hstack{ spacing = 8,
      ui.button{ fmt.str(data.submitText), action = ui.action("feedback/send", {}, true) },
      type(sent) == "string" and ui.text(sent, { font = "@note", color = "@muted" }),
    },
  }
end

-- The press adds the form's input values to the payload (inputs = true).
local function send(state, payload)
  state.sent = "Thanks! " .. tostring(payload.email ~= "" and payload.email or "anonymous") .. " rated "
    .. tostring(payload.rating) .. " about " .. tostring(payload.topic)
  return state
end

return {
  services = { feedback = { email = "", rating = 4, topic = "movies", news = "false", sent = false } },
  components = { FeedbackFormComponent = form },
  actions = { ["feedback/send"] = send },
}
