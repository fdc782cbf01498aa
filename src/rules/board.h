#pragma once
/// Board: the position that search makes and unmakes millions of times.
///
/// Every change of a point (a stone placed, captured, reeled or converted)
/// goes through one primitive, setCell(), which keeps incrementally:
///  - the four line keys through the point (2 bits a cell, walls outside),
///  - for every empty point within five steps along those lines (four
///    when neither colour plays "exactly five"), its pattern per direction
///    and colour, its combined threat and score,
///  - per colour, how many empty points have each threat class, and the sum
///    of their scores,
///  - the Zobrist hash.
/// Undo puts the recorded cells back and restores the derived state that
/// setCell() saved before overwriting it (restoring costs far less than
/// recomputing); GOMOKU_CHECKS builds compare both with a recomputation
/// after every make and undo.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"
#include "core/zobrist.h"
#include "rules/pattern.h"
#include "rules/ruleset.h"

namespace gomoku {

/// Fishing: what a stone (just placed or converted) scores.
struct RodInfo {
  int points = 0;                  ///< rod windows in all directions
  int count = 0;                   ///< stones reeled, the stone itself included
  std::array<Pos, 33> stones{};    ///< reeled stones, the stone itself first
};

/// Renju: why a point is forbidden for Black.
enum class Forbid : uint8_t { NONE, OVERLINE, DOUBLE_FOUR, DOUBLE_THREE };
const char* forbidName(Forbid f);

class Board {
 public:
  explicit Board(Rule rule = Rule::FREESTYLE, int size = 15);

  Rule rule() const { return rule_; }
  int size() const { return size_; }
  Pos center() const { return makePos(size_ / 2, size_ / 2); }
  Piece at(Pos p) const { return cells_[p]; }
  bool onBoard(Pos p) const { return p >= 0 && p < CELL_NB && cells_[p] != WALL; }
  bool isEmpty(Pos p) const { return cells_[p] == EMPTY; }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < size_ && y < size_; }

  Color sideToMove() const { return side_; }
  uint64_t hash() const { return hash_; }
  /// The hash after the side to move plays on empty p, when the move takes
  /// nothing off the board (every rule but captures; there it may differ).
  uint64_t hashAfter(Pos p) const { return hash_ ^ zobrist().stone[side_][p] ^ zobrist().side; }
  int stoneCount() const { return stones_; }
  int emptyCount() const { return size_ * size_ - stones_; }
  /// Number of make operations on the stack (play, pass, reel).
  int ply() const { return int(stack_.size()); }
  /// Pairs captured (captures) or points scored (fishing) by a colour.
  int score(Color c) const { return score_[c]; }
  /// The point of the last play(), or NO_POS.
  Pos lastMove() const;

  // ---- patterns ----
  Pattern pattern(Pos p, Dir d, Color c) const { return Pattern((packed_[p][c] >> (4 * d)) & 15); }
  Threat threat(Pos p, Color c) const { return threat_[p][c]; }
  int cellScore(Pos p, Color c) const { return cellScore_[p][c]; }
  int threatCount(Color c, Threat t) const { return threatCount_[c][t]; }
  int scoreSum(Color c) const { return scoreSum_[c]; }

  // ---- moves ----
  /// Places a stone of the side to move on an empty point; in CAPTURES also
  /// removes every flanked pair. Flips the side to move.
  template <Rule R> void play(Pos p);
  void play(Pos p);
  /// The side to move passes (renju pass, fishing decline).
  void pass();
  /// Fishing: the player who just moved (~sideToMove()) reels in the rod
  /// stones, scores the points and, when target != NO_POS, converts the
  /// enemy stone on target. Does not flip the side.
  void reel(const RodInfo& rod, Pos target);
  /// Takes back the last play, pass or reel.
  void undo();

  // ---- rules queries ----
  /// Would a stone of colour c on empty p make a winning five?
  bool makesFive(Pos p, Color c) const { return threat_[p][c] == T_FIVE; }
  /// Is the stone on p part of a winning five for its colour (after it was placed)?
  bool isFiveAt(Pos p) const;
  /// Length of the run of c's stones through p along d (p counted as c).
  int runLength(Pos p, Dir d, Color c) const;
  /// Is there a stone within r points of p (a square of side 2r+1)?
  bool hasStoneNear(Pos p, int r) const;
  /// CAPTURES: pairs that a stone of colour c on p would capture.
  int capturesAt(Pos p, Color c) const;
  /// FISHING: the rod scored by the stone of colour c standing on p.
  RodInfo rodAt(Pos p) const;
  /// RENJU: is empty p forbidden for Black (exact, recursive true-three rule)?
  Forbid forbidden(Pos p);
  bool isForbidden(Pos p) { return forbidden(p) != Forbid::NONE; }

