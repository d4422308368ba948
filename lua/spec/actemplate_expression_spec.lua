-- Adaptive Expressions for the Adaptive Cards templater
-- (lua/packs/adaptivecards/expression.lua and functions.lua), on their own.
-- Expected values are written as JSON; most cases are the examples of the
-- Adaptive Expressions documentation.
local expression = require "packs.adaptivecards.lib.expression"
local json = require "packs.adaptivecards.lib.json"
local values = require "packs.adaptivecards.lib.values"

local DATA = assert(json.decode([[{
  "name": "Matt", "price": "35", "n": 7, "half": 2.5, "flag": false, "nothing": null,
  "items": [{"x": 2}, {"x": 1}, {"x": 3}],
  "words": ["zero", "one", "two"],
  "e-mail": "m@contoso.com",
  "odd": {"a b": 1, "0": "zero key"},
  "nestedItems": [{"x": 2}, {"x": 1}, {"x": 3}],
  "user": {"name": "jack", "age": 20},
  "foo": {"bar": "value"},
  "message": "{\"type\":\"Deployment\",\"releaseName\":\"Release-104\"}"
}]]))

local function env(extra)
  local e = { data = DATA, root = DATA, host = { app = "sdui" }, now = 0 }
  for k, v in pairs(extra or {}) do
    e[k] = v
  end
  return e
end

-- The value of `text` as JSON text ("undefined" for nil); fails on an error.
local function value(text, scope)
  local ok, v = expression.run(text, scope or env())
  assert(ok, v)
  if v == nil then
    return "undefined"
  end
  return json.encode(v)
end

-- The message of the error `text` raises.
local function problem(text, scope)
  local ok, message = expression.run(text, scope or env())
  assert(not ok, "expected an error from " .. text)
  return message
end

local function check_all(cases)
  for _, case in ipairs(cases) do
    assert.equal(case[2], value(case[1]), case[1])
  end
end

