--[[
home.lua -- the entertainment home page of examples/home.json, hosted from
Lua: components and actions are the scripts in lua/examples/scripts, run by
the engine's script host.

  lua5.4 lua/examples/home.lua        (from the repository root, or anywhere)

It renders the page and then plays the host's part:
  * presses the favourite star of the first movie card and pulls the
    patches: exactly one component changed, so one update goes out;
  * adds a film to the order;
  * snoozes the notification: the script asks for an "after" effect, and
    the notification comes back when the host's clock, fed to e:tick(),
    reaches the delay;
  * checks out: the script asks for a "request" effect, which this host
    performs with a fake shop (no network): the answer arrives a little
    later through e:finish_effect() and the success chain (order/confirmed)
    updates the order;
  * opens the drama genre's page with its button: the scripts ask for a
    "navigate" effect, the engine asks this host's "navigation/fetch"
    performer for the route's page (examples/genre/drama.json), and a
    "navigation/back" action returns to the home page as it was left;
then shows the state and the page again, and hot-swaps the movie card: the
scripts are copied to a temporary folder, a second engine loads them from
there, movie_card.lua is overwritten with lua/examples/scripts_v2's version
and e:reload() puts it live while the favourites stay.
]]

-- The repository root, from this file's path: <root>/lua/examples/home.lua.
local function absolute(path)
  if path:sub(1, 1) ~= "/" then
    path = (os.getenv("PWD") or ".") .. "/" .. path
  end
  local parts = {}
  for part in path:gmatch("[^/]+") do
    if part == ".." then
      parts[#parts] = nil
    elseif part ~= "." then
      parts[#parts + 1] = part
    end
  end
  return "/" .. table.concat(parts, "/")
end

local here = absolute(arg and arg[0] or "lua/examples/home.lua"):match("^(.*)/[^/]*$")
local root = absolute(here .. "/../..")
package.cpath = root .. "/build/lua/?.so;" .. package.cpath

local found, sdui = pcall(require, "sdui")
if not found then
  io.stderr:write("home.lua: cannot load the sdui module (build it with `make lua`):\n", sdui, "\n")
  os.exit(1)
end

local SCRIPTS = root .. "/lua/examples/scripts"
local V2_CARD = root .. "/lua/examples/scripts_v2/movie_card.lua"
local PAGE = root .. "/examples/home.json"

---------------------------------------------------------------------------
-- Helpers.

local function read(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("a")
  f:close()
  return data
end

local function write(path, data)
  local f = assert(io.open(path, "wb"))
  f:write(data)
  f:close()
end

-- Raises the message of an sdui call that returned nil, err.
local function check(ok, err, ...)
  if ok == nil then
    error("home.lua: " .. tostring(err), 0)
  end
  return ok, err, ...
end

local function is_array(t)
  local mt = getmetatable(t)
  if mt and mt.__name == "sdui.array" then
    return true
  end
  local n = 0
  for _ in pairs(t) do
    n = n + 1
  end
  return n > 0 and n == #t
end

-- A state value as JSON, object members sorted: indented one member or
-- element a line, or on one line when `indent` is false.
local function json(v, indent)
  local t = type(v)
  if v == sdui.null then
    return "null"
  elseif t == "string" then
    return string.format("%q", v)
  elseif t ~= "table" then
    return tostring(v)
  end
  local inner = indent and indent .. "  "
  local open = indent and "\n" .. inner or ""
  local sep = indent and ",\n" .. inner or ","
  local close = indent and "\n" .. indent or ""
  local items = {}
  if is_array(v) then
    for i = 1, #v do
      items[i] = json(v[i], inner)
    end
    return #items == 0 and "[]" or "[" .. open .. table.concat(items, sep) .. close .. "]"
  end
  local keys = {}
  for k in pairs(v) do
    keys[#keys + 1] = k
  end
  table.sort(keys)
  for i, k in ipairs(keys) do
    items[i] = string.format("%q:%s%s", k, indent and " " or "", json(v[k], inner))
  end
  return #items == 0 and "{}" or "{" .. open .. table.concat(items, sep) .. close .. "}"
end

local function heading(text)
  print("== " .. text .. " ==")
end

local function show_page(e, title)
  heading(title)
  io.write(check(e:render_text()), "\n")
end

local function show_state(e, service)
  print(service .. ": " .. json(check(e:state(service)), ""))
end

-- The text block of one component in the rendered text: its "▌ id (Type)"
-- line and the lines under it.
local function show_component(e, id)
  local inside = false
  for line in check(e:render_text()):gmatch("[^\n]+") do
    if line:sub(1, #"▌ ") == "▌ " then
      inside = line:sub(#"▌ " + 1, #"▌ " + #id + 2) == id .. " ("
    end
    if inside then
      print(line)
    end
  end
  print()
end

-- The first button of component `id` whose key is `key` (nil: the first
-- button without a key), in the rendered screen: a host presses a button
-- by dispatching the action it carries.
local function find_button(screen, id, key)
  local function walk(node)
    if node.type == "button" and node.key == key then
      return node
    end
    for _, child in ipairs(node.children or {}) do
      local found = walk(child)
      if found then
        return found
      end
    end
  end
  for _, component in ipairs(screen.components) do
    if component.id == id then
      return walk(component.view)
    end
  end
end

local function press(e, component, key, context)
  local button = find_button(check(e:render()), component, key)
  if button == nil or button.action == nil then
    error("home.lua: no " .. (key or "unkeyed") .. " button on " .. component, 0)
  end
  local label = #button.label <= 4 and button.label or '"' .. button.label .. '"' -- a lone ★ unquoted
  heading(string.format('Press %s on "%s"', label, context))
  print("  -> " .. button.action.type .. " " .. json(button.action.payload, false))
  check(e:dispatch(button.action))
  print()
end

-- A patched node on one line: its own members, without its id (printed
-- before it); children and an action abbreviated.
local function brief(node)
  local out = {}
  for k, v in pairs(node) do
    if k == "children" or k == "action" then
      out[k] = "…"
    elseif k ~= "id" then
      out[k] = v
    end
  end
  return json(out, false)
end

-- One patch from e:patches(): "update movie-603 (MovieCardComponent)" and,
-- under it, each change inside the component.
local function show_patch(patch)
  if patch.op == "update" then
    print(string.format("  update %s (%s)", patch.id, patch.type))
    for _, change in ipairs(patch.changes) do
      print(string.format("    %s %s%s", change.op, change.id, change.node and " " .. brief(change.node) or ""))
    end
  else
    print(string.format("  %s %s", patch.op, patch.id or patch.component and patch.component.id or ""))
  end
end

local function show_patches(e)
  local patches = check(e:patches())
  heading(string.format("Patches: %d", #patches.patches))
  for _, patch in ipairs(patches.patches) do
    show_patch(patch)
  end
  for _, kind in ipairs{ "added", "removed" } do
    if #patches.images[kind] > 0 then
      print("  images " .. kind .. ": " .. table.concat(patches.images[kind], ", "))
    end
  end
  print()
end

local function shell_quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

---------------------------------------------------------------------------
-- The page, hosted by the scripts.

-- The pages of routes: "/" is the home page, "/genre/NAME" the file
-- examples/genre/NAME.json; the performer finishes the fetch at once.
local function fetch_pages(home_page)
  return function(effect, ctx)
    local text = effect.route == "/" and home_page
    local name = effect.route:match("^/genre/([%w%-]+)$")
    local f = name and io.open(root .. "/examples/genre/" .. name .. ".json", "rb")
    if f then
      text = f:read("a")
      f:close()
    end
    if not text then
      print("  performer: no page for " .. effect.route)
      ctx.finish(false, "no page for " .. effect.route)
      return
    end
    print("  performer: the page of " .. effect.route)
    ctx.finish(true, check(sdui.json.decode(text)))
  end
end

local function home(page)
  local e = sdui.engine()
  check(e:load_scripts(SCRIPTS))
  check(e:effect("navigation/fetch", fetch_pages(page)))
  check(e:navigate("/"))
  show_page(e, "Home page")

  heading("Diagnostics")
  for _, d in ipairs(e:diagnostics()) do
    print(string.format("  %s %s %s: %s", d.severity, d.code, d.component, d.message))
  end
  print()

  -- The host keeps the screen it rendered and, after each press, asks only
  -- for what changed (press() renders first, so the baseline is fresh).
  local before = check(e:counters())
  press(e, "movie-603", "favorite", "The Lighthouse at Wren Point")
  show_patches(e)
  local after = check(e:counters())
  print(string.format("(components rendered again: %d)", after.renders - before.renders))
  print()
  press(e, "movie-718", "order", "Midnight at the Paper Moon")
  show_patches(e)

  -- Time: the host owns the clock and feeds it to the engine.
  local now = 0
  heading("Snooze the notification for 3 s (the host's \"remind me later\")")
  check(e:dispatch{ type = "notifications/snooze", payload = { id = "notice-welcome", ms = 3000 } })
  show_component(e, "notice-welcome")
  print(string.format("next timer in %d ms", e:next_timer()))
  for _, step in ipairs{ 1000, 2000 } do
    now = now + step
    print(string.format("tick(%d): %d delayed action(s) ran", now, check(e:tick(now))))
  end
  show_component(e, "notice-welcome")

  -- The checkout asks for a "request" effect; this host's performer is a
  -- fake shop that answers 250 ms later.
  local answers = {}
  check(e:effect("request", function(effect)
    print(string.format("  performer: %s %s %s (effect %d)", effect.method, effect.url, json(effect.body, false),
                        effect.id))
    answers[#answers + 1] = { id = effect.id, due = now + 250, result = { confirmation = "A1B2" } }
  end))
  press(e, "cart", nil, "Your order")
  show_component(e, "cart")
  now = now + 250
  for _, answer in ipairs(answers) do
    if answer.due <= now then
      print(string.format("the shop answered: finish_effect(%d, true, %s)", answer.id, json(answer.result, false)))
      check(e:finish_effect(answer.id, true, answer.result))
    end
  end
  show_component(e, "cart")

  -- Pages: the genre button opens the genre's page, navigation/back returns.
  press(e, "genres", "drama", "Browse by genre")
  print(string.format("route %s, %d pages on the stack", e:route(), e:depth()))
  show_patches(e)
  show_page(e, "Drama page")
  heading("Back")
  check(e:dispatch{ type = "navigation/back" })
  print(string.format("route %s, %d page on the stack", e:route(), e:depth()))
  show_patches(e)

  heading("State")
  show_state(e, "favorites")
  show_state(e, "order")
  show_state(e, "notifications")
  show_state(e, "navigation")
  print()

  show_page(e, "Home page, updated")
  local favorites = check(e:state("favorites"))
  e:close()
  return favorites
end

---------------------------------------------------------------------------
-- Hot swap: the same scripts in a folder of our own, then a new movie card.

local function hot_swap(page, folder, favorites)
  local e = sdui.engine()
  check(e:load_scripts(folder))
  check(e:load_page(page))
  check(e:service("favorites", favorites)) -- carried over from the first engine

  heading("Hot swap: movie-603 as loaded from " .. folder)
  show_component(e, "movie-603")
  show_state(e, "favorites")
  print()

  write(folder .. "/movie_card.lua", read(V2_CARD))
  check(e:reload())

  heading("Hot swap: movie-603 after reload() with scripts_v2/movie_card.lua")
  show_component(e, "movie-603")
  show_state(e, "favorites")
  e:close()
end

print(string.format("sdui %s (Lua module)\n", sdui.version))
local page = read(PAGE)
local ok, favorites = pcall(home, page)
local err = favorites
if ok then
  local folder = os.tmpname()
  os.remove(folder)
  if not os.execute("mkdir -p " .. shell_quote(folder) .. " && cp -R " .. shell_quote(SCRIPTS) .. "/. " ..
                    shell_quote(folder)) then
    ok, err = false, "home.lua: cannot copy the scripts to " .. folder
  else
    ok, err = pcall(hot_swap, page, folder, favorites)
  end
  os.execute("rm -rf " .. shell_quote(folder))
end
if not ok then
  io.stderr:write(tostring(err), "\n")
  os.exit(1)
end
