#pragma once
/// Position: the search's view of a Board. Wraps a private copy of the board
/// and adds what move generation needs but the rules layer does not keep:
/// for every point, how many stones lie within two steps along a line
/// (candidate moves are the empty points with at least one), and the list
/// of playable points in a fixed order so every scan is deterministic.
#include <array>
#include <cstdint>

#include "engine/value.h"
#include "rules/board.h"

namespace gomoku {

class Position {
 public:
  /// Copies the board (the search never touches the caller's).
  explicit Position(const Board& b);

  /// The board, read-only: every change goes through play/pass/undo.
  const Board& board() const { return board_; }
  Rule rule() const { return board_.rule(); }
  Color sideToMove() const { return board_.sideToMove(); }
  uint64_t hash() const { return board_.hash(); }
  int ply() const { return ply_; }
  /// The move played k plies ago in this position's line (NO_POS for a
  /// pass, or when the line is shorter than k).
  Pos moveBack(int k) const { return ply_ >= k ? moves_[ply_ - k] : NO_POS; }
  bool isEmpty(Pos p) const { return board_.isEmpty(p); }
  /// Number of stones within two steps of p along the eight line directions.
  int neighbours(Pos p) const { return nbr_[p]; }

  /// All playable points, ascending (row-major from a1).
  const Pos* cellsBegin() const { return cells_.data(); }
  const Pos* cellsEnd() const { return cells_.data() + cellCount_; }

  /// Places a stone of the side to move (as Board::play<R>).
  template <Rule R>
  void play(Pos p) {
    board_.play<R>(p);
    moves_[ply_++] = p;
    addNeighbour(p, 1);
  }
  /// The side to move passes (used to ask "what does the opponent threaten?").
  void pass() {
    board_.pass();
    moves_[ply_++] = NO_POS;
  }
  /// Takes back the last play or pass.
  void undo() {
    Pos p = moves_[--ply_];
    board_.undo();
    if (p != NO_POS) addNeighbour(p, -1);
  }

  /// May colour c place a stone on empty p? Only Black in renju is ever
  /// restricted (forbidden points); a five always takes precedence.
  template <Rule R>
  bool isLegal(Pos p, Color c) {
    if constexpr (R != Rule::RENJU)
      return true;
    else {
      if (c == WHITE || board_.threat(p, BLACK) == T_FIVE) return true;
      return board_.forbidden(p) == Forbid::NONE;
    }
  }

  /// The first point (in cell order) where colour c has threat class t, or
  /// NO_POS.
  Pos findThreat(Color c, Threat t) const;

 private:
  void addNeighbour(Pos p, int delta);

  Board board_;
  std::array<uint8_t, CELL_NB> nbr_{};
  std::array<Pos, MAX_MOVES> cells_{};
  int cellCount_ = 0;
  /// Moves made since construction (NO_POS for a pass); bounded by the
  /// number of points plus passes, so a fixed array suffices.
  std::array<Pos, MAX_MOVES + MAX_PLY> moves_{};
  int ply_ = 0;
};

/// Orders moves by key, descending; equal keys by position, ascending, so
/// the order depends on nothing but the board (insertion sort: the lists
/// are short and often nearly sorted).
inline void sortMovesByKey(Pos* moves, int* keys, int n) {
  for (int i = 1; i < n; ++i) {
    Pos m = moves[i];
    int k = keys[i];
    int j = i - 1;
    while (j >= 0 && (keys[j] < k || (keys[j] == k && moves[j] > m))) {
      moves[j + 1] = moves[j];
      keys[j + 1] = keys[j];
      --j;
    }
    moves[j + 1] = m;
    keys[j + 1] = k;
  }
}

}  // namespace gomoku
