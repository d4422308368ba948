#!/usr/bin/env bash
# install_test.sh -- `make install` into a temporary prefix, then build and
# run a C host (sdui.h, sdui_scripts.h) and a binding (sdui_binding.h) with
# `pkg-config --cflags --libs sdui-scripts` (the binding with `sdui` alone), load the module
# in stock lua5.4 from the installed path, run the installed CLI (its
# version, its help, a render with the installed libraries), and `make uninstall`.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
# shellcheck source=Tests/checks.sh
. Tests/checks.sh

make -s install PREFIX="$prefix" >/dev/null
for f in lib/libsdui.so lib/libsdui.so.0 lib/libsdui.so.0.1.0 lib/libsdui_lua.so lib/libsdui_lua.so.0 \
  lib/libsdui_lua.so.0.1.0 lib/lua/5.4/sdui.so include/sdui.h include/sdui_binding.h include/sdui_scripts.h \
  lib/pkgconfig/sdui.pc lib/pkgconfig/sdui-scripts.pc bin/sdui share/man/man1/sdui.1 share/doc/sdui/LICENSE \
  share/doc/sdui/CHANGELOG.md; do
  check "installed $f" test -e "$prefix/$f"
done
check "libsdui.so.0 is the engine's soname" bash -c "readelf -d '$prefix/lib/libsdui.so.0.1.0' | grep -q 'SONAME.*\[libsdui.so.0\]'"
check "libsdui_lua.so.0 is the script host's soname" \
  bash -c "readelf -d '$prefix/lib/libsdui_lua.so.0.1.0' | grep -q 'SONAME.*\[libsdui_lua.so.0\]'"
for f in lib/libsdui.so.0.1.0 lib/libsdui_lua.so.0.1.0 bin/sdui; do
  check "the installed $f has no debug information" bash -c "readelf -S '$prefix/$f' >'$work/sections' &&
    ! grep -q '\.debug_' '$work/sections'"
done

