-- A plain find that compares a long needle at every position of a long haystack.
local h = string.rep('a', 1 << 20)
local needle = string.rep('a', 1 << 14) .. 'b'
return { components = { A = function() return { type = 'text', text = tostring(h:find(needle, 1, true)) } end } }
