#!/usr/bin/env python3
"""Runs every code block of docs/tutorial.md, in order, in a scratch folder.

Each fenced block says what to do with it in its info string:

    ```lua file=PATH        written to PATH (also json, c, sh, text)
    ```lua file=PATH run    written to PATH, then run: lua5.4 PATH
    ```sh run               run with bash (set -e)
    ```sh env               sourced before every later run (and run once here)
    ```text expect          the standard output of the run block just before

A run's standard output must equal the expect block that follows it, or be
empty when none does; a run that exits non-zero fails. A written file's path
must be named where the reader sees it: in the block's first line (a
comment) or in the prose just above it. A block with no info string, a
language alone (```lua), an unknown tag, or an expect block that does not
follow a run fails, and the blocks handled are counted against every fence
in the file (indented ones and ~~~ too, which are never handled): every
block is run, written, sourced or compared, or the test fails. Each block
is one check of the summary line, "tutorial: N passed, M failed".

Runs start in the scratch folder with SDUI set to the repository root (the
tutorial's "your checkout"); the scratch folder is removed at the end, and
each run's process group is killed when it ends or times out.

usage: run.py [--keep] [TUTORIAL]
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^(`{3,})(.*)$")
LANGS = {"lua", "json", "c", "sh", "text"}
TIMEOUT = 120


def parse(text):
    """The fenced blocks: dicts of line, info, body and the prose before them."""
    blocks, lines, i, prose_start = [], text.split("\n"), 0, 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), i
        body = []
        i += 1
        while i < len(lines) and lines[i].rstrip() != fence:
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit("tutorial: line %d: a block that is never closed" % (start + 1))
        blocks.append({"line": start + 1, "info": info, "body": "\n".join(body) + "\n",
                       "prose": "\n".join(lines[prose_start:start])})
        i += 1
        prose_start = i
    return blocks


# Any fence Markdown knows: indented up to three spaces, of backticks or tildes.
# parse() reads only the first kind, so a block fenced otherwise is counted
# here and not handled there, and the test fails.
ANY_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def fences(text):
    """The blocks in the file counted on their own: opening fences."""
    n, inside = 0, None
    for line in text.split("\n"):
        m = ANY_FENCE.match(line)
        if inside is None and m:
            n, inside = n + 1, m.group(1)
        elif inside is not None and line.strip() == inside:
            inside = None
    return n


def tags(info):
    """(language, {attribute: value or True}) of an info string, or None."""
    words = info.split()
    if not words or words[0] not in LANGS:
        return None
    attrs = {}
    for w in words[1:]:
        k, _, v = w.partition("=")
        if k not in ("file", "run", "env", "expect") or (k == "file") != bool(v):
            return None
        attrs[k] = v or True
    if not attrs:  # a language alone says nothing about what to do with the block
        return None
    return words[0], attrs


def run(command, work, env_file, env):
    script = "set -e\n[ -f '%s' ] && . '%s'\n%s\n" % (env_file, env_file, command)
    p = subprocess.Popen(["bash", "-c", script], cwd=work, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return 124, out.decode("utf-8", "replace"), err.decode("utf-8", "replace") + "\n(timed out)"
    finally:
        try:  # whatever the run left behind in its group goes with it
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def main(argv):
    keep = "--keep" in argv
    args = [a for a in argv if a != "--keep"]
    path = args[0] if args else os.path.join(ROOT, "docs", "tutorial.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    blocks = parse(text)
    present = fences(text)
    scratch = tempfile.mkdtemp(prefix="sdui-tutorial-")
    work = os.path.join(scratch, "shop")
    os.mkdir(work)
    env_file = os.path.join(scratch, "env.sh")
    env = dict(os.environ, SDUI=ROOT)
    for k in ("LUA_PATH", "LUA_CPATH", "LUA_PATH_5_4", "LUA_CPATH_5_4"):
        env.pop(k, None)
    passed, failed, handled = 0, 0, 0
    counts = {"written": 0, "run": 0, "compared": 0, "sourced": 0}
    pending = None  # the last run's output, waiting for its expect block

    def fail(block, message):
        nonlocal failed
        failed += 1
        print("FAILED: %s:%d: %s" % (os.path.relpath(path), block["line"], message))

    def settle(block):
        """A run whose output no expect block claims must print nothing."""
        nonlocal pending, passed
        if pending is not None:
            if pending["out"]:
                fail(pending["block"], "the run printed output but no ```text expect block follows:\n"
                     + pending["out"])
            else:
                passed += 1
            pending = None

    try:
        for b in blocks:
            t = tags(b["info"])
            if t is None:
                settle(b)
                fail(b, "a block without a known tag: ```%s" % b["info"])
                continue
            lang, attrs = t
            if "expect" in attrs:
                handled += 1
                if lang != "text" or len(attrs) != 1 or pending is None:
                    settle(b)
                    fail(b, "```text expect must directly follow a run block")
                    continue
                counts["compared"] += 1
                passed += 1  # the run block, which exited 0
                if pending["out"] == b["body"]:
                    passed += 1
                else:
                    fail(b, "the output differs from the expected one:\n--- expected\n%s--- got\n%s"
                         % (b["body"], pending["out"]))
                pending = None
                continue
            settle(b)
            handled += 1
            if "file" in attrs:
                name = attrs["file"]
                dest = os.path.normpath(os.path.join(work, name))
                first = b["body"].split("\n", 1)[0]
                if os.path.isabs(name) or not dest.startswith(work + os.sep):
                    fail(b, "file=%s: a path inside the scratch folder, please" % name)
                    continue
                if name not in first and name not in b["prose"]:
                    fail(b, "file=%s is not named in the block's first line or the prose above it" % name)
                    continue
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "w", encoding="utf-8") as f:
                    f.write(b["body"])
                counts["written"] += 1
            command = None
            if "env" in attrs:
                if lang != "sh" or len(attrs) != 1:
                    fail(b, "```sh env takes no other tag")
                    continue
                with open(env_file, "a", encoding="utf-8") as f:
                    f.write(b["body"])
                counts["sourced"] += 1
                command = ":"
            elif "run" in attrs:
                if lang == "sh" and "file" not in attrs:
                    command = b["body"]
                elif lang == "lua" and "file" in attrs:
                    command = "lua5.4 " + attrs["file"]
                else:
                    fail(b, "run is for ```sh run and ```lua file=PATH run")
                    continue
            if command is None:
                passed += 1  # a file, written
                continue
            # A run block passes once its output is settled: compared with the
            # expect block after it (which passes or fails on its own), or
            # found empty when none follows. Every block is one check.
            counts["run"] += 1
            code, out, err = run(command, work, env_file, env)
            if code != 0:
                fail(b, "exited with status %d\n%s%s" % (code, out, err))
                continue
            if err.strip():
                print("%s:%d: stderr: %s" % (os.path.relpath(path), b["line"], err.rstrip()))
            pending = {"block": b, "out": out}
        settle(None)
        if handled != present:
            failed += 1
            print("FAILED: %d blocks in %s, %d handled" % (present, os.path.relpath(path), handled))
    finally:
        if keep:
            print("tutorial: scratch folder kept: " + work)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("tutorial: %d blocks present, %d handled (%d files written, %d runs, %d outputs compared, %d sourced)"
          % (present, handled, counts["written"], counts["run"], counts["compared"], counts["sourced"]))
    print("tutorial: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
