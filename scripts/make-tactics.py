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

With --defences every it writes defend lines only, from every position of
each game (from the seventh stone on) where the side to move faces a
forced win (the peer, asked as if that side had passed, reports a mate)
and is not lost yet: the same test of every empty point within two of a
stone, kept when one or two moves hold. These include the threats the
players met in the game, not only the last one the loser missed. It stops
at the first position that is won or lost for the side to move.

A line is appended to --out for each position found, with a comment naming
the game. Usage:

    scripts/make-tactics.py --peer ~/sparring/rapfi/Rapfi/build/pbrain-rapfi \
        --rules freestyle --time-ms 1000 --out data/tactics.txt games.txt...
    scripts/make-tactics.py --peer ... --rules renju --gomoku build/release/gomoku ...
    scripts/make-tactics.py --peer ... --defences every --time-ms 300 --out new.txt games.txt
    scripts/make-tactics.py --peer ... --defences every --sample 4 --out new.txt data/tactics.txt
    scripts/make-tactics.py --peer ... --defences every --skip 1 --sample 4 --max-games 52 ...

--skip N leaves out the first N games, --sample K then takes every Kth of
the rest (the first, the K+1th, ...) and --max-games stops after that many
taken, so that several processes can share the games: `--skip 1 --sample
4` takes games 2, 6, 10, ..., the second quarter.

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

    def ask_position(self, stones, passed=False):
        """Sends the position (points in play order, the asked side's
        stones as 1) with BOARD and returns what the brain printed. With
        passed, the side to move passes (a BOARD entry -1,-1) and the
        brain answers for the other side."""
        me = (len(stones) + passed) % 2
        board = ["BOARD"]
        for i, (x, y) in enumerate(stones):
            board.append(f"{x},{self.size - 1 - y},{1 if i % 2 == me else 2}")
        if passed:
            board.append("-1,-1,2")
        board.append("DONE")
        return self.ask(board)

    def verdict(self, stones, passed=False):
        """stones: list of points in play order. Returns (mate, move) for
        the side to move (with passed, for the other side, as if the side
        to move had passed): mate > 0 it wins, < 0 it loses, 0 unknown. A
        position whose last stone made five is lost for the side to move
        (brains do not answer on a finished board)."""
        if stones and makes_five(stones[:-1], stones[-1], self.size):
            return (1 if passed else -1), None
        lines = self.ask_position(stones, passed)
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


def write_defence(out, peer, referee, rules, stones, where):
    """Tries stones (not lost for the side to move) as a defend position:
    every empty point within two of a stone is played and the peer asked
    whether the attacker now has a forced win. Writes the line and returns
    1 when one or two moves hold, else 0."""
    banned = referee.forbidden(stones)
    holds = []
    for p in near_points(stones, peer.size):
        if p in banned:
            continue
        if peer.verdict(stones + [p])[0] <= 0:
            holds.append(p)
            if len(holds) > 2:
                return 0
    if not holds:
        return 0
    rec = " ".join(name(p) for p in stones)
    out.write(f"defend {rules} {rec} : {' '.join(name(p) for p in holds)}  # {where}\n")
    out.flush()
    return 1


def every_defence(out, peer, referee, rules, pts, src):
    """--defences every: each position of the game, from the seventh
    stone on, where the side to move faces a forced win (the peer mates
    if the side to move passes) and is not lost yet, tried as a defend
    position. Stops at the first position that is won or lost for the
    side to move. Returns how many lines it wrote."""
    found = 0
    for k in range(6, len(pts)):
        stones = pts[:k]
        if peer.verdict(stones, passed=True)[0] <= 0:
            continue  # no threat to answer
        mate, _ = peer.verdict(stones)
        if mate != 0:
            break  # the game is decided from here on
        found += write_defence(out, peer, referee, rules, stones, f"{src}, move {k + 1}")
    return found


def tactics_line(line):
    """A line of a tactics file as (kind, rules, record, answers, comment),
    record and answers as tokens and the comment as written after its "#";
    None for a blank or comment-only line."""
    body, _, comment = line.partition("#")
    if not body.strip():
        return None
    head, _, tail = body.partition(":")
    words = head.split()
    if len(words) < 2 or words[0] not in ("win", "defend"):
        raise ValueError(f"not a tactics line: {line.strip()}")
    return words[0], words[1], words[2:], tail.split(), comment


