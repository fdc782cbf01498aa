#include "engine/fishing.h"

#include <algorithm>
#include <vector>

#include "core/notation.h"
#include "engine/turnsearch.h"
#include "core/timer.h"
#include "core/zobrist.h"

namespace gomoku {

namespace {

constexpr int TARGET = 10;
constexpr int POINT = 1000;      ///< one capture point in evaluation units
constexpr int WIN = TURN_WIN;
constexpr int INF = TURN_INF;

/// Rod windows for arms a and b (see RULES.md): k in 0..4 with a >= k, b >= 4-k.
int windows(int a, int b) {
  int n = 0;
  for (int k = 0; k <= 4; ++k)
    if (a >= k && b >= 4 - k) ++n;
  return n;
}

}  // namespace

int rodPointsIfPlayed(const Board& b, Pos p, Color c) {
  Piece s = stoneOf(c);
  int pts = 0;
  for (int d = 0; d < DIR_NB; ++d) {
    int step = DIR_STEP[d], a = 0, bb = 0;
    while (b.at(Pos(p - (a + 1) * step)) == s) ++a;
    while (b.at(Pos(p + (bb + 1) * step)) == s) ++bb;
    pts += windows(a, bb);
  }
  return pts;
}

FishingSettings fishingSettings(Level level) {
  FishingSettings s;
  switch (level) {
    case Level::EASY:
      s.maxDepth = 1;
      s.width = 12;
      s.rootTargets = 1;
      s.timeMs = 200;
      s.randomTop = 3;
      break;
    case Level::MEDIUM:
      s.maxDepth = 6;
      s.width = 8;
      s.rootTargets = 2;
      s.timeMs = 1500;
      break;
    case Level::HARD:
      s.maxDepth = 12;
      s.width = 10;
      s.rootTargets = 4;
      s.timeMs = 3600;  // hard cap 5/4 of it: under 5 s a move
      break;
  }
  return s;
}

namespace {

/// One candidate turn: the stone and the first conversion target (chains
/// pick theirs greedily).
struct Turn {
  Pos stone = NO_POS;
  Pos target = NO_POS;  ///< NO_POS: greedy choice
  int order = 0;
};

/// The fishing model for TurnSearch: whole turns with the true scoring.
class FishingModel {
 public:
  using Turn = gomoku::Turn;
  explicit FishingModel(const Board& b) : b_(b) {}

  std::optional<int> terminal(int ply) const {
    Color us = b_.sideToMove(), them = ~us;
    if (b_.score(them) >= TARGET) return -WIN + ply;
    if (b_.emptyCount() == 0) {
      int d = b_.score(us) - b_.score(them);
      return d > 0 ? WIN - ply : d < 0 ? -WIN + ply : 0;
    }
    return std::nullopt;
  }

  /// Static evaluation for the side to move: points, the rods each side
  /// can cash next (the side to move either cashes its best rod and lets
  /// the opponent cash theirs, or blocks the opponent's best and leaves
  /// them the second best), and shape.
  int evaluate() const {
    Color us = b_.sideToMove(), them = ~us;
    int v = POINT * (b_.score(us) - b_.score(them));
    int usBest = 0, themBest1 = 0, themBest2 = 0;
    if (b_.threatCount(us, T_FIVE) || b_.threatCount(them, T_FIVE)) {
      const int n = b_.size();
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          Pos p = makePos(x, y);
          if (b_.threat(p, us) == T_FIVE) usBest = std::max(usBest, rodPointsIfPlayed(b_, p, us));
          if (b_.threat(p, them) == T_FIVE) {
            int t = rodPointsIfPlayed(b_, p, them);
            if (t > themBest1) themBest2 = themBest1, themBest1 = t;
            else themBest2 = std::max(themBest2, t);
          }
        }
    }
    if (b_.score(us) + usBest >= TARGET) return WIN / 2;
    // A reel also converts an enemy stone: worth about a third of a point.
    int cash = usBest ? POINT * usBest + POINT / 3 - (POINT * themBest1 + (themBest1 ? POINT / 3 : 0))
                      : -INF;
    int block = -(POINT * themBest2 + (themBest2 ? POINT / 3 : 0)) + POINT * usBest / 2;
    // Rods not yet cashed are worth half of points on the board: the
    // opponent still has a move, may break the line by converting one of
    // its stones with a reel of its own, and a point taken now is a tempo.
    v += std::max(cash, block) / 2;
    v += (b_.scoreSum(us) - b_.scoreSum(them)) / 24;
    v += (b_.threatCount(us, T_F4) - b_.threatCount(them, T_F4)) * POINT / 10;
    return v;
  }

