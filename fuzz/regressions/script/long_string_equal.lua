-- == and < between two long equal strings (distinct objects: memcmp and
-- strcoll of every byte), in a loop: one VM instruction each.
local a = string.rep('a', 1 << 20) .. 'b'
local b = string.rep('a', 1 << 20) .. 'b'
local n = 0
return {
  components = {
    A = function()
      while true do if a == b and not (a < b) then n = n + 1 end end
    end,
    Card = function()
      local t = {}
      for i = 1, 1e9 do t[a] = i; if t[b] ~= i then break end end
      return { type = 'text', text = tostring(n) }
    end,
  },
  actions = { ['s/a'] = function() while a <= b do n = n + 1 end end },
  services = { s = {} },
}
