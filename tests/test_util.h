#pragma once
// Helpers shared by the tests: boards from ASCII diagrams.
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/notation.h"
#include "rules/board.h"

namespace gomoku::test {

inline Pos at(const char* name) { return toPos(*parsePoint(name)); }

/// Rows of a diagram (first line = top row), cells separated by spaces.
inline std::vector<std::string> diagramRows(const std::string& text) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::string row;
    for (char ch : line)
      if (ch != ' ' && ch != '\t' && ch != '\r') row += ch;
    if (!row.empty()) rows.push_back(row);
  }
  return rows;
}

/// A board built from a diagram: '.' empty, 'x' black, 'o' white, an
/// upper-case letter marks an empty point the test refers to. The diagram
/// sits with its lower-left corner at (ox, oy) on a board of `size`.
/// Stones are placed alternately (passing when one colour runs out); Black
/// is to move afterwards.
struct Diagram {
  Board board;
  std::map<char, Pos> labels;

  Diagram(Rule rule, const std::string& text, int size = 15, int ox = 2, int oy = 2)
      : board(rule, size) {
    auto rows = diagramRows(text);
    int h = int(rows.size());
    std::vector<Pos> black, white;
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < int(rows[r].size()); ++c) {
        Pos p = makePos(ox + c, oy + (h - 1 - r));
        char ch = rows[r][c];
        if (ch == 'x') black.push_back(p);
        else if (ch == 'o') white.push_back(p);
        else if (ch >= 'A' && ch <= 'Z') labels[ch] = p;
      }
    size_t i = 0, j = 0;
    while (i < black.size() || j < white.size()) {
      if (i < black.size()) board.play(black[i++]);
      else board.pass();
      if (j < white.size()) board.play(white[j++]);
      else if (i < black.size()) board.pass();
    }
    if (board.sideToMove() != BLACK) board.pass();
  }
  Pos operator[](char label) const {
    auto it = labels.find(label);
    if (it == labels.end()) throw std::runtime_error(std::string("no label ") + label);
    return it->second;
  }
};

}  // namespace gomoku::test
