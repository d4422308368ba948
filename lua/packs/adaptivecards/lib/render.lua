--[[
adaptivecards.render -- an Adaptive Card (a decoded JSON value) as an sdui
view, with the view kinds and style fields the engine has today.

    local render = require "lib.render"
    local view = render.card(card, { id = ctx.id, shown = shown, warn = ctx.warn })

`env` carries the component's id (actions name it), `shown` (element id ->
true or false: what ShowCard and ToggleVisibility changed, from the pack's
service) and `warn` (a function taking a message: elements left out).

What each element becomes:
  RichTextBlock              a paragraph: each TextRun a run with its size,
                             weight, colour, highlight, italic, underline,
                             strikethrough and selectAction (a link)
  TextBlock                  text (size -> font, weight, colour, isSubtle,
                             horizontalAlignment -> textAlignment across the
                             container, wrap and maxLines -> lineLimit; the markdown
                             subset and DATE/TIME written out: lib.text)
  Image, ImageSet, Media     image (size and pixel sizes; a person image is
                             round); an image set is a row; media shows its
                             poster and a play button opening its source
  Container, Column(Set)     vstack / hstack (auto, stretch, weighted and
                             pixel widths; container styles as backgrounds;
                             backgroundImage, showBorder, roundedCorners;
                             bleed: the style field bleed, a Container or
                             ColumnSet as wide as its parent's content)
  FactSet, Table             a grid: the cells of a column share its width
  ActionSet, card actions    buttons (isEnabled false: disabled; tooltip);
                             a selectAction makes its element a tap target
  Input.*                    a label, and an input of the engine's kind
                             (text with its style, multiline, number with
                             min and max, date, time, toggle, choice set
                             compact, expanded or multi-select), named by
                             its id, bound to values[card][id] of the
                             pack's service, with its validation (isRequired,
                             regex, maxLength, errorMessage)
  Carousel                   a pager (one page at a time, from initialPage)
                             with ‹ › buttons: adaptivecards/page {card, id,
                             page}; loop wraps; the page is kept in the
                             pack's service as pages[card][carousel id]
Unknown elements, and elements whose `requires` this renderer does not
meet, take their `fallback` ("drop", or an element), else are left out with
a warning. `isVisible: false` hides an element until an action shows it;
`spacing` becomes spacers; `separator` a divider (between columns, a bar).

Actions dispatch:
  Action.Submit, Action.Execute  adaptivecards/submit {card, action, id,
                                 data, verb} and, pressed (sdui_press), the
                                 card's input values by id
  Action.OpenUrl                 adaptivecards/open_url {card, url}
  Action.ShowCard                adaptivecards/toggle {card, targets =
                                 [{id}]} (the shown card follows its action set)
  Action.ToggleVisibility        adaptivecards/toggle {card, targets =
                                 [{id, isVisible}]}

Plain Lua with no globals: runs in the script host's sandbox.
]]

local ui = require "sdui.ui"
local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local text = require(prefix .. "text")

local render = {}

local type, ipairs, pairs, next, tostring, tonumber = type, ipairs, pairs, next, tostring, tonumber
local format, match, floor = string.format, string.match, math.floor

--- The Adaptive Cards version this renderer implements.
render.version = { 1, 6 }

local FONT = { small = "caption", default = "body", medium = "headline", large = "title3", extralarge = "title" }
local WEIGHT = { lighter = "light", default = nil, bolder = "bold" }
local COLOR = {
  default = "#1f2937", dark = "#111827", light = "#f9fafb", accent = "#0063b1",
  good = "#107c10", warning = "#9d5d00", attention = "#c50f1f",
}
local BACKGROUND = {
  emphasis = "#f3f4f6", good = "#dff6dd", attention = "#fde7e9", warning = "#fff4ce", accent = "#deecf9",
}
local SPACING = { none = 0, small = 4, default = 8, medium = 16, large = 24, extralarge = 32, padding = 16 }
local IMAGE_SIZE = { small = 40, medium = 80, large = 160 }

local function lower(v)
  return type(v) == "string" and v:lower() or nil
end

-- "50px" -> 50; anything else (a number is a weight where sizes take one) -> nil.
local function pixels(v)
  if type(v) == "string" then
    local n = tonumber(match(v, "^%s*(%d+%.?%d*)%s*px%s*$"))
    return n
  end
  return nil
