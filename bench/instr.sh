#!/usr/bin/env bash
# bench/instr.sh -- instruction counts of W1 and W2 under callgrind (`make
# bench-instr`): stable where wall time is noisy.
#
# sdui: `workloads w1|w2 PAGE 1` (one round) under valgrind --tool=callgrind,
#   counting only inside the timed calls (--toggle-collect on sdui_load_page,
#   and sdui_render_json for W2), written to build/bench/callgrind.W1.out and
#   callgrind.W2.out; and once more counting the whole process (engine, script
#   loading, checks), callgrind.W1.process.out and callgrind.W2.process.out.
# peer: bench/peer_instr.lua runs one cjson.decode (W1) or one
#   encode(render(decode)) (W2) with the peer's own code; the count of a run
#   that only reads the page (base) is subtracted, leaving the step alone.
# Prints a table; the Ir figures are callgrind's "totals:" lines. Then W2
#   once more with each cost's callers (--separate-callers=60,
#   callgrind.W2.steps.out) and bench/instr_steps.py's table of where its
#   instructions go: page load, data decode, packed + Lua tables, the
#   factory's Lua, the view walk, the screen JSON writer, and the rest (Lua
#   GC, malloc/free, retain/release, other engine work); needs objdump.
# Inspect a profile with: callgrind_annotate build/bench/callgrind.W2.out | head -40
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
SHARED=${SDUI_BENCH_SHARED:-$ROOT/../shared/bench}
PAGE_SIZE=${PAGE_SIZE:-1000}
OUT=$ROOT/build/bench
WORKLOADS=$OUT/workloads
SCRIPTS=$ROOT/bench/scripts

die() {
    echo "bench-instr: $*" >&2
    exit 1
}

command -v valgrind >/dev/null || die "valgrind is needed: apt-get install -y valgrind"
. "$ROOT/bench/peer_deps.sh"
[ -f "$SHARED/make_page.py" ] || die "missing $SHARED/make_page.py (or set SDUI_BENCH_SHARED)"
if [ -z "${MAKELEVEL:-}" ] || [ ! -x "$WORKLOADS" ]; then
    make -s lib lua build/bench/workloads >/dev/null
fi
[ -x "$WORKLOADS" ] || die "$WORKLOADS was not built"
mkdir -p "$OUT"
PAGE=$OUT/page_$PAGE_SIZE.json
python3 "$SHARED/make_page.py" "$PAGE_SIZE" >"$PAGE"

# callgrind NAME [valgrind options --] COMMAND...: runs it, prints its total Ir.
callgrind() {
    local name=$1
    shift
    local opts=()
    while [ "$1" != "--" ]; do
        opts+=("$1")
        shift
    done
    shift
    local file=$OUT/callgrind.$name.out
    valgrind --tool=callgrind --callgrind-out-file="$file" "${opts[@]}" "$@" >"$file.log" 2>&1 ||
        die "$name failed under callgrind; see $file.log"
    local ir
    ir=$(awk '$1 == "totals:" { print $2; exit }' "$file")
    [ -n "$ir" ] || die "no totals line in $file"
    echo "$ir"
}

echo "== callgrind, page_$PAGE_SIZE.json (one round each)"
W1=$(callgrind W1 --collect-atstart=no --toggle-collect=sdui_load_page -- "$WORKLOADS" w1 "$PAGE" 1 "$SCRIPTS")
W1_ALL=$(callgrind W1.process -- "$WORKLOADS" w1 "$PAGE" 1 "$SCRIPTS")
W2=$(callgrind W2 --collect-atstart=no --toggle-collect=sdui_load_page --toggle-collect=sdui_render_json -- \
    "$WORKLOADS" w2 "$PAGE" 1 "$SCRIPTS")
W2_ALL=$(callgrind W2.process -- "$WORKLOADS" w2 "$PAGE" 1 "$SCRIPTS")

PEER_BASE=$(callgrind peer.base -- lua5.4 "$ROOT/bench/peer_instr.lua" base "$SHARED/peer_pure_lua.lua" "$PAGE")
PEER_DECODE=$(callgrind peer.decode -- lua5.4 "$ROOT/bench/peer_instr.lua" decode "$SHARED/peer_pure_lua.lua" "$PAGE")
PEER_PIPE=$(callgrind peer.pipeline -- lua5.4 "$ROOT/bench/peer_instr.lua" pipeline "$SHARED/peer_pure_lua.lua" "$PAGE")

python3 - "$W1" "$W1_ALL" "$W2" "$W2_ALL" "$PEER_BASE" "$PEER_DECODE" "$PEER_PIPE" <<'PY'
import sys
w1, w1_all, w2, w2_all, base, decode, pipe = map(int, sys.argv[1:])
rows = [["workload", "sdui Ir (timed calls)", "sdui Ir (whole process)", "peer Ir (the step)", "peer/sdui"],
        ["W1 parse: sdui_load_page / cjson.decode", w1, w1_all, decode - base, (decode - base) / w1],
        ["W2 load + render_json / decode+render+encode", w2, w2_all, pipe - base, (pipe - base) / w2]]
cells = [rows[0]] + [[r[0], "{:,}".format(r[1]), "{:,}".format(r[2]), "{:,}".format(r[3]), "%.2fx" % r[4]]
                     for r in rows[1:]]
widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
line = lambda c: "| " + " | ".join(x.ljust(w) for x, w in zip(c, widths)) + " |"
print(line(cells[0]))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for r in cells[1:]:
    print(line(r))
print("peer base (reading the page, loading the peer's code): {:,} Ir".format(base))
PY

# Where W2's instructions go, step by step: the same run once more with each
# cost's chain of callers (--separate-callers), which bench/instr_steps.py
# needs to give every instruction to one step (or to the rest) exactly once.
echo
echo "== W2 step by step (bench/instr_steps.py build/bench/callgrind.W2.steps.out)"
W2_STEPS=$(callgrind W2.steps --collect-atstart=no --toggle-collect=sdui_load_page --toggle-collect=sdui_render_json \
    --separate-callers=60 -- "$WORKLOADS" w2 "$PAGE" 1 "$SCRIPTS")
[ -n "$W2_STEPS" ] || die "no W2.steps total"
python3 "$ROOT/bench/instr_steps.py" "$OUT/callgrind.W2.steps.out" "$W2" || die "bench/instr_steps.py failed"
echo "profiles: build/bench/callgrind.{W1,W2}.out (callgrind_annotate FILE); W2.steps.out has caller chains"
