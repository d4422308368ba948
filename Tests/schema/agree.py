#!/usr/bin/env python3
"""The JSON Schema (schema/) against the engine's decoders.

Usage: agree.py SDUI_CLI

Gathers every document the repository and the shared corpus hold, runs the
engine's decoders over them (`sdui validate --json`, which calls
sdui_check_json) and the schema (python3-jsonschema, draft 2020-12), and
fails unless both give the same verdict on each, with these exceptions:

  - rules JSON Schema cannot state, which only the decoders check
    (DECODER_ONLY below): the decoder may refuse what the schema accepts,
    when its message is one of those rules, and for no other reason;
  - text that is not JSON (or gives a key twice in one object, which the
    engine refuses by default): no schema applies, the decoder must refuse it.

The documents:
  - pages and server patches: examples/*.json, Tests/preview/edge/page.json,
    fuzz/seeds/page and fuzz/seeds/patch (documents of a .txt seed are
    separated by a line "@@"), bench pages (../shared/bench/make_page.py N);
  - Adaptive Cards (examples/cards/*.json, ../shared/corpus/adaptivecards/**),
    each as the data of an AdaptiveCard component of a page, their bytes
    as they are, read both with keys given twice refused and with the last
    one kept (as `make card` and Adaptive Cards hosts do);
  - actions: fuzz/seeds/action;
  - views: the "view" members of fuzz/seeds/page/views.json, and every
    component's view of the screens `sdui render --format json` makes of
    examples/home.json (lua/examples/scripts) and of the cards
    (lua/packs/adaptivecards);
  - Tests/schema/valid/KIND/*.json and Tests/schema/invalid/KIND/*.json:
    documents each breaking one rule (or none), so that agreement means
    something both ways; an invalid one must be refused by both, or by the
    decoder alone when its file is listed in DECODER_ONLY_FILES;
  - mutants: each valid document above (but the pages of cards, whose
    data no schema reads) changed in one place, at random with a fixed
    seed: a member dropped, added or given another value (null, true, 0,
    -1, 1.5, "", "x", "fill", [], {}); most are invalid, some not.
"""
import random
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.path.abspath(os.path.join(ROOT, "..", "shared"))

# The decoders' rules JSON Schema cannot state: a message of the decoder
# matching one of these may refuse a document the schema accepts.
DECODER_ONLY = [
    # Two values of one document compared: ids unique within a page...
    ("component ids unique within a page", re.compile(r"duplicate component id ")),
    # ...node keys unique within a view...
    ("node keys unique within a view", re.compile(r"duplicate key \"[^\"]*\" in component")),
    # ...an input's min at most its max, a validation's lengths in order.
    ("an input's min at most its max", re.compile(r"max \(.*\) is below min")),
    ("minLength at most maxLength", re.compile(r"maxLength \(\d+\) is below minLength")),
    # A pattern must compile as a Swift Regex: no dialect JSON Schema knows.
    ("a validation pattern compiles", re.compile(r"not a regular expression")),
    # The engine's parser limits, below JSON's own.
    ("the engine's size and depth limits", re.compile(r"more than the limit|deeper than the limit")),
]

# Files of Tests/schema/invalid that break one of DECODER_ONLY's rules: the
# schema accepts them, the decoder must refuse them with that rule.
DECODER_ONLY_FILES = {
    "page/duplicate-component-id.json": "component ids unique within a page",
    "view/duplicate-node-key.json": "node keys unique within a view",
    "view/input-min-above-max.json": "an input's min at most its max",
    "view/validation-lengths-reversed.json": "minLength at most maxLength",
    "view/validation-bad-pattern.json": "a validation pattern compiles",
}

KINDS = ["payload", "page", "patch", "component", "view", "action", "effect"]


