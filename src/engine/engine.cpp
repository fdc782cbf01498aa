#include "engine/engine.h"

#include <algorithm>
#include <cmath>
#include <mutex>

#include "core/timer.h"
#include "core/zobrist.h"
#include "engine/eval.h"
#include "engine/captures.h"
#include "engine/fishing.h"
#include "engine/tt.h"

namespace gomoku {

std::optional<Level> parseLevel(std::string_view s) {
  if (s == "easy") return Level::EASY;
  if (s == "medium" || s == "normal") return Level::MEDIUM;
  if (s == "hard") return Level::HARD;
  return std::nullopt;
}

std::string levelName(Level l) {
  switch (l) {
    case Level::EASY: return "easy";
    case Level::HARD: return "hard";
    case Level::MEDIUM: break;
  }
  return "medium";
}

LevelSettings levelSettings(Level level, Variant variant) {
  LevelSettings s;
  switch (level) {
    case Level::EASY:
      // Four plies, a VCF of at most three fours and no defence filter: it
      // sees short threats only, and picks at random among its best four
      // within 150, the human-sized holes. About 350 Elo below Medium
      // (docs/match.md); at depth 2 it was 800 below, too weak a step.
      // The depth ends its search (50 to 250 ms on our machine); the time
      // is only a cap, wide enough that slow (sanitizer) builds still reach
      // the depth and a seed repeats the move.
      s.limits.depth = 4;
      s.limits.timeMs = 1500;
      s.config.leafVcfFours = 1;
      s.config.leafVcfNodes = 50;
      s.config.leafVcfFourThreeOnly = false;  // as calibrated (docs/match.md)
      s.config.quiescenceFours = 0;  // as calibrated: the evaluation alone at the leaves
      s.config.rootVcfFours = 3;
      s.config.rootVcfNodes = 2000;
      s.config.rootVcfDefence = false;
      s.config.exactRootValues = true;
      s.randomMargin = 150;  // in the fitted evaluation's units (rules/weights.h)
      // Renju: within 100, or Medium (Hard's settings at 150 ms) stood
      // about 410 above it (docs/match.md, session 43: +300 with 100).
      if (variant == Variant::RENJU) s.randomMargin = 100;
      s.randomTop = 4;
      break;
    case Level::MEDIUM:
      if (variant == Variant::RENJU) {
        // Renju: Hard's threat settings, one thread and 150 ms. The Gomoku
        // Medium below (root VCT, VCF at every leaf with a four) spends its
        // time on threat searches that renju's forbidden points make
        // costly: it was about 480 Elo below Hard, and Hard's settings at
        // 250 ms were some 400 above it; at 80 and 100 ms they were 400 to
        // 450 below Hard and 250 above Easy, so 150 ms (docs/match.md).
        s = levelSettings(Level::HARD, variant);
        s.limits.timeMs = 150;
        s.limits.threads = 1;
        break;
      }
      // 250 ms (it was 1 s: only about 150 Elo below Hard; docs/match.md).
      s.limits.timeMs = 250;
      s.config.leafVcfFours = 10;
      s.config.leafVcfNodes = 1000;
      s.config.leafVcfFourThreeOnly = false;  // as calibrated (docs/match.md)
      s.config.quiescenceFours = 0;  // as calibrated: the evaluation alone at the leaves
      s.config.rootVcfFours = 30;
      s.config.rootVcfNodes = 100000;
      s.config.vctDepth = 4;
      s.config.vctNodes = 40000;
      s.config.rootVctDefence = true;
      break;
    case Level::HARD:
      s.limits.timeMs = 4000;
      s.limits.threads = 2;
      s.config.leafVcfFours = 16;
      s.config.leafVcfNodes = 4000;
      s.config.rootVcfFours = 60;
      s.config.rootVcfNodes = 400000;
      // No root VCT and no VCT defence filter: at 0.1 to 0.3 s a move they
      // cost more depth than they find (SPRT, docs/engine-log.md). The
      // VCF searches stay: at the root, in its defence filter, and at the
      // leaves where the side to move has a four-three point.
      break;
  }
  return s;
}

namespace {

/// Soft and hard deadlines from the per-move and match time. The soft one
/// (no new iteration after it) is seven tenths of the hard one: an
/// iteration usually costs more than all earlier ones together, so one
/// started late rarely finishes, but its first moves still count when they
/// beat the best so far (SPRT: +13 over half the budget, engine-log).
void timeBudget(const Limits& l, SearchLimits& out) {
  int64_t budget = l.timeMs;
  if (l.matchTimeLeftMs > 0) {
    // Plan for about 20 more moves of our own, never more than a third of
    // what is left, keeping a reserve for the front-end's own overhead.
    int64_t share = std::max<int64_t>(l.matchTimeLeftMs / 20, 1);
    share = std::min(share, l.matchTimeLeftMs / 3);
    budget = budget > 0 ? std::min(budget, share) : share;
  }
  if (budget <= 0) return;
  int64_t hard = std::max<int64_t>(budget - std::min<int64_t>(budget / 20, 50), 1);
  out.hardMs = hard;
  out.softMs = std::max<int64_t>(hard * 7 / 10, 1);
}

SearchLimits toSearchLimits(const Limits& l) {
  SearchLimits s;
  s.depth = l.depth;
  s.nodes = l.nodes;
  s.threads = std::max(l.threads, 1);
  timeBudget(l, s);
  return s;
}

/// Deterministic per-call random numbers (splitmix64 of seed and position).
struct Rng {
  uint64_t state;
  uint64_t next() { return splitmix64(state); }
  int below(int n) { return n <= 1 ? 0 : int(next() % uint64_t(n)); }
};

/// Medium varies its moves (by the seed) while fewer stones than this are
/// on the board, among root moves this close to the best.
constexpr int MEDIUM_VARIED_STONES = 6;
constexpr int MEDIUM_OPENING_MARGIN = 80;
constexpr int MEDIUM_OPENING_DEPTH = 4;
/// Hard varies only its first move or two, among root moves valued within
/// a few points of the best by a deeper search; a value that is a proven
/// win or loss is never traded (see playStone).
constexpr int HARD_VARIED_STONES = 4;
constexpr int HARD_OPENING_MARGIN = 60;
constexpr int HARD_OPENING_DEPTH = 6;
/// The seeded opening searches end at their depth; the clock is only a cap,
/// never shorter than this.
constexpr int64_t VARIED_MIN_CAP_MS = 1500;

int chebyshev(Pos a, Pos b) {
  return std::max(std::abs(posX(a) - posX(b)), std::abs(posY(a) - posY(b)));
}

}  // namespace

struct Engine::Impl {
  explicit Impl(size_t mib) : tt(mib) {}
  TranspositionTable tt;
  std::atomic<bool> stop{false};
  uint64_t seed = 1;
  int threads = 0;  ///< setThreads(); 0: the levels' own

