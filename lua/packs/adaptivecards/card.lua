-- The Adaptive Cards pack: the component type AdaptiveCard, whose data is a
-- card ({"type": "AdaptiveCard", ...}) or a templated card ({"template":
-- CARD, "data": DATA, "host": HOST}, expanded with the Adaptive Cards
-- Templating language: lib/template.lua). Load this folder as scripts
-- (e:load_scripts("lua/packs/adaptivecards"), sdui_scripts_load, sdui render
-- --scripts); edit it while an app shows a card and the card follows.
--
-- The service "adaptivecards" keeps what the card's actions changed:
--   shown[component id][element id] = true | false   (ShowCard, ToggleVisibility)
--   values[component id][input id] = what the user entered (inputs are bound here)
--   submitted = the last Action.Submit / Action.Execute payload
-- Actions (see lib/render.lua for their payloads):
--   adaptivecards/toggle    shows or hides elements and shown cards
--   adaptivecards/submit    records the submission; a host reads it with a
--                           subscriber on "adaptivecards" "submitted" (or
--                           middleware), and answers as it likes
--   adaptivecards/open_url  asks the host to open the URL: an "open_url"
--                           effect {url}, for the host's performer
local render = require "lib.render"
local template = require "lib.template"

local function key(id)
  return '["' .. id:gsub('[\\"]', "\\%0") .. '"]'
end

-- AdaptiveCard(data, ctx): the card's view.
local function adaptive_card(data, ctx)
  local card = data
  if type(data) == "table" and data.template ~= nil and data.type == nil then
    local expanded, err = template.expand(data.template, data.data, data.host)
    if expanded == nil then
      ctx.warn("template: " .. (err or "the card was dropped"))
      local view = { type = "text", text = err and ("Template error: " .. err) or "" }
      return view
    end
    card = expanded
  end
  if type(card) ~= "table" then
    ctx.warn("data is not a card")
    local view = { type = "text", text = "" }
    return view
  end
  local shown = ctx.state("adaptivecards", "shown" .. key(ctx.id))
  local view = render.card(card, { id = ctx.id, shown = type(shown) == "table" and shown or {}, warn = ctx.warn })
  return view
end

-- adaptivecards/toggle {card, targets = [{id, isVisible?}]}: isVisible, or
-- the opposite of what the element shows now (shown cards start hidden).
local function toggle(state, payload)
  state.shown = state.shown or {}
  local card = state.shown[payload.card] or {}
  for _, t in ipairs(payload.targets or {}) do
    if type(t.isVisible) == "boolean" then
      card[t.id] = t.isVisible
    else
      card[t.id] = not card[t.id]
    end
  end
  state.shown[payload.card] = card
end

-- adaptivecards/submit {card, action, id, data, verb}: kept as "submitted".
local function submit(state, payload)
  state.submitted = payload
end

-- adaptivecards/open_url {card, url}: an "open_url" effect for the host.
local function open_url(_, payload, ctx)
  ctx.emit{ type = "open_url", url = payload.url }
end

return {
  services = { adaptivecards = { shown = {}, values = {} } },
  components = { AdaptiveCard = adaptive_card },
  actions = {
    ["adaptivecards/toggle"] = toggle,
    ["adaptivecards/submit"] = submit,
    ["adaptivecards/open_url"] = open_url,
  },
}
