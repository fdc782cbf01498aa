#include "game/action.h"

#include "core/notation.h"

namespace gomoku {

std::string actionToken(const Action& a) {
  switch (a.type) {
    case ActionType::PLACE: return pointName(a.pos);
    case ActionType::REEL: return a.pos == NO_POS ? "reel" : "reel:" + pointName(a.pos);
    case ActionType::DECLINE: return "decline";
    case ActionType::PASS: return "pass";
    case ActionType::SWAP: return "swap";
    case ActionType::STAY: return "stay";
    case ActionType::ADD2: return "add2";
    case ActionType::PROPOSE: return "propose:" + pointName(a.pos) + "," + pointName(a.pos2);
    case ActionType::KEEP: return "keep:" + pointName(a.pos);
    case ActionType::DRAW: return "draw";
    case ActionType::ACCEPT: return "accept";
    case ActionType::RESIGN:
      if (!a.color) return "resign";
      return *a.color == BLACK ? "resign:black" : "resign:white";
  }
  return "?";
}

namespace {

std::optional<Pos> pointArg(std::string_view s, std::string* error) {
  auto p = parsePoint(s);
  if (!p || p->x < 0 || p->x >= MAX_SIZE || p->y >= MAX_SIZE) {
    *error = "\"" + std::string(s) + "\" is not a point like h8";
    return std::nullopt;
  }
  return toPos(*p);
}

}  // namespace

std::optional<Action> parseAction(std::string_view token, std::string* error) {
  std::string t;
  for (char ch : token) t += char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  auto colon = t.find(':');
  std::string_view verb = std::string_view(t).substr(0, colon);
  std::string_view arg = colon == std::string::npos ? std::string_view() : std::string_view(t).substr(colon + 1);
  bool hasArg = colon != std::string::npos;
  auto simple = [&](ActionType type) -> std::optional<Action> {
    if (hasArg) {
      *error = "\"" + std::string(verb) + "\" takes no argument";
      return std::nullopt;
    }
    return Action::simple(type);
  };
  if (verb == "decline") return simple(ActionType::DECLINE);
  if (verb == "pass") return simple(ActionType::PASS);
  if (verb == "swap") return simple(ActionType::SWAP);
  if (verb == "stay") return simple(ActionType::STAY);
  if (verb == "add2") return simple(ActionType::ADD2);
  if (verb == "draw") return simple(ActionType::DRAW);
  if (verb == "accept") return simple(ActionType::ACCEPT);
  if (verb == "reel") {
    if (!hasArg) return Action::reel();
    auto p = pointArg(arg, error);
    if (!p) return std::nullopt;
    return Action::reel(*p);
  }
  if (verb == "keep") {
    auto p = hasArg ? pointArg(arg, error) : std::nullopt;
    if (!p) {
      if (!hasArg) *error = "keep needs the kept point, as in keep:j9";
      return std::nullopt;
    }
    return Action::make(ActionType::KEEP, *p);
  }
  if (verb == "propose") {
    auto comma = arg.find(',');
    if (!hasArg || comma == std::string_view::npos) {
      *error = "propose needs two points, as in propose:j9,k10";
      return std::nullopt;
    }
    auto a = pointArg(arg.substr(0, comma), error);
    if (!a) return std::nullopt;
    auto b = pointArg(arg.substr(comma + 1), error);
    if (!b) return std::nullopt;
    return Action::make(ActionType::PROPOSE, *a, *b);
  }
  if (verb == "resign") {
    Action a = Action::simple(ActionType::RESIGN);
    if (hasArg) {
      if (arg == "black") a.color = BLACK;
      else if (arg == "white") a.color = WHITE;
      else {
        *error = "resign takes black or white";
        return std::nullopt;
      }
    }
    return a;
  }
  if (hasArg) {
    *error = "unknown action \"" + std::string(verb) + "\"";
    return std::nullopt;
  }
  auto p = parsePoint(t);
  if (!p) {
    *error = "\"" + std::string(token) + "\" is neither a point like h8 nor a known action";
    return std::nullopt;
  }
  if (p->x >= MAX_SIZE || p->y >= MAX_SIZE) {
    *error = "\"" + std::string(token) + "\" is off the board";
    return std::nullopt;
  }
  return Action::place(toPos(*p));
}

}  // namespace gomoku