mkdir -p "$work/scripts"
cat >"$work/scripts/hello.lua" <<'LUA'
local ui = require "sdui.ui"
return { components = { Hello = function(data) return ui.text("hello " .. data.name) end } }
LUA
cat >"$work/host.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <sdui.h>
#include <sdui_scripts.h>
int main(int argc, char **argv) {
    (void)argc;
    const char *page = "[{\"id\":\"h\",\"type\":\"Hello\",\"data\":{\"name\":\"installed\"}}]";
    sdui_engine *e = sdui_engine_new();
    char *text = NULL;
    if (sdui_scripts_load(e, argv[1]) != SDUI_OK || sdui_load_page(e, page, strlen(page)) != SDUI_OK ||
        sdui_render_text(e, &text, NULL) != SDUI_OK) {
        fprintf(stderr, "%s\n", sdui_errmsg(e));
        return 1;
    }
    fputs(text, stdout);
    sdui_free(text);
    sdui_engine_free(e);
    return 0;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
check "pkg-config knows sdui and sdui-scripts" pkg-config --exists sdui sdui-scripts
check "sdui alone brings no Lua" bash -c "! pkg-config --libs sdui | grep -q lua"
check "sdui-scripts brings the script host and Lua" bash -c "pkg-config --libs sdui-scripts | grep -q -- '-lsdui_lua.*-lsdui.*lua'"
# shellcheck disable=SC2046
check "host builds with pkg-config flags only" cc -std=c11 -o "$work/host" "$work/host.c" \
  $(pkg-config --cflags --libs sdui-scripts)
printf '#include <sdui_binding.h>\nint main(void) { return sdui_call_versions(NULL, NULL, NULL) == SDUI_EINVAL ? 0 : 1; }\n' \
  >"$work/binding.c"
# shellcheck disable=SC2046
check "a binding builds with the installed sdui_binding.h" \
  cc -std=c11 -o "$work/binding" "$work/binding.c" $(pkg-config --cflags --libs sdui)
check "the binding runs" "$work/binding"
check "host runs scripts from the install" bash -c "'$work/host' '$work/scripts' | grep -q 'hello installed'"
version=$(sed -n 's/^VERSION *:= *//p' Makefile)
check "the installed sdui --version prints the release" \
  bash -c "'$prefix/bin/sdui' --version | grep -qx 'sdui $version (library $version)'"
check "the installed sdui --help lists every command" \
  bash -c "'$prefix/bin/sdui' --help >'$work/help' && grep -q '^  render ' '$work/help' && grep -q '^  validate ' '$work/help'"
check "the installed sdui loads the installed libraries" \
  bash -c "ldd '$prefix/bin/sdui' | grep -q 'libsdui.so.0 => $prefix/lib/' &&
    ldd '$prefix/bin/sdui' | grep -q 'libsdui_lua.so.0 => $prefix/lib/'"
check "the installed sdui renders with scripts" bash -c "echo '[{\"id\":\"h\",\"type\":\"Hello\",\"data\":{\"name\":\"cli\"}}]' |
  '$prefix/bin/sdui' render - --scripts '$work/scripts' --format text | grep -q 'hello cli'"
check "the installed sdui validates" bash -c "'$prefix/bin/sdui' validate '$work/scripts/hello.lua' >/dev/null"
if command -v groff >/dev/null 2>&1; then
  check "the manual page formats with no warning" \
    bash -c "groff -man -ww -z '$prefix/share/man/man1/sdui.1' 2>'$work/groff' && ! test -s '$work/groff'"
fi
check "lua5.4 finds the installed module" \
  env LUA_CPATH="$prefix/lib/lua/5.4/?.so" lua5.4 -e 'local sdui = require "sdui"; assert(sdui.version == "0.1.0")'

# Every way to build the headers and README give works as written: each
# header's `pkg-config ...` commands and "link -l..." lists build a program
# calling that header's functions, which runs; README's two command lines
# for hello.c build its C example, which prints its greeting.
doc_lines() { # doc_lines FILE: FILE's `pkg-config ...` commands and "link -l..." flags, one a line
  perl -0777 -ne 's/\s*\n\*\*\s*/ /g; print "$1\n" while /`(pkg-config [^`]*)`/g;
                  print "$1\n" while /\blink ((?:-l[\w.]+\s*)+)/g' "$1"
}
probe_sdui='sdui_engine *e = sdui_engine_new(); int ok = e != NULL; sdui_engine_free(e); return ok ? 0 : 1;'
probe_sdui_binding='return sdui_call_versions(NULL, NULL, NULL) == SDUI_EINVAL ? 0 : 1;'
probe_sdui_scripts='return sdui_scripts_load(NULL, ".") == SDUI_EINVAL ? 0 : 1;'
for h in sdui sdui_binding sdui_scripts; do
  probe=probe_$h
  printf '#include <stddef.h>\n#include <%s.h>\nint main(void) { %s }\n' "$h" "${!probe}" >"$work/doc_$h.c"
  n=0
  while read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    case $line in
      pkg-config*) flags=$($line) ;;
      *) flags="-L$prefix/lib -Wl,-rpath,$prefix/lib $line" ;;
    esac
    # shellcheck disable=SC2086
    check "$h.h's \"$line\" builds a program calling its functions" \
      cc -std=c11 -I"$prefix/include" -o "$work/doc_$h" "$work/doc_$h.c" $flags
    check "$h.h's \"$line\" program runs" "$work/doc_$h"
  done < <(doc_lines "$prefix/include/$h.h")
  echo "$h.h: $n build lines"
done
check "sdui_scripts.h says how to link it" test -n "$(doc_lines "$prefix/include/sdui_scripts.h")"
awk '/^```c$/{on=1;next} /^```$/{if(on)exit} on' README.md >"$work/hello.c"
n=0
while read -r line; do
  n=$((n + 1))
  rm -f "$work/hello"
  command=${line/cc hello.c/cc -o $work/hello $work/hello.c}
  check "README's \`$line\` builds hello.c" bash -c "$command"
  check "README's \`$line\` hello runs" bash -c "'$work/hello' | grep -q world"
done < <(grep -o '`cc hello\.c [^`]*`' README.md | tr -d '`')
check "README gives two ways to build hello.c" test "$n" -eq 2

make -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f -o -type l | wc -l)
check "uninstall removes every file" test "$left" -eq 0

report install
