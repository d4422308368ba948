-- A service whose name is a control character (a newline; an escape sequence
-- after it): refused when the script loads, with a message that quotes it.
return {
  services = { ['\n'] = {}, ['\27[2J\27[H'] = {} },
  actions = { ['\n/a'] = function() end },
}
