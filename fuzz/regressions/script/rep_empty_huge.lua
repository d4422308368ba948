-- string.rep of an empty string (or with an empty separator) 2^62 times:
-- nothing to allocate, so neither the memory cap nor the size limit stops
-- the C loop; in factories and in a handler (at load time it is the same).
return {
  components = {
    A = function() return { type = 'text', text = ('x'):rep(0) .. (''):rep(math.maxinteger) } end,
    Card = function() return { type = 'text', text = string.rep('', 1 << 40, '') } end,
    B = function() return { type = 'text', text = tostring(pcall(string.rep, '', 1 << 62)) } end,
  },
  actions = { ['s/a'] = function() string.rep('', 1 << 62) end },
  services = { s = {} },
}
