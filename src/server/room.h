#pragma once
/// Room: an online game rebuilt from its stored events — the Game, who holds
/// which seat, the clocks counted by the server, pending offers (undo, draw,
/// rematch) and results the record cannot express (time, agreement outside
/// renju, abandonment). It decides whether a seat's action applies and which
/// event records it; it never touches the store or the network.
///
/// Events (kind, data):
///   join     "<seat>"                 the second player took that seat (clocks start)
///   act      "<seat> <record token>"  a record action (docs/records.md)
///   offer    "<seat> draw|undo|rematch"
///   answer   "<seat> accept|decline draw|undo|rematch"
///   rematch  "<seat> <new game id>"   the rematch offer accepted: the new game
///   flag     "<seat>"                 that seat's clock ran out
///   abandon  ""                       no action for a long time
///
/// Seats are named after the colours the players start with: "black" places
/// the first stone. After a swap in an opening protocol a seat plays the
/// other colour (seat "black" may play White); the JSON says which.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "store/store.h"

namespace gomoku {

const char* seatName(Seat s);
std::optional<Seat> parseSeat(std::string_view s);
inline Seat otherSeat(Seat s) { return s == Seat::BLACK ? Seat::WHITE : Seat::BLACK; }

/// What a game is created with; kept as the stored game's settings JSON.
struct RoomSettings {
  RuleSet rules;
  int64_t clockMs = 0;      ///< time per player; 0: no clock
  int64_t incrementMs = 0;  ///< added after each of the player's turns
  Seat creator = Seat::BLACK;

  nlohmann::json toJson() const;
  /// Parses stored settings; nullopt if they do not parse (a damaged row).
  static std::optional<RoomSettings> fromJson(const nlohmann::json& j);
};

class Room {
 public:
  explicit Room(const RoomSettings& settings);

  /// Rebuilds the room from stored events, in order. Returns an error if an
  /// event does not apply (the store holds something this program did not
  /// write); the room then stops at the event before.
  std::string replay(const StoredEvent& e);

  /// What an action leads to: the event to append, or a refusal (409) with
  /// the reason. Actions: any record token of the seat's turn ("h8",
  /// "reel:j9", "swap", "pass", ...), "resign" (at any time), "offer-draw",
  /// "accept-draw", "decline-draw", "undo", "accept-undo", "decline-undo",
  /// "rematch", "accept-rematch", "decline-rematch". `accept-rematch` comes
  /// back with needsRematchGame: the caller creates the new game and fills
  /// its id into the event's data.
  struct Decision {
    std::optional<StoredEvent> event;
    std::string refusal;
    bool finishes = false;
    bool needsRematchGame = false;
  };
  Decision decide(Seat seat, const std::string& action, int64_t nowMs) const;

  /// The flag event when the clock of the seat to act has run out by nowMs.
  std::optional<StoredEvent> flagEvent(int64_t nowMs) const;
  /// Milliseconds until the running clock runs out (nullopt: none runs).
  std::optional<int64_t> msToFlag(int64_t nowMs) const;

  bool over() const { return game_.over() || extraResult_.has_value(); }
  bool joined(Seat s) const { return joined_[int(s)]; }
  /// The seat that must act now (nullopt: waiting for a player, or over).
  std::optional<Seat> actor() const;
  Color colorOf(Seat s) const;
  const Game& game() const { return game_; }
  int64_t version() const { return version_; }
  const RoomSettings& settings() const { return settings_; }

  /// {version, status, turn, seats, clock, offers, rematch, result, state}
  /// as docs/api.md describes; clocks as of nowMs.
  nlohmann::json toJson(int64_t nowMs) const;

 private:
  struct ExtraResult {
    std::optional<Color> winner;  ///< none: a draw, or abandoned
    std::string reason;           ///< "time", "agreement", "abandoned"
  };
  enum Offer { DRAW, UNDO, REMATCH, OFFER_NB };

  std::optional<Seat> seatToAct() const;
  std::string apply(const StoredEvent& e);
  void chargeClock(int64_t atMs);
  bool canStillWin(Color c) const;
  static std::optional<Offer> parseOffer(std::string_view s);

  RoomSettings settings_;
  Game game_;
  std::vector<Seat> actors_;  ///< who played each record action (undo)
  bool joined_[SEAT_NB] = {false, false};
  std::optional<Seat> offers_[OFFER_NB];
  std::optional<ExtraResult> extraResult_;
  std::string rematchId_;
  int64_t clock_[SEAT_NB] = {0, 0};
  bool clockRunning_ = false;
  int64_t turnStartMs_ = 0;
  int64_t version_ = 0;
};

}  // namespace gomoku
