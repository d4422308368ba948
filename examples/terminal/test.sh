#!/usr/bin/env bash
# Drives the terminal host in a detached tmux session (100x40) and checks
# what a person would see: the first card, the focus on its star in reverse
# video after Tab (its role and accessible name on the status line, as a
# screen reader would say them), the filled star after Enter (redrawn alone: only the
# card's rows), another title after PgDn, d switching the theme to dark and
# back (the notice's colours change, only the patched components redrawn),
# the controls (Enter on "Add to
# order" disables it: dimmed, its tooltip on the status line, Enter refused;
# Tab reaches the banner, a tap target drawn in reverse video, and Enter
# dispatches its action), a genre button opening the genre's page and b
# going back to the home page at the row it was left at (and a deep link,
# near the end, opening a genre's page at start), a live edit of the movie card
# script showing within RELOAD_TIMEOUT seconds with the favourite kept, then
# broken edits keeping the cards on screen (one that does not compile: the
# reload's error on the status line; one whose factory raises: the previous
# version's cards and its warning) and the fix taking over, the feedback
# form's send refused for an empty email (the message under the field, in
# red, and on the status line), its inputs edited (text, number, choice,
# toggle) and submitted, and
# the session ending on q, the favourite still set when the host starts
# again on the same state folder (SDUI_STATE_DIR, a temporary one: the
# user's own state is never touched); on a 40-column screen, the genre rail
# clipped with a › hint and scrolled sideways as Tab reaches its last genre;
# a pager's one page drawn (Tab skips its hidden pages); a divider's row of ─;
# Tab in reading order over a right-to-left row;
# then the host's exit, within a second, when its
# terminal goes away (the tmux server killed, with and without a SIGHUP);
# escape sequences in texts, labels, errors, diagnostics and a script's
# print never reaching the terminal (its output recorded) nor stderr; and
# the host quitting while scripts keep the engine busy (factories that never
# return, a handler stuck until its time limit, a timer that never rests):
# on SIGINT, SIGTERM, its tmux session killed, and q (read as soon as the
# busy call returns; typed into a text input, a q is text).
#
# Usage: test.sh [build/examples/terminal]
# Runs from the repository root; the scripts are a temporary copy, so the
# edit never touches the repository. Everything it starts (its own tmux
# server, its socket in the temporary folder) and creates goes away on
# every path.
set -u

BIN=${1:-build/examples/terminal}
PAGE=examples/home.json
SCRIPTS=lua/examples/scripts
START_TIMEOUT=${START_TIMEOUT:-10}   # seconds, for the first screen
STEP_TIMEOUT=${STEP_TIMEOUT:-10}     # seconds, for a key's effect (generous: a loaded CI machine)
RELOAD_TIMEOUT=${RELOAD_TIMEOUT:-3}  # seconds, for a script edit to show (the host polls every 200 ms)

export LC_ALL=C.UTF-8 LANG=C.UTF-8
export TERM=${TERM:-xterm}
unset TMUX # our own server, even when run inside tmux
[ "$TERM" = dumb ] && export TERM=xterm

passed=0
failed=0
session=sdui-test
tmp=""

# Our own tmux server, its socket inside the temporary folder.
tm() { tmux -S "$tmp/tmux.sock" -f /dev/null "$@"; }

# The hosts this test started, found by the temporary folder in their
# command line (a host that outlived its terminal is not tmux's child).
# (tmux's own command lines quote "'$BIN'": they do not match.)
hosts() { pgrep -f -- "$BIN .*$tmp/" 2>/dev/null; }
# Ends them, by process id.
kill_hosts() {
  local p
  for p in $(hosts); do kill -KILL "$p" 2>/dev/null; done
}

