#include "game/game.h"

#include <algorithm>
#include <cstdlib>

#include "core/notation.h"
#include "game/rif.h"

namespace gomoku {

namespace {

constexpr int FISHING_TARGET = 10;
constexpr int CAPTURES_TARGET = 5;

std::string colorWord(Color c) { return c == BLACK ? "black" : "white"; }

}  // namespace

const char* phaseName(Phase p) {
  switch (p) {
    case Phase::PLAY: return "play";
    case Phase::OPENING_STONES: return "opening-stones";
    case Phase::SWAP_CHOICE: return "swap-choice";
    case Phase::SWAP2_CHOICE: return "swap2-choice";
    case Phase::SWAP2_STONES: return "swap2-stones";
    case Phase::SWAP2_FINAL: return "swap2-final-choice";
    case Phase::RIF_PROPOSE: return "rif-propose-fifth";
    case Phase::RIF_KEEP: return "rif-keep-fifth";
    case Phase::REEL_PENDING: return "reel-pending";
    case Phase::DRAW_OFFERED: return "draw-offered";
    case Phase::OVER: return "over";
  }
  return "?";
}

Game::Game(RuleSet rules) : rules_(rules), board_(rules.rule(), rules.size) {
  if (rules_.opening != Opening::FREE) phase_ = Phase::OPENING_STONES;
}

std::optional<Color> Game::toMove() const {
  switch (phase_) {
    case Phase::OVER: return std::nullopt;
    case Phase::REEL_PENDING: return pending_->player;
    case Phase::DRAW_OFFERED: return ~drawOfferer_;
    case Phase::SWAP_CHOICE:
    case Phase::SWAP2_CHOICE: return WHITE;  // the tentative White chooses
    case Phase::SWAP2_FINAL: return BLACK;   // the opener, still Black, chooses
    case Phase::RIF_PROPOSE: return BLACK;
    case Phase::RIF_KEEP: return WHITE;
    default: return board_.sideToMove();
  }
}

// ---- legality -------------------------------------------------------------

std::string Game::checkPlace(Pos p) const {
  const int size = rules_.size;
  if (p < 0 || p >= CELL_NB || !board_.inside(posX(p), posY(p)))
    return pointName(p) + " is off the " + std::to_string(size) + "x" + std::to_string(size) +
           " board";
  if (!board_.isEmpty(p)) return pointName(p) + " is already occupied";
  const Pos centre = board_.center();
  const int dx = std::abs(posX(p) - posX(centre)), dy = std::abs(posY(p) - posY(centre));
  const int n = stonesPlayed_;  // stones before this one
  if (n == 0 && (rules_.variant == Variant::RENJU || rules_.variant == Variant::CAPTURES) && p != centre)
    return "the first stone must go on the centre (" + pointName(centre) + ")";
  if (rules_.variant == Variant::CAPTURES && n == 2 && std::max(dx, dy) < 3)
    return "Black's second stone must be at least three points from the centre, outside the "
           "central 5x5 square";
  if (rules_.opening == Opening::RIF && phase_ == Phase::OPENING_STONES) {
    if (n == 1 && std::max(dx, dy) != 1)
      return "RIF opening: the second stone must be directly or diagonally next to the centre";
    if (n == 2 && std::max(dx, dy) > 2)
      return "RIF opening: the third stone must be within the central 5x5 square";
  }
  return {};
}

std::string Game::check(const Action& a) const {
  if (phase_ == Phase::OVER) return "the game is over";
  auto wrongPhase = [&] {
    return "\"" + actionToken(a) + "\" is not possible now (waiting for: " + phaseName(phase_) + ")";
  };
  const bool renju = rules_.variant == Variant::RENJU;
  switch (a.type) {
    case ActionType::RESIGN:
      if (rules_.variant == Variant::FISHING)
        return "Fishing Gomoku has no resignation: start a new game instead";
      return {};
    case ActionType::PLACE:
      if (phase_ != Phase::PLAY && phase_ != Phase::OPENING_STONES && phase_ != Phase::SWAP2_STONES) {
        if (phase_ == Phase::REEL_PENDING)
          return "a reel is pending: complete it (reel:<enemy stone>) or decline it";
        return wrongPhase();
      }
      return checkPlace(a.pos);
    case ActionType::REEL: {
      if (phase_ != Phase::REEL_PENDING) return wrongPhase();
      Color enemy = ~pending_->player;
      bool wins = board_.score(pending_->player) + pending_->rod.points >= FISHING_TARGET;
      bool enemyOnBoard = false;
      for (int y = 0; y < rules_.size && !enemyOnBoard; ++y)
        for (int x = 0; x < rules_.size; ++x)
          if (board_.at(makePos(x, y)) == stoneOf(enemy)) {
            enemyOnBoard = true;
            break;
          }
      if (a.pos == NO_POS) {
        if (enemyOnBoard && !wins)
          return "name the " + colorWord(enemy) + " stone to convert, as in reel:h8";
        return {};
      }
      if (a.pos < 0 || a.pos >= CELL_NB || !board_.onBoard(a.pos))
        return pointName(a.pos) + " is off the board";
      if (board_.at(a.pos) != stoneOf(enemy))
        return "the reel target " + pointName(a.pos) + " is not a " + colorWord(enemy) + " stone";
      return {};
    }
    case ActionType::DECLINE:
      if (phase_ != Phase::REEL_PENDING && phase_ != Phase::DRAW_OFFERED) return wrongPhase();
      return {};
    case ActionType::ACCEPT:
      if (phase_ != Phase::DRAW_OFFERED) return "there is no draw offer to accept";
      return {};
    case ActionType::PASS:
      if (!renju) return "passing is only allowed in Renju";
      if (phase_ != Phase::PLAY) return wrongPhase();
      if (stonesPlayed_ < 3) return "passing is not allowed in the first three moves";
      // A pass would hand the opening's next stone to the other player
      // (RIF: White's fourth move, Black's fifth-move proposals).
      if (rules_.opening == Opening::RIF && stonesPlayed_ < 5)
        return "passing is not allowed before the RIF opening is complete (the fifth move kept)";
      return {};
    case ActionType::DRAW:
      if (!renju) return "draw offers are part of Renju only";
      if (phase_ != Phase::PLAY) return wrongPhase();
      return {};
    case ActionType::SWAP:
    case ActionType::STAY:
      if (phase_ != Phase::SWAP_CHOICE && phase_ != Phase::SWAP2_CHOICE && phase_ != Phase::SWAP2_FINAL)
        return wrongPhase();
      return {};
    case ActionType::ADD2:
      if (phase_ != Phase::SWAP2_CHOICE) return wrongPhase();
      return {};
    case ActionType::PROPOSE: {
      if (phase_ != Phase::RIF_PROPOSE) return wrongPhase();
      for (Pos p : {a.pos, a.pos2}) {
        if (p < 0 || p >= CELL_NB || !board_.onBoard(p)) return pointName(p) + " is off the board";
        if (!board_.isEmpty(p)) return pointName(p) + " is already occupied";
      }
      if (a.pos == a.pos2) return "the two fifth-move proposals must be different points";
      if (symmetricProposals(board_, a.pos, a.pos2))
        return "the proposals " + pointName(a.pos) + " and " + pointName(a.pos2) +
               " are symmetric to each other; propose two moves that are not";
      return {};
    }
    case ActionType::KEEP:
      if (phase_ != Phase::RIF_KEEP) return wrongPhase();
      if (a.pos != proposals_.first && a.pos != proposals_.second)
        return pointName(a.pos) + " is not one of the proposed fifth moves (" +
               pointName(proposals_.first) + ", " + pointName(proposals_.second) + ")";
      return {};
  }
  return "unknown action";
}

// ---- playing ---------------------------------------------------------------

void Game::finish(Result::Winner w, std::string reason, std::vector<Pos> line) {
  result_ = Result{w, std::move(reason), std::move(line)};
  phase_ = Phase::OVER;
  pending_.reset();
}

std::vector<Pos> Game::fiveLine(Pos p) const {
  std::vector<Pos> line;
  if (!isStone(board_.at(p))) return line;
  Color c = colorOf(board_.at(p));
  bool exact = rules_.rule() == Rule::STANDARD || (rules_.rule() == Rule::RENJU && c == BLACK);
  line.push_back(p);
  for (int d = 0; d < DIR_NB; ++d) {
    int n = board_.runLength(p, Dir(d), c);
    if (exact ? n != 5 : n < 5) continue;
    for (int sgn = -1; sgn <= 1; sgn += 2)
      for (Pos q = Pos(p + sgn * DIR_STEP[d]); board_.at(q) == stoneOf(c); q = Pos(q + sgn * DIR_STEP[d]))
        line.push_back(q);
  }
  return line;
}

void Game::checkFullBoard() {
  if (phase_ == Phase::OVER || board_.emptyCount() > 0) return;
  if (rules_.variant == Variant::FISHING) {
    int b = board_.score(BLACK), w = board_.score(WHITE);
    finish(b > w ? Result::BLACK_WINS : w > b ? Result::WHITE_WINS : Result::DRAW, "full-board");
  } else {
    finish(Result::DRAW, "full-board");
  }
}

void Game::afterStone(Pos p, Color mover) {
  Result::Winner moverWins = mover == BLACK ? Result::BLACK_WINS : Result::WHITE_WINS;
  switch (rules_.variant) {
    case Variant::FISHING: {
      RodInfo rod = board_.rodAt(p);
      if (rod.points > 0) {
        pending_ = PendingReel{mover, rod};
        phase_ = Phase::REEL_PENDING;
        return;
      }
      break;
    }
    case Variant::CAPTURES:
      if (board_.isFiveAt(p)) return finish(moverWins, "five", fiveLine(p));
      if (board_.score(mover) >= CAPTURES_TARGET) return finish(moverWins, "captures");
      break;
    default:
      if (board_.isFiveAt(p)) return finish(moverWins, "five", fiveLine(p));
      break;
  }
  checkFullBoard();
}

void Game::doPlace(Pos p) {
  Color mover = board_.sideToMove();
  // Renju: a forbidden black stone loses at once (a five made by the same
  // stone takes precedence and is not forbidden).
  Forbid forbid = Forbid::NONE;
  if (rules_.variant == Variant::RENJU && mover == BLACK && phase_ == Phase::PLAY)
    forbid = board_.forbidden(p);
  board_.play(p);
  ++stonesPlayed_;
  lastStone_ = p;
  passesInRow_ = 0;
  if (forbid != Forbid::NONE)
    return finish(Result::WHITE_WINS, std::string("forbidden-") + forbidName(forbid), {p});
  afterStone(p, mover);
}

std::string Game::apply(const Action& a) {
  std::string err = check(a);
  if (!err.empty()) return err;
  actions_.push_back(a);
  switch (a.type) {
    case ActionType::RESIGN: {
      Color loser = a.color ? *a.color : *toMove();
      finish(loser == BLACK ? Result::WHITE_WINS : Result::BLACK_WINS, "resignation");
      break;
    }
    case ActionType::PLACE: {
      Phase before = phase_;
      doPlace(a.pos);
      if (phase_ == Phase::OVER) break;
      if (before == Phase::OPENING_STONES && stonesPlayed_ == 3)
        phase_ = rules_.opening == Opening::SWAP2 ? Phase::SWAP2_CHOICE : Phase::SWAP_CHOICE;
      else if (before == Phase::SWAP2_STONES && stonesPlayed_ == 5)
        phase_ = Phase::SWAP2_FINAL;
      else if (rules_.opening == Opening::RIF && before == Phase::PLAY && stonesPlayed_ == 4)
        phase_ = Phase::RIF_PROPOSE;
      break;
    }
    case ActionType::REEL: {
      Color mover = pending_->player;
      RodInfo rod = pending_->rod;
      bool wins = board_.score(mover) + rod.points >= FISHING_TARGET;
      Pos target = wins ? NO_POS : a.pos;
      board_.reel(rod, target);
      pending_.reset();
      phase_ = Phase::PLAY;
      if (wins) {
        finish(mover == BLACK ? Result::BLACK_WINS : Result::WHITE_WINS, "points");
        break;
      }
      if (target != NO_POS) {
        RodInfo chain = board_.rodAt(target);
        if (chain.points > 0) {
          pending_ = PendingReel{mover, chain};
          phase_ = Phase::REEL_PENDING;
          break;
        }
      }
      checkFullBoard();
      break;
    }
    case ActionType::DECLINE:
      if (phase_ == Phase::DRAW_OFFERED) {
        phase_ = Phase::PLAY;
      } else {
        pending_.reset();
        phase_ = Phase::PLAY;
        checkFullBoard();
      }
      break;
    case ActionType::ACCEPT:
      finish(Result::DRAW, "agreement");
      break;
    case ActionType::DRAW:
      drawOfferer_ = board_.sideToMove();
      phase_ = Phase::DRAW_OFFERED;
      break;
    case ActionType::PASS:
      board_.pass();
      if (++passesInRow_ >= 2) finish(Result::DRAW, "passes");
      break;
    case ActionType::SWAP:
    case ActionType::STAY:
      if (a.type == ActionType::SWAP) swapped_ = !swapped_;
      phase_ = Phase::PLAY;
      break;
    case ActionType::ADD2:
      phase_ = Phase::SWAP2_STONES;
      break;
    case ActionType::PROPOSE:
      proposals_ = {a.pos, a.pos2};
      phase_ = Phase::RIF_KEEP;
      break;
    case ActionType::KEEP:
      proposals_ = {NO_POS, NO_POS};
      phase_ = Phase::PLAY;
      doPlace(a.pos);
      break;
  }
  return {};
}

std::string Game::applyToken(std::string_view token) {
  std::string err;
  auto a = parseAction(token, &err);
  if (!a) return err;
  return apply(*a);
}

// ---- queries ---------------------------------------------------------------

std::vector<Pos> Game::legalPoints() const {
  std::vector<Pos> out;
  auto scan = [&](auto&& ok) {
    for (int y = 0; y < rules_.size; ++y)
      for (int x = 0; x < rules_.size; ++x)
        if (ok(makePos(x, y))) out.push_back(makePos(x, y));
  };
  switch (phase_) {
    case Phase::PLAY:
    case Phase::OPENING_STONES:
    case Phase::SWAP2_STONES: scan([&](Pos p) { return checkPlace(p).empty(); }); break;
    case Phase::RIF_PROPOSE: scan([&](Pos p) { return board_.isEmpty(p); }); break;
    case Phase::RIF_KEEP: out = {proposals_.first, proposals_.second}; break;
    case Phase::REEL_PENDING: {
      Piece enemy = stoneOf(~pending_->player);
      scan([&](Pos p) { return board_.at(p) == enemy; });
      break;
    }
    default: break;
  }
  return out;
}

std::vector<std::string> Game::legalTokens() const {
  std::vector<std::string> out;
  if (phase_ == Phase::OVER) return out;
  for (ActionType t : {ActionType::REEL, ActionType::DECLINE, ActionType::PASS, ActionType::SWAP,
                       ActionType::STAY, ActionType::ADD2, ActionType::DRAW, ActionType::ACCEPT,
                       ActionType::RESIGN}) {
    Action a = Action::simple(t);
    if (check(a).empty()) out.push_back(actionToken(a));
  }
  return out;
}

std::vector<Pos> Game::forbiddenPoints() const {
  std::vector<Pos> out;
  if (rules_.variant != Variant::RENJU || phase_ != Phase::PLAY || board_.sideToMove() != BLACK)
    return out;
  Board scratch = board_;  // forbidden() places and removes trial stones
  for (int y = 0; y < rules_.size; ++y)
    for (int x = 0; x < rules_.size; ++x)
      if (scratch.isForbidden(makePos(x, y))) out.push_back(makePos(x, y));
  std::sort(out.begin(), out.end(), [](Pos a, Pos b) {
    return posX(a) != posX(b) ? posX(a) < posX(b) : posY(a) < posY(b);
  });
  return out;
}

std::optional<Game> Game::fromStones(RuleSet rules, const std::vector<Pos>& black,
                                     const std::vector<Pos>& white, Color toMove,
                                     std::string* error) {
  rules.opening = Opening::FREE;
  Game g(rules);
  size_t i = 0, j = 0;
  for (Color c = BLACK; i < black.size() || j < white.size(); c = ~c) {
    const std::vector<Pos>& list = c == BLACK ? black : white;
    size_t& k = c == BLACK ? i : j;
    if (k >= list.size()) {
      g.board_.pass();
      continue;
    }
    Pos p = list[k++];
    if (p < 0 || p >= CELL_NB || !g.board_.onBoard(p)) {
      *error = "point " + pointName(p) + " is off the board";
      return std::nullopt;
    }
    if (!g.board_.isEmpty(p)) {
      *error = "point " + pointName(p) + " is given twice";
      return std::nullopt;
    }
    g.board_.play(p);
    ++g.stonesPlayed_;
    g.lastStone_ = p;
    if (g.board_.isFiveAt(p) && g.phase_ != Phase::OVER)
      g.finish(c == BLACK ? Result::BLACK_WINS : Result::WHITE_WINS, "five", g.fiveLine(p));
  }
  if (g.board_.sideToMove() != toMove) g.board_.pass();
  if (g.phase_ != Phase::OVER) g.checkFullBoard();
  return g;
}

bool Game::canUndo() const { return rules_.variant != Variant::FISHING && !actions_.empty(); }

std::string Game::undo() {
  if (rules_.variant == Variant::FISHING) return "Fishing Gomoku has no undo";
  if (actions_.empty()) return "there is nothing to undo";
  Game replay(rules_);
  for (size_t i = 0; i + 1 < actions_.size(); ++i) replay.apply(actions_[i]);
  *this = std::move(replay);
  return {};
}

}  // namespace gomoku
