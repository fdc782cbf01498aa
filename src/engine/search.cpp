#include "engine/search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>

#include "core/timer.h"
#include "engine/eval.h"
#include "engine/position.h"
#include "engine/threat.h"

namespace gomoku {

int mateDistance(Value v) {
  if (v >= VALUE_WIN_MIN) return VALUE_WIN - v;
  if (v <= -VALUE_WIN_MIN) return -(VALUE_WIN + v);
  return 0;
}

namespace {

constexpr int MAX_DEPTH = 64;

/// Move-ordering weights of a point's threat class, for the side to move
/// (attack) and for the opponent (the point is also a block).
constexpr int ORDER_US[THREAT_NB] = {0, 300, 1500, 2500, 2000, 6000, 6000, 8000, 20000};
constexpr int ORDER_THEM[THREAT_NB] = {0, 150, 800, 1500, 1200, 4000, 4000, 5000, 15000};
constexpr int TT_MOVE_KEY = 1 << 24;
constexpr int KILLER_KEY = 3000;
/// Moves picked by a scan of the list before the rest is sorted once.
constexpr int LAZY_PICKS = 1;

/// A candidate's ordering key before the table move, killers and history.
int threatKey(const Board& b, Pos p, Color us) {
  Color them = ~us;
  return ORDER_US[b.threat(p, us)] + ORDER_THEM[b.threat(p, them)] + b.cellScore(p, us) +
         b.cellScore(p, them);
}

/// Quiet moves searched at non-PV nodes of depth 1..LMP_DEPTH before the
/// rest is skipped (late-move pruning).
constexpr int LMP_DEPTH = 6;
constexpr int LMP_LIMIT[LMP_DEPTH + 1] = {0, 5, 8, 12, 17, 23, 30};

/// A tactical move that only makes a three or a simple four, or only
/// blocks the opponent's three or simple-four point ("semi-tactical"), is
/// reduced as a quiet move and pruned from half as many moves again as the
/// quiet moves' limit (as Rapfi reduces and prunes every late move). Double
/// threes, four-threes, double and straight fours (ours, or the opponent's
/// to block) and the forced block stay exempt. Every rule: freestyle and
/// exact five since session 30, renju since session 37.
constexpr int SEMI_LMP_LIMIT[LMP_DEPTH + 1] = {0, 8, 12, 18, 26, 35, 45};
constexpr bool isSemiThreat(Threat t) { return t != T_33 && t < T_43; }

/// Reverse futility: at non-PV nodes of depth 1..RFP_DEPTH, an evaluation
/// this much a ply above beta ends the node.
constexpr int RFP_DEPTH = 3;
constexpr int RFP_MARGIN = 250;

/// Razoring: at non-PV nodes of depth 1..RAZOR_DEPTH, an evaluation this
/// far below alpha (RAZOR_BASE + RAZOR_MARGIN a ply) asks the quiescence
/// search, and a value still below alpha ends the node.
constexpr int RAZOR_DEPTH = 3;
constexpr int RAZOR_BASE = 200;
constexpr int RAZOR_MARGIN = 300;

/// Singular extension: at a node of depth SE_DEPTH or more whose table
/// move has a lower bound (or exact value) from depth - SE_TABLE_DEPTH or
/// deeper, the other moves are searched at half depth against that value
/// less SE_MARGIN a ply. When all fail low, the table move alone holds
/// the node and is searched a ply deeper; when one reaches beta as well,
/// the node fails high at once (multi-cut). The margin is small, as
/// Rapfi's (about 0.9 a ply of its evaluation, 1.6 of ours). Freestyle and
/// exact five only: in renju (whose three extension already deepens the
/// forced lines) the SPRT showed no gain.
constexpr int SE_DEPTH = 7;
constexpr int SE_TABLE_DEPTH = 3;
constexpr int SE_MARGIN = 2;

/// Forced blocks: answering the opponent's four costs no depth, and each
/// such answer also adds FORCED_EXT_CARRY hundredths of a ply to a carry
/// kept along the line; whenever the carry reaches a whole ply, the move is
/// searched a ply deeper (1.3 plies a block in all, as Rapfi's extension of
/// its answers to a four). Not at the leaves (depth 0), and only within
/// twice the iteration's depth from the root. Freestyle and exact five
/// (the SPRT was run in freestyle).
constexpr int FORCED_EXT_CARRY = 30;

/// Internal iterative reduction from this depth on.
constexpr int IIR_DEPTH = 4;

/// ProbCut: at a non-PV node of depth PROBCUT_DEPTH or more that need not
/// answer an open three or a four-three threat (its moves are then only
/// the defences, and a shallow search misjudged them: the only defence of
/// tactics line 173 was lost up to 1,000,000 nodes), the first
/// PROBCUT_MOVES moves in order are searched three plies shallower than
/// their usual depth, with a null window at beta + PROBCUT_MARGIN; a move
/// that holds it there ends the node (a lower bound, stored for depth - 3).
/// Skipped when the table already says the node stays below that bound at
/// such a depth. Freestyle and exact five only: in renju the SPRT lost.
constexpr int PROBCUT_DEPTH = 5;
constexpr int PROBCUT_MARGIN = 200;
constexpr int PROBCUT_MOVES = 3;
constexpr int PROBCUT_REDUCTION = 3;

/// A falling value: an iteration that ends past the soft limit with a
/// value this much below the previous iteration's starts the next one
/// anyway (the hard limit stops it; its partial result counts).
constexpr int FALLING_MARGIN = 80;

/// Aspiration windows: from this depth on, the main thread searches the
/// root with a window of ASPIRATION_STEP either side of the previous
/// iteration's value, doubling the failed side's step on each miss and
/// opening it fully once the step passes ASPIRATION_MAX_STEP.
constexpr int ASPIRATION_DEPTH = 5;
constexpr int ASPIRATION_STEP = 100;
constexpr int ASPIRATION_MAX_STEP = 1600;

/// Renju three extension: a node that must answer an open three with at
/// most this many blocks searches them without spending a ply, up to twice
/// the iteration's depth from the root. White's long threat sequences (in
/// which Black's blocks may be forbidden) then show within a move's time.
/// Three takes in every single open three: a broken one (two ends and the
/// gap) and a straight one with room on one side only (two ends and the far
/// point); 2 (straight threes with room on both sides) until session 38,
/// when renju SPRTs said +16 and more (docs/engine-log.md).
constexpr int THREE_EXT_BLOCKS = 3;

/// The points the four quiescence looks at around the side's last stone:
/// those within two steps in every direction, and those up to four steps
/// along its four lines (40 points).
constexpr auto Q4_OFFSETS = [] {
  std::array<int, 40> a{};
  int n = 0;
  for (int dy = -4; dy <= 4; ++dy)
    for (int dx = -4; dx <= 4; ++dx) {
      int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
      bool square = ax <= 2 && ay <= 2, line = dx == 0 || dy == 0 || ax == ay;
      if ((dx || dy) && (square || line)) a[n++] = dy * STRIDE + dx;
    }
  return a;
}();

/// Late-move reductions for quiet moves, growing with the depth left and
/// the move's rank: about ln(depth) ln(rank) / 1.9, one ply more at non-PV
/// nodes. Filled once; indices clamp at 63.
struct Reductions {
  int8_t r[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        r[d][i] = d && i ? int8_t(0.3 + std::log(double(d)) * std::log(double(i)) / 1.9) : 0;
  }
};
const Reductions REDUCTIONS;


/// State every search thread sees.
struct Shared {
  TranspositionTable& tt;
  const SearchLimits& limits;
  const SearchConfig& config;
  const std::atomic<bool>* externalStop;
  std::atomic<bool> abort{false};
  Stopwatch clock;
  int threads = 1;
  /// While the root's threat searches run (before any helper thread
  /// starts): the time after which a running threat search gives up, so
  /// that they never eat the iterations' time. 0: no such limit.
  int64_t threatDeadlineMs = 0;
};

class SearchThread {
 public:
  SearchThread(Shared& shared, const Board& board, int id)
      : sh_(shared), pos_(board), threats_(pos_), id_(id) {
    std::memset(history_, 0, sizeof history_);
    threats_.setPoll([this] {
      checkLimits();
      return aborted() || (sh_.threatDeadlineMs && sh_.clock.millis() >= sh_.threatDeadlineMs);
    });
    for (auto& k : killers_) k[0] = k[1] = NO_POS;
    for (Pos& e : excluded_) e = NO_POS;
  }

