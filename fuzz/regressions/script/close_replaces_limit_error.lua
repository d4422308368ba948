-- A __close handler that raises an error of its own while a limit's error
-- unwinds the load: the load still fails with SDUI_ELIMIT, and its message
-- must still name the limit.
do
  local x <close> = setmetatable({}, { __close = function() error('not the limit', 0) end })
  while true do end
end
return {}
