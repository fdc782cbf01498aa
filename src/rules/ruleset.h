#pragma once
/// Rule variants. `Rule` is the compile-time parameter of the hot path
/// (Board make/undo, patterns, search); `RuleSet` is the runtime value that
/// every other layer passes around, parses and prints.
#include <optional>
#include <string>
#include <string_view>

namespace gomoku {

/// What the hot path needs to know about a variant.
enum class Rule : uint8_t {
  FREESTYLE,  ///< five or more wins
  STANDARD,   ///< exactly five wins, for both colours
  RENJU,      ///< black: exactly five, forbidden moves; white: five or more
  CAPTURES,   ///< five or more, or five captured pairs
  FISHING,    ///< fives are rods that reel stones in; first to 10 points
};
constexpr int RULE_NB = 5;

/// The game the player chose.
enum class Variant : uint8_t { GOMOKU, RENJU, CAPTURES, FISHING };

/// Opening protocol played before normal play.
enum class Opening : uint8_t { FREE, SWAP, SWAP2, RIF };

struct RuleSet {
  Variant variant = Variant::GOMOKU;
  int size = 15;
  bool exactFive = false;  ///< Gomoku only: overlines do not win
  Opening opening = Opening::FREE;

  Rule rule() const;
  bool operator==(const RuleSet&) const = default;

  /// Default board size for a variant (19 for captures, 15 otherwise).
  static int defaultSize(Variant v);
  /// Checks the combination; returns an error message or empty.
  std::string validate() const;
};

/// Names used on the command line and in the JSON API: "freestyle"
/// (Gomoku), "renju", "captures", "fishing"; openings "free", "swap",
/// "swap2", "rif".
std::optional<Variant> parseVariant(std::string_view s);
std::string variantName(Variant v);
std::optional<Opening> parseOpening(std::string_view s);
std::string openingName(Opening o);
std::string ruleName(Rule r);

/// Calls f.template operator()<R>() with the compile-time rule for r:
/// the one place that turns a runtime rule into a template argument.
template <typename F>
decltype(auto) withRule(Rule r, F&& f) {
  switch (r) {
    case Rule::STANDARD: return f.template operator()<Rule::STANDARD>();
    case Rule::RENJU: return f.template operator()<Rule::RENJU>();
    case Rule::CAPTURES: return f.template operator()<Rule::CAPTURES>();
    case Rule::FISHING: return f.template operator()<Rule::FISHING>();
    case Rule::FREESTYLE: break;
  }
  return f.template operator()<Rule::FREESTYLE>();
}

}  // namespace gomoku
