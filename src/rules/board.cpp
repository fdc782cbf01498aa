#include "rules/board.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/zobrist.h"

namespace gomoku {

const char* forbidName(Forbid f) {
  switch (f) {
    case Forbid::OVERLINE: return "overline";
    case Forbid::DOUBLE_FOUR: return "double-four";
    case Forbid::DOUBLE_THREE: return "double-three";
    case Forbid::NONE: break;
  }
  return "none";
}

int lineIndex(Pos p, Dir d) {
  int x = p % STRIDE, y = p / STRIDE;  // padded
  switch (d) {
    case HORIZONTAL: return y;
    case VERTICAL: return x;
    case DIAGONAL: return y - x + STRIDE - 1;
    default: return x + y;
  }
}

int linePosition(Pos p, Dir d) {
  int x = p % STRIDE, y = p / STRIDE;
  return d == HORIZONTAL || d == DIAGONAL ? x : y;
}

namespace {

/// Debug builds (and -DGOMOKU_CHECKS=ON) compare the incremental state with
/// a from-scratch recomputation after every make and undo.
#ifdef GOMOKU_CHECKS
void checkConsistent(const Board& b, const char* where) {
  std::string err = b.verify();
  if (!err.empty()) {
    std::fprintf(stderr, "Board inconsistent after %s:\n%s%s", where, err.c_str(), b.toString().c_str());
    std::abort();
  }
}
#define GOMOKU_CHECK(where) checkConsistent(*this, where)
#else
#define GOMOKU_CHECK(where) ((void)0)
#endif

bool exactFor(Rule r, Color c) {
  return r == Rule::STANDARD || (r == Rule::RENJU && c == BLACK);
}

}  // namespace

Board::Board(Rule rule, int size) : rule_(rule), size_(std::clamp(size, MIN_SIZE, MAX_SIZE)) {
  for (int c = 0; c < COLOR_NB; ++c) {
    table_[c] = &patternTable(exactFor(rule_, Color(c)));
    combos_[c] = &comboTable(weightSet(rule_, Color(c)));
  }
  // Under "five or more" a point's pattern never depends on the cells five
  // steps away: a change there leaves it as it was.
  reach_ = exactFor(rule_, BLACK) || exactFor(rule_, WHITE) ? WINDOW_HALF : WINDOW_HALF - 1;
  stack_.reserve(512);
  hash_ = zobrist().score[BLACK][0] ^ zobrist().score[WHITE][0];
  changes_.reserve(1024);
  saved_.reserve(4096);
  for (Pos p = 0; p < CELL_NB; ++p) {
    int x = posX(p), y = posY(p);
    cells_[p] = inside(x, y) ? EMPTY : WALL;
    for (int d = 0; d < DIR_NB; ++d)
      lineKey_[d][lineIndex(p, Dir(d))] |= uint64_t(cells_[p]) << (2 * linePosition(p, Dir(d)));
  }
  for (Pos p = 0; p < CELL_NB; ++p) {
    if (cells_[p] != EMPTY) continue;
    ++threatCount_[BLACK][T_NONE];
    ++threatCount_[WHITE][T_NONE];
    for (int d = 0; d < DIR_NB; ++d) updatePattern(p, Dir(d));
    refreshCombo(p);
  }
}

Pos Board::lastMove() const {
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
    if (it->move != NO_POS) return it->move;
  return NO_POS;
}

uint32_t Board::windowKey(Pos q, Dir d) const {
  return windowKeyOf(lineKey_[d][lineIndex(q, d)], linePosition(q, d));
}

void Board::clearCombo(Pos q) {
  for (int c = 0; c < COLOR_NB; ++c) {
    --threatCount_[c][threat_[q][c]];
    scoreSum_[c] -= cellScore_[q][c];
    threat_[q][c] = T_NONE;
    cellScore_[q][c] = 0;
    packed_[q][c] = 0;
  }
}

void Board::refreshCombo(Pos q) {
  for (int c = 0; c < COLOR_NB; ++c) setCombo(q, Color(c), (*combos_[c])[packed_[q][c]]);
}

void Board::updatePattern(Pos q, Dir d) {
  uint32_t key = windowKey(q, d);
  int shift = 4 * d;
  for (int c = 0; c < COLOR_NB; ++c)
    packed_[q][c] = withPattern(packed_[q][c], shift, (*table_[c])[key].p[c]);
}

void Board::setLineBits(Pos p, Piece piece) {
  cells_[p] = piece;
  for (int d = 0; d < DIR_NB; ++d) {
    auto& line = lineKey_[d][lineIndex(p, Dir(d))];
    int sh = 2 * linePosition(p, Dir(d));
    line = (line & ~(uint64_t(3) << sh)) | (uint64_t(piece) << sh);
  }
}

void Board::setCell(Pos p, Piece piece, bool save) {
  Piece before = cells_[p];
  if (before == piece) return;
  const auto& z = zobrist();
  if (isStone(before)) {
    hash_ ^= z.stone[colorOf(before)][p];
    --stones_;
  }
  if (isStone(piece)) {
    hash_ ^= z.stone[colorOf(piece)][p];
    ++stones_;
  }
  setLineBits(p, piece);
  if (save) savePoint(p);
  if (piece == EMPTY) {
    // The point itself becomes a candidate again: count it as a fresh empty.
    ++threatCount_[BLACK][T_NONE];
    ++threatCount_[WHITE][T_NONE];
    for (int d = 0; d < DIR_NB; ++d) updatePattern(p, Dir(d));
    refreshCombo(p);
  } else if (before == EMPTY) {
    clearCombo(p);
  }
  // The empty points within reach along the four lines, in three passes so
  // that their table lookups (mostly cache misses) overlap instead of
  // waiting on one another: their window keys, their new patterns, then
  // the threats and scores of the points whose patterns changed (most
  // points near the windows' ends see no change and keep theirs).
  struct Update {
    Pos q;
    uint8_t shift;
    uint32_t key;
  };
  Update ups[DIR_NB * 2 * WINDOW_HALF];
  int n = 0;
  for (int d = 0; d < DIR_NB; ++d) {
    const uint64_t line = lineKey_[d][lineIndex(p, Dir(d))];
    const int at = linePosition(p, Dir(d));
    const int step = DIR_STEP[d];
    for (int k = -reach_; k <= reach_; ++k) {
      Pos q = Pos(p + k * step);
      if (k == 0 || cells_[q] != EMPTY) continue;
      ups[n++] = Update{q, uint8_t(4 * d), windowKeyOf(line, at + k)};
    }
  }
  PatternPair pats[COLOR_NB][DIR_NB * 2 * WINDOW_HALF];
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < COLOR_NB; ++c) pats[c][i] = (*table_[c])[ups[i].key];
  Pos changed[DIR_NB * 2 * WINDOW_HALF];
  int m = 0;
  for (int i = 0; i < n; ++i) {
    Pos q = ups[i].q;
    uint16_t next[COLOR_NB];
    for (int c = 0; c < COLOR_NB; ++c)
      next[c] = withPattern(packed_[q][c], ups[i].shift, pats[c][i].p[c]);
    if (next[BLACK] == packed_[q][BLACK] && next[WHITE] == packed_[q][WHITE]) continue;
    if (save) savePoint(q);
    packed_[q][BLACK] = next[BLACK];
    packed_[q][WHITE] = next[WHITE];
    changed[m++] = q;
  }
  Combo combos[COLOR_NB][DIR_NB * 2 * WINDOW_HALF];
  for (int i = 0; i < m; ++i)
    for (int c = 0; c < COLOR_NB; ++c) combos[c][i] = (*combos_[c])[packed_[changed[i]][c]];
  for (int i = 0; i < m; ++i)
    for (int c = 0; c < COLOR_NB; ++c) setCombo(changed[i], Color(c), combos[c][i]);
}

