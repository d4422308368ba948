#!/usr/bin/env bash
# Installs the Debian packages sdui's build, demo and tests need, when they
# are missing. As root it uses apt-get; otherwise it says what to install.
# SDUI_DEPS_FRESH=1 means the caller already ran `apt-get update`.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
  echo "deps: swift is not on PATH; install the Swift 6 toolchain (swift.org) first" >&2
  exit 1
fi

# Debian packages: compilers and tools, Lua 5.4 with its headers, busted for
# the Lua specs, valgrind for memcheck; ncursesw for the terminal host and
# tmux to drive it in its test; headless Chromium and a monospace font for
# the HTML preview's test (make test-preview).
packages=(gcc make binutils pkg-config python3 valgrind lua5.4 liblua5.4-dev lua-busted libncurses-dev tmux
          chromium fonts-dejavu-core)

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
