#!/usr/bin/env bash
# bench/run.sh -- sdui's benchmarks side by side with the plain-Lua peer.
#
# Run from anywhere as `make bench` (or `bash bench/run.sh`). Uses the
# shared benchmark inputs at ../shared/bench from the repository root
# (make_page.py, peer_pure_lua.lua), prints one table and writes
# bench/results.md and bench/results.json.
#
# Environment: PAGE_SIZE (components, default 1000), W4_ROUNDS (default 200),
# PEER_ROUNDS (default 15, the peer's own default), SDUI_BENCH_SHARED (the
# folder holding the shared inputs).
#
# Workloads (this first version has one):
#   W4  one favourite toggle on a rendered page until the host has the
#       update: sdui_dispatch + sdui_patches_json, against the peer's
#       update_full_rerender (toggle, re-render every component, encode).
#       Target: sdui at least 100x faster.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
SHARED=${SDUI_BENCH_SHARED:-$ROOT/../shared/bench}
PAGE_SIZE=${PAGE_SIZE:-1000}
W4_ROUNDS=${W4_ROUNDS:-200}
PEER_ROUNDS=${PEER_ROUNDS:-15}
OUT=$ROOT/build/bench
W4=$OUT/w4

die() {
    echo "bench: $*" >&2
    exit 1
}

for f in make_page.py peer_pure_lua.lua; do
    [ -f "$SHARED/$f" ] || die "missing $SHARED/$f: the shared benchmark folder is expected at ../shared/bench from the repository root (or set SDUI_BENCH_SHARED)"
done
command -v python3 >/dev/null || die "python3 is needed to generate the page"
command -v lua5.4 >/dev/null || die "lua5.4 is needed to run the peer: apt-get install -y lua5.4"

# The peer needs lua-cjson (Debian package lua-cjson).
if ! lua5.4 -e 'require "cjson"' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "bench: installing lua-cjson for the peer"
        apt-get install -y lua-cjson >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y lua-cjson >/dev/null; }
    fi
    lua5.4 -e 'require "cjson"' >/dev/null 2>&1 ||
        die "the peer needs lua-cjson: sudo apt-get install -y lua-cjson"
fi

# The engine (release build) and the W4 host; `make bench` has built them.
if [ -z "${MAKELEVEL:-}" ] || [ ! -x "$W4" ]; then
    make -s lib lua "build/bench/w4" >/dev/null
fi
[ -x "$W4" ] || die "$W4 was not built"

mkdir -p "$OUT"
PAGE=$OUT/page_$PAGE_SIZE.json
python3 "$SHARED/make_page.py" "$PAGE_SIZE" >"$PAGE"

echo "== peer: lua5.4 peer_pure_lua.lua page_$PAGE_SIZE.json $PEER_ROUNDS"
lua5.4 "$SHARED/peer_pure_lua.lua" "$PAGE" "$PEER_ROUNDS" | tee "$OUT/peer.txt"
PEER_W4=$(awk '$1 == "update_full_rerender" { print $2 }' "$OUT/peer.txt")
[ -n "$PEER_W4" ] || die "the peer printed no update_full_rerender line"

echo "== sdui: w4 page_$PAGE_SIZE.json $W4_ROUNDS"
"$W4" "$PAGE" "$W4_ROUNDS" "$ROOT/bench/scripts" | tee "$OUT/w4.txt"
W4_LINE=$(grep '^W4 rounds=' "$OUT/w4.txt") || die "w4 printed no result line"
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$W4_LINE"; }
SDUI_W4=$(field median_ms)
SDUI_MIN=$(field min_ms)
SDUI_MAX=$(field max_ms)
PATCH_BYTES=$(field patch_bytes)

TARGET_X=100
TARGET="≥100x faster than the peer's full re-render + encode"
read -r RATIO MET <<<"$(awk -v s="$SDUI_W4" -v p="$PEER_W4" -v t="$TARGET_X" \
    'BEGIN { r = p / s; printf "%.1f %s\n", r, (r >= t ? "yes" : "no") }')"
JSON_MET=$([ "$MET" = yes ] && echo true || echo false)
DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
MACHINE="$(uname -m), $(nproc) cores, $(uname -sr)"

# One markdown table, padded by characters (python3 counts "–" and "≥" as one).
TABLE=$(python3 - "$SDUI_W4" "$PEER_W4" "$RATIO" "$SDUI_MIN" "$SDUI_MAX" "$MET" <<'PY'
import sys
sdui, peer, ratio, lo, hi, met = sys.argv[1:]
rows = [["workload", "sdui median", "peer median", "peer/sdui", "sdui min–max", "target", "met"],
        ["W4", "%.4f ms" % float(sdui), "%.3f ms" % float(peer), ratio + "x",
         "%.4f–%.4f ms" % (float(lo), float(hi)), "≥100x faster", met]]
widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
print(line(rows[0]))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for r in rows[1:]:
    print(line(r))
PY
)
echo
echo "$TABLE"
echo
echo "W4: one favourite toggle on a rendered $PAGE_SIZE-component page; sdui: dispatch + patches ($PATCH_BYTES bytes of patches), peer: toggle + full re-render + encode."

cat >"$ROOT/bench/results.md" <<EOF
# Benchmark results

Date: $DATE
Machine: $MACHINE
Page: \`make_page.py $PAGE_SIZE\` ($(wc -c <"$PAGE") bytes). Peer: \`peer_pure_lua.lua\` (Lua 5.4 + lua-cjson), median of $PEER_ROUNDS rounds.
sdui: \`bench/w4\` with the Lua scripts in \`bench/scripts\` through the script host, median of $W4_ROUNDS rounds.

$TABLE

- **W4**: one favourite toggle on a rendered page until the host has the update.
  sdui: \`sdui_dispatch\` of \`favorites/toggle\` + \`sdui_patches_json\` (one component re-rendered,
  $PATCH_BYTES bytes of patches). Peer: \`update_full_rerender\` (the toggle, every component
  rendered again, the whole tree encoded with cjson).

Regenerate with \`make bench\`. Absolute numbers are noisy; compare ratios from one run.
EOF

cat >"$ROOT/bench/results.json" <<EOF
{"W4": {"sdui_ms": $SDUI_W4, "peer_ms": $PEER_W4, "ratio": $RATIO, "target": "$TARGET", "met": $JSON_MET, "unit": "ms"}}
EOF
echo "wrote bench/results.md and bench/results.json"
