#pragma once
/// Alpha-beta over whole turns, for the games whose turn is more than a
/// stone's line shapes: Fishing (a stone, then reels, chains and the
/// conversion targets) and Gomoku with captures (a stone and the pairs it
/// takes). A model supplies the game knowledge:
///
///   struct Model {
///     struct Turn { Pos stone; ... };
///     std::optional<int> terminal(int ply) const;  // side to move's value if over
///     int evaluate() const;                        // side to move's view
///     std::vector<Turn> candidates(int width) const;  // best first
///     int makeTurn(const Turn&);                   // returns undo count
///     void undoTurn(int ops);
///   };
///
/// Deterministic: no hashing of pointers, candidates ordered with ties broken
/// by point, so a fixed depth gives the same turn and node count every run.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/timer.h"
#include "core/zobrist.h"
#include "engine/engine.h"

namespace gomoku {

constexpr int TURN_WIN = 1'000'000;  ///< a won game, minus the ply it is won at
constexpr int TURN_INF = 2'000'000;

template <class Model>
class TurnSearch {
 public:
  using Turn = typename Model::Turn;

  TurnSearch(Model& model, const std::atomic<bool>& stop, int64_t hardMs, int width)
      : m_(model), stop_(stop), hardMs_(hardMs), width_(width) {}

  uint64_t nodes = 0;
  bool aborted = false;
  Stopwatch clock;

  /// Negamax with alpha-beta, `depth` whole turns.
  int search(int depth, int alpha, int beta, int ply) {
    ++nodes;
    if ((nodes & 255) == 0 && (stop_.load() || (hardMs_ > 0 && clock.millis() > hardMs_)))
      aborted = true;
    if (aborted) return 0;
    if (auto t = m_.terminal(ply)) return *t;
    if (depth <= 0) return m_.evaluate();
    int best = -TURN_INF;
    for (const Turn& t : m_.candidates(width_)) {
      int ops = m_.makeTurn(t);
      int v = -search(depth - 1, -beta, -alpha, ply + 1);
      m_.undoTurn(ops);
      if (aborted) return 0;
      best = std::max(best, v);
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    return best == -TURN_INF ? m_.evaluate() : best;
  }

  struct Root {
    std::vector<Turn> turns;   ///< best first after the last completed iteration
    std::vector<int> values;   ///< their values (exact when asked for)
    int depth = 0;             ///< last completed iteration
  };

  /// Iterative deepening over the root turns. No new iteration starts after
  /// half of softMs (0: no time limit); exactValues searches every root turn with a full
  /// window (for a level's random choice among near-best turns).
  Root iterate(std::vector<Turn> roots, int maxDepth, int64_t softMs, bool exactValues,
               const std::function<void(const Progress&)>& onProgress) {
    Root out;
    out.turns = roots;
    out.values.assign(roots.size(), 0);
    for (int depth = 1; depth <= maxDepth && !roots.empty(); ++depth) {
      if (depth > 1 && softMs > 0 && clock.millis() * 2 > softMs) break;
      int alpha = -TURN_INF;
      std::vector<std::pair<int, int>> iter;  // value, index
      for (size_t i = 0; i < roots.size(); ++i) {
        int ops = m_.makeTurn(roots[i]);
        int v = exactValues ? -search(depth - 1, -TURN_INF, TURN_INF, 1)
                            : -search(depth - 1, -TURN_INF, -alpha + 1, 1);
        m_.undoTurn(ops);
        if (aborted) break;
        iter.push_back({v, int(i)});
        alpha = std::max(alpha, v);
      }
      if (aborted) break;
      std::stable_sort(iter.begin(), iter.end(), [](auto& a, auto& b) { return a.first > b.first; });
      std::vector<Turn> ordered;
      std::vector<int> values;
      for (auto& [v, i] : iter) {
        ordered.push_back(roots[i]);
        values.push_back(v);
      }
      roots = ordered;
      out = Root{ordered, values, depth};
      if (onProgress) {
        Progress p;
        p.depth = depth;
        p.eval = values.front();
        p.nodes = nodes;
        p.elapsedMs = clock.millis();
        p.pv = {ordered.front().stone};
        onProgress(p);
      }
      if (std::abs(values.front()) >= TURN_WIN - 1000) break;  // decided
    }
    return out;
  }

 private:
  Model& m_;
  const std::atomic<bool>& stop_;
  int64_t hardMs_;
  int width_;
};

/// A level's deliberate imprecision: index of a seeded pick among the first
/// `top` root turns whose value is within `margin` of the best (never a
/// decided loss when the best is not).
inline int pickAmongBest(const std::vector<int>& values, int top, int margin, uint64_t seed) {
  if (values.empty() || top <= 1) return 0;
  int pool = 1;
  while (pool < top && pool < int(values.size()) && values[pool] >= values[0] - margin &&
         values[pool] > -TURN_WIN + 1000 && values[0] < TURN_WIN - 1000)
    ++pool;
  return int(splitmix64(seed) % uint64_t(pool));
}

/// Mate distance of a decided value, in plies (positive: we win).
inline std::optional<int> turnMate(int value) {
  if (value >= TURN_WIN - 1000) return TURN_WIN - value;
  if (value <= -TURN_WIN + 1000) return -(TURN_WIN + value);
  return std::nullopt;
}

}  // namespace gomoku
