#pragma once
/// Point notation: "h8" (column letter from a, including i; row from 1 at the
/// bottom), read in either case, printed lower-case by default.
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace gomoku {

struct Point {
  int x = 0;  ///< column, 0 = 'a'
  int y = 0;  ///< row, 0 = row 1 (bottom)
  bool operator==(const Point&) const = default;
};

/// Parses "h8" / "H8" (letter then number, nothing else). No range check
/// against a board size beyond 1..26 columns and 1..99 rows.
std::optional<Point> parsePoint(std::string_view s);

/// Prints a point as "h8" (or "H8" with upper = true).
std::string pointName(Point p, bool upper = false);
std::string pointName(Pos p, bool upper = false);

/// Reads one point token from the front of s (as in the compact record
/// "h8i9j10"), returning its length in *consumed, or nullopt.
std::optional<Point> readPointPrefix(std::string_view s, size_t* consumed);

inline Pos toPos(Point p) { return makePos(p.x, p.y); }
inline Point toPoint(Pos p) { return Point{posX(p), posY(p)}; }

}  // namespace gomoku
