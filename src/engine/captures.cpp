#include "engine/captures.h"

#include <algorithm>
#include <vector>

#include "core/notation.h"
#include "engine/turnsearch.h"

namespace gomoku {

namespace {

constexpr int PAIRS_TO_WIN = 5;

/// Value of having taken n pairs: the race to five pairs speeds up.
int pairValue(int n) {
  static constexpr int V[PAIRS_TO_WIN + 1] = {0, 300, 700, 1300, 2300, TURN_WIN / 2};
  return V[std::clamp(n, 0, PAIRS_TO_WIN)];
}

/// Does colour c win at once by playing p (a five, or the fifth pair)?
bool winsAt(const Board& b, Pos p, Color c) {
  return b.makesFive(p, c) || b.score(c) + b.capturesAt(p, c) >= PAIRS_TO_WIN;
}

struct Turn {
  Pos stone = NO_POS;
  int order = 0;
};

class CapturesModel {
 public:
  using Turn = gomoku::Turn;
  explicit CapturesModel(const Board& b) : b_(b) {}

  std::optional<int> terminal(int ply) const {
    Color them = ~b_.sideToMove();
    Pos last = b_.lastMove();
    if (b_.score(them) >= PAIRS_TO_WIN || (last != NO_POS && b_.isFiveAt(last)))
      return -TURN_WIN + ply;
    if (b_.emptyCount() == 0) return 0;
    return std::nullopt;
  }

  int evaluate() const {
    Color us = b_.sideToMove(), them = ~us;
    // 1. We win at once with a five point or the fifth pair.
    int usFives = b_.threatCount(us, T_FIVE), themFives = b_.threatCount(them, T_FIVE);
    if (usFives) return TURN_WIN / 2;
    // 2. Captures taken and capture chances on the board.
    int v = pairValue(b_.score(us)) - pairValue(b_.score(them));
    int bestUsCapture = 0, themCapturePoints = 0, bestThemCapture = 0;
    const int n = b_.size();
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        Pos p = makePos(x, y);
        if (!b_.isEmpty(p)) continue;
        int cu = b_.capturesAt(p, us), ct = b_.capturesAt(p, them);
        if (cu) {
          if (b_.score(us) + cu >= PAIRS_TO_WIN) return TURN_WIN / 2;
          bestUsCapture = std::max(bestUsCapture, pairValue(b_.score(us) + cu) - pairValue(b_.score(us)));
        }
        if (ct) {
          ++themCapturePoints;
          bestThemCapture = std::max(bestThemCapture, pairValue(b_.score(them) + ct) - pairValue(b_.score(them)));
        }
      }
    // We move first: take our best capture, or save the pair they threaten
    // (with two threats, one pair is lost anyway).
    v += bestUsCapture * 7 / 10;
    if (themCapturePoints >= 2) v -= bestThemCapture * 6 / 10;
    else if (themCapturePoints == 1) v -= bestThemCapture / 5;
    // 3. Their fives to stop: two five points are a lost line unless a
    // capture breaks it; one costs us the tempo.
    if (themFives >= 2) v -= bestUsCapture ? 1500 : 6000;
    else if (themFives == 1) v -= 250;
    // 4. Shape from the incremental patterns, and open fours / threes.
    v += (b_.scoreSum(us) - b_.scoreSum(them)) / 6;
    v += 120 * (b_.threatCount(us, T_F4) + b_.threatCount(us, T_43)) -
         150 * (b_.threatCount(them, T_F4) + b_.threatCount(them, T_43));
    return v;
  }

  std::vector<Turn> candidates(int width) const {
    Color us = b_.sideToMove(), them = ~us;
    std::vector<Turn> out;
    const int n = b_.size();
    if (b_.stoneCount() == 0) return {Turn{b_.center(), 0}};
    bool mustDefend = b_.threatCount(them, T_FIVE) > 0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        Pos p = makePos(x, y);
        if (!b_.isEmpty(p)) continue;
        if (winsAt(b_, p, us)) return {Turn{p, 0}};
        int cu = b_.capturesAt(p, us);
        if (mustDefend) {
          // Block the five point, or capture (possibly out of the line).
          if (b_.threat(p, them) == T_FIVE || cu) out.push_back(Turn{p, cu * 1000 + 10000 * (b_.threat(p, them) == T_FIVE)});
          continue;
        }
        if (!b_.hasStoneNear(p, 2)) continue;
        int ct = b_.capturesAt(p, them);  // playing here also protects our pair
        int sc = b_.cellScore(p, us) * 2 + b_.cellScore(p, them) + cu * 900 + ct * 600;
        if (b_.threat(p, us) >= T_B4) sc += 400;
        out.push_back(Turn{p, sc});
      }
    std::sort(out.begin(), out.end(), [](const Turn& a, const Turn& c) {
      return a.order != c.order ? a.order > c.order : a.stone < c.stone;
    });
    if (!mustDefend && int(out.size()) > width) out.resize(width);
    return out;
  }

  int makeTurn(const Turn& t) {
    b_.play<Rule::CAPTURES>(t.stone);
    return 1;
  }
  void undoTurn(int ops) {
    while (ops--) b_.undo();
  }
  Board& board() { return b_; }

 private:
  Board b_;
};

