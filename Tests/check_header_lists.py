#!/usr/bin/env python3
"""check_header_lists.py ROOT

Checks that the lists the public headers write out in their comments and
constants name what the engine has, each against its source of truth:

  node kinds      sdui.h's factory comment ('"type" one of ...') against the
                  kinds of lua/sdui/contract.lua (generated from the view
                  contract) a factory may return (engine_only = false)
  roles           sdui.h's accessibility roles ("role one of ...") and members
                  ('"accessibility": {...}') against the contract's
                  accessibility_roles and accessibility_members
  input kinds     sdui.h's sdui_input_kind values (SDUI_INPUT_TEXT = 0, ...),
                  in order, against the contract's input "kind" values, and
                  the text kind's formats against its "format" values
  check kinds     sdui_check_json()'s kinds against PayloadKind's cases
  limits, counters, script limits
                  every SDUI_LIMIT_*, SDUI_COUNTER_* and SDUI_SCRIPT_LIMIT_*
                  the headers define against those the implementation handles
                  (Sources/SDUI/Limits.swift, Counters.swift,
                  Sources/SDUILua/scripts.c)
  pkg-config      every `pkg-config ... NAME` in a header names a package
                  that provides the header's functions (sdui_scripts.h's live
                  in libsdui_lua.so: sdui-scripts; the others' in libsdui.so:
                  sdui or sdui-scripts), and a .pc.in file exists for it

(sdui_diagnostics_json()'s codes are Tests/check_diagnostic_codes.py's.)

Prints one line per list, naming what is missing or extra, and
"header lists: N passed, M failed"; exits 1 when a list is out of step (2 on
a usage error or a source that cannot be read or parsed).
"""
import os
import re
import sys


class Unreadable(Exception):
    pass


def read(root, path):
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise Unreadable("%s: %s" % (path, e.strerror))


def find(pattern, text, where, flags=re.S):
    found = re.search(pattern, text, flags)
    if found is None:
        raise Unreadable("%s: cannot find %r" % (where, pattern))
    return found


def prose(text):
    """A comment's text as one line: the ' ** ' of each line and the line breaks removed."""
    return re.sub(r"\s*\n\*\*\s*", " ", text)


def names(listing):
    """'a, b, c and d' or 'a, b, c, d' as [a, b, c, d]; a note in parentheses is left out."""
    return [n.strip() for n in re.split(r",|\band\b", re.sub(r"\([^)]*\)", "", listing)) if n.strip()]


# --- sources of truth --------------------------------------------------------

def contract(root):
    text = read(root, "lua/sdui/contract.lua")
    kinds = re.findall(r'\{ name = "(\w+)", members = .*?engine_only = (true|false) \}', text, re.S)
    if not kinds:
        raise Unreadable("lua/sdui/contract.lua: no kinds")
    input_kind = find(r'\{ name = "input", members = (.*?)children =', text, "contract.lua input").group(1)

    def enum(member):
        found = find(r'\{ name = "%s", type = "enum", values = \{([^}]*)\}' % member, input_kind,
                     "contract.lua input %s" % member)
        return re.findall(r'"([^"]+)"', found.group(1))

    def strings(key):
        return re.findall(r'"([^"]+)"', find(r"\b%s = \{([^}]*)\}" % key, text, "contract.lua " + key).group(1))

    return {
        "kinds": [k for k, engine_only in kinds if engine_only == "false"],
        "input_kinds": enum("kind"),
        "input_formats": enum("format"),
        "roles": strings("accessibility_roles"),
        "accessibility": strings("accessibility_members"),
    }


# --- the checks ----------------------------------------------------------------

def compare(what, listed, truth, source, ordered=False):
    """One result line for a list: (ok, line)."""
    missing = [n for n in truth if n not in listed]
    extra = [n for n in listed if n not in truth]
    problems = []
    if missing:
        problems.append("lacks %s (in %s)" % (", ".join(missing), source))
    if extra:
        problems.append("names %s (not in %s)" % (", ".join(extra), source))
    if not problems and ordered and list(listed) != list(truth):
        problems.append("order differs: %s; %s has %s" % (", ".join(listed), source, ", ".join(truth)))
    if problems:
        return False, "%s: %s" % (what, "; ".join(problems))
    return True, "%s: %d, as %s" % (what, len(truth), source)


