-- A loop inside pcall: the budget's error is caught and the loop goes on.
while true do pcall(function() while true do end end) end
