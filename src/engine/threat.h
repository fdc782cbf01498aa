#pragma once
/// Threat-space search: VCF (victory by continuous fours) and VCT (victory
/// by continuous threats: fours and threes), plus the exact list of moves
/// that answer an open three. Used as the quiescence search of the main
/// search, at the root, and by tests on their own.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/position.h"
#include "engine/value.h"

namespace gomoku {

/// A simple four of `c` at empty point p that also builds: the stone makes
/// a four on one line and an open two or a closed three on another. The
/// quiescence search's later fours must build or be four-threes.
bool isBuildingFour(const Board& b, Pos p, Color c);

class ThreatSearch {
 public:
  explicit ThreatSearch(Position& pos);

  /// Can the side to move force a five with fours only (at most maxFours of
  /// them)? Returns the plies until the five is placed (1 = a five now), or
  /// 0 when no VCF was found within the limits. The winning line is in pv().
  template <Rule R>
  int vcf(int maxFours, uint64_t nodeBudget);

  /// Can the side to move force a five with fours and threes, at most
  /// `depth` threats deep? Every defence is tried: blocks of the three and
  /// the defender's own fours (and a defender VCF refutes a three). Returns
  /// true and the first move in pv()[0] on success.
  template <Rule R>
  bool vct(int depth, int vcfFours, uint64_t nodeBudget);

  /// The opponent of the side to move has an open three (a legal point that
  /// makes a straight four). Writes the side to move's answers: every point
  /// after which the opponent has no legal straight-four point left, plus
  /// the side to move's own legal fours. Sorted by position, no duplicates.
  template <Rule R>
  int threeDefences(Pos* out);

  /// The opponent of the side to move has a legal four-three or double-four
  /// point (a five two moves later unless answered). Writes the points on
  /// the lines of those threats after which the opponent has none left,
  /// plus the side to move's own legal fours; when no point stops them all,
  /// every legal point on those lines. Sorted by position, no duplicates.
  template <Rule R>
  int fourThreeDefences(Pos* out);

  /// Has colour c a legal four-three or double-four point (fourThree), or
  /// a legal straight-four point?
  template <Rule R>
  bool threatens(Color c, bool fourThree);

  /// Has colour c a legal point that wins in two moves unless answered (a
  /// straight-four, four-three or double-four point)?
  template <Rule R>
  bool winsInTwo(Color c) {
    return threatens<R>(c, true) || threatens<R>(c, false);
  }

  /// Does colour c have a point of class t that c may legally play?
  template <Rule R>
  bool hasLegalThreat(Color c, Threat t);

  /// Does colour c have any point where it makes a four (classes B4..F4)?
  bool hasFourMove(Color c) const;

  const std::vector<Pos>& pv() const { return pv_; }
  /// Did the last vcf() / vct() stop on its budget or the poll (so that
  /// "not found" means "unknown")?
  bool aborted() const { return aborted_; }
  uint64_t nodes() const { return nodes_; }
  /// Forget cached VCF results (call when the table should not carry over).
  void clearCache();
  /// Called every 1024 nodes; returning true aborts the running threat
  /// search (it then reports "not found"). For time limits and stop().
  void setPoll(std::function<bool()> poll) { poll_ = std::move(poll); }

 private:
  struct CacheEntry {
    uint64_t key = 0;
    int16_t fours = -1;  ///< failed with this many fours allowed
    int16_t win = 0;     ///< plies to the five when a win is known
  };
  static constexpr size_t CACHE_SIZE = 1 << 16;

  template <Rule R>
  int vcfAttack(int foursLeft, int ply);
  template <Rule R>
  int vcfDefend(int foursLeft, int ply);
  template <Rule R>
  bool vctAttack(int depth, int ply);
  template <Rule R>
  bool vctDefend(int depth, int ply);
  template <Rule R>
  int fourMoves(Pos* out, int* keys);
  template <Rule R>
  int lineDefences(Pos* out, bool fourThree);
  bool outOfBudget() {
    if (nodes_ < budget_ && ((++pollTick_ & 1023) != 0 || !poll_ || !poll_())) return false;
    aborted_ = true;
    return true;
  }
  void setPv(int ply, Pos m) {
    if (int(pv_.size()) <= ply) pv_.resize(ply + 1, NO_POS);
    pv_[ply] = m;
  }

  Position& pos_;
  std::unique_ptr<CacheEntry[]> cache_;
  std::vector<Pos> pv_;
  uint64_t nodes_ = 0;
  uint64_t budget_ = 0;
  bool aborted_ = false;
  int vcfFours_ = 0;
  std::function<bool()> poll_;
  uint32_t pollTick_ = 0;
};

}  // namespace gomoku
