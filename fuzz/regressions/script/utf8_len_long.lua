-- utf8.len, utf8.offset and utf8.codepoint over a long string, in a loop:
-- each call walks the whole string in C.
local s = string.rep('\u{2603}', 600000)
local n = 0
return {
  components = {
    A = function() while true do n = n + utf8.len(s) end end,
    Card = function() while true do n = n + (utf8.offset(s, -1) or 0) + (utf8.len(s, 1, -1, true) or 0) end end,
    B = function() return { type = 'text', text = tostring(select('#', pcall(utf8.codepoint, s, 1, -1))) } end,
  },
  actions = {
    ['s/a'] = function() while true do n = n + (utf8.offset(s, 600000) or 0) end end,
    ['s/b'] = function() return { n = select('#', utf8.char(table.unpack((function() local t = {} for i = 1, 60000 do t[i] = 9731 end return t end)()))) } end,
  },
  services = { s = {} },
}
