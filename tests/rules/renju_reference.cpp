#include "rules/renju_reference.h"

#include <set>
#include <utility>

namespace gomoku::reference {

namespace {

constexpr int LINE_DX[4] = {1, 0, 1, 1};
constexpr int LINE_DY[4] = {0, 1, 1, -1};

bool black(const Grid& g, int x, int y) { return g.at(x, y) == 'x'; }
bool empty(const Grid& g, int x, int y) { return g.at(x, y) == '.'; }

/// Black stones in an unbroken run through (x, y) along line d, (x, y) included.
int run(const Grid& g, int x, int y, int d) {
  int n = 1;
  for (int k = 1; black(g, x + k * LINE_DX[d], y + k * LINE_DY[d]); ++k) ++n;
  for (int k = 1; black(g, x - k * LINE_DX[d], y - k * LINE_DY[d]); ++k) ++n;
  return n;
}

/// With a black stone on (x, y): the distinct fours through it along d, each
/// as the bit set of its four stones' offsets (bit k + 4 for offset k).
std::set<int> foursOnLine(const Grid& g, int x, int y, int d) {
  std::set<int> fours;
  auto cell = [&](int k) { return g.at(x + k * LINE_DX[d], y + k * LINE_DY[d]); };
  // Every window of five points holding the stone.
  for (int s = -4; s <= 0; ++s) {
    int stones = 0, gaps = 0, mask = 0;
    for (int k = s; k < s + 5; ++k) {
      if (cell(k) == 'x')
        ++stones, mask |= 1 << (k + 4);
      else if (cell(k) == '.')
        ++gaps;
    }
    // Filling the gap gives five in a row; exactly five needs both
    // neighbours of the window to be non-black.
    if (stones == 4 && gaps == 1 && cell(s - 1) != 'x' && cell(s + 5) != 'x') fours.insert(mask);
  }
  return fours;
}

/// With black stones on (x, y) and on the point k steps from it along d: is
/// there a straight four along d holding both? Four stones in a row, both ends empty, and each end a
/// five point (the point beyond it is not black).
bool straightFourWith(const Grid& g, int x, int y, int k, int d) {
  auto cell = [&](int j) { return g.at(x + j * LINE_DX[d], y + j * LINE_DY[d]); };
  for (int s = -3; s <= 0; ++s) {
    if (k < s || k > s + 3) continue;
    bool four = true;
    for (int j = s; j < s + 4; ++j) four = four && cell(j) == 'x';
    if (four && cell(s - 1) == '.' && cell(s + 4) == '.' && cell(s - 2) != 'x' &&
        cell(s + 5) != 'x')
      return true;
  }
  return false;
}

struct Three {
  int mask;                                     // offsets of its three stones
  std::vector<std::pair<int, int>> fourPoints;  // where it becomes a straight four
};

/// With a black stone on (x, y): the distinct threes through it along d.
std::vector<Three> threesOnLine(Grid& g, int x, int y, int d) {
  std::vector<Three> threes;
  for (int k = -4; k <= 4; ++k) {
    int ex = x + k * LINE_DX[d], ey = y + k * LINE_DY[d];
    if (k == 0 || !empty(g, ex, ey)) continue;
    g.set(ex, ey, 'x');
    bool straight = straightFourWith(g, x, y, k, d);
    g.set(ex, ey, '.');
    if (!straight) continue;
    // The three is the straight four without the added stone: the black
    // stones in the run through (ex, ey) other than it.
    int mask = 0;
    for (int j = k - 1; j >= k - 3 && black(g, x + j * LINE_DX[d], y + j * LINE_DY[d]); --j)
      mask |= 1 << (j + 4);
    for (int j = k + 1; j <= k + 3 && black(g, x + j * LINE_DX[d], y + j * LINE_DY[d]); ++j)
      mask |= 1 << (j + 4);
    bool found = false;
    for (auto& t : threes)
      if (t.mask == mask) t.fourPoints.push_back({ex, ey}), found = true;
    if (!found) threes.push_back(Three{mask, {{ex, ey}}});
  }
  return threes;
}

bool fiveWithStone(const Grid& g, int x, int y) {
  for (int d = 0; d < 4; ++d)
    if (run(g, x, y, d) == 5) return true;
  return false;
}

Forbid judge(Grid& g, int x, int y, Stats* stats, int depth);

/// Forbidden check with the stone already on (x, y), `depth` levels below
/// the point first asked about.
Forbid judgePlaced(Grid& g, int x, int y, Stats* stats, int depth) {
  if (stats && depth > stats->maxDepth) stats->maxDepth = depth;
  if (fiveWithStone(g, x, y)) return Forbid::NONE;
  for (int d = 0; d < 4; ++d)
    if (run(g, x, y, d) >= 6) return Forbid::OVERLINE;
  int fours = 0;
  for (int d = 0; d < 4; ++d) fours += int(foursOnLine(g, x, y, d).size());
  if (fours >= 2) return Forbid::DOUBLE_FOUR;
  std::vector<Three> threes;
  for (int d = 0; d < 4; ++d)
    for (auto& t : threesOnLine(g, x, y, d)) threes.push_back(t);
  if (threes.size() < 2) return Forbid::NONE;
  // RIF 9.3: only true threes count.
  int trueThrees = 0;
  for (auto& t : threes) {
    bool isTrue = false;
    for (auto [ex, ey] : t.fourPoints) {
      if (makesFive(g, ex, ey)) {
        if (stats) ++stats->falseByFive;
        continue;
      }
      if (judge(g, ex, ey, stats, depth + 1) != Forbid::NONE) {
        if (stats) ++stats->falseByForbidden;
        continue;
      }
      isTrue = true;
      break;
    }
    trueThrees += isTrue;
  }
  return trueThrees >= 2 ? Forbid::DOUBLE_THREE : Forbid::NONE;
}

Forbid judge(Grid& g, int x, int y, Stats* stats, int depth) {
  if (!empty(g, x, y)) return Forbid::NONE;
  g.set(x, y, 'x');
  Forbid f = judgePlaced(g, x, y, stats, depth);
  g.set(x, y, '.');
  return f;
}

}  // namespace

Grid gridFromBoard(const Board& b) {
  Grid g(b.size());
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      Piece p = b.at(makePos(x, y));
      g.set(x, y, p == BLACK_STONE ? 'x' : p == WHITE_STONE ? 'o' : '.');
    }
  return g;
}

bool makesFive(Grid& g, int x, int y) {
  g.set(x, y, 'x');
  bool five = fiveWithStone(g, x, y);
  g.set(x, y, '.');
  return five;
}

int fourCount(Grid& g, int x, int y) {
  g.set(x, y, 'x');
  int n = 0;
  for (int d = 0; d < 4; ++d) n += int(foursOnLine(g, x, y, d).size());
  g.set(x, y, '.');
  return n;
}

int threeCount(Grid& g, int x, int y) {
  g.set(x, y, 'x');
  int n = 0;
  for (int d = 0; d < 4; ++d) n += int(threesOnLine(g, x, y, d).size());
  g.set(x, y, '.');
  return n;
}

Forbid forbidden(Grid& g, int x, int y, Stats* stats) { return judge(g, x, y, stats, 0); }

}  // namespace gomoku::reference
