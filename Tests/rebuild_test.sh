#!/usr/bin/env bash
# rebuild_test.sh -- `make lib` from a terminal after a build from a pipe,
# and the other way round, compiles nothing: SwiftPM gets the same flags
# either way (the Makefile's SWIFTPM_FLAGS; on its own SwiftPM adds
# -color-diagnostics on a terminal, and every switch recompiled the whole
# engine). Runs `make lib` on a pseudo-terminal (script(1)), from a pipe,
# and on a terminal again; the last two must compile no Swift file. Cheap
# once built: three builds with nothing to do.
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
command -v script >/dev/null || { echo "rebuild_test: script(1) not found (bsdutils)" >&2; exit 2; }
# The inner makes are new ones, not jobs of a calling make.
unset MAKEFLAGS MFLAGS MAKELEVEL

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
passed=0
failed=0

on_tty() { # on_tty LOG: make lib on a pseudo-terminal, its output in LOG
  script -qec "test -t 1 && echo 'make lib on a terminal' && $make -o deps lib" /dev/null >"$1" 2>&1 ||
    { cat "$1"; echo "rebuild_test: make lib on a terminal failed" >&2; exit 2; }
  grep -q 'make lib on a terminal' "$1" ||
    { echo "rebuild_test: script(1) gave make no terminal" >&2; exit 2; }
}
from_pipe() { # from_pipe LOG: make lib with its output to a pipe, in LOG
  { $make -o deps lib 2>&1 || echo "rebuild_test: make lib from a pipe failed"; } | cat >"$1"
  ! grep -q 'rebuild_test: make lib from a pipe failed' "$1" || { cat "$1"; exit 2; }
}
compiles_nothing() { # compiles_nothing WHAT LOG
  local n
  n=$(grep -c 'Compiling' "$2" || true)
  if [ "$n" -eq 0 ]; then
    passed=$((passed + 1))
  else
    echo "FAILED: $1 compiled again ($n Compiling lines):"
    grep 'Compiling' "$2" | head -5
    failed=$((failed + 1))
  fi
}

on_tty "$logs/first"
from_pipe "$logs/pipe"
compiles_nothing "make lib from a pipe after one on a terminal" "$logs/pipe"
on_tty "$logs/tty"
compiles_nothing "make lib on a terminal after one from a pipe" "$logs/tty"

echo "rebuild: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
