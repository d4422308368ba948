-- print with terminal escape sequences, control characters and a NUL, and in
-- a loop with a long line: print must end up in the diagnostics, bounded,
-- never on the host's terminal.
print('\27[2J\27[H\27]0;forged\7', '\0', '\r\n', '\u{202e}', nil, {}, 1.5)
local long = string.rep('\27[31m', 300000)
return {
  components = {
    A = function() while true do print(long) end end,
    Card = function() for i = 1, 1e9 do print(i, '\27[1A\27[2K') end end,
    B = function() print(setmetatable({}, { __tostring = function() while true do end end })) end,
  },
  actions = { ['s/a'] = function() while true do print(long, long) end end },
  services = { s = {} },
}