def load_validators():
    """A validator per kind, from schema/sdui.schema.json and view.schema.json
    (referring to each other by file name)."""
    from jsonschema import Draft202012Validator

    schema_dir = os.path.join(ROOT, "schema")
    store = {}
    for name in ("sdui.schema.json", "view.schema.json"):
        path = os.path.join(schema_dir, name)
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
        store["file://" + path] = schema
    main_uri = "file://" + os.path.join(schema_dir, "sdui.schema.json")
    refs = {kind: main_uri + {"payload": "#"}.get(kind, "#/$defs/" + {"patch": "serverPatch"}.get(kind, kind))
            for kind in KINDS}
    try:  # jsonschema 4.18 and later: the referencing library
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:  # 4.10 (Debian bookworm): RefResolver
        from jsonschema import RefResolver
        resolver = RefResolver(base_uri=main_uri, referrer=store[main_uri], store=store)
        return {kind: Draft202012Validator({"$ref": ref}, resolver=resolver) for kind, ref in refs.items()}
    registry = Registry().with_resources(
        (uri, Resource.from_contents(schema, default_specification=DRAFT202012)) for uri, schema in store.items())
    return {kind: Draft202012Validator({"$ref": ref}, registry=registry) for kind, ref in refs.items()}


def strict_json(text, last_key_wins):
    """The value of `text` as the engine parses it (RFC 8259: no NaN, no
    Infinity), keys given twice refused unless `last_key_wins`."""
    def pairs(items):
        out = {}
        for key, value in items:
            if key in out and not last_key_wins:
                raise ValueError("duplicate key %r" % key)
            out[key] = value
        return out

    def constant(name):
        raise ValueError("not JSON: %s" % name)

    return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)


class Doc:
    def __init__(self, name, kind, data, last_key_wins=False):
        self.name, self.kind, self.data, self.last_key_wins = name, kind, data, last_key_wins


def read(path):
    with open(path, "rb") as f:
        return f.read()


def seed_documents(path):
    """A fuzz seed: one document, or several separated by a line "@@"."""
    data = read(path)
    if path.endswith(".txt"):
        return data.split(b"\n@@\n")
    return [data]


def card_page(card):
    """An Adaptive Card as the data of an AdaptiveCard component (as `make card`)."""
    if card.startswith(b"\xef\xbb\xbf"):
        card = card[3:]
    return b'{"components":[{"id":"card","type":"AdaptiveCard","data":' + card + b"}]}\n"


def rel(path):
    return os.path.relpath(path, ROOT)


