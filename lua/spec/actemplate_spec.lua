-- The Adaptive Cards templater (lua/packs/adaptivecards/template.lua):
-- bindings, $data, $when, $index, $root, $host, arrays and null, errors,
-- and the module running in the script host's sandbox. The cards are
-- modelled on the examples of the Adaptive Cards Templating documentation.
local support = require "support"
local sdui = require "sdui"
local template = require "packs.adaptivecards.lib.template"
local json = require "packs.adaptivecards.lib.json"
local values = require "packs.adaptivecards.lib.values"

-- A JSON value as the sdui binding decodes it: sdui.null, arrays marked by sdui.array.
local function as_binding(v)
  if v == values.null then
    return sdui.null
  elseif type(v) ~= "table" then
    return v
  end
  local out = {}
  for k, item in pairs(v) do
    out[k] = as_binding(item)
  end
  if values.is_array(v) then
    return sdui.array(out)
  end
  return out
end

local function decode(text)
  if text == nil then
    return nil
  end
  return as_binding(assert(json.decode(text)))
end

-- Expands JSON text `card` with JSON text `data` (and `host`): the result as JSON text, or nil and the message.
local function expand(card, data, host, options)
  local out, err = template.expand(decode(card), decode(data), decode(host), options)
  if err then
    return nil, err
  end
  return json.encode(out)
end

-- The same, as JSON text of `expected` (written loosely, any key order and spacing).
local function same(expected, card, data, host, options)
  local out, err = expand(card, data, host, options)
  assert.is_nil(err)
  assert.equal(json.encode(assert(json.decode(expected))), out)
end