  Position& pos() { return pos_; }
  bool facingFourThree() const { return facingFourThree_; }
  ThreatSearch& threats() { return threats_; }
  uint64_t nodes() const { return nodes_ + threats_.nodes(); }
  std::vector<RootMove>& rootMoves() { return rootMoves_; }

  template <Rule R>
  void iterate(SearchResult& out, const std::function<void(const SearchInfo&)>& onIteration);

  /// Writes the candidate moves and their ordering keys; sorted only when
  /// `sort` (the root), else the search picks the best remaining lazily.
  template <Rule R>
  int generate(Pos* moves, int* keys, Pos ttMove, int ply, bool sort = true);

  template <Rule R>
  bool staticWin();

  /// Appends to moves[n..] (with their keys) the side to move's legal
  /// moves that make an open three or a double three and are not among
  /// moves[0..n); returns the new count.
  template <Rule R>
  int addThrees(Pos* moves, int* keys, int n);

 private:
  template <Rule R>
  Value rootSearch(int depth, int& bestIndex, Value alpha, Value beta);
  template <Rule R>
  Value aspirationSearch(int depth, int& bestIndex, const SearchResult& last);
  template <Rule R>
  Value search(Value alpha, Value beta, int depth, int ply, bool pvNode);
  template <Rule R>
  Value qsearch(Value alpha, Value beta, int ply, int foursLeft);

  bool aborted() const { return sh_.abort.load(std::memory_order_relaxed); }
  /// Best value first; equal values keep their previous order.
  void sortRootMoves() {
    std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.value > b.value; });
  }
  void checkLimits();
  void updatePv(int ply, Pos m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pvLen_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pvLen_[ply] = std::max(pvLen_[ply + 1], ply + 1);
  }

  Shared& sh_;
  Position pos_;
  ThreatSearch threats_;
  int id_;
  int rootDepth_ = 0;         ///< depth of the running iteration
  bool facingThree_ = false;      ///< the last generate() answered an open three
  bool facingFourThree_ = false;  ///< ... or kept only a four-three's answers
  uint64_t nodes_ = 0;
  std::vector<RootMove> rootMoves_;
  /// The root move whose fail high (above the aspiration window) ended
  /// this iteration's last pass, and the bound it reached: if the clock
  /// cuts the next pass, that move is played (it beat the previous best).
  Pos failHigh_ = NO_POS;
  Value failHighBound_ = 0;
  Pos excluded_[MAX_PLY + 1];
  /// Extension carried down the line, in 1/100 ply; written by search() at
  /// ply for ply + 1, so carry_[1] (the root's children) stays 0.
  int carry_[MAX_PLY + 2] = {};
  Pos killers_[MAX_PLY][2];
  int history_[COLOR_NB][CELL_NB];
  Pos pv_[MAX_PLY + 1][MAX_PLY + 1];
  int pvLen_[MAX_PLY + 1] = {};
};

