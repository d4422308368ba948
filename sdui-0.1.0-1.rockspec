-- LuaRocks: `luarocks make` in a checkout builds sdui (the Swift engine, then
-- the Lua binding) and installs the module `sdui` with the engine library it
-- loads (libsdui.so.0, found next to it); `require "sdui"` and
-- `require "sdui.ui"` then work in stock lua5.4. Building needs the Swift 6
-- toolchain on PATH and the Debian packages of `make deps`.
rockspec_format = "3.0"
package = "sdui"
version = "0.1.0-1"
source = {
  url = "git+file://.", -- built from the checkout: `luarocks make` does not fetch
}
description = {
  summary = "Embeddable server-driven UI engine with Lua component factories and actions",
  detailed = [[
    A server sends a page of components; sdui turns each into a view tree
    through factories written in Lua, keeps app state in small services,
    routes actions to handlers and tells the host what to redraw. The core is
    Swift behind a C ABI; this rock installs its Lua module.
  ]],
}
dependencies = {
  "lua >= 5.4, < 5.5",
}
build = {
  type = "make",
  build_target = "rock",
  build_variables = {},
  install_target = "rock-install",
  install_variables = {
    LIBDIR_ROCK = "$(LIBDIR)",
  },
}
