#include "rules/ruleset.h"

#include "core/types.h"

namespace gomoku {

Rule RuleSet::rule() const {
  switch (variant) {
    case Variant::RENJU: return Rule::RENJU;
    case Variant::CAPTURES: return Rule::CAPTURES;
    case Variant::FISHING: return Rule::FISHING;
    case Variant::GOMOKU: break;
  }
  return exactFive ? Rule::STANDARD : Rule::FREESTYLE;
}

int RuleSet::defaultSize(Variant v) { return v == Variant::CAPTURES ? 19 : 15; }

std::string RuleSet::validate() const {
  if (size < MIN_SIZE || size > MAX_SIZE)
    return "board size " + std::to_string(size) + " is out of range (" +
           std::to_string(MIN_SIZE) + " to " + std::to_string(MAX_SIZE) + ")";
  if (exactFive && variant != Variant::GOMOKU)
    return "exactly five is an option of Gomoku only";
  if (opening == Opening::SWAP2 && variant != Variant::GOMOKU)
    return "the swap2 opening is for Gomoku only";
  if (opening == Opening::RIF && variant != Variant::RENJU)
    return "the RIF opening is for Renju only";
  if (opening == Opening::SWAP && variant != Variant::GOMOKU && variant != Variant::RENJU)
    return "the swap opening is for Gomoku and Renju only";
  if ((variant == Variant::RENJU || variant == Variant::CAPTURES) && size < 7)
    return "this game needs a board of at least 7x7 (centre rule)";
  return {};
}

std::optional<Variant> parseVariant(std::string_view s) {
  if (s == "freestyle" || s == "gomoku") return Variant::GOMOKU;
  if (s == "renju") return Variant::RENJU;
  if (s == "captures") return Variant::CAPTURES;
  if (s == "fishing") return Variant::FISHING;
  return std::nullopt;
}

std::string variantName(Variant v) {
  switch (v) {
    case Variant::RENJU: return "renju";
    case Variant::CAPTURES: return "captures";
    case Variant::FISHING: return "fishing";
    case Variant::GOMOKU: break;
  }
  return "freestyle";
}

std::optional<Opening> parseOpening(std::string_view s) {
  if (s == "free") return Opening::FREE;
  if (s == "swap") return Opening::SWAP;
  if (s == "swap2") return Opening::SWAP2;
  if (s == "rif") return Opening::RIF;
  return std::nullopt;
}

std::string openingName(Opening o) {
  switch (o) {
    case Opening::SWAP: return "swap";
    case Opening::SWAP2: return "swap2";
    case Opening::RIF: return "rif";
    case Opening::FREE: break;
  }
  return "free";
}

std::string ruleName(Rule r) {
  switch (r) {
    case Rule::STANDARD: return "standard";
    case Rule::RENJU: return "renju";
    case Rule::CAPTURES: return "captures";
    case Rule::FISHING: return "fishing";
    case Rule::FREESTYLE: break;
  }
  return "freestyle";
}

}  // namespace gomoku