void SearchThread::checkLimits() {
  if (sh_.externalStop && sh_.externalStop->load(std::memory_order_relaxed)) sh_.abort = true;
  const SearchLimits& l = sh_.limits;
  if (l.nodes && nodes() * uint64_t(sh_.threads) >= l.nodes) sh_.abort = true;
  if (id_ == 0 && l.hardMs && sh_.clock.millis() >= l.hardMs) sh_.abort = true;
}

template <Rule R>
bool SearchThread::staticWin() {
  // A straight four (or a legal double four) wins when the opponent cannot
  // answer with a four of their own: our stone never creates their fours.
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  if (threats_.hasFourMove(them)) return false;
  if (threats_.hasLegalThreat<R>(us, T_F4)) return true;
  return (R != Rule::RENJU || us == WHITE) && b.threatCount(us, T_44) > 0;
}

template <Rule R>
int SearchThread::generate(Pos* moves, int* keys, Pos ttMove, int ply, bool sort) {
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  int n = 0;
  facingThree_ = facingFourThree_ = false;
  if (threats_.hasLegalThreat<R>(them, T_F4)) {
    facingThree_ = true;
    // The opponent has an open three: only blocks and our own fours.
    n = threats_.threeDefences<R>(moves);
  } else if (sh_.config.fourThreeDefence && threats_.threatens<R>(them, true) &&
             !threats_.threatens<R>(us, true) && !threats_.hasLegalThreat<R>(us, T_F4)) {
    // The opponent threatens a four-three (or double four) and we have no
    // faster threat of our own: only moves on its lines and our fours.
    facingFourThree_ = true;
    n = threats_.fourThreeDefences<R>(moves);
  } else {
    for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd(); ++it) {
      Pos p = *it;
      if (!b.isEmpty(p) || pos_.neighbours(p) == 0) continue;
      if (!pos_.isLegal<R>(p, us)) continue;
      moves[n++] = p;
    }
  }
  for (int i = 0; i < n; ++i) {
    Pos p = moves[i];
    int k = threatKey(b, p, us) + history_[us][p] / 64;
    if (p == ttMove)
      k += TT_MOVE_KEY;
    else if (ply < MAX_PLY && (p == killers_[ply][0] || p == killers_[ply][1]))
      k += KILLER_KEY;
    keys[i] = k;
  }
  if (sort) sortMovesByKey(moves, keys, n);
  return n;
}

template <Rule R>
int SearchThread::addThrees(Pos* moves, int* keys, int n) {
  const Board& b = pos_.board();
  Color us = b.sideToMove();
  bool listed[CELL_NB] = {};
  for (int i = 0; i < n; ++i) listed[moves[i]] = true;
  for (const Pos* it = pos_.cellsBegin(); it != pos_.cellsEnd() && n < MAX_MOVES; ++it) {
    Pos p = *it;
    Threat t = b.threat(p, us);
    if (listed[p] || !b.isEmpty(p) || (t != T_F3 && t != T_33) || !pos_.isLegal<R>(p, us))
      continue;
    moves[n] = p;
    keys[n++] = threatKey(b, p, us);
  }
  return n;
}

