#!/usr/bin/env bash
# run.sh -- tests of `sdui render` (build/bin/sdui) and its HTML preview.
#
#   1. the helpers' unit tests (build/tests/preview_tools_test);
#   2. the CLI: examples/home.json with lua/examples/scripts as html, text and
#      json, and its exit codes and messages for usage and load errors;
#   3. the preview in headless Chromium: a screenshot (build/preview/home.png)
#      and the DOM (build/preview/home.dom.html); Chromium exits 0, the page
#      logs nothing to the console, the PNG is a real picture, the DOM holds
#      the movie titles and every component id; an edge-case page (every node
#      kind, markup in text, a failing factory, an unknown type, the controls:
#      disabled buttons, tooltips, tap targets, accessibility) is escaped and
#      drawn; at 800 px with scrollbars, no page scrolls sideways (its
#      scrollWidth at most its clientWidth); an image's placeholder drawn
#      while the picture is missing (build/preview/placeholder.png,
#      build/preview/edge-800.png);
#   4. the CLI under valgrind: no errors, no definite leaks.
#
# Prints "preview: N passed, M failed"; exits 1 on any failure.
# Needs: build/bin/sdui and build/tests/preview_tools_test (make test-preview
# builds them), python3, chromium (scripts/deps.sh installs it), valgrind.
set -uo pipefail
cd "$(dirname "$0")/../.."

SDUI=build/bin/sdui
OUT=build/preview
PAGE=examples/home.json
SCRIPTS=lua/examples/scripts
mkdir -p "$OUT"

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }
check() { # check DESCRIPTION COMMAND... : passes when the command succeeds
  local what=$1
  shift
  if "$@" >/dev/null 2>&1; then pass; else fail "$what"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- 1. unit tests of the helpers -------------------------------------------
if build/tests/preview_tools_test >"$work/unit.out" 2>&1; then pass; else
  cat "$work/unit.out"
  fail "tools unit tests"
fi

# --- 2. the CLI ----------------------------------------------------------------
# expect STATUS DESCRIPTION PATTERN -- ARGS...: runs sdui ARGS, checks the exit
# status and that stderr matches PATTERN (grep -E; empty: anything).
expect() {
  local status=$1 what=$2 pattern=$3
  shift 4
  "$SDUI" "$@" >"$work/stdout" 2>"$work/stderr"
  local got=$?
  if [ "$got" -ne "$status" ]; then
    fail "$what: exit status $got, expected $status (stderr: $(head -c 300 "$work/stderr"))"
  elif [ -n "$pattern" ] && ! grep -qE "$pattern" "$work/stderr"; then
    fail "$what: stderr lacks /$pattern/: $(head -c 300 "$work/stderr")"
  else
    pass
  fi
}

# The example scripts size in points: their preview is in points (--points).
expect 0 "render html" "" -- render "$PAGE" --scripts "$SCRIPTS" --format html --points --out "$OUT/home.html"
check "home.html is an HTML document" grep -q '^<!DOCTYPE html>' "$OUT/home.html"
check "home.html has no script element" bash -c "! grep -qi '<script' '$OUT/home.html'"
check "home.html loads nothing but images" bash -c "! grep -qiE '<(link|iframe|object|embed)|@import|url\\(' '$OUT/home.html'"
expect 0 "render text" "" -- render "$PAGE" -s "$SCRIPTS" -f text -o "$OUT/home.txt"
check "text lists the first movie" grep -q 'The Lighthouse at Wren Point' "$OUT/home.txt"
check "text draws buttons as [label]" grep -q '\[Add to order\]' "$OUT/home.txt"
expect 0 "render json" "" -- render "$PAGE" --scripts="$SCRIPTS" --format=json --out="$OUT/home.json"
check "json is valid JSON with 10 components (the feedback form last)" python3 -c \
  'import json,sys; d=json.load(open(sys.argv[1])); assert d["id"]=="home" and len(d["components"])==10 and d["components"][9]["id"]=="feedback"' "$OUT/home.json"
expect 0 "render json --pretty" "" -- render "$PAGE" -s "$SCRIPTS" -f json --pretty -q -o "$work/pretty.json"
check "pretty json is the same document" python3 -c \
  'import json,sys; assert json.load(open(sys.argv[1]))==json.load(open(sys.argv[2]))' "$OUT/home.json" "$work/pretty.json"
check "pretty json is indented" grep -q '^  "components": \[' "$work/pretty.json"
expect 0 "the fallback is reported on stderr" 'promo-carousel \[fallback-used\]' -- render "$PAGE" -s "$SCRIPTS" -f text
expect 0 "--quiet silences diagnostics" '' -- render "$PAGE" -s "$SCRIPTS" -f text -q
check "--quiet stderr is empty" test ! -s "$work/stderr"
expect 0 "stdout is the default output" "" -- render "$PAGE" -s "$SCRIPTS" -f text -q
check "stdout holds the text" grep -q 'Orbit of the Quiet Sea' "$work/stdout"
expect 0 "--help" "" -- --help
check "--help prints the usage" grep -q 'Usage: sdui render PAGE' "$work/stdout"

expect 2 "no arguments" 'missing command' --
expect 2 "missing PAGE argument" 'missing PAGE' -- render --scripts "$SCRIPTS"
expect 1 "page file that does not exist" 'cannot read page build/preview/no-such-page.json: No such file' -- \
  render build/preview/no-such-page.json --scripts "$SCRIPTS"
expect 2 "bad --format" "bad --format 'pdf' \(expected html, text, json or layout\)" -- \
  render "$PAGE" --scripts "$SCRIPTS" --format pdf
expect 2 "--format without a value" "option '--format' needs a value" -- render "$PAGE" --format
expect 2 "bad --width" "bad --width 'wide'" -- render "$PAGE" --width wide
expect 2 "zero --width" "bad --width '0'" -- render "$PAGE" --width 0
expect 2 "unknown option" "unknown option '--colour'" -- render "$PAGE" --colour
expect 2 "two pages" "unexpected argument" -- render "$PAGE" "$PAGE"
expect 2 "unknown command" "unknown command 'draw'" -- draw "$PAGE"
expect 1 "scripts folder that does not exist" "^sdui: scripts build/preview/no-such-scripts: .+" -- \
  render "$PAGE" --scripts build/preview/no-such-scripts
mkdir -p "$work/badscripts"
printf 'return {components = {X = function() end}\n' >"$work/badscripts/broken.lua"
expect 1 "script that does not compile" "^sdui: scripts .*badscripts: .*broken.lua:[0-9]+:" -- \
  render "$PAGE" --scripts "$work/badscripts"
printf '{"id": "home", "components": [{"id": "a", "type": "T"}, {"id": "a", "type": "T"}]}' >"$work/dup.json"
expect 1 "page that breaks the contract" '^sdui: page .*dup.json: .*duplicate component id' -- render "$work/dup.json"
printf '{"id": "home", "components": [' >"$work/cut.json"
expect 1 "page that is not JSON" '^sdui: page .*cut.json: [0-9]+:[0-9]+:' -- render "$work/cut.json"
expect 1 "unwritable --out" 'cannot write' -- render "$PAGE" -q -f text --out "$work/no/such/dir/x.txt"
expect 0 "page from standard input" "" -- render - -s "$SCRIPTS" -f text -q <"$PAGE"
check "stdin page renders" grep -q 'Midnight at the Paper Moon' "$work/stdout"
expect 0 "html in points" "" -- render "$PAGE" -s "$SCRIPTS" --points --width 100 -q -o "$work/points.html"
check "points html is a page" grep -q 'data-type="MovieCardComponent"' "$work/points.html"
check "points html scales titles" grep -q 'class="f f-title" style="font-size:1.25em"' "$work/points.html"
check "points html draws text in DejaVu Sans" grep -qF 'body{font-family:"DejaVu Sans"' "$work/points.html"
check "points html places boxes in px" grep -qE 'data-id="movie-603" style="left:0px;top:0px;width:[0-9.]+px;height:[0-9.]+px;' "$work/points.html"
check "points html lets no text be cut sideways" bash -c "grep -qF 'white-space:pre;overflow-x:visible;overflow-y:clip' '$work/points.html' && ! grep -qF 'text-overflow' '$work/points.html'"
if command -v fc-match >/dev/null 2>&1; then
  check "the browser finds DejaVu Sans (fonts-dejavu-core)" bash -c "fc-match 'DejaVu Sans' | grep -qF DejaVuSans.ttf"
fi
mkdir -p "$work/fit"
# a text in points is drawn in the lines the layout measured it in (a narrow width: two lines)
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { W = function() return ui.vstack{ ui.text("Confirmation code RXJ34P", { fontWeight = "bold", font = "headline" }) } end } }' \
  >"$work/fit/w.lua"