def gather(cli, tmp):
    docs = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.json"))) + [
            os.path.join(ROOT, "Tests", "preview", "edge", "page.json")]:
        docs.append(Doc(rel(path), "payload", read(path)))
    for folder, kind in (("page", "payload"), ("patch", "payload"), ("action", "action")):
        for path in sorted(glob.glob(os.path.join(ROOT, "fuzz", "seeds", folder, "*"))):
            for i, data in enumerate(seed_documents(path)):
                docs.append(Doc("%s#%d" % (rel(path), i + 1), kind, data))
    make_page = os.path.join(SHARED, "bench", "make_page.py")
    for n, seed in ((1, None), (12, None), (200, None), (50, "7")):
        args = [sys.executable, make_page, str(n)] + ([seed] if seed else [])
        page = subprocess.run(args, check=True, stdout=subprocess.PIPE).stdout
        docs.append(Doc("make_page.py %d%s" % (n, " " + seed if seed else ""), "payload", page))
    cards = sorted(glob.glob(os.path.join(ROOT, "examples", "cards", "*.json")))
    cards += sorted(glob.glob(os.path.join(SHARED, "corpus", "adaptivecards", "**", "*.json"), recursive=True))
    if not any(SHARED in c for c in cards):
        sys.exit("agree: no Adaptive Cards under %s/corpus/adaptivecards" % SHARED)
    for path in cards:
        page = card_page(read(path))
        docs.append(Doc("card " + os.path.relpath(path, os.path.dirname(ROOT)), "payload", page))
        docs.append(Doc("card " + os.path.relpath(path, os.path.dirname(ROOT)) + " (last key wins)", "payload", page,
                        last_key_wins=True))
    # views: given in a page seed, and rendered by the example scripts and the pack
    views_seed = json.loads(read(os.path.join(ROOT, "fuzz", "seeds", "page", "views.json")))
    for c in views_seed:
        if isinstance(c.get("data"), dict) and "view" in c["data"]:
            docs.append(Doc("fuzz/seeds/page/views.json %s view" % c["id"], "view",
                            json.dumps(c["data"]["view"]).encode()))
    renders = [(os.path.join(ROOT, "examples", "home.json"), "lua/examples/scripts", "home"),
               (os.path.join(ROOT, "Tests", "preview", "edge", "page.json"), "Tests/preview/edge/scripts", "edge")]
    for i, path in enumerate(cards):
        page_path = os.path.join(tmp, "card-%d.json" % i)
        with open(page_path, "wb") as f:
            f.write(card_page(read(path)))
        renders.append((page_path, "lua/packs/adaptivecards", "card " + os.path.basename(path)))
    for page_path, scripts, name in renders:
        out = subprocess.run([cli, "render", page_path, "--scripts", os.path.join(ROOT, scripts), "--format", "json",
                              "--duplicate-keys", "last", "--quiet"], stdout=subprocess.PIPE, cwd=ROOT)
        if out.returncode != 0:
            continue  # a card the pack cannot load: its page is compared above
        screen = json.loads(out.stdout)
        for c in screen.get("components", []):
            docs.append(Doc("%s: rendered view of %s" % (name, c["id"]), "view", json.dumps(c["view"]).encode()))
    for verdict in ("valid", "invalid"):
        for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "schema", verdict, "*", "*.json"))):
            kind = os.path.basename(os.path.dirname(path))
            if kind not in KINDS:
                sys.exit("agree: %s: no kind %r (expected one of %s)" % (rel(path), kind, ", ".join(KINDS)))
            docs.append(Doc(rel(path), kind, read(path)))
    return docs


REPLACEMENTS = [None, True, 0, -1, 1.5, "", "x", "fill", [], {}]


def places(value, path=()):
    """Every object and array inside `value`, with its path."""
    if isinstance(value, (dict, list)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield from places(child, path + (key,))


def mutant(value, rng):
    """A copy of `value` changed in one place, and a word saying how."""
    value = json.loads(json.dumps(value))
    path, target = rng.choice(list(places(value)))
    keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target)))
    choice = rng.random()
    if isinstance(target, dict) and (not keys or choice < 0.15):
        target[rng.choice(["zz", "type", "id", "text", "children", "style", "action", "kind"])] = \
            rng.choice(REPLACEMENTS)
        how = "member added"
    elif not keys:
        target.append(rng.choice(REPLACEMENTS))
        how = "element added"
    elif choice < 0.35:
        del target[rng.choice(keys)]
        how = "dropped"
    else:
        key = rng.choice(keys)
        target[key] = rng.choice(REPLACEMENTS)
        how = "replaced"
    return value, "%s at %s" % (how, "$" + "".join("[%d]" % k if isinstance(k, int) else "." + k for k in path))


def mutants(docs, per_doc):
    """`per_doc` mutants of each valid document that is not a card's page."""
    rng = random.Random(16)
    out = []
    for doc in docs:
        if doc.name.startswith("card ") or doc.last_key_wins:
            continue
        try:
            value = strict_json(doc.data.decode("utf-8"), False)
        except ValueError:
            continue
        if not list(places(value)):
            continue
        for _ in range(per_doc):
            changed, how = mutant(value, rng)
            out.append(Doc("%s, %s" % (doc.name, how), doc.kind, json.dumps(changed).encode()))
    return out