template <Rule R>
Value SearchThread::qsearch(Value alpha, Value beta, int ply, int foursLeft) {
  // The caller counted this node; the quiescence counts the ones it plays.
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;
  if (b.threatCount(us, T_FIVE)) return winIn(ply + 1);
  if (b.threatCount(them, T_FIVE)) {
    // Inside the four quiescence: the opponent's four (or a counter-four
    // made by a block) must be blocked; the block is no leaf.
    Pos p = pos_.findThreat(them, T_FIVE);
    if (b.threatCount(them, T_FIVE) >= 2 || !pos_.isLegal<R>(p, us)) return lossIn(ply + 2);
    if (ply >= MAX_PLY - 2) return evaluate(b);
    if ((++nodes_ & 1023) == 0) checkLimits();
    if (aborted()) return 0;
    pos_.play<R>(p);
    Value v = -qsearch<R>(-beta, -alpha, ply + 1, foursLeft);
    pos_.undo();
    return v;
  }
  if (staticWin<R>()) return winIn(ply + 3);
  if ((!sh_.config.leafVcfFourThreeOnly || b.threatCount(us, T_43) > 0) &&
      threats_.hasFourMove(us)) {
    int r = threats_.vcf<R>(sh_.config.leafVcfFours, sh_.config.leafVcfNodes);
    if (r) return winIn(ply + r);
  }
  Value best = evaluate(b);
  if (best >= beta || foursLeft <= 0 || ply >= MAX_PLY - 4) return best;
  // Our fours near our own last stone (as Rapfi's quiescence: a four far
  // from it seldom belongs to the attack); the block follows, forced.
  Pos last = pos_.moveBack(2);
  if (last == NO_POS) return best;
  bool firstFour = foursLeft == sh_.config.quiescenceFours;
  Pos moves[Q4_OFFSETS.size()];
  int keys[Q4_OFFSETS.size()];
  int n = 0;
  for (int off : Q4_OFFSETS) {
    Pos p = Pos(last + off);
    if (!b.isEmpty(p)) continue;
    Threat t = b.threat(p, us);
    if (t < T_B4 || t > T_44) continue;
    // After the line's first four a simple four must also build (as
    // Rapfi's quiescence asks of its later fours).
    if (t == T_B4 && !firstFour && !isBuildingFour(b, p, us)) continue;
    if (!pos_.isLegal<R>(p, us)) continue;
    moves[n] = p;
    keys[n++] = int(t) * 4096 + b.cellScore(p, us) + b.cellScore(p, them);
  }
  sortMovesByKey(moves, keys, n);
  alpha = std::max(alpha, best);
  for (int i = 0; i < n; ++i) {
    if ((++nodes_ & 1023) == 0) checkLimits();
    if (aborted()) return 0;
    pos_.play<R>(moves[i]);
    Value v = -qsearch<R>(-beta, -alpha, ply + 1, foursLeft - 1);
    pos_.undo();
    if (aborted()) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

template <Rule R>
Value SearchThread::search(Value alpha, Value beta, int depth, int ply, bool pvNode) {
  // 1. Limits: poll the clock, node budget and stop flag now and then.
  if ((++nodes_ & 1023) == 0) checkLimits();
  if (aborted()) return 0;
  pvLen_[ply] = ply;
  const Board& b = pos_.board();
  Color us = b.sideToMove(), them = ~us;

  // 2. Immediate tactics. Our five wins; two opponent fives (or one we may
  //    not block, renju) lose; one opponent five forces the block.
  if (b.threatCount(us, T_FIVE)) return winIn(ply + 1);
  Pos forced = NO_POS;
  if (b.threatCount(them, T_FIVE)) {
    if (b.threatCount(them, T_FIVE) >= 2) return lossIn(ply + 2);
    forced = pos_.findThreat(them, T_FIVE);
    if (!pos_.isLegal<R>(forced, us)) return lossIn(ply + 2);
  }
  if (b.emptyCount() == 0) return VALUE_ZERO;
  if (ply >= MAX_PLY - 2) return evaluate(b);

  // 3. Mate-distance pruning: no line from here beats a five next move.
  alpha = std::max(alpha, lossIn(ply + 2));
  beta = std::min(beta, winIn(ply + 1));
  if (alpha >= beta) return alpha;

  // 4. Leaves: threat quiescence (static wins, VCF, evaluation). A forced
  //    block is not a leaf: answering a four costs no depth.
  if (depth <= 0 && forced == NO_POS)
    return qsearch<R>(alpha, beta, ply, sh_.config.quiescenceFours);

  // 5. Transposition table.
  TTData tte;
  Pos ttMove = NO_POS;
  const Pos excluded = excluded_[ply];
  bool ttHit = excluded == NO_POS && sh_.tt.probe(b.hash(), tte);
  if (ttHit) {
    ttMove = tte.move;
    Value v = valueFromTT(tte.value, ply);
    if (!pvNode && tte.depth >= depth &&
        ((tte.bound == BOUND_LOWER && v >= beta) || (tte.bound == BOUND_UPPER && v <= alpha) ||
         tte.bound == BOUND_EXACT))
      return v;
  }

  // 6. A straight four with no opponent four to answer it wins outright.
  if (forced == NO_POS && staticWin<R>()) return winIn(ply + 3);

  // 6a. Internal iterative reduction: a node of depth >= IIR_DEPTH with no
  //     table move is searched a ply shallower (its move order is a guess).
  if (forced == NO_POS && ttMove == NO_POS && excluded == NO_POS && depth >= IIR_DEPTH) --depth;

  // 6b. Reverse futility: far above beta near the leaves, with no threat of
  //     the opponent's that wins in two moves (no straight-four, four-three
  //     or double-four point that the opponent may legally play: Black's
  //     forbidden points do not count in renju), the evaluation is trusted.
  //     Steps 6b and 6c share one static evaluation, computed on demand;
  //     it is the cheap test, so it comes first (in renju the threat test
  //     checks Black's threat points for legality one by one).
  Value eval = -VALUE_INFINITE;
  auto staticEval = [&] {
    if (eval == -VALUE_INFINITE) eval = evaluate(b);
    return eval;
  };
  if (!pvNode && forced == NO_POS && excluded == NO_POS && depth <= RFP_DEPTH &&
      !isDecisive(beta)) {
    if (staticEval() - RFP_MARGIN * depth >= beta && !threats_.winsInTwo<R>(them))
      return staticEval();
  }

  // 6c. Razoring: far below alpha near the leaves, with no two-move win of
  //     our own to change it, the quiescence search decides.
  if (!pvNode && forced == NO_POS && excluded == NO_POS && depth <= RAZOR_DEPTH &&
      !isDecisive(alpha) && !threats_.winsInTwo<R>(us) &&
      staticEval() + RAZOR_BASE + RAZOR_MARGIN * depth < alpha) {
    Value q = qsearch<R>(alpha - 1, alpha, ply, sh_.config.quiescenceFours);
    if (q < alpha) return q;
  }

  // 7. Moves: the forced block, or threat-aware candidates.
  Pos moves[MAX_MOVES];
  int keys[MAX_MOVES];
  int n;
  if (forced != NO_POS) {
    moves[0] = forced;
    n = 1;
  } else {
    n = generate<R>(moves, keys, ttMove, ply, false);
    if (n == 0) {
      // No candidate: either the board has no stones near empty points
      // (cannot happen after the first move) or the opponent's open three
      // cannot be stopped and we have no four: any move, their straight
      // four, our block, their five.
      return b.stoneCount() ? lossIn(ply + 4) : evaluate(b);
    }
  }

  // 7a. Renju: the answer to an open three with at most three blocks costs
  //     no depth (the blocks only; our fours among the moves do not count).
  int ext = 0;
  if (R == Rule::RENJU && forced == NO_POS && facingThree_ && ply < 2 * rootDepth_) {
    int blocks = 0;
    for (int i = 0; i < n; ++i) blocks += b.threat(moves[i], us) < T_B4;
    ext = blocks <= THREE_EXT_BLOCKS;
  }

  // 7b. ProbCut (see PROBCUT_DEPTH): a shallow search of the first moves
  //     far above beta predicts the full one's cut.
  if (R != Rule::RENJU && !pvNode && forced == NO_POS && !facingThree_ && !facingFourThree_ &&
      excluded == NO_POS && depth >= PROBCUT_DEPTH && !isDecisive(beta)) {
    Value pb = beta + PROBCUT_MARGIN;
    bool tableBelow =
        ttHit && tte.depth >= depth - PROBCUT_REDUCTION && valueFromTT(tte.value, ply) < pb;
    if (!tableBelow && !isDecisive(pb)) {
      sortMovesByKey(moves, keys, n);
      for (int i = 0; i < std::min(n, PROBCUT_MOVES); ++i) {
        Pos m = moves[i];
        sh_.tt.prefetch(b.hashAfter(m));
        pos_.play<R>(m);
        carry_[ply + 1] = carry_[ply];
        Value v = -search<R>(-pb, -pb + 1, depth - 1 - PROBCUT_REDUCTION, ply + 1, false);
        pos_.undo();
        if (aborted()) return 0;
        if (v >= pb) {
          sh_.tt.store(b.hash(), m, valueToTT(v, ply), depth - PROBCUT_REDUCTION, BOUND_LOWER);
          return v;
        }
      }
    }
  }

  // 8. PVS over the moves, with late-move reductions and pruning for quiet
  //    moves (those that neither make nor block a three or more).
  Value best = -VALUE_INFINITE;
  Pos bestMove = NO_POS;
  Value alphaOrig = alpha;
  for (int i = 0; i < n; ++i) {
    // Lazy selection: many nodes cut off after their first move (the table
    // move), so a scan for the best (key descending, then position) comes
    // first; a node still going sorts the rest once, in the same order (a
    // scan per move cost about 9% of the time).
    if (forced == NO_POS && i == LAZY_PICKS) sortMovesByKey(moves + i, keys + i, n - i);
    if (forced == NO_POS && i < LAZY_PICKS) {
      int bi = i;
      for (int j = i + 1; j < n; ++j)
        if (keys[j] > keys[bi] || (keys[j] == keys[bi] && moves[j] < moves[bi])) bi = j;
      std::swap(moves[i], moves[bi]);
      std::swap(keys[i], keys[bi]);
    }
    Pos m = moves[i];
    if (m == excluded) continue;
    Threat mineT = b.threat(m, us), theirT = b.threat(m, them);
    bool tactical = forced != NO_POS || mineT >= T_F3 || theirT >= T_F3;
    bool semi = tactical && forced == NO_POS && isSemiThreat(mineT) && isSemiThreat(theirT);
    if (!pvNode && depth <= LMP_DEPTH && best > -VALUE_WIN_MIN &&
        ((!tactical && i >= LMP_LIMIT[depth]) || (semi && i >= SEMI_LMP_LIMIT[depth])))
      continue;
    int newDepth = forced != NO_POS ? depth : depth - 1 + ext;
    // 8a. Singular extension (see SE_DEPTH): the table move alone holds the
    //     table's bound, every other move failing low at half depth against
    //     it (a little lowered), so it is searched a ply deeper.
    if (R != Rule::RENJU && i == 0 && m == ttMove && forced == NO_POS && ply > 0 &&
        ply < 2 * rootDepth_ &&
        excluded == NO_POS && depth >= SE_DEPTH && tte.depth >= depth - SE_TABLE_DEPTH &&
        (tte.bound == BOUND_LOWER || tte.bound == BOUND_EXACT) &&
        !isDecisive(valueFromTT(tte.value, ply))) {
      Value sb = valueFromTT(tte.value, ply) - SE_MARGIN * depth;
      excluded_[ply] = m;
      Value sv = search<R>(sb - 1, sb, (depth - 1) / 2, ply, false);
      excluded_[ply] = NO_POS;
      if (aborted()) return 0;
      if (sv < sb) ++newDepth;
      else if (sb >= beta) return sb;  // multi-cut: another move holds beta too
    }
    // 8b. The forced block's fraction of a ply (see FORCED_EXT_CARRY).
    int carry = carry_[ply];
    if (R != Rule::RENJU && forced != NO_POS && depth >= 1 && ply < 2 * rootDepth_)
      carry += FORCED_EXT_CARRY;
    if (carry >= 100) {
      ++newDepth;
      carry -= 100;
    }
    carry_[ply + 1] = carry;
    // The child's table entry loads while the move updates the patterns.
    sh_.tt.prefetch(b.hashAfter(m));
    pos_.play<R>(m);
    Value v;
    if (i == 0) {
      v = -search<R>(-beta, -alpha, newDepth, ply + 1, pvNode);
    } else {
      int r = 0;
      if (depth >= 3 && (!tactical || semi) && i >= 2)
        r = REDUCTIONS.r[std::min(depth, 63)][std::min(i, 63)] + !pvNode;
      r = std::clamp(r, 0, std::max(newDepth - 1, 0));
      v = -search<R>(-alpha - 1, -alpha, newDepth - r, ply + 1, false);
      if (v > alpha && r > 0) v = -search<R>(-alpha - 1, -alpha, newDepth, ply + 1, false);
      if (v > alpha && v < beta && pvNode) v = -search<R>(-beta, -alpha, newDepth, ply + 1, true);
    }
    pos_.undo();
    if (aborted()) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        bestMove = m;
        alpha = v;
        if (pvNode) updatePv(ply, m);
        if (alpha >= beta) {
          if (!tactical && ply < MAX_PLY) {
            if (killers_[ply][0] != m) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = m;
            }
            // History with gravity toward 16384. The step is capped at
            // depth 16: past depth 32 the gravity term overshoots and the
            // value grows without bound (signed overflow), which iterative
            // deepening reaches on a nearly full board.
            int d2 = std::min(depth, 16) * std::min(depth, 16);
            int& h = history_[us][m];
            h += d2 * 32 - h * d2 / 512;
          }
          break;
        }
      }
    }
  }
  if (best == -VALUE_INFINITE) best = alpha;  // every move pruned

  // 9. Store the result (not for a singular test's partial move list).
  if (excluded != NO_POS) return best;
  Bound bound = best >= beta ? BOUND_LOWER : (best > alphaOrig ? BOUND_EXACT : BOUND_UPPER);
  sh_.tt.store(b.hash(), bestMove, valueToTT(best, ply), depth, bound);
  return best;
}

