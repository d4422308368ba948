#!/usr/bin/env bash
# check_symbols.sh HEADER LIB...
#
# Checks that the shared libraries together export exactly the functions the
# header declares: every `sdui_*` function declared in HEADER must be a
# defined, exported function of one LIB, and no LIB may export any other
# `sdui_*` function. (libsdui.so has the engine, libsdui_lua.so the script
# host.)
# One check per symbol; prints "N passed, M failed" and exits 1 on any
# mismatch (2 on a usage or tool error).
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 HEADER LIB..." >&2
  exit 2
fi
header=$1
shift
libs=("$@")
lib="${libs[*]}"
for f in "$header" "${libs[@]}"; do
  if [ ! -r "$f" ]; then
    echo "check_symbols: cannot read $f" >&2
    exit 2
  fi
done
command -v nm >/dev/null || { echo "check_symbols: nm not found (binutils)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Functions the library exports: defined dynamic symbols of a function kind
# (T text, W weak, i indirect), version suffixes (@VER) removed.
for l in "${libs[@]}"; do nm -D --defined-only "$l"; done \
  | awk '$2 ~ /^[TWi]$/ && $3 ~ /^sdui_/ { sub(/@.*/, "", $3); print $3 }' \
  | LC_ALL=C sort -u >"$tmp/lib"

# Functions the header declares. Comments and preprocessor lines (macros,
# guards, #include) are removed, the rest is cut at ';' into declarations;
# typedefs (the function pointer types among them) are skipped; what is left
# is a function declaration when an sdui_ name is followed by '(' -- the first
# one is the function, later ones would be parameters.
perl -0777 -ne '
  s{/\*.*?\*/}{ }gs;            # block comments
  s{//[^\n]*}{}g;               # line comments
  s{\\\n}{ }g;                  # line continuations (multi-line macros)
  s{^[ \t]*#[^\n]*}{}mg;        # preprocessor lines
  s{extern\s+"C"\s*\{}{ }g;     # C++ linkage block
  for my $decl (split /;/) {
    next if $decl =~ /^\s*typedef\b/;
    $decl =~ s/^[\s{}]+//;
    print "$1\n" if $decl =~ /\b(sdui_\w+)\s*\(/;
  }
' "$header" | LC_ALL=C sort -u >"$tmp/header"

passed=0
failed=0

if [ ! -s "$tmp/header" ]; then
  echo "check_symbols: no sdui_ function found in $header" >&2
  failed=$((failed + 1))
fi

while read -r sym; do
  if grep -qxF "$sym" "$tmp/lib"; then
    passed=$((passed + 1))
  else
    echo "missing from $lib: $sym (declared in $header)"
    failed=$((failed + 1))
  fi
done <"$tmp/header"

while read -r sym; do
  if ! grep -qxF "$sym" "$tmp/header"; then
    echo "not in $header: $sym (exported by $lib)"
    failed=$((failed + 1))
  fi
done <"$tmp/lib"

echo "$(wc -l <"$tmp/header") functions declared, $(wc -l <"$tmp/lib") sdui_ functions exported"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
