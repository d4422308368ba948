-- The view DSL, lua/sdui/ui.lua, on its own: no sdui module needed.
local support = require "support"
local error_of = support.error_of

-- Twice: the DSL as a plain Lua module, and as the binding loads it (its
-- common forms built in C, Sources/SDUILua/dsl.c): the same nodes, the same errors.
for _, variant in ipairs{ { "", support.dsl }, { " (as the binding loads it)", support.bound_dsl } } do
describe("sdui.ui" .. variant[1], function()
  local ui
  before_each(function()
    ui = variant[2]()
  end)

  describe("text", function()
    it("builds a text node", function()
      assert.same({ type = "text", text = "Hi" }, ui.text("Hi"))
    end)

    it("takes a font name as its properties, kept as the style (the engine reads it as { font = name })", function()
      assert.same({ type = "text", text = "Hi", style = "title" }, ui.text("Hi", "title"))
    end)

    it("puts style fields given directly into style, next to key", function()
      assert.same(
        { type = "text", text = "Hi", key = "greeting", style = { color = "#ff0000", lineLimit = 2 } },
        ui.text("Hi", { key = "greeting", color = "#ff0000", lineLimit = 2 }))
    end)

    it("refuses text that is not a string, numbers included", function()
      assert.equal("ui.text: text must be a string, got 12", error_of(ui.text, 12))
      assert.equal("ui.text: text must be a string, got nil", error_of(ui.text))
      assert.equal("ui.text: text must be a string, got table", error_of(ui.text, {}))
    end)

    it("refuses an unknown property", function()
      assert.equal('ui.text: unknown property "colour"', error_of(ui.text, "x", { colour = "red" }))
      assert.equal('ui.text: unknown property "placeholder"', error_of(ui.text, "x", { placeholder = "y" }))
      assert.equal("ui.text: unknown property 1", error_of(ui.text, "x", { "positional" }))
    end)

    it("refuses properties that are neither a table nor a font name", function()
      assert.equal("ui.text: properties must be a table (or a font name), got 3", error_of(ui.text, "x", 3))
    end)
  end)

  describe("image", function()
    it("builds an image node with placeholder and alt", function()
      assert.same({ type = "image", url = "https://x/p.jpg", alt = "Poster", placeholder = "poster",
                    style = { width = 92, height = 138 } },
        ui.image("https://x/p.jpg", { alt = "Poster", placeholder = "poster", width = 92, height = 138 }))
      assert.same({ type = "image", url = "u" }, ui.image("u"))
    end)

    it("checks url and content members", function()
      assert.equal("ui.image: url must be a string, got nil", error_of(ui.image))
      assert.equal("ui.image: alt must be a string, got 5", error_of(ui.image, "u", { alt = 5 }))
      assert.equal('ui.image: unknown property "label"', error_of(ui.image, "u", { label = "x" }))
    end)
  end)

  describe("button", function()
    local toggle = { type = "favorites/toggle", payload = { movieId = 603 } }

    it("takes its label from the first item", function()
      assert.same({ type = "button", label = "★", key = "favorite", action = toggle },
        ui.button{ "★", key = "favorite", action = toggle })
    end)

    it("also takes label =", function()
      assert.same({ type = "button", label = "Open" }, ui.button{ label = "Open" })
    end)

    it("takes node items as children, after an optional label", function()
      assert.same({ type = "button", children = { { type = "text", text = "a" }, { type = "image", url = "u" } } },
        ui.button{ ui.text("a"), ui.image("u") })
      assert.same({ type = "button", label = "L", children = { { type = "text", text = "a" } } },
        ui.button{ "L", ui.text("a") })
    end)

    it("builds a bare button", function()
      assert.same({ type = "button" }, ui.button{})
      assert.same({ type = "button" }, ui.button())
    end)

    it("refuses a label given twice, a second string and a bad action", function()
      assert.equal("ui.button: the label is given both as item 1 and as label =",
        error_of(ui.button, { "a", label = "b" }))
      assert.equal("ui.button: item 2 is a string; only a button's first item may be its label",
        error_of(ui.button, { "a", "b" }))
      assert.equal('ui.button: action must be a table {type = "service/name", payload = ...}, got "go"',
        error_of(ui.button, { "a", action = "go" }))
      assert.equal('ui.button: action.type must be a string "service/name", got "go"',
        error_of(ui.button, { "a", action = { type = "go" } }))
      assert.equal('ui.button: action has an unknown member "route" (expected type, payload, inputs)',
        error_of(ui.button, { "a", action = { type = "a/b", route = "/" } }))
      assert.equal("ui.button: expected a table {...}, got \"a\"", error_of(ui.button, "a"))
    end)
  end)

  describe("containers", function()
    for _, kind in ipairs{ "vstack", "hstack", "zstack", "list" } do
      it(kind .. " holds its items as children, with properties", function()
        assert.same({ type = kind, style = { spacing = 8 },
                      children = { { type = "text", text = "a" }, { type = "spacer" } } },
          ui[kind]{ spacing = 8, ui.text("a"), ui.spacer() })
      end)

      it(kind .. " leaves out empty children", function()
        assert.same({ type = kind }, ui[kind]{})
        assert.same({ type = kind }, ui[kind]())
        assert.same({ type = kind }, ui[kind]{ false, nil })
      end)
    end

    it("skips false and nil items and keeps the order of the rest", function()
      local show = false
      local n = ui.vstack{ ui.text("1"), show and ui.text("hidden"), nil, ui.text("2"), false }
      assert.same({ type = "vstack", children = { { type = "text", text = "1" }, { type = "text", text = "2" } } }, n)
    end)

    it("takes children = {...} instead of items", function()
      local rows = { ui.text("a"), false, ui.text("b") }
      assert.same({ type = "hstack", style = { spacing = 4 },
                    children = { { type = "text", text = "a" }, { type = "text", text = "b" } } },
        ui.hstack{ spacing = 4, children = rows })
    end)

    it("accepts node tables written by hand", function()
      assert.same({ type = "list", children = { { type = "text", text = "x" } } },
        ui.list{ { type = "text", text = "x" } })
    end)

    it("refuses children that are not nodes", function()
      assert.equal("ui.vstack: item 2 is not a view node, got 3", error_of(ui.vstack, { ui.text("a"), 3 }))
      assert.equal("ui.vstack: item 1 is a string; only a button's first item may be its label",
        error_of(ui.vstack, { "a" }))
      assert.equal("ui.list: item 1 is not a view node (a table without a known node type)",
        error_of(ui.list, { { type = "bogus" } }))
      assert.equal("ui.hstack: item 1 is not a view node (a table without a known node type)",
        error_of(ui.hstack, { { text = "no type" } }))
      assert.equal("ui.zstack: children[2] is not a view node, got true",
        error_of(ui.zstack, { children = { ui.text("a"), true } }))
      assert.equal("ui.vstack: children are given both as items and as children = {...}",
        error_of(ui.vstack, { ui.text("a"), children = { ui.text("b") } }))
      assert.equal("ui.vstack: unknown property 1.5", error_of(ui.vstack, { [1.5] = ui.text("a") }))
    end)

    it("takes a children list alone, and items that are all false next to one", function()
      assert.same({ type = "vstack", children = { { type = "text", text = "a" }, { type = "text", text = "b" } } },
        ui.vstack{ children = { ui.text("a"), ui.text("b") } })
      assert.same({ type = "vstack" }, ui.vstack{ children = {} })
      assert.same({ type = "vstack" }, ui.vstack{ children = { false } })
      assert.same({ type = "vstack", children = { { type = "text", text = "a" } } },
        ui.vstack{ false, children = { ui.text("a") } })
    end)

    it("sees every key, wherever the table keeps it", function()
      -- Items added to a table with room left in its hash part are kept
      -- there, before or after the properties in next's order: none may be
      -- missed, whatever the order turns out to be.
      local a, b = ui.text("a"), ui.text("b")
      local toggle = { type = "favorites/toggle" }
      local props = { key = "k", spacing = 8, alignment = "center", padding = 2, width = 3, color = "red", weight = 1 }
      for name, value in pairs(props) do
        local expected = name == "key" and { key = "k" } or { style = { [name] = value } }
        local spec = { [name] = value, room1 = nil, room2 = nil, room3 = nil }
        spec[1] = a
        spec[2] = b
        expected.type, expected.children = "vstack", { a, b }
        assert.same(expected, ui.vstack(spec))

        local button = { [name] = value, room1 = nil, room2 = nil }
        button[1] = "L"
        button.action = toggle
        expected.type, expected.children, expected.label, expected.action = "button", nil, "L", toggle
        assert.same(expected, ui.button(button))

        local bad = { [name] = value, colour = "red", room1 = nil }
        bad[1] = a
        assert.equal('ui.vstack: unknown property "colour"', error_of(ui.vstack, bad))
      end
    end)

    it("refuses engine-only kinds as children", function()
      assert.equal("ui.vstack: item 1 is not a view node (a table without a known node type)",
        error_of(ui.vstack, { { type = "error", message = "x" } }))
      assert.is_nil(ui.fallback)
      assert.is_nil(ui.error)
    end)
  end)

  describe("pager", function()
    it("holds its pages as children and the page it shows", function()
      assert.same({ type = "pager", page = 1, children = { { type = "text", text = "a" }, { type = "text", text = "b" } } },
        ui.pager{ page = 1, ui.text("a"), ui.text("b") })
    end)

    it("refuses a page that is not a number", function()
      assert.has_error(function() ui.pager{ page = "2" } end, 'ui.pager: page must be a finite number, got "2"')
    end)
  end)

  describe("controls", function()
    local go = { type = "a/b" }

    it("builds a disabled button with a tooltip", function()
      assert.same({ type = "button", label = "Go", disabled = true, tooltip = "Sold out", action = go },
        ui.button{ "Go", disabled = true, tooltip = "Sold out", action = go })
      assert.same({ type = "button", disabled = true, children = { { type = "text", text = "in" } } },
        ui.button{ ui.text("in"), disabled = true })
      assert.same({ type = "button", label = "Go", tooltip = "Buy" }, ui.button{ label = "Go", tooltip = "Buy" })
    end)

    it("leaves disabled = false out, as any false property", function()
      assert.same({ type = "button", label = "Go", action = go }, ui.button{ "Go", disabled = false, action = go })
      local in_order = nil
      assert.same({ type = "button", label = "Go" },
        ui.button{ "Go", disabled = in_order ~= nil, tooltip = in_order and "Already in your order" })
    end)

    it("refuses a disabled that is not a boolean and a tooltip that is not a string", function()
      assert.equal('ui.button: disabled must be a boolean, got "yes"', error_of(ui.button, { "Go", disabled = "yes" }))
      assert.equal("ui.button: disabled must be a boolean, got 1", error_of(ui.button, { disabled = 1 }))
      assert.equal("ui.button: tooltip must be a string, got 3", error_of(ui.button, { "Go", tooltip = 3 }))
    end)

    it("takes disabled and tooltip on buttons only", function()
      assert.equal('ui.vstack: unknown property "disabled"', error_of(ui.vstack, { disabled = true }))
      assert.equal('ui.image: unknown property "tooltip"', error_of(ui.image, "u", { tooltip = "x" }))
      assert.equal('ui.input: unknown property "disabled"', error_of(ui.input, { name = "q", disabled = true }))
      assert.equal('ui.text: unknown property "disabled"', error_of(ui.text, "x", { disabled = true }))
    end)

    for _, kind in ipairs{ "vstack", "hstack", "zstack", "list" } do
      it(kind .. " takes an action: a tap target", function()
        assert.same({ type = kind, action = go, children = { { type = "text", text = "a" } } },
          ui[kind]{ action = go, ui.text("a") })
        assert.same({ type = kind, action = go, children = { { type = "text", text = "a" } } },
          ui[kind]{ ui.text("a"), action = go })
        assert.same({ type = kind, action = go, style = { padding = 1 } }, ui[kind]{ action = go, padding = 1 })
        assert.same({ type = kind, action = go, children = { { type = "text", text = "a" } } },
          ui[kind]{ action = go, children = { ui.text("a") } })
        assert.equal("ui." .. kind .. ': action must be a table {type = "service/name", payload = ...}, got "go"',
          error_of(ui[kind], { action = "go", ui.text("a") }))
        assert.equal("ui." .. kind .. ': action.type must be a string "service/name", got "go"',
          error_of(ui[kind], { action = { type = "go" } }))
      end)
    end

    it("reads a tap target's action through a spec's metatable", function()
      local spec = setmetatable({ ui.text("a") }, { __index = { action = go } })
      assert.same({ type = "vstack", action = go, children = { { type = "text", text = "a" } } }, ui.vstack(spec))
    end)

    it("keeps ui.image(url, props), with an action among the props", function()
      assert.same({ type = "image", url = "u", alt = "Poster", action = go }, ui.image("u", { alt = "Poster", action = go }))
      assert.same({ type = "image", url = "u" }, ui.image("u", { action = false }))
      assert.equal('ui.image: action has an unknown member "route" (expected type, payload, inputs)',
        error_of(ui.image, "u", { action = { type = "a/b", route = "/" } }))
    end)

    it("leaves spacers and texts without an action", function()
      assert.equal('ui.spacer: unknown property "action"', error_of(ui.spacer, { action = go }))
      assert.equal('ui.text: unknown property "action"', error_of(ui.text, "x", { action = go }))
    end)
  end)

  describe("spacer", function()
    it("builds a spacer, with properties", function()
      assert.same({ type = "spacer" }, ui.spacer())
      assert.same({ type = "spacer", key = "gap", style = { minHeight = 4, weight = 1 } },
        ui.spacer{ key = "gap", minHeight = 4, weight = 1 })
    end)
  end)

  describe("input", function()
    it("builds an input", function()
      local search = { type = "search/run" }
      assert.same({ type = "input", name = "q", value = "lighthouse", placeholder = "Search", action = search },
        ui.input{ name = "q", value = "lighthouse", placeholder = "Search", action = search })
    end)

    it("needs a name and takes no items", function()
      assert.equal("ui.input: name is required (a string)", error_of(ui.input, {}))
      assert.equal("ui.input: name must be a string, got 1", error_of(ui.input, { name = 1 }))
      assert.equal("ui.input: an input has no children (item 1 is not allowed)",
        error_of(ui.input, { name = "q", ui.text("x") }))
    end)
  end)

  describe("action", function()
    it("builds an action table", function()
      assert.same({ type = "order/add", payload = { movieId = 603, price = 1099 } },
        ui.action("order/add", { movieId = 603, price = 1099 }))
      assert.same({ type = "order/checkout" }, ui.action("order/checkout"))
    end)

    it("needs a service/name type and JSON data", function()
      assert.equal('ui.action: type must be a string "service/name", got "checkout"', error_of(ui.action, "checkout"))
      assert.equal('ui.action: type must be a string "service/name", got "/x"', error_of(ui.action, "/x"))
      assert.equal('ui.action: type must be a string "service/name", got "x/"', error_of(ui.action, "x/"))
      assert.equal("ui.action: payload must be JSON data, got function", error_of(ui.action, "a/b", print))
    end)
  end)

  describe("effects", function()
    it("after builds a timer effect", function()
      assert.same({ type = "after", ms = 300, action = { type = "n/restore", payload = { id = "x" } } },
        ui.after(300, ui.action("n/restore", { id = "x" })))
    end)

    it("after needs a non-negative ms and an action", function()
      assert.equal("ui.after: ms must be a non-negative number, got -1", error_of(ui.after, -1, ui.action("a/b")))
      assert.equal('ui.after: ms must be a non-negative number, got "5"', error_of(ui.after, "5", ui.action("a/b")))
      assert.equal("ui.after: action must be a table {type = \"service/name\", payload = ...}, got nil",
        error_of(ui.after, 5))
    end)

    it("request builds a request effect from its members", function()
      assert.same({ type = "request", url = "https://shop/checkout", method = "POST", body = { items = { 1 } },
                    headers = { ["X-Id"] = "7" },
                    on_success = { type = "order/confirmed" }, on_failure = { type = "order/failed" } },
        ui.request{ url = "https://shop/checkout", method = "POST", body = { items = { 1 } },
                    headers = { ["X-Id"] = "7" },
                    on_success = ui.action("order/confirmed"), on_failure = ui.action("order/failed") })
      assert.same({ type = "request", url = "u" }, ui.request{ url = "u" })
    end)

    it("request checks its members", function()
      assert.equal("ui.request: url is required (a string)", error_of(ui.request, { method = "GET" }))
      assert.equal("ui.request: url must be a string, got 1", error_of(ui.request, { url = 1 }))
      assert.equal('ui.request: unknown member "type" (expected url, method, body, headers, on_success, on_failure)',
        error_of(ui.request, { url = "u", type = "request" }))
      assert.equal("ui.request: on_success.payload must be a table or absent (the result goes into payload.result), got 5",
        error_of(ui.request, { url = "u", on_success = ui.action("a/b", 5) }))
      assert.equal('ui.request: on_failure: action.type must be a string "service/name", got "x"',
        error_of(ui.request, { url = "u", on_failure = { type = "x" } }))
      assert.equal("ui.request: body must be JSON data, got function", error_of(ui.request, { url = "u", body = print }))
      assert.equal("ui.request: expected a table {url = ..., ...}, got nil", error_of(ui.request))
    end)
  end)

  describe("style", function()
    it("knows exactly the core's style fields", function()
      assert.same({ "alignment", "aspectRatio", "background", "backgroundFit", "backgroundImage", "bleed", "borderColor",
                    "borderWidth", "color", "cornerRadius", "direction", "distribution", "fit", "font",
                    "fontWeight", "height", "lineLimit", "maxHeight", "maxWidth", "minHeight", "minWidth", "opacity",
                    "padding", "spacing", "textAlignment", "weight", "width" }, ui.style_fields)
    end)

    it("accepts every field with a good value, directly and in style", function()
      local all = {
        font = "title", fontWeight = "bold", color = "accent", background = "#112233", padding = 8,
        spacing = 4, alignment = "leading", distribution = "spaceBetween", width = "fill", height = 20,
        minWidth = 1, maxWidth = 2, minHeight = 3, maxHeight = 4, weight = 1.5, cornerRadius = 6,
        opacity = 0.5, lineLimit = 3, aspectRatio = 1.5, fit = "contain", textAlignment = "center",
        borderWidth = 1, borderColor = "#ccc", backgroundImage = "https://x.y/bg.png", backgroundFit = "repeat", direction = "rtl",
        bleed = true,
      }
      local direct = {}
      for k, v in pairs(all) do
        direct[k] = v
      end
      assert.same({ type = "vstack", style = all }, ui.vstack(direct))
      assert.same({ type = "vstack", style = all }, ui.vstack{ style = all })
    end)

    it("accepts every alignment and distribution of the core", function()
      for _, a in ipairs{ "leading", "center", "trailing", "top", "bottom" } do
        assert.same({ alignment = a }, ui.hstack{ alignment = a }.style)
      end
      for _, d in ipairs{ "start", "center", "end", "spaceBetween", "spaceAround", "fill" } do
        assert.same({ distribution = d }, ui.hstack{ distribution = d }.style)
      end
    end)

    it("checks an image's aspectRatio and fit", function()
      assert.same({ aspectRatio = 2, fit = "cover" }, ui.image("u", { aspectRatio = 2, fit = "cover" }).style)
      assert.equal("ui.image: aspectRatio must be a number above 0, got 0",
        select(2, pcall(ui.image, "u", { aspectRatio = 0 })))
      assert.equal('ui.image: fit must be one of "contain", "cover", "fill", got "crop"',
        select(2, pcall(ui.image, "u", { fit = "crop" })))
    end)

    it("fills the missing edges of a padding table with 0", function()
      assert.same({ padding = { top = 2, leading = 0, bottom = 0, trailing = 5 } },
        ui.vstack{ padding = { top = 2, trailing = 5 } }.style)
    end)

    it("turns a whole float lineLimit into an integer", function()
      assert.equal("integer", math.type(ui.text("x", { lineLimit = 3.0 }).style.lineLimit))
    end)

    it("merges style with the fields given directly", function()
      assert.same({ font = "caption", color = "red" }, ui.text("x", { style = "caption", color = "red" }).style)
      assert.same({ font = "caption", color = "red" }, ui.text("x", { style = { color = "red" }, font = "caption" }).style)
    end)

    it("leaves out properties whose value is false", function()
      local selected = false
      assert.same({ type = "text", text = "x" }, ui.text("x", { color = selected and "accent", key = false }))
      assert.same({ type = "button", label = "x" }, ui.button{ "x", action = selected and { type = "a/b" } })
    end)

    it("refuses bad values with their field named", function()
      assert.equal("ui.text: font must be a string, got 3", error_of(ui.text, "x", { font = 3 }))
      assert.equal("ui.text: style.font must be a string, got 3", error_of(ui.text, "x", { style = { font = 3 } }))
      assert.equal("ui.text: style must be a string (font) or a table, got true", error_of(ui.text, "x", { style = true }))
      assert.equal('ui.text: unknown style field "colour"', error_of(ui.text, "x", { style = { colour = "red" } }))
      assert.equal("ui.text: font is given both directly and in style",
        error_of(ui.text, "x", { font = "a", style = { font = "b" } }))
      assert.equal("ui.vstack: spacing must be a non-negative number, got -1", error_of(ui.vstack, { spacing = -1 }))
      assert.equal("ui.vstack: spacing must be a non-negative number, got \"8\"", error_of(ui.vstack, { spacing = "8" }))
      assert.equal("ui.vstack: weight must be a non-negative number, got nan", error_of(ui.vstack, { weight = 0 / 0 }))
      assert.equal("ui.vstack: minWidth must be a non-negative number, got inf", error_of(ui.vstack, { minWidth = math.huge }))
      assert.equal('ui.vstack: width must be a non-negative number or "fill", got "auto"',
        error_of(ui.vstack, { width = "auto" }))
      assert.equal("ui.text: opacity must be a number between 0 and 1, got 1.5", error_of(ui.text, "x", { opacity = 1.5 }))
      assert.equal("ui.text: lineLimit must be a non-negative integer, got 2.5", error_of(ui.text, "x", { lineLimit = 2.5 }))
      assert.equal("ui.text: lineLimit must be a non-negative integer, got -1", error_of(ui.text, "x", { lineLimit = -1 }))
      assert.equal("ui.vstack: bleed must be a boolean, got \"yes\"", error_of(ui.vstack, { bleed = "yes" }))
      assert.equal("ui.vstack: style.bleed must be a boolean, got 1", error_of(ui.vstack, { style = { bleed = 1 } }))
      assert.equal('ui.hstack: alignment must be one of "leading", "center", "trailing", "top", "bottom", got "middle"',
        error_of(ui.hstack, { alignment = "middle" }))
      assert.equal('ui.hstack: distribution must be one of "start", "center", "end", "spaceBetween", "spaceAround", "fill", got "around"',
        error_of(ui.hstack, { distribution = "around" }))
      assert.equal('ui.vstack: unknown padding edge "left" (expected top, leading, bottom, trailing)',
        error_of(ui.vstack, { padding = { left = 1 } }))
      assert.equal("ui.vstack: padding.top must be a non-negative number, got -2",
        error_of(ui.vstack, { padding = { top = -2 } }))
      assert.equal("ui.text: key must be a non-empty string, got 7", error_of(ui.text, "x", { key = 7 }))
      assert.equal('ui.text: key must be a non-empty string, got ""', error_of(ui.text, "x", { key = "" }))
    end)
  end)

  describe("errors", function()
    it("point at the line of the script that called the constructor", function()
      local line, ok, err
      ok, err = pcall(function()
        line = debug.getinfo(1, "l").currentline; local n = ui.text("x", { colour = "red" })
        return n
      end)
      assert.is_false(ok)
      assert.equal(string.format('ui_spec.lua:%d: ui.text: unknown property "colour"', line), err:match("[^/]*$"))
    end)

    it("point at the inner constructor inside a nested tree", function()
      local line, ok, err
      ok, err = pcall(function()
        line = debug.getinfo(1, "l").currentline + 3
        local n = ui.vstack{
          ui.text("a"),
          ui.text(nil), -- the bad one, 3 lines below `line =`
        }
        return n
      end)
      assert.is_false(ok)
      assert.equal(string.format("ui_spec.lua:%d: ui.text: text must be a string, got nil", line), err:match("[^/]*$"))
    end)

    it("point at the calling line from every constructor, whatever the mistake", function()
      local toggle = { type = "a/b" }
      local cases = {
        { ui.text, 1 }, { ui.text, "x", { colour = 1 } }, { ui.text, "x", { style = { font = 3 } } },
        { ui.image, "u", { alt = 5 } }, { ui.spacer, { key = "" } },
        { ui.vstack, { 3 } }, { ui.vstack, { ui.text("a"), spacing = -1 } }, { ui.hstack, { children = { 3 } } },
        { ui.zstack, { ui.text("a"), nil, "b" } }, { ui.list, { padding = { left = 1 } } },
        { ui.button, { "a", action = "go" } }, { ui.button, { "a", key = 7, action = toggle } },
        { ui.button, { "a", label = "b" } }, { ui.input, { name = 1 } }, { ui.input, { value = "v" } },
        { ui.button, { "a", disabled = "yes" } }, { ui.button, { tooltip = 1 } }, { ui.vstack, { action = "go" } },
        { ui.image, "u", { action = 1 } },
        { ui.action, "x" },
      }
      for i, case in ipairs(cases) do
        local line, ok, err
        ok, err = pcall(function()
          line = debug.getinfo(1, "l").currentline; local n = case[1](table.unpack(case, 2))
          return n
        end)
        assert.is_false(ok, "case " .. i)
        assert.matches("/ui_spec%.lua:" .. line .. ": ui%.%a+: ", err)
      end
    end)

    it("let other errors through unchanged", function()
      local boom = setmetatable({}, { __index = function() error({ code = 42 }) end })
      local _, raw = pcall(ui.vstack, boom)
      assert.same({ code = 42 }, raw)
      local _, msg = pcall(ui.vstack, setmetatable({}, { __index = function() error("plain", 0) end }))
      assert.equal("plain", msg)
    end)
  end)

  -- (the binding's ui.array is the sdui module's own: lua/spec/engine_spec.lua)
  if variant[2] == support.dsl then describe("array", function()
    it("marks a table as a JSON array with a metatable named sdui.array", function()
      local t = { 1, 2 }
      assert.equal(t, ui.array(t))
      assert.equal(ui.array_mt, getmetatable(t))
      assert.equal("sdui.array", getmetatable(ui.array()).__name)
      assert.same({}, ui.array())
    end)

    it("uses whatever metatable ui.array_mt holds at the call", function()
      local mine = { __name = "sdui.array" }
      ui.array_mt = mine
      assert.equal(mine, getmetatable(ui.array()))
    end)

    it("refuses non-tables and tables with another metatable", function()
      assert.equal("ui.array: expected a table or nothing, got 3", error_of(ui.array, 3))
      assert.equal("ui.array: the table already has a metatable", error_of(ui.array, setmetatable({}, {})))
    end)
  end) end

  it("names the script line that called a builder in its errors, fast forms or not", function()
    local probe = assert(load([[local ui = ...
local a = ui.text("x", { colour = 1 })
local b = ui.vstack{ ui.text("a"), 3 }
local c = ui.button{ "Go", action = { type = "go" } }
local d = ui.hstack{ children = { ui.spacer(), "x" } }
]], "=probe"))
    assert.equal('probe:2: ui.text: unknown property "colour"', select(2, pcall(probe, ui)))
    local lines = { "local ui = ...", "local v = ui.vstack{ ui.text('a'), 3 }", "return v" }
    assert.equal("probe:2: ui.vstack: item 2 is not a view node, got 3",
      select(2, pcall(load(table.concat(lines, "\n"), "=probe"), ui)))
    lines[2] = "local v = ui.button{ 'Go', action = { type = 'go' } }"
    assert.equal('probe:2: ui.button: action.type must be a string "service/name", got "go"',
      select(2, pcall(load(table.concat(lines, "\n"), "=probe"), ui)))
    lines[2] = "local v = ui.hstack{ children = { ui.spacer(), 'x' } }"
    assert.equal('probe:2: ui.hstack: children[2] is not a view node, got "x"',
      select(2, pcall(load(table.concat(lines, "\n"), "=probe"), ui)))
  end)

  it("builds the common forms as the same plain tables", function()
    local row = { ui.text("a"), ui.text("b", "title") }
    local stack = ui.vstack(row)
    assert.equal(row, stack.children) -- the items table itself
    assert.same({ type = "hstack", children = row }, ui.hstack{ children = row })
    assert.equal(row, ui.hstack{ children = row }.children)
    assert.same({ type = "zstack" }, ui.zstack{ children = {} })
    assert.same({ type = "spacer", style = "caption" }, ui.spacer("caption"))
    local go = { type = "a/b", payload = { n = 1 } }
    assert.same({ type = "button", label = "Go", action = go }, ui.button{ "Go", action = go })
    assert.same({ type = "button", label = "Go" }, ui.button{ "Go" })
    assert.same({ type = "image", url = "u" }, ui.image("u"))
    -- not a node by its raw type: the Lua builder decides (it reads through __index)
    local proxy = setmetatable({}, { __index = { type = "text", text = "p" } })
    assert.equal(proxy, ui.vstack{ proxy }.children[1])
    if variant[2] == support.bound_dsl then
      for _, kind in ipairs{ "text", "image", "spacer", "vstack", "hstack", "zstack", "list", "grid", "wrap",
        "rail", "button" } do
        assert.equal("C", debug.getinfo(ui[kind], "S").what, kind)
      end
    end
  end)

  it("builds its kinds and style fields from the contract (lua/sdui/contract.lua)", function()
    local contract = dofile(support.root .. "/lua/sdui/contract.lua")
    for _, kind in ipairs(contract.kinds) do
      if kind.engine_only then
        assert.is_nil(ui[kind.name], kind.name)
        assert.is_false(ui.is_node({ type = kind.name }))
      else
        assert.is_function(ui[kind.name], kind.name)
        assert.is_true(ui.is_node({ type = kind.name }))
      end
    end
    local names = {}
    for i, field in ipairs(contract.style) do
      names[i] = field.name
    end
    table.sort(names)
    assert.same(names, ui.style_fields)
  end)

  it("tells nodes from other tables", function()
    assert.is_true(ui.is_node(ui.text("x")))
    assert.is_true(ui.is_node({ type = "spacer" }))
    assert.is_false(ui.is_node({ type = "fallback" }))
    assert.is_false(ui.is_node({}))
    assert.is_false(ui.is_node("text"))
  end)

  it("runs in a sandbox without io, os, debug, load or require, and sets no globals", function()
    local env = {
      type = type, pairs = pairs, ipairs = ipairs, error = error, pcall = pcall, next = next,
      setmetatable = setmetatable, getmetatable = getmetatable, tostring = tostring, select = select,
      string = { format = string.format, rep = string.rep, match = string.match, sub = string.sub },
      table = { concat = table.concat, sort = table.sort },
      math = { type = math.type, huge = math.huge, tointeger = math.tointeger, floor = math.floor },
    }
    local src = support.read(support.root .. "/lua/sdui/ui.lua")
    local chunk = assert(load(src, "=sdui.ui", "t", env))
    local before = {}
    for k in pairs(env) do
      before[k] = true
    end
    -- The binding hands the DSL its contract as the chunk's argument (no require).
    local sandboxed = chunk(dofile(support.root .. "/lua/sdui/contract.lua"))
    for k in pairs(env) do
      assert.is_true(before[k], "the DSL set the global " .. tostring(k))
    end
    assert.same({ type = "vstack", style = { spacing = 2 }, children = { { type = "text", text = "ok", style = "title" } } },
      sandboxed.vstack{ spacing = 2, sandboxed.text("ok", "title") })
    assert.equal('ui.text: unknown property "colour"', select(2, pcall(sandboxed.text, "x", { colour = 1 })))
  end)
end)
end
