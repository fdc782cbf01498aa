#!/usr/bin/env python3
"""Balanced freestyle openings for engine tests (SPRT, sparring).

Draws random positions of 4 to 6 stones inside the central 7x7 square
(Black's first stone on h8, colours alternating), asks our engine for a
fixed-depth search of each, and keeps the ones that are quiet (no forced
win found) and level (|evaluation| at most --margin for the side to
move). Prints one record a line, the format `gomoku match --openings`
reads.

    scripts/make-openings.py --gomoku build/release/gomoku --count 140 > openings.txt

data/openings-balanced.txt was made this way (depth 6, margin 80, two
processes with seeds 11/12 and 21/22, duplicates removed).
"""
import argparse
import json
import random
import subprocess
import sys

COLUMNS = "abcdefghijklmno"


def name(x, y):
    return f"{COLUMNS[x]}{y + 1}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gomoku", default="build/release/gomoku", help="our program")
    ap.add_argument("--count", type=int, default=100, help="openings to print")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=6, help="search depth of the check")
    ap.add_argument("--margin", type=int, default=80, help="largest |evaluation| kept")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    while len(seen) < args.count:
        stones = [(7, 7)]
        target = rng.choice([4, 5, 6])
        while len(stones) < target:
            p = (7 + rng.randint(-3, 3), 7 + rng.randint(-3, 3))
            if p not in stones:
                stones.append(p)
        record = " ".join(name(x, y) for x, y in stones)
        if record in seen:
            continue
        out = subprocess.run(
            [args.gomoku, "move", "--record", record, "--depth", str(args.depth), "--json"],
            capture_output=True, text=True)
        try:
            answer = json.loads(out.stdout)
        except json.JSONDecodeError:
            print(f"skipped {record}: {out.stderr.strip()}", file=sys.stderr)
            continue
        if answer.get("mateIn") is None and abs(answer["eval"]) <= args.margin:
            seen.add(record)
            print(record, flush=True)


if __name__ == "__main__":
    main()
