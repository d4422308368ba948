#!/usr/bin/env bash
# rock_test.sh -- `luarocks lint` of sdui-*.rockspec, `luarocks make` of it
# into a temporary tree, then stock lua5.4 loads the module (and its DSL)
# from that tree and renders a page; `make dist` and `luarocks pack` of the
# rockspec it writes, offline, and the packed rock unpacks to the tree the
# rockspec names. SDUI_ROCK_BUILD=1 also builds and installs that packed
# rock into another tree (a whole Swift build from scratch: minutes).
# Skipped, with a note, when luarocks is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v luarocks >/dev/null 2>&1; then
  echo "rock: luarocks is not installed; skipped (apt-get install luarocks)"
  echo "rock: 0 passed, 0 failed"
  exit 0
fi
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
# shellcheck source=Tests/checks.sh
. Tests/checks.sh

rockspec=$(ls sdui-*.rockspec | head -1)
check "luarocks lint $rockspec" luarocks lint "$rockspec"
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

# Without the Swift toolchain the build stops at once and says why.
no_swift=$(tr ':' '\n' <<<"$PATH" | while read -r d; do [ -x "$d/swift" ] || printf '%s:' "$d"; done)
check "without swift, luarocks make stops with the reason" bash -c "! env PATH='${no_swift%:}' luarocks make \
  --tree '$tree/noswift' --lua-version 5.4 '$rockspec' >'$tree/noswift.log' 2>&1 &&
  grep -q 'sdui needs the Swift toolchain (swift not found on PATH): see README' '$tree/noswift.log' ||
  { tail -5 '$tree/noswift.log'; exit 1; }"

# Packing fetches source.url: make dist's rockspec names its tarball by a
# file:// URL; a proxy that refuses every connection keeps luarocks offline.
offline=(env http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 ftp_proxy=http://127.0.0.1:9)
check "make dist" bash -c "make -s dist >'$tree/dist.log' 2>&1 || { cat '$tree/dist.log'; exit 1; }"
name=${rockspec%.rockspec}
packed="$tree/pack/$name.src.rock"
mkdir -p "$tree/pack"
check "luarocks pack build/$rockspec, offline" bash -c "cd '$tree/pack' && ${offline[*]} luarocks pack \
  '$PWD/build/$rockspec' >'$tree/pack.log' 2>&1 || { cat '$tree/pack.log'; exit 1; }"
check "the packed rock holds the rockspec and the tarball" bash -c "unzip -l '$packed' | grep -q ' $rockspec\$' &&
  unzip -l '$packed' | grep -q ' ${name%-*}.tar.gz\$'"
check "the packed rock unpacks to source.dir, a whole tree" bash -c "cd '$tree/pack' && ${offline[*]} luarocks unpack \
  '$packed' >/dev/null 2>&1 && test -f '$name/${name%-*}/Makefile' -a -f '$name/${name%-*}/LICENSE'"
if [ "${SDUI_ROCK_BUILD:-0}" = 1 ]; then
  check "luarocks build of the packed rock, offline" bash -c "${offline[*]} luarocks build --tree '$tree/built' \
    --lua-version 5.4 '$packed' >'$tree/build.log' 2>&1 || { tail -20 '$tree/build.log'; exit 1; }"
  check "lua5.4 loads the module built from the packed rock" env LUA_CPATH="$tree/built/lib/lua/5.4/?.so" \
    lua5.4 -e 'assert(require("sdui").version == "0.1.0")'
fi

report rock