def check_all(root):
    sdui = read(root, "include/sdui.h")
    scripts = read(root, "include/sdui_scripts.h")
    binding = read(root, "include/sdui_binding.h")
    truth = contract(root)
    results = []

    factory = prose(find(r"\*\* A component factory\n(.*?)\*/", sdui, "sdui.h factory comment").group(1))
    kinds = names(find(r'with "type" one of (.*?);', factory, "sdui.h factory comment").group(1))
    results.append(compare('sdui.h, a factory\'s node kinds ("type" one of)', kinds, truth["kinds"],
                           "lua/sdui/contract.lua kinds"))
    roles = names(find(r"role one of (.*?)\)", factory, "sdui.h factory comment").group(1))
    results.append(compare("sdui.h, accessibility roles (role one of)", roles, truth["roles"],
                           "lua/sdui/contract.lua accessibility_roles"))
    members = re.findall(r'"(\w+)"', find(r'"accessibility": \{(.*?)\}', factory, "sdui.h factory comment").group(1))
    results.append(compare('sdui.h, "accessibility" members', members, truth["accessibility"],
                           "lua/sdui/contract.lua accessibility_members", ordered=True))

    enum = find(r"typedef enum sdui_input_kind \{(.*?)\} sdui_input_kind;", sdui, "sdui.h sdui_input_kind").group(1)
    values = sorted((int(v), n.lower()) for n, v in re.findall(r"SDUI_INPUT_(\w+) = (\d+)", enum))
    listed = [n for _, n in values]
    if [v for v, _ in values] != list(range(len(values))):
        results.append((False, "sdui.h, sdui_input_kind: values are not 0, 1, 2, ... (%s)" % values))
    else:
        results.append(compare("sdui.h, sdui_input_kind (in value order)", listed, truth["input_kinds"],
                               'lua/sdui/contract.lua input "kind" values', ordered=True))
    formats = names(find(r'SDUI_INPUT_TEXT = 0,\s*/\*[^*]*"format": ([^)]*)\)', enum, "sdui.h SDUI_INPUT_TEXT").group(1))
    results.append(compare('sdui.h, SDUI_INPUT_TEXT\'s "format"s', formats, truth["input_formats"],
                           'lua/sdui/contract.lua input "format" values'))

    check = find(r"\*\* Check a document without using it\n(.*?)\*/", sdui, "sdui.h sdui_check_json comment").group(1)
    kinds_block = find(r"The kinds:\n(.*?)\n\*\* A server patch", check, "sdui.h sdui_check_json kinds").group(1)
    check_kinds = re.findall(r'(?:^\*\*\s+|\s{2,})"(\w+)"\s', kinds_block, re.M)
    payload = read(root, "Sources/SDUICore/Contract/PayloadKind.swift")
    cases = re.findall(r"^\s*case (\w+)\s*$", payload, re.M)
    results.append(compare("sdui.h, sdui_check_json() kinds", check_kinds, cases,
                           "PayloadKind (Sources/SDUICore/Contract/PayloadKind.swift)", ordered=True))

    for prefix, header, path, handled in (
            ("SDUI_LIMIT_", sdui, "Sources/SDUI/Limits.swift", r"case (SDUI_LIMIT_\w+):"),
            ("SDUI_COUNTER_", sdui, "Sources/SDUI/Counters.swift", r"case (SDUI_COUNTER_\w+):"),
            ("SDUI_SCRIPT_LIMIT_", scripts, "Sources/SDUILua/scripts.c", r"\[(SDUI_SCRIPT_LIMIT_\w+)\] ="),
    ):
        defined = re.findall(r"^#define (%s\w+)\s+\d+" % prefix, header, re.M)
        implemented = list(dict.fromkeys(re.findall(handled, read(root, path))))
        if not defined:
            raise Unreadable("headers: no %s* defined" % prefix)
        results.append(compare("%s* the header defines" % prefix, defined, implemented, path))

    packages = {os.path.basename(p)[:-len(".pc.in")] for p in os.listdir(root) if p.endswith(".pc.in")}
    for name, text, fits in (("sdui.h", sdui, {"sdui", "sdui-scripts"}),
                             ("sdui_binding.h", binding, {"sdui", "sdui-scripts"}),
                             ("sdui_scripts.h", scripts, {"sdui-scripts"})):
        commands = re.findall(r"`(pkg-config [^`]*)`", prose(text))
        wrong = []
        for command in commands:
            named = [w for w in command.split()[1:] if not w.startswith("-")]
            bad = [n for n in named if n not in fits or n not in packages]
            if not named or bad:
                wrong.append("`%s` (%s)" % (command, "names no package" if not named else
                                            "its functions are not in " + ", ".join(bad)))
        if wrong:
            results.append((False, "%s, pkg-config lines: %s; use %s" % (name, "; ".join(wrong),
                                                                        " or ".join(sorted(fits & packages)))))
        else:
            results.append((True, "%s, pkg-config lines: %d, each naming %s" % (
                name, len(commands), " or ".join(sorted(fits & packages)))))
    return results


def main(args):
    if len(args) != 1:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        results = check_all(args[0])
    except Unreadable as e:
        print("check_header_lists: %s" % e, file=sys.stderr)
        return 2
    for ok, line in results:
        print(line if ok else "FAILED: " + line)
    failed = sum(1 for ok, _ in results if not ok)
    print("header lists: %d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
