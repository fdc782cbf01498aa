#pragma once
/// Balanced start positions for matches: a few dozen short openings per
/// rule, each played twice with colours swapped so that whatever edge an
/// opening gives one colour cancels out over the pair.
#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace gomoku::match {

struct MatchOpening {
  std::string record;  ///< record tokens on the actual board, e.g. "h8 i9 k8"
};

/// The built-in openings for a rule set, as written: records on a 15x15
/// board around the centre h8 (captures too; they are moved to the centre of
/// the real board by openingsFor()).
const std::vector<std::string>& builtinOpeningRecords(Variant v);

/// Moves a record written around h8 to the centre of a board of `size`
/// (each point shifted by size/2 - 7 on both axes). Returns an empty string
/// when a point falls off the board or a token is not a point.
std::string recentre(const std::string& record, int size);

/// Replays an opening under `rules`; returns why it is not usable (illegal
/// token, game already over, a fishing reel pending) or an empty string.
std::string checkOpening(const RuleSet& rules, const std::string& record);

/// The built-in openings for `rules`, moved to its board, keeping only those
/// that are legal there (all of them on the variant's usual sizes).
std::vector<MatchOpening> openingsFor(const RuleSet& rules);

/// Reads openings from text: one record per line, as on the real board;
/// blank lines and lines starting with '#' are skipped. Every opening is
/// checked; the error names the first bad line.
std::vector<MatchOpening> parseOpenings(const RuleSet& rules, const std::string& text,
                                        std::string* error);

}  // namespace gomoku::match
