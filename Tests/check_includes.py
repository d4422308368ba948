#!/usr/bin/env python3
"""check_includes.py DIR

Checks that the quoted includes of the C files in DIR (the Lua binding,
Sources/SDUILua) form no circle. A module is a file name without its
extension: x.c and x.h are one module, so "x.c includes y.h and y.c includes
x.h" is the circle x -> y -> x even though no header includes itself.
Includes of files that are not in DIR (sdui.h, lua.h) are left out.

Prints the modules by layer (each includes only modules of the layers below
it), then one check per module: it passes when it is on no circle. A failing
module's circle is named ("includes: circle: ctx -> bridge -> ctx").
Prints "includes: N passed, M failed" and exits 1 on any circle (2 on a usage
error).
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def graph(folder):
    """module -> set of modules it includes (quoted, found in folder)."""
    files = sorted(f for f in os.listdir(folder) if f.endswith((".c", ".h")))
    modules = {os.path.splitext(f)[0] for f in files}
    edges = {m: set() for m in modules}
    for f in files:
        with open(os.path.join(folder, f), encoding="utf-8") as text:
            for name in INCLUDE.findall(text.read()):
                target = os.path.splitext(os.path.basename(name))[0]
                if name in files and target != os.path.splitext(f)[0]:
                    edges[os.path.splitext(f)[0]].add(target)
    return edges


def circles(edges):
    """The strongly connected components with a circle (Tarjan), each with one circle through it."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append((part, circle_in(edges, part)))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def circle_in(edges, part):
    """One circle through the smallest module of `part`, as a list of modules."""
    start = min(part)
    path, seen = [start], {start}
    while True:
        here = path[-1]
        nxt = sorted(w for w in edges[here] if w in part)
        if start in nxt and len(path) > 1:
            return path + [start]
        step = next((w for w in nxt if w not in seen), None)
        if step is None:  # only ways back into the path: close the circle there
            back = nxt[0]
            return path[path.index(back):] + [back]
        path.append(step)
        seen.add(step)


def layers(edges):
    """Layer of each module: 0 for the ones that include none, else 1 + the highest below."""
    layer = {}

    def of(v, trail=()):
        if v not in layer:
            if v in trail:
                return 0  # on a circle: reported elsewhere
            layer[v] = 1 + max((of(w, trail + (v,)) for w in edges[v]), default=-1)
        return layer[v]

    for v in edges:
        of(v)
    return layer


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check_includes.py DIR", file=sys.stderr)
        return 2
    edges = graph(argv[1])
    bad = circles(edges)
    if not bad:
        layer = layers(edges)
        for n in range(max(layer.values(), default=-1), -1, -1):
            row = sorted(m for m in layer if layer[m] == n)
            print(f"  layer {n}: " + ", ".join(
                m + (" -> " + " ".join(sorted(edges[m])) if edges[m] else "") for m in row))
    failed = set()
    for part, circle in bad:
        print("includes: circle: " + " -> ".join(circle))
        failed |= part
    print(f"includes: {len(edges) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