void Board::pushEntry(Pos move) {
  stack_.push_back(StackEntry{uint32_t(changes_.size()), uint32_t(saved_.size()),
                              {score_[0], score_[1]}, move, side_, stones_, hash_,
                              threatCount_, scoreSum_});
}

template <Rule R>
void Board::play(Pos p) {
  pushEntry(p);
  Color us = side_;
  recordSet(p, stoneOf(us));
  if constexpr (R == Rule::CAPTURES) {
    Piece own = stoneOf(us), opp = stoneOf(~us);
    for (int d = 0; d < DIR_NB; ++d) {
      for (int sgn = -1; sgn <= 1; sgn += 2) {
        int s = sgn * DIR_STEP[d];
        if (cells_[p + s] == opp && cells_[p + 2 * s] == opp && cells_[p + 3 * s] == own) {
          recordSet(Pos(p + s), EMPTY);
          recordSet(Pos(p + 2 * s), EMPTY);
          const auto& z = zobrist();
          hash_ ^= z.score[us][score_[us] & 63];
          ++score_[us];
          hash_ ^= z.score[us][score_[us] & 63];
        }
      }
    }
  }
  side_ = ~side_;
  hash_ ^= zobrist().side;
  GOMOKU_CHECK("play");
}

template void Board::play<Rule::FREESTYLE>(Pos);
template void Board::play<Rule::STANDARD>(Pos);
template void Board::play<Rule::RENJU>(Pos);
template void Board::play<Rule::CAPTURES>(Pos);
template void Board::play<Rule::FISHING>(Pos);