  /// Scores enemy stones as conversion targets for the player who reels
  /// (`us`): a target that makes a new rod for us (a chain), breaks the
  /// enemy's longest lines, and sits among our stones.
  int targetScore(Pos t, Color us) const {
    Color them = ~us;
    int chain = 0, broken = 0, ours = 0;
    for (int d = 0; d < DIR_NB; ++d) {
      int step = DIR_STEP[d], a = 0, bb = 0;
      while (b_.at(Pos(t - (a + 1) * step)) == stoneOf(us)) ++a;
      while (b_.at(Pos(t + (bb + 1) * step)) == stoneOf(us)) ++bb;
      chain += windows(a, bb);
      ours += std::min(a, 4) + std::min(bb, 4);
      int run = b_.runLength(t, Dir(d), them);
      broken += (run - 1) * (run - 1);
      // Enemy five points next to t lose value too.
    }
    return chain * 50 * POINT + broken * 40 + ours * 25 + b_.cellScore(t, them) / 8;
  }

  Pos bestTarget(Color us) const {
    Pos best = NO_POS;
    int bestScore = -INF;
    Piece enemy = stoneOf(~us);
    const int n = b_.size();
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        Pos t = makePos(x, y);
        if (b_.at(t) != enemy) continue;
        int sc = targetScore(t, us);
        if (sc > bestScore) bestScore = sc, best = t;
      }
    return best;
  }

  /// Plays a whole turn on the board; returns the number of board
  /// operations to undo. Records the reel targets in *targets if given.
  int makeTurn(const Turn& t, std::vector<Pos>* targets = nullptr) {
    Color us = b_.sideToMove();
    b_.play(t.stone);
    int ops = 1;
    RodInfo rod = b_.rodAt(t.stone);
    Pos forced = t.target;
    while (rod.points > 0) {
      // Reel in and score first, then choose the target on the board the
      // reel left behind (rod stones gone), then convert it.
      b_.reel(rod, NO_POS);
      ++ops;
      if (b_.score(us) >= TARGET) {
        if (targets) targets->push_back(NO_POS);
        break;
      }
      Pos target = forced != NO_POS ? forced : bestTarget(us);
      forced = NO_POS;
      if (targets) targets->push_back(target);
      if (target == NO_POS) break;
      b_.reel(RodInfo{}, target);
      ++ops;
      rod = b_.rodAt(target);
    }
    return ops;
  }
  void undoTurn(int ops) {
    while (ops--) b_.undo();
  }

  /// Candidate stones for the side to move, best first.
  std::vector<Turn> candidates(int width) const {
    Color us = b_.sideToMove(), them = ~us;
    std::vector<Turn> out;
    const int n = b_.size();
    if (b_.stoneCount() == 0) {
      out.push_back(Turn{b_.center(), NO_POS, 0});
      return out;
    }
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        Pos p = makePos(x, y);
        if (!b_.isEmpty(p) || !b_.hasStoneNear(p, 2)) continue;
        int pts = b_.threat(p, us) == T_FIVE ? rodPointsIfPlayed(b_, p, us) : 0;
        int block = b_.threat(p, them) == T_FIVE ? rodPointsIfPlayed(b_, p, them) : 0;
        int sc = pts * 20 * POINT + block * 8 * POINT + b_.cellScore(p, us) * 2 + b_.cellScore(p, them);
        if (b_.score(us) + pts >= TARGET) sc += WIN;
        out.push_back(Turn{p, NO_POS, sc});
      }
    std::sort(out.begin(), out.end(), [](const Turn& a, const Turn& c) {
      return a.order != c.order ? a.order > c.order : a.stone < c.stone;
    });
    if (int(out.size()) > width) out.resize(width);
    return out;
  }

  Board& board() { return b_; }

 private:
  Board b_;
};

}  // namespace