template <Rule R>
Value SearchThread::rootSearch(int depth, int& bestIndex, Value alpha, Value beta) {
  Value best = -VALUE_INFINITE;
  bool exact = sh_.config.exactRootValues;
  bestIndex = -1;
  pvLen_[0] = 0;
  for (size_t i = 0; i < rootMoves_.size(); ++i) {
    RootMove& rm = rootMoves_[i];
    pos_.play<R>(rm.move);
    ++nodes_;
    Value v;
    if (i == 0 || exact) {
      v = -search<R>(-beta, -alpha, depth - 1, 1, true);
    } else {
      v = -search<R>(-alpha - 1, -alpha, depth - 1, 1, false);
      if (v > alpha && !aborted()) v = -search<R>(-beta, -alpha, depth - 1, 1, true);
    }
    pos_.undo();
    if (aborted()) break;
    rm.value = v;
    rm.exact = i == 0 || exact || v > alpha;
    if (v > best) {
      best = v;
      bestIndex = int(i);
      pv_[0][0] = rm.move;
      for (int j = 1; j < pvLen_[1]; ++j) pv_[0][j] = pv_[1][j];
      pvLen_[0] = std::max(pvLen_[1], 1);
      if (!exact) alpha = std::max(alpha, v);
      if (!exact && v >= beta) break;  // an aspiration window failed high
    }
  }
  return best;
}

