#!/usr/bin/env python3
"""Builds tactics positions (data/tactics.txt) from sparring games, proved
by a peer Gomocup brain given time on every candidate move.

For each game (records written by `gomoku match --records`) it walks the
positions after the opening and asks the peer for its verdict:

- the first position where the side to move has a forced win (the peer
  reports a mate) becomes a "win" position. Every candidate that makes a
  four or a three-to-be (and the peer's own choice) is then played and the
  peer asked again, now for the opponent: the candidates after which the
  opponent is mated are the answers.
- the last position before it where the other side was not yet lost is
  tried as a "defend" position: every empty point within two of a stone is
  played and the peer asked whether the attacker now has a forced win. If
  only one or two moves hold, they are the answers.

A line is appended to --out for each position found, with a comment naming
the game. Usage:

    scripts/make-tactics.py --peer ~/sparring/rapfi/Rapfi/build/pbrain-rapfi \
        --rules freestyle --time-ms 1000 --out data/tactics.txt games.txt...
    scripts/make-tactics.py --peer ... --rules renju --gomoku build/release/gomoku ...

In renju, Black's forbidden points (asked of our own program) are never
candidates.

The peer is only needed here, never by the build or the tests.
"""
import argparse
import json
import os
import re
import select
import subprocess
import sys
import time

COLS = "abcdefghijklmnopqrstuvwxyz"
# The Gomocup `INFO rule` code of each RULES word of the tactics file.
RULE_CODE = {"freestyle": 0, "exact": 1, "renju": 4}


def parse_point(tok):
    m = re.fullmatch(r"([a-z])(\d+)", tok)
    if not m:
        return None
    return COLS.index(m.group(1)), int(m.group(2)) - 1


def name(p):
    return f"{COLS[p[0]]}{p[1] + 1}"


