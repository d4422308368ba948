#!/usr/bin/env python3
"""Keeps the engine a coordinator: counts the members of `Engine` across
every file that declares or extends it, and fails past the cap; fails when
Engine.swift passes its line limit or any Swift file under Sources/ passes
800 lines.

A new feature gets its own part (state and logic together) in its concept
folder; it reaches the engine through a member or two at most. Raise CAP
only with a line in ARCHITECTURE.md saying what the new members are for.

Usage: check_engine.py [SOURCES_DIR]
"""
import pathlib
import re
import sys

CAP = 87                  # members of Engine, declarations and extensions together (100 before issue 27)
ENGINE_LINES = 450        # lines of Sources/SDUICore/Engine/Engine.swift
FILE_LINES = 800          # lines of any Swift file under Sources/

MEMBER = re.compile(
    r"^    (?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|open|static|final|override|mutating|nonmutating|"
    r"private\(set\)|public private\(set\)|lazy|weak|unowned)\s+)*"
    r"(func|var|let|init|subscript|struct|enum|class|typealias|actor)\b")
OPENS = re.compile(r"^(?:public\s+|final\s+)*(?:class|extension)\s+Engine\b")


def engine_members(path):
    """The member declarations of `Engine` in the file at `path`, as (line, text)."""
    found, inside = [], False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not inside:
            inside = bool(OPENS.match(line))
        elif line.startswith("}"):
            inside = False
        elif MEMBER.match(line):
            found.append((number, line.strip()))
    return found


def main():
    sources = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
    failures, checks = [], 0
    members = []
    for path in sorted(sources.rglob("*.swift")):
        members += [(path, n, text) for n, text in engine_members(path)]
        checks += 1
        lines = len(path.read_text().splitlines())
        if lines > FILE_LINES:
            failures.append(f"{path}: {lines} lines, over {FILE_LINES}: split it by concept")
    engine_file = sources / "SDUICore" / "Engine" / "Engine.swift"
    lines = len(engine_file.read_text().splitlines())
    checks += 1
    if lines > ENGINE_LINES:
        failures.append(f"{engine_file}: {lines} lines, over {ENGINE_LINES}: move state and logic into a part")
    checks += 1
    if len(members) > CAP:
        listing = "\n".join(f"  {p}:{n}: {t}" for p, n, t in members)
        failures.append(f"Engine has {len(members)} members, over the cap of {CAP}: a feature's state and "
                        f"logic belong in its own part (ARCHITECTURE.md)\n{listing}")
    for failure in failures:
        print(f"check-engine: {failure}", file=sys.stderr)
    print(f"check-engine: Engine has {len(members)} members (cap {CAP}), Engine.swift {lines} lines "
          f"(limit {ENGINE_LINES})")
    print(f"check-engine: {checks - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