cleanup() {
  if [ -n "$tmp" ]; then
    tm kill-server >/dev/null 2>&1
    kill_hosts
    rm -rf "$tmp"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

finish() {
  echo "terminal: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

screen() { tm capture-pane -p -t "$session" 2>/dev/null; }
screen_attrs() { tm capture-pane -p -e -t "$session" 2>/dev/null; }
has() { screen | grep -qF -- "$1"; }
lacks() { ! has "$1"; }
running() { [ -n "$tmp" ] && tm has-session -t "$session" 2>/dev/null; }
ended() { ! running; }

# Polls `command...` every 0.1 s until it succeeds or TIMEOUT seconds pass.
wait_for() {
  local timeout=$1 start
  shift
  start=$(date +%s%N)
  while :; do
    "$@" && return 0
    [ $(( ($(date +%s%N) - start) / 1000000 )) -ge $((timeout * 1000)) ] && return 1
    sleep 0.1
  done
}

ok() { passed=$((passed + 1)); echo "ok: $1"; }
not_ok() {
  failed=$((failed + 1))
  echo "FAIL: $1"
  if running; then echo "--- screen:"; screen; echo "---"; fi
  if [ -s "$tmp/stderr" ]; then echo "--- stderr:"; cat "$tmp/stderr"; echo "---"; fi
}
check() { # check DESCRIPTION command...
  local what=$1
  shift
  if "$@"; then ok "$what"; else not_ok "$what"; fi
}

command -v tmux >/dev/null 2>&1 || { echo "terminal: tmux is not installed (scripts/deps.sh installs it)"; failed=1; finish; }
[ -x "$BIN" ] || { echo "terminal: $BIN is not built (make terminal)"; failed=1; finish; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdui-terminal-test.XXXXXX") || { failed=1; finish; }
cp -R "$SCRIPTS" "$tmp/scripts" || { failed=1; finish; }
# Where the host keeps the favourites: inside the temporary folder, for
# every host this test starts.
export SDUI_STATE_DIR="$tmp/state"

# Errors before the screen opens: a clear message and status 1.
"$BIN" "$tmp/missing.json" "$tmp/scripts" </dev/null >/dev/null 2>"$tmp/err"
check "a missing page: status 1 and a message" \
  test $? -eq 1 -a -n "$(grep -F 'cannot read the page' "$tmp/err")"
"$BIN" "$PAGE" "$tmp/no-such-folder" </dev/null >/dev/null 2>"$tmp/err"
check "a missing script folder: status 1 and a message" \
  test $? -eq 1 -a -n "$(grep -F 'is not a folder of scripts' "$tmp/err")"

# The host, its trace (one line a redraw) and its exit status.
tm new-session -d -s "$session" -x 100 -y 40 \
  "SDUI_STATE_DIR='$tmp/state' SDUI_TERMINAL_TRACE='$tmp/trace' '$BIN' '$PAGE' '$tmp/scripts' 2>'$tmp/stderr'; echo \$? >'$tmp/status'" ||
  { not_ok "tmux starts the host"; finish; }

if wait_for "$START_TIMEOUT" has "The Lighthouse at Wren Point"; then
  ok "the first card is on screen"
else
  not_ok "the first card is on screen within ${START_TIMEOUT}s"
  finish
fi
check "the status line counts the diagnostics" has "1 diagnostic"
check "the help line shows the back and appearance keys" has "↑↓ · b · d · r · q"

# Tab: Dismiss, the five genres, then the first card's star (the 7th button).
for _ in 1 2 3 4 5 6 7; do tm send-keys -t "$session" Tab; done
check "seven Tabs focus the first card's star" wait_for "$STEP_TIMEOUT" has "focus: movie-603#favorite"
check "the status line reads the star's role and accessible name" \
  has 'focus: movie-603#favorite: button "Add to favourites"  │'

reversed_star() { screen_attrs | grep -q $'\e\\[[0-9;]*7m\\[☆\\]'; }
check "the focused star is drawn in reverse video" wait_for "$STEP_TIMEOUT" reversed_star

: >"$tmp/trace"
tm send-keys -t "$session" Enter
check "Enter fills the star" wait_for "$STEP_TIMEOUT" has "[★]"
check "its accessible name follows" wait_for "$STEP_TIMEOUT" has 'focus: movie-603#favorite: button "Remove from favourites"'

partial_redraw() { grep -q '^redraw rows .*: movie-603$' "$tmp/trace" && ! grep -q '^redraw full' "$tmp/trace"; }
check "the star's patch redraws only the card's rows" wait_for "$STEP_TIMEOUT" partial_redraw

check "the last title is below the screen" lacks "New this week"
tm send-keys -t "$session" PageDown
check "PgDn brings another title" wait_for "$STEP_TIMEOUT" has "New this week"
tm send-keys -t "$session" Home
check "Home goes back to the top" wait_for "$STEP_TIMEOUT" has "Welcome back, Sam"

# d: the theme's other appearance. The notice's colours change; only the
# components using a token whose value differs are redrawn (the banners'
# tokens are the same in both: they are not); d again goes back to light.
notice_attrs() { screen_attrs | grep -m1 -F 'Welcome back, Sam'; }
light_notice=$(notice_attrs)
: >"$tmp/trace"
tm send-keys -t "$session" d
check "d switches to dark, the status line says so" wait_for "$STEP_TIMEOUT" has "appearance: dark"
notice_changed() { [ -n "$light_notice" ] && [ "$(notice_attrs)" != "$light_notice" ]; }
check "the notice is drawn in other colours" wait_for "$STEP_TIMEOUT" notice_changed
themed_redraw() { grep -q '^redraw rows .*: notice-welcome .*movie-603' "$tmp/trace" && ! grep -q '^redraw full' "$tmp/trace"; }
check "the switch redraws only the rows of the components it patched" wait_for "$STEP_TIMEOUT" themed_redraw
check "the banners were not patched" bash -c "! grep -q 'banner-festival' '$tmp/trace'"
tm send-keys -t "$session" d
check "d again switches back to light" wait_for "$STEP_TIMEOUT" has "appearance: light"
notice_back() { [ "$(notice_attrs)" = "$light_notice" ]; }
check "the notice has its light colours again" wait_for "$STEP_TIMEOUT" notice_back

# The controls. "Add to order" once pressed is disabled: dimmed, its tooltip
# on the status line, and Enter on it dispatches nothing.
tm send-keys -t "$session" Tab
check "Tab goes on to the card's Add to order" wait_for "$STEP_TIMEOUT" has 'focus: movie-603#order: button "Add to order"  │'
tm send-keys -t "$session" Enter
check "Enter disables Add to order, its tooltip on the status line" \
  wait_for "$STEP_TIMEOUT" has 'focus: movie-603#order: button "Add to order" (disabled) — Already in your order'
tm send-keys -t "$session" Enter
check "Enter on a disabled button says so and dispatches nothing" \
  wait_for "$STEP_TIMEOUT" has "movie-603#order is disabled: Already in your order"
dimmed_order() { screen_attrs | grep -q $'\e\\[[0-9;]*2[0-9;]*m\\[Add to order\\]'; }
tm send-keys -t "$session" Tab
check "the next Tab leaves it, drawn dimmed" wait_for "$STEP_TIMEOUT" dimmed_order
# (no change of attributes between another card's star and its button)
undimmed_order() { screen_attrs | grep -qF '[☆]  [Add to order]'; }
check "the other cards' Add to order are not dimmed" undimmed_order
# Tab stops at the banner, a tap target with no button chrome (the next
# card's star was focused above: five more Tabs).
for _ in 1 2 3 4 5 6; do tm send-keys -t "$session" Tab; done
check "Tab stops at the banner, a tap target" wait_for "$STEP_TIMEOUT" has "focus: banner-festival: button"
check "a tap target's name is what it holds" \
  has 'focus: banner-festival: button "The Autumn Film Festival '
# (tmux writes only the changes of attributes: the title, bold, is followed
# by the rest of the banner's row in reverse video, not by a reset)
reversed_banner() { screen_attrs | grep -q $'The Autumn Film Festival\e\\[[0-9;]*7m'; }
check "the focused banner is drawn in reverse video" wait_for "$STEP_TIMEOUT" reversed_banner
tm send-keys -t "$session" Enter
check "Enter on the banner dispatches its action" \
  wait_for "$STEP_TIMEOUT" has 'pressed banner-festival: {"type":"navigation/open","payload":{"route":"/promo/fes'
tm send-keys -t "$session" End
check "the order holds the film once" wait_for "$STEP_TIMEOUT" has "Your order: 1 item, \$10.99"
tm send-keys -t "$session" Home
check "Home goes back to the top again" wait_for "$STEP_TIMEOUT" has "Welcome back, Sam"
check "the banner's route has no page: the home page stays" has "page: /  "

# Pages: a genre button opens the genre's page; b goes back to the home
# page, at the row it was left at.
# Tab, up to 12 times, until the focus is on node ID.
tab_until() { # tab_until ID
  for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do
    tm send-keys -t "$session" Tab
    wait_for 1 has "focus: $1" && return 0
  done
  return 1
}
check "Tab reaches the Drama button" tab_until "genres#drama"
tm send-keys -t "$session" Home Down
check "Home and Down scroll to the second row" wait_for "$STEP_TIMEOUT" has "rows 2-"
tm send-keys -t "$session" Enter
check "Enter on Drama opens the drama page" wait_for "$STEP_TIMEOUT" has "The Weight of Small Hours"
check "the status line names its route" has "page: /genre/drama"
check "the drama page is drawn from its top" has "rows 1-"
check "the home page is gone" lacks "Browse by genre"
check "the film's card is the example's" has "[Add to order]"
tm send-keys -t "$session" b
check "b goes back to the home page" wait_for "$STEP_TIMEOUT" has "Browse by genre"
check "the status line names the home route" has "page: /  "
check "the home page is where it was left" has "rows 2-"
check "the drama page is gone" lacks "The Weight of Small Hours"
tm send-keys -t "$session" b
check "b on the first page says there is nothing to go back to" \
  wait_for "$STEP_TIMEOUT" has "nothing to go back to"

# A live edit of the copy: every title gets a prefix.
sed 's/local title = fmt.str(data.title)/local title = "NEW " .. fmt.str(data.title)/' \
  "$tmp/scripts/movie_card.lua" >"$tmp/movie_card.lua" &&
  grep -q '"NEW "' "$tmp/movie_card.lua" && mv "$tmp/movie_card.lua" "$tmp/scripts/movie_card.lua" ||
  not_ok "rewrite the movie card script"
check "the edited script shows within ${RELOAD_TIMEOUT}s" \
  wait_for "$RELOAD_TIMEOUT" has "NEW The Lighthouse at Wren Point"
check "the favourite survives the reload" has "[★]"

# Broken edits keep the cards on screen. edit_card NAME SED: the movie card
# script as the last edit left it, changed by SED.
cp "$tmp/scripts/movie_card.lua" "$tmp/new_card.lua"
edit_card() {
  sed "$2" "$tmp/new_card.lua" >"$tmp/movie_card.lua" && ! cmp -s "$tmp/new_card.lua" "$tmp/movie_card.lua" &&
    mv "$tmp/movie_card.lua" "$tmp/scripts/movie_card.lua" || not_ok "edit the movie card script ($1)"
}
# One that does not compile: the reload fails, the status line says why.
edit_card "a syntax error" 's/local title = "NEW "/local title = = "NEW "/'
check "a reload that fails shows its error within ${RELOAD_TIMEOUT}s" \
  wait_for "$RELOAD_TIMEOUT" has "reload failed: movie_card.lua:12:"
check "the cards stay as they were" has "NEW The Lighthouse at Wren Point"
# One that loads but raises in every card: the previous version draws them.
edit_card "a runtime error" 's/local title = "NEW " .. fmt.str(data.title)/local title = "BROKEN " .. data.nope.title/'
check "a factory failing after a reload shows its warning within ${RELOAD_TIMEOUT}s" \
  wait_for "$RELOAD_TIMEOUT" has "movie_card.lua:12: attempt to index a nil value (field 'nope') — showing the previous version"
check "the failed reload's error is gone" lacks "reload failed"
check "the cards keep the previous version" has "NEW The Lighthouse at Wren Point"
page_lacks() { ! screen | head -n -2 | grep -qF -- "$1"; } # above the two status rows
check "no error node in their place" page_lacks "attempt to index"
check "the favourite is still drawn" has "[★]"
# The fix takes over and the warning goes.
edit_card "the fix" 's/local title = "NEW " .. fmt.str(data.title)/local title = "FIXED " .. fmt.str(data.title)/'
check "the fixed script shows within ${RELOAD_TIMEOUT}s" \
  wait_for "$RELOAD_TIMEOUT" has "FIXED The Lighthouse at Wren Point"
check "the warning is gone with the fix" lacks "showing the previous version"

# The feedback form at the bottom: bound inputs edited through sdui_set_input.
tm send-keys -t "$session" End
check "End shows the feedback form" wait_for "$STEP_TIMEOUT" has "Tell us what you think"
# Tab on from where the focus is (a card's button, from the steps above) to the form's button.
check "Tab reaches the send button" tab_until "feedback/5/0"
tm send-keys -t "$session" Enter
check "an empty email fails its validation: nothing is sent" \
  wait_for "$STEP_TIMEOUT" has "validation failed: An email, please"
# under_field FIELD MESSAGE: the row right under the one showing FIELD starts,
# at FIELD's column, with MESSAGE.
under_field() {
  screen | awk -v field="$1" -v msg="$2" '
    at && index($0, msg) == at { found = 1 }
    { at = index($0, field) }
    END { exit !found }'
}
check "the email's message is drawn under the field" under_field "[you@example.com" "! An email, please"
red_line() { screen_attrs | grep -F -- "$1" | grep -qE $'\e\\[([0-9]+;)*31[;m]'; }
check "in the error colour (red)" red_line "! An email, please"
status_has() { screen | tail -2 | grep -qF -- "$1"; }
check "and the status line keeps it" status_has "An email, please"
for _ in 1 2 3 4; do tm send-keys -t "$session" BTab; done # up to the email
check "Shift-Tab focuses the email input" wait_for "$STEP_TIMEOUT" has "focus: feedback/1"
tm send-keys -t "$session" -l "sam@x.io"
check "typing fills the email from the feedback service" wait_for "$STEP_TIMEOUT" has "[sam@x.io"
tm send-keys -t "$session" Tab BSpace 5
check "Backspace and a digit set the rating" wait_for "$STEP_TIMEOUT" has "[5___"
tm send-keys -t "$session" Tab Right
check "Right chooses the next topic" wait_for "$STEP_TIMEOUT" has "(•) Series"
tm send-keys -t "$session" Tab Space
check "Space ticks the toggle" wait_for "$STEP_TIMEOUT" has "[x] Send me the newsletter"
tm send-keys -t "$session" Tab Enter
check "the submit button sees the values in the service" \
  wait_for "$STEP_TIMEOUT" has "Thanks! sam@x.io rated 5 about series"

tm send-keys -t "$session" q
check "q ends the session" wait_for "$STEP_TIMEOUT" ended
check "the host exits with status 0" test "$(cat "$tmp/status" 2>/dev/null)" = 0
if [ -s "$tmp/stderr" ]; then not_ok "the host wrote nothing to stderr"; fi

# A restart: the favourite toggled before quitting is still set.
check "the favourite is saved in the state folder" \
  grep -qF '{"sdui":1,"service":"favorites","state":{"603":true}}' "$tmp/state/favorites.json"
rm -f "$tmp/status"
tm new-session -d -s "$session" -x 100 -y 40 \
  "SDUI_STATE_DIR='$tmp/state' '$BIN' '$PAGE' '$tmp/scripts' 2>'$tmp/stderr'; echo \$? >'$tmp/status'" ||
  not_ok "tmux starts the host again"
if wait_for "$START_TIMEOUT" has "The Lighthouse at Wren Point"; then
  ok "the host starts again"
  check "the favourite is still set after a restart" has "[★]"
  check "the saved state was taken: no more diagnostics than at the first start" has "1 diagnostic"
  tm send-keys -t "$session" d
  check "d switches the second session to dark" wait_for "$STEP_TIMEOUT" has "appearance: dark"
  tm send-keys -t "$session" q
  check "q ends the second session" wait_for "$STEP_TIMEOUT" ended
  check "the dark choice is saved in the state folder" \
    grep -qF '{"sdui":1,"service":"sdui/appearance","state":"dark"}' "$tmp/state/sdui.appearance.state"
  check "the second host exits with status 0" test "$(cat "$tmp/status" 2>/dev/null)" = 0
else
  not_ok "the host starts again within ${START_TIMEOUT}s"
  tm kill-server >/dev/null 2>&1
fi

# A rail on a narrow terminal (40 columns): the genres past its edge are
# clipped with a › hint; Tab to the last one scrolls the rail sideways to it.
tm new-session -d -s "$session" -x 40 -y 24 "SDUI_STATE_DIR='$tmp/state' '$BIN' '$PAGE' '$tmp/scripts' 2>'$tmp/stderr'" ||
  not_ok "tmux starts the host (40 columns)"
if wait_for "$START_TIMEOUT" has "Browse by genre"; then
  tm send-keys -t "$session" d
  check "the saved dark choice was in force at start: d now switches to light" \
    wait_for "$STEP_TIMEOUT" has "appearance: light"
  rail_row() { screen | grep -F -- "$1"; }
  check "the genres past the edge are clipped" lacks "[Kids]"
  drama_row() { rail_row "[Drama]" | grep -qF '›'; }
  check "a › marks the clipped right edge" wait_for "$STEP_TIMEOUT" drama_row
  for _ in 1 2 3 4 5 6; do tm send-keys -t "$session" Tab; done # Dismiss, then the five genres
  check "Tab focuses the last genre" wait_for "$STEP_TIMEOUT" has "focus: genres#kids"
  check "the rail scrolled to show it" wait_for "$STEP_TIMEOUT" has "[Kids]"
  kids_row() { rail_row "[Kids]" | grep -qF '‹' && ! rail_row "[Kids]" | grep -qF '[Drama]'; }
  check "a ‹ marks the left edge, the first genres scrolled out" kids_row
  for _ in 1 2 3 4; do tm send-keys -t "$session" BTab; done # back to Drama
  check "Shift-Tab back to the first genre" wait_for "$STEP_TIMEOUT" has "focus: genres#drama"
  check "the rail scrolled back" wait_for "$STEP_TIMEOUT" has "[Drama]"
  check "Kids is clipped again" lacks "[Kids]"
  tm send-keys -t "$session" q
  check "q ends the narrow session" wait_for "$STEP_TIMEOUT" ended
else
  not_ok "the genres are on a 40-column screen"
  tm kill-server >/dev/null 2>&1
fi

# A host on a page of one component (id ID, type TYPE) whose script the
# caller wrote into $tmp/DIR, on a 60x12 screen; true once TEXT is on it,
# else the failure is reported and the session gone.
start_one() { # start_one DIR ID TYPE TEXT WHAT
  local dir=$1 id=$2 type=$3 text=$4 what=$5
  printf '[{"id":"%s","type":"%s"}]' "$id" "$type" >"$tmp/$dir.json"
  if ! tm new-session -d -s "$session" -x 60 -y 12 \
    "SDUI_STATE_DIR='$tmp/state' '$BIN' '$tmp/$dir.json' '$tmp/$dir' 2>'$tmp/stderr'"; then
    not_ok "tmux starts the host ($what)"
    return 1
  fi
  if ! wait_for "$START_TIMEOUT" has "$text"; then
    not_ok "$what is on screen"
    tm kill-server >/dev/null 2>&1
    return 1
  fi
}

# Tab, then a check that the focus is on node ID.
tab_to() { # tab_to DESCRIPTION ID
  tm send-keys -t "$session" Tab
  check "$1" wait_for "$STEP_TIMEOUT" has "focus: $2"
}

# A pager: only the page it names is drawn, with its indicator (a dot a
# page, the shown one filled) over the page's bottom edge.
mkdir -p "$tmp/pager"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'local function tour() local view = ui.pager{ page = 1, ui.vstack{ ui.text("Page one"), ui.spacer{ height = 16 } },' \
  '  ui.vstack{ ui.text("Page two"), ui.button{ "Go", action = ui.action("tour/go") }, ui.spacer{ height = 16 } },' \
  '  ui.vstack{ ui.text("Page three"), ui.button{ "Hidden", action = ui.action("tour/hidden") } } }' \
  '  return view end' \
  'return { components = { Tour = tour } }' >"$tmp/pager/tour.lua"
if start_one pager tour Tour "Page two" "a pager"; then
  ok "the pager draws the page it names"
  check "the other pages are not drawn" eval 'lacks "Page one" && lacks "Page three"'
  check "the page indicator marks the second of three" has "○ ● ○"
  tab_to "Tab focuses the shown page's button" tour/1/1
  tab_to "and no button of a hidden page" tour/1/1
  tm send-keys -t "$session" q
  check "q ends the pager session" wait_for "$STEP_TIMEOUT" ended
fi

# A divider: a row of ─ across the width it is offered, between its neighbours.
mkdir -p "$tmp/divider"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'return { components = { Rule = function() return ui.vstack{ padding = 8, ui.text("Above"), ui.divider(),' \
  '  ui.text("Below") } end } }' >"$tmp/divider/rule.lua"
if start_one divider rule Rule "Below" "a divider"; then
  ok "the divider's neighbours are drawn"
  rule=$(printf '─%.0s' $(seq 58))
  check "a divider is a row of ─ as wide as offered (60 columns, 8 points, one cell, of padding each side)" \
    eval 'has " $rule" && lacks "$rule─"'
  tm send-keys -t "$session" q
  check "q ends the divider session" wait_for "$STEP_TIMEOUT" ended
fi

# Tab follows the reading order: in a right-to-left row the first button is
# the one at the right edge, and the row below (left to right) comes after.
mkdir -p "$tmp/rtl"
printf '%s\n' 'local ui = require "sdui.ui"' \
  'local function rows() local a = ui.action("rows/press") local view = ui.vstack{' \
  '  ui.hstack{ direction = "rtl", width = "fill", ui.button{ "Alef", action = a }, ui.button{ "Bet", action = a } },' \
  '  ui.hstack{ ui.button{ "One", action = a }, ui.button{ "Two", action = a } } }' \
  '  return view end' \
  'return { components = { Rows = rows } }' >"$tmp/rtl/rows.lua"
if start_one rtl rows Rows "Alef" "a right-to-left row"; then
  bet_left() { screen | grep -F "Alef" | grep -qE 'Bet.*Alef'; }
  check "the right-to-left row puts its first button at the right" bet_left
  tab_to "Tab focuses the right-to-left row's first button first" rows/0/0
  tab_to "then the one to its left" rows/0/1
  tab_to "then the next row, left to right" rows/1/0
  tm send-keys -t "$session" q
  check "q ends the right-to-left session" wait_for "$STEP_TIMEOUT" ended
fi

# Losing the terminal: the tmux server dies under the host. With `setsid`
# the host is in a session of its own, so no SIGHUP reaches it and only
# its stdin tells (poll: hang-up, EIO); without, the kernel's SIGHUP does.
gone() { [ -z "$(hosts)" ]; }
lose_terminal() { # lose_terminal DESCRIPTION PREFIX
  local what=$1 prefix=$2
  tm new-session -d -s "$session" -x 100 -y 40 "$prefix '$BIN' '$PAGE' '$tmp/scripts' 2>'$tmp/stderr'" ||
    { not_ok "tmux starts the host ($what)"; return; }
  if ! wait_for "$START_TIMEOUT" has "The Lighthouse at Wren Point"; then
    not_ok "the first card is on screen ($what)"
    tm kill-server >/dev/null 2>&1
    return
  fi
  tm kill-server >/dev/null 2>&1
  if wait_for 1 gone; then
    ok "the host exits within a second of losing its terminal ($what)"
  else
    not_ok "the host exits within a second of losing its terminal ($what): $(ps -o pid=,stat=,pcpu=,etime= -p "$(hosts | head -1)" 2>/dev/null)"
    kill_hosts
  fi
}
# A deep link: the kids page over the home page at start; b goes home.
# One without a page: status 1 and a message (on a terminal: the host checks for one first).
tm new-session -d -s "$session" -x 100 -y 40 \
  "'$BIN' '$PAGE' '$tmp/scripts' /genre/westerns 2>'$tmp/err'; echo \$? >'$tmp/status'" ||
  not_ok "tmux starts the host on a deep link without a page"
check "a deep link without a page ends the host" wait_for "$STEP_TIMEOUT" ended
check "a deep link without a page: status 1 and a message" \
  test "$(cat "$tmp/status" 2>/dev/null)" = 1 -a -n "$(grep -F '/genre/westerns: the page was not fetched: no page for /genre/westerns' "$tmp/err")"
tm new-session -d -s "$session" -x 100 -y 40 "'$BIN' '$PAGE' '$tmp/scripts' /genre/kids 2>'$tmp/stderr'" ||
  not_ok "tmux starts the host on a deep link"
check "a deep link opens its page at start" wait_for "$START_TIMEOUT" has "The Dragon Who Lost Her Roar"
check "the status line names the deep link's route" has "page: /genre/kids"
tm send-keys -t "$session" b
check "b goes from the deep link to the home page" wait_for "$STEP_TIMEOUT" has "Browse by genre"
tm send-keys -t "$session" q
check "q ends the deep-linked session" wait_for "$STEP_TIMEOUT" ended

lose_terminal "a SIGHUP" "exec"
lose_terminal "no signal, in its own session" "exec setsid -w"

# ------------------------------------------------------------------------
# Control characters never reach the terminal. Texts, a button's label, an
# error node, the status line's error and latest diagnostic (a factory's
# error, a script's print) all carry escape sequences (SGR, OSC 2: a window
# title, C1 CSI as U+009B, BEL, DEL). The host's output is recorded
# (pipe-pane, from before the host starts: the pane's shell waits for a
# line first) and must hold none of them; the screen shows their printable
# rest, so they were dropped, not interpreted.
mkdir -p "$tmp/esc"
cat >"$tmp/esc/esc.lua" <<'LUA'
local ui = require "sdui.ui"
local function esc()
  print("\27]2;PRINTED\7print\27[2Jed")
  local view = ui.vstack{ ui.text("A\27[1;31;43mRED\27[0mZ"), ui.text("B\27]2;PWNED\7C\194\1552JD\127E"),
    ui.button{ "L\27[7mabel", action = ui.action("esc/press") } }
  return view
end
local function broken() error("F\27]2;FAILED\7G", 0) end
local function press() error("H\27]2;HANDLER\7I", 0) end
return { services = { esc = {} }, components = { Esc = esc, Broken = broken }, actions = { ["esc/press"] = press } }
LUA
printf '%s\n' 'error("J\27]2;LOADED\7K", 0)' >"$tmp/esc/bad.lua"
# The print's component last: its warning is the latest diagnostic.
printf '[{"id":"broken","type":"Broken"},{"id":"esc","type":"Esc"}]' >"$tmp/esc.json"
: >"$tmp/raw"
if tm new-session -d -s "$session" -x 200 -y 12 \
  "read go; SDUI_STATE_DIR='$tmp/state' '$BIN' '$tmp/esc.json' '$tmp/esc' 2>'$tmp/stderr'" &&
  tm pipe-pane -o -t "$session" "cat >>'$tmp/raw'" && tm send-keys -t "$session" Enter &&
  wait_for "$START_TIMEOUT" has "RED"; then
  check "a text's escape sequence is not drawn, its printable rest is" has "A[1;31;43mRED[0mZ"
  check "OSC, BEL, C1 CSI and DEL are not drawn" has "B]2;PWNEDC2JDE"
  check "a button's label: the same" has "[L[7mabel]"
  check "an error node's message: the same" has "✖ F]2;FAILEDG"
  check "a failed script's error on the status line" has "scripts: J"
  check "a script's print is the latest diagnostic on the status line" has "latest: esc"
  check "the print's text is on it" has "PRINTED"
  tm send-keys -t "$session" Tab Enter
  check "a handler's error on the status line" wait_for "$STEP_TIMEOUT" has "HANDLER"
  check "the window title is not the page's" \
    eval '! tm display-message -p -t "$session" "#{pane_title}" | grep -qE "PWNED|PRINTED|FAILED|HANDLER|LOADED"'
  tm send-keys -t "$session" q
  check "q ends the session of escape sequences" wait_for "$STEP_TIMEOUT" ended
  # raw_lacks BYTES: the host's output does not hold BYTES.
  raw_lacks() { ! grep -qaF -- "$1" "$tmp/raw"; }
  check "the output holds the texts (it was recorded)" grep -qaF "B]2;PWNEDC2JDE" "$tmp/raw"
  check "the output has no OSC (no window title set)" raw_lacks $'\e]'
  check "the output has no BEL" raw_lacks $'\a'
  check "the output has no payload's SGR" raw_lacks $'\e[1;31;43m'
  check "the output has no payload's reverse video" raw_lacks $'\e[7mabel'
  check "the output has no C1 CSI" raw_lacks $'\xc2\x9b'
  check "the output has no DEL" raw_lacks $'\x7f'
else
  not_ok "the page of escape sequences is on screen"
fi
tm kill-server >/dev/null 2>&1
# A message on stderr (here, the path of a page that is not there) has its
# control characters replaced.
"$BIN" "$tmp/missing"$'\e]2;PATH\a'".json" "$tmp/scripts" </dev/null >/dev/null 2>"$tmp/err"
check "a message on stderr: status 1, its control characters made '?'" \
  test $? -eq 1 -a -n "$(grep -F 'missing?]2;PATH?.json' "$tmp/err")" -a -z "$(grep -a $'[\e\a]' "$tmp/err")"

# ------------------------------------------------------------------------
# Quitting while scripts keep the engine busy. The host runs with a long
# time limit and no instruction budget (--script-time-ms,
# --script-instructions 0): only the limit or the host ends a callback. A
# signal interrupts the script running; a q is read as soon as the call
# running returns. Each case checks the host is gone and why it quit (its
# trace); the timeouts only catch a host that hangs (for minutes, with
# these limits).
mkdir -p "$tmp/spin"
printf '%s\n' '-- a factory that never returns' 'return { components = { Spin = function() while true do end end } }' \
  >"$tmp/spin/spin.lua"
# Three of them: the signal stops the first, and the host the next two,
# which the same engine call renders.
printf '[{"id":"a","type":"Spin"},{"id":"b","type":"Spin"},{"id":"c","type":"Spin"}]' >"$tmp/spin.json"
mkdir -p "$tmp/busy"
cat >"$tmp/busy/busy.lua" <<'LUA'
local ui = require "sdui.ui"
-- busy/again works 2 s (os.clock: CPU time) and comes again at once: a timer that never rests.
local function again(state, payload, ctx)
  ctx.emit(ui.after(0, ui.action("busy/again")))
  local t = os.clock()
  while os.clock() - t < 2 do end
  state.n = state.n + 1
  return state
end
-- busy/stuck never returns: the time limit ends it.
local function stuck() while true do end end
local function busy(data, ctx)
  local note = ctx.state("busy", "note")
  if note ~= "" then -- each edit of the note renders for 2 s
    local t = os.clock()
    while os.clock() - t < 2 do end
  end
  local view = ui.vstack{ ui.text("ticks: " .. ctx.state("busy", "n") .. " note: " .. note),
    ui.input{ name = "note", bind = "busy/note" },
    ui.button{ "Tick", action = ui.action("busy/again") }, ui.button{ "Stuck", action = ui.action("busy/stuck") } }
  return view
end
return { services = { busy = { n = 0, note = "" } }, components = { Busy = busy },
  actions = { ["busy/again"] = again, ["busy/stuck"] = stuck } }
LUA
printf '[{"id":"busy","type":"Busy"}]' >"$tmp/busy.json"

tck=$(getconf CLK_TCK 2>/dev/null || echo 100)
# The CPU clock ticks process $1 has used.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# True once the host has used half a second of CPU more than $base: it is
# running a script (nothing else it does takes that long).
busy_now() { [ "$(cpu "$pid")" -ge $((base + tck / 2)) ]; }
found() { pid=$(hosts | head -1); [ -n "$pid" ]; }
# start_busy DIR TIME_MS WHAT [exec]: a host on $tmp/DIR.json and $tmp/DIR,
# its trace in $tmp/trace, its exit status in $tmp/status; sets pid. With
# exec, the host is the pane's process itself, as a login shell would be,
# and the kernel sends it the SIGHUP when the terminal goes (no status then).
start_busy() {
  local run="SDUI_STATE_DIR='$tmp/state' SDUI_TERMINAL_TRACE='$tmp/trace' ${4:-} '$BIN' --script-time-ms $2 --script-instructions 0 '$tmp/$1.json' '$tmp/$1' 2>'$tmp/stderr'"
  rm -f "$tmp/status" "$tmp/trace"
  pid="" base=0
  [ -n "${4:-}" ] || run="$run; echo \$? >'$tmp/status'"
  tm new-session -d -s "$session" -x 80 -y 12 "$run" && wait_for "$START_TIMEOUT" found ||
    { not_ok "the host starts ($3)"; tm kill-server >/dev/null 2>&1; return 1; }
}
status_is() { [ "$(cat "$tmp/status" 2>/dev/null)" = "$1" ]; }
# end_busy WHAT STATUS WHY [SECONDS]: the host is gone (else it is killed)
# within SECONDS more than STEP_TIMEOUT, exited with STATUS (-: not known),
# and its trace says why it quit (WHY: a grep pattern).
end_busy() {
  if wait_for $((STEP_TIMEOUT + ${4:-0})) gone; then
    ok "the host exits ($1)"
    [ "$2" = - ] || check "its status is $2 ($1)" wait_for "$STEP_TIMEOUT" status_is "$2"
    check "its trace says why ($1)" grep -q "^quit: $3" "$tmp/trace"
  else
    not_ok "the host exits ($1): $(ps -o pid=,stat=,pcpu=,etime= -p "$pid" 2>/dev/null)"
    kill -KILL "$pid" 2>/dev/null
  fi
  tm kill-server >/dev/null 2>&1
}
# A signal while the factories spin (the first render: nothing drawn yet).
for sig in INT TERM; do
  if start_busy spin 600000 "SIG$sig"; then
    check "the factory spins (SIG$sig)" wait_for "$START_TIMEOUT" busy_now
    kill -"$sig" "$pid"
    end_busy "SIG$sig while factories spin" 0 "SIG$sig, seen after sdui_"
    check "it wrote nothing to stderr (SIG$sig)" test ! -s "$tmp/stderr"
  fi
done
# The terminal lost (its tmux session killed: a SIGHUP) while the factories spin.
if start_busy spin 600000 "lost terminal" exec; then
  check "the factory spins (lost terminal)" wait_for "$START_TIMEOUT" busy_now
  tm kill-session -t "$session"
  end_busy "terminal lost while factories spin" - "SIGHUP, seen after sdui_"
  check "it says the terminal went away" grep -qF "the terminal went away" "$tmp/stderr"
fi
# q typed while a handler runs until the time limit (8 s) ends it: read as
# soon as the press returns.
if start_busy busy 8000 "q in a stuck handler"; then
  check "the busy page is on screen" wait_for "$START_TIMEOUT" has "ticks: 0"
  tm send-keys -t "$session" Tab Tab Tab
  check "Tab reaches Stuck" wait_for "$STEP_TIMEOUT" has "focus: busy/3"
  base=$(cpu "$pid")
  tm send-keys -t "$session" Enter
  check "the handler spins" wait_for "$STEP_TIMEOUT" busy_now
  tm send-keys -t "$session" q
  end_busy "q while a handler spins" 0 "q, read after sdui_press returned" 8
fi
# q typed while a timer runs one slow handler after another (the time limit
# is far: a loaded machine may take long for 2 s of CPU).
if start_busy busy 60000 "q in a timer's loop"; then
  check "the busy page is on screen (timer)" wait_for "$START_TIMEOUT" has "ticks: 0"
  tm send-keys -t "$session" Tab Tab
  check "Tab reaches Tick" wait_for "$STEP_TIMEOUT" has "focus: busy/2"
  tm send-keys -t "$session" Enter
  ticked() { screen | grep -q "ticks: [1-9]"; }
  check "the timer's handler has run" wait_for $((STEP_TIMEOUT * 3)) ticked
  base=$(cpu "$pid")
  check "and runs again" wait_for "$STEP_TIMEOUT" busy_now
  tm send-keys -t "$session" q
  end_busy "q while a timer keeps the host busy" 0 "q, read after sdui_tick returned" 10
fi
# A q typed into a text input while the engine is busy is text, not a quit.
if start_busy busy 60000 "q typed into an input"; then
  check "the busy page is on screen (input)" wait_for "$START_TIMEOUT" has "ticks: 0"
  tm send-keys -t "$session" Tab
  check "Tab reaches the note" wait_for "$STEP_TIMEOUT" has "focus: busy/1"
  base=$(cpu "$pid")
  tm send-keys -t "$session" q
  check "the edit renders slowly" wait_for "$STEP_TIMEOUT" busy_now
  tm send-keys -t "$session" q
  check "both q are typed into the note" wait_for $((STEP_TIMEOUT * 3)) has "note: qq"
  check "the host still runs" found
  tm send-keys -t "$session" Escape
  check "Esc leaves the note" wait_for "$STEP_TIMEOUT" has "left the input"
  tm send-keys -t "$session" q
  end_busy "q after Esc" 0 "q$"
fi

finish
