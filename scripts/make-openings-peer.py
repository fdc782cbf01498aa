#!/usr/bin/env python3
"""Three-stone openings judged balanced by a peer engine, not by ours.

data/openings-balanced.txt was chosen by our own engine: a set where our
evaluation calls every start level may favour the positions our engine
understands. This script lists every three-stone freestyle opening with
Black's first stone on the centre and the next two within --radius of it
(one of each group of eight mirror images and rotations), asks a peer
Gomocup brain (for instance Rapfi with its classical evaluation, built
outside this repository) to think --time-ms on each with White to move,
and keeps those where the peer reports no forced win and an evaluation
within --margin of level (the peer's own units). The kept openings are
printed one record a line, most level first, in the format of
`gomoku match --openings`:

    scripts/make-openings-peer.py --peer ~/sparring/rapfi/Rapfi/build/pbrain-rapfi \\
        --radius 3 --time-ms 2000 --margin 150 --jobs 2 > data/openings-peer3.txt

Every opening asked and its evaluation go to stderr. The peer is only
needed to make the file, never by the build or the tests.
"""
import argparse
import importlib.util
import os
import re
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_tactics", os.path.join(HERE, "make-tactics.py"))
tactics = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tactics)

SIZE = 15
CENTRE = 7


def symmetries(p):
    """The eight images of an offset from the centre."""
    x, y = p
    return [(x, y), (-x, y), (x, -y), (-x, -y), (y, x), (-y, x), (y, -x), (-y, -x)]


def canonical(white, black):
    """The smallest of the eight images of the pair of offsets."""
    imgs = zip(symmetries(white), symmetries(black))
    return min(imgs)


def candidates(radius):
    seen = set()
    offs = [(x, y) for x in range(-radius, radius + 1) for y in range(-radius, radius + 1)
            if (x, y) != (0, 0)]
    for w in offs:
        for b in offs:
            if b != w:
                seen.add(canonical(w, b))
    return sorted(seen)


def record(white, black):
    pts = [(CENTRE, CENTRE), (CENTRE + white[0], CENTRE + white[1]),
           (CENTRE + black[0], CENTRE + black[1])]
    return pts, " ".join(tactics.name(p) for p in pts)


def judge(peer, pts):
    """(mate, eval) for the side to move (White) after the three stones:
    mate != 0 when the peer reports a forced win or loss; eval is the last
    evaluation it printed, None when it printed none."""
    mate, value = 0, None
    for line in peer.ask_position(pts):
        m = re.search(r"\b(?:Eval|ev) ([+-]?)M(\d+)", line)
        if m:
            mate = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
            continue
        m = re.search(r"\b(?:Eval|ev) (-?\d+)", line)
        if m:
            mate, value = 0, int(m.group(1))
    return mate, value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="path of the peer's Gomocup brain")
    ap.add_argument("--radius", type=int, default=3, help="largest offset from the centre")
    ap.add_argument("--time-ms", type=int, default=2000, help="peer's time per opening")
    ap.add_argument("--margin", type=int, default=150, help="largest |evaluation| kept")
    ap.add_argument("--jobs", type=int, default=1, help="peer processes at once")
    args = ap.parse_args()

    todo = candidates(args.radius)
    print(f"{len(todo)} openings to judge", file=sys.stderr)
    results = {}
    lock = threading.Lock()

    def worker(k):
        peer = tactics.Peer(os.path.abspath(args.peer), 0, SIZE, args.time_ms)
        for i in range(k, len(todo), args.jobs):
            pts, rec = record(*todo[i])
            mate, value = judge(peer, pts)
            with lock:
                results[rec] = (mate, value)
                print(f"{rec}: mate {mate} eval {value}", file=sys.stderr, flush=True)
        peer.close()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    kept = [(abs(v), rec) for rec, (mate, v) in results.items()
            if mate == 0 and v is not None and abs(v) <= args.margin]
    kept.sort()
    print(f"# Three-stone freestyle openings (scripts/make-openings-peer.py, radius "
          f"{args.radius}): a peer engine, {args.time_ms} ms each, found no forced win and "
          f"|eval| <= {args.margin} with White to move. {len(kept)} of {len(todo)}.")
    for _, rec in kept:
        print(rec)


if __name__ == "__main__":
    main()
