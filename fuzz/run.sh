#!/usr/bin/env bash
# Runs the libFuzzer harnesses (see fuzz/README.md).
#
#   run.sh smoke SECONDS BUILD NAME...   replays every seed (fuzz/seeds/<name>)
#       and regression input (fuzz/regressions/<name>) through its harness,
#       then fuzzes each harness SECONDS seconds from them in a scratch
#       corpus; prints "fuzz-smoke: N passed, M failed". Both steps run with
#       the harness's -timeout: an input that runs longer fails the smoke.
#       What the fuzzing finds is kept in BUILD/crashes/<name>/smoke-*.
#   run.sh fuzz SECONDS BUILD NAME...    fuzzes each harness SECONDS seconds,
#       niced, on BUILD/corpus/<name> (kept between runs, seeded from
#       fuzz/seeds/<name> and fuzz/regressions/<name>); crashes land in
#       BUILD/crashes/<name>; prints the last status line of each.
#
# Every process it starts is its child and is ended when it exits, even when
# it is interrupted half-way.
set -uo pipefail
cd "$(dirname "$0")/.."
mode=$1 seconds=$2 build=$3
shift 3

scratch=$(mktemp -d "${TMPDIR:-/tmp}/sdui-fuzz.XXXXXX")
cleanup() {
  local pids
  pids=$(jobs -p)
  [ -n "$pids" ] && kill $pids 2>/dev/null
  wait 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The ASan and UBSan options of every run: a hang or a finding stops the run.
# Leak detection stays on: the harnesses free what they make.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0}"
export TMPDIR=$scratch

# Per harness: its options (every run, replays included: libFuzzer's -timeout
# holds for each file it runs, so an input that runs longer is a finding) and
# its seed folders.
options() {
  local name=$1 opts="-rss_limit_mb=2048"
  [ -f "fuzz/dict/$name.dict" ] && opts="$opts -dict=fuzz/dict/$name.dict"
  case $name in
    path) opts="$opts -timeout=5 -max_len=512" ;;
    action) opts="$opts -timeout=5 -max_len=4096" ;;
    script) opts="$opts -timeout=$SCRIPT_TIMEOUT -max_len=8192" ;;
    *) opts="$opts -timeout=5 -max_len=65536" ;;
  esac
  echo "$opts"
}
# The script harness's per-input limit, in seconds: fuzz_script gives each
# run of a script a 100 ms deadline, so an input that runs this long escaped
# its limits.
SCRIPT_TIMEOUT=${SCRIPT_TIMEOUT:-5}
# Every harness is also seeded with its regression inputs (for fuzz_script,
# one script per family of hostile input), and the script harness with the
# example scripts, read where they are rather than copied.
seed_dirs() {
  local name=$1 dirs="fuzz/seeds/$name fuzz/regressions/$name"
  [ "$name" = script ] && dirs="$dirs lua/examples/scripts lua/examples/scripts_v2"
  for d in $dirs; do [ -d "$d" ] && echo "$d"; done
}

# Runs a command as a background child and waits for it, so the traps above
# end it when this script is interrupted or terminated.
run() { "$@" & wait $!; }

passed=0 failed=0
case $mode in
  smoke)
    for name in "$@"; do
      bin=$build/fuzz_$name
      files=()
      for d in $(seed_dirs "$name"); do
        [ -d "$d" ] && while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$d" -type f -print0 | sort -z)
      done
      log=$scratch/$name.replay.log
      # shellcheck disable=SC2046
      if run "$bin" $(options "$name") "${files[@]}" > "$log" 2>&1; then
        passed=$((passed + 1))
      else
        failed=$((failed + 1))
        echo "fuzz-smoke: $name: replaying ${#files[@]} inputs failed:" >&2
        tail -40 "$log" >&2
        # the input it failed on (a deep stack pushes that line out of the tail)
        grep -a '^Running: ' "$log" | tail -1 | sed "s/^/fuzz-smoke: $name: /" >&2
      fi
      corpus=$scratch/corpus-$name
      mkdir -p "$corpus"
      log=$scratch/$name.fuzz.log
      # shellcheck disable=SC2046
      if run "$bin" $(options "$name") -max_total_time="$seconds" -print_final_stats=1 \
           -artifact_prefix="$scratch/" "$corpus" $(seed_dirs "$name") > "$log" 2>&1; then
        passed=$((passed + 1))
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "  fuzz_$name: ${#files[@]} inputs replayed, ${execs:-?} runs in ${seconds}s"
      else
        failed=$((failed + 1))
        echo "fuzz-smoke: $name: fuzzing found something:" >&2
        tail -60 "$log" >&2
        # the scratch folder goes when this script ends: the inputs are kept
        mkdir -p "$build/crashes/$name"
        for f in "$scratch"/crash-* "$scratch"/timeout-* "$scratch"/leak-* "$scratch"/oom-*; do
          [ -f "$f" ] && cp "$f" "$build/crashes/$name/smoke-${f##*/}" && echo "kept as $build/crashes/$name/smoke-${f##*/}" >&2
        done
      fi
    done
    echo "fuzz-smoke: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    ;;
  fuzz)
    for name in "$@"; do
      bin=$build/fuzz_$name
      corpus=$build/corpus/$name crashes=$build/crashes/$name
      mkdir -p "$corpus" "$crashes"
      log=$build/fuzz_$name.log
      echo "== fuzz_$name: ${seconds}s, corpus $corpus, log $log"
      # shellcheck disable=SC2046
      if run nice -n 10 "$bin" $(options "$name") -max_total_time="$seconds" -print_final_stats=1 \
           -artifact_prefix="$crashes/" "$corpus" $(seed_dirs "$name") > "$log" 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
      grep -E '^#[0-9]+' "$log" | tail -1
      grep -E 'ERROR|invariant|==[0-9]+==' "$log" | head -5
    done
    echo "fuzz: $passed passed, $failed failed (crashes in $build/crashes)"
    [ "$failed" -eq 0 ]
    ;;
  *)
    echo "usage: run.sh smoke|fuzz SECONDS BUILD NAME..." >&2
    exit 2
    ;;
esac