void Board::play(Pos p) {
  withRule(rule_, [&]<Rule R>() { play<R>(p); });
}

void Board::pass() {
  pushEntry(NO_POS);
  side_ = ~side_;
  hash_ ^= zobrist().side;
}

void Board::reel(const RodInfo& rod, Pos target) {
  pushEntry(NO_POS);
  Color us = ~side_;
  for (int i = 0; i < rod.count; ++i) recordSet(rod.stones[i], EMPTY);
  const auto& z = zobrist();
  hash_ ^= z.score[us][score_[us] & 63];
  score_[us] = int16_t(score_[us] + rod.points);
  hash_ ^= z.score[us][score_[us] & 63];
  if (target != NO_POS) recordSet(target, stoneOf(us));
  GOMOKU_CHECK("reel");
}

void Board::undo() {
  if (stack_.empty()) return;
  const StackEntry& e = stack_.back();
  for (size_t i = changes_.size(); i-- > e.changeBegin;)
    setLineBits(changes_[i].pos, changes_[i].before);
  changes_.resize(e.changeBegin);
  for (size_t i = saved_.size(); i-- > e.savedBegin;) {
    const Saved& s = saved_[i];
    packed_[s.pos] = s.packed;
    threat_[s.pos] = s.threat;
    cellScore_[s.pos] = s.score;
  }
  saved_.resize(e.savedBegin);
  threatCount_ = e.countBefore;
  scoreSum_ = e.sumBefore;
  hash_ = e.hashBefore;
  stones_ = e.stonesBefore;
  score_[BLACK] = e.scoreBefore[BLACK];
  score_[WHITE] = e.scoreBefore[WHITE];
  side_ = e.sideBefore;
  stack_.pop_back();
  GOMOKU_CHECK("undo");
}

int Board::runLength(Pos p, Dir d, Color c) const {
  Piece s = stoneOf(c);
  int step = DIR_STEP[d], n = 1;
  for (Pos q = Pos(p - step); cells_[q] == s; q = Pos(q - step)) ++n;
  for (Pos q = Pos(p + step); cells_[q] == s; q = Pos(q + step)) ++n;
  return n;
}

bool Board::isFiveAt(Pos p) const {
  if (!isStone(cells_[p])) return false;
  Color c = colorOf(cells_[p]);
  bool exact = exactFor(rule_, c);
  for (int d = 0; d < DIR_NB; ++d) {
    int n = runLength(p, Dir(d), c);
    if (exact ? n == 5 : n >= 5) return true;
  }
  return false;
}

