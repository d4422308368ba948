-- The Adaptive Cards pack (lua/packs/adaptivecards): loaded as scripts, it
-- renders the cards of ../shared/corpus/adaptivecards with no error or
-- fallback node and every text a reader sees, and its actions show, hide,
-- submit and open as Adaptive Cards defines.
local support = require "support"
local sdui = require "sdui"
local json = require "packs.adaptivecards.lib.json"

local PACK = support.root .. "/lua/packs/adaptivecards"
local CORPUS = support.root .. "/../shared/corpus/adaptivecards"

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return (s:gsub("^\239\187\191", "")) -- a UTF-8 byte order mark
end

local function corpus_files()
  local files = {}
  local p = io.popen("find '" .. CORPUS .. "' -name '*.json' 2>/dev/null | sort")
  for line in p:lines() do
    files[#files + 1] = line
  end
  p:close()
  return files
end

local function pack_engine(options)
  local e = sdui.engine(options or { duplicate_keys = "last" })
  assert(e:load_scripts(PACK))
  return e
end

local function load_card(e, card_json, id)
  return e:load_page('{"components":[{"id":"' .. (id or "card") .. '","type":"AdaptiveCard","data":' .. card_json .. "}]}")
end

-- Every node of a rendered view, depth first.
local function nodes(view, out)
  out = out or {}
  out[#out + 1] = view
  for _, child in ipairs(view.children or {}) do
    nodes(child, out)
  end
  return out
end

-- The button labelled `label` in a rendered view (an error when there is none).
local function button(view, label)
  for _, n in ipairs(nodes(view)) do
    if n.type == "button" and n.label == label then
      return n
    end
  end
  error("no button " .. label)
end

-- The words a screen shows (text, labels, values, placeholders), as a set.
local function shown_words(view)
  local words = {}
  for _, n in ipairs(nodes(view)) do
    for _, field in ipairs{ "text", "label", "value", "placeholder", "title" } do
      if type(n[field]) == "string" then
        for w in n[field]:gmatch("[%w]+") do
          words[w] = true
        end
      end
    end
    for _, run in ipairs(type(n.runs) == "table" and n.runs or {}) do -- a paragraph's
      for w in tostring(run.text):gmatch("[%w]+") do
        words[w] = true
      end
    end
    for _, option in ipairs(type(n.options) == "table" and n.options or {}) do -- a choice input's
      for w in tostring(option.title):gmatch("[%w]+") do
        words[w] = true
      end
    end
  end
  return words
end

-- The words a reader of `card` sees before acting: the texts of its visible
-- elements (not those of a card an Action.ShowCard opens, nor of hidden or
-- unknown elements), facts, action titles, labels, placeholders and
-- choices; markdown markers and {{DATE()}} / {{TIME()}} calls left out.
local KNOWN = {
  TextBlock = true, RichTextBlock = true, TextRun = true, Image = true, ImageSet = true, Media = true,
  Container = true, Column = true, ColumnSet = true, FactSet = true, Table = true, TableRow = true, TableCell = true,
  ActionSet = true, Carousel = true, CarouselPage = true,
  ["Input.Text"] = true, ["Input.Number"] = true, ["Input.Date"] = true, ["Input.Time"] = true,
  ["Input.Toggle"] = true, ["Input.ChoiceSet"] = true,
}
local function expected_words(value, words, under_action)
  words = words or {}
  if type(value) ~= "table" then
    return words
  end
  if value.isVisible == false or (value.type and value.type:match("^Action%.") == nil and value.type ~= "AdaptiveCard"
      and not KNOWN[value.type] and value.type ~= nil) then
    return words
  end
  local function add(s)
    if type(s) == "string" then
      s = s:gsub("{{.-}}", " "):gsub("%]%b()", "]") -- a link shows its text, not its target
      for w in s:gmatch("[%w]+") do
        words[w] = true
      end
    end
  end
  if value.type == "TextBlock" or value.type == "TextRun" then
    add(value.text)
  elseif value.type == "Input.Toggle" then
    add(value.title)
  elseif value.type and value.type:match("^Action%.") and value.title then
    add(value.title)
  end
  if value.label then
    add(value.label)
  end
  if value.placeholder then
    add(value.placeholder)
  end
  for _, fact in ipairs(value.facts or {}) do
    add(fact.title)
    add(fact.value)
  end
  for _, choice in ipairs(value.choices or {}) do
    add(choice.title)
  end
  for k, v in pairs(value) do
    if k ~= "card" and k ~= "fallback" and k ~= "data" and k ~= "selectAction" and type(v) == "table" then
      expected_words(v, words)
    end
  end
  return words
end

describe("the Adaptive Cards pack", function()
  describe("on the shared corpus", function()
    local files = corpus_files()

    it("finds the corpus", function()
      assert.is_true(#files >= 100, "no cards under " .. CORPUS)
    end)

    it("renders every card with no error or fallback node and every text present", function()
      local e <close> = pack_engine()
      local rendered = 0
      for _, file in ipairs(files) do
        local text = read(file)
        assert(load_card(e, text))
        local screen = e:render()
        local view = screen.components[1].view
        for _, n in ipairs(nodes(view)) do
          assert.is_true(n.type ~= "error" and n.type ~= "fallback", file .. ": " .. tostring(n.message))
        end
        local shown = shown_words(view)
        for w in pairs(expected_words(assert(json.decode(text)))) do
          assert.is_true(shown[w] == true, file .. ": the word \"" .. w .. "\" is not on the screen")
        end
        rendered = rendered + 1
      end
      assert.equal(#files, rendered)
    end)
  end)

  describe("actions", function()
    local CARD = [[{"type": "AdaptiveCard", "version": "1.5", "body": [
        {"type": "TextBlock", "text": "Always"},
        {"type": "TextBlock", "id": "secret", "text": "Hidden at first", "isVisible": false}],
      "actions": [
        {"type": "Action.ShowCard", "id": "more", "title": "More", "card": {"type": "AdaptiveCard", "body": [{"type": "TextBlock", "text": "Shown card"}]}},
        {"type": "Action.ToggleVisibility", "title": "Reveal", "targetElements": ["secret"]},
        {"type": "Action.Submit", "id": "send", "title": "Send", "data": {"x": 13}},
        {"type": "Action.OpenUrl", "title": "Site", "url": "https://adaptivecards.io"}]}]]

    local function has_text(view, s)
      for _, n in ipairs(nodes(view)) do
        if n.text == s then
          return true
        end
      end
      return false
    end

    it("shows a ShowCard's card and hides it again, through patches", function()
      local e <close> = pack_engine()
      assert(load_card(e, CARD))
      local view = e:render().components[1].view
      assert.is_false(has_text(view, "Shown card"))
      assert(e:dispatch(button(view, "More").action))
      local changed = e:patches().patches
      assert.equal(1, #changed)
      assert.equal("update", changed[1].op)
      view = e:render().components[1].view
      assert.is_true(has_text(view, "Shown card"))
      assert(e:dispatch(button(view, "More").action))
      assert.is_false(has_text(e:render().components[1].view, "Shown card"))
    end)

    it("toggles the visibility of its target elements", function()
      local e <close> = pack_engine()
      assert(load_card(e, CARD))
      local view = e:render().components[1].view
      assert.is_false(has_text(view, "Hidden at first"))
      assert(e:dispatch(button(view, "Reveal").action))
      assert.is_true(has_text(e:render().components[1].view, "Hidden at first"))
    end)

    it("submits the action's data, the card and the action's id", function()
      local e <close> = pack_engine()
      assert(load_card(e, CARD, "order"))
      local view = e:render().components[1].view
      local action = button(view, "Send").action
      assert.same({ type = "adaptivecards/submit", inputs = true,
        payload = { card = "order", action = "Action.Submit", id = "send", data = { x = 13 } } }, action)
      assert(e:dispatch(action))
      assert.same({ card = "order", action = "Action.Submit", id = "send", data = { x = 13 } },
        e:state("adaptivecards").submitted)
    end)

    it("submits a string data as it is, and an Execute's verb with its merged data", function()
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "body": [{"type": "Input.Text", "id": "note", "value": "hi"}],
        "actions": [{"type": "Action.Submit", "title": "Plain", "data": "just text"},
                    {"type": "Action.Execute", "title": "Run", "verb": "doIt", "data": {"k": 1}}]}]], "x"))
      local view = e:render().components[1].view
      assert.is_true(e:press(button(view, "Plain").id))
      assert.same({ card = "x", action = "Action.Submit", data = "just text" }, e:state("adaptivecards").submitted)
      assert.is_true(e:press(button(view, "Run").id))
      assert.same({ card = "x", action = "Action.Execute", verb = "doIt", data = { k = 1, note = "hi" } },
        e:state("adaptivecards").submitted)
    end)

    it("asks the host to open a URL with an open_url effect", function()
      local e <close> = pack_engine()
      local opened
      e:effect("open_url", function(effect, ctx)
        opened = effect.url
        ctx.finish(true)
      end)
      assert(load_card(e, CARD))
      assert(e:dispatch(button(e:render().components[1].view, "Site").action))
      assert.equal("https://adaptivecards.io", opened)
    end)
  end)

  describe("inputs", function()
    local FORM = [[{"type": "AdaptiveCard", "body": [
        {"type": "Input.Text", "id": "email", "style": "email", "isRequired": true, "errorMessage": "An email, please"},
        {"type": "Input.Text", "id": "note", "isMultiline": true, "maxLength": 200},
        {"type": "Input.Number", "id": "qty", "min": 1, "max": 9, "value": 2},
        {"type": "Input.Date", "id": "day"},
        {"type": "Input.Time", "id": "at"},
        {"type": "Input.Toggle", "id": "news", "title": "Newsletter", "valueOn": "yes", "valueOff": "no"},
        {"type": "Input.ChoiceSet", "id": "size", "style": "expanded", "choices": [
          {"title": "Small", "value": "s"}, {"title": "Large", "value": "l"}]},
        {"type": "Input.ChoiceSet", "id": "tags", "isMultiSelect": true, "choices": [{"title": "A", "value": "a"}]}],
      "actions": [{"type": "Action.Submit", "title": "Send", "data": {"form": "signup"}}]}]]

    local function inputs(view)
      local found = {}
      for _, n in ipairs(nodes(view)) do
        if n.type == "input" then
          found[n.name] = n
        end
      end
      return found
    end

    it("draws each Input.* as an input of the engine's kind, bound to the pack's service", function()
      local e <close> = pack_engine()
      assert(load_card(e, FORM, "signup"))
      local i = inputs(e:render().components[1].view)
      assert.same({ nil, "email" }, { i.email.kind, i.email.format })
      assert.same({ required = true, message = "An email, please" }, i.email.validation)
      assert.equal('adaptivecards/values["signup"]["email"]', i.email.bind)
      assert.same({ "multiline", { maxLength = 200 } }, { i.note.kind, i.note.validation })
      assert.same({ "number", 1, 9, "2" }, { i.qty.kind, i.qty.min, i.qty.max, i.qty.value })
      assert.same({ "date", "time" }, { i.day.kind, i.at.kind })
      assert.same({ "toggle", "Newsletter", "yes", "no", "no" },
        { i.news.kind, i.news.title, i.news.onValue, i.news.offValue, i.news.value })
      assert.same({ "choice", "expanded" }, { i.size.kind, i.size.display })
      assert.same({ { title = "Small", value = "s" }, { title = "Large", value = "l" } }, i.size.options)
      assert.is_true(i.tags.multiple)
    end)

    it("keeps what the user enters, and a Submit's press carries it with the action's data", function()
      local e <close> = pack_engine()
      assert(load_card(e, FORM, "signup"))
      local view = e:render().components[1].view
      local ids = {}
      for _, n in ipairs(nodes(view)) do
        if n.type == "input" then ids[n.name] = n.id end
        if n.type == "button" and n.label == "Send" then ids.send = n.id end
      end
      local ok, err = e:press(ids.send)
      assert.is_nil(ok)
      assert.truthy(err:find("An email, please", 1, true), err) -- required, and empty
      assert.is_true(e:set_input(ids.email, "ada@example.org"))
      assert.is_true(e:set_input(ids.news, "yes"))
      assert.equal("ada@example.org", inputs(e:render().components[1].view).email.value)
      assert.is_true(e:press(ids.send))
      local submitted = e:state("adaptivecards").submitted
      assert.same({ card = "signup", action = "Action.Submit" },
        { card = submitted.card, action = submitted.action, id = submitted.id })
      -- as Adaptive Cards submits it: the inputs' values merged into the action's data, by input id
      assert.same("signup", submitted.data.form)
      assert.equal("ada@example.org", submitted.data.email)
      assert.equal("yes", submitted.data.news)
      assert.equal("2", submitted.data.qty)
    end)
  end)

  describe("controls", function()
    it("draws a disabled action disabled, with its tooltip, and a selectAction as a tap target", function()
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "body": [
          {"type": "Container", "selectAction": {"type": "Action.OpenUrl", "url": "https://x.y"},
           "items": [{"type": "TextBlock", "text": "Tap me"}]},
          {"type": "TextBlock", "text": "Me too", "selectAction": {"type": "Action.Submit", "data": 1}}],
        "actions": [{"type": "Action.Submit", "title": "Later", "isEnabled": false, "tooltip": "Not yet"}]}]]))
      local view = e:render().components[1].view
      local container = view.children[1]
      assert.equal("vstack", container.type)
      assert.equal("adaptivecards/open_url", container.action.type)
      local wrapped = view.children[2]
      assert.equal("vstack", wrapped.type)
      assert.equal("adaptivecards/submit", wrapped.action.type)
      assert.equal("Me too", wrapped.children[1].text)
      local later = view.children[3].children[1]
      assert.same({ "button", "Later", true, "Not yet" }, { later.type, later.label, later.disabled, later.tooltip })
    end)
  end)

  describe("elements", function()
    local function render(body)
      local e <close> = pack_engine()
      assert(load_card(e, '{"type": "AdaptiveCard", "body": ' .. body .. "}"))
      local view = e:render().components[1].view
      return view, e:diagnostics()
    end

    it("takes an unknown element's fallback, drops it on \"drop\", and warns otherwise", function()
      local view, diagnostics = render([=[[
        {"type": "Graph", "fallback": {"type": "TextBlock", "text": "instead"}},
        {"type": "Graph", "fallback": "drop"},
        {"type": "Graph"}]]=])
      assert.same({ "instead" }, (function()
        local t = {}
        for _, n in ipairs(nodes(view)) do
          if n.type == "text" then
            t[#t + 1] = n.text
          end
        end
        return t
      end)())
      assert.equal(1, #diagnostics)
      assert.equal("element Graph left out (unknown type)", diagnostics[1].message)
    end)

    it("takes the fallback of an element whose requirements it does not meet", function()
      local view = render([=[[{"type": "TextBlock", "text": "new", "requires": {"adaptiveCards": "9.0"},
        "fallback": {"type": "TextBlock", "text": "old"}}]]=])
      assert.equal("old", nodes(view)[2].text)
    end)

    it("sizes columns: auto, stretch, weighted and pixel widths", function()
      local view = render([=[[{"type": "ColumnSet", "columns": [
        {"width": "auto", "items": [{"type": "TextBlock", "text": "a"}]},
        {"width": "stretch", "items": [{"type": "TextBlock", "text": "b"}]},
        {"width": 2, "items": [{"type": "TextBlock", "text": "c"}]},
        {"width": "60px", "items": [{"type": "TextBlock", "text": "d"}]}]}]]=])
      local row = view.children[1]
      assert.equal("hstack", row.type)
      assert.is_nil(row.children[1].style and row.children[1].style.weight)
      assert.equal(1, row.children[2].style.weight)
      assert.equal(2, row.children[3].style.weight)
      assert.equal(60, row.children[4].style.width)
    end)

    it("draws a RichTextBlock as a paragraph of styled runs", function()
      local view = render([=[[{"type": "RichTextBlock", "inlines": [
        "Plain ",
        {"type": "TextRun", "text": "bold", "weight": "bolder", "italic": true},
        {"type": "TextRun", "text": " link", "color": "accent", "underline": true, "highlight": true,
         "selectAction": {"type": "Action.OpenUrl", "url": "https://x.y"}}]}]]=])
      local p = view.children[1]
      assert.equal("paragraph", p.type)
      assert.same({ text = "Plain " }, p.runs[1])
      assert.same({ text = "bold", weight = "bold", italic = true }, p.runs[2])
      assert.same({ " link", "#0063b1", true, "#fff4ce", "adaptivecards/open_url" },
        { p.runs[3].text, p.runs[3].color, p.runs[3].underline, p.runs[3].highlight, p.runs[3].action.type })
    end)

    it("runs a card or a container right to left when it says rtl", function()
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "rtl": true, "body": [
        {"type": "Container", "rtl": false, "items": [{"type": "TextBlock", "text": "ltr"}]}]}]]))
      local view = e:render().components[1].view
      assert.equal("rtl", view.style.direction)
      assert.equal("ltr", view.children[1].style.direction)
    end)

    it("pages a Carousel with its buttons, one page shown at a time, the page kept in the service", function()
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "body": [{"type": "Carousel", "id": "tour", "pages": [
        {"type": "CarouselPage", "items": [{"type": "TextBlock", "text": "First page"}]},
        {"type": "CarouselPage", "items": [{"type": "TextBlock", "text": "Second page"}]},
        {"type": "CarouselPage", "items": [{"type": "TextBlock", "text": "Third page"}]}]}]}]], "tour-card"))
      local function pager(view)
        for _, n in ipairs(nodes(view)) do
          if n.type == "pager" then
            return n
          end
        end
      end
      local view = e:render().components[1].view
      assert.equal(0, pager(view).page)
      assert.equal(3, #pager(view).children)
      assert.is_true(button(view, "‹").disabled)
      assert.matches("First page", e:render_text(), 1, true)
      assert.not_matches("Second page", e:render_text(), 1, true)
      assert.same({ card = "tour-card", id = "tour", page = 1 }, button(view, "›").action.payload)
      assert(e:dispatch(button(view, "›").action))
      assert.same({ tour = 1 }, e:state("adaptivecards").pages["tour-card"])
      view = e:render().components[1].view
      assert.equal(1, pager(view).page)
      assert.matches("Second page", e:render_text(), 1, true)
      assert.not_matches("First page", e:render_text(), 1, true)
      assert(e:dispatch(button(view, "›").action))
      view = e:render().components[1].view
      assert.is_true(button(view, "›").disabled) -- the last page: no loop
      assert.is_nil(e:dispatch{ type = "adaptivecards/page", payload = { card = "tour-card" } })
    end)

    it("starts a Carousel at initialPage and wraps around when it loops", function()
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "body": [{"type": "Carousel", "initialPage": 1, "loop": true,
        "pages": [{"type": "CarouselPage", "items": [{"type": "TextBlock", "text": "A"}]},
                  {"type": "CarouselPage", "items": [{"type": "TextBlock", "text": "B"}]}]}]}]]))
      local view = e:render().components[1].view
      local next_page = button(view, "›")
      assert.is_nil(next_page.disabled)
      assert.same({ card = "card", id = "carousel:1", page = 0 }, next_page.action.payload)
    end)

    it("draws background images and borders", function()
      local view = render([=[[{"type": "Container", "backgroundImage": {"url": "https://x.y/bg.png", "fillMode": "repeat"},
        "showBorder": true, "roundedCorners": true, "items": [{"type": "TextBlock", "text": "in"}]},
        {"type": "Container", "backgroundImage": "https://x.y/cover.png", "items": []}]]=])
      assert.same({ backgroundImage = "https://x.y/bg.png", backgroundFit = "repeat", borderWidth = 1,
        borderColor = "#d0d5dd", cornerRadius = 4 }, view.children[1].style)
      assert.same({ backgroundImage = "https://x.y/cover.png", backgroundFit = "cover" }, view.children[2].style)
    end)

    it("bleeds a Container, a Column and a ColumnSet through their parent's padding", function()
      local view = render([=[[{"type": "TextBlock", "text": "above"},
        {"type": "Container", "style": "emphasis", "bleed": true, "items": [{"type": "TextBlock", "text": "band"}]},
        {"type": "ColumnSet", "style": "good", "columns": [
          {"type": "Column", "width": "auto", "style": "accent", "bleed": true, "items": [{"type": "TextBlock", "text": "c"}]},
          {"type": "Column", "width": "stretch", "items": [{"type": "TextBlock", "text": "d"}]}]},
        {"type": "ColumnSet", "bleed": true, "columns": []},
        {"type": "Container", "bleed": false, "items": []}]]=])
      local band, set = view.children[2], view.children[3]
      assert.same({ background = "#f3f4f6", padding = 8, bleed = true, width = "fill" }, band.style)
      assert.same({ background = "#deecf9", padding = 8, bleed = true }, set.children[1].style) -- width: auto
      assert.is_nil(set.children[2].style.bleed)
      assert.same({ spacing = 8, bleed = true, width = "fill" }, view.children[4].style)
      assert.is_nil(view.children[5].style)

      -- Laid out: the band reaches the card's edges (its padding is 12), its text stays inset.
      local e <close> = pack_engine()
      assert(load_card(e, [[{"type": "AdaptiveCard", "body": [{"type": "TextBlock", "text": "above"},
        {"type": "Container", "style": "emphasis", "bleed": true, "items": [{"type": "TextBlock", "text": "band"}]},
        {"type": "Container", "style": "emphasis", "items": [{"type": "TextBlock", "text": "kept"}]}]}]]))
      local root = assert(e:layout(60)).components[1].root
      local card, bled, kept = root.frame, root.children[2], root.children[3]
      assert.same({ 0, card.width }, { bled.frame.x, bled.frame.width })
      assert.equal(12 + 8, bled.children[1].frame.x) -- the card's padding and its own
      assert.equal(12, kept.frame.x)
      assert.equal(12 + 8, kept.children[1].frame.x)
    end)

    it("draws a separator as a divider in a column, as a one-wide bar between columns", function()
      local view = render([=[[{"type": "TextBlock", "text": "a"}, {"type": "TextBlock", "text": "b", "separator": true},
        {"type": "ColumnSet", "columns": [{"type": "Column", "items": []},
          {"type": "Column", "separator": true, "items": []}]}]]=])
      local line, bar = view.children[2], view.children[4].children[2]
      assert.same({ "divider", { color = "#e5e7eb" } }, { line.type, line.style })
      assert.equal("b", view.children[3].text)
      assert.same({ "vstack", { width = 1, background = "#e5e7eb" } }, { bar.type, bar.style })
    end)

    it("aligns a text across its container", function()
      local view = render([=[[{"type": "TextBlock", "text": "centred", "horizontalAlignment": "center", "wrap": true},
        {"type": "TextBlock", "text": "right", "horizontalAlignment": "right", "wrap": true}]]=])
      assert.same({ textAlignment = "center", width = "fill" }, view.children[1].style)
      assert.same({ textAlignment = "trailing", width = "fill" }, view.children[2].style)
    end)

    it("writes the markdown subset and DATE/TIME as text", function()
      local view = render([=[[{"type": "TextBlock", "size": "large", "weight": "bolder", "wrap": true,
        "text": "**Due** {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}}, [see](https://x.y)"}]]=])
      local t = view.children[1]
      assert.equal("Due Tue, Feb 14, 2017 at 06:08, see", t.text)
      assert.same({ font = "title3", fontWeight = "bold" }, t.style)
    end)
  end)

  it("expands a templated card with its data", function()
    local e <close> = pack_engine()
    assert(load_card(e, [[{"template": {"type": "AdaptiveCard", "body": [
        {"type": "TextBlock", "$data": "${people}", "text": "${name} (${$index})"}]},
      "data": {"people": [{"name": "Ada"}, {"name": "Lin"}]}}]]))
    local view = e:render().components[1].view
    assert.equal("Ada (0)", view.children[1].text)
    assert.equal("Lin (1)", view.children[2].text)
  end)
end)