/// The recursive part of capturesVcf: can `us` (to move) win by fours?
bool vcfRec(Board& b, Color us, int fours, uint64_t* nodes, Pos* first) {
  Color them = ~us;
  const int n = b.size();
  std::vector<Pos> moves;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      Pos p = makePos(x, y);
      if (!b.isEmpty(p)) continue;
      if (winsAt(b, p, us)) {
        if (first) *first = p;
        return true;
      }
      if (fours > 0 && b.threat(p, us) >= T_B4 && b.threat(p, us) != T_33) moves.push_back(p);
    }
  if (fours <= 0) return false;
  // The defender's own immediate win beats any four of ours.
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (b.isEmpty(makePos(x, y)) && winsAt(b, makePos(x, y), them)) return false;
  for (Pos p : moves) {
    if (nodes) ++*nodes;
    b.play<Rule::CAPTURES>(p);
    // Every reply that removes all our five points (a block, or a capture
    // out of the four) must lose to a further VCF; other replies lose to
    // the five at once.
    bool win = b.threatCount(us, T_FIVE) > 0;  // else it was no four (captured into?)
    for (int y = 0; y < n && win; ++y)
      for (int x = 0; x < n && win; ++x) {
        Pos q = makePos(x, y);
        if (!b.isEmpty(q)) continue;
        bool block = b.threat(q, us) == T_FIVE;
        if (!block && b.capturesAt(q, them) == 0) continue;
        if (b.score(them) + b.capturesAt(q, them) >= PAIRS_TO_WIN) {
          win = false;
          break;
        }
        b.play<Rule::CAPTURES>(q);
        if (b.threatCount(us, T_FIVE) == 0 && !vcfRec(b, us, fours - 1, nodes, nullptr)) win = false;
        b.undo();
      }
    b.undo();
    if (win) {
      if (first) *first = p;
      return true;
    }
  }
  return false;
}

}  // namespace

Pos capturesVcf(Board& board, int maxFours, uint64_t* nodes) {
  Pos first = NO_POS;
  if (vcfRec(board, board.sideToMove(), maxFours, nodes, &first)) return first;
  return NO_POS;
}

CapturesSettings capturesSettings(Level level) {
  CapturesSettings s;
  switch (level) {
    case Level::EASY:
      s.maxDepth = 2;
      s.width = 8;
      s.timeMs = 300;
      s.vcfDepth = 0;
      s.randomTop = 3;
      break;
    case Level::MEDIUM:
      s.maxDepth = 5;
      s.width = 10;
      s.timeMs = 1000;
      s.vcfDepth = 6;
      break;
    case Level::HARD:
      s.maxDepth = 10;
      s.width = 12;
      s.timeMs = 3600;  // hard cap 5/4 of it: under 5 s a move
      s.vcfDepth = 10;
      break;
  }
  return s;
}

ThinkResult thinkCaptures(const Game& game, const CapturesSettings& settings,
                          const std::atomic<bool>& stop, uint64_t seed,
                          const std::function<void(const Progress&)>& onProgress) {
  ThinkResult out;
  if (game.over() || game.phase() != Phase::PLAY) return out;
  std::vector<Pos> legal = game.legalPoints();  // the tournament opening rule
  if (legal.empty()) return out;
  CapturesModel model(game.board());
  TurnSearch<CapturesModel> search(model, stop, settings.timeMs * 5 / 4, settings.width);
  Board& b = model.board();
  auto finish = [&](Pos p, int value, int depth) {
    out.move = p;
    out.tokens = {actionToken(Action::place(p))};
    out.eval = value;
    out.mateIn = turnMate(value);
    out.depth = depth;
    out.nodes = search.nodes;
    out.timeMs = search.clock.millis();
    out.pv = {p};
    return out;
  };

  // 1. A forced win by fours that survives every capture.
  if (settings.vcfDepth > 0) {
    uint64_t vcfNodes = 0;
    Pos win = capturesVcf(b, settings.vcfDepth, &vcfNodes);
    search.nodes += vcfNodes;
    if (win != NO_POS && std::find(legal.begin(), legal.end(), win) != legal.end())
      return finish(win, TURN_WIN - 1, 0);
  }

  // 2. Root moves: the model's candidates restricted to legal points (all
  // legal points near the centre while the opening rule applies).
  std::vector<Turn> roots;
  for (const Turn& t : model.candidates(std::max(settings.width, 14)))
    if (std::find(legal.begin(), legal.end(), t.stone) != legal.end()) roots.push_back(t);
  if (roots.empty()) {
    // The opening rule excluded every candidate: the legal point nearest
    // the centre that keeps in touch with the stones.
    Pos c = b.center();
    Pos best = legal.front();
    auto dist = [&](Pos p) { return std::max(std::abs(posX(p) - posX(c)), std::abs(posY(p) - posY(c))); };
    for (Pos p : legal)
      if (dist(p) < dist(best) || (dist(p) == dist(best) && p < best)) best = p;
    roots.push_back(Turn{best, 0});
  }
  auto root = search.iterate(roots, settings.maxDepth, settings.timeMs, settings.randomTop > 1,
                             onProgress);
  if (root.depth == 0) return finish(roots.front().stone, 0, 0);
  int pick = pickAmongBest(root.values, settings.randomTop, 250, seed ^ b.hash());
  return finish(root.turns[pick].stone, root.values[pick], root.depth);
}

}  // namespace gomoku
