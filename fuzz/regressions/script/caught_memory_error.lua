-- The memory cap's error caught by pcall, again and again.
local keep = {}
while true do
  pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end)
  keep[#keep + 1] = {}
end
