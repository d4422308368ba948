#!/usr/bin/env python3
"""Writes a C file holding a text file as a byte array.

Usage: embed.py SYMBOL INPUT OUTPUT

The Lua binding embeds lua/sdui/ui.lua this way, so `require "sdui.ui"`
works in the stock interpreter and in the sandboxed script host without
any file on the module path.
"""
import sys


def main():
    symbol, source, target = sys.argv[1:4]
    data = open(source, "rb").read()
    rows = [", ".join(str(b) for b in data[i:i + 20]) for i in range(0, len(data), 20)]
    with open(target, "w") as out:
        out.write(f"/* Generated from {source} by scripts/embed.py; do not edit. */\n")
        out.write(f"const char {symbol}[] = {{\n    " + ",\n    ".join(rows) + ", 0\n};\n")
        out.write(f"const unsigned long {symbol}_len = {len(data)};\n")


if __name__ == "__main__":
    main()