def game_lines(path, rules):
    """The lines of a records file (`gomoku match --records`: a "# game N"
    line, then the record), or the same made from a match log (`--log`,
    JSON lines with a "record" field), or from a tactics file (each
    game's longest line of the given rules, as far as the set has it: up
    to its first forced win; the comment names the game)."""
    if path.endswith(".jsonl"):
        for raw in open(path):
            game = json.loads(raw)
            if "record" in game:
                yield f"# game {game['game']}"
                yield game["record"]
        return
    lines = list(open(path))
    if not any(re.match(r"(win|defend) ", l) for l in lines):
        yield from lines
        return
    longest = {}  # game -> record, in the order the games first appear
    for l in lines:
        t = tactics_line(l)
        if not t or t[1] != rules or not t[2]:
            continue
        game = t[4].strip().split(", move")[0]
        if len(t[2]) > len(longest.get(game, [])):
            longest[game] = t[2]
    for game, record in longest.items():
        yield f"# {game}"
        yield " ".join(record)


def sampled_games(paths, rules, skip, sample, max_games):
    """(number, points, source) of each game taken from the files: after
    the first `skip` games every `sample`th one, at most `max_games` (0:
    no limit). Games numbered over all files; resigned ones not counted."""
    seen = taken = 0
    for path in paths:
        comment = ""
        for raw in game_lines(path, rules):
            raw = raw.strip()
            if raw.startswith("#"):
                comment = raw[1:].strip()
                continue
            if not raw or "resign" in raw:
                continue
            seen += 1
            if seen <= skip or (seen - 1 - skip) % sample:
                continue
            if max_games and taken >= max_games:
                return
            taken += 1
            pts = [parse_point(t) for t in raw.split()]
            if any(p is None for p in pts):
                continue
            src = comment if re.match(r"\S+\.(txt|jsonl): game \d+$", comment) \
                else f"{os.path.basename(path)}: {comment.split(':')[0]}"
            yield seen, pts, src


def win_and_last_chance(out, peer, referee, rules, pts, src):
    """--defences last: the game's first position (after the opening)
    where the side to move is proved to win, as a win line (the candidates
    after which the opponent is mated), then the defender's last chance
    before it, tried as a defend position. Returns how many lines it wrote."""
    win_at = None
    for k in range(6, len(pts) - 1):
        mate, _ = peer.verdict(pts[:k])
        if mate > 0:
            win_at = k
            break
    if win_at is None:
        return 0
    found = 0
    stones = pts[:win_at]
    _, best = peer.verdict(stones)
    banned = referee.forbidden(stones)
    cands = [p for p in near_points(stones, peer.size)
             if line_threat(stones, p, peer.size) and p not in banned]
    if best is not None and best not in cands and best not in banned:
        cands.append(best)
    answers = [p for p in cands if peer.verdict(stones + [p])[0] < 0]
    if answers:
        rec = " ".join(name(p) for p in stones)
        out.write(f"win {rules} {rec} : {' '.join(name(p) for p in answers)}"
                  f"  # {src}, move {win_at + 1}\n")
        out.flush()
        found += 1
    # The defender's last chance: walk back over its moves.
    for k in range(win_at - 1, 6, -2):
        stones = pts[:k]
        if peer.verdict(stones)[0] < 0:
            continue  # already lost here: look earlier
        found += write_defence(out, peer, referee, rules, stones, f"{src}, move {k + 1}")
        break
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--rules", default="freestyle", choices=["freestyle", "exact", "renju"])
    ap.add_argument("--time-ms", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--gomoku", help="our program, for renju's forbidden points (required for renju)")
    ap.add_argument("--max", type=int, default=1000, help="stop after this many positions")
    ap.add_argument("--skip", type=int, default=0, help="skip this many games first")
    ap.add_argument("--sample", type=int, default=1,
                    help="take only every Nth game after the skipped ones (the 1st, N+1th, ...)")
    ap.add_argument("--max-games", type=int, default=0, help="stop after taking this many games (0: no limit)")
    ap.add_argument("--defences", default="last", choices=["last", "every"],
                    help="last: the loser's last chance before each game's first win (and the win); "
                    "every: every position that faces a forced win and is not lost yet (defend lines only)")
    ap.add_argument("games", nargs="+")
    a = ap.parse_args()
    if a.sample < 1:
        ap.error("--sample must be 1 or more")
    if a.max_games < 0:
        ap.error("--max-games must be 0 or more")
    if a.rules == "renju" and not a.gomoku:
        ap.error("--rules renju needs --gomoku PATH (forbidden points)")
    peer = Peer(a.peer, RULE_CODE[a.rules], 15, a.time_ms)
    referee = Referee(a.gomoku, a.rules)
    mine = every_defence if a.defences == "every" else win_and_last_chance
    found = 0
    with open(a.out, "a") as out:
        for seen, pts, src in sampled_games(a.games, a.rules, a.skip, a.sample, a.max_games):
            found += mine(out, peer, referee, a.rules, pts, src)
            print(f"game {seen}: {found} positions so far", file=sys.stderr, flush=True)
            if found >= a.max:
                break
    peer.close()


if __name__ == "__main__":
    main()
