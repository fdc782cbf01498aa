#include "engine/threat.h"

#include <algorithm>

namespace gomoku {

bool isBuildingFour(const Board& b, Pos p, Color c) {
  int fours = 0, builds = 0;
  for (int d = 0; d < DIR_NB; ++d) {
    Pattern pt = b.pattern(p, Dir(d), c);
    if (pt > B4) return false;  // two fours on a line, a straight four, a five
    fours += pt == B4;
    builds += pt == F2 || pt == B3;
  }
  return fours == 1 && builds > 0;
}

namespace {

/// Threat classes in which a stone makes at least one four.
constexpr bool isFourClass(Threat t) { return t >= T_B4 && t <= T_F4; }


/// Four moves are tried strongest first: a straight four or double four
/// wins at once, a four-three often does.
constexpr int FOUR_ORDER[THREAT_NB] = {0, 0, 0, 0, 1000, 3000, 4000, 5000, 9000};

}  // namespace

ThreatSearch::ThreatSearch(Position& pos)
    : pos_(pos), cache_(std::make_unique<CacheEntry[]>(CACHE_SIZE)) {
  pv_.reserve(4 * MAX_PLY);
}

void ThreatSearch::clearCache() {
  for (size_t i = 0; i < CACHE_SIZE; ++i) cache_[i] = CacheEntry{};
}

bool ThreatSearch::hasFourMove(Color c) const {
  const Board& b = pos_.board();
  return b.threatCount(c, T_B4) + b.threatCount(c, T_43) + b.threatCount(c, T_44) +
             b.threatCount(c, T_F4) >
         0;
}

template <Rule R>
bool ThreatSearch::hasLegalThreat(Color c, Threat t) {
  const Board& b = pos_.board();
  if (b.threatCount(c, t) == 0) return false;
  if (R != Rule::RENJU || c == WHITE) return true;
  for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it)
    if (b.isEmpty(*it) && b.threat(*it, c) == t && pos_.isLegal<R>(*it, c)) return true;
  return false;
}

template <Rule R>
int ThreatSearch::fourMoves(Pos* out, int* keys) {
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  int n = 0;
  for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it) {
    Pos p = *it;
    if (!b.isEmpty(p)) continue;
    Threat t = b.threat(p, us);
    if (!isFourClass(t) || !pos_.isLegal<R>(p, us)) continue;
    out[n] = p;
    keys[n++] = FOUR_ORDER[t] + b.cellScore(p, us) + b.cellScore(p, them) / 2;
  }
  sortMovesByKey(out, keys, n);
  return n;
}

// ---- VCF -------------------------------------------------------------------

template <Rule R>
int ThreatSearch::vcf(int maxFours, uint64_t nodeBudget) {
  pv_.clear();
  aborted_ = false;
  budget_ = nodes_ + nodeBudget;
  vcfFours_ = maxFours;
  return vcfAttack<R>(maxFours, 0);
}

template <Rule R>
int ThreatSearch::vcfAttack(int foursLeft, int ply) {
  ++nodes_;
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;

  // 1. A five now wins (a five is never forbidden).
  if (b.threatCount(us, T_FIVE)) {
    setPv(ply, pos_.findThreat(us, T_FIVE));
    return 1;
  }
  // 2. Without a four to play, or out of budget, there is nothing to prove.
  if (foursLeft <= 0 || !hasFourMove(us) || outOfBudget()) return 0;

  // 3. Results are cached per position: a failure holds for fewer fours too.
  CacheEntry& ce = cache_[pos_.hash() & (CACHE_SIZE - 1)];
  if (ce.key == pos_.hash()) {
    if (ce.win) {
      // Only the length is cached; rebuild the line cheaply is not needed
      // by callers deeper than the root, so re-search at the root only.
      if (ply > 0) return ce.win;
    } else if (ce.fours >= foursLeft) {
      return 0;
    }
  }

  // 4. If the opponent threatens a five we must block it, and the block only
  //    keeps the initiative when it is itself a four.
  Pos moves[MAX_MOVES];
  int keys[MAX_MOVES];
  int n;
  if (b.threatCount(them, T_FIVE)) {
    if (b.threatCount(them, T_FIVE) >= 2) return 0;
    Pos q = pos_.findThreat(them, T_FIVE);
    if (!isFourClass(b.threat(q, us)) || !pos_.isLegal<R>(q, us)) return 0;
    moves[0] = q;
    n = 1;
  } else {
    n = fourMoves<R>(moves, keys);
  }

  // 5. Try each four; the defender's reply is forced.
  for (int i = 0; i < n; ++i) {
    pos_.play<R>(moves[i]);
    int r = vcfDefend<R>(foursLeft - 1, ply + 1);
    pos_.undo();
    if (r) {
      setPv(ply, moves[i]);
      ce = CacheEntry{pos_.hash(), -1, int16_t(r + 1)};
      return r + 1;
    }
    if (aborted_) return 0;
  }
  ce = CacheEntry{pos_.hash(), int16_t(foursLeft), 0};
  return 0;
}