template <Rule R>
Value SearchThread::aspirationSearch(int depth, int& bestIndex, const SearchResult& last) {
  // The windows are described at ASPIRATION_DEPTH. Helpers, exact root
  // values (the levels' random choice) and proven values use the full one.
  failHigh_ = NO_POS;
  if (id_ != 0 || depth < ASPIRATION_DEPTH || last.depth == 0 || isDecisive(last.value) ||
      sh_.config.exactRootValues)
    return rootSearch<R>(depth, bestIndex, -VALUE_INFINITE, VALUE_INFINITE);
  int step = ASPIRATION_STEP;
  Value lo = std::max<int>(last.value - step, -VALUE_INFINITE);
  Value hi = std::min<int>(last.value + step, VALUE_INFINITE);
  for (;;) {
    Value v = rootSearch<R>(depth, bestIndex, lo, hi);
    if (aborted()) return v;
    if (v <= lo && lo > -VALUE_INFINITE) {
      step *= 2;
      lo = step > ASPIRATION_MAX_STEP ? -VALUE_INFINITE : std::max<int>(v - step, -VALUE_INFINITE);
    } else if (v >= hi && hi < VALUE_INFINITE) {
      step *= 2;
      hi = step > ASPIRATION_MAX_STEP ? VALUE_INFINITE : std::min<int>(v + step, VALUE_INFINITE);
      // The move that failed high leads the next pass.
      if (bestIndex > 0) {
        failHigh_ = rootMoves_[bestIndex].move;
        failHighBound_ = v;
      }
      sortRootMoves();
    } else {
      return v;
    }
  }
}

