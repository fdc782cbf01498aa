#pragma once
/// The main search: iterative deepening PVS alpha-beta over a Board, with a
/// shared transposition table, threat-aware move generation, VCF as the
/// quiescence search, VCF/VCT at the root, and lazy SMP for several threads.
///
/// Works on Board only (no Game), so the bench and tests can drive it
/// directly; the Engine facade turns a Game into a Board plus limits.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/tt.h"
#include "engine/value.h"
#include "rules/board.h"

namespace gomoku {

/// When to stop. Zero means "no limit" for each field.
struct SearchLimits {
  int depth = 0;       ///< maximum iterative-deepening depth
  uint64_t nodes = 0;  ///< node budget (all threads together, roughly)
  int64_t softMs = 0;  ///< do not start a new iteration after this
  int64_t hardMs = 0;  ///< abort the running iteration after this
  int threads = 1;
};

/// How hard to look. The levels are different values of these, not
/// different code.
struct SearchConfig {
  int leafVcfFours = 12;         ///< fours allowed in the VCF at the leaves
  uint64_t leafVcfNodes = 2000;  ///< node budget of one leaf VCF
  /// Run the leaf VCF only where the side to move has a four-three point.
  /// A VCF is tried at most leaves otherwise (nearly every position has a
  /// four to make), and those searches took about 80% of the nodes.
  bool leafVcfFourThreeOnly = true;
  /// Fours the quiescence search may play in one line (both sides
  /// together): at a leaf the side to move may stand on its evaluation or
  /// make a four near its own last stone, the block is forced, and the
  /// position after it is judged the same way; after the line's first
  /// four only building fours (isBuildingFour), four-threes and double
  /// fours (in renju only those Black may legally play). 0: the
  /// evaluation alone.
  int quiescenceFours = 4;
  /// Where the opponent has a four-three or double-four point and we have
  /// no such threat (nor an open three), search only the moves on its
  /// lines and our fours (ThreatSearch::fourThreeDefences).
  bool fourThreeDefence = true;
  int rootVcfFours = 40;         ///< fours allowed in the VCF at the root
  uint64_t rootVcfNodes = 200000;
  int vctDepth = 0;       ///< threats deep for the root VCT (0: none)
  uint64_t vctNodes = 0;  ///< node budget of the root VCT
  /// Keep only root moves after which the opponent has no VCF (when some
  /// move achieves that).
  bool rootVcfDefence = true;
  /// The same against the opponent's VCT (threes and fours; uses vctDepth
  /// and vctNodes per test). Our own fours and threes are always kept:
  /// a counter-threat can be the defence.
  bool rootVctDefence = false;
  /// Search every root move with a full window so all root values are
  /// exact (for a level's randomised choice among near-best moves).
  bool exactRootValues = false;
};

struct RootMove {
  Pos move = NO_POS;
  Value value = -VALUE_INFINITE;
  bool exact = false;  ///< value is exact (not just an upper bound)
};

struct SearchInfo {
  int depth = 0;
  Value value = 0;
  uint64_t nodes = 0;
  int64_t elapsedMs = 0;
  std::vector<Pos> pv;
};

struct SearchResult {
  Pos best = NO_POS;
  Value value = 0;
  int depth = 0;       ///< last completed iteration (0: threat search only)
  uint64_t nodes = 0;  ///< all threads, threat-search nodes included
  int64_t elapsedMs = 0;
  std::vector<Pos> pv;
  /// Root moves of the last completed iteration, best first.
  std::vector<RootMove> rootMoves;
  /// "vcf", "vct", "forced", "search" or "none" (no legal move).
  const char* source = "none";
};

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt);
  ~Searcher();

  /// Searches `board` for the side to move. `allowed` (if non-empty) limits
  /// the root moves, e.g. to the Game's legal points. `stop` may be set from
  /// another thread to end the search early.
  SearchResult search(const Board& board, const SearchLimits& limits, const SearchConfig& config,
                      const std::vector<Pos>& allowed = {}, const std::atomic<bool>* stop = nullptr,
                      const std::function<void(const SearchInfo&)>& onIteration = {});

 private:
  TranspositionTable& tt_;
};

/// The value of a win or loss as "plies to the five" (>0 we win), if any.
int mateDistance(Value v);

}  // namespace gomoku
