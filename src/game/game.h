#pragma once
/// Game: the state machine a person plays through. It replays a record of
/// actions on a Board and knows the whole rules of each variant: opening
/// protocols, fishing's pending reel, captures, draws, results.
///
/// Every action is validated first; an illegal one is rejected with a reason
/// and leaves the game unchanged.
#include <optional>
#include <string>
#include <vector>

#include "game/action.h"
#include "rules/board.h"
#include "rules/ruleset.h"

namespace gomoku {

/// The step of the game that is waiting for an action.
enum class Phase : uint8_t {
  PLAY,             ///< normal play (stones, and pass/draw/resign where allowed)
  OPENING_STONES,   ///< swap/swap2/RIF: the opener places the first three stones
  SWAP_CHOICE,      ///< swap, RIF: the other player answers "swap" or "stay"
  SWAP2_CHOICE,     ///< swap2: "swap", "stay" or "add2"
  SWAP2_STONES,     ///< swap2 after "add2": two more stones (white, black)
  SWAP2_FINAL,      ///< swap2: the opener answers "swap" or "stay"
  RIF_PROPOSE,      ///< RIF: Black proposes two fifth moves ("propose:a,b")
  RIF_KEEP,         ///< RIF: White keeps one ("keep:a")
  REEL_PENDING,     ///< fishing: the mover completes ("reel:x") or declines the reel
  DRAW_OFFERED,     ///< renju: the offered side answers "accept" or "decline"
  OVER,
};
const char* phaseName(Phase p);  ///< e.g. "swap-choice"; "play", "over"

struct Result {
  enum Winner : uint8_t { BLACK_WINS, WHITE_WINS, DRAW } winner = DRAW;
  /// "five", "captures", "points", "forbidden-overline", "forbidden-double-four",
  /// "forbidden-double-three", "resignation", "full-board", "agreement", "passes"
  std::string reason;
  std::vector<Pos> line;  ///< the winning five(s), when there is one
};

/// Fishing: a reel that the mover must complete or decline.
struct PendingReel {
  Color player = BLACK;
  RodInfo rod;
};

class Game {
 public:
  explicit Game(RuleSet rules = {});

  const RuleSet& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::OVER; }
  /// The colour that must act next (the reeling player during a pending
  /// reel, the offered player during a draw offer); nullopt when over.
  std::optional<Color> toMove() const;
  const std::optional<Result>& result() const { return result_; }
  const std::optional<PendingReel>& pending() const { return pending_; }
  /// Pairs captured (captures) or points (fishing); 0 elsewhere.
  int score(Color c) const { return board_.score(c); }
  /// True once the players swapped colours in an opening protocol: the
  /// player who started (placed the first stone) now plays White.
  bool swapped() const { return swapped_; }
  /// Stones placed so far (the move number of the last stone).
  int stonesPlayed() const { return stonesPlayed_; }
  const std::vector<Action>& actions() const { return actions_; }
  Pos lastStone() const { return lastStone_; }
  /// RIF: the two proposed fifth moves while White chooses.
  std::pair<Pos, Pos> proposals() const { return proposals_; }

  /// Checks an action without playing it: empty string if legal, else why not.
  std::string check(const Action& a) const;
  /// Plays an action; returns an error (and changes nothing) if illegal.
  std::string apply(const Action& a);
  /// Parses and plays one record token.
  std::string applyToken(std::string_view token);

  /// Points where the side to move may place a stone now (renju: including
  /// Black's forbidden points, which are legal but lose).
  std::vector<Pos> legalPoints() const;
  /// Non-stone actions available now, as tokens ("pass", "swap", "reel", ...).
  std::vector<std::string> legalTokens() const;
  /// Renju, Black to move in normal play: Black's forbidden points, sorted.
  std::vector<Pos> forbiddenPoints() const;

  /// A game in normal play set up from stones (the Gomocup BOARD command):
  /// the stones are placed alternately in the given order, with a pass where
  /// one colour has more stones, and `toMove` is to play. Such a game has no
  /// replayable record. nullopt and *error on an illegal position.
  static std::optional<Game> fromStones(RuleSet rules, const std::vector<Pos>& black,
                                        const std::vector<Pos>& white, Color toMove,
                                        std::string* error);

  /// Undo is allowed in every game but Fishing. Removes the last action.
  bool canUndo() const;
  std::string undo();

 private:
  std::string checkPlace(Pos p) const;
  void doPlace(Pos p);
  void afterStone(Pos p, Color mover);
  void finish(Result::Winner w, std::string reason, std::vector<Pos> line = {});
  void checkFullBoard();
  std::vector<Pos> fiveLine(Pos p) const;

  RuleSet rules_;
  Board board_;
  Phase phase_ = Phase::PLAY;
  std::optional<Result> result_;
  std::optional<PendingReel> pending_;
  std::vector<Action> actions_;
  bool swapped_ = false;
  int stonesPlayed_ = 0;
  int passesInRow_ = 0;
  Color drawOfferer_ = BLACK;
  Phase phaseBeforeOffer_ = Phase::PLAY;
  Pos lastStone_ = NO_POS;
  std::pair<Pos, Pos> proposals_{NO_POS, NO_POS};
};

}  // namespace gomoku
