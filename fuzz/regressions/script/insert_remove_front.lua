-- table.insert and table.remove at the front of a long table: each call moves
-- every item in C.
local t = {}
for i = 1, 100000 do t[i] = i end
return {
  components = {
    A = function() while true do table.insert(t, 1, 0); table.remove(t, 1) end end,
    Card = function() while true do table.insert(t, 1, table.remove(t)) end end,
  },
  actions = { ['s/a'] = function() for i = 1, 1e9 do table.remove(t, 1); t[#t + 1] = i end end },
  services = { s = {} },
}
