-- A pattern with exponential backtracking runs in C, between VM instructions.
local s = ('a'):rep(40)
return { components = { A = function() return { type = 'text', text = tostring(s:find(('a*'):rep(20) .. 'b')) } end } }