printf '%s' '[{"id":"w","type":"W"}]' >"$work/w.json"
expect 0 "a narrow text in points" "" -- render "$work/w.json" -s "$work/fit" --points --width 20 -q -o "$work/w.html"
check "its lines are the layout's" grep -qF '">Confirmation code
RXJ34P</span>' "$work/w.html"
expect 0 "its layout" "" -- render "$work/w.json" -s "$work/fit" -f layout --points --width 20 -q
check "two lines of a headline: 2 x 18 units" grep -qE '"id":"w/0","type":"text","frame":\{"x":0,"y":0,"width":[0-9]+,"height":36\}' "$work/stdout"
SDUI_PREVIEW_FONTS="$work/no-fonts" "$SDUI" render "$work/w.json" -s "$work/fit" --points -o "$work/grid.html" 2>"$work/stderr"
check "without the font, points fall back to the monospace grid, saying so" bash -c \
  "grep -qF 'DejaVu Sans not found' '$work/stderr' && grep -qF 'width:84ch' '$work/grid.html'"
# images: a local picture (file: or data:) is drawn in its box, as its fit says
printf '%s\n' 'local ui = require "sdui.ui"' \
  'local dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg=="' \
  'return { components = { I = function() return ui.hstack{ ui.image(dot, { alt = "dot", width = 40, height = 20, fit = "contain" }),' \
  '  ui.image("file:///tmp/p.png", { alt = "local", width = 40, height = 20, fit = "fill" }) } end } }' >"$work/fit/i.lua"
