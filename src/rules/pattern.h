#pragma once
/// Line patterns. For every empty point, direction and colour the board keeps
/// the shape that a stone of that colour placed there would make along that
/// line, looked up from a table keyed by the ten neighbouring cells (five on
/// each side, 2 bits each). The tables are generated at start-up by a
/// classifier (classifyLine) for the two five-rules: "five or more" and
/// "exactly five". "Five or more" never depends on the two outermost cells,
/// so its table keeps only the eight inner ones (128 KiB instead of 2 MiB).
///
/// Diagrams: X own stone, O opponent or edge, . empty, * the point itself.
#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "rules/ruleset.h"

namespace gomoku {

enum Pattern : uint8_t {
  DEAD,  ///< no five possible through *        O X X * X O
  OL,    ///< exactly-five rules: * makes an overline   X X X * X X
  B1,    ///< one stone short of B2                 O * . . . .
  F1,    ///< one stone short of F2                 . * . . . .
  B2,    ///< becomes B3 with one more stone        O X * . . .
  F2,    ///< becomes F3 with one more stone        . . X * . .
  B3,    ///< becomes a four (one five point)        O X X * . .
  F3,    ///< a three: becomes a straight four       . . X X * . .
  B4,    ///< a four with one five point             O X X X * .
  D4,    ///< two fours on one line                  X . X * X . X
  F4,    ///< a straight four: two five points       . X X X * .
  F5,    ///< a five (exactly five under exact rules)
  PATTERN_NB
};

/// A point's shapes in all four directions combined, ascending in strength.
enum Threat : uint8_t {
  T_NONE,
  T_B3,    ///< makes a B3 somewhere (a four next move)
  T_F3,    ///< makes one three
  T_33,    ///< makes two or more threes
  T_B4,    ///< makes one simple four
  T_43,    ///< makes a four and a three
  T_44,    ///< makes two fours (also on one line)
  T_F4,    ///< makes a straight four
  T_FIVE,  ///< makes a five
  THREAT_NB
};

/// Bits of a window key: cell j (0..9) of the neighbours in bits 2j..2j+1,
/// cells 0..4 are the five points before * (farthest first), 5..9 the five
/// after it (nearest first). Cell codes are Piece values.
constexpr int WINDOW_HALF = 5;
constexpr uint32_t KEY_BITS = 20;
/// The "five or more" table's key: the eight inner cells only (cells 1..8).
constexpr uint32_t NARROW_KEY_BITS = 16;
constexpr uint32_t narrowKey(uint32_t key) {
  return ((key >> 2) & 0xFF) | (((key >> 10) & 0xFF) << 8);
}

/// Classifies one line for the colour "own": cells[0..10] with cells[5] = *
/// (treated as the own stone just placed), each cell 0 empty, 1 own,
/// 2 blocked (opponent or edge). exact = only exactly five counts.
Pattern classifyLine(const std::array<uint8_t, 11>& cells, bool exact);

struct PatternPair {
  uint8_t p[COLOR_NB];
};

/// The table for one five-rule: key -> pattern for black and for white.
class PatternTable {
 public:
  explicit PatternTable(bool exact);
  PatternPair operator[](uint32_t key) const { return table_[exact_ ? key : narrowKey(key)]; }

 private:
  bool exact_;
  std::vector<PatternPair> table_;
};

/// Generated once on first use (thread-safe).
const PatternTable& patternTable(bool exact);

/// Combined threat and move-ordering score of a point from its four packed
/// patterns (4 bits a direction, HORIZONTAL in the low bits).
struct Combo {
  Threat threat;
  int16_t score;
};
/// The table of one weight set (rules/weights.h; weightSet below).
const std::array<Combo, 65536>& comboTable(int set);

/// Which weight set (rules/weights.h SETS) scores a colour's points, and the
/// evaluation's terms when that colour is to move: freestyle and exact five
/// share the first; renju has one for each colour (Black's forbidden points
/// change what its shapes are worth); captures and fishing, whose engines
/// add their own terms to the point scores, share the last.
constexpr int WEIGHT_SET_NB = 4;
constexpr int weightSet(Rule r, Color c) {
  return r == Rule::RENJU ? 1 + int(c) : (r == Rule::CAPTURES || r == Rule::FISHING ? 3 : 0);
}

/// The point's two strongest building shapes (B2, F2, B3, F3, B4) taken
/// together: a point that makes two twos, or a three and a two, is worth
/// more than its lines apart (next move it can make a double threat).
/// Returns an index below PAIR_NB, or -1 when fewer than two of its four
/// directions show such a shape. `patterns` holds one pattern a direction.
constexpr int PAIR_LEVELS = 5;
constexpr int PAIR_NB = PAIR_LEVELS * (PAIR_LEVELS + 1) / 2;
int pairIndex(const Pattern patterns[DIR_NB]);

/// The point's shape: its four patterns as an unordered set (directions do
/// not matter), DEAD and OL counted as one level. A fitted correction per
/// shape (rules/weights.h) is added to the point's score, so that shapes the
/// sums above misjudge (say a three beside two dead twos) can be valued on
/// their own. Returns an index below SHAPE_NB.
constexpr int SHAPE_LEVELS = PATTERN_NB - 1;  // DEAD/OL, B1 .. F5
constexpr int SHAPE_NB = SHAPE_LEVELS * (SHAPE_LEVELS + 1) * (SHAPE_LEVELS + 2) *
                         (SHAPE_LEVELS + 3) / 24;
int shapeIndex(const Pattern patterns[DIR_NB]);

const char* patternName(Pattern p);
const char* threatName(Threat t);

}  // namespace gomoku
