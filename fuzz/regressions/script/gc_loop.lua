-- A finalizer that loops: it runs when the collector gets to it, which can be
-- outside any budgeted call (at a later callback, or when the engine closes).
setmetatable({}, { __gc = function() while true do end end })
return { components = { A = function() local t = {} for i = 1, 1e4 do t[i] = {} end return { type = 'spacer' } end } }
