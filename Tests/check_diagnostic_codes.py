#!/usr/bin/env python3
"""Keeps sdui.h's list of diagnostic codes in step with the engine: every
code a `Diagnostic(.warning|.error, "code", ...)` in Sources/ can produce is
named (quoted) in the header's entry "What went wrong: the diagnostics", and
every code the entry names is produced somewhere.

Usage: check_diagnostic_codes.py [SOURCES_DIR] [HEADER]
"""
import pathlib
import re
import sys

# The code argument of a Diagnostic: a string, or a choice of strings (`a ? "x" : "y"`).
MADE = re.compile(r'Diagnostic\(\s*\.(?:warning|error),\s*([^,]+),')


def main():
    sources = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
    header = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "include/sdui.h")
    made = set()
    for path in sources.rglob("*.swift"):
        for argument in MADE.findall(path.read_text()):
            made.update(re.findall(r'"([a-z-]+)"', argument))
    text = header.read_text()
    start = text.find("** What went wrong: the diagnostics")
    end = text.find("*/", start)
    if start < 0 or end < 0:
        print("diagnostic-codes: no entry \"What went wrong: the diagnostics\" in " + str(header), file=sys.stderr)
        print("diagnostic-codes: 0 passed, 1 failed")
        return 1
    named = set(re.findall(r'"([a-z]+(?:-[a-z]+)*)"', text[start:end]))
    named -= {"severity", "code", "component", "message", "warning", "error", "fallback"}  # the entry's other words
    failures = []
    for code in sorted(made - named):
        failures.append(f"the engine makes \"{code}\", which the header's diagnostics entry does not name")
    for code in sorted(named - made):
        failures.append(f"the header's diagnostics entry names \"{code}\", which no Diagnostic in {sources} makes")
    for failure in failures:
        print("diagnostic-codes: " + failure, file=sys.stderr)
    print(f"diagnostic-codes: {len(made)} codes made, {len(named)} named")
    print(f"diagnostic-codes: {len(made) + len(named) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