bool Board::hasStoneNear(Pos p, int r) const {
  for (int dy = -r; dy <= r; ++dy)
    for (int dx = -r; dx <= r; ++dx) {
      Pos q = Pos(p + dy * STRIDE + dx);
      if (q >= 0 && q < CELL_NB && isStone(cells_[q])) return true;
    }
  return false;
}

int Board::capturesAt(Pos p, Color c) const {
  Piece own = stoneOf(c), opp = stoneOf(~c);
  int n = 0;
  for (int d = 0; d < DIR_NB; ++d)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      int s = sgn * DIR_STEP[d];
      if (cells_[p + s] == opp && cells_[p + 2 * s] == opp && cells_[p + 3 * s] == own) ++n;
    }
  return n;
}

RodInfo Board::rodAt(Pos p) const {
  RodInfo rod;
  if (!isStone(cells_[p])) return rod;
  Piece s = cells_[p];
  rod.stones[rod.count++] = p;
  for (int d = 0; d < DIR_NB; ++d) {
    int step = DIR_STEP[d];
    int a = 0, b = 0;
    while (cells_[p - (a + 1) * step] == s) ++a;
    while (cells_[p + (b + 1) * step] == s) ++b;
    int windows = 0;
    for (int k = 0; k <= 4; ++k)
      if (a >= k && b >= 4 - k) ++windows;
    if (windows == 0) continue;
    rod.points += windows;
    for (int i = 1; i <= std::min(a, 4); ++i) rod.stones[rod.count++] = Pos(p - i * step);
    for (int i = 1; i <= std::min(b, 4); ++i) rod.stones[rod.count++] = Pos(p + i * step);
  }
  return rod;
}

// ---- renju forbidden points ----------------------------------------------

Forbid Board::forbidden(Pos p) {
  if (rule_ != Rule::RENJU || !onBoard(p) || cells_[p] != EMPTY) return Forbid::NONE;
  return forbiddenRec(p, 0);
}

Forbid Board::forbiddenRec(Pos p, int depth) {
  if (threat_[p][BLACK] == T_FIVE) return Forbid::NONE;  // a five always wins
  int fours = 0, threes = 0;
  bool threeDir[DIR_NB] = {};
  for (int d = 0; d < DIR_NB; ++d) {
    Pattern pt = pattern(p, Dir(d), BLACK);
    if (pt == OL) return Forbid::OVERLINE;
    if (pt == B4 || pt == F4) ++fours;
    else if (pt == D4) fours += 2;
    else if (pt == F3) threeDir[d] = true, ++threes;
  }
  if (fours >= 2) return Forbid::DOUBLE_FOUR;
  if (threes < 2) return Forbid::NONE;
  // Count true threes with the stone in place.
  setCell(p, BLACK_STONE, false);
  int trueThrees = 0;
  for (int d = 0; d < DIR_NB && trueThrees < 2; ++d)
    if (threeDir[d] && isTrueThreeDirection(p, Dir(d), depth)) ++trueThrees;
  setCell(p, EMPTY, false);
  return trueThrees >= 2 ? Forbid::DOUBLE_THREE : Forbid::NONE;
}

/// With a black stone on p: does p make a true three along d? That is, is
/// there an empty point e on the line such that a black stone on e makes a
/// straight four containing p, e does not make a five, and e is not itself
/// forbidden (judged recursively with p in place)?
bool Board::isTrueThreeDirection(Pos p, Dir d, int depth) {
  int step = DIR_STEP[d];
  for (int k = -4; k <= 4; ++k) {
    if (k == 0) continue;
    Pos e = Pos(p + k * step);
    if (cells_[e] != EMPTY || pattern(e, d, BLACK) != F4) continue;
    // The straight four through e must contain p: every point between them black.
    bool joined = true;
    int s = k > 0 ? -1 : 1;
    for (int i = k + s; i != 0; i += s)
      if (cells_[p + i * step] != BLACK_STONE) joined = false;
    if (!joined) continue;
    if (threat_[e][BLACK] == T_FIVE) continue;
    if (forbiddenRec(e, depth + 1) != Forbid::NONE) continue;
    return true;
  }
  return false;
}