  ThinkResult run(const Game& game, const Limits& limits, const SearchConfig& config,
                  int randomMargin, int randomTop,
                  const std::function<void(const Progress&)>& onProgress);

  // The computer's turn in each phase.
  ThinkResult playStone(const Game& game, const Limits& limits, const SearchConfig& config,
                        int randomMargin, int randomTop,
                        const std::function<void(const Progress&)>& onProgress);
  ThinkResult openingStones(const Game& game);
  ThinkResult colourChoice(const Game& game, const Limits& limits, const SearchConfig& config);
  ThinkResult rifPropose(const Game& game, const Limits& limits, const SearchConfig& config);
  ThinkResult rifKeep(const Game& game, const Limits& limits, const SearchConfig& config);
  ThinkResult drawAnswer(const Game& game, const Limits& limits, const SearchConfig& config);
  ThinkResult capturesTurn(const Game& game, const CapturesSettings& settings,
                           const std::function<void(const Progress&)>& onProgress = {});
  ThinkResult fishingTurn(const Game& game, const FishingSettings& settings,
                          const std::function<void(const Progress&)>& onProgress = {});

  SearchResult searchBoard(const Board& b, const Limits& limits, const SearchConfig& config,
                           const std::vector<Pos>& allowed = {},
                           const std::function<void(const SearchInfo&)>& onIteration = {}) {
    Searcher s(tt);
    return s.search(b, toSearchLimits(limits), config, allowed, &stop, onIteration);
  }
  Rng rngFor(const Board& b) const { return Rng{seed ^ b.hash()}; }
};

namespace {
/// Explicit limits (Gomocup, `gomoku move --time-ms`) applied to the
/// whole-turn searches of Captures and Fishing.
template <class Settings>
Settings withLimits(Settings s, const Limits& l) {
  if (l.timeMs > 0) s.timeMs = l.timeMs;
  if (l.depth > 0) s.maxDepth = l.depth;
  return s;
}

/// A stop request applies to the search running when it arrives, or to the
/// next one if it arrives just before that search starts (a front-end's
/// thread may not have entered think() yet); it is cleared when think()
/// returns.
struct StopReset {
  std::atomic<bool>& flag;
  ~StopReset() { flag.store(false); }
};
}  // namespace

Engine::Engine(size_t hashMiB) : impl_(new Impl(hashMiB)) {}
Engine::~Engine() { delete impl_; }
void Engine::setHashMiB(size_t mib) { impl_->tt.resize(mib); }
void Engine::clear() { impl_->tt.clear(); }
void Engine::setSeed(uint64_t seed) { impl_->seed = seed; }
void Engine::setThreads(int threads) { impl_->threads = std::max(threads, 0); }
void Engine::stop() { impl_->stop.store(true); }
void Engine::clearStop() { impl_->stop.store(false); }

ThinkResult Engine::think(const Game& game, const Limits& limits,
                          const std::function<void(const Progress&)>& onProgress) {
  StopReset reset{impl_->stop};
  // Explicit limits (Gomocup, analysis) get full-strength threat searches.
  Limits l = limits;
  // A depth or node limit keeps its one thread: such a search repeats exactly.
  if (impl_->threads > 0 && l.threads <= 1 && l.depth == 0 && l.nodes == 0) l.threads = impl_->threads;
  return impl_->run(game, l, levelSettings(Level::HARD, game.rules().variant).config, 0, 1, onProgress);
}

ThinkResult Engine::think(const Game& game, Level level,
                          const std::function<void(const Progress&)>& onProgress) {
  StopReset reset{impl_->stop};
  LevelSettings s = levelSettings(level, game.rules().variant);
  // Medium and Hard play their best move, which made every game start
  // alike: in the first few moves (quiet positions, where near-equal moves
  // really are near-equal) they pick among the near-best by the seed, as
  // Easy does; Hard only for its first move or two, within a narrow margin.
  const bool hard = level == Level::HARD;
  if (hard && impl_->threads > 0) s.limits.threads = impl_->threads;
  const bool varied = (level == Level::MEDIUM || hard) &&
                      game.board().stoneCount() < (hard ? HARD_VARIED_STONES : MEDIUM_VARIED_STONES);
  if (varied) {
    // A depth, not the clock, ends this search: the same seed and position
    // must give the same move (the time stays a cap).
    s.limits.depth = hard ? HARD_OPENING_DEPTH : MEDIUM_OPENING_DEPTH;
    // A short level time (renju Medium's 150 ms) must not end this search
    // before its depth on a slow or busy machine.
    s.limits.timeMs = std::max<int64_t>(s.limits.timeMs, VARIED_MIN_CAP_MS);
    s.limits.threads = 1;  // helper threads would make the values differ run to run
    s.config.exactRootValues = true;
    s.randomMargin = hard ? HARD_OPENING_MARGIN : MEDIUM_OPENING_MARGIN;
    s.randomTop = 3;
  }
  // Captures and Fishing have their own searches with their own levels.
  Variant v = game.rules().variant;
  bool ownTurn = game.phase() == Phase::PLAY || game.phase() == Phase::REEL_PENDING;
  if (ownTurn && v == Variant::FISHING) {
    FishingSettings fs = fishingSettings(level);
    if (varied) {  // as above: a depth the clock never cuts, so a seed repeats
      fs.randomTop = 3;
      fs.maxDepth = std::min(fs.maxDepth, MEDIUM_OPENING_DEPTH);
    }
    return impl_->fishingTurn(game, fs, onProgress);
  }
  if (ownTurn && v == Variant::CAPTURES) {
    CapturesSettings cs = capturesSettings(level);
    if (varied) {
      cs.randomTop = 3;
      cs.maxDepth = std::min(cs.maxDepth, MEDIUM_OPENING_DEPTH);
    }
    return impl_->capturesTurn(game, cs, onProgress);
  }
  return impl_->run(game, s.limits, s.config, s.randomMargin, s.randomTop, onProgress);
}

ThinkResult Engine::Impl::run(const Game& game, const Limits& limits, const SearchConfig& config,
                              int randomMargin, int randomTop,
                              const std::function<void(const Progress&)>& onProgress) {
  Stopwatch clock;
  ThinkResult r;
  if (game.over()) return r;
  switch (game.phase()) {
    case Phase::PLAY:
      if (game.rules().variant == Variant::CAPTURES)
        r = capturesTurn(game, withLimits(capturesSettings(Level::HARD), limits), onProgress);
      else if (game.rules().variant == Variant::FISHING)
        r = fishingTurn(game, withLimits(fishingSettings(Level::HARD), limits), onProgress);
      else r = playStone(game, limits, config, randomMargin, randomTop, onProgress);
      break;
    case Phase::OPENING_STONES:
    case Phase::SWAP2_STONES: r = openingStones(game); break;
    case Phase::SWAP_CHOICE:
    case Phase::SWAP2_CHOICE:
    case Phase::SWAP2_FINAL: r = colourChoice(game, limits, config); break;
    case Phase::RIF_PROPOSE: r = rifPropose(game, limits, config); break;
    case Phase::RIF_KEEP: r = rifKeep(game, limits, config); break;
    case Phase::DRAW_OFFERED: r = drawAnswer(game, limits, config); break;
    case Phase::REEL_PENDING: {
      // The computer completes a reel it faces (normally it reels within
      // its own turn, see fishingTurn).
      r = fishingTurn(game, fishingSettings(Level::MEDIUM));
      break;
    }
    case Phase::OVER: break;
  }
  r.timeMs = clock.millis();
  return r;
}

// ---- normal play -----------------------------------------------------------

ThinkResult Engine::Impl::playStone(const Game& game, const Limits& limits,
                                    const SearchConfig& config, int randomMargin, int randomTop,
                                    const std::function<void(const Progress&)>& onProgress) {
  ThinkResult out;
  const Board& board = game.board();
  std::vector<Pos> allowed = game.legalPoints();
  if (allowed.empty()) return out;
  auto onIteration = [&](const SearchInfo& info) {
    if (!onProgress) return;
    Progress p;
    p.depth = info.depth;
    p.eval = info.value;
    p.nodes = info.nodes;
    p.elapsedMs = info.elapsedMs;
    p.pv = info.pv;
    onProgress(p);
  };
  SearchResult sr = searchBoard(board, limits, config, allowed, onIteration);
  out.threads = std::max(limits.threads, 1);
  Pos move = sr.best;

  // A level's deliberate imprecision: a seeded pick among the near-best
  // root moves, never throwing away a proven win or walking into a proven
  // loss that the best move avoids.
  if (randomMargin > 0 && sr.source == std::string("search") && !sr.rootMoves.empty() &&
      sr.value < VALUE_WIN_MIN) {
    std::vector<Pos> pool;
    for (const RootMove& rm : sr.rootMoves) {
      if (int(pool.size()) >= randomTop) break;
      if (!rm.exact || rm.value < sr.value - randomMargin || rm.value <= -VALUE_WIN_MIN) continue;
      pool.push_back(rm.move);
    }
    if (!pool.empty()) move = pool[rngFor(board).below(int(pool.size()))];
  }

  // The search only returns legal points; guard anyway (forbidden points
  // for Black in renju are legal for Game but lose).
  Board scratch = board;
  auto acceptable = [&](Pos p) {
    return p != NO_POS && game.check(Action::place(p)).empty() &&
           !(game.rules().variant == Variant::RENJU && board.sideToMove() == BLACK &&
             scratch.isForbidden(p));
  };
  if (!acceptable(move)) {
    move = NO_POS;
    for (Pos p : allowed)
      if (acceptable(p) &&
          (move == NO_POS || chebyshev(p, board.center()) < chebyshev(move, board.center())))
        move = p;
    if (move == NO_POS) move = allowed.front();  // every point loses; any will do
  }
  out.move = move;
  out.tokens.push_back(actionToken(Action::place(move)));
  out.eval = sr.value;
  if (isDecisive(sr.value)) out.mateIn = mateDistance(sr.value);
  out.depth = sr.depth;
  out.nodes = sr.nodes;
  out.pv = sr.pv;
  if (out.pv.empty() || out.pv[0] != move) out.pv = {move};
  return out;
}

// ---- opening protocols -------------------------------------------------------

ThinkResult Engine::Impl::openingStones(const Game& game) {
  // The opener wants a balanced position (the other side picks colours):
  // each stone goes where the static evaluation is closest to even, among
  // points near the centre and the stones already placed.
  ThinkResult out;
  Game g = game;
  Phase phase = g.phase();
  while (g.phase() == phase && !g.over()) {
    const Board& b = g.board();
    std::vector<std::pair<int, Pos>> scored;
    for (Pos p : g.legalPoints()) {
      if (chebyshev(p, b.center()) > 3) continue;
      bool near = b.stoneCount() == 0;
      for (int dy = -2; dy <= 2 && !near; ++dy)
        for (int dx = -2; dx <= 2 && !near; ++dx) {
          Pos q = makePos(posX(p) + dx, posY(p) + dy);
          near = b.inside(posX(q), posY(q)) && isStone(b.at(q));
        }
      if (!near) continue;
      Board trial = b;
      trial.play(p);
      if (trial.isFiveAt(p)) continue;
      scored.emplace_back(std::abs(evaluate(trial)), p);
    }
    if (scored.empty())
      for (Pos p : g.legalPoints()) scored.emplace_back(chebyshev(p, b.center()), p);
    if (scored.empty()) break;
    std::sort(scored.begin(), scored.end());
    // Some variety between games: any of the three most balanced points.
    Pos p = scored[rngFor(b).below(std::min<int>(3, int(scored.size())))].second;
    if (!g.apply(Action::place(p)).empty()) break;
    out.tokens.push_back(actionToken(Action::place(p)));
    out.move = p;
  }
  return out;
}

namespace {

/// Short limits for the opening decisions: a fraction of the move's time.
Limits decisionLimits(const Limits& l) {
  Limits d = l;
  d.threads = 1;
  if (d.timeMs > 0) d.timeMs = std::max<int64_t>(d.timeMs / 3, 1);
  if (d.timeMs == 0 && d.depth == 0 && d.nodes == 0) d.depth = 6;
  if (d.depth == 0 || d.depth > 8) d.depth = 8;
  return d;
}

}  // namespace

ThinkResult Engine::Impl::colourChoice(const Game& game, const Limits& limits,
                                       const SearchConfig& config) {
  // The decider (toMove) keeps its colour with "stay" and takes the other
  // with "swap"; it wants the colour the search favours. The searched side
  // is the side to move on the board.
  ThinkResult out;
  const Board& b = game.board();
  SearchResult sr = searchBoard(b, decisionLimits(limits), config);
  Color favoured = sr.value >= 0 ? b.sideToMove() : ~b.sideToMove();
  Color decider = game.toMove().value_or(WHITE);
  Action a = Action::simple(favoured == decider ? ActionType::STAY : ActionType::SWAP);
  if (!game.check(a).empty()) a = Action::simple(ActionType::STAY);
  out.tokens.push_back(actionToken(a));
  out.eval = favoured == b.sideToMove() ? sr.value : -sr.value;
  out.nodes = sr.nodes;
  out.depth = sr.depth;
  return out;
}

ThinkResult Engine::Impl::rifPropose(const Game& game, const Limits& limits,
                                     const SearchConfig& config) {
  // White keeps the proposal worse for Black, so Black offers its two best
  // moves that are not symmetric to each other.
  ThinkResult out;
  const Board& b = game.board();
  SearchConfig c = config;
  c.exactRootValues = true;
  Limits l = decisionLimits(limits);
  l.depth = std::min(l.depth, 3);
  SearchResult sr = searchBoard(b, l, c);
  std::vector<Pos> order;
  for (const RootMove& rm : sr.rootMoves) order.push_back(rm.move);
  for (Pos p : game.legalPoints())
    if (std::find(order.begin(), order.end(), p) == order.end() && chebyshev(p, b.center()) <= 3)
      order.push_back(p);
  for (size_t i = 0; i < order.size(); ++i)
    for (size_t j = i + 1; j < order.size(); ++j) {
      Action a = Action::simple(ActionType::PROPOSE);
      a.pos = order[i];
      a.pos2 = order[j];
      if (game.check(a).empty()) {
        out.tokens.push_back(actionToken(a));
        out.nodes = sr.nodes;
        return out;
      }
    }
  return out;
}

ThinkResult Engine::Impl::rifKeep(const Game& game, const Limits& limits,
                                  const SearchConfig& config) {
  // White keeps the proposal after which White (to move) stands best.
  ThinkResult out;
  auto [p1, p2] = game.proposals();
  Pos keep = p1;
  Value best = -VALUE_INFINITE;
  for (Pos p : {p1, p2}) {
    if (p == NO_POS) continue;
    Board trial = game.board();
    trial.play(p);
    SearchResult sr = searchBoard(trial, decisionLimits(limits), config);
    out.nodes += sr.nodes;
    if (sr.value > best) {
      best = sr.value;
      keep = p;
    }
  }
  Action a = Action::simple(ActionType::KEEP);
  a.pos = keep;
  out.tokens.push_back(actionToken(a));
  out.eval = best;
  return out;
}

ThinkResult Engine::Impl::drawAnswer(const Game& game, const Limits& limits,
                                     const SearchConfig& config) {
  // Accept only late in the game and when neither side is ahead: the board
  // side to move is the offerer, so its value is the negation of ours.
  ThinkResult out;
  const Board& b = game.board();
  SearchResult sr = searchBoard(b, decisionLimits(limits), config);
  Value ours = -sr.value;
  bool late = b.stoneCount() * 2 >= b.size() * b.size();
  bool even = std::abs(ours) <= 60;
  Action a = Action::simple(late && even ? ActionType::ACCEPT : ActionType::DECLINE);
  out.tokens.push_back(actionToken(a));
  out.eval = ours;
  out.nodes = sr.nodes;
  return out;
}

// ---- captures ---------------------------------------------------------------

ThinkResult Engine::Impl::capturesTurn(const Game& game, const CapturesSettings& settings,
                                       const std::function<void(const Progress&)>& onProgress) {
  return thinkCaptures(game, settings, stop, seed, onProgress);
}

// ---- fishing ----------------------------------------------------------------

ThinkResult Engine::Impl::fishingTurn(const Game& game, const FishingSettings& settings,
                                      const std::function<void(const Progress&)>& onProgress) {
  return thinkFishing(game, settings, stop, seed, onProgress);
}

}  // namespace gomoku
