#!/usr/bin/env bash
# check_version.sh VERSION -- the version is written in five places, and
# each must be the latest release of CHANGELOG.md (its first "## [X.Y.Z] -
# YYYY-MM-DD" section): VERSION (the Makefile's, passed by make
# check-version), SDUI_VERSION and its parts in include/sdui.h, the manual
# page's title line (tools/sdui.1), the rockspec's file name and its
# `version`. Prints each disagreement.
set -euo pipefail
cd "$(dirname "$0")/.."

make_version=${1:?usage: check_version.sh VERSION}
passed=0
failed=0
check() { # check DESCRIPTION FOUND
  if [ "$2" = "$release" ]; then passed=$((passed + 1)); else
    echo "FAILED: $1 is '$2', the CHANGELOG's latest release is $release"; failed=$((failed + 1)); fi
}

release=$( (sed -n 's/^## \[\([0-9][0-9.]*\)\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}$/\1/p' CHANGELOG.md || true) | head -1)
if [ -z "$release" ]; then
  echo "FAILED: CHANGELOG.md has no release section '## [X.Y.Z] - YYYY-MM-DD'"
  echo "version: 0 passed, 1 failed"
  exit 1
fi
IFS=. read -r major minor patch <<<"$release"

define() { sed -n "s/^#define $1 \"\{0,1\}\([0-9.]*\)\"\{0,1\}$/\1/p" include/sdui.h; }
check "the Makefile's VERSION" "$make_version"
check "sdui.h's SDUI_VERSION" "$(define SDUI_VERSION)"
check "sdui.h's SDUI_VERSION_MAJOR.MINOR.PATCH" "$(define SDUI_VERSION_MAJOR).$(define SDUI_VERSION_MINOR).$(define SDUI_VERSION_PATCH)"
check "sdui.h's SDUI_VERSION_NUMBER (as X.Y.Z)" \
  "$(n=$(define SDUI_VERSION_NUMBER); [ -n "$n" ] && echo "$((n / 1000000)).$((n / 1000 % 1000)).$((n % 1000))")"
check "tools/sdui.1's version" "$(sed -n 's/^\.TH SDUI 1 [0-9-]* "sdui \([0-9.]*\)".*/\1/p' tools/sdui.1)"
rockspecs=(sdui-*.rockspec)
if [ ${#rockspecs[@]} -ne 1 ]; then
  echo "FAILED: expected one sdui-*.rockspec, found ${#rockspecs[@]}: ${rockspecs[*]}"
  failed=$((failed + 1))
else
  name=${rockspecs[0]#sdui-}
  check "the rockspec's file name" "${name%-*.rockspec}"
  check "the rockspec's version" "$(sed -n 's/^version = "\(.*\)-[0-9]*"$/\1/p' "${rockspecs[0]}")"
fi

echo "version: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