printf '%s' '[{"id":"i","type":"I"}]' >"$work/i.json"
expect 0 "local images render" "" -- render "$work/i.json" -s "$work/fit" --points -q -o "$work/i.html"
check "a data: picture is an img, contained" grep -qF '<img src="data:image/png;base64,iVBORw0KGgo' "$work/i.html"
check "its fit is object-fit" grep -qF 'alt="dot" style="object-fit:contain">' "$work/i.html"
check "a file: picture is an img, stretched" grep -qF '<img src="file:///tmp/p.png" alt="local" style="object-fit:fill">' "$work/i.html"
check "an image box is its laid-out size (40 x 20 units)" grep -qF 'data-id="i/1" data-url="file:///tmp/p.png" style="left:calc(45px + 1px);top:0px;width:calc(45px - 2px);height:22.5px;"' "$work/i.html"
# an image's placeholder stands in for the picture while it is missing or loading
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Ph = function() return ui.hstack{ spacing = 2,' \
  '  ui.image("https://x.y/poster.png", { alt = "Poster of Dune", placeholder = "Loading poster…", width = 20, height = 6 }),' \
  '  ui.image("https://x.y/still.png", { placeholder = "Still loading", width = 20, height = 6 }),' \
  '  ui.image("https://x.y/none.png", { alt = "No placeholder", width = 20, height = 6 }) } end } }' >"$work/fit/ph.lua"
printf '%s' '[{"id":"ph","type":"Ph"}]' >"$work/ph.json"
expect 0 "images with placeholders render" "" -- render "$work/ph.json" -s "$work/fit" -q -o "$OUT/placeholder.html"
check "an image's placeholder is drawn, not its alt" grep -qF \
  '<span class="f">Loading poster…</span><img src="https://x.y/poster.png" alt="Poster of Dune" data-placeholder="Loading poster…">' "$OUT/placeholder.html"
check "an image with only a placeholder shows it" grep -qF '<span class="f">Still loading</span><img src="https://x.y/still.png" alt="Still loading">' "$OUT/placeholder.html"
check "an image without one shows the layout's text, its alt" grep -qF '<span class="f">No placeholder</span><img src="https://x.y/none.png" alt="No placeholder">' "$OUT/placeholder.html"
check "a picture that fails to load shows the placeholder" grep -qF '.n-image>img[data-placeholder]::after{content:attr(data-placeholder)}' "$OUT/placeholder.html"
expect 0 "layout in points is 8 units a cell" "" -- render "$PAGE" -s "$SCRIPTS" -f layout --points --width 100 -q
check "points layout width" grep -q '^{"width":800,' "$work/stdout"
check "in points a poster is 96 x 96 and a button's chrome a cell on each side" bash -c \
  "grep -qF '\"id\":\"movie-603/0\",\"type\":\"image\",\"frame\":{\"x\":0,\"y\":16,\"width\":96,\"height\":96}' '$work/stdout' &&
   grep -qE '\"id\":\"movie-603#favorite\",\"type\":\"button\",\"frame\":\{\"x\":[0-9]+,\"y\":[0-9]+,\"width\":(2[4-9]|3[0-9]),' '$work/stdout'"
check "the layout names the star and says its role" grep -qF '"role":"button","name":"Add to favourites","text":"☆"' "$work/stdout"
check "the layout gives an input's kind and shown text" grep -qF '"role":"textbox","text":"4","inputKind":2}' "$work/stdout"
# --duplicate-keys: a key given twice is refused unless the last value may win
printf '%s' '[{"id":"d","type":"T","type":"U"}]' >"$work/dup.json"
expect 1 "a duplicate key is refused" 'duplicate key "type"' -- render "$work/dup.json" -f json
expect 0 "--duplicate-keys last takes it" 'duplicate-key' -- render "$work/dup.json" -f json --duplicate-keys last
check "the last value won" grep -q '"componentType":"U"' "$work/stdout"
expect 2 "--duplicate-keys takes last or reject" "expected last or reject" -- render "$work/dup.json" --duplicate-keys first
# themes: the example scripts' tokens resolve to the light values, or with --appearance dark the dark ones
expect 0 "render json, light by default" "" -- render "$PAGE" -s "$SCRIPTS" -f json -q
check "light: the notice's accent background" grep -qF '"style":{"background":"#1d4ed8",' "$work/stdout"
check "light: the headings' colour and font" grep -qF '"style":{"font":"headline","color":"#1e3a8a"}' "$work/stdout"
check "no token reaches the host" bash -c "! grep -qF '\"@' '$work/stdout'"
expect 0 "render json --appearance dark" "" -- render "$PAGE" -s "$SCRIPTS" -f json -q --appearance dark
check "dark: the notice's accent background" grep -qF '"style":{"background":"#93c5fd",' "$work/stdout"
check "dark: the headings' colour" grep -qF '"style":{"font":"headline","color":"#bfdbfe"}' "$work/stdout"
check "dark: no light value left" bash -c "! grep -qF '#1d4ed8' '$work/stdout'"
expect 0 "render html --appearance dark" "" -- render "$PAGE" -s "$SCRIPTS" --points --appearance=dark -q -o "$OUT/home-dark.html"
check "the dark preview's page is dark" grep -qF '<html lang="en" class="dark">' "$OUT/home-dark.html"
check "the dark preview's nodes take the dark values" grep -qF 'background:#93c5fd;' "$OUT/home-dark.html"
check "the light preview's page is not dark" bash -c "! grep -qF 'class=\"dark\"' '$OUT/home.html'"
expect 2 "bad --appearance" "bad --appearance 'dim' \(expected light or dark\)" -- render "$PAGE" --appearance dim
# an image's fit and aspect ratio: object-fit in the HTML, the box from the ratio in the layout
mkdir -p "$work/fit"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Pic = function() return ui.image("https://x.y/p.png", { fit = "contain", aspectRatio = 2, width = 20 }) end } }' \
  >"$work/fit/pic.lua"
