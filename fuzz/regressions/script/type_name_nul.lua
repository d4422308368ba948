-- Action, component and effect names with an embedded NUL or control
-- characters: refused when the script loads, never cut at the NUL.
return {
  services = { s = {} },
  components = { ['A\0B'] = function() return { type = 'text', text = 'x' } end, ['\0'] = function() end },
  actions = { ['s/a\0'] = function() end, ['s/\27[2J'] = function() end },
  effects = { ['p\0q'] = function() end },
}
