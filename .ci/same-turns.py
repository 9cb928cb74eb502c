#!/usr/bin/env python3
"""Checks that two `arena play --record` directories hold the same games:
the same turns (player and text, in order) and the same results, timings
aside. Used by CI to compare a bundled bot with the bot it was made from.

    python3 .ci/same-turns.py DIR_A DIR_B
"""
import json
import pathlib
import sys


def games(d):
    out = {}
    for f in sorted(pathlib.Path(d).glob("*.json")):
        r = json.loads(f.read_text())
        out[f.name] = ([(t.get("player"), t.get("text")) for t in r["turns"]], r.get("result"))
    return out


a, b = games(sys.argv[1]), games(sys.argv[2])
if not a:
    sys.exit(f"no records in {sys.argv[1]}")
if a.keys() != b.keys():
    sys.exit(f"different games: {sorted(a)} vs {sorted(b)}")
for name in a:
    if a[name] != b[name]:
        turns_a, turns_b = a[name][0], b[name][0]
        first = next((i for i, (x, y) in enumerate(zip(turns_a, turns_b)) if x != y), min(len(turns_a), len(turns_b)))
        sys.exit(f"{name}: the games differ from turn {first} (or in their results)")
print(f"same turns and results in all {len(a)} games")
