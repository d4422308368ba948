#!/usr/bin/env bash
# rock_test.sh -- `luarocks make` of sdui-*.rockspec into a temporary tree,
# then stock lua5.4 loads the module (and its DSL) from that tree and renders
# a page. Skipped, with a note, when luarocks is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v luarocks >/dev/null 2>&1; then
  echo "rock: luarocks is not installed; skipped (apt-get install luarocks)"
  echo "rock: 0 passed, 0 failed"
  exit 0
fi
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then passed=$((passed + 1)); else echo "FAILED: $what"; failed=$((failed + 1)); fi
}

rockspec=$(ls sdui-*.rockspec | head -1)
check "luarocks make $rockspec" bash -c "luarocks make --tree '$tree' --lua-version 5.4 '$rockspec' >'$tree/make.log' 2>&1 \
  || { tail -20 '$tree/make.log'; exit 1; }"
check "the module and its engine are in the tree" test -e "$tree/lib/lua/5.4/sdui.so" -a -e "$tree/lib/lua/5.4/libsdui.so.0"
check "lua5.4 loads the module from the tree and renders" env LUA_CPATH="$tree/lib/lua/5.4/?.so" lua5.4 -e '
  local sdui = require "sdui"
  local ui = require "sdui.ui"
  assert(sdui.version == "0.1.0", sdui.version)
  local e <close> = sdui.engine()
  e:component("Hi", function(d) return ui.text("hi " .. d.name) end)
  assert(e:load_page([[ [{"id":"h","type":"Hi","data":{"name":"rock"}}] ]]))
  assert(e:render_text():find("hi rock", 1, true))'
check "luarocks lists sdui" bash -c "luarocks list --tree '$tree' --lua-version 5.4 2>/dev/null | grep -q '^sdui'"

echo "rock: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
