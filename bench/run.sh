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
# Workloads:
#   W4  one favourite toggle on a rendered page until the host has the
#       update: sdui_dispatch + sdui_patches_json, against the peer's
#       update_full_rerender (toggle, re-render every component, encode).
#       Target: sdui at least 100x faster.
#   L1  layout of the rendered 1,000 page at 80 columns, as JSON for the
#       host: every component laid out afresh (cold), and after one toggle
#       (warm: one component laid out, the rest from the cache). Target ≤1 ms.
#   F1  time to first frame with a 50-row viewport, 10,000 page against the
#       20 page. Target: no more than twice the 20 page.
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

# The engine (release build) and the benchmark hosts; `make bench` has built them.
FRAMES=$OUT/frames
if [ -z "${MAKELEVEL:-}" ] || [ ! -x "$W4" ] || [ ! -x "$FRAMES" ]; then
    make -s lib lua "build/bench/w4" "build/bench/frames" >/dev/null
fi
[ -x "$W4" ] || die "$W4 was not built"
[ -x "$FRAMES" ] || die "$FRAMES was not built"

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

echo "== sdui: frames (layout, first frame with a viewport)"
python3 "$SHARED/make_page.py" 10000 >"$OUT/page_10000.json"
python3 "$SHARED/make_page.py" 20 >"$OUT/page_20.json"
"$FRAMES" "$PAGE" "$OUT/page_10000.json" "$OUT/page_20.json" 20 "$ROOT/bench/scripts" | tee "$OUT/frames.txt"
L1_LINE=$(grep '^L1 ' "$OUT/frames.txt") || die "frames printed no L1 line"
F1_LINE=$(grep '^F1 ' "$OUT/frames.txt") || die "frames printed no F1 line"
value() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
L1_COLD=$(value "$L1_LINE" cold_ms)
L1_WARM=$(value "$L1_LINE" warm_ms)
F1_BIG=$(value "$F1_LINE" big_ms)
F1_SMALL=$(value "$F1_LINE" small_ms)
L1_MET=$(awk -v c="$L1_COLD" 'BEGIN { print (c <= 1 ? "yes" : "no") }')
F1_RATIO=$(awk -v b="$F1_BIG" -v s="$F1_SMALL" 'BEGIN { printf "%.2f", b / s }')
F1_MET=$(awk -v r="$F1_RATIO" 'BEGIN { print (r <= 2 ? "yes" : "no") }')

TARGET_X=100
TARGET="≥100x faster than the peer's full re-render + encode"
read -r RATIO MET <<<"$(awk -v s="$SDUI_W4" -v p="$PEER_W4" -v t="$TARGET_X" \
    'BEGIN { r = p / s; printf "%.1f %s\n", r, (r >= t ? "yes" : "no") }')"
JSON_MET=$([ "$MET" = yes ] && echo true || echo false)
DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
MACHINE="$(uname -m), $(nproc) cores, $(uname -sr)"

# One markdown table, padded by characters (python3 counts "–" and "≥" as one).
TABLE=$(python3 - "$SDUI_W4" "$PEER_W4" "$RATIO" "$SDUI_MIN" "$SDUI_MAX" "$MET" \
    "$L1_COLD" "$L1_WARM" "$L1_MET" "$F1_BIG" "$F1_SMALL" "$F1_RATIO" "$F1_MET" <<'PY'
import sys
sdui, peer, ratio, lo, hi, met, l1c, l1w, l1m, f1b, f1s, f1r, f1m = sys.argv[1:]
rows = [["workload", "sdui median", "peer median", "peer/sdui", "sdui min–max", "target", "met"],
        ["W4", "%.4f ms" % float(sdui), "%.3f ms" % float(peer), ratio + "x",
         "%.4f–%.4f ms" % (float(lo), float(hi)), "≥100x faster", met],
        ["L1 layout, cold", "%.3f ms" % float(l1c), "–", "–", "warm (1 changed): %.3f ms" % float(l1w), "≤1 ms", l1m],
        ["F1 first frame, 10k", "%.3f ms" % float(f1b), "20 page: %.3f ms" % float(f1s), f1r + "x of 20",
         "–", "≤2x the 20 page", f1m]]
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

- **L1**: \`sdui_layout_json\` of the rendered page at 80 columns, every component laid out
  afresh (cold) — and after one toggle (warm), when only that card is laid out again and the
  rest comes from the cache; both include writing the whole layout as JSON for the host.
- **F1**: from a loaded page to the first viewport's layout (50 rows, 80 columns):
  \`sdui_set_viewport\` + \`sdui_layout_json\`, for the 10,000-component page and the 20 one.

Regenerate with \`make bench\`. Absolute numbers are noisy; compare ratios from one run.
EOF

cat >"$ROOT/bench/results.json" <<EOF
{"W4": {"sdui_ms": $SDUI_W4, "peer_ms": $PEER_W4, "ratio": $RATIO, "target": "$TARGET", "met": $JSON_MET, "unit": "ms"},
 "L1": {"sdui_ms": $L1_COLD, "warm_ms": $L1_WARM, "target": "≤1 ms for the 1,000 page", "met": $([ "$L1_MET" = yes ] && echo true || echo false), "unit": "ms"},
 "F1": {"sdui_ms": $F1_BIG, "small_page_ms": $F1_SMALL, "ratio": $F1_RATIO, "target": "≤2x the 20-component page", "met": $([ "$F1_MET" = yes ] && echo true || echo false), "unit": "ms"}}
EOF
echo "wrote bench/results.md and bench/results.json"