def decoder_verdicts(cli, docs, tmp):
    """sdui validate --json over the documents, grouped by kind and key mode."""
    groups = {}
    for i, doc in enumerate(docs):
        path = os.path.join(tmp, "doc-%05d.json" % i)
        with open(path, "wb") as f:
            f.write(doc.data)
        groups.setdefault((doc.kind, doc.last_key_wins), []).append((i, path))
    verdicts = [None] * len(docs)
    for (kind, last), items in groups.items():
        for start in range(0, len(items), 200):
            chunk = items[start:start + 200]
            args = [cli, "validate", "--json", "--kind", kind] + (["--duplicate-keys", "last"] if last else [])
            out = subprocess.run(args + [p for _, p in chunk], stdout=subprocess.PIPE)
            if out.returncode not in (0, 1):
                sys.exit("agree: sdui validate exited %d" % out.returncode)
            report = json.loads(out.stdout)
            for (i, path), entry in zip(chunk, report):
                assert entry["file"] == path, (entry["file"], path)
                problems = entry["problems"]
                verdicts[i] = (entry["valid"], problems[0]["message"] if problems else "")
    return verdicts


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: agree.py SDUI_CLI")
    cli = os.path.abspath(sys.argv[1])
    validators = load_validators()
    failures = []
    counts = {"agree": 0, "decoder-only": 0, "not-json": 0}
    by_kind = {}
    with tempfile.TemporaryDirectory(prefix="sdui-agree-") as tmp:
        docs = gather(cli, tmp)
        originals = len(docs)
        valid = [doc for doc, (ok, _) in zip(docs, decoder_verdicts(cli, docs, tmp)) if ok]
        docs += mutants(valid, 12)
        verdicts = decoder_verdicts(cli, docs, tmp)
    mutants_valid = sum(1 for doc, (ok, _) in zip(docs[originals:], verdicts[originals:]) if ok)
    for doc, (decoder_ok, message) in zip(docs, verdicts):
        by_kind[doc.kind] = by_kind.get(doc.kind, 0) + 1
        invalid_file = doc.name.startswith(os.path.join("Tests", "schema", "invalid"))
        try:
            value = strict_json(doc.data.decode("utf-8"), doc.last_key_wins)
        except ValueError as e:  # UnicodeDecodeError and json's errors are ValueErrors
            if decoder_ok:
                failures.append("%s: not JSON (%s), but the decoder accepts it" % (doc.name, e))
            else:
                counts["not-json"] += 1
            continue
        error = next(iter(sorted(validators[doc.kind].iter_errors(value), key=lambda e: list(e.path))), None)
        schema_ok = error is None
        rule = next((name for name, pattern in DECODER_ONLY if pattern.search(message)), None) if not decoder_ok else None
        listed = DECODER_ONLY_FILES.get(os.path.relpath(doc.name, os.path.join("Tests", "schema", "invalid")))
        if invalid_file and decoder_ok:
            failures.append("%s: meant to be invalid, but the decoder accepts it" % doc.name)
        elif invalid_file and listed is not None:
            if schema_ok and rule == listed:
                counts["decoder-only"] += 1
            else:
                failures.append("%s: meant to break only the decoder's rule \"%s\"; decoder: %s; schema: %s"
                                 % (doc.name, listed, message, "valid" if schema_ok else error.message))
        elif decoder_ok == schema_ok:
            counts["agree"] += 1
        elif schema_ok and rule is not None:
            counts["decoder-only"] += 1  # a rule the schema cannot state
        else:
            failures.append("%s (%s): decoder says %s, schema says %s" % (
                doc.name, doc.kind, "valid" if decoder_ok else "invalid: " + message,
                "valid" if schema_ok else "invalid at %s: %s" % (
                    "$" + "".join("[%d]" % p if isinstance(p, int) else "." + p for p in error.absolute_path),
                    error.message[:300])))
    for failure in failures:
        print("agree: FAIL " + failure)
    kinds = ", ".join("%d %s" % (by_kind[k], k) for k in KINDS if k in by_kind)
    print("schema: %d documents (%s; %d of them mutants, %d still valid): %d same verdict, %d refused by a "
          "decoder-only rule, %d not JSON, %d disagree" % (
              len(docs), kinds, len(docs) - originals, mutants_valid, counts["agree"], counts["decoder-only"],
              counts["not-json"], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
