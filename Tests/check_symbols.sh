#!/usr/bin/env bash
# check_symbols.sh INCLUDE_DIR LIBSDUI LIBSDUI_LUA
#
# Checks that the shared libraries export exactly the functions the public
# headers declare, header by header:
#
#   - libsdui.so (LIBSDUI): the symbols it exports, whatever their name or
#     kind, are exactly the functions declared in every header of
#     INCLUDE_DIR but sdui_scripts.h (that is, sdui.h for hosts and
#     sdui_binding.h for bindings): none of the core's or the Swift
#     runtime's (Sources/SDUI/exports.map keeps them local).
#   - libsdui_lua.so (LIBSDUI_LUA): the symbols it exports, whatever their
#     name or kind, are exactly the functions declared in sdui_scripts.h,
#     plus luaopen_sdui (the entry point of the Lua module, which no header
#     declares).
#
# The symbols the linker itself defines to mark a library's sections
# (__bss_start, _edata, _end, _init, _fini) are not counted.
#   - no function is declared in two headers.
#
# One check per declared symbol; prints "N passed, M failed" and exits 1 on
# any mismatch (2 on a usage or tool error).
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 INCLUDE_DIR LIBSDUI LIBSDUI_LUA" >&2
  exit 2
fi
include=$1
engine_lib=$2
lua_lib=$3
scripts_header="$include/sdui_scripts.h"
headers=()
for h in "$include"/*.h; do headers+=("$h"); done
for f in "${headers[@]}" "$scripts_header" "$engine_lib" "$lua_lib"; do
  if [ ! -r "$f" ]; then
    echo "check_symbols: cannot read $f" >&2
    exit 2
  fi
done
command -v nm >/dev/null || { echo "check_symbols: nm not found (binutils)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# exported LIB: the symbols LIB exports -- its defined dynamic symbols of
# any kind (functions, data, weak, indirect) that other objects can bind to
# (nm's upper-case types, and u, v, w, i; a lower-case type is a local
# symbol the linker left in the table, which nothing outside resolves),
# version suffixes (@VER) removed, but the linker's section marks.
exported() {
  nm -D --defined-only "$1" |
    awk 'NF >= 3 && $2 ~ /^[A-Zuvwi]$/ { sub(/@.*/, "", $3); print $3 }' |
    grep -vxE '__bss_start|_edata|_end|_init|_fini' | LC_ALL=C sort -u || true
}

# declared HEADER: the functions HEADER declares. Comments and preprocessor
# lines (macros, guards, #include) are removed, the rest is cut at ';' into
# declarations; typedefs (the function pointer types among them) are
# skipped; what is left is a function declaration when an sdui_ (or
# luaopen_) name is followed by '(' -- the first one is the function, later
# ones would be parameters.
declared() {
  perl -0777 -ne '
    s{/\*.*?\*/}{ }gs;            # block comments
    s{//[^\n]*}{}g;               # line comments
    s{\\\n}{ }g;                  # line continuations (multi-line macros)
    s{^[ \t]*#[^\n]*}{}mg;        # preprocessor lines
    s{extern\s+"C"\s*\{}{ }g;     # C++ linkage block
    for my $decl (split /;/) {
      next if $decl =~ /^\s*typedef\b/;
      $decl =~ s/^[\s{}]+//;
      print "$1\n" if $decl =~ /\b((?:sdui|luaopen)_\w+)\s*\(/;
    }
  ' "$1" | LC_ALL=C sort -u
}

passed=0
failed=0
fail() {
  echo "$1"
  failed=$((failed + 1))
}

# Each header's functions; which headers libsdui.so implements.
: >"$tmp/engine_decl"
: >"$tmp/all_decl"
counts=()
for h in "${headers[@]}"; do
  name=$(basename "$h")
  declared "$h" >"$tmp/decl_$name"
  [ -s "$tmp/decl_$name" ] || fail "no function declared in $h"
  counts+=("$name $(wc -l <"$tmp/decl_$name")")
  sed "s|\$| $name|" "$tmp/decl_$name" >>"$tmp/all_decl"
  if [ "$h" != "$scripts_header" ] && [ "$name" != "$(basename "$scripts_header")" ]; then
    cat "$tmp/decl_$name" >>"$tmp/engine_decl"
  fi
done
LC_ALL=C sort -u -o "$tmp/engine_decl" "$tmp/engine_decl"
declared "$scripts_header" >"$tmp/scripts_decl"
{ cat "$tmp/scripts_decl"; echo luaopen_sdui; } | LC_ALL=C sort -u >"$tmp/lua_want"

# No function is declared in two headers.
LC_ALL=C sort -k1,1 "$tmp/all_decl" | awk '
  $1 == prev { where = where ", " $2; n++; next }
  { if (n > 1) print prev " is declared in two headers: " where; prev = $1; where = $2; n = 1 }
  END { if (n > 1) print prev " is declared in two headers: " where }
' >"$tmp/twice"
while read -r line; do fail "$line"; done <"$tmp/twice"

# libsdui.so: every symbol it exports against sdui.h and sdui_binding.h.
exported "$engine_lib" >"$tmp/engine_lib"
[ -s "$tmp/engine_lib" ] || fail "$engine_lib exports nothing"
while read -r sym; do
  if grep -qxF "$sym" "$tmp/engine_lib"; then
    passed=$((passed + 1))
  else
    fail "missing from $engine_lib: $sym (declared in $(awk -v s="$sym" '$1 == s { print $2; exit }' "$tmp/all_decl"))"
  fi
done <"$tmp/engine_decl"
while read -r sym; do
  if ! grep -qxF "$sym" "$tmp/engine_decl"; then
    where=$(awk -v s="$sym" '$1 == s { print $2; exit }' "$tmp/all_decl")
    fail "not declared in a header libsdui.so implements: $sym (exported by $engine_lib${where:+; declared in $where})"
  fi
done <"$tmp/engine_lib"

# libsdui_lua.so: every function it exports against sdui_scripts.h and luaopen_sdui.
exported "$lua_lib" >"$tmp/lua_lib"
while read -r sym; do
  if grep -qxF "$sym" "$tmp/lua_lib"; then
    passed=$((passed + 1))
  else
    fail "missing from $lua_lib: $sym (declared in $(basename "$scripts_header"), or the Lua module's luaopen_sdui)"
  fi
done <"$tmp/lua_want"
while read -r sym; do
  if ! grep -qxF "$sym" "$tmp/lua_want"; then
    fail "not in $(basename "$scripts_header"): $sym (exported by $lua_lib)"
  fi
done <"$tmp/lua_lib"

summary=$(printf '%s, ' "${counts[@]}")
echo "functions declared: ${summary%, }; symbols exported: $(wc -l <"$tmp/engine_lib") by $(basename "$engine_lib"), $(wc -l <"$tmp/lua_lib") by $(basename "$lua_lib")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
