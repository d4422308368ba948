#!/usr/bin/env bash
# Installs the Debian packages sdui's build, demo and tests need, when they
# are missing. As root it uses apt-get; otherwise it says what to install.
set -euo pipefail

need=()
have() { command -v "$1" >/dev/null 2>&1; }
pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

have cc        || need+=(gcc)
have make      || need+=(make)
have valgrind  || need+=(valgrind)
have pkg-config || need+=(pkg-config)
have python3   || need+=(python3)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if ! have swift; then
  echo "deps: swift is not on PATH; install the Swift 6 toolchain first" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ] && have apt-get; then
  echo "deps: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}"
else
  echo "deps: missing Debian packages: ${need[*]}" >&2
  echo "deps: run as root: apt-get update && apt-get install -y ${need[*]}" >&2
  exit 1
fi
