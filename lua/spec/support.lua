-- Shared helpers of the specs: the repository root, temporary folders, files.
local support = {}

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

--- The repository root, from this file's place: <root>/lua/spec/support.lua.
support.root = absolute(debug.getinfo(1, "S").source:sub(2) .. "/../../..")

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function sh(command)
  local ok = os.execute(command)
  assert(ok, "command failed: " .. command)
end

--- A new empty folder; remove it with support.rmrf.
function support.tmpdir()
  local path = os.tmpname()
  os.remove(path)
  sh("mkdir -p " .. quote(path))
  return path
end

function support.mkdir(path)
  sh("mkdir -p " .. quote(path))
end

function support.rmrf(path)
  if path and path:match("^/tmp/") then
    sh("rm -rf " .. quote(path))
  end
end

--- Copies the contents of folder `from` into folder `to`.
function support.copy_tree(from, to)
  sh("cp -R " .. quote(from) .. "/. " .. quote(to))
end

function support.sleep(seconds)
  sh("sleep " .. seconds)
end

function support.read(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("a")
  f:close()
  return data
end

function support.write(path, data)
  local f = assert(io.open(path, "wb"))
  f:write(data)
  f:close()
end

--- A fresh copy of the pure Lua DSL (lua/sdui/ui.lua), not the one the
--- sdui module preloads.
function support.dsl()
  return dofile(support.root .. "/lua/sdui/ui.lua")
end

--- A fresh copy of the DSL as the sdui module preloads it: the same Lua,
--- its common forms built in C (Sources/SDUILua/dsl.c).
function support.bound_dsl()
  require "sdui"
  return package.preload["sdui.ui"]()
end

--- The error a call raises (fails the spec when it does not raise).
function support.error_of(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error, the call succeeded")
  return err
end

--- The lines of component `id`'s block in render_text output ("▌ id (Type)" and what follows).
function support.block(text, id)
  local out, inside = {}, false
  for line in text:gmatch("[^\n]*\n") do
    if line:sub(1, #"▌ ") == "▌ " then
      inside = line:sub(#"▌ " + 1, #"▌ " + #id + 2) == id .. " ("
    end
    if inside then
      out[#out + 1] = line
    end
  end
  return table.concat(out)
end

--- How many times `needle` occurs in `text` (plain).
function support.count(text, needle)
  local n, init = 0, 1
  while true do
    local i = text:find(needle, init, true)
    if not i then
      return n
    end
    n, init = n + 1, i + #needle
  end
end

return support