printf '%s' '[{"id":"p","type":"Pic"}]' >"$work/fit.json"
expect 0 "an image with fit renders" "" -- render "$work/fit.json" -s "$work/fit" -f html -q -o "$work/fit.html"
check "fit becomes object-fit" grep -q 'style="object-fit:contain"' "$work/fit.html"
expect 0 "an image with an aspect ratio lays out" "" -- render "$work/fit.json" -s "$work/fit" -f layout -q
check "its height follows its width" grep -q '"frame":{"x":0,"y":0,"width":20,"height":9}' "$work/stdout"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Mid = function() return ui.text("mid", { textAlignment = "center", width = "fill" }) end } }' \
  >"$work/fit/mid.lua"
printf '%s' '[{"id":"m","type":"Mid"}]' >"$work/mid.json"
expect 0 "a centred text renders" "" -- render "$work/mid.json" -s "$work/fit" -f html -q -o "$work/mid.html"
check "textAlignment becomes text-align" grep -q 'text-align:center;' "$work/mid.html"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Box = function() return ui.vstack{ borderWidth = 1, borderColor = "#ff0000",' \
  '  backgroundImage = "https://x.y/bg.png", backgroundFit = "repeat", ui.text("in", { font = "title", color = "#00ff00" }) } end } }' \
  >"$work/fit/box.lua"
printf '%s' '[{"id":"x","type":"Box"}]' >"$work/box.json"
expect 0 "a bordered box renders" "" -- render "$work/box.json" -s "$work/fit" -f html -q -o "$work/box.html"
check "borderWidth becomes a border" grep -q 'border:1ch solid #ff0000;' "$work/box.html"
check "backgroundImage becomes a background" grep -q "background-image:url('https://x.y/bg.png');background-repeat:repeat;" "$work/box.html"
check "a node's colour wins over its font's" grep -q 'color:#00ff00;--node-color:#00ff00;' "$work/box.html"
check "the fonts' colours give way to --node-color" grep -q 'color:var(--node-color,#111827)' "$work/box.html"
expect 0 "a border insets the content" "" -- render "$work/box.json" -s "$work/fit" -f layout -q
check "the text sits inside the border" grep -q '"id":"x/0","type":"text","frame":{"x":1,"y":1,' "$work/stdout"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { P = function() return ui.paragraph{ runs = { { text = "Hello ", weight = "bold" },' \
  '  { text = "world", italic = true, action = ui.action("s/go") } } } end } }' >"$work/fit/p.lua"
printf '%s' '[{"id":"q","type":"P"}]' >"$work/p.json"
expect 0 "a paragraph renders" "" -- render "$work/p.json" -s "$work/fit" -f html -q -o "$work/p.html"
check "its runs are spans" grep -q '<span class="run" style="font-weight:700;">Hello </span>' "$work/p.html"
check "a run's action is a link" grep -q '<a class="run" href="#" data-action=' "$work/p.html"
expect 0 "a paragraph as text" "" -- render "$work/p.json" -s "$work/fit" -f text -q
check "the runs read as one text" grep -q 'Hello world' "$work/stdout"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { R = function() return ui.rail{ spacing = 1, ui.button{ "Comedy", action = ui.action("g/open") },' \
  '  ui.button{ "Documentary", action = ui.action("g/open") }, ui.button{ "Romance", action = ui.action("g/open") } } end } }' \
  >"$work/fit/r.lua"
printf '%s' '[{"id":"r","type":"R"}]' >"$work/r.json"
expect 0 "a rail lays out" "" -- render "$work/r.json" -s "$work/fit" -f layout --width 20 -q
check "a rail keeps its children's widths, past its edge" grep -q '"id":"r/2","type":"button","frame":{"x":23,' "$work/stdout"
expect 0 "a rail renders" "" -- render "$work/r.json" -s "$work/fit" -f html --width 20 -q -o "$work/r.html"
check "a rail scrolls sideways" grep -q '.n-rail{overflow-x:auto' "$work/r.html"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { G = function() return ui.pager{ page = 1, ui.text("Page one"), ui.text("Page two"), ui.text("Page three") } end } }' \
  >"$work/fit/g.lua"