describe("adaptivecards.template", function()
  describe("bindings in strings", function()
    it("gives a string that is exactly one binding the value with its type", function()
      same([[{"n": 3, "f": 1.5, "b": false, "o": {"a": [1]}, "a": [1, "x"], "s": "text", "e": []}]],
        [[{"n": "${n}", "f": "${f}", "b": "${b}", "o": "${o}", "a": "${a}", "s": "${s}", "e": "${e}"}]],
        [[{"n": 3, "f": 1.5, "b": false, "o": {"a": [1]}, "a": [1, "x"], "s": "text", "e": []}]])
    end)

    it("writes each binding of an interpolated string as text", function()
      same([[{"text": "Hello Matt! 3 items, 2.5 stars, true, {\"a\":1} [1,2]"}]],
        [[{"text": "Hello ${name}! ${n} items, ${stars} stars, ${flag}, ${o} ${a}"}]],
        [[{"name": "Matt", "n": 3, "stars": 2.5, "flag": true, "o": {"a": 1}, "a": [1, 2]}]])
      same([[{"text": " 7"}]], [[{"text": " ${n}"}]], [[{"n": 7}]])
    end)

    it("leaves a binding it cannot resolve as it was written", function()
      same([[{"text": "David ${lastName}"}]], [[{"text": "${firstName} ${lastName}"}]], [[{"firstName": "David"}]])
      same([[{"a": "${missing}", "b": "${nothing}", "c": "${nothing.deeper[0]}", "d": "x${missing}y"}]],
        [[{"a": "${missing}", "b": "${nothing}", "c": "${nothing.deeper[0]}", "d": "x${missing}y"}]],
        [[{"nothing": null}]])
    end)

    it("writes \\${ as a literal ${ and leaves keys and other values alone", function()
      same([[{"text": "cost: ${price}", "${key}": 1, "n": 2, "t": true, "z": null}]],
        [[{"text": "cost: \\${price}", "${key}": 1, "n": 2, "t": true, "z": null}]], [[{"price": 5, "key": "k"}]])
    end)

    it("evaluates expressions: operators, functions, paths", function()
      same([[{"color": "attention", "text": "Release-104", "total": 12, "who": "MATT (2)"}]],
        [[{"color": "${if(priceChange >= 0, 'good', 'attention')}", "text": "${json(message).releaseName}",
           "total": "${sum(select(lines, l, l.qty * l.price))}", "who": "${toUpper(user.name)} (${count(lines)})"}]],
        [[{"priceChange": -2, "message": "{\"releaseName\":\"Release-104\"}", "user": {"name": "Matt"},
           "lines": [{"qty": 2, "price": 3}, {"qty": 1, "price": 6}]}]])
    end)
  end)

  describe("$data", function()
    local ORG = [[{
      "employee": {"name": "Matt", "manager": {"name": "Thomas"},
                   "peers": [{"name": "Andrew"}, {"name": "Lei"}, {"name": "Mary Anne"}, {"name": "Adam"}]}
    }]]
    local ORG_CARD = [[{
      "type": "AdaptiveCard",
      "body": [
        {"type": "TextBlock", "text": "Hi ${employee.name}! Here's a bit about your org..."},
        {"type": "TextBlock", "text": "Your manager is: ${employee.manager.name}"},
        {"type": "TextBlock",
         "text": "3 of your peers are: ${employee.peers[0].name}, ${employee.peers[1].name}, ${employee.peers[2].name}"}
      ]
    }]]
    local ORG_RESULT = [[{
      "type": "AdaptiveCard",
      "body": [
        {"type": "TextBlock", "text": "Hi Matt! Here's a bit about your org..."},
        {"type": "TextBlock", "text": "Your manager is: Thomas"},
        {"type": "TextBlock", "text": "3 of your peers are: Andrew, Lei, Mary Anne"}
      ]
    }]]

    it("takes the data as a separate object", function()
      same(ORG_RESULT, ORG_CARD, ORG)
    end)

    it("takes the data inline, in the root element's $data", function()
      local inline = ORG_CARD:gsub('"type": "AdaptiveCard",', '"type": "AdaptiveCard", "$data": ' .. ORG .. ",", 1)
      same(ORG_RESULT, inline)
    end)

    it("gives an element a data context; $root reaches the root data", function()
      same([[{"type": "Container", "items": [
               {"type": "TextBlock", "text": "scoped: inner"}, {"type": "TextBlock", "text": "root: outer"}]}]],
        [[{"type": "Container", "$data": "${mySubObject}", "items": [
            {"type": "TextBlock", "text": "scoped: ${mySubObjectProperty}"},
            {"type": "TextBlock", "text": "root: ${$root.title}"}]}]],
        [[{"title": "outer", "mySubObject": {"mySubObjectProperty": "inner"}}]])
    end)

    it("repeats an element whose $data is an array, once per item", function()
      same([[{"type": "Container", "items": [
               {"type": "TextBlock", "text": "Matt"}, {"type": "TextBlock", "text": "David"},
               {"type": "TextBlock", "text": "Thomas"}]}]],
        [[{"type": "Container", "items": [
            {"type": "TextBlock", "$data": [{"name": "Matt"}, {"name": "David"}, {"name": "Thomas"}], "text": "${name}"}
          ]}]])
    end)

    it("sets $index, reads strings with ${$data}, keeps the other items in place", function()
      same([[{"body": [{"text": "first"}, {"text": "0. Andrew"}, {"text": "1. Lei"}, {"text": "last"}],
              "facts": [{"title": "a"}, {"title": "b"}]}]],
        [[{"body": [{"text": "first"}, {"$data": "${peers}", "text": "${$index}. ${name}"}, {"text": "last"}],
           "facts": [{"$data": "${tags}", "title": "${$data}"}]}]],
        [[{"peers": [{"name": "Andrew"}, {"name": "Lei"}], "tags": ["a", "b"]}]])
    end)

    it("nests repetitions: each level has its own $index, $root stays the root", function()
      same([[{"rows": [
               {"n": 0, "cells": [{"text": "0 x1 of T"}, {"text": "1 x2 of T"}]},
               {"n": 1, "cells": [{"text": "0 y1 of T"}]}]}]],
        [[{"rows": [{"$data": "${groups}", "cells": [
            {"$data": "${members}", "text": "${$index} ${$data} of ${$root.title}"}], "n": "${$index}"}]}]],
        [[{"title": "T", "groups": [{"members": ["x1", "x2"]}, {"members": ["y1"]}]}]])
    end)

    it("makes an array of a repeated element that is not in an array", function()
      same([[{"actions": [{"title": "a"}, {"title": "b"}]}]],
        [[{"actions": {"$data": "${list}", "title": "${$data}"}}]], [[{"list": ["a", "b"]}]])
      same([==[[{"type": "AdaptiveCard", "title": "a"}, {"type": "AdaptiveCard", "title": "b"}]]==],
        [[{"type": "AdaptiveCard", "$data": "${list}", "title": "${$data}"}]], [[{"list": ["a", "b"]}]])
    end)

    it("drops an element whose $data is an empty array, null or missing", function()
      same([[{"body": [{"text": "kept"}], "one": {"x": 1}}]],
        [[{"body": [{"$data": "${none}", "text": "no"}, {"$data": "${missing}", "text": "no"},
                    {"$data": "${nothing}", "text": "no"}, {"text": "kept"}],
           "one": {"x": 1}, "two": {"$data": "${missing}", "x": 2}}]],
        [[{"none": [], "nothing": null}]])
    end)

    it("reads $host", function()
      same([[{"text": "Hello from sdui, Matt"}]], [[{"text": "Hello from ${$host.app}, ${name}"}]],
        [[{"name": "Matt"}]], [[{"app": "sdui"}]])
    end)
  end)

  describe("$when", function()
    it("drops an element whose condition is false", function()
      same([[{"type": "AdaptiveCard",
              "body": [{"type": "TextBlock", "text": "This thing is pricy!", "color": "attention"}]}]],
        [[{"type": "AdaptiveCard", "$data": {"price": "35"},
           "body": [
             {"type": "TextBlock", "$when": "${price > 30}", "text": "This thing is pricy!", "color": "attention"},
             {"type": "TextBlock", "$when": "${price <= 30}", "text": "Dang, this thing is cheap!", "color": "good"}
           ]}]])
    end)

    it("evaluates the condition once per repeated item, with the item's data", function()
      same([[{"body": [{"text": "Lei is away"}]}]],
        [[{"body": [{"$data": "${people}", "$when": "${away}", "text": "${name} is away"}]}]],
        [[{"people": [{"name": "Matt", "away": false}, {"name": "Lei", "away": true}, {"name": "Adam"}]}]])
    end)

    it("takes booleans, the string \"false\", null and missing values as conditions", function()
      same([[{"a": [{"k": 1}, {"k": 5}, {"k": 6}], "keep": {"x": 1}}]],
        [[{"a": [{"$when": true, "k": 1}, {"$when": false, "k": 2}, {"$when": "false", "k": 3},
                 {"$when": "${missing}", "k": 4}, {"$when": "${0}", "k": 5}, {"$when": "${''}", "k": 6},
                 {"$when": "${nothing}", "k": 7}],
           "keep": {"$when": "${1 == 1}", "x": 1}, "gone": {"$when": "${1 == 2}", "x": 2}}]],
        [[{"nothing": null}]])
    end)

    it("gives null for a dropped root element", function()
      local out, err = template.expand(decode([[{"$when": "${false}", "type": "AdaptiveCard"}]]), decode("{}"))
      assert.is_nil(err)
      assert.equal(sdui.null, out)
      assert.equal("gone", (template.expand(decode([[{"$when": false}]]), nil, nil, { null = "gone" })))
    end)
  end)

  describe("arrays and null", function()
    it("keeps arrays arrays, empty ones included, and makes new ones with the binding's marker name", function()
      local out = assert(template.expand(decode([==[{"body": [], "a": [[]], "e": "${e}", "m": "${createArray()}",
                                                     "r": {"$data": "${e}", "x": 1}}]==]), decode([[{"e": []}]])))
      for _, v in ipairs { out.body, out.a, out.a[1], out.e, out.m, out.r } do
        assert.equal("sdui.array", getmetatable(v).__name)
        assert.equal(0, #v == 1 and #v[1] or #v)
      end
      assert.equal(getmetatable(sdui.array()), getmetatable(out.body)) -- the template's own marker kept
    end)

    it("keeps the nulls of the template and the data", function()
      local out = assert(template.expand(decode([[{"z": null, "l": [null, 1], "o": "${o}"}]]),
        decode([[{"o": {"v": null, "w": [null]}}]])))
      assert.equal(sdui.null, out.z)
      assert.equal(sdui.null, out.l[1])
      assert.equal(sdui.null, out.o.v)
      assert.equal(sdui.null, out.o.w[1])
    end)

    it("writes computed nulls as options.null, else sdui.null when the module is loaded, else leaves them out", function()
      local card = decode([[{"a": "${createArray(1, null, 2)}", "o": "${json('{\"k\": null, \"j\": 1}')}"}]])
      local out = assert(template.expand(card, decode("{}"), nil, { null = "NULL" }))
      assert.same({ 1, "NULL", 2 }, out.a)
      assert.same({ k = "NULL", j = 1 }, out.o)
      out = assert(template.expand(card, decode("{}")))
      assert.equal(sdui.null, out.a[2])
      local loaded = package.loaded.sdui
      package.loaded.sdui = nil
      out = assert(template.expand(card, decode("{}")))
      package.loaded.sdui = loaded
      assert.same({ 1, 2 }, out.a)
      assert.same({ j = 1 }, out.o)
    end)

    it("encodes like the page it came from through the sdui module", function()
      local e = sdui.engine()
      e:component("Echo", function(data)
        local card = assert(template.expand(data.template, data.data))
        local view = { type = "text", text = json.encode(card) }
        return view
      end)
      assert.is_true(e:load_page([[{"components": [{"id": "c", "type": "Echo", "data": {
        "template": {"body": [], "items": [{"$data": "${rows}", "v": "${$data}"}], "z": null, "t": "${t}"},
        "data": {"rows": [null, [], 2], "t": "x"}}}]}]]))
      assert.equal('{"body":[],"items":[{"v":"${$data}"},{"v":[]},{"v":2}],"t":"x","z":null}',
        e:render().components[1].view.text)
      e:close()
    end)
  end)

  describe("inputs", function()
    it("are not changed, and the result shares no table with them", function()
      local card = decode([[{"body": [{"$data": "${rows}", "$when": "${ok}", "o": "${$data}", "k": [1]}],
                             "s": "${sortBy(list)}", "p": "${setProperty(obj, 'x', 2)}", "r": "${$root}"}]])
      local data = decode([[{"rows": [{"ok": true, "v": [1]}, {"ok": false}], "list": [3, 1, 2], "obj": {"x": 1}}]])
      local card_text, data_text = json.encode(card), json.encode(data)
      local out = assert(template.expand(card, data))
      assert.equal(card_text, json.encode(card))
      assert.equal(data_text, json.encode(data))
      local inputs = {}
      local function mark(t)
        if type(t) == "table" then
          inputs[t] = true
          for _, v in pairs(t) do
            mark(v)
          end
        end
      end
      mark(card)
      mark(data)
      local function check(t)
        if type(t) == "table" then
          assert.is_nil(inputs[t])
          for _, v in pairs(t) do
            check(v)
          end
        end
      end
      check(out)
      assert.equal(json.encode(out), json.encode((template.expand(card, data))))
    end)
  end)

  describe("errors", function()
    it("name the place in the template as a JSON path", function()
      assert.same({ nil, "$.body[2].text: unknown function 'foo'" }, { expand(
        [[{"type": "AdaptiveCard", "body": [{"type": "TextBlock"}, {"type": "Image"},
           {"type": "TextBlock", "text": "${foo(1)}"}]}]], "{}") })
      assert.same({ nil, [[$['odd key'].items[0]: expected an expression, found '}' at position 9 of "a: ${a +}"]] },
        { expand([[{"odd key": {"items": ["a: ${a +}"]}}]], "{}") })
      assert.same({ nil, [[$.body[0].$data: unterminated binding '${' at position 1 of "${rows"]] },
        { expand([[{"body": [{"$data": "${rows", "x": 1}]}]], "{}") })
      assert.same({ nil, "$.body[0].$when: function 'not' takes 1 argument, got 0" },
        { expand([[{"body": [{"$when": "${not()}", "x": 1}]}]], "{}") })
    end)

    it("name the template's place inside a repeated element", function()
      assert.same({ nil, "$.items[0].t: division by zero" },
        { expand([[{"items": [{"$data": "${rows}", "t": "${10 / $data}"}]}]], [[{"rows": [5, 2, 0]}]]) })
    end)

    it("stop at nesting limits instead of overflowing the stack", function()
      local deep = {}
      local t = deep
      for _ = 1, 2000 do
        t.items = sdui.array { {} }
        t = t.items[1]
      end
      local out, err = template.expand(deep, {})
      assert.is_nil(out)
      assert.matches(": template nested deeper than 512 levels$", err)
      local cyclic = { name = "loop" }
      cyclic.self = cyclic
      out, err = template.expand({ v = "${$root}", w = "${$root.self.self.name}" }, cyclic)
      assert.is_nil(out)
      assert.equal("$.v: value nested deeper than 512 levels", err)
      out, err = template.expand({ t = "${" .. string.rep("(", 500) .. "1" .. string.rep(")", 500) .. "}" }, {})
      assert.matches("^%$%.t: expression nested deeper than 64 levels", err)
    end)

    it("never write globals", function()
      local before = {}
      for k in pairs(_G) do
        before[k] = true
      end
      template.expand(decode([[{"a": "${utcNow()} ${select(range(0, 3), x, x * 2)}", "b": "${foo(}"}]]), {})
      for k in pairs(_G) do
        assert.is_true(before[k], k)
      end
    end)
  end)

  describe("now", function()
    it("comes from options.now, a timestamp or milliseconds, and is the epoch without it", function()
      local card = [[{"t": "${utcNow()}", "d": "${formatDateTime(utcNow(), 'D')}", "n": "${getFutureTime(1, 'Day')}"}]]
      same([[{"t": "2018-04-15T13:00:00.000Z", "d": "Sunday, April 15, 2018", "n": "2018-04-16T13:00:00.000Z"}]],
        card, "{}", nil, { now = "2018-04-15T13:00:00Z" })
      same([[{"t": "2018-04-15T13:00:00.000Z", "d": "Sunday, April 15, 2018", "n": "2018-04-16T13:00:00.000Z"}]],
        card, "{}", nil, { now = 1523797200000 })
      same([[{"t": "1970-01-01T00:00:00.000Z", "d": "Thursday, January 1, 1970", "n": "1970-01-02T00:00:00.000Z"}]],
        card, "{}")
      assert.same({ nil, '$: options.now: "soon" is not a timestamp' }, { expand(card, "{}", nil, { now = "soon" }) })
    end)
  end)

  describe("in the script sandbox", function()
    local dir, e

    before_each(function()
      dir = support.tmpdir()
      support.mkdir(dir .. "/lib")
      support.copy_tree(support.root .. "/lua/packs/adaptivecards/lib", dir .. "/lib")
      support.write(dir .. "/cards.lua", [[
        local template = require "lib.template"
        local json = require "lib.json"
        return { components = {
          Templated = function(data)
            local card, err = template.expand(data.template, data.data, data.host, { now = "2018-04-15T13:00:00Z" })
            local view = { type = "text", text = err or json.encode(card) }
            return view
          end,
        } }
      ]])
    end)

    after_each(function()
      if e then
        e:close()
        e = nil
      end
      support.rmrf(dir)
    end)

    local function render(component_data)
      assert.is_true(e:load_page('{"components": [{"id": "c", "type": "Templated", "data": ' .. component_data .. "}]}"))
      return e:render().components[1].view
    end

    it("expands a card from the page's data, nulls and empty arrays kept", function()
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      local view = render([[{
        "template": {"type": "AdaptiveCard", "body": [
          {"type": "TextBlock", "$data": "${people}", "$when": "${$index < 2}", "text": "${$index}: ${name} ${$host.by}"},
          {"type": "TextBlock", "text": "${utcNow('D')}", "extra": null, "list": []}]},
        "data": {"people": [{"name": "Matt"}, {"name": "Lei"}, {"name": "Adam"}]},
        "host": {"by": "sdui"}}]])
      assert.equal("text", view.type)
      assert.equal('{"body":[{"text":"0: Matt sdui","type":"TextBlock"},{"text":"1: Lei sdui","type":"TextBlock"},'
        .. '{"extra":null,"list":[],"text":"Sunday, April 15, 2018","type":"TextBlock"}],"type":"AdaptiveCard"}',
        view.text)
    end)

    it("reports a bad template as its message", function()
      e = sdui.engine()
      assert.is_true(e:load_scripts(dir))
      assert.equal("$.body[0].text: unknown function 'foo'",
        render([[{"template": {"body": [{"text": "${foo()}"}]}, "data": {}}]]).text)
    end)

    it("stays within the instruction budget: a runaway expansion fails, the engine goes on", function()
      e = sdui.engine { script_instructions = 2000000 }
      assert.is_true(e:load_scripts(dir))
      local view = render([[{"template": {"a": [{"$data": "${range(0, 100000)}",
        "b": [{"$data": "${range(0, 100000)}", "t": "${$index}"}]}]}, "data": {}}]])
      assert.equal("error", view.type)
      assert.truthy(view.message:find("instruction budget", 1, true), view.message)
      assert.equal('"1: x"', render([[{"template": "${1}: ${x}", "data": {"x": "x"}}]]).text)
    end)
  end)
end)
