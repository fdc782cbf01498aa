#include "engine/position.h"

namespace gomoku {

namespace {
constexpr int NEIGHBOUR_RADIUS = 2;
}

Position::Position(const Board& b) : board_(b) {
  int n = board_.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) cells_[cellCount_++] = makePos(x, y);
  for (int i = 0; i < cellCount_; ++i)
    if (isStone(board_.at(cells_[i]))) addNeighbour(cells_[i], 1);
}

void Position::addNeighbour(Pos p, int delta) {
  // Walls have their own counters too (the padding keeps indices valid), and
  // are never read as candidates.
  for (int d = 0; d < DIR_NB; ++d)
    for (int k = 1; k <= NEIGHBOUR_RADIUS; ++k) {
      nbr_[p + k * DIR_STEP[d]] = uint8_t(nbr_[p + k * DIR_STEP[d]] + delta);
      nbr_[p - k * DIR_STEP[d]] = uint8_t(nbr_[p - k * DIR_STEP[d]] + delta);
    }
}

Pos Position::findThreat(Color c, Threat t) const {
  // A single such point nearly always lies on a line through one of c's
  // last two stones (a five point on the last four's line): look there
  // first, up to four steps each way, then everywhere. With one point the
  // answer is the same either way.
  if (board_.threatCount(c, t) == 1) {
    int back = c == board_.sideToMove() ? 2 : 1;
    for (int k : {back, back + 2}) {
      Pos s = moveBack(k);
      if (s == NO_POS) continue;
      for (int d = 0; d < DIR_NB; ++d)
        for (int step = -4; step <= 4; ++step) {
          Pos p = Pos(s + step * DIR_STEP[d]);
          if (step && board_.isEmpty(p) && board_.threat(p, c) == t) return p;
        }
    }
  }
  for (int i = 0; i < cellCount_; ++i) {
    Pos p = cells_[i];
    if (board_.isEmpty(p) && board_.threat(p, c) == t) return p;
  }
  return NO_POS;
}

}  // namespace gomoku