printf '%s' '[{"id":"g","type":"G"}]' >"$work/g.json"
expect 0 "a pager lays out" "" -- render "$work/g.json" -s "$work/fit" -f layout --width 20 -q
check "a pager gives only its page room" grep -q '"id":"g/1","type":"text","frame":{"x":0,"y":0,"width":8,"height":1}' "$work/stdout"
check "a pager's other pages take none" grep -q '"id":"g/0","type":"text","frame":{"x":0,"y":0,"width":0,"height":0}' "$work/stdout"
expect 0 "a pager renders" "" -- render "$work/g.json" -s "$work/fit" -f html --width 20 -q -o "$work/g.html"
check "a pager draws its page indicator" grep -q '<div class="pager-dots" aria-hidden="true"><span></span><span class="on"></span><span></span></div>' "$work/g.html"
expect 0 "a pager as text" "" -- render "$work/g.json" -s "$work/fit" -f text -q
check "the text shows the page and where it is" grep -q '(2 of 3)' "$work/stdout"
check "the text leaves the other pages out" bash -c "! grep -q 'Page one' '$work/stdout'"
# a divider: as wide as offered and one line high; an <hr> of its thickness in its colour
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Dv = function() return ui.vstack{ padding = 1, ui.text("Above"),' \
  '  ui.divider{ thickness = 2, color = "#ff0000" }, ui.text("Below") } end } }' >"$work/fit/dv.lua"
printf '%s' '[{"id":"dv","type":"Dv"}]' >"$work/dv.json"
expect 0 "a divider lays out" "" -- render "$work/dv.json" -s "$work/fit" -f layout --width 20 -q
check "a divider is as wide as offered, one line high" grep -q '"id":"dv/1","type":"divider","frame":{"x":1,"y":2,"width":18,"height":1}' "$work/stdout"
expect 0 "a divider renders" "" -- render "$work/dv.json" -s "$work/fit" -f html --width 20 -q -o "$work/dv.html"
check "a divider is an <hr> of its thickness" grep -q '<div class="n n-divider" id="dv/1" data-id="dv/1" style="[^"]*color:#ff0000;[^"]*"><hr style="border-top-width:2px"></div>' "$work/dv.html"
expect 0 "a divider as text" "" -- render "$work/dv.json" -s "$work/fit" -f text -q
check "the text draws a divider as a line" grep -qx '  ────────' "$work/stdout"
# bleed: a band's background reaches through its parent's padding (sideways, and down: it is last); its text stays inset
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Bl = function() return ui.vstack{ padding = 2, ui.text("above"),' \
  '  ui.vstack{ bleed = true, width = "fill", background = "#dff6dd", ui.text("band") } } end } }' >"$work/fit/bl.lua"
printf '%s' '[{"id":"b","type":"Bl"}]' >"$work/bl.json"
expect 0 "a bleeding band lays out" "" -- render "$work/bl.json" -s "$work/fit" -f layout --width 20 -q
check "the band reaches the parent's edges" grep -q '"id":"b/1","type":"vstack","frame":{"x":0,"y":3,"width":20,"height":3}' "$work/stdout"
check "the band's text stays where the padding put it" grep -q '"id":"b/1/0","type":"text","frame":{"x":2,"y":3,' "$work/stdout"
expect 0 "a bleeding band renders" "" -- render "$work/bl.json" -s "$work/fit" -f html --width 20 -q -o "$work/bl.html"
check "the band's box spans the card" grep -q 'id="b/1" data-id="b/1" style="left:0ch;top:3.75em;width:20ch;height:3.75em;background:#dff6dd;' "$work/bl.html"
check "the band's text box is inset within it" grep -q 'id="b/1/0" data-id="b/1/0" style="left:2ch;top:0em;' "$work/bl.html"
# the Adaptive Cards pack through the tool, and make card's page
expect 0 "the cards example renders" "" -- render examples/cards.json -s lua/packs/adaptivecards -f text -q
check "the templated receipt is expanded" grep -q 'Total: 4.30' "$work/stdout"
expect 0 "layout in cells" "" -- render "$PAGE" -s "$SCRIPTS" -f layout --width 60 -q
check "cells layout width" grep -q '^{"width":60,' "$work/stdout"
expect 0 "render the edge-case page as text" "" -- render Tests/preview/edge/page.json -s Tests/preview/edge/scripts -f text -q
check "text marks disabled buttons" grep -qF '[Sold out] (disabled)  [grouped] (disabled)  [Help]' "$work/stdout"
check "text marks tap targets" grep -qF "▸ Today's deal" "$work/stdout"
check "text marks a tappable image" grep -qF '▸ [image: tap me]' "$work/stdout"

