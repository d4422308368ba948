#!/usr/bin/env python3
"""bench/instr_steps.py PROFILE [TOTAL] -- where W2's instructions go, step by step.

PROFILE is a callgrind profile of W2 written with --separate-callers=N (bench/instr.sh
writes build/bench/callgrind.W2.steps.out): every cost then comes with the chain of its
callers, so each instruction can be given to one step, without counting any twice.

An instruction goes to the innermost frame of its call chain that belongs to a step or
to one of the three shared costs; one that has no such frame goes to "other". In order,
from the leaf up, the first frame that matches decides:

  malloc/free     the C allocator (malloc, free, realloc, calloc and what they call),
                  Swift's allocation entry points (swift_allocObject, swift_slowAlloc,
                  their dealloc twins) and the Lua allocator (sandbox_alloc and its
                  small-block pool, pool_realloc)
  retain/release  swift_retain/release (and their bridgeObject, _n forms, and the
                  deinits a release runs), swift_arrayDestroy, and Swift's outlined
                  copy/destroy helpers of values (mangled ...WOc, WOh, WOe, Vwcp, Vwxx ...)
  Lua GC          the Lua collector: the functions lua_gc calls, and those luaC_step calls
                  (the collections run on allocation: lua_createtable jumps to luaC_step),
                  found by disassembling liblua5.4.so: Debian's library has no symbols for
                  its internal functions, so they are known by address
  1 page load     sdui_load_page: the scan and check of the whole page, the index
  2 data decode   data_push (factory.c): the component's data text (sdui_call_input_text)
                  decoded by luajson_decode into Lua tables, or taken from the data cache
  3 ctx           ctx_push: the ctx table a factory receives
  4 factory Lua   lua_callk from factory_run: the factory's Lua code and the ui.lua DSL
                  building view tables (ctx.state's calls into the engine included)
  5 view writing  flat_write and put_node (flat.c): the view tables written in the engine's
                  flat form; pack_node (view.c) for a view that goes packed instead
  6 view check    sdui_call_return_flat: FlatViewChecker checking the flat bytes, kept as
                  they are; sdui_call_return_packed for a packed view: PackedViewReader
                  checking it and writing the FlatView (PackedJSON for actions)
  7 screen JSON   the screen JSON writer: RenderedComponent.jsonBytes and FlatView.write
                  (ScreenWriter.swift, FlatView.swift), ScreenTracker.json

So the GC, allocations and reference counting inside a step are not in the step's figure
but in the rest; memcpy, string hashing and the Swift runtime's exclusivity checks are in
the step that called them. "other" is the engine's own bookkeeping around the steps: the
render loop (ScreenTracker.rerender, Renderer.render), node ids (ViewNode.assignIds), image
counts, the read index, dictionary updates, the callback plumbing (runFactory, callback_run,
lua_pcallk, factory_run's own lines).

Prints a markdown table: each part's own Ir and share, then ("with its rest") each step
with the GC, allocations and reference counting done inside it, the rest rows keeping only
what happened outside every step; both columns add up to the total. TOTAL (the Ir of the
W2 profile bench/instr.sh prints first, a separate run) is shown beside the sum, which must
match this profile's own total. Exits 1 when the profile cannot be read or the parts do not
add up to its total.
"""
import bisect
import collections
import os
import re
import subprocess
import sys

STEPS = [
    ("1 page load/scan (sdui_load_page)", ["sdui_load_page"]),
    ("2 data: page bytes → Lua tables (luajson_decode, data cache)", ["luajson_decode", "push_cache"]),
    ("3 ctx table (ctx_push)", ["ctx_push"]),
    ("4 factory Lua code + ui.lua DSL (lua_callk)", ["lua_callk"]),
    # put_node too: the binding is built with -flto, which may fold flat_write into factory_run
    ("5 view tables → flat form (flat.c; packed: view.c)", ["flat_write", "put_node", "pack_node"]),
    ("6 flat form checked and kept (sdui_call_return_flat; _packed)",
     ["sdui_call_return_flat", "sdui_call_return_packed"]),
    ("7 screen JSON writer (ScreenWriter.swift, FlatView.write)",
     ["ScreenTrackerC4json9allocator", "RenderedComponentV9jsonBytes", "FlatViewV5write4into"]),
]
MALLOC = {"malloc", "free", "realloc", "calloc", "cfree", "posix_memalign", "aligned_alloc", "memalign",
          "_int_malloc", "_int_free", "_int_realloc", "malloc_consolidate", "__libc_malloc", "__libc_free",
          "__libc_realloc", "__libc_calloc", "swift_slowAlloc", "swift_slowDealloc", "swift_allocObject",
          "swift_deallocObject", "swift_deallocClassInstance", "swift_deallocUninitializedObject",
          "sandbox_alloc", "pool_realloc", "pool_release"}
