-- A to-be-closed variable whose __close loops, closed by the budget's error.
do
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end
return {}