# input kinds (the edge page's EdgeInputs): real HTML controls, and text
EDGE=(Tests/preview/edge/page.json -s Tests/preview/edge/scripts)
expect 0 "edge page as html" "" -- render "${EDGE[@]}" -q -o "$work/inputs.html"
ih="$work/inputs.html"
check "inputs: email" grep -qF 'type="email" name="mail" placeholder="you@example.com"' "$ih"
check "inputs: password" grep -qF 'type="password" name="pw" value="secret"' "$ih"
check "inputs: textarea" grep -qF 'name="notes" style=' "$ih"
check "inputs: textarea text" grep -qF 'two &lt;i&gt;</textarea>' "$ih"
check "inputs: number with min and max" grep -qF 'type="number" name="qty" value="2" min="1" max="9.5"' "$ih"
check "inputs: date" grep -qF 'type="date" name="day" value="2026-11-25"' "$ih"
check "inputs: time" grep -qF 'type="time" name="at" value="09:40"' "$ih"
check "inputs: toggle" grep -qF '<input type="checkbox" name="news" value="true" checked> Newsletter</label>' "$ih"
check "inputs: dropdown" grep -qF '<option value="red">Red</option><option value="blue" selected>Blue &lt;b&gt;</option></select>' "$ih"
check "inputs: radio list" grep -qF 'role="radiogroup"' "$ih"
check "inputs: radio" grep -qF '<label><input type="radio" name="size" value="red" checked> Red</label>' "$ih"
check "inputs: an error" grep -qF 'aria-invalid="true" title="Not a valid &lt;code&gt;" type="text" name="code"' "$ih"
# accessibility (the edge page's EdgeControls): ARIA attributes from the accessibility member
check "a11y: a label and a hint" grep -qF \
  'id="controls/2/0" data-id="controls/2/0" type="button" aria-label="Add &lt;to&gt; favourites" aria-description="Keeps the film"' "$ih"
check "a11y: a disabled button says so" grep -qF 'id="controls/1/0" data-id="controls/1/0" type="button" disabled aria-disabled="true"' "$ih"
check "a11y: a decorative image" bash -c "grep -qF 'id=\"controls/2/2\" data-id=\"controls/2/2\" role=\"none\"' '$ih' && grep -qF 'alt=\"\"' '$ih'"
check "a11y: a heading" grep -qF 'id="controls/2/3" data-id="controls/2/3" role="heading"' "$ih"
check "a11y: a tap target's own role" grep -qF \
  'id="controls/2/4" data-id="controls/2/4" tabindex="0" data-action="{&quot;type&quot;:&quot;nav/open&quot;,&quot;payload&quot;:{&quot;route&quot;:&quot;/x&quot;}}" role="link" aria-label="Open x"' "$ih"
check "a11y: an unlabelled icon button is warned about" grep -qF 'unlabelled-button' "$ih"
expect 0 "the edge page's layout" "" -- render "${EDGE[@]}" -f layout --width 60 -q
check "a11y: the layout's reading order" grep -qF '"controls/1/3","controls/2/0","controls/2/1","controls/2/3","controls/2/4"' "$work/stdout"
check "inputs: checkbox list" grep -qF '<label><input type="checkbox" name="tags" value="blue" checked> Blue &lt;b&gt;</label>' "$ih"
expect 0 "edge page as text" "" -- render "${EDGE[@]}" -q -f text
check "inputs: text toggle" grep -qF '[x] Newsletter' "$work/stdout"
check "inputs: text choice" grep -qF '(•) Red' "$work/stdout"
check "inputs: text error" grep -qF '! Not a valid <code>' "$work/stdout"

# --- 3. headless Chromium -----------------------------------------------------
CHROMIUM=""
for candidate in chromium chromium-browser; do
  if command -v "$candidate" >/dev/null 2>&1; then CHROMIUM=$candidate; break; fi
done

# browse LOG ARGS...: runs headless Chromium with a throwaway profile, offline
# (every host name fails to resolve), capped at 60 s; stdout to LOG.out,
# stderr (with the page's console) to LOG.err. Returns Chromium's status.
# Scrollbars are hidden unless hide_scrollbars is empty.
hide_scrollbars=--hide-scrollbars
browse() {
  local log=$1
  shift
  local profile
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 60 "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --no-first-run --no-default-browser-check \
    --disable-extensions ${hide_scrollbars:+"$hide_scrollbars"} --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --host-resolver-rules="MAP * ~NOTFOUND" "$@" >"$log.out" 2>"$log.err"
  local status=$?
  rm -rf "$profile"
  return $status
}

# page_errors LOG: the console lines a page logged (our pages have no scripts,
# so any console output is an error), image load failures aside.
page_errors() {
  grep -E 'Uncaught|ERROR:CONSOLE|:CONSOLE' "$1.err" | grep -v 'Failed to load resource' || true
}

if [ -z "$CHROMIUM" ]; then
  fail "chromium is not installed (scripts/deps.sh installs it)"
else
  url="file://$(pwd)/$OUT/home.html"
  rm -f "$OUT/home.png"
  if browse "$work/shot" --screenshot="$OUT/home.png" --window-size=1000,1400 "$url"; then pass; else
    fail "chromium --screenshot exited $? ($(grep -v dbus "$work/shot.err" | tail -3))"
  fi
  errors=$(page_errors "$work/shot")
  if [ -z "$errors" ]; then pass; else fail "the page logged errors: $errors"; fi
  size=$(stat -c %s "$OUT/home.png" 2>/dev/null || echo 0)
  if [ "$size" -gt 20000 ]; then pass; else fail "home.png is missing or tiny ($size bytes)"; fi
  check "home.png is a 1000x1400 PNG" python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n"
