-- Many coroutines, each running fewer instructions than the hook's interval.
local n = 0
for i = 1, 1e7 do
  coroutine.wrap(function() for j = 1, 300 do n = n + 1 end end)()
end
return {}