  // ---- consistency ----
  /// Recomputes everything from scratch and compares with the incremental
  /// state; returns an empty string when they agree, else what differs.
  std::string verify() const;
  /// Rows from the top, '.' empty, 'x' black, 'o' white.
  std::vector<std::string> rows() const;
  std::string toString() const;

 private:
  struct Change {
    Pos pos;
    Piece before;
  };
  /// A point's derived state before a change, so that undo restores it
  /// instead of recomputing it.
  struct Saved {
    Pos pos;
    std::array<uint16_t, COLOR_NB> packed;
    std::array<Threat, COLOR_NB> threat;
    std::array<int16_t, COLOR_NB> score;
  };
  struct StackEntry {
    uint32_t changeBegin;
    uint32_t savedBegin;
    int16_t scoreBefore[COLOR_NB];
    Pos move;       ///< point played, NO_POS for pass and reel
    Color sideBefore;
    int stonesBefore;
    uint64_t hashBefore;
    std::array<std::array<int, THREAT_NB>, COLOR_NB> countBefore;
    std::array<int, COLOR_NB> sumBefore;
  };

  /// Changes one point and everything derived from it. With `save`, the
  /// derived state it overwrites is pushed on saved_ for undo().
  void setCell(Pos p, Piece piece, bool save);
  /// Writes the point's cell and line key bits only.
  void setLineBits(Pos p, Piece piece);
  void savePoint(Pos q) {
    // Field by field into the vector's own slot: building the 12-byte
    // record on the stack first made the copy wait on a partial store.
    Saved& s = saved_.emplace_back();
    s.pos = q;
    s.packed = packed_[q];
    s.threat = threat_[q];
    s.score = cellScore_[q];
  }
  /// Recomputes one direction of an empty point's patterns (setCell()
  /// updates the points near a change itself, several lookups at a time).
  void updatePattern(Pos q, Dir d);
  /// Packed patterns with one direction's (at bit `shift`) replaced.
  static uint16_t withPattern(uint16_t packed, int shift, uint8_t pattern) {
    return uint16_t((packed & ~(15u << shift)) | (uint32_t(pattern) << shift));
  }

  void refreshCombo(Pos q);
  /// A point's new threat and score for a colour, with the counts and sums.
  void setCombo(Pos q, Color c, Combo cb) {
    if (cb.threat != threat_[q][c]) {
      --threatCount_[c][threat_[q][c]];
      ++threatCount_[c][cb.threat];
      threat_[q][c] = cb.threat;
    }
    scoreSum_[c] += cb.score - cellScore_[q][c];
    cellScore_[q][c] = cb.score;
  }
  void clearCombo(Pos q);
  void pushEntry(Pos move);
  void recordSet(Pos p, Piece piece) {
    changes_.push_back(Change{p, cells_[p]});
    setCell(p, piece, true);
  }
  uint32_t windowKey(Pos q, Dir d) const;
  /// The key of the window centred on index `at` of a line's key.
  static uint32_t windowKeyOf(uint64_t line, int at) {
    uint32_t k = uint32_t(line >> (2 * (at - WINDOW_HALF))) & ((1u << 22) - 1);
    return (k & 0x3FF) | ((k >> 12) << 10);
  }
  Forbid forbiddenRec(Pos p, int depth);
  bool isTrueThreeDirection(Pos p, Dir d, int depth);

  Rule rule_;
  int size_;
  int reach_;  ///< how far along a line a change can alter a point's pattern
  Color side_ = BLACK;
  int stones_ = 0;
  uint64_t hash_ = 0;
  int16_t score_[COLOR_NB] = {0, 0};
  const PatternTable* table_[COLOR_NB];
  const std::array<Combo, 65536>* combos_[COLOR_NB];  ///< per colour (weightSet)
  std::array<Piece, CELL_NB> cells_{};
  std::array<std::array<uint64_t, 2 * STRIDE>, DIR_NB> lineKey_{};
  std::array<std::array<uint16_t, COLOR_NB>, CELL_NB> packed_{};
  std::array<std::array<Threat, COLOR_NB>, CELL_NB> threat_{};
  std::array<std::array<int16_t, COLOR_NB>, CELL_NB> cellScore_{};
  std::array<std::array<int, THREAT_NB>, COLOR_NB> threatCount_{};
  std::array<int, COLOR_NB> scoreSum_{};
  std::vector<StackEntry> stack_;
  std::vector<Change> changes_;
  std::vector<Saved> saved_;
};

/// The line a point lies on for a direction, and its index along that line.
int lineIndex(Pos p, Dir d);
int linePosition(Pos p, Dir d);

}  // namespace gomoku