assert struct.unpack(">II", data[16:24]) == (1000, 1400)' "$OUT/home.png"

  # the dark preview: a picture too, darker than the light one on average
  rm -f "$OUT/home-dark.png"
  if browse "$work/darkshot" --screenshot="$OUT/home-dark.png" --window-size=1000,1400 \
    "file://$(pwd)/$OUT/home-dark.html"; then pass; else
    fail "chromium --screenshot of home-dark.html exited $?"
  fi
  errors=$(page_errors "$work/darkshot")
  if [ -z "$errors" ]; then pass; else fail "the dark page logged errors: $errors"; fi
  check "home-dark.png is darker than home.png" python3 - "$OUT/home.png" "$OUT/home-dark.png" <<'PY'
import struct, sys, zlib
def brightness(path):
    data = open(path, "rb").read()
    at, idat, (w, h, depth, ctype) = 8, b"", (0, 0, 0, 0)
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    assert depth == 8 and ctype in (2, 6), (depth, ctype)
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, total, i = bytearray(stride), 0, 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        total += sum(line[x] for x in range(stride) if x % bpp < 3)
        prev = line
    return total / (w * h * 3)
light, dark = brightness(sys.argv[1]), brightness(sys.argv[2])
assert dark < light / 2, (light, dark)
PY

  if browse "$work/dom" --dump-dom --window-size=1000,1400 "$url"; then pass; else
    fail "chromium --dump-dom exited $?"
  fi
  cp "$work/dom.out" "$OUT/home.dom.html"
  errors=$(page_errors "$work/dom")
  if [ -z "$errors" ]; then pass; else fail "the page logged errors: $errors"; fi
  # what the DOM must hold: the titles of examples/home.json, every component id
  python3 - "$PAGE" >"$work/wanted" <<'PY'
import json, sys, html
page = json.load(open(sys.argv[1]))
for c in page["components"]:
    data = c.get("data") or {}
    if c["type"] == "MovieCardComponent":
        print("text\t" + html.escape(data["title"], quote=False))
    print("id\t" + c["id"])