template <Rule R>
void SearchThread::iterate(SearchResult& out,
                           const std::function<void(const SearchInfo&)>& onIteration) {
  int maxDepth = sh_.limits.depth > 0 ? std::min(sh_.limits.depth, MAX_DEPTH) : MAX_DEPTH;
  // Helper threads start at alternating depths so they do not all search
  // the same tree (lazy SMP); they only feed the shared table.
  for (int depth = 1 + (id_ & 1); depth <= maxDepth; ++depth) {
    rootDepth_ = depth;
    int bestIndex = -1;
    Value v = aspirationSearch<R>(depth, bestIndex, out);
    if (id_ != 0) {
      if (aborted()) return;
      continue;
    }
    if (aborted()) {
      // A partial iteration still counts when a later move beat the first
      // (the previous best) at the new depth: both were searched to it, the
      // later one with a full window. It may score below the previous
      // iteration's value: the first move's value fell further.
      if (bestIndex > 0 && rootMoves_[bestIndex].exact) {
        out.best = rootMoves_[bestIndex].move;
        out.value = rootMoves_[bestIndex].value;
        out.pv.assign(pv_[0], pv_[0] + pvLen_[0]);
      } else if (failHigh_ != NO_POS && rootMoves_[0].move == failHigh_ &&
                 rootMoves_[0].value >= failHighBound_) {
        // Cut during the pass after a fail high: the move that failed high
        // beat the first one at this depth (SPRT: +20 in freestyle and renju).
        out.best = failHigh_;
        out.value = failHighBound_;
        out.pv.assign(1, failHigh_);
      }
      return;
    }
    sortRootMoves();
    Value previous = out.depth > 0 ? out.value : v;
    out.best = rootMoves_[0].move;
    out.value = v;
    out.depth = depth;
    out.pv.assign(pv_[0], pv_[0] + pvLen_[0]);
    out.rootMoves = rootMoves_;
    if (onIteration) {
      SearchInfo info{depth, v, nodes(), sh_.clock.millis(), out.pv};
      onIteration(info);
    }
    // Proven results do not change with more depth.
    if (isDecisive(v) && depth >= std::abs(mateDistance(v))) return;
    bool falling = !isDecisive(previous) && v < previous - FALLING_MARGIN;
    if (sh_.limits.softMs && sh_.clock.millis() >= sh_.limits.softMs && !falling) return;
  }
}

}  // namespace

Searcher::Searcher(TranspositionTable& tt) : tt_(tt) {}
Searcher::~Searcher() = default;

