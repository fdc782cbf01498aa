#include "match/openings.h"

#include <sstream>

#include "core/notation.h"
#include "game/record.h"

namespace gomoku::match {

namespace {

// The tables are laid out by hand.
// clang-format off

// All openings are our own, written on a 15x15 board around h8 (Black's
// first stone on the centre in every one of them, so they suit renju and
// captures too). They keep the stones loose enough that neither side has a
// threat yet; each is played with both colours, so any edge cancels.

// Gomoku (freestyle and exactly five) and fishing: 16 three-stone openings
// (White to move) with Black's second stone two or three points away, and
// 16 four-stone openings (Black to move) where White's two stones work
// together.
const std::vector<std::string> GOMOKU_OPENINGS = {
    // 3 stones
    "h8 i9 k8", "h8 i8 h11", "h8 h9 k9", "h8 i9 f10",
    "h8 i8 f6", "h8 h9 k10", "h8 i9 j7", "h8 i8 g10",
    "h8 h9 e7", "h8 i9 h5", "h8 g9 k9", "h8 i8 k11",
    "h8 h9 f11", "h8 i9 k6", "h8 j9 g6", "h8 g7 k9",
    // 4 stones
    "h8 i9 j8 h10", "h8 i8 h10 j9", "h8 h9 j7 g10", "h8 i9 g9 i7",
    "h8 i8 g7 i10", "h8 h9 i6 f8", "h8 i9 j6 g7", "h8 g9 i10 j8",
    "h8 i8 j10 f9", "h8 h9 f7 j7", "h8 i9 h6 f9", "h8 j8 i10 g6",
    "h8 i7 f8 h11", "h8 j10 g9 i6", "h8 g8 i11 j7", "h8 i10 f7 h6",
};

// Renju: the 26 RIF three-stone shapes (Black on the centre, White next to
// it directly (h9) or diagonally (i9), Black's second stone within the
// central 5x5), one representative of each up to symmetry. White moves
// fourth.
const std::vector<std::string> RENJU_OPENINGS = {
    // direct: White on h9
    "h8 h9 h10", "h8 h9 i10", "h8 h9 j10", "h8 h9 i9", "h8 h9 j9",
    "h8 h9 i8", "h8 h9 j8", "h8 h9 i7", "h8 h9 j7", "h8 h9 i6",
    "h8 h9 h6", "h8 h9 j6", "h8 h9 h7",
    // indirect: White on i9
    "h8 i9 j10", "h8 i9 g7", "h8 i9 f6", "h8 i9 i8", "h8 i9 j8",
    "h8 i9 j9", "h8 i9 h7", "h8 i9 i7", "h8 i9 j7", "h8 i9 g6",
    "h8 i9 h6", "h8 i9 i6", "h8 i9 j6",
};

// Captures: Black's second stone (move 3) must stand outside the central
// 5x5 square, so it goes three points out; no two stones of a colour are
// flanked, so nothing can be captured yet.
const std::vector<std::string> CAPTURES_OPENINGS = {
    // 3 stones
    "h8 i9 k8", "h8 h9 k11", "h8 i8 h11", "h8 i9 e9",
    "h8 h9 k7", "h8 i8 e6", "h8 i9 j5", "h8 g9 e5",
    "h8 i8 e5", "h8 h9 h5", "h8 j9 h5", "h8 i10 k9",
    // 4 stones
    "h8 i9 k8 g9", "h8 h9 k11 i7", "h8 i8 h11 g9", "h8 i9 e9 h10",
    "h8 h9 k7 g7", "h8 i8 g5 h10", "h8 g9 k10 i7", "h8 i10 k9 g8",
};
// clang-format on

}  // namespace

const std::vector<std::string>& builtinOpeningRecords(Variant v) {
  switch (v) {
    case Variant::RENJU: return RENJU_OPENINGS;
    case Variant::CAPTURES: return CAPTURES_OPENINGS;
    case Variant::GOMOKU:
    case Variant::FISHING: break;
  }
  return GOMOKU_OPENINGS;
}

std::string recentre(const std::string& record, int size) {
  const int shift = size / 2 - 7;
  std::string out;
  for (const std::string& tok : splitRecord(record)) {
    auto p = parsePoint(tok);
    if (!p) return {};
    Point q{p->x + shift, p->y + shift};
    if (q.x < 0 || q.y < 0 || q.x >= size || q.y >= size) return {};
    if (!out.empty()) out += ' ';
    out += pointName(q);
  }
  return out;
}

std::string checkOpening(const RuleSet& rules, const std::string& record) {
  RecordError err;
  auto game = replayRecord(rules, record, &err);
  if (!game) return err.describe();
  if (game->over()) return "the game is already over (" + game->result()->reason + ")";
  if (game->phase() != Phase::PLAY)
    return std::string("the opening leaves the game waiting for ") + phaseName(game->phase());
  if (game->stonesPlayed() == 0) return "the opening is empty";
  return {};
}

std::vector<MatchOpening> openingsFor(const RuleSet& rules) {
  std::vector<MatchOpening> out;
  for (const std::string& rec : builtinOpeningRecords(rules.variant)) {
    std::string moved = recentre(rec, rules.size);
    if (moved.empty() || !checkOpening(rules, moved).empty()) continue;
    out.push_back(MatchOpening{moved});
  }
  return out;
}

std::vector<MatchOpening> parseOpenings(const RuleSet& rules, const std::string& text,
                                        std::string* error) {
  std::vector<MatchOpening> out;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    size_t e = line.find_last_not_of(" \t\r");
    std::string rec = line.substr(b, e - b + 1);
    std::string why = checkOpening(rules, rec);
    if (!why.empty()) {
      if (error) *error = "line " + std::to_string(lineNo) + " \"" + rec + "\": " + why;
      return {};
    }
    // Store in the canonical spaced form.
    std::string canon;
    for (const std::string& tok : splitRecord(rec)) canon += (canon.empty() ? "" : " ") + tok;
    out.push_back(MatchOpening{canon});
  }
  if (out.empty() && error) *error = "no openings in the file";
  return out;
}

}  // namespace gomoku::match
