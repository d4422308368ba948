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
--   pages[component id][carousel id] = the page a Carousel shows (from 0)
--   submitted = the last Action.Submit / Action.Execute payload
-- Actions (see lib/render.lua for their payloads):
--   adaptivecards/toggle    shows or hides elements and shown cards
--   adaptivecards/page      turns a Carousel to a page
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
  local pages = ctx.state("adaptivecards", "pages" .. key(ctx.id))
  local view = render.card(card, { id = ctx.id, shown = type(shown) == "table" and shown or {},
    pages = type(pages) == "table" and pages or {}, warn = ctx.warn })
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

-- adaptivecards/page {card, id, page}: the carousel `id` of card `card`
-- shows page `page` (the view clamps it to the pages it has).
local function page(state, payload)
  if type(payload.card) ~= "string" or type(payload.id) ~= "string" or math.type(payload.page) == nil then
    error("adaptivecards/page: payload {card, id, page} expected")
  end
  state.pages = state.pages or {}
  local card = state.pages[payload.card] or {}
  card[payload.id] = payload.page
  state.pages[payload.card] = card
end

-- adaptivecards/submit {card, action, id, data, verb, <input id> = value...}:
-- kept as "submitted" = {card, action, id, verb, data}, its data as Adaptive
-- Cards submits it: an object data (or none) with the input values the press
-- gathered added under their ids (an input's value wins over a data member of
-- the same name); a string data as it is, without the inputs. The payload's
-- own names (card, action, id, data, verb) are not input ids.
local OWN = { card = true, action = true, id = true, data = true, verb = true }

local function submit(state, payload)
  local data = payload.data
  if data == nil or (type(data) == "table" and data[1] == nil) then
    local merged = {}
    for k, v in pairs(data or {}) do
      merged[k] = v
    end
    for k, v in pairs(payload) do
      if not OWN[k] then
        merged[k] = v
      end
    end
    data = merged
  end
  state.submitted = { card = payload.card, action = payload.action, id = payload.id, verb = payload.verb, data = data }
end

-- adaptivecards/open_url {card, url}: an "open_url" effect for the host.
local function open_url(_, payload, ctx)
  ctx.emit{ type = "open_url", url = payload.url }
end

return {
  services = { adaptivecards = { shown = {}, values = {}, pages = {} } },
  components = { AdaptiveCard = adaptive_card },
  actions = {
    ["adaptivecards/toggle"] = toggle,
    ["adaptivecards/page"] = page,
    ["adaptivecards/submit"] = submit,
    ["adaptivecards/open_url"] = open_url,
  },
}