SearchResult Searcher::search(const Board& board, const SearchLimits& limits,
                              const SearchConfig& config, const std::vector<Pos>& allowed,
                              const std::atomic<bool>* stop,
                              const std::function<void(const SearchInfo&)>& onIteration) {
  // Under a node limit the root threat searches get at most an eighth of it
  // each, so the main search always has nodes left.
  SearchConfig cfg = config;
  if (limits.nodes) {
    uint64_t share = std::max<uint64_t>(limits.nodes / 8, 1000);
    cfg.rootVcfNodes = std::min(cfg.rootVcfNodes, share);
    cfg.vctNodes = std::min(cfg.vctNodes, share);
  }
  Shared sh{tt_, limits, cfg, stop, {}, Stopwatch{}, 1};
  sh.threads = std::max(limits.threads, 1);
  SearchResult res;
  tt_.newSearch();
  auto main = std::make_unique<SearchThread>(sh, board, 0);

  withRule(board.rule(), [&]<Rule R>() {
    Position& pos = main->pos();
    ThreatSearch& ts = main->threats();
    const Board& b = pos.board();
    Color us = b.sideToMove(), them = ~us;
    auto finish = [&](Pos move, Value v, const char* source) {
      res.best = move;
      res.value = v;
      res.source = source;
      if (res.pv.empty() && move != NO_POS) res.pv.push_back(move);
    };
    std::vector<bool> allowedMask(CELL_NB, allowed.empty());
    for (Pos p : allowed) allowedMask[p] = true;
    auto ok = [&](Pos p) { return p != NO_POS && b.isEmpty(p) && allowedMask[p]; };

    // The root's threat searches below may use two fifths of the soft time.
    if (limits.softMs) sh.threatDeadlineMs = std::max<int64_t>(limits.softMs * 2 / 5, 1);

    // 1. Trivial and forced cases: our five, the opponent's five to block.
    if (b.emptyCount() == 0) return;
    if (b.threatCount(us, T_FIVE)) {
      Pos p = pos.findThreat(us, T_FIVE);
      if (ok(p)) return finish(p, winIn(1), "vcf");
    }
    if (b.threatCount(them, T_FIVE)) {
      Pos p = pos.findThreat(them, T_FIVE);
      bool lost = b.threatCount(them, T_FIVE) >= 2 || !pos.isLegal<R>(p, us);
      if (ok(p) && pos.isLegal<R>(p, us))
        return finish(p, lost ? lossIn(2) : evaluate(b), "forced");
    }

    // 2. Our own VCF, then VCT.
    if (int r = ts.vcf<R>(cfg.rootVcfFours, cfg.rootVcfNodes); r && ok(ts.pv()[0])) {
      res.pv = ts.pv();
      return finish(ts.pv()[0], winIn(r), "vcf");
    }
    if (cfg.vctDepth > 0 && ts.vct<R>(cfg.vctDepth, cfg.rootVcfFours, cfg.vctNodes) &&
        ok(ts.pv()[0])) {
      res.pv = ts.pv();
      return finish(ts.pv()[0], VALUE_WIN_MIN, "vct");
    }

    // 3. Root candidates: the usual generator, or near the allowed points
    //    on an empty board.
    Pos moves[MAX_MOVES];
    int keys[MAX_MOVES];
    int n = b.stoneCount() ? main->generate<R>(moves, keys, NO_POS, 0) : 0;
    // Against a four-three threat the generator keeps only the points on
    // its lines (and our fours); at the root our threes join them: a three
    // elsewhere can still win (the opponent must answer it first), and a
    // root that sees every kept move lost should not stop there.
    if (n && main->facingFourThree()) n = main->addThrees<R>(moves, keys, n);
    std::vector<Pos> cands;
    for (int i = 0; i < n; ++i)
      if (ok(moves[i])) cands.push_back(moves[i]);
    if (cands.empty()) {
      // Nothing near the stones (first move, a restricted move, or a lost
      // position): fall back on every allowed point, centre first.
      Pos c = b.center();
      for (const Pos* it = pos.cellsBegin(); it != pos.cellsEnd(); ++it)
        if (ok(*it) && pos.isLegal<R>(*it, us)) cands.push_back(*it);
      std::stable_sort(cands.begin(), cands.end(), [&](Pos a, Pos q) {
        auto dist = [&](Pos x) {
          return std::max(std::abs(posX(x) - posX(c)), std::abs(posY(x) - posY(c)));
        };
        return dist(a) < dist(q);
      });
      if (cands.empty()) return;
    }

    // 4. If the opponent threatens a VCF, keep the moves that refute it
    //    (and our fours, which the search judges), when any do.
    bool vcfThreat = false;
    if (cfg.rootVcfDefence && cands.size() > 1) {
      pos.pass();
      bool threatened = ts.vcf<R>(cfg.rootVcfFours, cfg.rootVcfNodes) != 0;
      pos.undo();
      vcfThreat = threatened;
      if (threatened) {
        std::vector<Pos> kept;
        uint64_t each = std::max<uint64_t>(cfg.rootVcfNodes / 8, 1000);
        bool complete = true;
        uint64_t filterStart = ts.nodes();
        for (Pos m : cands) {
          if ((limits.softMs && sh.clock.millis() > limits.softMs / 2) ||
              ts.nodes() > filterStart + 2 * cfg.rootVcfNodes) {
            complete = false;
            break;
          }
          if (b.threat(m, us) >= T_B4) {
            kept.push_back(m);
            continue;
          }
          pos.play<R>(m);
          bool refuted = ts.vcf<R>(cfg.rootVcfFours, each) == 0;
          // Out of time (not just its node budget): the filter is unfinished.
          bool unknown = ts.aborted() && (sh.abort || (sh.threatDeadlineMs &&
                                                        sh.clock.millis() >= sh.threatDeadlineMs));
          pos.undo();
          if (unknown) {
            complete = false;
            break;
          }
          if (refuted) kept.push_back(m);
        }
        bool anyBlock =
            std::any_of(kept.begin(), kept.end(), [&](Pos m) { return b.threat(m, us) < T_B4; });
        if (anyBlock && complete && !sh.abort) cands = kept;
      }
    }
    // 5. The same against an opponent VCT, when no VCF threat settled it.
    if (cfg.rootVctDefence && cfg.vctDepth > 0 && !vcfThreat && cands.size() > 1 && !sh.abort) {
      pos.pass();
      bool threatened = ts.vct<R>(cfg.vctDepth, cfg.rootVcfFours, cfg.vctNodes);
      pos.undo();
      if (threatened) {
        std::vector<Pos> kept;
        bool anyQuiet = false, complete = true;
        uint64_t filterStart = ts.nodes();
        for (Pos m : cands) {
          // The filter may use at most a quarter of the soft time and four
          // root VCT budgets; an unfinished filter is dropped (the search
          // then judges every move).
          if ((limits.softMs && sh.clock.millis() > limits.softMs / 4) ||
              ts.nodes() > filterStart + 4 * cfg.vctNodes) {
            complete = false;
            break;
          }
          if (b.threat(m, us) >= T_F3) {
            kept.push_back(m);
            continue;
          }
          pos.play<R>(m);
          bool refuted = !ts.vct<R>(cfg.vctDepth, cfg.rootVcfFours, cfg.vctNodes / 4);
          // Out of time (not just its node budget): the filter is unfinished.
          bool unknown = ts.aborted() && (sh.abort || (sh.threatDeadlineMs &&
                                                        sh.clock.millis() >= sh.threatDeadlineMs));
          pos.undo();
          if (unknown) {
            complete = false;
            break;
          }
          if (refuted) {
            kept.push_back(m);
            anyQuiet = true;
          }
          if (sh.abort) break;
        }
        if (anyQuiet && complete && !sh.abort) cands = kept;
      }
    }
    if (cands.size() == 1 && !cfg.exactRootValues) return finish(cands[0], evaluate(b), "forced");

    // 6. Iterative deepening, with helpers sharing the table.
    sh.threatDeadlineMs = 0;
    for (Pos m : cands) main->rootMoves().push_back(RootMove{m, -VALUE_INFINITE, false});
    res.best = cands[0];
    res.value = -VALUE_INFINITE;
    res.source = "search";
    std::vector<std::unique_ptr<SearchThread>> helpers;
    std::vector<std::thread> workers;
    for (int t = 1; t < sh.threads; ++t) {
      helpers.push_back(std::make_unique<SearchThread>(sh, board, t));
      helpers.back()->rootMoves() = main->rootMoves();
    }
    for (auto& h : helpers)
      workers.emplace_back([&h] {
        SearchResult ignored;
        h->iterate<R>(ignored, {});
      });
    main->iterate<R>(res, onIteration);
    sh.abort = true;
    for (auto& w : workers) w.join();
    if (res.value == -VALUE_INFINITE) res.value = evaluate(b);
    for (auto& h : helpers) res.nodes += h->nodes();
  });

  res.nodes += main->nodes();
  res.elapsedMs = sh.clock.millis();
  return res;
}

}  // namespace gomoku