ThinkResult thinkFishing(const Game& game, const FishingSettings& settings,
                         const std::atomic<bool>& stop, uint64_t seed,
                         const std::function<void(const Progress&)>& onProgress) {
  ThinkResult out;
  if (game.over()) return out;
  Game g = game;
  // A reel the computer faces (a record that ends before its reel): complete
  // it, chains included, choosing targets greedily.
  auto finishReels = [&](Game& gm) {
    while (gm.phase() == Phase::REEL_PENDING && gm.pending()) {
      Board after = gm.board();  // the board once the rod is reeled in
      after.reel(gm.pending()->rod, NO_POS);
      FishingModel model(after);
      Color us = gm.pending()->player;
      bool wins = after.score(us) >= TARGET;
      Pos t = wins ? NO_POS : model.bestTarget(us);
      Action a = Action::reel(t);
      if (!gm.check(a).empty()) a = Action::reel();
      if (!gm.apply(a).empty()) break;
      out.tokens.push_back(actionToken(a));
    }
  };
  if (g.phase() == Phase::REEL_PENDING) {
    finishReels(g);
    return out;
  }
  if (g.phase() != Phase::PLAY) return out;

  FishingModel fs(g.board());
  TurnSearch<FishingModel> search(fs, stop, settings.timeMs * 5 / 4, settings.width);
  Color us = g.board().sideToMove();

  // Root turns: candidate stones, and for stones that reel, the best few
  // conversion targets as separate turns (ranked by a one-ply look).
  std::vector<Turn> roots;
  for (const Turn& t : fs.candidates(std::max(settings.width, 12))) {
    Board& b = fs.board();
    b.play(t.stone);
    RodInfo rod = b.rodAt(t.stone);
    if (rod.points > 0 && b.score(us) + rod.points < TARGET && settings.rootTargets > 1) {
      b.reel(rod, NO_POS);
      std::vector<std::pair<int, Pos>> targets;
      for (int y = 0; y < b.size(); ++y)
        for (int x = 0; x < b.size(); ++x) {
          Pos q = makePos(x, y);
          if (b.at(q) != stoneOf(~us)) continue;
          b.reel(RodInfo{}, q);
          int v = b.rodAt(q).points * POINT - fs.evaluate();
          b.undo();
          targets.push_back({-v, q});
        }
      b.undo();
      std::sort(targets.begin(), targets.end());
      for (int i = 0; i < int(targets.size()) && i < settings.rootTargets; ++i)
        roots.push_back(Turn{t.stone, targets[i].second, t.order});
      if (targets.empty()) roots.push_back(t);
    } else {
      roots.push_back(t);
    }
    b.undo();
  }
  if (roots.empty()) return out;

  // Iterative deepening over whole turns.
  auto root = search.iterate(roots, settings.maxDepth, settings.timeMs, settings.randomTop > 1,
                             onProgress);
  int bestIndex = root.depth > 0 ? pickAmongBest(root.values, settings.randomTop, 3 * POINT,
                                                 seed ^ g.board().hash())
                                 : 0;
  int bestValue = root.depth > 0 ? root.values[bestIndex] : 0;
  roots = root.turns;

  // Play the chosen turn through the Game, writing every action.
  std::vector<Pos> targets;
  Turn chosen = roots[bestIndex];
  fs.undoTurn(fs.makeTurn(chosen, &targets));  // to learn the chained targets
  Action stone = Action::place(chosen.stone);
  if (!g.apply(stone).empty()) return out;
  out.move = chosen.stone;
  out.tokens.push_back(actionToken(stone));
  for (Pos t : targets) {
    if (g.phase() != Phase::REEL_PENDING) break;
    Action a = Action::reel(t);
    if (!g.check(a).empty()) a = Action::reel(fs.bestTarget(us));
    if (!g.check(a).empty()) a = Action::reel();
    if (!g.apply(a).empty()) break;
    out.tokens.push_back(actionToken(a));
  }
  finishReels(g);
  out.eval = bestValue;
  out.mateIn = turnMate(bestValue);
  out.depth = root.depth;
  out.nodes = search.nodes;
  out.timeMs = search.clock.millis();
  out.pv = {chosen.stone};
  return out;
}

}  // namespace gomoku
