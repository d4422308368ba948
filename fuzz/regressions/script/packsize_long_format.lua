-- string.packsize, pack and unpack with a long or repeated format: the format
-- is read in C, one option at a time.
local f = string.rep('i16', 500000)
local x = string.rep('x', 1 << 20)
local n = 0
return {
  components = {
    A = function() while true do n = n + string.packsize(f) end end,
    Card = function() while true do n = n + #string.pack(x) + select('#', string.unpack(x, '')) end end,
    B = function()
      local ok = pcall(string.packsize, 'c' .. math.maxinteger)
      local ok2 = pcall(string.packsize, string.rep('!16i16', 200000))
      return { type = 'text', text = tostring(ok) .. tostring(ok2) .. tostring(pcall(string.packsize, ('c1000000000'):rep(100))) }
    end,
  },
  actions = { ['s/a'] = function() while true do n = n + string.packsize(f) end end },
  services = { s = {} },
}