RETAIN = re.compile(r"^(swift_(nonatomic_)?(bridgeObject|unknownObject)?(retain|release|Retain|Release)(_n)?"
                    r"|_swift_release_dealloc|swift_arrayDestroy|swift_arrayInitWithCopy"
                    r"|\$s\w*(WO[a-z]|Vw(cp|xx|ca|ta|tk))(Tm)?)$")
# sdui's own functions: Swift in SDUI/SDUICore, C in SDUILua (lowercase, not Lua's API nor libc's)
OWN = re.compile(r"^(\$s(8SDUICore|4SDUI)\w+|(?!lua|swift|mem|str|_)[a-z][a-z0-9_]*)$")
REST = ["Lua GC", "malloc/free", "retain/release", "other"]


def die(message):
    sys.exit("bench-instr: " + message)


def read_profile(path):
    """{context name: self Ir}, the profile's total, and the objects it names."""
    names, cost, objects = {}, collections.Counter(), set()
    cur, skip, total = None, False, None
    name_line = re.compile(r"c?fn=\((\d+)\)(?: (.*))?")
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            c = line[0]
            if c.isdigit() or c in "+-*":
                if skip:  # the inclusive cost of a call: already counted in the callee
                    skip = False
                elif cur is not None:
                    parts = line.split()
                    if len(parts) > 1:
                        cost[cur] += int(parts[1])
            elif line.startswith(("fn=", "cfn=")):
                m = name_line.match(line.rstrip("\n"))
                if m is None:
                    die("%s: unexpected line %r (name compression off?)" % (path, line[:80]))
                if m.group(2) is not None:
                    names[m.group(1)] = m.group(2)
                if c == "f":
                    cur = m.group(1)
            elif line.startswith("calls="):
                skip = True
            elif line.startswith(("ob=", "cob=")):
                m = re.match(r"c?ob=\(\d+\)(?: (.*))?", line.rstrip("\n"))
                if m and m.group(1):
                    objects.add(m.group(1))
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    return {names[k]: v for k, v in cost.items()}, total, objects


def gc_entries(objects):
    """The addresses (as callgrind names them) of the Lua collector's unnamed functions: those
    lua_gc calls, and those luaC_step calls. lua_createtable jumps to luaC_step (a tail
    call), so a chain can show the collection luaC_step runs under the allocating call
    with no luaC_step on it."""
    lib = next((o for o in objects if "liblua5.4.so" in o), None)
    if lib is None:
        die("the profile names no liblua5.4.so")
    try:
        asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", lib], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        die("cannot disassemble %s with objdump (binutils): %s" % (lib, e))
    # Every instruction, and where each call or jump goes. An internal function has no
    # symbol (objdump shows it as an offset from one); a function starts where a call
    # goes, and ends where the next one starts.
    instructions, targets, symbols = [], {}, {}
    for line in asm.splitlines():
        m = re.match(r"^([0-9a-f]+) <([^@>]+)(@@[^>]*)?>:$", line)
        if m:
            symbols[m.group(2)] = int(m.group(1), 16)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(call|jmp)\w*\s+([0-9a-f]+) <", line)
        if m and "@plt>" not in line:
            at = int(m.group(1), 16)
            instructions.append(at)
            targets[at] = (m.group(2), int(m.group(3), 16))
    lua_gc, createtable = symbols.get("lua_gc"), symbols.get("lua_createtable")
    if lua_gc is None or createtable is None:
        die("found no lua_gc or lua_createtable in %s: cannot tell the Lua GC apart" % lib)
    is_start = {t for kind, t in targets.values() if kind == "call"} | set(symbols.values())
    starts = sorted(is_start)
    calls_of = collections.defaultdict(set)  # a function's start -> the starts it calls or jumps to
    for at in instructions:
        i = bisect.bisect_right(starts, at) - 1
        _, target = targets[at]
        if i >= 0 and target in is_start and target != starts[i]:
            calls_of[starts[i]].add(target)
    # What lua_gc calls (luaC_step, luaC_fullgc...), and what luaC_step calls: the
    # collections themselves, run on allocation. luaC_step is the one lua_createtable
    # jumps to. A chain through one of them is the collector's, whatever runs below it
    # (finalizers); their other callees are not (luaC_fullgc's reach the table code).
    entries = set(calls_of[lua_gc])
    step = next(iter(calls_of[createtable] & entries), None)
    if step is None:
        die("found no luaC_step (lua_createtable's jump into the collector) in %s" % lib)
    entries |= calls_of[step]
    entries.discard(lua_gc)
    return {"0x%016x" % f for f in entries}


