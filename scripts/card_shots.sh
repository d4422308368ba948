#!/usr/bin/env bash
# scripts/card_shots.sh OUT_DIR CARD.json...: an HTML preview of each Adaptive
# Card (make card) and its screenshot in headless Chromium, OUT_DIR/NAME.png
# (NAME: the card file's name). Used for the pictures in README; needs
# chromium (scripts/deps.sh installs it). Leaves no browser running.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$1
shift
mkdir -p "$out"
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "card_shots: chromium is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for card in "$@"; do
  name=$(basename "$card" .json)
  make -s card CARD="$card" OUT="$work/$name.html" >/dev/null
  timeout 60 "$chromium" --headless=new --no-sandbox --disable-gpu --no-first-run --no-default-browser-check \
    --disable-extensions --hide-scrollbars --user-data-dir="$work/profile-$name" \
    --host-resolver-rules="MAP * ~NOTFOUND" --screenshot="$out/$name.png" --window-size=640,720 \
    "file://$work/$name.html" >/dev/null 2>&1
  echo "card_shots: $out/$name.png"
done
