#!/usr/bin/env bash
# run.sh -- the JSON Schema (schema/) and `sdui validate` (build/bin/sdui).
#
#   1. the schemas are draft 2020-12 schemas, and agree with the engine's
#      decoders on every document of the repository and the shared corpus
#      and on mutants of its valid ones (Tests/schema/agree.py: its summary
#      line "schema: N documents ...");
#   2. `sdui validate`: valid pages, patches and scripts pass silently with
#      exit 0; every file of Tests/schema/invalid fails with exit 1 and one
#      line "file:line:column: $.path: message" naming its JSON path; scripts
#      that do not compile, fail or return the wrong table give "file:line:
#      message", and so does a factory whose view (data {}) names an unknown
#      node type; --kind, standard input, unreadable files, usage errors
#      (exit 2); the --json report (fields, types, the same problems as the
#      lines); one run under valgrind.
#
# Prints "schema: N passed, M failed"; exits 1 on any failure.
# Needs build/bin/sdui (make cli), python3 with jsonschema 4.10 or later
# (Debian's python3-jsonschema: scripts/deps.sh test), valgrind.
set -uo pipefail
cd "$(dirname "$0")/../.."

SDUI=build/bin/sdui
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first python3 whose jsonschema knows draft 2020-12 (Debian's package
# installs into /usr/bin/python3's path, which another python3 on PATH may
# not share).
PYTHON=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'from jsonschema import Draft202012Validator' >/dev/null 2>&1; then
    PYTHON=$candidate
    break
  fi
done

# --- 1. the schema and the decoders -------------------------------------------
if [ -z "$PYTHON" ]; then
  fail "no python3 with jsonschema (draft 2020-12): apt-get install python3-jsonschema"
elif "$PYTHON" Tests/schema/agree.py "$SDUI" >"$work/agree.out" 2>&1; then
  grep '^schema:' "$work/agree.out"
  pass
else
  cat "$work/agree.out"
  fail "the schema and the decoders disagree (Tests/schema/agree.py)"
fi

# --- 2. sdui validate -----------------------------------------------------------
# run STATUS DESCRIPTION -- ARGS...: runs `sdui validate ARGS` into
# $work/out and $work/err; passes when the exit status is STATUS.
run() {
  local status=$1 what=$2
  shift 3
  "$SDUI" validate "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -eq "$status" ]; then pass; else
    fail "$what: exit status $got, expected $status (out: $(head -c 300 "$work/out"); err: $(head -c 300 "$work/err"))"
  fi
}
# same DESCRIPTION EXPECTED-FILE: $work/out is exactly the expected text.
same() {
  if cmp -s "$work/out" "$2"; then pass; else
    fail "$1: got $(head -c 600 "$work/out"), expected $(head -c 600 "$2")"
  fi
}

valid_json=(examples/home.json examples/cards.json fuzz/seeds/patch/partial.json fuzz/seeds/page/bare_array.json
  Tests/schema/valid/page/*.json Tests/schema/valid/payload/*.json Tests/schema/valid/patch/*.json)
run 0 "valid pages and patches" -- "${valid_json[@]}"
if [ -s "$work/out" ]; then fail "valid files print nothing: $(head -c 300 "$work/out")"; else pass; fi
run 0 "the example scripts" -- lua/examples/scripts/*.lua
run 0 "the Adaptive Cards pack" -- lua/packs/adaptivecards/*.lua

# Every invalid document, checked as its folder's kind: one line naming its file.
for dir in Tests/schema/invalid/*/; do
  kind=$(basename "$dir")
  files=("$dir"*.json)
  run 1 "invalid ${kind}s" -- --kind "$kind" "${files[@]}"
  lines=$(wc -l <"$work/out")
  [ "$lines" -eq "${#files[@]}" ] && pass || fail "invalid ${kind}s: $lines lines for ${#files[@]} files"
  bad=$(grep -cvE '^Tests/schema/invalid/[a-z]+/[a-z0-9-]+\.json:[0-9]+:[0-9]+: \$[^ ]*: .+$' "$work/out")
  [ "$bad" -eq 0 ] && pass || fail "invalid ${kind}s: lines not file:line:column: \$.path: message: $(head -3 "$work/out")"
  for f in "${files[@]}"; do
    grep -q "^$f:" "$work/out" || fail "no problem reported for $f"
  done
done

# Exact lines: position, path and message.
run 1 "a duplicate component id" -- Tests/schema/invalid/page/duplicate-component-id.json
printf '%s\n' 'Tests/schema/invalid/page/duplicate-component-id.json:1:76: $.components[2].id: duplicate component id "a": first at $.components[0], again at $.components[2]' >"$work/want"
same "a duplicate component id" "$work/want"
run 1 "a patch, guessed from its shape" -- Tests/schema/invalid/patch/bad-mode.json
printf '%s\n' 'Tests/schema/invalid/patch/bad-mode.json:1:35: $.patch.mode: mode must be "transactional" or "partial"' >"$work/want"
same "a patch's mode" "$work/want"
printf '{\n  "components": [\n    {"id": "a", "type": "T"},\n    {"id": "b", "type": "T", "colour": 1}\n  ]\n}\n' >"$work/page.json"
run 1 "a page over several lines" -- "$work/page.json"
printf '%s\n' "$work/page.json:4:40: \$.components[1].colour: unknown member \"colour\" in a component (allowed: data, fallback, id, requires, type, version)" >"$work/want"
same "a page over several lines" "$work/want"
printf '{"components": [{"id": "x", "type": "T"}],}' >"$work/syntax.json"
run 1 "a JSON syntax error" -- "$work/syntax.json"
grep -qE "^$work/syntax.json:1:[0-9]+: \\\$: .+" "$work/out" && pass || fail "a JSON syntax error: $(cat "$work/out")"
printf '{"components": [{"id": "x", "type": "T", "data": {"a": 1, "a": 2}}]}' >"$work/twice.json"
run 1 "a key given twice" -- "$work/twice.json"
grep -q 'duplicate key' "$work/out" && pass || fail "a key given twice: $(cat "$work/out")"
run 0 "a key given twice, last wins" -- --duplicate-keys last "$work/twice.json"

# --kind: a valid page is not a view; a view checked as one.
run 1 "a page checked as a view" -- --kind view examples/home.json
run 0 "views, effects, actions, components" -- --kind view Tests/schema/valid/view/*.json
run 0 "effects" -- --kind=effect Tests/schema/valid/effect/*.json
run 0 "actions" -- -k action Tests/schema/valid/action/*.json fuzz/seeds/action/home_00.json
run 0 "components" -- --kind component Tests/schema/valid/component/*.json
run 1 "a view missing its text" -- --kind view Tests/schema/invalid/view/text-missing-text.json
printf '%s\n' 'Tests/schema/invalid/view/text-missing-text.json:1:1: $: a text node needs "text" (a string)' >"$work/want"
same "a view missing its text" "$work/want"

# standard input
"$SDUI" validate - <Tests/schema/invalid/page/missing-components.json >"$work/out" 2>&1
[ $? -eq 1 ] && grep -q '^<stdin>:1:1: \$.components: a page needs "components"$' "$work/out" && pass ||
  fail "standard input: $(cat "$work/out")"
"$SDUI" validate - <examples/home.json >"$work/out" 2>&1 && pass || fail "a valid page on standard input"

# scripts
mkdir -p "$work/scripts"
printf 'local ui = require "sdui.ui"\nlocal x =\nreturn {components = {}}\n' >"$work/scripts/syntax.lua"
printf 'local ui = require "sdui.ui"\n\nreturn {components = {Card = 3}}\n' >"$work/scripts/shape.lua"
printf 'local t = {}\nlocal n = t.a.b\nreturn {}\n' >"$work/scripts/fails.lua"
printf 'return {services = {s = {}}, actions = {bad = function() end}}\n' >"$work/scripts/action.lua"
printf 'return "a table, please"\n' >"$work/scripts/string.lua"
run 1 "broken scripts" -- "$work/scripts/syntax.lua" "$work/scripts/shape.lua" "$work/scripts/fails.lua" \
  "$work/scripts/action.lua"
cat >"$work/want" <<EOF
$work/scripts/syntax.lua:3: unexpected symbol near 'return'
$work/scripts/shape.lua:3: components["Card"] must be a function, got number
$work/scripts/fails.lua:2: attempt to index a nil value (field 'a')
$work/scripts/action.lua:1: action type "bad" must look like "service/name"
EOF
same "broken scripts" "$work/want"
run 1 "a script returning a string" -- "$work/scripts/string.lua"
grep -qE "^$work/scripts/string.lua:1: a script must return a table \{.*\}, got string$" "$work/out" && pass ||
  fail "a script returning a string: $(cat "$work/out")"
# The trial render: factories run with data {}; a node type the engine does
# not know is a problem on the line of the factory's name, other failures
# (a factory that needs its data) are not.
cat >"$work/scripts/kinds.lua" <<'LUA'
local ui = require "sdui.ui"
local function helper(x) return x end
return {
  components = {
    Needy = function(data) return ui.text(data.title.main) end,
    Fine = function(data) return ui.vstack{ ui.text("hi") } end,
    ["Promo.Card"] = function(data)
      return {type = "carousel", children = {}}
    end,
  },
}
LUA
run 1 "a factory's unknown node type" -- "$work/scripts/kinds.lua"
grep -qF "$work/scripts/kinds.lua:7: factory \"Promo.Card\" (run with data {}): invalid view at \$.type: unknown node type \"carousel\" (known: text, image, " "$work/out" && [ "$(wc -l <"$work/out")" -eq 1 ] && pass ||
  fail "a factory's unknown node type: $(cat "$work/out")"
sed -i 's/"carousel", children = {}/"vstack", children = {}/' "$work/scripts/kinds.lua"
run 0 "factories that need their data" -- "$work/scripts/kinds.lua"
# The repository's style: a local function, named in the returned table.
# Every fault in one file is listed, each on its line: a misspelled DSL
# function (ui.txt), a view of type "txet", a table the DSL refuses.
mkdir -p "$work/page-scripts"
cat >"$work/page-scripts/cards.lua" <<'LUA'
local ui = require "sdui.ui"

local function card(data)
  return ui.vstack{ ui.txt(data.title) }
end

local function typo(data)
  return { type = "txet", text = data.title }
end

local function nested(data)
  return ui.vstack{ ui.text("six"), { type = "carousel" } }
end

return {
  components = { Card = card, Typo = typo, Nested = nested, Fine = function(data) return ui.text(data.title) end },
}
LUA
run 1 "a script's faults, in its own style" -- "$work/page-scripts/cards.lua"
cat >"$work/want" <<WANT
$work/page-scripts/cards.lua:4: factory "Card" (run with data {}): attempt to call a nil value (field 'txt')
$work/page-scripts/cards.lua:7: factory "Typo" (run with data {}): invalid view at \$.type: unknown node type "txet" (known: KINDS)
$work/page-scripts/cards.lua:12: factory "Nested" (run with data {}): ui.vstack: item 2 is not a view node (a table without a known node type)
WANT
sed -i 's/(known: [^)]*)/(known: KINDS)/' "$work/out"
same "a script's faults, in its own style" "$work/want"

# A page rendered with its scripts (--scripts DIR): every component, each
# problem on the script line the engine names, else on the component in
# the page (its line, column and path); a script that fails to load, on its
# line; warnings say so and pass.
printf 'local ui = require "sdui.ui"\nlocal x =\nreturn {}\n' >"$work/page-scripts/extra.lua"
cat >"$work/cards.json" <<'PAGE'
{
  "id": "cards",
  "components": [
    {"id": "a", "type": "Card", "data": {"title": "one"}},
    {"id": "b", "type": "Typo", "data": {"title": "two"}},
    {"id": "c", "type": "Fine", "data": {"title": "three"}},
    {"id": "d", "type": "Nope"},
    {"id": "e", "type": "Nope", "fallback": {"type": "Fine", "data": {"title": "five"}}},
    {"id": "f", "type": "Nested", "data": {"title": "six"}}
  ]
}
PAGE
run 1 "a page with its scripts" -- "$work/cards.json" --scripts "$work/page-scripts"
cat >"$work/want" <<WANT
$work/page-scripts/extra.lua:3: unexpected symbol near 'return'
$work/page-scripts/cards.lua:4: component "a" ($work/cards.json \$.components[0]): factory for "Card" failed: attempt to call a nil value (field 'txt')
$work/cards.json:5:5: \$.components[1]: component "b": factory for "Typo" failed: invalid view at \$.type: unknown node type "txet" (known: KINDS)
$work/cards.json:7:5: \$.components[3]: component "d": no factory for type "Nope" and no fallback
$work/cards.json:8:5: \$.components[4]: warning: component "e": no factory for type "Nope"; rendered its fallback of type "Fine"
$work/page-scripts/cards.lua:12: component "f" ($work/cards.json \$.components[5]): factory for "Nested" failed: ui.vstack: item 2 is not a view node (a table without a known node type)
WANT
sed -i 's/(known: [^)]*)/(known: KINDS)/' "$work/out"
same "a page with its scripts" "$work/want"
printf '[{"id": "b", "type": "Typo", "data": {"title": "two"}}]' >"$work/bare.json"
run 1 "a bare array page on standard input, -s" -- -s "$work/page-scripts" - <"$work/bare.json"
"$SDUI" validate -s "$work/page-scripts" - <"$work/bare.json" >"$work/out" 2>&1
grep -qE '^<stdin>:1:2: \$\[0\]: component "b": factory for "Typo" failed: invalid view at \$\.type: unknown node type "txet"' "$work/out" &&
  pass || fail "a bare array page: $(cat "$work/out")"
# exit codes: a warning passes, unless --strict; scripts that cannot load fail
rm "$work/page-scripts/extra.lua"
printf '[{"id": "c", "type": "Fine", "data": {"title": "x"}}, {"id": "e", "type": "Nope", "fallback": "drop"}]' >"$work/warned.json"
run 0 "a page whose only problem is a warning" -- --scripts "$work/page-scripts" "$work/warned.json"
grep -qF "$work/warned.json:1:55: \$[1]: warning: component \"e\": no factory for type \"Nope\"; dropped as its fallback asks" "$work/out" &&
  [ "$(wc -l <"$work/out")" -eq 1 ] && pass || fail "a warning is listed: $(cat "$work/out")"
run 1 "a warning fails with --strict" -- --strict --scripts "$work/page-scripts" "$work/warned.json"
run 0 "the example page with the example scripts" -- examples/home.json --scripts lua/examples/scripts
grep -qF 'examples/home.json:118:5: $.components[7]: warning: component "promo-carousel": no factory for type "PromoCarouselComponent"' "$work/out" &&
  pass || fail "the example page's fallback: $(cat "$work/out")"
run 0 "the cards example with the Adaptive Cards pack" -- --scripts=lua/packs/adaptivecards examples/cards.json
run 1 "scripts that are not there" -- --scripts "$work/no-scripts" "$work/warned.json"
grep -qF "$work/warned.json: cannot load the scripts $work/no-scripts: script not found" "$work/out" && pass ||
  fail "scripts that are not there: $(cat "$work/out")"
run 2 "--scripts without a value" -- "$work/warned.json" --scripts
run 2 "--strict takes no value" -- --strict=yes "$work/warned.json"
# the JSON report of a page with its scripts: a problem's file is the script's when its line is
run 1 "the JSON report of a page with its scripts" -- --json "$work/cards.json" --scripts "$work/page-scripts"
"$PYTHON" - "$work" >"$work/json.out" 2>&1 <<'PY'
import json, sys
work = sys.argv[1]
(entry,) = json.load(open(work + "/out"))
assert (entry["file"], entry["kind"], entry["valid"]) == (work + "/cards.json", "page", False), entry
got = [(p["file"], p["line"], p["column"], p["path"], p["severity"]) for p in entry["problems"]]
page = work + "/cards.json"
assert got == [(work + "/page-scripts/cards.lua", 4, None, "$.components[0]", "error"),
               (page, 5, 5, "$.components[1]", "error"), (page, 7, 5, "$.components[3]", "error"),
               (page, 8, 5, "$.components[4]", "warning"),
               (work + "/page-scripts/cards.lua", 12, None, "$.components[5]", "error")], got
assert "(field 'txt')" in entry["problems"][0]["message"], entry["problems"][0]
assert 'unknown node type "txet"' in entry["problems"][1]["message"], entry["problems"][1]
PY
if [ $? -eq 0 ]; then pass; else fail "the JSON report of a page with its scripts: $(cat "$work/json.out")"; fi
run 1 "a script checked as a page" -- --kind page "$work/scripts/shape.lua"
grep -qE "^$work/scripts/shape.lua:1:1: \\\$: " "$work/out" && pass || fail "a script checked as a page: $(cat "$work/out")"

# unreadable files, usage errors
run 1 "a missing file" -- examples/home.json "$work/none.json"
printf '%s\n' "$work/none.json: cannot read: No such file or directory" >"$work/want"
same "a missing file" "$work/want"
run 2 "no file" --
grep -q "missing FILE" "$work/err" && pass || fail "no file: $(cat "$work/err")"
run 2 "a bad --kind" -- --kind screen examples/home.json
grep -q "bad --kind 'screen'" "$work/err" && pass || fail "a bad --kind: $(cat "$work/err")"
run 2 "an unknown option" -- --colour examples/home.json
run 2 "--kind without a value" -- examples/home.json --kind
run 0 "--help" -- --help
grep -q "Usage: sdui validate FILE" "$work/out" && pass || fail "--help: $(head -3 "$work/out")"

# --json: the report, and the same problems as the lines.
run 1 "the JSON report, mixed kinds" -- --json examples/home.json Tests/schema/invalid/page/fallback-null-id.json \
  "$work/scripts/syntax.lua" "$work/scripts/shape.lua" "$work/none.json" Tests/schema/invalid/patch/change-with-op.json
"$PYTHON" - "$work" >"$work/json.out" 2>&1 <<'EOF'
import json, sys
work = sys.argv[1]
report = json.load(open(work + "/out"))
def problem(line, column, path, message, file):
    return [{"line": line, "column": column, "path": path, "message": message, "severity": "error", "file": file}]
want = [
    {"file": "examples/home.json", "kind": "page", "valid": True, "problems": []},
    {"file": "Tests/schema/invalid/page/fallback-null-id.json", "kind": "page", "valid": False,
     "problems": problem(1, 46, "$[0].fallback.id", "expected a string, got null",
                     "Tests/schema/invalid/page/fallback-null-id.json")},
    {"file": work + "/scripts/syntax.lua", "kind": "script", "valid": False,
     "problems": problem(3, None, None, "unexpected symbol near 'return'", work + "/scripts/syntax.lua")},
    {"file": work + "/scripts/shape.lua", "kind": "script", "valid": False,
     "problems": problem(3, None, None, "components[\"Card\"] must be a function, got number",
                     work + "/scripts/shape.lua")},
    {"file": work + "/none.json", "kind": "page", "valid": False,
     "problems": problem(None, None, None, "cannot read: No such file or directory", work + "/none.json")},
    {"file": "Tests/schema/invalid/patch/change-with-op.json", "kind": "patch", "valid": False,
     "problems": problem(1, 31, "$.patch.changes[0].op",
                         "unknown member \"op\" in a change (allowed: components, id)",
                         "Tests/schema/invalid/patch/change-with-op.json")},
]
assert report == want, json.dumps(report, indent=1)
EOF
if [ $? -eq 0 ]; then pass; else fail "the JSON report: $(cat "$work/json.out")"; fi
# Every invalid document: the report's problem is the line's.
"$SDUI" validate --kind view Tests/schema/invalid/view/*.json >"$work/lines"
"$SDUI" validate --kind view --json Tests/schema/invalid/view/*.json >"$work/report"
"$PYTHON" - "$work" >"$work/json.out" 2>&1 <<'EOF'
import json, sys
work = sys.argv[1]
report = json.load(open(work + "/report"))
lines = open(work + "/lines", encoding="utf-8").read().splitlines()
made = ["%s:%d:%d: %s: %s" % (e["file"], p["line"], p["column"], p["path"], p["message"])
        for e in report for p in e["problems"]]
assert made == lines, (made[:3], lines[:3])
assert all(e["kind"] == "view" and e["valid"] is False and len(e["problems"]) == 1 for e in report)
EOF
if [ $? -eq 0 ]; then pass; else fail "the JSON report and the lines: $(cat "$work/json.out")"; fi

# valgrind: a page, a patch, a view and scripts, valid and not
if command -v valgrind >/dev/null 2>&1; then
  if valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite --suppressions=Tests/valgrind/swift.supp \
    "$SDUI" validate --json examples/home.json Tests/schema/invalid/page/duplicate-component-id.json \
    Tests/schema/invalid/patch/bad-mode.json "$work/scripts/syntax.lua" "$work/scripts/shape.lua" \
    lua/examples/scripts/movie_card.lua "$work/none.json" "$work/cards.json" --scripts "$work/page-scripts" \
    >"$work/vg.out" 2>"$work/vg.log"; then
    fail "valgrind: expected exit status 1 (an invalid file)"
  elif [ $? -eq 99 ]; then
    head -40 "$work/vg.log"
    fail "valgrind: errors or definite leaks in sdui validate"
  else
    pass
  fi
else
  fail "valgrind is not installed"
fi

echo "schema: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
