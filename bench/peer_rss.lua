-- The peer's side of W8 (peak RSS) on the 10,000 page, in one of two modes.
--
-- Usage: lua5.4 bench/peer_rss.lua PAGE.json [pipeline PEER.lua]
--
-- Decode only (no mode): what the 22 MB figure in ../shared/bench/README.md
-- measured. Read the file, decode it with lua-cjson, drop the bytes, collect
-- garbage, exit. Nothing is rendered or encoded.
--
-- pipeline: the peer's whole pipeline, its `cjson.encode(render(cjson.decode(bytes)))`
-- with the peer's own code (cjson, the five factories, render: everything of
-- PEER.lua before its timing helpers, taken as bench/peer_instr.lua takes it):
-- read, decode, drop the bytes (as sdui's host does after sdui_load_page),
-- render every component, encode the tree, check the JSON, exit. No
-- collectgarbage() in between: the collector runs as it would in the peer.
local cjson = require "cjson"

local path, mode, peer_path = arg[1], arg[2], arg[3]
assert(path, "usage: peer_rss.lua PAGE.json [pipeline PEER.lua]")
assert(mode == nil or (mode == "pipeline" and peer_path), "usage: peer_rss.lua PAGE.json [pipeline PEER.lua]")

local render
if mode == "pipeline" then
  local f = assert(io.open(peer_path, "rb"))
  local source = f:read("a")
  f:close()
  local cut = source:find("local function median", 1, true)
  assert(cut, peer_path .. ": no 'local function median': the peer changed, update bench/peer_rss.lua")
  local definitions = assert(load(source:sub(1, cut - 1) .. "\nreturn cjson, render", "=peer_pure_lua.lua"))
  cjson, render = definitions()
end

local f = assert(io.open(path, "rb"))
local bytes = f:read("a")
f:close()
local page = cjson.decode(bytes)
bytes = nil
if mode == "pipeline" then
  local json = cjson.encode(render(page))
  assert(#json > 0 and json:find('"view"', 1, true), "the pipeline wrote no screen")
else
  collectgarbage()
end
assert(#page.components > 0, "the page has no components")
