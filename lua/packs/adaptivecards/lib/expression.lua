--[[
adaptivecards.expression -- Adaptive Expressions: the language inside the
${...} bindings of an Adaptive Card template. Parses expression text into a
tree once, evaluates the tree as often as needed.

  literals     12  1.5  .5  'text'  "text"  `Hello ${name}`  true  false  null
               [1, 2]  {name: 'x', 'odd key': 2}
  names        name  a.b.c  a['x y']  items[0].title  $data  $root  $index  $host
               (names may hold '-': e-mail is one name; write a - b to subtract)
  operators    ! - + (unary)   ^   * / %   + -   &   < <= > >=   == !=   &&   ||
               (tightest first; ^ groups to the right)
  functions    name(arg, ...), the prebuilt functions of adaptivecards.functions;
               select/foreach/where/any/all take (collection, x, body) or
               (collection, x => body)

A name looks first at the iterator names of the select/where... bodies
around it, then at $data, $root, $index and $host, then at a property of
$data. A property that is not there is undefined (nil), never an error,
however deep the path ("graceful null handling"). + adds numbers and joins
text when either side is a string; & always joins text; / of two integers
is their integer quotient, as div(). Conditions treat false, null and
undefined as false and everything else as true.

Errors (syntax, unknown functions, wrong argument counts and types) are
raised as adaptivecards.values errors: error(e, 0) with e.message.
]]

local prefix = (...) and (...):match("^(.-)[^.]*$") or ""
local values = require(prefix .. "values")
local functions = require(prefix .. "functions")

local expression = {}

local type, setmetatable, tonumber, tostring, pcall, error = type, setmetatable, tonumber, tostring, pcall, error
local byte, sub, find, format = string.byte, string.sub, string.find, string.format
local concat = table.concat
local tointeger = math.tointeger
local utf8char = utf8.char

local fail, is_nullish, is_array, is_object = values.fail, values.is_nullish, values.is_array, values.is_object
local NULL, array, number_text = values.null, values.array, values.number_text
local truthy, same, order, plus = functions.truthy, functions.same, functions.order, functions.plus

--- How deeply an expression may nest (parentheses, calls, operators, literals).
expression.max_depth = 64

---------------------------------------------------------------------------
-- Messages.

local function shown(src)
  if #src > 80 then
    src = sub(src, 1, 77) .. "..."
  end
  return '"' .. src .. '"'
end