# Where a step's function also runs inside another step, the outer one has it: the
# decoding of what ctx.state returns is the factory's (4), not the data's (2).
OUTER = {"luajson_decode": "lua_callk"}


def matches(frame, roots, frames):
    for r in roots:
        if r in frame and not (r in OUTER and any(OUTER[r] in f for f in frames)):
            return True
    return False


def step_of(frames):
    """The outermost step whose function is on the chain, or None."""
    for frame in reversed(frames):
        for label, roots in STEPS:
            if matches(frame, roots, frames):
                return label
    return None


def category(frames, gc):
    for frame in frames:
        if frame in MALLOC:
            return "malloc/free"
        if RETAIN.match(frame):
            return "retain/release"
        if frame in gc:
            return "Lua GC"
        for label, roots in STEPS:
            if matches(frame, roots, frames):
                return label
    return "other"


def main():
    if len(sys.argv) < 2:
        die("usage: instr_steps.py PROFILE [TOTAL]")
    ctx, total, objects = read_profile(sys.argv[1])
    if total is None:
        die("%s has no totals line" % sys.argv[1])
    gc = gc_entries(objects)
    sums, within, truncated = collections.Counter(), collections.Counter(), 0
    other = collections.Counter()
    for name, ir in ctx.items():
        frames = [f for f in name.split("'") if f and not f.isdigit()]
        label = category(frames, gc)
        sums[label] += ir
        within[step_of(frames) or label] += ir
        if "main" not in frames:  # the chain was cut before main: deeper than --separate-callers
            truncated += ir
        if label == "other":
            named = next((f for f in frames if OWN.match(f)), frames[0])
            other[named] += ir
    counted = sum(sums.values())
    if counted != total:
        die("the parts add up to %d Ir, the profile's total is %d" % (counted, total))
    if sum(within.values()) != total:
        die("the parts with their rest do not add up to the total")
    rows = [[label, sums[label], within[label]] for label, _ in STEPS]
    steps_sum, steps_within = sum(r[1] for r in rows), sum(r[2] for r in rows)
    rows.append(["steps 1–%d" % len(STEPS), steps_sum, steps_within])
    rows += [["rest: " + label, sums[label], within[label]] for label in REST]
    rows.append(["rest", total - steps_sum, total - steps_within])
    rows.append(["total (W2, timed calls)", total, total])
    pct = lambda v: "%.1f%%" % (100.0 * v / total)
    cells = [["W2 step", "Ir", "share", "Ir with its rest", "share"]] + \
        [[r[0], "{:,}".format(r[1]), pct(r[1]), "{:,}".format(r[2]), pct(r[2])] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    line = lambda c: "| " + " | ".join(x.ljust(w) if i == 0 else x.rjust(w)
                                      for i, (x, w) in enumerate(zip(c, widths))) + " |"
    print(line(cells[0]))
    print("|" + "|".join("-" * (w + 2) if i == 0 else "-" * (w + 1) + ":" for i, w in enumerate(widths)) + "|")
    for r in cells[1:]:
        print(line(r))
    if len(sys.argv) > 2:
        print("steps + rest = {:,} Ir; the W2 profile above: {:,} Ir ({:+.2%})".format(
            total, int(sys.argv[2]), (total - int(sys.argv[2])) / int(sys.argv[2])))
    top = ", ".join("%s %.1fM" % (demangle(n), ir / 1e6) for n, ir in other.most_common(4))
    print("other, largest: " + top)
    if truncated > total // 1000:
        print("note: {:,} Ir ({:.2%}) in call chains deeper than --separate-callers (their steps may be "
              "misread)".format(truncated, truncated / total))


def demangle(name):
    if not name.startswith("$s"):
        return name
    try:
        out = subprocess.run(["swift", "demangle", "--simplified", "--compact", name], capture_output=True,
                             text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return name
    return re.sub(r"\(.*", "", out) or name


if __name__ == "__main__":
    main()
