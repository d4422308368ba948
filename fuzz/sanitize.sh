#!/usr/bin/env bash
# The sanitizer suites (make sanitize): the C tests built with
# -fsanitize=address,undefined, then the Lua specs in the stock lua5.4 with
# the ASan runtime preloaded and the instrumented module preloaded as "sdui".
#
#   sanitize.sh CLANG SAN_BUILD TEST...
#
# Prints "sanitize: N passed, M failed" (one count a test program, one for
# the Lua specs). Every process it starts ends with it.
set -uo pipefail
cd "$(dirname "$0")/.."
clang=$1 build=$2
shift 2

trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null' EXIT
trap 'exit 130' INT TERM
run() { "$@" & wait $!; }

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0}"

passed=0 failed=0
for t in "$@"; do
  log=$(mktemp)
  if run "$t" > "$log" 2>&1; then
    passed=$((passed + 1))
    echo "  asan+ubsan $(basename "$t"): $(tail -1 "$log")"
  else
    failed=$((failed + 1))
    echo "sanitize: $t failed:" >&2
    tail -60 "$log" >&2
  fi
  rm -f "$log"
done

# The Lua specs: lua5.4 is not instrumented, so the ASan runtime is
# preloaded; the instrumented binding goes in as package.preload.sdui, which
# `require "sdui"` consults before the cpath the spec helper sets.
runtime=$("$clang" -print-file-name=libclang_rt.asan-x86_64.so)
module=$PWD/$build/lua/sdui.so
log=$(mktemp)
# Leak detection stays on here too (the preloaded runtime checks at exit).
if LD_PRELOAD=$runtime run lua5.4 -e "package.preload.sdui = assert(package.loadlib('$module', 'luaopen_sdui'))" \
   /usr/bin/busted --lpath='lua/?.lua' lua/spec > "$log" 2>&1; then
  passed=$((passed + 1))
  echo "  asan+ubsan lua specs: $(grep -E '^[0-9]+ success' "$log" | tail -1)"
else
  failed=$((failed + 1))
  echo "sanitize: the Lua specs failed:" >&2
  tail -60 "$log" >&2
fi
rm -f "$log"
echo "sanitize: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
