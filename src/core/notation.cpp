#include "core/notation.h"

#include <cctype>

namespace gomoku {

std::optional<Point> readPointPrefix(std::string_view s, size_t* consumed) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return std::nullopt;
  int x = std::tolower(static_cast<unsigned char>(s[0])) - 'a';
  size_t i = 1;
  int row = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && i < 3) {
    row = row * 10 + (s[i] - '0');
    ++i;
  }
  if (i == 1 || row < 1 || s[1] == '0') return std::nullopt;
  if (consumed) *consumed = i;
  return Point{x, row - 1};
}

std::optional<Point> parsePoint(std::string_view s) {
  size_t used = 0;
  auto p = readPointPrefix(s, &used);
  if (!p || used != s.size()) return std::nullopt;
  return p;
}

std::string pointName(Point p, bool upper) {
  std::string out(1, char((upper ? 'A' : 'a') + p.x));
  out += std::to_string(p.y + 1);
  return out;
}

std::string pointName(Pos p, bool upper) { return pointName(toPoint(p), upper); }

}  // namespace gomoku