template <Rule R>
int ThreatSearch::vcfDefend(int foursLeft, int ply) {
  ++nodes_;
  const Board& b = pos_.board();
  Color def = b.sideToMove(), att = ~def;
  // 1. The defender's own five comes first.
  if (b.threatCount(def, T_FIVE)) return 0;
  // 2. Two five points cannot both be blocked; one that is forbidden for a
  //    renju Black defender cannot be blocked at all.
  int fives = b.threatCount(att, T_FIVE);
  if (fives == 0) return 0;
  Pos q = pos_.findThreat(att, T_FIVE);
  if (fives >= 2 || !pos_.isLegal<R>(q, def)) {
    // The line ends with the defender's (useless or impossible) reply and
    // the attacker's five: block one five point, five on another; or, when
    // the block is forbidden, any reply (NO_POS) and the five on q.
    Pos five = q;
    if (fives >= 2) {
      for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it)
        if (*it != q && b.isEmpty(*it) && b.threat(*it, att) == T_FIVE) five = *it;
      setPv(ply, q);
    } else {
      setPv(ply, NO_POS);
    }
    setPv(ply + 1, five);
    return 2;
  }
  // 3. Forced block, then the attacker continues.
  pos_.play<R>(q);
  int r = vcfAttack<R>(foursLeft, ply + 1);
  pos_.undo();
  if (r) setPv(ply, q);
  return r ? r + 1 : 0;
}

// ---- three and four-three defences ------------------------------------------

template <Rule R>
int ThreatSearch::threeDefences(Pos* out) {
  return lineDefences<R>(out, false);
}

template <Rule R>
int ThreatSearch::fourThreeDefences(Pos* out) {
  return lineDefences<R>(out, true);
}

template <Rule R>
bool ThreatSearch::threatens(Color c, bool fourThree) {
  return fourThree ? hasLegalThreat<R>(c, T_43) || hasLegalThreat<R>(c, T_44)
                   : hasLegalThreat<R>(c, T_F4);
}

template <Rule R>
int ThreatSearch::lineDefences(Pos* out, bool fourThree) {
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  // Candidates: the opponent's threat points and every empty point within
  // four steps of them on the lines that make the threat (the straight
  // four's line; the four's and the three's lines of a four-three or a
  // double four); only a stone on such a line can change it. Plus our own
  // fours.
  bool seen[CELL_NB] = {};
  Pos cand[MAX_MOVES];
  int nc = 0;
  for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it) {
    Pos p = *it;
    if (!b.isEmpty(p)) continue;
    if (isFourClass(b.threat(p, us)) && !seen[p]) {
      seen[p] = true;
      cand[nc++] = p;
    }
    Threat t = b.threat(p, them);
    if (fourThree ? t != T_43 && t != T_44 : t != T_F4) continue;
    if (fourThree && !pos_.isLegal<R>(p, them)) continue;
    for (int d = 0; d < DIR_NB; ++d) {
      Pattern pat = b.pattern(p, Dir(d), them);
      if (fourThree ? pat < F3 || pat > F4 : pat != F4) continue;
      for (int k = -4; k <= 4; ++k) {
        Pos q = Pos(p + k * DIR_STEP[d]);
        if (b.at(q) != EMPTY || seen[q]) continue;
        seen[q] = true;
        cand[nc++] = q;
      }
    }
  }
  std::sort(cand, cand + nc);
  // Keep our fours and the points after which the opponent has no such
  // threat left. Against an open three that is exact. Against four-threes
  // no single point may stop them all (two of them far apart): then every
  // candidate stays and the search decides, because a counter-four made
  // while blocking can still hold.
  int n = 0, legal = 0, stoppers = 0;
  Pos rest[MAX_MOVES];
  for (int i = 0; i < nc; ++i) {
    Pos q = cand[i];
    if (!pos_.isLegal<R>(q, us)) continue;
    if (isFourClass(b.threat(q, us))) {
      out[n++] = q;
      continue;
    }
    pos_.play<R>(q);
    bool stopped = !threatens<R>(them, fourThree);
    pos_.undo();
    if (stopped) {
      out[n++] = q;
      ++stoppers;
    } else {
      rest[legal++] = q;
    }
  }
  if (fourThree && stoppers == 0) {
    std::copy(rest, rest + legal, out + n);
    n += legal;
    std::sort(out, out + n);
  }
  return n;
}

// ---- VCT -------------------------------------------------------------------

template <Rule R>
bool ThreatSearch::vct(int depth, int vcfFours, uint64_t nodeBudget) {
  pv_.clear();
  aborted_ = false;
  budget_ = nodes_ + nodeBudget;
  vcfFours_ = vcfFours;
  return vctAttack<R>(depth, 0);
}

