#include "game/rif.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

namespace gomoku {

namespace {

/// An opening's third stone, relative to the first (the centre) after the
/// board has been turned so that the second stone sits at (0, 1) (direct)
/// or (1, 1) (indirect). Only one of each mirror pair is listed: the lookup
/// tries every symmetry that keeps the second stone in place.
struct OpeningShape {
  const char* name;
  bool direct;
  int dx, dy;
};

// Shapes as in the usual numbered diagrams (black 1 in the middle, white 2
// above it or above-right of it). 1D..13D run row by row from the row
// beyond stone 2 downwards; 1I..13I run column by column from the column
// beyond stone 2 leftwards, each column from the top.
constexpr std::array<OpeningShape, 26> OPENINGS = {{
    {"Kansei", true, 0, 2},      {"Keigetsu", true, 1, 2},   {"Sosei", true, 2, 2},
    {"Kagetsu", true, 1, 1},     {"Zangetsu", true, 2, 1},   {"Ugetsu", true, 1, 0},
    {"Kinsei", true, 2, 0},      {"Shogetsu", true, 0, -1},  {"Kyugetsu", true, 1, -1},
    {"Shingetsu", true, 2, -1},  {"Zuisei", true, 0, -2},    {"Sangetsu", true, 1, -2},
    {"Yusei", true, 2, -2},      {"Chosei", false, 2, 2},    {"Kyogetsu", false, 2, 1},
    {"Kosei", false, 2, 0},      {"Suigetsu", false, 2, -1}, {"Ryusei", false, 2, -2},
    {"Ungetsu", false, 1, 0},    {"Hogetsu", false, 1, -1},  {"Rangetsu", false, 1, -2},
    {"Gingetsu", false, 0, -1},  {"Myojo", false, 0, -2},    {"Shagetsu", false, -1, -1},
    {"Meigetsu", false, -1, -2}, {"Suisei", false, -2, -2},
}};

/// Symmetry `sym` applied to a vector from the centre (the same bit
/// meanings as applySymmetry).
Point turn(int sym, Point v) {
  if (sym & 4) std::swap(v.x, v.y);
  if (sym & 1) v.x = -v.x;
  if (sym & 2) v.y = -v.y;
  return v;
}

const OpeningShape* findOpening(int size, Point s1, Point s2, Point s3) {
  int c = size / 2;
  if (s1 != Point{c, c}) return nullptr;
  Point v2{s2.x - c, s2.y - c}, v3{s3.x - c, s3.y - c};
  if (std::max(std::abs(v2.x), std::abs(v2.y)) != 1) return nullptr;
  if (std::max(std::abs(v3.x), std::abs(v3.y)) > 2) return nullptr;
  if (v3 == Point{0, 0} || v3 == v2) return nullptr;
  bool direct = v2.x == 0 || v2.y == 0;
  Point home = direct ? Point{0, 1} : Point{1, 1};
  for (int sym = 0; sym < SYMMETRY_NB; ++sym) {
    if (turn(sym, v2) != home) continue;
    Point t = turn(sym, v3);
    for (const auto& o : OPENINGS)
      if (o.direct == direct && o.dx == t.x && o.dy == t.y) return &o;
  }
  return nullptr;
}

}  // namespace

Point applySymmetry(int size, int sym, Point p) {
  // Work in doubled coordinates around the centre so that even sizes, whose
  // centre falls between points, map exactly too.
  int n = size - 1;
  Point v = turn(sym, Point{2 * p.x - n, 2 * p.y - n});
  return Point{(v.x + n) / 2, (v.y + n) / 2};
}

std::optional<std::string> rifOpeningName(int size, Point s1, Point s2, Point s3) {
  if (const OpeningShape* o = findOpening(size, s1, s2, s3)) return std::string(o->name);
  return std::nullopt;
}

std::optional<bool> rifOpeningIsDirect(int size, Point s1, Point s2, Point s3) {
  if (const OpeningShape* o = findOpening(size, s1, s2, s3)) return o->direct;
  return std::nullopt;
}

const std::vector<std::string>& rifOpeningNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& o : OPENINGS) v.emplace_back(o.name);
    return v;
  }();
  return names;
}

std::vector<int> positionSymmetries(const Board& b) {
  std::vector<int> out;
  const int n = b.size();
  for (int sym = 0; sym < SYMMETRY_NB; ++sym) {
    bool kept = true;
    for (int y = 0; y < n && kept; ++y)
      for (int x = 0; x < n && kept; ++x) {
        Piece here = b.at(makePos(x, y));
        if (isStone(here) && b.at(toPos(applySymmetry(n, sym, Point{x, y}))) != here) kept = false;
      }
    if (kept) out.push_back(sym);
  }
  return out;
}

bool symmetricProposals(const Board& b, Pos a, Pos c) {
  for (int sym : positionSymmetries(b))
    if (toPos(applySymmetry(b.size(), sym, toPoint(a))) == c) return true;
  return false;
}

}  // namespace gomoku
