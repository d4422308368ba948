-- table.unpack of a long range: every value is pushed onto the stack in C.
local t = {}
for i = 1, 100000 do t[i] = i end
local n = 0
return {
  components = {
    A = function() while true do n = n + select('#', table.unpack(t)) end end,
    Card = function()
      local a = pcall(table.unpack, {}, 1, 1e8)
      local b = pcall(table.unpack, {}, math.mininteger, math.maxinteger)
      local c = pcall(table.unpack, setmetatable({}, { __index = rawlen }), 1, 120000)
      return { type = 'text', text = tostring(a) .. tostring(b) .. tostring(c) }
    end,
  },
  actions = { ['s/a'] = function() while true do n = n + select('#', table.unpack({}, 1, 120000)) end end },
  services = { s = {} },
}
