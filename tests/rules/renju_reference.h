#pragma once
/// A slow, obviously-correct judge of Black's forbidden points in Renju,
/// written straight from the RIF definitions on a plain character grid. It
/// shares nothing with Board's incremental patterns (only the Forbid enum),
/// so the tests can hold the fast implementation against it.
///
/// Definitions used (Black only; "exactly five" wins for Black):
///  - five: exactly five black stones in a row; six or more is an overline;
///  - four: four black stones that one more stone turns into a five. Every
///    distinct set of four stones counts once, so a straight four is one four
///    and `X . X A X . X` holds two;
///  - straight four: four in a row with a five point at both ends;
///  - three: three black stones that one more stone (a "four point") turns
///    into a straight four;
///  - a three is true when at least one of its four points neither makes a
///    five nor is itself forbidden, judged with the stones so far in place
///    (recursively, to any depth).
/// A stone that makes a five is never forbidden. Precedence of the reported
/// reason: overline, then double-four, then double-three.
#include <string>
#include <vector>

#include "rules/board.h"

namespace gomoku::reference {

/// Cells by row, row 0 at the bottom: '.' empty, 'x' black, 'o' white.
struct Grid {
  int size = 15;
  std::vector<std::string> cells;

  explicit Grid(int n = 15) : size(n), cells(size_t(n), std::string(size_t(n), '.')) {}
  /// Contents of (x, y); '#' off the board.
  char at(int x, int y) const {
    return x >= 0 && y >= 0 && x < size && y < size ? cells[size_t(y)][size_t(x)] : '#';
  }
  void set(int x, int y, char c) { cells[size_t(y)][size_t(x)] = c; }
};

/// Copies a Board's stones into a grid.
Grid gridFromBoard(const Board& b);

/// Would a black stone on empty (x, y) make exactly five in some line?
bool makesFive(Grid& g, int x, int y);

/// Number of fours that a black stone on empty (x, y) would make, summed
/// over the four lines.
int fourCount(Grid& g, int x, int y);

/// Number of threes (true or not) that a black stone on empty (x, y) would
/// make, summed over the four lines.
int threeCount(Grid& g, int x, int y);

/// What a judgement ran into; lets a test show that it covered the hard
/// cases (threes made false, and how deep the recursion went).
struct Stats {
  long falseByFive = 0;       ///< four points skipped because they make a five
  long falseByForbidden = 0;  ///< four points skipped because they are forbidden
  int maxDepth = 0;           ///< deepest level of nested judgement (0 = the point itself)
};

/// Is a black stone on empty (x, y) forbidden, and why? Stats, when given,
/// are added to.
Forbid forbidden(Grid& g, int x, int y, Stats* stats = nullptr);

}  // namespace gomoku::reference
