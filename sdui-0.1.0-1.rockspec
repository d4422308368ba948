-- LuaRocks: `luarocks --lua-version=5.4 make` in a checkout builds sdui (the
-- Swift engine, then the Lua binding) and installs the module `sdui` with the
-- engine library it loads (libsdui.so.0, found next to it); `require "sdui"`
-- and `require "sdui.ui"` then work in stock lua5.4. Building needs the Swift 6
-- toolchain on PATH and the Debian packages of `make deps`. Debian's luarocks
-- picks Lua 5.1 unless told otherwise, hence --lua-version=5.4 (README).
rockspec_format = "3.0"
package = "sdui"
version = "0.1.0-1"
source = {
  -- `luarocks make` builds the checkout and fetches nothing. `make dist`
  -- writes the release's tarball (build/sdui-0.1.0.tar.gz, under sdui-0.1.0/)
  -- and a copy of this file whose url is that tarball's file:// URL, which
  -- `luarocks pack build/sdui-0.1.0-1.rockspec` packs offline.
  url = "git+file://.",
  dir = "sdui-0.1.0",
}
description = {
  summary = "Embeddable server-driven UI engine with Lua component factories and actions",
  detailed = [[
    A server sends a page of components; sdui turns each into a view tree
    through factories written in Lua, keeps app state in small services,
    routes actions to handlers and tells the host what to redraw. The core is
    Swift behind a C ABI; this rock installs its Lua 5.4 module `sdui` and
    the DSL `sdui.ui`. Building it needs the Swift 6 toolchain.
  ]],
  license = "MIT",
  labels = { "ui", "server-driven-ui", "swift" },
}
dependencies = {
  "lua >= 5.4",
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