describe("adaptivecards.expression", function()
  describe("literals and names", function()
    it("reads numbers, strings, booleans, null, arrays and objects", function()
      check_all {
        { "12", "12" }, { "1.5", "1.5" }, { ".3", "0.3" }, { "-4", "-4" },
        { "'single'", '"single"' }, { '"double"', '"double"' }, { [['it\'s']], [["it's"]] },
        { [["a\nb"]], [["a\nb"]] }, { [['\u00e9']], '"é"' },
        { "true", "true" }, { "false", "false" }, { "null", "null" },
        { "[1, 'a', null]", '[1,"a",null]' }, { "[]", "[]" }, { "{}", "{}" },
        { "{a: 1, 'b c': [2]}", '{"a":1,"b c":[2]}' },
      }
    end)

    it("reads properties of $data by name, path and indexer", function()
      check_all {
        { "name", '"Matt"' }, { "items[1].x", "1" }, { "items[2]['x']", "3" }, { "odd['a b']", "1" },
        { "odd[0]", '"zero key"' }, { "user.name", '"jack"' }, { "$data.user.age", "20" },
        { "words[0]", '"zero"' },
      }
    end)

    it("takes '-' inside a name, as in ${submitter.e-mail}", function()
      assert.equal('"m@contoso.com"', value("e-mail"))
      assert.equal("6", value("n - 1"))
    end)

    it("gives undefined, never an error, for a missing property at any depth", function()
      check_all {
        { "missing", "undefined" }, { "missing.deep.path[3].x", "undefined" }, { "items[9]", "undefined" },
        { "items[-1]", "undefined" }, { "name.first", "undefined" }, { "nothing.x", "undefined" },
        { "words.length", "undefined" }, { "$index", "undefined" },
      }
    end)

    it("reads the scopes $data, $root, $index and $host", function()
      local scope = env { data = { title = "item" }, index = 4 }
      assert.equal('"item"', value("title", scope))
      assert.equal('"item"', value("$data.title", scope))
      assert.equal('"Matt"', value("$root.name", scope))
      assert.equal("4", value("$index", scope))
      assert.equal('"sdui"', value("$host.app", scope))
    end)

    it("interpolates `template strings`", function()
      assert.equal('"Hello Matt, 14!"', value("`Hello ${name}, ${n * 2}!`"))
      assert.equal('"a ${not} b"', value([[`a \${not} b`]]))
      assert.equal('"[1,2] {} "', value("`${createArray(1, 2)} ${json('{}')} ${missing}`"))
    end)
  end)

  describe("operators", function()
    it("follows the usual precedence; ^ groups to the right, unary minus binds tightest", function()
      check_all {
        { "1 + 2 * 3", "7" }, { "(1 + 2) * 3", "9" }, { "2 ^ 3 ^ 2", "512" }, { "-2 ^ 2", "4" },
        { "10 - 2 - 3", "5" }, { "1 + 2 > 2 && 1 < 2", "true" }, { "!true || true", "true" },
        { "1 < 2 == true", "true" },
      }
    end)

    it("does arithmetic like add, sub, mul, div, mod and exp", function()
      check_all {
        { "n + 1", "8" }, { "n - 10", "-3" }, { "n * half", "17.5" }, { "n / 2", "3" }, { "-7 / 2", "-3" },
        { "n / 2.0", "3.5" }, { "n % 4", "3" }, { "-7 % 3", "-1" }, { "2 ^ 10", "1024" }, { "2 ^ -1", "0.5" },
        { "+n", "7" }, { "-half", "-2.5" }, { "9007199254740993 * 1", "9007199254740993" },
      }
    end)

    it("joins text with + when either side is a string, and always with &", function()
      check_all {
        { "'foo' + ' bar'", '"foo bar"' }, { "'foo' + 3", '"foo3"' }, { "'foo' + (3 + 3)", '"foo6"' },
        { "1 & 2", '"12"' }, { "'a' & null & true", '"atrue"' }, { "'x' + missing", '"x"' },
      }
    end)

    it("gives undefined for arithmetic on null or undefined", function()
      check_all { { "missing + 1", "undefined" }, { "nothing * 2", "undefined" }, { "-missing", "undefined" } }
    end)

    it("compares numbers, strings, and a number with a numeric string", function()
      check_all {
        { "price > 30", "true" }, { "price <= 30", "false" }, { "'apple' < 'banana'", "true" },
        { "2 >= 2", "true" }, { "missing > 1", "false" }, { "missing < 1", "false" },
      }
    end)

    it("tests equality deeply; null equals undefined", function()
      check_all {
        { "1 == 1.0", "true" }, { "'a' == 'a'", "true" }, { "'1' == 1", "false" }, { "items == items", "true" },
        { "createArray(1, {a: 2}) == [1, {a: 2}]", "true" }, { "nothing == null", "true" },
        { "missing == null", "true" }, { "n != 7", "false" },
      }
    end)

    it("treats false, null and undefined as false in conditions, everything else as true", function()
      check_all {
        { "!flag", "true" }, { "!nothing", "true" }, { "!missing", "true" }, { "!0", "false" }, { "!''", "false" },
        { "flag || 0", "true" }, { "n && name", "true" }, { "missing && undefinedFunctionIsNotCalled", "false" },
      }
    end)
  end)

  describe("prebuilt functions", function()
    it("string functions", function()
      check_all {
        { "length('hello')", "5" }, { "length('héllo')", "5" }, { "length(missing)", "0" },
        { "replace('the old string', 'old', 'new')", '"the new string"' },
        { "replaceIgnoreCase('the OLD string', 'old', 'new')", '"the new string"' },
        { "split('a**b**c', '**')", '["a","b","c"]' }, { "split('hello', '')", '["h","e","l","l","o"]' },
        { "split('', 'e')", '[""]' }, { "split('', '')", "[]" }, { "split('hello')", '["h","e","l","l","o"]' },
        { "substring('hello world', 6, 5)", '"world"' }, { "substring('hello', 1)", '"ello"' },
        { "toLower('Hello World')", '"hello world"' }, { "toUpper('Hello World')", '"HELLO WORLD"' },
        { "trim(' Hello World  ')", '"Hello World"' },
        { "addOrdinal(11)", '"11th"' }, { "addOrdinal(12)", '"12th"' }, { "addOrdinal(13)", '"13th"' },
        { "addOrdinal(21)", '"21st"' }, { "addOrdinal(22)", '"22nd"' }, { "addOrdinal(23)", '"23rd"' },
        { "endsWith('hello world', 'world')", "true" }, { "endsWith('hello world', 'universe')", "false" },
        { "startsWith('hello world', 'hello')", "true" }, { "startsWith('hello world', 'greeting')", "false" },
        { "startsWith('Hello', 'hE')", "true" },
        { "countWord('hello word')", "2" }, { "concat('Hello', 'World')", '"HelloWorld"' },
        { "concat('a', 'b', 1, 2)", '"ab12"' }, { "concat('a', 1, null)", '"a1"' },
        { "concat([1,2],[3,4])", "[1,2,3,4]" }, { "concat([1,2], null)", "[1,2]" },
        { "indexOf('hello world', 'world')", "6" }, { "indexOf(createArray('abc', 'def', 'ghi'), 'def')", "1" },
        { "indexOf('abc', 'z')", "-1" },
        { "lastIndexOf('hello world', 'world')", "6" },
        { "lastIndexOf(createArray('abc', 'def', 'ghi', 'def'), 'def')", "3" },
        { "sentenceCase('aBC dEF')", '"Abc def"' }, { "titleCase('aBC dEF')", '"Abc Def"' },
        { "reverse('hello')", '"olleh"' }, { "reverse(createArray(1, 2))", "[2,1]" }, { "EOL()", '"\\n"' },
      }
    end)

    it("collection functions", function()
      check_all {
        { "contains('hello world', 'world')", "true" }, { "contains('hello world', 'universe')", "false" },
        { "contains(createArray('1','2'), '1')", "true" }, { "contains(json(\"{'foo':'bar'}\"), 'foo')", "true" },
        { "first('hello')", '"h"' }, { "first(createArray(0, 1, 2))", "0" }, { "first(createArray())", "undefined" },
        { "last('abcd')", '"d"' }, { "last(createArray(0, 1, 2, 3))", "3" },
        { "join(createArray('a', 'b', 'c'), '.')", '"a.b.c"' }, { "join(words, ', ', ' and ')", '"zero, one and two"' },
        { "count('abcd')", "4" }, { "count(createArray(0, 1, 2, 3))", "4" },
        { "foreach(createArray(0, 1, 2, 3), x, x + 1)", "[1,2,3,4]" },
        { "select(createArray(0, 1, 2, 3), x, x + 1)", "[1,2,3,4]" },
        { "select(json(\"{'name': 'jack', 'age': '15'}\"), x=> concat(x.key, ':', x.value))", '["age:15","name:jack"]' },
        { "where(createArray(0, 1, 2, 3), x, x > 1)", "[2,3]" },
        { "where(json(\"{'name': 'jack', 'age': '15'}\"), x=> x.value == 'jack')", '{"name":"jack"}' },
        { "select(items, i, i.x * n)", "[14,7,21]" },
        { "union(createArray(1, 2, 3), createArray(1, 2, 10, 101))", "[1,2,3,10,101]" },
        { "intersection(createArray(1, 2, 3), createArray(101, 2, 1, 10), createArray(6, 8, 1, 2))", "[1,2]" },
        { "skip(createArray(0, 1, 2, 3), 1)", "[1,2,3]" }, { "take('abcde', 3)", '"abc"' },
        { "take(createArray(0, 1, 2, 3, 4), 3)", "[0,1,2]" },
        { "subArray(createArray('H','e','l','l','o'), 2, 5)", '["l","l","o"]' },
        { "sortBy(createArray(1, 2, 0, 3))", "[0,1,2,3]" }, { "sortBy(nestedItems, 'x')", '[{"x":1},{"x":2},{"x":3}]' },
        { "sortByDescending(createArray(1, 2, 0, 3))", "[3,2,1,0]" },
        { "sortByDescending(nestedItems, 'x')", '[{"x":3},{"x":2},{"x":1}]' },
        { "indicesAndValues(words)", '[{"index":0,"value":"zero"},{"index":1,"value":"one"},{"index":2,"value":"two"}]' },
        { "where(indicesAndValues(words), elt, elt.index >= 1)", '[{"index":1,"value":"one"},{"index":2,"value":"two"}]' },
        { "join(foreach(indicesAndValues(words), item, item.value), ',')", '"zero,one,two"' },
        { "indicesAndValues(user)", '[{"index":"age","value":20},{"index":"name","value":"jack"}]' },
        { "flatten(createArray(1, createArray(2), createArray(createArray(3, 4), createArray(5, 6))))", "[1,2,3,4,5,6]" },
        { "flatten(createArray(1, createArray(2), createArray(createArray(3, 4), createArray(5, 6))), 1)",
          "[1,2,[3,4],[5,6]]" },
        { "unique(createArray(1, 2, 1))", "[1,2]" },
        { "any(createArray(1, 'cool'), item, isInteger(item))", "true" },
        { "any(createArray('first', 'cool'), item => isInteger(item))", "false" },
        { "all(createArray(1, 'cool'), item, isInteger(item))", "false" },
        { "all(createArray(1, 2), item => isInteger(item))", "true" },
        { "merge(json(\"{'a': 1, 'r': [1]}\"), json(\"{'r': [2], 'b': 2}\"))", '{"a":1,"b":2,"r":[2]}' },
        { "merge({k1:'v1'}, [{k2:'v2'}, {k3: 'v3'}], {k4:'v4'})", '{"k1":"v1","k2":"v2","k3":"v3","k4":"v4"}' },
      }
    end)

    it("keeps the iterator name to the body and reads the rest from $data", function()
      check_all {
        { "select(words, w, concat(w, '/', name))", '["zero/Matt","one/Matt","two/Matt"]' },
        { "select(createArray(1, 2), name, name * 10)", "[10,20]" },
        { "select(createArray(1, 2), a, select(createArray(10), b, a + b))", "[[11],[12]]" },
      }
    end)

    it("logical comparison functions", function()
      check_all {
        { "and(true, true)", "true" }, { "and(false, true)", "false" }, { "and(equals(1, 1), equals(2, 2))", "true" },
        { "or(true, false)", "true" }, { "or(equals(1, 2), equals(1, 3))", "false" },
        { "not(false)", "true" }, { "not(equals(1, 1))", "false" },
        { "equals(true, 1)", "true" }, { "equals('abc', 'abcd')", "false" },
        { "greater(10, 5)", "true" }, { "greater('apple', 'banana')", "false" },
        { "greaterOrEquals(5, 5)", "true" }, { "less(5, 10)", "true" }, { "less('banana', 'apple')", "false" },
        { "lessOrEquals(10, 10)", "true" }, { "lessOrEquals('apply', 'apple')", "false" },
        { "if(equals(1, 1), 'yes', 'no')", '"yes"' }, { "if(missing, 1, undefinedName)", "undefined" },
        { "empty('')", "true" }, { "empty('abc')", "false" }, { "empty([1])", "false" }, { "empty(null)", "true" },
        { "empty({})", "true" }, { "exists(foo.bar)", "true" }, { "exists(foo.bar2)", "false" },
        { "exists(nothing)", "false" }, { "exists(flag)", "true" },
      }
    end)

    it("evaluates only the branch if() takes", function()
      assert.equal('"ok"', value("if(true, 'ok', 1 / 0)"))
      assert.equal("false", value("and(false, 1 / 0)"))
    end)

    it("conversion functions", function()
      check_all {
        { "float('10.333')", "10.333" }, { "int('10')", "10" }, { "int(10.7)", "10" }, { "int('-3.9')", "-3" },
        { "string(10)", '"10"' }, { "string(json('{\"name\": \"Sophie Owen\"}'))", [["{\"name\":\"Sophie Owen\"}"]] },
        { "string(missing)", '""' }, { "bool(1)", "true" }, { "bool(0)", "false" }, { "bool('false')", "false" },
        { "createArray('h', 'e', 'l', 'l', 'o')", '["h","e","l","l","o"]' }, { "createArray()", "[]" },
        { "json('{\"fullName\": \"Sophia Owen\"}')", '{"fullName":"Sophia Owen"}' },
        { "json(message).releaseName", '"Release-104"' },
        { "jsonStringify(null)", '"null"' }, { "jsonStringify({a:'b'})", [["{\"a\":\"b\"}"]] },
        { "formatNumber(10.333, 2)", '"10.33"' }, { "formatNumber(12.123, 2, 'en-US')", '"12.12"' },
        { "formatNumber(1.551, 2, 'en-US')", '"1.55"' }, { "formatNumber(12.123, 4, 'en-US')", '"12.1230"' },
        { "formatNumber(1234567.891, 1)", '"1,234,567.9"' }, { "formatNumber(-0.001, 2)", '"0.00"' },
        { "base64('hello')", '"aGVsbG8="' }, { "base64ToString('aGVsbG8=')", '"hello"' },
        { "base64ToBinary('AwUBDA==')", "[3,5,1,12]" }, { "binary('hello')", "[104,101,108,108,111]" },
        { "dataUri('hello')", '"data:text/plain;charset=utf-8;base64,aGVsbG8="' },
        { "dataUriToString('data:text/plain;charset=utf-8;base64,aGVsbG8=')", '"hello"' },
        { "uriComponent('https://contoso.com')", '"https%3A%2F%2Fcontoso.com"' },
        { "uriComponentToString('http%3A%2F%2Fcontoso.com')", '"http://contoso.com"' },
        { "stringOrValue('${n}')", "7" }, { "stringOrValue('${n} items')", '"7 items"' },
      }
    end)

    it("math functions", function()
      check_all {
        { "abs(-3.12134)", "3.12134" }, { "add(1, 1.5)", "2.5" }, { "add('hello', null)", '"hello"' },
        { "add('hello', 'world')", '"helloworld"' }, { "div(10, 5)", "2" }, { "div(11, 5)", "2" },
        { "div(11.2, 2)", "5.6" }, { "max(1, 2, 3)", "3" }, { "max(createArray(1, 2, 3))", "3" },
        { "min(1, 2, 3)", "1" }, { "min(createArray(1, 2, 3))", "1" }, { "mod(3, 2)", "1" },
        { "mul(1, 2)", "2" }, { "mul(1.5, 2)", "3" }, { "sqrt(9)", "3" }, { "sqrt(0)", "0" },
        { "sub(10.3, .3)", "10" }, { "sum(createArray(1, 1.5))", "2.5" }, { "range(1, 4)", "[1,2,3,4]" },
        { "exp(2, 2)", "4" }, { "average(createArray(1,2,3))", "2" }, { "floor(10.333)", "10" },
        { "ceiling(10.333)", "11" }, { "round(10.333)", "10" }, { "round(10.3313, 2)", "10.33" },
        { "round(2.5)", "3" }, { "round(-2.5)", "-3" }, { "max(createArray())", "undefined" },
      }
    end)

    it("date and time functions, in UTC", function()
      check_all {
        { "addDays('2018-03-15T13:00:00.000Z', 10)", '"2018-03-25T13:00:00.000Z"' },
        { "addDays('2018-03-15T00:00:00.000Z', -5)", '"2018-03-10T00:00:00.000Z"' },
        { "addHours('2018-03-15T00:00:00.000Z', 10)", '"2018-03-15T10:00:00.000Z"' },
        { "addHours('2018-03-15T15:00:00.000Z', -5)", '"2018-03-15T10:00:00.000Z"' },
        { "addMinutes('2018-03-15T00:10:00.000Z', 10)", '"2018-03-15T00:20:00.000Z"' },
        { "addSeconds('2018-03-15T00:00:30.000Z', -5)", '"2018-03-15T00:00:25.000Z"' },
        { "addToTime('2018-01-01T00:00:00.000Z', 1, 'Day')", '"2018-01-02T00:00:00.000Z"' },
        { "addToTime('2018-01-01T00:00:00.000Z', 2, 'Week', 'MM-DD-YY')", '"01-15-18"' },
        { "addToTime('2020-01-31T10:00:00.000Z', 1, 'Month')", '"2020-02-29T10:00:00.000Z"' },
        { "subtractFromTime('2018-01-02T00:00.000Z', 1, 'Day')", '"2018-01-01T00:00:00.000Z"' },
        { "subtractFromTime('2018-01-02T00:00.000Z', 1, 'Day', 'D')", '"Monday, January 1, 2018"' },
        { "dayOfMonth('2018-03-15T13:27:36Z')", "15" }, { "dayOfWeek('2018-03-15T13:27:36Z')", "4" },
        { "dayOfYear('2018-03-15T13:27:36Z')", "74" }, { "month('2018-03-15T13:01:00.000Z')", "3" },
        { "year('2018-03-15T00:00:00.000Z')", "2018" }, { "date('2018-03-15T13:00:00.000Z')", '"3/15/2018"' },
        { "formatDateTime('03/15/2018 12:00:00', 'yyyy-MM-ddTHH:mm:ss')", '"2018-03-15T12:00:00"' },
        { "formatDateTime('2018-03-15T13:05:09.004Z', 'dddd d MMM yy, h:mm:ss.fff tt')",
          '"Thursday 15 Mar 18, 1:05:09.004 PM"' },
        { "formatDateTime('2018-03-15T13:00:00+02:00')", '"2018-03-15T11:00:00.000Z"' },
        { "formatEpoch(1521118800)", '"2018-03-15T13:00:00.000Z"' },
        { "formatTicks(637243624200000000, 'yyyy-MM-ddTHH:mm:ss.fffZ')", '"2020-05-06T11:47:00.000Z"' },
        { "startOfDay('2018-03-15T13:30:30.000Z')", '"2018-03-15T00:00:00.000Z"' },
        { "startOfHour('2018-03-15T13:30:30.000Z')", '"2018-03-15T13:00:00.000Z"' },
        { "startOfMonth('2018-03-15T13:30:30.000Z')", '"2018-03-01T00:00:00.000Z"' },
        { "ticks('2018-01-01T08:00:00.000Z')", "636503904000000000" },
        { "ticksToDays(2193385800000000)", "2538.6409722222224" },
        { "dateTimeDiff('2019-01-01T08:00:00.000Z','2018-01-01T08:00:00.000Z')", "315360000000000" },
        { "getTimeOfDay('2018-03-15T08:00:00.000Z')", '"morning"' },
        { "getTimeOfDay('2018-03-15T00:00:00.000Z')", '"midnight"' },
        { "getTimeOfDay('2018-03-15T23:00:00.000Z')", '"night"' },
        { "isDateTime('2019-03-01T00:00:00.000Z')", "true" }, { "isDateTime('hello world!')", "false" },
      }
    end)

    it("takes now from the scope: utcNow, getFutureTime, getPastTime", function()
      local at = env { now = 1523797200000 } -- 2018-04-15T13:00:00.000Z
      assert.equal('"2018-04-15T13:00:00.000Z"', value("utcNow()", at))
      assert.equal('"Sunday, April 15, 2018"', value("utcNow('D')", at))
      assert.equal('"2018-04-29T13:00:00.000Z"', value("getFutureTime(2, 'Week')", at))
      assert.equal('"04-10-18"', value("getPastTime(5, 'Day', 'MM-DD-YY')", at))
      assert.equal('"1970-01-01T00:00:00.000Z"', value("utcNow()"))
    end)

    it("URI parsing functions", function()
      check_all {
        { "uriHost('https://www.localhost.com:8080')", '"www.localhost.com"' },
        { "uriPath('http://www.contoso.com/catalog/shownew.htm?date=today')", '"/catalog/shownew.htm"' },
        { "uriPathAndQuery('http://www.contoso.com/catalog/shownew.htm?date=today')",
          '"/catalog/shownew.htm?date=today"' },
        { "uriPort('http://www.localhost:8080')", "8080" }, { "uriPort('https://contoso.com')", "443" },
        { "uriQuery('http://www.contoso.com/catalog/shownew.htm?date=today')", '"?date=today"' },
        { "uriScheme('http://www.contoso.com/catalog/shownew.htm?date=today')", '"http"' },
      }
    end)

    it("object and type functions", function()
      check_all {
        { "addProperty(user, 'id', 1)", '{"age":20,"id":1,"name":"jack"}' },
        { "setProperty(user, 'age', 21)", '{"age":21,"name":"jack"}' },
        { "removeProperty(user, 'age')", '{"name":"jack"}' },
        { "getProperty(json('{\"a:b\": \"a:b value\"}'), 'a:b')", '"a:b value"' }, { "getProperty('name')", '"Matt"' },
        { "coalesce(null, true, false)", "true" }, { "coalesce(null, 'hello', 'world')", '"hello"' },
        { "coalesce(null, null, null)", "null" }, { "coalesce(missing, '')", '""' },
        { "isInteger('hello world!')", "false" }, { "isInteger(1.0)", "true" }, { "isInteger(12)", "true" },
        { "isFloat(1.0)", "false" }, { "isFloat(12.01)", "true" }, { "isBoolean(32 > 16)", "true" },
        { "isArray(createArray('hello', 'world'))", "true" }, { "isArray('hello')", "false" },
        { "isObject({userName: 'Sam'})", "true" }, { "isObject('hello world!')", "false" },
        { "isString('hello world!')", "true" }, { "isString(3.14)", "false" },
      }
    end)

    it("does not change its inputs", function()
      local before = json.encode(DATA)
      value("setProperty(user, 'age', 99)")
      value("removeProperty(user, 'name')")
      value("sortBy(nestedItems, 'x')")
      value("reverse(words)")
      assert.equal(before, json.encode(DATA))
    end)

    it("passes null and undefined arguments through as undefined", function()
      check_all {
        { "toUpper(missing)", '""' }, { "addDays(missing, 1)", "undefined" }, { "round(missing)", "undefined" },
        { "join(missing, ',')", "undefined" }, { "select(missing, x, x)", "undefined" },
        { "count(nothing)", "undefined" }, { "formatNumber(missing, 2)", "undefined" },
      }
    end)

    it("marks the arrays it makes as arrays, empty ones too", function()
      for _, text in ipairs { "createArray()", "split('', '')", "where(items, i, false)", "[]", "json('[]')" } do
        local ok, v = expression.run(text, env())
        assert.is_true(ok)
        assert.equal("sdui.array", getmetatable(v).__name, text)
        assert.is_true(values.is_array(v))
      end
    end)
  end)

  describe("errors", function()
    it("names an unknown or unsupported function", function()
      assert.equal("unknown function 'foo'", problem("foo(1)"))
      assert.equal("function 'rand' is not supported", problem("rand(1, 5)"))
      -- the functions module's own helpers and fields are not functions a template may call
      for _, name in ipairs{ "max_range", "add_numbers", "truthy", "text", "unsupported", "prebuilt" } do
        assert.equal("unknown function '" .. name .. "'", problem(name .. "(1)"))
      end
    end)

    it("checks argument counts when parsing", function()
      assert.equal("function 'substring' takes 2 to 3 arguments, got 1", problem("substring('a')"))
      assert.equal("function 'not' takes 1 argument, got 2", problem("not(true, false)"))
      assert.equal("function 'add' takes at least 2 arguments, got 1", problem("add(1)"))
      assert.equal("function 'select' takes (collection, name, expression) or (collection, name => expression)",
        problem("select(items, 1)"))
      assert.equal("function 'join' takes no lambda (x => ...): only select, foreach, where, any and all do",
        problem("join(x => x, ',')"))
    end)

    it("reports syntax errors with their position", function()
      assert.equal([[expected an expression, found the end at position 4 of "a +"]], problem("a +"))
      assert.equal([[unterminated string at position 1 of "'abc"]], problem("'abc"))
      assert.equal([[unexpected ')' at position 3 of "1 )"]], problem("1 )"))
      assert.equal([[unexpected '=' at position 3 of "a = 1"]], problem("a = 1"))
      assert.equal([[expected ']', found the end at position 5 of "a[0 "]], problem("a[0 "))
    end)

    it("reports type errors and division by zero", function()
      assert.equal("operator * needs numbers, got number and string", problem("1 * 'x'"))
      assert.equal("division by zero", problem("div(1, 0)"))
      assert.equal("division by zero", problem("5 % 0"))
      assert.equal('substring: argument 2 must be an integer, got "x"', problem("substring('abc', 'x')"))
      assert.equal("substring: start index 9 is out of range for a string of 3 characters", problem("substring('abc', 9)"))
      assert.equal('cannot compare "abc" with 1', problem("'abc' > 1"))
      assert.equal('int: "ten" is not a number', problem("int('ten')"))
      assert.equal('addDays: "soon" is not a valid timestamp', problem("addDays('soon', 1)"))
      assert.equal("json: \"{\" is not JSON (json: expected a string key at offset 1)", problem("json('{')"))
      assert.equal("range: count 1000001 is out of range (0 to 100000)", problem("range(0, 1000001)"))
    end)

    it("limits nesting instead of overflowing the stack", function()
      local deep = string.rep("(", 1000) .. "1" .. string.rep(")", 1000)
      assert.matches("^expression nested deeper than 64 levels", problem(deep))
      assert.matches("^expression nested deeper than 64 levels", problem(string.rep("!", 1000) .. "true"))
      assert.matches("^expression nested deeper than 64 levels", problem(string.rep("[", 1000)))
      assert.matches("^expression nested deeper than 64 levels", problem(string.rep("2^", 1000) .. "1"))
      assert.matches("%(json: nested deeper than 512 levels at offset 512%)$",
        problem("json('" .. string.rep("[", 600) .. "')"))
    end)

    it("evaluates long operator chains without recursion", function()
      assert.equal("5000", value(string.rep("1 + ", 4999) .. "1"))
      assert.equal('"' .. string.rep("x", 3000) .. '"', value(string.rep("'x' & ", 2999) .. "'x'"))
      assert.equal("true", value(string.rep("true && ", 3000) .. "true"))
      assert.equal("undefined", value("a" .. string.rep(".b", 5000)))
    end)
  end)
end)