class Peer:
    """A Gomocup brain asked about one position at a time. One process
    answers every question; one that stays silent is replaced."""

    def __init__(self, path, rule, size, time_ms):
        self.path, self.rule, self.size, self.time_ms = path, rule, size, time_ms
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([self.path], cwd=os.path.dirname(os.path.abspath(self.path)),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""
        self.send([f"START {self.size}", f"INFO rule {self.rule}",
                   f"INFO timeout_turn {self.time_ms}", "INFO timeout_match 100000000",
                   "INFO time_left 100000000"])

    def send(self, lines):
        self.proc.stdin.write(("\n".join(lines) + "\n").encode())
        self.proc.stdin.flush()

    def ask(self, lines):
        """Sends the lines, returns what the brain printed up to its move
        (raw reads: select() on a buffered pipe misses buffered lines)."""
        if self.proc is None:
            self.start()
        # Rapfi prints its move a moment before it takes commands again.
        time.sleep(0.05)
        self.send(lines)
        out = []
        fd = self.proc.stdout.fileno()
        deadline = time.time() + self.time_ms / 1000 * 5 + 60
        while time.time() < deadline:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                line = line.decode(errors="replace").strip()
                out.append(line)
                if re.fullmatch(r"\d+,\d+", line):
                    return out
            ready, _, _ = select.select([fd], [], [], 1)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                self.pending += chunk
        self.close()  # silent or gone: the next question starts a new one
        return out

    def close(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def ask_position(self, stones):
        """Sends the position (points in play order, the side to move's
        stones as 1) with BOARD and returns what the brain printed."""
        me = len(stones) % 2
        board = ["BOARD"]
        for i, (x, y) in enumerate(stones):
            board.append(f"{x},{self.size - 1 - y},{1 if i % 2 == me else 2}")
        board.append("DONE")
        return self.ask(board)

    def verdict(self, stones):
        """stones: list of points in play order. Returns (mate, move) for
        the side to move: mate > 0 it wins, < 0 it loses, 0 unknown. A
        position whose last stone made five is lost for the side to move
        (brains do not answer on a finished board)."""
        if stones and makes_five(stones[:-1], stones[-1], self.size):
            return -1, None
        lines = self.ask_position(stones)
        mate = 0
        for l in lines:
            m = re.search(r"Eval ([+-])M(\d+)", l) or re.search(r"\bev ([+-])M(\d+)", l)
            if m:
                mate = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            elif re.search(r"Eval -?\d", l) or re.search(r"\bev -?\d", l):
                mate = 0
        move = None
        if lines and re.fullmatch(r"\d+,\d+", lines[-1]):
            x, y = map(int, lines[-1].split(","))
            move = (x, self.size - 1 - y)
        return mate, move


def makes_five(stones, p, size):
    """Does the side to move make five (or more) in a row by playing p?"""
    me = len(stones) % 2
    own = {s for i, s in enumerate(stones) if i % 2 == me}
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            x, y = p[0] + sign * dx, p[1] + sign * dy
            while (x, y) in own:
                run += 1
                x, y = x + sign * dx, y + sign * dy
        if run >= 5:
            return True
    return False


def near_points(stones, size, radius=2):
    occupied = set(stones)
    out = []
    for x in range(size):
        for y in range(size):
            if (x, y) in occupied:
                continue
            if any(abs(x - a) <= radius and abs(y - b) <= radius for a, b in stones):
                out.append((x, y))
    return out


def line_threat(stones, p, size):
    """Does a stone of the side to move on p make at least three of its
    own in some window of five with no opponent stone (a four-to-be)?"""
    me = len(stones) % 2
    own = {s for i, s in enumerate(stones) if i % 2 == me}
    opp = {s for i, s in enumerate(stones) if i % 2 != me}
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for start in range(-4, 1):
            cells = [(p[0] + (start + k) * dx, p[1] + (start + k) * dy) for k in range(5)]
            if any(not (0 <= x < size and 0 <= y < size) or (x, y) in opp for x, y in cells):
                continue
            if sum((c in own) for c in cells) >= 2:
                return True
    return False


class Referee:
    """Our own program, asked for Black's forbidden points in renju (a
    forbidden point is no candidate: Black may not play it)."""

    def __init__(self, gomoku, rules):
        self.gomoku, self.rules = gomoku, rules

    def forbidden(self, stones):
        if self.rules != "renju" or len(stones) % 2 == 1 or not self.gomoku:
            return set()
        out = subprocess.run([self.gomoku, "state", "--rules", "renju",
                              "--record", " ".join(name(p) for p in stones)],
                             capture_output=True, text=True, check=True).stdout
        return {parse_point(t) for t in json.loads(out)["forbidden"]}


def game_lines(path):
    """The lines of a records file (`gomoku match --records`: a "# game N"
    line, then the record), or the same made from a match log (`--log`,
    JSON lines with a "record" field)."""
    if not path.endswith(".jsonl"):
        yield from open(path)
        return
    for raw in open(path):
        game = json.loads(raw)
        if "record" in game:
            yield f"# game {game['game']}"
            yield game["record"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--rules", default="freestyle", choices=["freestyle", "exact", "renju"])
    ap.add_argument("--time-ms", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--gomoku", help="our program, for renju's forbidden points (required for renju)")
    ap.add_argument("--max", type=int, default=1000, help="stop after this many positions")
    ap.add_argument("--skip", type=int, default=0, help="skip this many games first")
    ap.add_argument("games", nargs="+")
    a = ap.parse_args()
    rule = RULE_CODE[a.rules]
    size = 15
    if a.rules == "renju" and not a.gomoku:
        ap.error("--rules renju needs --gomoku PATH (forbidden points)")
    peer = Peer(a.peer, rule, size, a.time_ms)
    referee = Referee(a.gomoku, a.rules)
    found = 0
    seen = 0
    with open(a.out, "a") as out:
        for path in a.games:
            comment = ""
            for raw in game_lines(path):
                raw = raw.strip()
                if raw.startswith("#"):
                    comment = raw[1:].strip()
                    continue
                if not raw or "resign" in raw:
                    continue
                seen += 1
                if seen <= a.skip:
                    continue
                toks = raw.split()
                pts = [parse_point(t) for t in toks]
                if any(p is None for p in pts):
                    continue
                src = f"{os.path.basename(path)}: {comment.split(':')[0]}"
                # First position (after the opening) where the side to move is proved to win.
                win_at = None
                for k in range(6, len(pts) - 1):
                    mate, _ = peer.verdict(pts[:k])
                    if mate > 0:
                        win_at = k
                        break
                if win_at is None:
                    continue
                stones = pts[:win_at]
                _, best = peer.verdict(stones)
                banned = referee.forbidden(stones)
                cands = [p for p in near_points(stones, size)
                         if line_threat(stones, p, size) and p not in banned]
                if best is not None and best not in cands and best not in banned:
                    cands.append(best)
                answers = [p for p in cands if peer.verdict(stones + [p])[0] < 0]
                if answers:
                    rec = " ".join(name(p) for p in stones)
                    out.write(f"win {a.rules} {rec} : {' '.join(name(p) for p in answers)}"
                              f"  # {src}, move {win_at + 1}\n")
                    out.flush()
                    found += 1
                # The defender's last chance: walk back over its moves.
                for k in range(win_at - 1, 6, -2):
                    stones = pts[:k]
                    if peer.verdict(stones)[0] < 0:
                        continue  # already lost here: look earlier
                    banned = referee.forbidden(stones)
                    cands = [p for p in near_points(stones, size) if p not in banned]
                    holds = []
                    for p in cands:
                        if peer.verdict(stones + [p])[0] <= 0:
                            holds.append(p)
                            if len(holds) > 2:
                                break
                    if 1 <= len(holds) <= 2:
                        rec = " ".join(name(p) for p in stones)
                        out.write(f"defend {a.rules} {rec} : {' '.join(name(p) for p in holds)}"
                                  f"  # {src}, move {k + 1}\n")
                        out.flush()
                        found += 1
                    break
                print(f"game {seen}: {found} positions so far", file=sys.stderr, flush=True)
                if found >= a.max:
                    break
    peer.close()


if __name__ == "__main__":
    main()
