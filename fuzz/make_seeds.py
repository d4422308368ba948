#!/usr/bin/env python3
"""Writes the seed corpora of fuzz/seeds/ from the examples, the benchmark
page generator and the Adaptive Cards corpus (../shared, read-only), plus
hand-written cases. Run from the repository root: python3 fuzz/make_seeds.py
(it rewrites the generated seeds; hand-written files elsewhere stay)."""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
SEEDS = os.path.join(ROOT, "fuzz", "seeds")
SEP = "\n@@\n"


def write(harness, name, text):
    folder = os.path.join(SEEDS, harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def actions_in(value, out):
    if isinstance(value, dict):
        if isinstance(value.get("type"), str) and "/" in value["type"] and set(value) <= {"type", "payload"}:
            out.append(value)
        for v in value.values():
            actions_in(v, out)
    elif isinstance(value, list):
        for v in value:
            actions_in(v, out)


def main():
    home_text = open(os.path.join(ROOT, "examples", "home.json"), encoding="utf-8").read()
    home = json.loads(home_text)

    # --- page: the example page, the benchmark page, cards as data, hand-written.
    write("page", "home.json", home_text)
    if os.path.exists(os.path.join(SHARED, "bench", "make_page.py")):
        for n in (8, 50):
            page = subprocess.run([sys.executable, os.path.join(SHARED, "bench", "make_page.py"), str(n)],
                                  check=True, capture_output=True, text=True).stdout
            write("page", f"bench_{n}.json", page)
    cards = sorted(glob.glob(os.path.join(SHARED, "corpus", "adaptivecards", "**", "*.json"), recursive=True))
    small = [c for c in cards if os.path.getsize(c) < 2500][:24]
    for path in small:
        try:
            card = json.load(open(path, encoding="utf-8"))
        except ValueError:
            continue
        name = os.path.splitext(os.path.basename(path))[0].lower()
        page = {"id": "card", "components": [{"id": "c", "type": "AdaptiveCard", "data": card},
                                             {"id": "v", "type": "Echo", "data": {"view": card}}]}
        write("page", f"card_{name}.json", compact(page))
    components = home["components"]
    first, rest = components[:3], components[3:]
    patch = {"patch": {"changes": [{"id": components[1]["id"], "components": []},
                                   {"id": components[2]["id"], "components": [components[2], dict(components[0], id="n")]}]}}
    write("page", "home_then_patch.txt", home_text + SEP + compact(patch) + SEP + '{"a":[2],"name":"m"}')
    write("page", "page_then_page.txt", compact({"id": "p", "components": first}) + SEP +
          compact({"id": "p", "version": 1, "components": rest + first[:1]}))
    write("page", "views.json", compact([
        {"id": "t", "type": "Echo", "data": {"view": {"type": "zstack", "children": [
            {"type": "text", "text": "wide 漢字 🎬", "style": {"font": "title", "padding": {"top": 1, "leading": 2}}},
            {"type": "image", "url": "https://i/x.png", "placeholder": "x", "alt": "a"},
            {"type": "input", "name": "q", "value": "v", "placeholder": "p", "action": {"type": "s/q"}}]}}},
        {"id": "l", "type": "Echo", "data": {"view": {"type": "list", "style": {"spacing": 1, "distribution": "spaceBetween"},
                                                       "children": [{"type": "spacer"}, {"type": "text", "text": "x", "key": "k",
                                                                     "style": {"width": "fill", "maxWidth": 3, "lineLimit": 1}}]}}},
        {"id": "b", "type": "Builder", "data": {"nodes": [["vstack", "style", "body"], ["text", "text", "a"], ["]"],
                                                          ["button", "label", "go"], ["]"], ["hstack"], ["spacer"]]}},
        {"id": "r", "type": "Echo", "data": {"read": "a[1].b", "title": "reads"}},
        {"id": "u", "type": "Nope", "fallback": {"type": "Echo", "data": {"title": "fb"}}},
        {"id": "d", "type": "Nope", "fallback": "drop"},
        {"id": "x", "type": "Nope"},
    ]))
    write("page", "bare_array.json", '[{"id":"a","type":"Text","data":{"text":"hi"}}]')
    write("page", "errors.json", '{"id":"p","components":[{"id":"a","type":"T"},{"id":"a","type":"T"}]}')

    # --- action: every action of the example page, alone and in sequences.
    acts = []
    actions_in(home, acts)
    seen = set()
    for i, act in enumerate(acts):
        text = compact(act)
        if text in seen:
            continue
        seen.add(text)
        write("action", f"home_{i:02d}.json", text)
    more = [
        {"type": "notifications/snooze", "payload": {"id": "notice-welcome", "ms": 500}},
        {"type": "notifications/restore", "payload": {"id": "notice-welcome"}},
        {"type": "order/confirmed", "payload": {"result": {"confirmation": "X9"}}},
        {"type": "order/failed", "payload": {"result": "nope"}},
        {"type": "favorites/toggle", "payload": {"movieId": "603"}},
        {"type": "order/add", "payload": {"movieId": 1}},
        {"type": "nope/nope"},
        {"type": "favorites/toggle"},
    ]
    for i, act in enumerate(more):
        write("action", f"more_{i:02d}.json", compact(act))
    add = compact({"type": "order/add", "payload": {"movieId": 603, "price": 1099}})
    write("action", "seq_checkout.txt", SEP.join([add, add, compact({"type": "order/checkout", "payload": {}}),
                                                  compact({"type": "order/checkout"})]))
    write("action", "seq_fail_after_change.txt", SEP.join([add, compact({"type": "order/add", "payload": {"movieId": 2, "price": "x"}}),
                                                           compact({"type": "favorites/toggle", "payload": {"movieId": 603}}),
                                                           compact({"type": "favorites/toggle", "payload": {}})]))
    write("action", "seq_snooze.txt", SEP.join([compact(more[0]), compact(more[0]), compact(more[1])]))

    # --- patch: patch documents over the base page of fuzz_patch (ids a..e).
    comp = lambda i, t="Echo", d=None: {"id": i, "type": t, "data": d if d is not None else {"title": i}}
    patches = {
        "remove.json": {"patch": {"changes": [{"id": "b", "components": []}]}},
        "replace.json": {"patch": {"changes": [{"id": "c", "components": [comp("c", "Echo", {"title": "new", "url": "https://i/n.png"})]}]}},
        "insert.json": {"patch": {"changes": [{"id": "a", "components": [comp("a"), comp("a2"), comp("a3", "Builder", {"nodes": [["text", "text", "z"]]})]}]}},
        "partial.json": {"patch": {"mode": "partial", "changes": [{"id": "zzz", "components": []}, {"id": "d", "components": [comp("d2")]}]}},
        "transactional_bad.json": {"patch": {"mode": "transactional", "changes": [{"id": "a", "components": []}, {"id": "zzz", "components": []}]}},
        "duplicate.json": {"patch": {"changes": [{"id": "a", "components": [comp("b")]}]}},
        "move.json": {"patch": {"changes": [{"id": "a", "components": []}, {"id": "e", "components": [comp("e"), comp("a")]}]}},
        "empty.json": {"patch": {"changes": []}},
        "fallback.json": {"patch": {"changes": [{"id": "b", "components": [{"id": "b", "type": "Zip", "fallback": {"type": "Text", "data": {"text": "t"}}}]}]}},
    }
    for name, doc in patches.items():
        write("patch", name, compact(doc))
    write("patch", "twice.txt", compact(patches["remove.json"]) + SEP + compact(patches["remove.json"]) + SEP +
          compact(patches["insert.json"]))
    write("patch", "page_then_patch.txt", compact({"id": "q", "components": [comp("x"), comp("y")]}) + SEP +
          compact({"patch": {"changes": [{"id": "x", "components": [comp("y")]}]}}))

    # --- path: state paths over fuzz_path's nested state.
    paths = ["", "items", "items[0].title", "$.items[0]", "items.0", "items.1.tags[1]", '["odd key"]',
             '["odd key"]["a.b"]', '$["odd key"][""]', '["odd key"]["[0]"]', "0[0][0][0]", "deep.a.b.c.d",
             "uni\u00e9", "items2.0", "items2[0]", "t", "z", "items[-1]", "items[99]", "items[", "a..b", "$", "$.",
             "items[0]tags", '["unterminated', '["esc\\"aped"]', "items[00]", "items[1e1]"]
    for i, p in enumerate(paths):
        write("path", f"path_{i:02d}.txt", p)
    write("path", "set_object.txt", "deep.a.x" + SEP + '{"k":[1,2,{"z":null}]}')
    write("path", "set_append.txt", "items[2]" + SEP + '"new"')
    write("path", "set_string.txt", "items.0.title" + SEP + '"\\u00e9\\n"')

    # --- theme: themes (and a view returned verbatim) for fuzz_theme.
    themes = {
        "both.json": {"colors": {"fg": {"light": "#111827", "dark": "#f9fafb"}, "bg": "#ffffff"},
                      "fonts": {"f": {"light": "title", "dark": "headline"}}},
        "same.json": {"colors": {"fg": "#000", "bg": "#fff"}, "fonts": {"f": "body"}},
        "empty.json": {},
        "bad_value.json": {"colors": {"fg": {"light": "#000"}}},
        "bad_token.json": {"colors": {"fg": "@bg"}},
    }
    for name, doc in themes.items():
        write("theme", name, compact(doc))
    write("theme", "with_view.txt", compact(themes["both.json"]) + SEP + compact(
        {"type": "hstack", "style": {"borderColor": "@fg", "font": "@missing"},
         "children": [{"type": "text", "text": "a@b", "style": {"color": "@"}}]}))
    write("theme", "not_json.txt", '{"colors": {"fg": ')

    # --- script: the example scripts are read where they are (fuzz/run.sh's
    # seed_dirs); the self-contained ones are kept in fuzz/seeds/script.


if __name__ == "__main__":
    main()