-- Parser state P: src (the whole text), pos (next byte to read), t (the
-- token's type: "num", "str", "tpl", "id", "eof" or the operator itself),
-- v (its value), at (where it starts), depth.
local function syntax_error(P, what, at)
  fail("%s at position %d of %s", what, at or P.at, shown(P.src))
end

local function token_name(P)
  if P.t == "eof" then
    return "the end"
  elseif P.t == "id" then
    return "'" .. P.v .. "'"
  elseif P.t == "num" or P.t == "str" or P.t == "tpl" then
    return "'" .. sub(P.src, P.at, P.pos - 1) .. "'"
  end
  return "'" .. P.t .. "'"
end

---------------------------------------------------------------------------
-- Tokens.

local TWO = { ["&&"] = true, ["||"] = true, ["=="] = true, ["!="] = true, ["<="] = true, [">="] = true,
              ["=>"] = true }
local ONE = { ["("] = true, [")"] = true, ["["] = true, ["]"] = true, ["{"] = true, ["}"] = true,
              [","] = true, ["."] = true, [":"] = true, ["!"] = true, ["+"] = true, ["-"] = true,
              ["*"] = true, ["/"] = true, ["%"] = true, ["^"] = true, ["&"] = true, ["<"] = true,
              [">"] = true }
local UNESCAPE = { n = "\n", r = "\r", t = "\t", b = "\b", f = "\f", ["\\"] = "\\", ["'"] = "'", ['"'] = '"',
                   ["`"] = "`", ["$"] = "$", ["{"] = "{", ["}"] = "}", ["/"] = "/" }

local parse_binding

-- The escape at src[k] (a backslash): its text and the position after it.
local function escape(P, k)
  local s = P.src
  local e = sub(s, k + 1, k + 1)
  if e == "u" and find(s, "^%x%x%x%x", k + 2) then
    return utf8char(tonumber(sub(s, k + 2, k + 5), 16)), k + 6
  elseif UNESCAPE[e] then
    return UNESCAPE[e], k + 2
  elseif e == "" then
    syntax_error(P, "unterminated string", k)
  end
  return "\\" .. e, k + 2
end

-- A string literal opening at i with quote byte q: its text and the position after it.
local function read_string(P, i, q)
  local s, j, parts, n = P.src, i + 1, {}, 0
  local stop = q == 39 and "['\\]" or '["\\]'
  while true do
    local k = find(s, stop, j)
    if not k then
      syntax_error(P, "unterminated string", i)
    end
    n = n + 1
    parts[n] = sub(s, j, k - 1)
    if byte(s, k) == q then
      return concat(parts), k + 1
    end
    n = n + 1
    parts[n], j = escape(P, k)
  end
end

-- A `template` opening at i: its parts (strings and binding nodes) and the position after it.
local function read_template(P, i)
  local s, j, parts, n, text = P.src, i + 1, {}, 0, {}
  while true do
    local k = find(s, "[`\\%$]", j)
    if not k then
      syntax_error(P, "unterminated template string", i)
    end
    text[#text + 1] = sub(s, j, k - 1)
    local c = byte(s, k)
    if c == 96 then
      n = n + 1
      parts[n] = concat(text)
      return parts, k + 1, n
    elseif c == 92 then
      text[#text + 1], j = escape(P, k)
    elseif byte(s, k + 1) == 123 then -- ${
      n = n + 1
      parts[n] = concat(text)
      text = {}
      local node, close = parse_binding(s, k + 2, P.depth + 1)
      n = n + 1
      parts[n] = node
      j = close + 1
    else
      text[#text + 1] = "$"
      j = k + 1
    end
  end
end

local function next_token(P)
  local s = P.src
  local i = find(s, "[^ \t\r\n]", P.pos) or #s + 1
  P.at = i
  if i > #s then
    P.t, P.pos = "eof", i
    return
  end
  local a, b = find(s, "^%d+%.%d+", i)
  if not a then
    a, b = find(s, "^%d+", i)
    if not a then
      a, b = find(s, "^%.%d+", i)
    end
  end
  if a then
    local text = sub(s, a, b)
    local v = tonumber(text)
    if not find(text, ".", 1, true) then
      v = tointeger(v) or v
    end
    P.t, P.v, P.pos = "num", v, b + 1
    return
  end
  a, b = find(s, "^[%a_@#%$\128-\255][%w_%-\128-\255]*", i)
  if a then
    P.t, P.v, P.pos = "id", sub(s, a, b), b + 1
    return
  end
  local c = byte(s, i)
  if c == 39 or c == 34 then
    P.t = "str"
    P.v, P.pos = read_string(P, i, c)
    return
  elseif c == 96 then
    P.t = "tpl"
    P.v, P.pos, P.n = read_template(P, i)
    return
  end
  local two = sub(s, i, i + 1)
  if TWO[two] then
    P.t, P.pos = two, i + 2
    return
  end
  local one = sub(s, i, i)
  if ONE[one] then
    P.t, P.pos = one, i + 1
    return
  end
  syntax_error(P, "unexpected '" .. one .. "'")
end

---------------------------------------------------------------------------
-- Parsing. Nodes are tables with a kind `k`:
--   lit {v}  id {name}  path {base, steps (name= or expr=), n}  unary {op, e}
--   chain {items, ops, n} (left to right, one precedence level)  and/or {items, n}
--   pow {l, r}  array {items, n}  object {keys, vals, n}  tpl {parts, n}
--   call {fn, args, n} (iterator calls: {fn, coll, name, body})  lambda {name, body}

-- Functions the expression module adds itself, then the prebuilt ones.
local FUNCTIONS = setmetatable({}, { __index = functions.prebuilt })

local function enter(P)
  P.depth = P.depth + 1
  if P.depth > expression.max_depth then
    fail("expression nested deeper than %d levels at position %d of %s", expression.max_depth, P.at, shown(P.src))
  end
end

local function expect(P, t)
  if P.t ~= t then
    syntax_error(P, format("expected '%s', found %s", t, token_name(P)))
  end
  next_token(P)
end

-- Binary operators: their precedence level (1 loosest .. 8 tightest).
local LEVEL = { ["||"] = 1, ["&&"] = 2, ["=="] = 3, ["!="] = 3, ["<"] = 4, ["<="] = 4, [">"] = 4, [">="] = 4,
                ["&"] = 5, ["+"] = 6, ["-"] = 6, ["*"] = 7, ["/"] = 7, ["%"] = 7, ["^"] = 8 }
local TIGHTEST = 8

local parse_expr, parse_unary

local ITERATOR_USAGE = "(collection, name, expression) or (collection, name => expression)"

local function parse_call(P, name, at)
  local spec = FUNCTIONS[name]
  if not spec then
    if functions.unsupported[name] then
      fail("function '%s' is not supported", name)
    end
    fail("unknown function '%s'", name)
  end
  next_token(P) -- (
  local args, n = {}, 0
  if P.t ~= ")" then
    while true do
      n = n + 1
      if P.t == "id" and find(P.src, "^%s*=>", P.pos) then
        local param = P.v
        next_token(P)
        next_token(P)
        args[n] = { k = "lambda", name = param, body = parse_expr(P) }
      else
        args[n] = parse_expr(P)
      end
      if P.t ~= "," then
        break
      end
      next_token(P)
    end
  end
  expect(P, ")")
  if spec.kind == "iterator" then
    if n == 2 and args[2].k == "lambda" then
      return { k = "call", fn = spec, coll = args[1], name = args[2].name, body = args[2].body }
    elseif n == 3 and args[2].k == "id" and args[3].k ~= "lambda" then
      return { k = "call", fn = spec, coll = args[1], name = args[2].name, body = args[3] }
    end
    fail("function '%s' takes %s", name, ITERATOR_USAGE)
  end
  for i = 1, n do
    if args[i].k == "lambda" then
      fail("function '%s' takes no lambda (x => ...): only select, foreach, where, any and all do", name)
    end
  end
  if n < spec.min or (spec.max and n > spec.max) then
    local want = spec.max == spec.min and tostring(spec.min)
      or spec.max and format("%d to %d", spec.min, spec.max) or format("at least %d", spec.min)
    fail("function '%s' takes %s argument%s, got %d", name, want, want == "1" and "" or "s", n)
  end
  return { k = "call", fn = spec, args = args, n = n, at = at }
end

local function parse_primary(P)
  local t, v = P.t, P.v
  if t == "num" or t == "str" then
    next_token(P)
    return { k = "lit", v = v }
  elseif t == "tpl" then
    local n = P.n
    next_token(P)
    return { k = "tpl", parts = v, n = n }
  elseif t == "id" then
    local at = P.at
    next_token(P)
    if P.t == "(" then
      return parse_call(P, v, at)
    elseif v == "true" then
      return { k = "lit", v = true }
    elseif v == "false" then
      return { k = "lit", v = false }
    elseif v == "null" then
      return { k = "lit", v = NULL }
    end
    return { k = "id", name = v }
  elseif t == "(" then
    next_token(P)
    local e = parse_expr(P)
    expect(P, ")")
    return e
  elseif t == "[" then
    next_token(P)
    local items, n = {}, 0
    if P.t ~= "]" then
      while true do
        n = n + 1
        items[n] = parse_expr(P)
        if P.t ~= "," then
          break
        end
        next_token(P)
      end
    end
    expect(P, "]")
    return { k = "array", items = items, n = n }
  elseif t == "{" then
    next_token(P)
    local keys, vals, n = {}, {}, 0
    if P.t ~= "}" then
      while true do
        if P.t ~= "id" and P.t ~= "str" then
          syntax_error(P, "expected a property name, found " .. token_name(P))
        end
        n = n + 1
        keys[n] = P.v
        next_token(P)
        expect(P, ":")
        vals[n] = parse_expr(P)
        if P.t ~= "," then
          break
        end
        next_token(P)
      end
    end
    expect(P, "}")
    return { k = "object", keys = keys, vals = vals, n = n }
  end
  syntax_error(P, "expected an expression, found " .. token_name(P))
end

local function parse_postfix(P, base)
  local steps, n = nil, 0
  while P.t == "." or P.t == "[" do
    steps = steps or {}
    n = n + 1
    if P.t == "." then
      next_token(P)
      if P.t ~= "id" then
        syntax_error(P, "expected a property name after '.', found " .. token_name(P))
      end
      steps[n] = { name = P.v }
      next_token(P)
    else
      next_token(P)
      steps[n] = { expr = parse_expr(P) }
      expect(P, "]")
    end
  end
  if not steps then
    return base
  end
  return { k = "path", base = base, steps = steps, n = n }
end

parse_unary = function(P)
  enter(P)
  local node
  local op = P.t
  if op == "!" or op == "-" or op == "+" then
    next_token(P)
    local e = parse_unary(P)
    if e.k == "lit" and type(e.v) == "number" and op ~= "!" then
      node = { k = "lit", v = op == "-" and -e.v or e.v }
    else
      node = { k = "unary", op = op, e = e }
    end
  else
    node = parse_postfix(P, parse_primary(P))
  end
  P.depth = P.depth - 1
  return node
end

local function parse_level(P, level)
  if level > TIGHTEST then
    return parse_unary(P)
  end
  local left = parse_level(P, level + 1)
  if level == TIGHTEST then -- ^, to the right
    if P.t ~= "^" then
      return left
    end
    next_token(P)
    enter(P)
    local right = parse_level(P, level)
    P.depth = P.depth - 1
    return { k = "pow", l = left, r = right }
  end
  if LEVEL[P.t] ~= level then
    return left
  end
  local items, ops, n = { left }, {}, 1
  while LEVEL[P.t] == level do
    ops[n] = P.t
    next_token(P)
    n = n + 1
    items[n] = parse_level(P, level + 1)
  end
  if level == 1 then
    return { k = "or", items = items, n = n }
  elseif level == 2 then
    return { k = "and", items = items, n = n }
  end
  return { k = "chain", items = items, ops = ops, n = n }
end

parse_expr = function(P)
  return parse_level(P, 1)
end

-- The binding whose text starts at src[i] (just after "${"), at nesting
-- `depth`: its node and the position of its closing brace.
parse_binding = function(src, i, depth)
  local P = { src = src, pos = i, depth = depth }
  next_token(P)
  if P.t == "}" then
    syntax_error(P, "empty binding '${}'", i - 2)
  end
  local node = parse_expr(P)
  if P.t == "eof" then
    syntax_error(P, "unterminated binding '${'", i - 2)
  elseif P.t ~= "}" then
    syntax_error(P, "unexpected " .. token_name(P))
  end
  return node, P.at
end

--- Parses expression text (no ${ }): its tree. Raises on a syntax error,
--- an unknown function or a wrong number of arguments.
function expression.parse(text)
  local P = { src = text, pos = 1, depth = 0 }
  next_token(P)
  local node = parse_expr(P)
  if P.t ~= "eof" then
    syntax_error(P, "unexpected " .. token_name(P))
  end
  return node
end

--- Parses a template string, text with ${...} bindings: nil when it holds
--- no "${" at all, else its parts, literal strings and bindings
--- { node = tree, text = "${...}" as written }, with parts.n their count and
--- parts.single the binding when the string is exactly one binding. "\${"
--- stands for a literal "${". Raises like expression.parse.
function expression.parse_template(s)
  if not find(s, "${", 1, true) then
    return nil
  end
  local parts, n, text, i = {}, 0, {}, 1
  while true do
    local k = find(s, "${", i, true)
    if not k then
      break
    end
    if k > 1 and byte(s, k - 1) == 92 then -- \${
      text[#text + 1] = sub(s, i, k - 2) .. "${"
      i = k + 2
    else
      text[#text + 1] = sub(s, i, k - 1)
      local literal = concat(text)
      if literal ~= "" then
        n = n + 1
        parts[n] = literal
      end
      text = {}
      local node, close = parse_binding(s, k + 2, 0)
      n = n + 1
      parts[n] = { node = node, text = sub(s, k, close) }
      i = close + 1
    end
  end
  text[#text + 1] = sub(s, i)
  local literal = concat(text)
  if literal ~= "" or n == 0 then
    n = n + 1
    parts[n] = literal
  end
  parts.n = n
  if n == 1 and type(parts[1]) == "table" and parts[1].text == s then
    parts.single = parts[1]
  end
  return parts
end

---------------------------------------------------------------------------
-- Evaluation. env: { data, root, host, index, now, locals } (locals: the
-- iterator names in scope, a chain of { name, value, parent }).

local function member(v, name)
  if is_object(v) then
    return v[name]
  end
  return nil
end

local function index(v, key)
  if type(key) == "number" then
    if is_array(v) then
      local i = tointeger(key)
      return i and i >= 0 and v[i + 1] or nil
    elseif is_object(v) then
      return v[number_text(key)]
    end
  elseif type(key) == "string" and is_object(v) then
    return v[key]
  end
  return nil
end

local function lookup(env, name)
  local l = env.locals
  while l do
    if l.name == name then
      return l.value
    end
    l = l.parent
  end
  if byte(name, 1) == 36 then -- $
    if name == "$data" then
      return env.data
    elseif name == "$root" then
      return env.root
    elseif name == "$index" then
      return env.index
    elseif name == "$host" then
      return env.host
    end
  end
  return member(env.data, name)
end

local text = functions.text

local function number_operands(op, a, b)
  if type(a) ~= "number" or type(b) ~= "number" then
    fail("operator %s needs numbers, got %s and %s", op, values.kind(a), values.kind(b))
  end
end

local function arithmetic(op, fn)
  return function(a, b)
    if is_nullish(a) or is_nullish(b) then
      return nil
    end
    number_operands(op, a, b)
    return fn(a, b)
  end
end

local BINARY = {
  ["+"] = plus,
  ["-"] = arithmetic("-", functions.sub_numbers),
  ["*"] = arithmetic("*", functions.mul_numbers),
  ["/"] = arithmetic("/", functions.div_numbers),
  ["%"] = arithmetic("%", functions.mod_numbers),
  ["&"] = function(a, b) return text(a) .. text(b) end,
  ["=="] = same,
  ["!="] = function(a, b) return not same(a, b) end,
  ["<"] = function(a, b) local o = order(a, b) return o ~= nil and o < 0 end,
  ["<="] = function(a, b) local o = order(a, b) return o ~= nil and o <= 0 end,
  [">"] = function(a, b) local o = order(a, b) return o ~= nil and o > 0 end,
  [">="] = function(a, b) local o = order(a, b) return o ~= nil and o >= 0 end,
}

local EVAL = {}

local function eval(node, env)
  return EVAL[node.k](node, env)
end

EVAL.lit = function(node)
  return node.v
end

EVAL.id = function(node, env)
  return lookup(env, node.name)
end

EVAL.path = function(node, env)
  local v = eval(node.base, env)
  local steps = node.steps
  for i = 1, node.n do
    if v == nil then
      return nil
    end
    local step = steps[i]
    if step.name then
      v = member(v, step.name)
    else
      v = index(v, eval(step.expr, env))
    end
  end
  return v
end

EVAL.unary = function(node, env)
  local v = eval(node.e, env)
  if node.op == "!" then
    return not truthy(v)
  elseif is_nullish(v) then
    return nil
  elseif type(v) ~= "number" then
    fail("operator %s needs a number, got %s", node.op, values.kind(v))
  end
  return node.op == "-" and functions.sub_numbers(0, v) or v
end

EVAL.chain = function(node, env)
  local items, ops = node.items, node.ops
  local acc = eval(items[1], env)
  for i = 2, node.n do
    acc = BINARY[ops[i - 1]](acc, eval(items[i], env))
  end
  return acc
end

EVAL["and"] = function(node, env)
  for i = 1, node.n do
    if not truthy(eval(node.items[i], env)) then
      return false
    end
  end
  return true
end

EVAL["or"] = function(node, env)
  for i = 1, node.n do
    if truthy(eval(node.items[i], env)) then
      return true
    end
  end
  return false
end

EVAL.pow = function(node, env)
  local a, b = eval(node.l, env), eval(node.r, env)
  if is_nullish(a) or is_nullish(b) then
    return nil
  end
  number_operands("^", a, b)
  return functions.pow_numbers(a, b)
end

EVAL.array = function(node, env)
  local out = array()
  for i = 1, node.n do
    local v = eval(node.items[i], env)
    if v == nil then
      v = NULL
    end
    out[i] = v
  end
  return out
end

EVAL.object = function(node, env)
  local out = {}
  for i = 1, node.n do
    out[node.keys[i]] = eval(node.vals[i], env)
  end
  return out
end

EVAL.tpl = function(node, env)
  local out, parts = {}, node.parts
  for i = 1, node.n do
    local part = parts[i]
    out[i] = type(part) == "string" and part or text(eval(part, env))
  end
  return concat(out, "", 1, node.n)
end

EVAL.call = function(node, env)
  local spec = node.fn
  local k = spec.kind
  if k == nil then
    local args, a = node.args, {}
    for i = 1, node.n do
      a[i] = eval(args[i], env)
    end
    return spec.fn(a, node.n, env)
  elseif k == "lazy" then
    return spec.fn(node.args, node.n, env, eval)
  end
  local name, body = node.name, node.body
  local function apply(item)
    local saved = env.locals
    env.locals = { name = name, value = item, parent = saved }
    local v = eval(body, env)
    env.locals = saved
    return v
  end
  return spec.fn(eval(node.coll, env), apply, truthy)
end

EVAL.lambda = function()
  fail("a lambda (x => ...) can only be an argument of select, foreach, where, any or all")
end

--- Evaluates a tree from expression.parse (or a binding's node) in `env`:
--- { data = $data, root = $root, host = $host, index = $index, now = the
--- current time in milliseconds since the epoch }. Returns the value (nil
--- when undefined); raises templating errors.
function expression.evaluate(node, env)
  return eval(node, env)
end

--- The truth of a value in a condition ($when, if, &&, ||, !).
expression.truthy = truthy

--- Parses and evaluates `text` in `env` (see expression.evaluate): true
--- and the value, or false and the message.
function expression.run(text, env)
  local ok, v = pcall(function()
    return eval(expression.parse(text), env)
  end)
  if ok then
    return true, v
  elseif values.is_error(v) then
    return false, v.message
  end
  error(v, 0)
end

-- stringOrValue: a template string's value, typed when it is one binding.
FUNCTIONS.stringOrValue = { min = 1, max = 1, fn = function(a, _, env)
  local s = a[1]
  if type(s) ~= "string" then
    return s
  end
  local parts = expression.parse_template(s)
  if not parts then
    return s
  elseif parts.single then
    return eval(parts.single.node, env)
  end
  local out = {}
  for i = 1, parts.n do
    local part = parts[i]
    out[i] = type(part) == "string" and part or text(eval(part.node, env))
  end
  return concat(out, "", 1, parts.n)
end }

return expression
