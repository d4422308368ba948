local ok = pcall(function() return io.open('/etc/passwd') end)
local t = { os.time(), os.clock(), string.rep('a', 3), math.floor(2.5), utf8 and utf8.char(9731) }
return { components = { A = function() return { type = 'text', text = tostring(ok) .. #t } end } }
