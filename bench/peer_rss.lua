-- The peer's side of W8 (peak RSS): what the 22 MB figure in
-- ../shared/bench/README.md measured for the 10,000 page. Read the file,
-- decode it with lua-cjson, drop the bytes, collect garbage, exit. Decode
-- only: nothing is rendered or encoded.
--
-- Usage: lua5.4 bench/peer_rss.lua PAGE.json
local cjson = require "cjson"

local f = assert(io.open(assert(arg[1], "usage: peer_rss.lua PAGE.json"), "rb"))
local bytes = f:read("a")
f:close()
local page = cjson.decode(bytes)
bytes = nil
collectgarbage()
assert(#page.components > 0, "the page has no components")
