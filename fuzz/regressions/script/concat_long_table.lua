-- table.concat of a long table, in a loop; and over a range far past its end
-- through an __index that C functions answer (no VM instruction per item).
local t = {}
for i = 1, 100000 do t[i] = 'x' end
local n = 0
return {
  components = {
    A = function() while true do n = n + #table.concat(t) end end,
    Card = function() return { type = 'text', text = tostring(pcall(table.concat, t, string.rep('s', 1000))) } end,
    B = function()
      local p = setmetatable({}, { __index = rawlen })
      return { type = 'text', text = tostring(pcall(table.concat, p, '', 1, 1 << 50)) }
    end,
  },
  actions = {
    ['s/a'] = function() while true do n = n + #table.concat(t, '', 1, #t) end end,
    ['s/b'] = function() table.concat(setmetatable({}, { __index = function() return '' end }), '', 1, math.maxinteger) end,
  },
  services = { s = {} },
}
