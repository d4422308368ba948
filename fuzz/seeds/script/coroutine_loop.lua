-- Coroutines whose bodies burn the budget, resumed in a loop: resume
-- catches the budget error; the host must still stop the script (it does).
while true do coroutine.resume(coroutine.create(function() for i = 1, 1e9 do end end)) end