// ---- consistency -----------------------------------------------------------

std::string Board::verify() const {
  std::ostringstream err;
  const auto& z = zobrist();
  uint64_t h = side_ == WHITE ? z.side : 0;
  int stones = 0;
  for (int c = 0; c < COLOR_NB; ++c) h ^= z.score[c][score_[c] & 63];
  std::array<std::array<uint64_t, 2 * STRIDE>, DIR_NB> keys{};
  for (Pos p = 0; p < CELL_NB; ++p) {
    int x = posX(p), y = posY(p);
    if (inside(x, y) == (cells_[p] == WALL)) err << "wall mismatch at " << p << "\n";
    if (isStone(cells_[p])) {
      h ^= z.stone[colorOf(cells_[p])][p];
      ++stones;
    }
    for (int d = 0; d < DIR_NB; ++d)
      keys[d][lineIndex(p, Dir(d))] |= uint64_t(cells_[p]) << (2 * linePosition(p, Dir(d)));
  }
  if (h != hash_) err << "hash differs\n";
  if (stones != stones_) err << "stone count differs\n";
  if (keys != lineKey_) err << "line keys differ\n";
  std::array<std::array<int, THREAT_NB>, COLOR_NB> counts{};
  std::array<int, COLOR_NB> sums{};
  for (Pos p = 0; p < CELL_NB; ++p) {
    if (cells_[p] != EMPTY) {
      if (cells_[p] != WALL && (packed_[p][0] || packed_[p][1] || cellScore_[p][0] || cellScore_[p][1]))
        err << "occupied point " << p << " has patterns\n";
      continue;
    }
    for (int c = 0; c < COLOR_NB; ++c) {
      uint16_t packed = 0;
      for (int d = 0; d < DIR_NB; ++d) {
        std::array<uint8_t, 11> line{};
        for (int k = -5; k <= 5; ++k) {
          Piece q = cells_[p + k * DIR_STEP[d]];
          line[k + 5] = q == EMPTY ? 0 : (q == stoneOf(Color(c)) ? 1 : 2);
        }
        Pattern pt = classifyLine(line, exactFor(rule_, Color(c)));
        packed = uint16_t(packed | (pt << (4 * d)));
      }
      if (packed != packed_[p][c]) err << "patterns differ at " << p << " colour " << c << "\n";
      Combo cb = (*combos_[c])[packed];
      if (cb.threat != threat_[p][c] || cb.score != cellScore_[p][c])
        err << "threat/score differ at " << p << "\n";
      ++counts[c][cb.threat];
      sums[c] += cb.score;
    }
  }
  for (int c = 0; c < COLOR_NB; ++c)
    for (int t = 0; t < THREAT_NB; ++t)
      if (counts[c][t] != threatCount_[c][t])
        err << "threat count " << c << "/" << t << ": " << threatCount_[c][t] << " should be "
            << counts[c][t] << "\n";
  if (sums != scoreSum_) err << "score sums differ\n";
  return err.str();
}

std::vector<std::string> Board::rows() const {
  std::vector<std::string> out;
  for (int y = size_ - 1; y >= 0; --y) {
    std::string row;
    for (int x = 0; x < size_; ++x) {
      Piece pc = cells_[makePos(x, y)];
      row += pc == BLACK_STONE ? 'x' : pc == WHITE_STONE ? 'o' : '.';
    }
    out.push_back(row);
  }
  return out;
}

std::string Board::toString() const {
  std::string s;
  for (auto& r : rows()) s += r + "\n";
  return s;
}

}  // namespace gomoku
