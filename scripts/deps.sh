#!/usr/bin/env bash
# scripts/deps.sh [build|demo|test]: installs the Debian packages sdui's
# build (the default), demo or tests need, when they are missing. As root
# it uses apt-get; otherwise it says what to install.
# SDUI_DEPS_FRESH=1 means the caller already ran `apt-get update`.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
  echo "deps: sdui needs the Swift toolchain (swift not found on PATH): see README" >&2
  exit 1
fi

# Debian packages, by what they are for (the first argument; build when absent):
#   build  compilers and tools (python3 embeds the DSL), Lua 5.4 with its
#          headers: `make`, `make install`
#   demo   build, plus ncursesw for the terminal host: `make demo`
#   test   demo, plus valgrind, busted for the Lua specs, tmux to
#          drive the terminal host, headless Chromium and a monospace font for
#          the HTML preview's test, luarocks for the rockspec's test,
#          python3-jsonschema for the JSON Schema's test: `make test`
set_name=${1:-build}
build=(gcc make binutils pkg-config python3 lua5.4 liblua5.4-dev)
demo=("${build[@]}" libncurses-dev)
test=("${demo[@]}" valgrind lua-busted tmux chromium fonts-dejavu-core luarocks python3-jsonschema)
case "$set_name" in
  build) packages=("${build[@]}") ;;
  demo) packages=("${demo[@]}") ;;
  test) packages=("${test[@]}") ;;
  *) echo "deps: unknown set '$set_name' (expected build, demo or test)" >&2; exit 2 ;;
esac

need=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || need+=("$package")
done
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  [ "${SDUI_DEPS_FRESH:-0}" = 1 ] || apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}"
else
  echo "deps: missing Debian packages: ${need[*]}" >&2
  echo "deps: install them as root: apt-get update && apt-get install -y ${need[*]}" >&2
  exit 1
fi