template <Rule R>
bool ThreatSearch::vctAttack(int depth, int ply) {
  ++nodes_;
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  if (ply >= 2 * MAX_PLY - 4) return false;

  // 1. Fives and forced blocks, as in VCF. A block that is not a four hands
  //    the move back to the defender with our old threats still standing.
  if (b.threatCount(us, T_FIVE)) {
    setPv(ply, pos_.findThreat(us, T_FIVE));
    return true;
  }
  if (b.threatCount(them, T_FIVE)) {
    if (b.threatCount(them, T_FIVE) >= 2) return false;
    Pos q = pos_.findThreat(them, T_FIVE);
    if (!pos_.isLegal<R>(q, us)) return false;
    pos_.play<R>(q);
    bool r = vctDefend<R>(depth, ply + 1);
    pos_.undo();
    if (r) setPv(ply, q);
    return r;
  }
  if (outOfBudget()) return false;

  // 2. Continuous fours alone.
  if (vcfAttack<R>(vcfFours_, ply)) return true;
  if (depth <= 0 || aborted_) return false;

  // 3. Candidates: our fours, and our threes unless the opponent already
  //    has an open three (then only a four keeps the initiative).
  bool onlyFours = hasLegalThreat<R>(them, T_F4);
  Pos moves[MAX_MOVES];
  int keys[MAX_MOVES];
  int n = 0;
  for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it) {
    Pos p = *it;
    if (!b.isEmpty(p)) continue;
    Threat t = b.threat(p, us);
    bool four = isFourClass(t);
    bool three = t == T_F3 || t == T_33;
    if (!(four || (three && !onlyFours))) continue;
    if (!pos_.isLegal<R>(p, us)) continue;
    moves[n] = p;
    keys[n++] = FOUR_ORDER[t] + (three ? 2000 : 0) + b.cellScore(p, us) + b.cellScore(p, them) / 2;
  }
  sortMovesByKey(moves, keys, n);
  // Threat searches explode on wide boards; the strongest few suffice.
  n = std::min(n, 16);

  // 4. A threat works if every defence still loses.
  for (int i = 0; i < n; ++i) {
    pos_.play<R>(moves[i]);
    bool r = vctDefend<R>(depth - 1, ply + 1);
    pos_.undo();
    if (r) {
      setPv(ply, moves[i]);
      return true;
    }
    if (aborted_) return false;
  }
  return false;
}

template <Rule R>
bool ThreatSearch::vctDefend(int depth, int ply) {
  ++nodes_;
  const Board& b = pos_.board();
  Color def = b.sideToMove(), att = ~def;
  // 1. Fives and fours: the forced part.
  if (b.threatCount(def, T_FIVE)) return false;
  int fives = b.threatCount(att, T_FIVE);
  if (fives >= 2) return true;
  if (fives == 1) {
    Pos q = pos_.findThreat(att, T_FIVE);
    if (!pos_.isLegal<R>(q, def)) return true;
    pos_.play<R>(q);
    bool r = vctAttack<R>(depth, ply + 1);
    pos_.undo();
    return r;
  }
  // 2. No open three left: the threat was parried (or never was one).
  if (!hasLegalThreat<R>(att, T_F4)) return false;
  if (outOfBudget()) return false;
  // 3. A defender VCF beats a mere three.
  if (vcfAttack<R>(vcfFours_, ply) || aborted_) return false;
  // 4. Every block and every own four must lose.
  Pos moves[MAX_MOVES];
  int n = threeDefences<R>(moves);
  for (int i = 0; i < n; ++i) {
    pos_.play<R>(moves[i]);
    bool r = vctAttack<R>(depth, ply + 1);
    pos_.undo();
    if (!r || aborted_) return false;
  }
  return true;
}

#define GOMOKU_THREAT_INSTANTIATE(R)                      \
  template int ThreatSearch::vcf<R>(int, uint64_t);       \
  template bool ThreatSearch::vct<R>(int, int, uint64_t); \
  template int ThreatSearch::threeDefences<R>(Pos*);      \
  template int ThreatSearch::fourThreeDefences<R>(Pos*);  \
  template bool ThreatSearch::threatens<R>(Color, bool);  \
  template bool ThreatSearch::hasLegalThreat<R>(Color, Threat);
GOMOKU_THREAT_INSTANTIATE(Rule::FREESTYLE)
GOMOKU_THREAT_INSTANTIATE(Rule::STANDARD)
GOMOKU_THREAT_INSTANTIATE(Rule::RENJU)
GOMOKU_THREAT_INSTANTIATE(Rule::CAPTURES)
GOMOKU_THREAT_INSTANTIATE(Rule::FISHING)
#undef GOMOKU_THREAT_INSTANTIATE

}  // namespace gomoku
