#!/usr/bin/env python3
"""Checks the tactics set (data/tactics.txt) again with a peer Gomocup brain
given much more time than scripts/make-tactics.py gives it, and writes the
corrected set.

make-tactics.py asks the peer for a short time on every candidate, which
leaves three kinds of error:

- a "defend" answer is a move after which the peer found no forced win in
  that time; with more time it may find one. Each such answer is asked
  again with --time-ms; an answer after which the attacker is now mated
  is dropped, and a position left with no answer (it was lost already) is
  dropped too.
- a "defend" position may miss a move that holds: make-tactics.py judged
  each candidate in the short time, and a loss it found then may not stand.
  Every move our engine played there that is not an answer is asked
  again; one after which the attacker is not proved to win is added.
- a "win" position lists the winning moves the peer proved in the short
  time; a slower win may be missing. Our own engine is run on the set
  (`gomoku tactics --verbose`), and every move it played that is not an
  answer is asked again with --time-ms: if the peer now proves the
  opponent mated after it, the move is added to the answers.

Each change is printed. Usage:

    scripts/verify-tactics.py --peer ~/sparring/rapfi/Rapfi/build/pbrain-rapfi \\
        --gomoku build/release/gomoku --time-ms 10000 \\
        --in data/tactics.txt --out /tmp/tactics.txt

The peer is only needed here, never by the build or the tests.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_tactics", os.path.join(HERE, "make-tactics.py"))
mt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mt)

def engine_misses(gomoku, path, times, nodes):
    """{line: set of points our engine played there without solving it}."""
    runs = [["--time-ms"] + [str(t) for t in times]] if times else []
    if nodes:
        runs.append(["--nodes"] + [str(n) for n in nodes])
    misses = {}
    for budget in runs:
        out = subprocess.run([gomoku, "tactics", "--file", path, "--verbose"] + budget,
                             capture_output=True, text=True, check=True).stdout
        for m in re.finditer(r"(\d+):([a-z]\d+)", out):
            misses.setdefault(int(m.group(1)), set()).add(mt.parse_point(m.group(2)))
    return misses


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--gomoku", required=True, help="our program (its misses are checked)")
    ap.add_argument("--time-ms", type=int, default=10000, help="the peer's time a question")
    ap.add_argument("--engine-ms", type=int, nargs="+", default=[300, 1000],
                    help="our engine's times a move whose misses are checked")
    ap.add_argument("--engine-nodes", type=int, nargs="*", default=[],
                    help="also our engine's node budgets a move whose misses are checked")
    ap.add_argument("--in", dest="src", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    misses = engine_misses(a.gomoku, a.src, a.engine_ms, a.engine_nodes)
    peers = {}

    def verdict(rules, stones):
        if rules not in peers:
            peers[rules] = mt.Peer(a.peer, mt.RULE_CODE[rules], 15, a.time_ms)
        return peers[rules].verdict(stones)[0]

    kept = dropped = added = removed = held = 0
    with open(a.out, "w") as out:
        for no, raw in enumerate(open(a.src), start=1):
            line = raw.rstrip("\n")
            parsed = mt.tactics_line(line)
            if not parsed:
                out.write(line + "\n")
                continue
            kind, rules, record, answer_tokens, comment = parsed
            stones = [mt.parse_point(t) for t in record]
            answers = [mt.parse_point(t) for t in answer_tokens]
            if kind == "defend":
                holds = []
                for p in answers:
                    if verdict(rules, stones + [p]) > 0:  # the attacker, to move, wins
                        print(f"line {no}: {mt.name(p)} does not hold", file=sys.stderr, flush=True)
                        removed += 1
                    else:
                        holds.append(p)
                answers = holds
                for p in sorted(misses.get(no, ())):
                    # Held to the answers' own standard: the attacker, to
                    # move, is not proved to win after it.
                    if p not in answers and verdict(rules, stones + [p]) <= 0:
                        print(f"line {no}: {mt.name(p)} holds too", file=sys.stderr, flush=True)
                        answers.append(p)
                        held += 1
            else:
                for p in sorted(misses.get(no, ())):
                    # The opponent, to move, is mated.
                    if p not in answers and verdict(rules, stones + [p]) < 0:
                        print(f"line {no}: {mt.name(p)} wins too", file=sys.stderr, flush=True)
                        answers.append(p)
                        added += 1
            if not answers:
                print(f"line {no}: dropped (every move loses)", file=sys.stderr, flush=True)
                dropped += 1
                continue
            kept += 1
            text = f"{kind} {rules} {' '.join(record)} : {' '.join(mt.name(p) for p in answers)}"
            out.write(text + (f"  #{comment}" if comment else "") + "\n")
            out.flush()
    for p in peers.values():
        p.close()
    print(f"kept {kept} positions, dropped {dropped}; defence answers removed {removed}, "
          f"added {held}; win answers added {added}", file=sys.stderr)


if __name__ == "__main__":
    main()
