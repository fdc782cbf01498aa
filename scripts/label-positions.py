#!/usr/bin/env python3
"""Labels positions with a peer Gomocup brain's search value, for
`fit_eval --labels` (docs/engine.md, "Evaluation"): the evaluation can then
be fitted to what a stronger engine thinks of a position after a short
search, instead of to who went on to win a game.

Input: one position a line, as record tokens in play order (what
`fit_eval --export-positions` writes). Output: "RECORD<TAB>EVAL" lines,
EVAL being the brain's last reported value for the side to move (Rapfi's
"Eval N" messages; a reported mate becomes +-30000). Positions the brain
did not value are left out. Usage:

    scripts/label-positions.py --peer ~/sparring/rapfi/Rapfi/build/pbrain-rapfi \\
        --rules freestyle --time-ms 60 --jobs 2 --out labels.txt positions.txt

The peer is only needed here, never by the build or the tests.
"""
import argparse
import importlib.util
import multiprocessing
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    "make_tactics", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-tactics.py"))
make_tactics = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_tactics)

MATE = 30000
_peer = None


def _init(path, rule, size, time_ms):
    global _peer
    _peer = make_tactics.Peer(path, rule, size, time_ms)


def value_of(lines):
    """The last value the brain reported, or None."""
    value = None
    for line in lines:
        m = re.search(r"Eval ([+-])M(\d+)", line)
        if m:
            value = MATE if m.group(1) == "+" else -MATE
            continue
        m = re.search(r"Eval (-?\d+)", line)
        if m:
            value = int(m.group(1))
    return value


def label(record):
    stones = [make_tactics.parse_point(t) for t in record.split()]
    if any(p is None for p in stones):
        return record, None
    return record, value_of(_peer.ask_position(stones))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="the peer brain's executable")
    ap.add_argument("--rules", default="freestyle", choices=sorted(make_tactics.RULE_CODE))
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--time-ms", type=int, default=60, help="the peer's time a position")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", required=True)
    ap.add_argument("positions", nargs="+")
    args = ap.parse_args()
    records = []
    for path in args.positions:
        with open(path) as f:
            records += [l.strip() for l in f if l.strip() and not l.startswith("#")]
    done = 0
    with open(args.out, "w") as out, multiprocessing.Pool(
            args.jobs, _init, (args.peer, make_tactics.RULE_CODE[args.rules], args.size,
                               args.time_ms)) as pool:
        for i, (record, value) in enumerate(pool.imap(label, records, chunksize=8), 1):
            if value is not None:
                out.write(f"{record}\t{value}\n")
                done += 1
            if i % 500 == 0:
                out.flush()
                print(f"{i}/{len(records)} positions, {done} labelled", file=sys.stderr)
    print(f"{done} of {len(records)} positions labelled in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