end

local function array(t)
  return type(t) == "table" and t or {}
end

local function plain_string(v)
  if type(v) == "string" then
    return v
  elseif type(v) == "number" or type(v) == "boolean" then
    return tostring(v)
  end
  return nil
end

-- Renders the elements of `list` into `out` (a list of views), with their
-- spacing and separators, in a column (`row` false) or a row.
local elements, visible

-- ---------------------------------------------------------------------
-- Actions

local ACTIONS = { ["Action.Submit"] = true, ["Action.Execute"] = true, ["Action.OpenUrl"] = true,
  ["Action.ShowCard"] = true, ["Action.ToggleVisibility"] = true }

local meets -- below, with the elements

local function action_view(action, env, after, depth)
  if type(action) ~= "table" or (depth or 1) > 32 then
    return nil
  end
  local kind = action.type
  if not ACTIONS[kind] or not meets(action.requires) then -- its fallback: "drop", an action, or nothing
    if type(action.fallback) == "table" then
      return action_view(action.fallback, env, after, (depth or 1) + 1)
    elseif action.fallback ~= "drop" then
      env.warn(format("action %s left out (%s)", tostring(kind),
        ACTIONS[kind] and "its requirements are not met" or "unknown type"))
    end
    return nil
  end
  local label = plain_string(action.title) or ""
  if label == "" then
    label = plain_string(action.tooltip) or (kind == "Action.OpenUrl" and plain_string(action.url)) or "•"
  end
  local payload
  local act
  if kind == "Action.Submit" or kind == "Action.Execute" then
    payload = { card = env.id, action = kind, id = action.id, data = action.data, verb = action.verb }
    -- the card's inputs' values, by id, added when the host presses it (sdui_press); "none": only the data
    act = ui.action("adaptivecards/submit", payload, action.associatedInputs ~= "none" or nil)
  elseif kind == "Action.OpenUrl" then
    act = ui.action("adaptivecards/open_url", { card = env.id, url = plain_string(action.url) or "" })
  elseif kind == "Action.ShowCard" then
    local key = action.id or ("showcard:" .. env.next_card())
    act = ui.action("adaptivecards/toggle", { card = env.id, targets = ui.array{ { id = key } } })
    if env.shown[key] and type(action.card) == "table" and after then
      after[#after + 1] = render.card(action.card, env, true)
    end
  elseif kind == "Action.ToggleVisibility" then
    local targets = ui.array()
    for _, t in ipairs(array(action.targetElements)) do
      if type(t) == "string" then
        targets[#targets + 1] = { id = t }
      elseif type(t) == "table" and type(t.elementId) == "string" then
        targets[#targets + 1] = { id = t.elementId, isVisible = t.isVisible }
      end
    end
    act = ui.action("adaptivecards/toggle", { card = env.id, targets = targets })
  end
  local props = { label, action = act, tooltip = plain_string(action.tooltip) }
  if action.isEnabled == false then
    props.disabled = true
  end
  return ui.button(props)
end

-- A row of the buttons of `actions`, followed by any card a ShowCard shows.
local function action_set(actions, env)
  local buttons, shown = {}, {}
  for _, a in ipairs(array(actions)) do
    local b = action_view(a, env, shown)
    if b then
      buttons[#buttons + 1] = b
    end
  end
  if #buttons == 0 then
    return nil
  end
  local row = ui.hstack{ spacing = 8, children = buttons }
  if #shown == 0 then
    return row
  end
  local column = { row }
  for _, card in ipairs(shown) do
    column[#column + 1] = card
  end
  return ui.vstack{ spacing = 8, children = column }
end

-- Kinds that carry an action as a tap target, with no button chrome.
local TAP_TARGET = { vstack = true, hstack = true, zstack = true, list = true, image = true }

-- `view` made a tap target for `select` (a selectAction): the view itself
-- when its kind takes an action, else a vstack around it.
local function selectable(view, select, env)
  if type(select) ~= "table" or view == nil then
    return view
  end
  local b = action_view(select, env, nil)
  if not b then
    return view
  end
  if TAP_TARGET[view.type] and view.action == nil then
    view.action = b.action
    return view
  end
  return ui.vstack{ action = b.action, view }
end

-- ---------------------------------------------------------------------
-- Elements

local function text_view(s, el)
  local props = {}
  local font = FONT[lower(el.size) or "default"]
  if font and font ~= "body" then
    props.font = font
  end
  local weight = WEIGHT[lower(el.weight) or "default"]
  if weight then
    props.fontWeight = weight
  end
  local color = COLOR[lower(el.color) or ""]
  if color and lower(el.color) ~= "default" then
    props.color = color
  end
  if el.isSubtle == true then
    props.opacity = 0.7
  end
  local h = lower(el.horizontalAlignment)
  if h == "center" or h == "right" then -- across the whole width of its container
    props.textAlignment = h == "center" and "center" or "trailing"
    props.width = "fill"
  end
  if el.wrap ~= true then
    props.lineLimit = 1
  elseif type(el.maxLines) == "number" and el.maxLines >= 1 then
    props.lineLimit = floor(el.maxLines)
  end
  return ui.text(s, props)
end

local builders = {}

builders.TextBlock = function(el)
  return text_view(text.plain(plain_string(el.text) or ""), el)
end

-- A RichTextBlock: a paragraph of its TextRuns, each with its own look.
builders.RichTextBlock = function(el, env)
  local runs = {}
  for _, run in ipairs(array(el.inlines)) do
    if type(run) == "string" then
      runs[#runs + 1] = { text = run }
    elseif type(run) == "table" and (run.type == "TextRun" or run.type == nil) then
      local r = { text = text.functions(plain_string(run.text) or "") }
      r.font = FONT[lower(run.size) or "default"]
      if r.font == "body" then
        r.font = nil
      end
      r.weight = WEIGHT[lower(run.weight) or "default"]
      r.color = lower(run.color) ~= "default" and COLOR[lower(run.color) or ""] or nil
      r.highlight = run.highlight == true and "#fff4ce" or nil
      r.italic = run.italic == true or nil
      r.strikethrough = run.strikethrough == true or nil
      r.underline = run.underline == true or nil
      local link = type(run.selectAction) == "table" and action_view(run.selectAction, env, nil)
      r.action = link and link.action or nil
      runs[#runs + 1] = r
    end
  end
  if #runs == 0 then
    return nil
  end
  local props = { runs = runs }
  local h = lower(el.horizontalAlignment)
  if h == "center" or h == "right" then
    props.textAlignment = h == "center" and "center" or "trailing"
    props.width = "fill"
  end
  return ui.paragraph(props)
end

local function image_view(el, default_size)
  local url = plain_string(el.url)
  if not url or url == "" then
    return nil
  end
  local props = { alt = plain_string(el.altText) }
  local w, h = pixels(el.width), pixels(el.height)
  local size = IMAGE_SIZE[lower(el.size) or default_size or ""]
  if w or h then
    props.width, props.height = w, h
  elseif size then
    props.width = size
  elseif lower(el.size) == "stretch" then
    props.width = "fill"
  end
  if lower(el.style) == "person" and props.width and props.width ~= "fill" then
    props.cornerRadius = props.width / 2
    props.height = props.height or props.width
  end
  return ui.image(url, props)
end

builders.Image = function(el)
  return image_view(el)
end

builders.ImageSet = function(el)
  local row = {}
  for _, img in ipairs(array(el.images)) do
    if type(img) == "table" then
      row[#row + 1] = image_view(img, lower(el.imageSize) or "medium")
    end
  end
  return ui.wrap{ spacing = 1, children = row } -- onto new lines when they do not fit
end

builders.Media = function(el, env)
  local column = {}
  local poster = plain_string(el.poster)
  if poster then
    column[#column + 1] = ui.image(poster, { alt = plain_string(el.altText), width = "fill" })
  end
  local source = array(el.sources)[1]
  local url = type(source) == "table" and plain_string(source.url)
  if url then
    column[#column + 1] = ui.button{ "▶ Play", action = ui.action("adaptivecards/open_url", { card = env.id, url = url }) }
  end
  return ui.vstack{ spacing = 4, children = column }
end

-- A background image ("url", or {url, fillMode}) as style fields.
local function background_image(props, image)
  local url = type(image) == "string" and image or type(image) == "table" and plain_string(image.url) or nil
  if url and url ~= "" then
    props.backgroundImage = url
    local mode = type(image) == "table" and lower(image.fillMode) or nil
    props.backgroundFit = mode and mode:match("^repeat") and "repeat" or "cover"
  end
end

local function container_props(el)
  local props = {}
  background_image(props, el.backgroundImage)
  if el.showBorder == true then
    props.borderWidth, props.borderColor = 1, "#d0d5dd"
  end
  if el.roundedCorners == true then
    props.cornerRadius = 4
  end
  if el.rtl == true then
    props.direction = "rtl"
  elseif el.rtl == false then
    props.direction = "ltr"
  end
  local bg = BACKGROUND[lower(el.style) or ""]
  if bg then
    props.background = bg
    props.padding = 8
  end
  if el.bleed == true then
    props.bleed = true -- through the parent's padding, on the sides it meets the parent's content
  end
  local min = pixels(el.minHeight)
  if min then
    props.minHeight = min
  end
  local v = lower(el.verticalContentAlignment)
  if v == "center" then
    props.distribution = "center"
  elseif v == "bottom" then
    props.distribution = "end"
  end
  return props
end

builders.Container = function(el, env)
  local props = container_props(el)
  if el.bleed == true then
    props.width = "fill" -- as wide as its parent's content, so it bleeds on both sides
  end
  props.children = elements(el.items, env, false)
  return ui.vstack(props)
end

builders.Column = function(el, env) -- its width is the column set's to say
  local props = container_props(el)
  props.children = elements(el.items, env, false)
  return ui.vstack(props)
end

builders.ColumnSet = function(el, env)
  local props = container_props(el)
  local columns = elements(el.columns, env, true, function(view, col)
    local w = col.width
    local px = pixels(w)
    if px then
      view.style = view.style or {}
      view.style.width = px
    elseif lower(w) ~= "auto" then
      local weight = tonumber(w) or 1 -- "stretch", a number, or nothing
      view.style = view.style or {}
      view.style.weight = weight > 0 and weight or 1
    end
  end, "Column")
  props.children = columns
  props.spacing = 8
  if el.bleed == true then
    props.width = "fill"
  end
  return ui.hstack(props)
end

builders.FactSet = function(el)
  local rows = {}
  for _, fact in ipairs(array(el.facts)) do
    if type(fact) == "table" then
      rows[#rows + 1] = ui.hstack{
        ui.text(text.plain(plain_string(fact.title) or ""), { fontWeight = "bold" }),
        ui.text(text.plain(plain_string(fact.value) or "")),
      }
    end
  end
  return ui.grid{ spacing = 2, children = rows } -- the values line up in one column
end

builders.Table = function(el, env)
  local rows = {}
  for r, row in ipairs(array(el.rows)) do
    local cells = {}
    for i, cell in ipairs(type(row) == "table" and array(row.cells) or {}) do
      if type(cell) == "table" then
        local items = elements(cell.items, env, false)
        if r == 1 and el.firstRowAsHeader ~= false then
          for _, item in ipairs(items) do
            if item.type == "text" then
              item.style = item.style or {}
              if type(item.style) == "string" then
                item.style = { font = item.style }
              end
              item.style.fontWeight = "bold"
            end
          end
        end
        cells[#cells + 1] = ui.vstack{ children = items }
      end
    end
    rows[#rows + 1] = ui.hstack{ children = cells }
  end
  return ui.grid{ spacing = 1, children = rows } -- the cells of a column share its width
end

builders.ActionSet = function(el, env)
  return action_set(el.actions, env)
end

-- A carousel: a pager showing one page (the page the pack's service keeps for
-- it, else initialPage), with ‹ and › buttons that dispatch
-- adaptivecards/page {card, id, page}; `loop` wraps around the ends.
builders.Carousel = function(el, env)
  local pages = {}
  for _, page in ipairs(array(el.pages)) do
    if type(page) == "table" and visible(page, env) then
      pages[#pages + 1] = selectable(ui.vstack{ spacing = 8, children = elements(page.items, env, false) },
        page.selectAction, env)
    end
  end
  local n = #pages
  if n == 0 then
    return nil
  end
  local id = plain_string(el.id) or ("carousel:" .. env.next_carousel())
  local shown = env.pages[id]
  if type(shown) ~= "number" then
    shown = tonumber(el.initialPage) or 0
  end
  shown = floor(shown)
  shown = shown < 0 and 0 or shown >= n and n - 1 or shown
  local pager = ui.pager{ page = shown, minHeight = pixels(el.heightInPixels), children = pages }
  if n == 1 then
    return pager
  end
  local function turn(label, to, tip)
    if el.loop == true then
      to = to % n
    end
    local b = { label, tooltip = tip, accessibility = { label = tip }, -- ‹ and › say nothing to a reader
      action = ui.action("adaptivecards/page", { card = env.id, id = id, page = to }) }
    if to < 0 or to >= n then
      b.disabled = true
    end
    return ui.button(b)
  end
  local controls = ui.hstack{ spacing = 8, children = { -- the pager draws where it is among its pages
    turn("‹", shown - 1, "Previous page"),
    turn("›", shown + 1, "Next page"),
  } }
  return ui.vstack{ spacing = 4, children = { pager, controls } }
end

-- An input: its label (1.3), then the input itself, named by its id and
-- bound to the pack's service (`values[card][id]`), so that what the user
-- enters stays across renders and an Action.Submit gathers it.
local function key(s)
  return '["' .. s:gsub('[\\"]', "\\%0") .. '"]'
end

local function input_view(el, env, props, extra)
  local column = {}
  local label = plain_string(el.label)
  if label then
    column[#column + 1] = ui.text(text.plain(label), { fontWeight = "bold" })
  end
  local name = plain_string(el.id)
  if not name or name == "" then
    name = "input"
  end
  props.name = name
  props.bind = "adaptivecards/values" .. key(env.id) .. key(name)
  if props.kind ~= "toggle" and props.display ~= "expanded" then
    props.width = "fill" -- a field as wide as its container, as Adaptive Cards draws it
  end
  local rules = {}
  if el.isRequired == true then
    rules.required = true
  end
  if type(el.regex) == "string" and el.regex ~= "" then
    rules.pattern = el.regex
  end
  if type(el.maxLength) == "number" and el.maxLength > 0 then
    rules.maxLength = floor(el.maxLength)
  end
  if next(rules) ~= nil then
    rules.message = plain_string(el.errorMessage)
    props.validation = rules
  end
  column[#column + 1] = ui.input(props)
  for _, v in ipairs(extra or {}) do
    column[#column + 1] = v
  end
  return #column == 1 and column[1] or ui.vstack{ spacing = 4, children = column }
end

local FORMAT = { email = "email", tel = "tel", url = "url", password = "password" }

builders["Input.Text"] = function(el, env)
  local props = { value = plain_string(el.value), placeholder = plain_string(el.placeholder) }
  if el.isMultiline == true then
    props.kind = "multiline"
  else
    props.format = FORMAT[lower(el.style) or ""]
  end
  local input = input_view(el, env, props)
  local inline = el.inlineAction ~= nil and action_view(el.inlineAction, env, nil) -- a button beside it
  if inline then
    if input.type == "input" then
      input = ui.hstack{ spacing = 8, ui.vstack{ weight = 1, input }, inline }
    else
      input = ui.hstack{ spacing = 8, ui.vstack{ weight = 1, children = input.children }, inline }
    end
  end
  return input
end

builders["Input.Number"] = function(el, env)
  return input_view(el, env, { kind = "number", value = plain_string(el.value), placeholder = plain_string(el.placeholder),
    min = type(el.min) == "number" and el.min or nil, max = type(el.max) == "number" and el.max or nil })
end

builders["Input.Date"] = function(el, env)
  return input_view(el, env, { kind = "date", value = plain_string(el.value), placeholder = plain_string(el.placeholder) })
end

builders["Input.Time"] = function(el, env)
  return input_view(el, env, { kind = "time", value = plain_string(el.value), placeholder = plain_string(el.placeholder) })
end

builders["Input.Toggle"] = function(el, env)
  local on, off = plain_string(el.valueOn) or "true", plain_string(el.valueOff) or "false"
  return input_view(el, env, { kind = "toggle", title = text.plain(plain_string(el.title) or ""),
    onValue = on, offValue = off, value = plain_string(el.value) or off })
end

builders["Input.ChoiceSet"] = function(el, env)
  local options = ui.array()
  for _, c in ipairs(array(el.choices)) do
    if type(c) == "table" then
      local title = plain_string(c.title) or plain_string(c.value) or ""
      options[#options + 1] = { title = title, value = plain_string(c.value) or title }
    end
  end
  return input_view(el, env, { kind = "choice", options = options, value = plain_string(el.value),
    placeholder = plain_string(el.placeholder),
    display = lower(el.style) == "expanded" and "expanded" or "compact",
    multiple = el.isMultiSelect == true or nil })
end

-- ---------------------------------------------------------------------
-- The walk

-- Whether this renderer meets an element's `requires` ({feature = "1.2"}):
-- "adaptiveCards" up to render.version; no other feature is known.
function meets(requires)
  if type(requires) ~= "table" then
    return true
  end
  for feature, version in pairs(requires) do
    if feature ~= "adaptiveCards" then
      return false
    end
    local major, minor = match(tostring(version), "^(%d+)%.?(%d*)")
    major, minor = tonumber(major) or 0, tonumber(minor) or 0
    if major > render.version[1] or (major == render.version[1] and minor > render.version[2]) then
      return false
    end
  end
  return true
end

-- The view of one element (of type `default_type` when it names none: a
-- column), following its fallback; nil when left out.
local function element(el, env, depth, default_type)
  if type(el) ~= "table" or depth > 32 then
    return nil
  end
  local build = builders[el.type or default_type]
  if build == nil or not meets(el.requires) then
    local fallback = el.fallback
    if type(fallback) == "table" then
      return element(fallback, env, depth + 1)
    end
    if fallback ~= "drop" then
      env.warn(format("element %s left out (%s)", tostring(el.type),
        build == nil and "unknown type" or "its requirements are not met"))
    end
    return nil
  end
  local view = build(el, env)
  return selectable(view, el.selectAction, env)
end

-- Whether an element is shown: isVisible, unless an action changed it.
function visible(el, env)
  if type(el) ~= "table" then
    return false
  end
  local id = el.id
  if type(id) == "string" and env.shown[id] ~= nil then
    return env.shown[id] == true
  end
  return el.isVisible ~= false
end

-- The views of the elements of `list`, with their spacing and separators.
-- `row`: laid out in a row (columns). `each(view, el)` adjusts each view;
-- `default_type` is the type of an element that names none.
function elements(list, env, row, each, default_type)
  local out = {}
  for _, el in ipairs(array(list)) do
    if visible(el, env) then
      local view = element(el, env, 1, default_type)
      if view then
        if #out > 0 then
          local gap = SPACING[lower(el.spacing) or "default"] or 8
          if el.separator == true then -- a line: across a column a divider, between columns a bar
            out[#out + 1] = row and ui.vstack{ width = 1, background = "#e5e7eb" } or ui.divider{ color = "#e5e7eb" }
          end
          if gap ~= 8 then
            out[#out + 1] = row and ui.spacer{ width = gap } or ui.spacer{ height = gap }
          end
        end
        if each then
          each(view, el)
        end
        out[#out + 1] = view
      end
    end
  end
  return out
end

--- The view of a whole card (nested: the card an Action.ShowCard shows).
function render.card(card, env, nested)
  if not env.next_card then
    local n, c = 0, 0
    env.next_card = function()
      n = n + 1
      return n
    end
    env.next_carousel = function()
      c = c + 1
      return c
    end
  end
  env.pages = env.pages or {}
  local column = elements(card.body, env, false)
  local actions = action_set(card.actions, env)
  if actions then
    column[#column + 1] = actions
  end
  local props = { spacing = 8, padding = nested and 8 or 12, children = column }
  background_image(props, card.backgroundImage)
  if card.rtl == true then
    props.direction = "rtl" -- the card's rows run right to left
  elseif card.rtl == false and nested then
    props.direction = "ltr"
  end
  local bg = BACKGROUND[lower(card.style) or ""]
  if nested then
    props.background = bg or "#f9fafb"
  end
  local min = pixels(card.minHeight)
  if min then
    props.minHeight = min
  end
  return selectable(ui.vstack(props), card.selectAction, env)
end

return render
