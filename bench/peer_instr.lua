-- The peer's side of `make bench-instr`: one decode, or one pipeline
-- (decode, render, encode), of the peer's own code, for callgrind to count.
--
-- Usage: lua5.4 bench/peer_instr.lua base|decode|pipeline PEER.lua PAGE.json
--
-- Takes ../shared/bench/peer_pure_lua.lua's definitions (cjson, the five
-- factories, render: everything before its timing helpers) without running
-- its benchmark, reads PAGE, then does the one step asked. `base` stops after
-- reading: bench/instr.sh subtracts its count from the others, so what is
-- left is the step alone. Exits without closing the Lua state, so freeing
-- is not counted either.
local mode, peer_path, page_path = arg[1], arg[2], arg[3]
assert(mode and peer_path and page_path, "usage: peer_instr.lua base|decode|pipeline PEER.lua PAGE.json")

local f = assert(io.open(peer_path, "rb"))
local source = f:read("a")
f:close()
local cut = source:find("local function median", 1, true)
assert(cut, peer_path .. ": no 'local function median': the peer changed, update bench/peer_instr.lua")
local definitions = assert(load(source:sub(1, cut - 1) .. "\nreturn cjson, render", "=peer_pure_lua.lua"))
local cjson, render = definitions()

f = assert(io.open(page_path, "rb"))
local bytes = f:read("a")
f:close()

local result
if mode == "decode" then
  result = cjson.decode(bytes)
  assert(#result.components > 0)
elseif mode == "pipeline" then
  result = cjson.encode(render(cjson.decode(bytes)))
  assert(#result > 0)
elseif mode ~= "base" then
  error("unknown mode " .. mode)
end
os.exit(0, false)
