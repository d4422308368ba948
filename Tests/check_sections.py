#!/usr/bin/env python3
"""check_sections.py HEADER...

Checks that the overview of each public header lists its sections: the
sentence "The sections below are, in order: A, B, C." of its top comment
must name every section banner of the header

    /* ======================================================================
    ** Name
    ** ====================================================================== */

in the order they come, and no other (a note in parentheses after a name,
"Packed values (with flat views)", is left out). A header with neither
banners nor such a sentence passes.

Prints one line per header and "sections: N passed, M failed"; exits 1 when
a header fails (2 on a usage error).
"""
import os
import re
import sys

BANNER = re.compile(r"^/\* =+\n\*\* (.+)\n\*\* =+ \*/$", re.M)
OVERVIEW = re.compile(r"The sections below are, in order:(.*?)\.(?:\s|$)", re.S)


def banners(text):
    """The names of the section banners, in order."""
    return [name.strip() for name in BANNER.findall(text)]


def overview(text):
    """The section names the overview sentence lists, in order, or None without one."""
    found = OVERVIEW.search(text)
    if found is None:
        return None
    words = re.sub(r"\s*\n\*\*\s*", " ", found.group(1))
    words = re.sub(r"\([^)]*\)", "", words)
    return [name.strip() for name in words.split(",") if name.strip()]


def check(path):
    """One line saying whether the overview of the header at path lists its sections; and whether it passed."""
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as header:
        text = header.read()
    real, listed = banners(text), overview(text)
    if listed is None:
        if real:
            return "%s: no overview (\"The sections below are, in order: ...\") for its %d sections" % (
                name, len(real)), False
        return "%s: no sections" % name, True
    if listed == real:
        return "%s: %d sections, listed in order" % (name, len(real)), True
    missing = [s for s in real if s not in listed]
    unknown = [s for s in listed if s not in real]
    problems = []
    if missing:
        problems.append("the overview lacks " + ", ".join(missing))
    if unknown:
        problems.append("the overview names no banner " + ", ".join(unknown))
    if not problems:
        problems.append("the order differs: the overview has %s; the banners are %s" % (
            ", ".join(listed), ", ".join(real)))
    return "%s: %s" % (name, "; ".join(problems)), False


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    passed = failed = 0
    for path in paths:
        line, ok = check(path)
        print(line)
        passed, failed = passed + ok, failed + (not ok)
    print("sections: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