PY
  while IFS=$'\t' read -r kind value; do
    if [ "$kind" = text ]; then
      if grep -qF -- "$value" "$work/dom.out"; then pass; else fail "the DOM lacks the title '$value'"; fi
    else
      if grep -qF -- "id=\"$value\"" "$work/dom.out"; then pass; else fail "the DOM lacks the component id '$value'"; fi
    fi
  done <"$work/wanted"
  check "the DOM has the component types" grep -qF 'data-type="MovieCardComponent"' "$work/dom.out"
  check "the DOM has node ids" grep -qF 'id="movie-603#order"' "$work/dom.out"
  check "the DOM has buttons with their action" grep -qF \
    'data-action="{&quot;type&quot;:&quot;order/add&quot;,&quot;payload&quot;:{&quot;movieId&quot;:603' "$work/dom.out"
  check "the DOM has the posters" grep -qF '<img src="https://image.example.org/t/p/w342/603.jpg" alt="The Lighthouse at Wren Point">' "$work/dom.out"
  check "the DOM lists the diagnostics" grep -qF 'fallback-used' "$work/dom.out"
  check "the page title is the page id" grep -qF '<title>home — sdui preview</title>' "$work/dom.out"

  # the edge cases: every node kind, markup in text, failures drawn
  expect 0 "render the edge-case page" 'broken \[factory-failed\]' -- \
    render Tests/preview/edge/page.json -s Tests/preview/edge/scripts -o "$OUT/edge.html"
  if browse "$work/edge" --dump-dom "file://$(pwd)/$OUT/edge.html"; then pass; else fail "chromium on edge.html exited $?"; fi
  errors=$(page_errors "$work/edge")
  if [ -z "$errors" ]; then pass; else fail "edge.html logged errors: $errors"; fi
  dom="$work/edge.out"
  check "edge: markup in text stays text" grep -qF '&lt;script&gt;alert(1)&lt;/script&gt; &amp; '"'"'apos'"'"' "quote"' "$dom"
  check "edge: no script element" bash -c "! grep -qi '<script' '$dom'"
  check "edge: the title is escaped" grep -qF '<title>edge &lt;cases&gt; &amp; "more" — sdui preview</title>' "$dom"
  check "edge: an input" grep -qE '<input class="n n-input" id="form/2" data-id="form/2" type="text" name="q" placeholder="Search &lt;films&gt;…" data-action=' "$dom"
  check "edge: input kinds" bash -c "grep -qF '<select class=\"n n-input n-input-select\"' '$dom' && grep -qF '<textarea' '$dom' && grep -qF 'type=\"radio\"' '$dom'"
  check "edge: an error node" grep -qF 'edge.lua:24: boom &lt;b&gt;not bold&lt;/b&gt;' "$dom"
  check "edge: a fallback node" grep -qF 'data-component-type="NoSuchType"' "$dom"
  check "edge: the dropped component is gone" bash -c "! grep -qF 'id=\"gone\"' '$dom'"
  check "edge: a javascript: image URL is not loaded" bash -c "! grep -qF 'src=\"javascript' '$dom'"
  check "edge: zstack, list and spacer are drawn" bash -c \
    "grep -qF 'n-zstack' '$dom' && grep -qF 'n-list' '$dom' && grep -qF 'n-spacer' '$dom'"
  check "edge: a disabled button with its tooltip as title" grep -qE \
    '<button class="n n-button" id="controls/1/0" data-id="controls/1/0" type="button" disabled(="")? aria-disabled="true" title="Back &lt;soon&gt; &amp; &quot;then&quot;" data-action=' "$dom"
  check "edge: a disabled button drawn as a group" grep -qF \
    'id="controls/1/1" data-id="controls/1/1" role="button" aria-disabled="true"' "$dom"
  check "edge: an enabled button keeps no disabled attribute" grep -qF \
    'id="controls/1/2" data-id="controls/1/2" type="button" title="Opens the help" style=' "$dom"
  check "edge: a tappable vstack" grep -qF \
    '<div class="n n-vstack n-tap" id="controls/0" data-id="controls/0" role="button" tabindex="0" data-action="{&quot;type&quot;:&quot;nav/open&quot;,&quot;payload&quot;:{&quot;route&quot;:&quot;/deal&quot;}}"' "$dom"
  check "edge: a tappable image" grep -qF \
    'class="n n-image n-tap" id="controls/1/3" data-id="controls/1/3" role="button" tabindex="0" data-action="{&quot;type&quot;:&quot;nav/open&quot;' "$dom"
  check "edge: containers without an action are not tap targets" bash -c \
    "grep -F 'id=\"controls/1\"' '$dom' | grep -qv 'role='"

  # 800 px wide, scrollbars shown: no page scrolls sideways (a copy of each
  # with a script that writes the document's scrollWidth and clientWidth
  # into the DOM): the example in points, the edge page in cells (its header
  # and diagnostics as wide as its cards, its over-wide image cut at its
  # card), the placeholders
  for page in "$OUT/home.html" "$OUT/edge.html" "$OUT/placeholder.html"; do
    name=$(basename "$page" .html)
    sed 's#</body>#<script>document.body.setAttribute("data-widths", document.documentElement.scrollWidth + " " + document.documentElement.clientWidth)</script></body>#' \
      "$page" >"$work/$name-800.html"
    hide_scrollbars="" browse "$work/w800" --dump-dom --window-size=800,600 "file://$work/$name-800.html"
    read -r scroll_width client_width < <(grep -o 'data-widths="[0-9]* [0-9]*"' "$work/w800.out" | tr -d 'a-z="-')
    if [ -n "${scroll_width:-}" ] && [ "$scroll_width" -le "$client_width" ]; then pass; else
      fail "$name.html scrolls sideways at 800 px: scrollWidth ${scroll_width:-?} > clientWidth ${client_width:-?}"
    fi
    scroll_width=""
  done
  rm -f "$OUT/edge-800.png" "$OUT/placeholder.png"
  browse "$work/e800" --screenshot="$OUT/edge-800.png" --window-size=800,1200 "file://$(pwd)/$OUT/edge.html"
  check "edge-800.png is drawn" test -s "$OUT/edge-800.png"
  browse "$work/p800" --screenshot="$OUT/placeholder.png" --window-size=800,300 "file://$(pwd)/$OUT/placeholder.html"
  check "placeholder.png is drawn" test -s "$OUT/placeholder.png"

  # the console check itself catches a page error
  printf '<!DOCTYPE html><title>x</title><script>undefinedFunction()</script>' >"$work/bad.html"
  browse "$work/bad" --dump-dom "file://$work/bad.html"
  if [ -n "$(page_errors "$work/bad")" ]; then pass; else fail "the console check missed an Uncaught error"; fi
fi

# --- 4. valgrind ---------------------------------------------------------------
if command -v valgrind >/dev/null 2>&1; then
  vg_runs=(
    "$PAGE -s $SCRIPTS -f html"
    "$PAGE -s $SCRIPTS -f text"
    "$PAGE -s $SCRIPTS -f json --pretty"
    "$PAGE -s $SCRIPTS -f html --points --width 60"
    "Tests/preview/edge/page.json -s Tests/preview/edge/scripts -f html"
  )
  for run in "${vg_runs[@]}"; do
    # shellcheck disable=SC2086 # the arguments are split on purpose
    if valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
      --show-leak-kinds=definite --suppressions=Tests/valgrind/swift.supp \
      "$SDUI" render $run -q -o "$work/vg.out" >"$work/vg.log" 2>&1; then
      pass
    else
      fail "valgrind on 'sdui render $run': $(head -20 "$work/vg.log")"
    fi
  done
  if valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite --suppressions=Tests/valgrind/swift.supp \
    "$SDUI" render "$work/cut.json" -s "$SCRIPTS" >"$work/vg.log" 2>&1; [ $? -eq 1 ]; then
    pass
  else
    fail "valgrind on a failing run: $(head -20 "$work/vg.log")"
  fi
else
  fail "valgrind is not installed"
fi

echo "preview: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
