// Room: an online game rebuilt from its events (room.h).
#include "server/room.h"

#include <algorithm>
#include <sstream>

#include "game/json.h"
#include "server/request.h"

namespace gomoku {

using nlohmann::json;

const char* seatName(Seat s) { return s == Seat::BLACK ? "black" : "white"; }

std::optional<Seat> parseSeat(std::string_view s) {
  if (s == "black") return Seat::BLACK;
  if (s == "white") return Seat::WHITE;
  return std::nullopt;
}

json RoomSettings::toJson() const {
  return json{{"rules", variantName(rules.variant)},
              {"size", rules.size},
              {"exactFive", rules.exactFive},
              {"opening", openingName(rules.opening)},
              {"clockMs", clockMs},
              {"incrementMs", incrementMs},
              {"creator", seatName(creator)}};
}

std::optional<RoomSettings> RoomSettings::fromJson(const json& j) {
  try {
    RoomSettings s;
    auto v = parseVariant(j.at("rules").get<std::string>());
    auto o = parseOpening(j.at("opening").get<std::string>());
    auto c = parseSeat(j.at("creator").get<std::string>());
    if (!v || !o || !c) return std::nullopt;
    s.rules.variant = *v;
    s.rules.opening = *o;
    s.rules.size = j.at("size").get<int>();
    s.rules.exactFive = j.at("exactFive").get<bool>();
    s.clockMs = j.at("clockMs").get<int64_t>();
    s.incrementMs = j.at("incrementMs").get<int64_t>();
    s.creator = *c;
    if (!s.rules.validate().empty()) return std::nullopt;
    return s;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

Room::Room(const RoomSettings& settings) : settings_(settings), game_(settings.rules) {
  joined_[int(settings.creator)] = true;
  clock_[0] = clock_[1] = settings.clockMs;
}

std::optional<Room::Offer> Room::parseOffer(std::string_view s) {
  if (s == "draw") return DRAW;
  if (s == "undo") return UNDO;
  if (s == "rematch") return REMATCH;
  return std::nullopt;
}

Color Room::colorOf(Seat s) const {
  bool black = (s == Seat::BLACK) != game_.swapped();
  return black ? BLACK : WHITE;
}

std::optional<Seat> Room::seatToAct() const {
  if (over()) return std::nullopt;
  switch (game_.phase()) {
    // The opener places all opening stones and answers the last choice;
    // the other player chooses colours and places swap2's two extra stones.
    case Phase::OPENING_STONES:
    case Phase::SWAP2_FINAL: return Seat::BLACK;
    case Phase::SWAP_CHOICE:
    case Phase::SWAP2_CHOICE:
    case Phase::SWAP2_STONES: return Seat::WHITE;
    default: break;
  }
  std::optional<Color> c = game_.toMove();
  if (!c) return std::nullopt;
  return (*c == BLACK) != game_.swapped() ? Seat::BLACK : Seat::WHITE;
}

std::optional<Seat> Room::actor() const {
  if (!joined_[0] || !joined_[1]) return std::nullopt;
  return seatToAct();
}

void Room::chargeClock(int64_t atMs) {
  if (!clockRunning_ || over()) return;
  if (auto s = actor()) clock_[int(*s)] -= std::max<int64_t>(0, atMs - turnStartMs_);
  turnStartMs_ = atMs;
}

std::optional<int64_t> Room::msToFlag(int64_t nowMs) const {
  if (!clockRunning_ || over()) return std::nullopt;
  auto s = actor();
  if (!s) return std::nullopt;
  return clock_[int(*s)] - std::max<int64_t>(0, nowMs - turnStartMs_);
}

std::optional<StoredEvent> Room::flagEvent(int64_t nowMs) const {
  auto left = msToFlag(nowMs);
  if (!left || *left > 0) return std::nullopt;
  return StoredEvent{version_ + 1, "flag", seatName(*actor()), nowMs};
}

bool Room::canStillWin(Color c) const {
  // Captures and fishing change the board in ways a simple scan cannot bound.
  if (game_.rules().variant == Variant::CAPTURES || game_.rules().variant == Variant::FISHING)
    return true;
  // Otherwise c can still win while some five cells in a row hold none of
  // the opponent's stones.
  const Board& b = game_.board();
  const int n = game_.rules().size;
  const int dx[4] = {1, 0, 1, 1}, dy[4] = {0, 1, 1, -1};
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      for (int d = 0; d < 4; ++d) {
        bool open = true;
        for (int k = 0; k < 5 && open; ++k) {
          int px = x + k * dx[d], py = y + k * dy[d];
          if (!b.inside(px, py)) open = false;
          else if (b.at(makePos(px, py)) == stoneOf(~c)) open = false;
        }
        if (open) return true;
      }
  return false;
}

std::string Room::apply(const StoredEvent& e) {
  std::istringstream in(e.data);
  std::string seatWord, rest;
  in >> seatWord;
  std::getline(in >> std::ws, rest);
  std::optional<Seat> seat = parseSeat(seatWord);

  if (e.kind == "abandon") {
    if (over()) return "the game is over";
    chargeClock(e.atMs);
    extraResult_ = ExtraResult{std::nullopt, "abandoned"};
    return {};
  }
  if (!seat) return "no seat in event '" + e.kind + " " + e.data + "'";
  const Seat other = otherSeat(*seat);

  if (e.kind == "join") {
    if (joined_[int(*seat)]) return "the seat is taken";
    if (over()) return "the game is over";
    joined_[int(*seat)] = true;
    if (settings_.clockMs > 0 && joined_[0] && joined_[1]) {
      clockRunning_ = true;
      turnStartMs_ = e.atMs;
    }
    return {};
  }
  if (e.kind == "rematch") {
    if (!over()) return "the game is not over";
    if (offers_[REMATCH] != other || !rematchId_.empty())
      return "there is no rematch offer to accept";
    if (rest.empty()) return "no game id in the rematch";
    rematchId_ = rest;
    offers_[REMATCH].reset();
    return {};
  }
  if (e.kind == "offer") {
    auto what = parseOffer(rest);
    if (!what) return "unknown offer '" + rest + "'";
    if (!joined_[0] || !joined_[1]) return "waiting for the other player to join";
    if (*what == REMATCH) {
      if (!over()) return "a rematch can be offered when the game is over";
      if (!rematchId_.empty()) return "the rematch has started";
    } else if (over()) {
      return "the game is over";
    }
    if (offers_[*what]) return "a " + rest + " offer is already pending";
    if (*what == DRAW && game_.rules().variant == Variant::RENJU)
      return "in renju a draw is offered on your turn with the record action 'draw'";
    if (*what == UNDO) {
      if (!game_.canUndo())
        return game_.rules().variant == Variant::FISHING ? "Fishing Gomoku has no undo"
                                                         : "there is nothing to undo";
      if (actors_.empty() || actors_.back() != *seat)
        return "you can take back only your own last action, before the other player answers it";
    }
    chargeClock(e.atMs);
    offers_[*what] = *seat;
    return {};
  }
  if (e.kind == "answer") {
    std::istringstream r(rest);
    std::string verb, whatWord;
    r >> verb >> whatWord;
    auto what = parseOffer(whatWord);
    if (!what || (verb != "accept" && verb != "decline")) return "unknown answer '" + rest + "'";
    if (offers_[*what] != other) return "there is no " + whatWord + " offer to answer";
    if (verb == "accept" && *what == REMATCH) return "a rematch is accepted with 'accept-rematch'";
    if (*what != REMATCH && over()) return "the game is over";
    chargeClock(e.atMs);
    offers_[*what].reset();
    if (verb == "accept") {
      if (*what == DRAW) extraResult_ = ExtraResult{std::nullopt, "agreement"};
      if (*what == UNDO) {
        std::string err = game_.undo();
        if (!err.empty()) return err;
        actors_.pop_back();
      }
    }
    return {};
  }
  if (e.kind == "flag") {
    if (over()) return "the game is over";
    chargeClock(e.atMs);
    if (actor() != seat) return "only the clock of the player to act runs";
    clock_[int(*seat)] = 0;
    Color winner = colorOf(other);
    extraResult_ = ExtraResult{canStillWin(winner) ? std::optional<Color>(winner) : std::nullopt, "time"};
    return {};
  }
  if (e.kind == "act") {
    if (over()) return "the game is over";
    if (!joined_[0] || !joined_[1]) return "waiting for the other player to join";
    std::string err;
    std::optional<Action> a = parseAction(rest, &err);
    if (!a) return err;
    if (a->type == ActionType::RESIGN) {
      // Either player may resign at any time, but only for themselves.
      if (!a->color || *a->color != colorOf(*seat)) return "you can resign only for your own colour";
    } else if (actor() != seat) {
      return "it is not your turn";
    }
    err = game_.check(*a);
    if (!err.empty()) return err;
    chargeClock(e.atMs);
    game_.apply(*a);
    actors_.push_back(*seat);
    offers_[DRAW].reset();
    offers_[UNDO].reset();
    if (clockRunning_ && !over() && actor() != seat) clock_[int(*seat)] += settings_.incrementMs;
    return {};
  }
  return "unknown event '" + e.kind + "'";
}

std::string Room::replay(const StoredEvent& e) {
  std::string err = apply(e);
  if (err.empty()) version_ = e.seq;
  return err;
}

Room::Decision Room::decide(Seat seat, const std::string& action, int64_t nowMs) const {
  Decision d;
  const std::string me = seatName(seat);
  const bool renju = game_.rules().variant == Variant::RENJU;
  StoredEvent e{version_ + 1, "act", "", nowMs};
  if (action == "resign") {
    e.data = me + " resign:" + colorName(colorOf(seat));
  } else if (action == "offer-draw") {
    e.kind = renju ? "act" : "offer";
    e.data = me + " draw";  // renju: the record token; elsewhere: an offer
  } else if (action == "accept-draw" || action == "decline-draw") {
    std::string verb = action.substr(0, action.find('-'));
    e.kind = renju ? "act" : "answer";
    e.data = me + " " + verb + (renju ? "" : " draw");
  } else if (action == "undo" || action == "rematch") {
    e.kind = "offer";
    e.data = me + " " + action;
  } else if (action == "accept-undo" || action == "decline-undo" || action == "decline-rematch") {
    e.kind = "answer";
    e.data = me + " " + action.substr(0, action.find('-')) + " " + action.substr(action.find('-') + 1);
  } else if (action == "accept-rematch") {
    e.kind = "rematch";
    e.data = me + " -";  // the caller fills in the new game's id
    d.needsRematchGame = true;
  } else {
    std::string err;
    std::optional<Action> a = parseAction(action, &err);
    if (!a) {
      d.refusal = err;
      return d;
    }
    if (a->type == ActionType::RESIGN && !a->color) a->color = colorOf(seat);
    e.data = me + " " + actionToken(*a);
  }
  Room trial = *this;
  std::string err = trial.apply(e);
  if (!err.empty()) {
    d.refusal = err;
    d.needsRematchGame = false;
    return d;
  }
  d.finishes = trial.over() && !over();
  d.event = e;
  return d;
}

json Room::toJson(int64_t nowMs) const {
  json j;
  j["version"] = version_;
  j["status"] = over() ? "over" : (!joined_[0] || !joined_[1]) ? "waiting" : "playing";
  auto turn = actor();
  j["turn"] = turn ? json(seatName(*turn)) : json(nullptr);
  json seats = json::object();
  for (Seat s : {Seat::BLACK, Seat::WHITE})
    seats[seatName(s)] = {{"joined", joined_[int(s)]}, {"color", colorName(colorOf(s))}};
  j["seats"] = seats;
  if (settings_.clockMs > 0) {
    json c{{"initialMs", settings_.clockMs}, {"incrementMs", settings_.incrementMs}};
    auto left = msToFlag(nowMs);
    for (Seat s : {Seat::BLACK, Seat::WHITE}) {
      int64_t ms = clock_[int(s)];
      if (left && turn == s) ms = *left;
      c[seatName(s)] = std::max<int64_t>(0, ms);
    }
    c["running"] = left && turn ? json(seatName(*turn)) : json(nullptr);
    j["clock"] = c;
  } else {
    j["clock"] = nullptr;
  }
  json offers = json::object();
  for (auto [name, o] : {std::pair{"draw", DRAW}, std::pair{"undo", UNDO}, std::pair{"rematch", REMATCH}})
    offers[name] = offers_[o] ? json(seatName(*offers_[o])) : json(nullptr);
  // Renju's draw offer lives in the record: the offerer is the one not to act.
  if (game_.phase() == Phase::DRAW_OFFERED && turn) offers["draw"] = seatName(otherSeat(*turn));
  j["offers"] = offers;
  j["rematch"] = rematchId_.empty() ? json(nullptr) : json(rematchId_);
  json state = stateJson(game_);
  if (extraResult_) {
    state["result"] = {{"winner", extraResult_->winner ? json(colorName(*extraResult_->winner))
                                  : extraResult_->reason == "abandoned" ? json(nullptr) : json("draw")},
                       {"reason", extraResult_->reason},
                       {"line", json::array()}};
    state["phase"] = "over";
    state["toMove"] = nullptr;
    state["legal"] = json::array();
    state["legalTokens"] = json::array();
  }
  j["result"] = state["result"];
  j["record"] = state["record"];
  j["state"] = state;
  return j;
}

}  // namespace gomoku
