#include "match/match.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <thread>

#include "core/timer.h"
#include "game/record.h"

namespace gomoku::match {

namespace {

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// The opening order for a seed: a Fisher-Yates shuffle driven by splitmix,
/// written out so that it is the same with every standard library.
std::vector<int> openingOrder(int count, uint64_t seed) {
  std::vector<int> order(static_cast<size_t>(count));
  std::iota(order.begin(), order.end(), 0);
  uint64_t state = seed;
  for (int i = count - 1; i > 0; --i) {
    state = splitmix(state);
    std::swap(order[size_t(i)], order[size_t(state % uint64_t(i + 1))]);
  }
  return order;
}

const char* colorWord(Color c) { return c == BLACK ? "black" : "white"; }

std::string scoreText(Result::Winner w) {
  return w == Result::BLACK_WINS ? "1-0" : w == Result::WHITE_WINS ? "0-1" : "1/2";
}

}  // namespace

// ---- one game --------------------------------------------------------------

GameOutcome playGame(const RuleSet& rules, const std::string& opening, Player& black, Player& white,
                     uint64_t blackSeed, uint64_t whiteSeed, const GameOptions& options) {
  Stopwatch clock;
  GameOutcome out;
  Game game(rules);
  for (const std::string& tok : splitRecord(opening)) {
    std::string err = game.applyToken(tok);
    if (!err.empty()) {  // checkOpening() rules this out; report rather than crash
      out.reason = "bad-opening";
      out.detail = tok + ": " + err;
      return out;
    }
  }
  Player* players[COLOR_NB] = {&black, &white};

  auto forfeit = [&](Color c, const Turn& t) {
    Action a = Action::simple(ActionType::RESIGN);
    a.color = c;
    // The Game records and adjudicates the forfeit; Fishing has no
    // resignation, so there only the outcome says it (see below).
    game.apply(a);
    out.forfeited = c;
    out.reason = t.failure;
    out.detail = t.detail;
  };

  Turn starts[COLOR_NB] = {black.newGame(rules, BLACK, blackSeed),
                           white.newGame(rules, WHITE, whiteSeed)};
  if (starts[BLACK].failed() && starts[WHITE].failed()) {
    out.reason = "no-start";
    out.detail = "black: " + starts[BLACK].detail + "; white: " + starts[WHITE].detail;
  } else if (starts[BLACK].failed()) {
    forfeit(BLACK, starts[BLACK]);
  } else if (starts[WHITE].failed()) {
    forfeit(WHITE, starts[WHITE]);
  }

  const int cap = options.maxMoves > 0 ? options.maxMoves : 2 * rules.size * rules.size;
  // Fishing reels and renju draw offers are actions without stones; this
  // bounds a game whose players keep acting without placing.
  const size_t actionCap = size_t(8 * rules.size * rules.size);
  while (!game.over() && out.reason.empty()) {
    if ((game.phase() == Phase::PLAY && game.stonesPlayed() >= cap) ||
        game.actions().size() >= actionCap) {
      out.reason = "move-cap";
      break;
    }
    const Color mover = *game.toMove();
    Turn t = players[mover]->play(game);
    if (!t.failed() && t.tokens.empty()) t = Turn::fail("illegal", "no move");
    if (t.failed()) {
      forfeit(mover, t);
      break;
    }
    for (const std::string& tok : t.tokens) {
      if (game.over()) break;  // e.g. a reel token after a winning reel
      std::string err = game.toMove() == mover ? game.applyToken(tok) : "the turn was already over";
      if (!err.empty()) {
        forfeit(mover, Turn::fail("illegal", "\"" + tok + "\": " + err));
        break;
      }
    }
  }
  black.endGame();
  white.endGame();

  if (game.over() && out.reason.empty()) {
    out.winner = game.result()->winner;
    out.reason = game.result()->reason;
  } else if (out.forfeited) {
    out.winner = *out.forfeited == BLACK ? Result::WHITE_WINS : Result::BLACK_WINS;
  } else {
    out.winner = Result::DRAW;  // move cap, or neither player could start
  }
  out.moves = game.stonesPlayed();
  out.record = formatRecord(game);
  out.seconds = clock.seconds();
  return out;
}

// ---- a match ---------------------------------------------------------------

double MatchGame::aScore() const {
  if (outcome.winner == Result::DRAW) return 0.5;
  bool blackWon = outcome.winner == Result::BLACK_WINS;
  return blackWon == aIsBlack ? 1.0 : 0.0;
}

MatchGame scheduleGame(int index, int openingCount, uint64_t seed) {
  MatchGame g;
  g.index = index;
  const int pair = index / 2;
  // Each pass over the openings gets its own shuffle.
  const int pass = openingCount > 0 ? pair / openingCount : 0;
  std::vector<int> order = openingOrder(openingCount, splitmix(seed + uint64_t(pass)));
  g.openingIndex = openingCount > 0 ? order[size_t(pair % openingCount)] : 0;
  g.aIsBlack = index % 2 == 0;
  return g;
}

MatchSummary summarize(std::vector<MatchGame> games) {
  MatchSummary s;
  int w = 0, l = 0, d = 0;
  std::vector<bool> used;
  for (const MatchGame& g : games) {
    double sc = g.aScore();
    int k = sc == 1.0 ? 0 : sc == 0.0 ? 1 : 2;
    (k == 0 ? w : k == 1 ? l : d)++;
    (g.aIsBlack ? s.aBlack : s.aWhite)[k]++;
    if (g.outcome.forfeited) {
      bool aForfeit = (*g.outcome.forfeited == BLACK) == g.aIsBlack;
      (aForfeit ? s.forfeitsA : s.forfeitsB)++;
    }
    if (used.size() <= size_t(g.openingIndex)) used.resize(size_t(g.openingIndex) + 1);
    used[size_t(g.openingIndex)] = true;
    s.gameSeconds += g.outcome.seconds;
  }
  s.openingsUsed = int(std::count(used.begin(), used.end(), true));
  s.elo = estimateElo(w, l, d);
  s.games = std::move(games);
  return s;
}

std::optional<MatchSummary> runMatch(const MatchConfig& config,
                                     const std::function<void(const MatchGame&)>& onGame,
                                     std::string* error) {
  std::vector<MatchOpening> openings =
      config.openings.empty() ? openingsFor(config.rules) : config.openings;
  if (openings.empty()) {
    if (error)
      *error = "no opening fits a " + std::to_string(config.rules.size) + "x" +
               std::to_string(config.rules.size) + " board";
    return std::nullopt;
  }
  if (config.games <= 0) {
    if (error) *error = "the number of games must be positive";
    return std::nullopt;
  }
  const int jobs = std::max(1, std::min(config.jobs, config.games));
  // Players are built up front (in this thread) so that errors surface
  // before any game starts; each job owns one pair.
  struct Seat {
    std::unique_ptr<Player> a, b;
  };
  std::vector<Seat> seats(static_cast<size_t>(jobs));
  for (Seat& seat : seats) {
    std::string err;
    seat.a = makePlayer(config.a, &err);
    if (!seat.a) {
      if (error) *error = config.aName + ": " + err;
      return std::nullopt;
    }
    seat.b = makePlayer(config.b, &err);
    if (!seat.b) {
      if (error) *error = config.bName + ": " + err;
      return std::nullopt;
    }
  }

  Stopwatch clock;
  std::vector<MatchGame> results(size_t(config.games));
  std::vector<bool> done(size_t(config.games), false);
  // Read-only while the workers run (vector<bool> bits are not separate objects).
  std::vector<char> resumed(size_t(config.games), 0);
  for (const MatchGame& g : config.resumed) {
    if (g.index < 0 || g.index >= config.games) continue;
    results[size_t(g.index)] = g;
    results[size_t(g.index)].resumed = true;
    done[size_t(g.index)] = true;
    resumed[size_t(g.index)] = 1;
  }
  std::atomic<int> next{0};
  std::mutex mutex;
  int reported = 0;
  auto worker = [&](Seat& seat) {
    // Check the stop flag before taking a number: every number taken is
    // played, so the games reported in order have no gap.
    while (!(config.stop && config.stop->load())) {
      const int i = next++;
      if (i >= config.games) break;
      if (resumed[size_t(i)]) continue;
      MatchGame g = scheduleGame(i, int(openings.size()), config.seed);
      g.opening = openings[size_t(g.openingIndex)].record;
      Player& black = g.aIsBlack ? *seat.a : *seat.b;
      Player& white = g.aIsBlack ? *seat.b : *seat.a;
      // Each player's seed depends on the game only, not on the job.
      uint64_t seedA = splitmix(config.seed ^ splitmix(2 * uint64_t(i) + 1));
      uint64_t seedB = splitmix(config.seed ^ splitmix(2 * uint64_t(i) + 2));
      g.outcome = playGame(config.rules, g.opening, black, white, g.aIsBlack ? seedA : seedB,
                           g.aIsBlack ? seedB : seedA, config.gameOptions);
      std::lock_guard<std::mutex> lock(mutex);
      results[size_t(i)] = std::move(g);
      done[size_t(i)] = true;
      while (reported < config.games && done[size_t(reported)]) {
        if (onGame) onGame(results[size_t(reported)]);
        ++reported;
      }
    }
  };
  if (jobs == 1) {
    worker(seats[0]);
  } else {
    std::vector<std::thread> threads;
    for (Seat& seat : seats) threads.emplace_back(worker, std::ref(seat));
    for (std::thread& t : threads) t.join();
  }
  // Resumed games after the last one played (or all of them, when nothing
  // was left to play) have not been reported yet.
  while (reported < config.games && done[size_t(reported)]) {
    if (onGame) onGame(results[size_t(reported)]);
    ++reported;
  }
  // After a stop: the games played or resumed, without the gaps.
  std::vector<MatchGame> finished;
  for (size_t i = 0; i < results.size(); ++i)
    if (done[i]) finished.push_back(std::move(results[i]));
  MatchSummary summary = summarize(std::move(finished));
  summary.seconds = clock.seconds();  // wall time, not the sum over jobs
  return summary;
}

// ---- printing --------------------------------------------------------------

std::string formatGameLine(const MatchGame& g, const MatchConfig& config) {
  const std::string& blackName = g.aIsBlack ? config.aName : config.bName;
  const std::string& whiteName = g.aIsBlack ? config.bName : config.aName;
  const GameOutcome& o = g.outcome;
  char head[64];
  std::snprintf(head, sizeof head, "game %3d: opening %2d ", g.index + 1, g.openingIndex + 1);
  std::string line = head;
  line += "(" + g.opening + "), black " + blackName + ", white " + whiteName + ": ";
  line += scoreText(o.winner) + " ";
  if (o.forfeited)
    line += std::string(colorWord(*o.forfeited)) + " forfeits, " + o.reason + " (" + o.detail + ")";
  else
    line += o.reason;
  char tail[64];
  std::snprintf(tail, sizeof tail, ", %d moves, %.1f s", o.moves, o.seconds);
  return line + tail;
}

std::string formatSummary(const MatchSummary& s, const MatchConfig& config) {
  const EloEstimate& e = s.elo;
  char buf[512];
  std::string out;
  std::snprintf(buf, sizeof buf, "Players: A = %s, B = %s\n", config.aName.c_str(),
                config.bName.c_str());
  out += buf;
  std::snprintf(buf, sizeof buf, "Games: %d (%s%s %dx%d, %d openings used, seed %llu)\n", e.games,
                variantName(config.rules.variant).c_str(),
                config.rules.exactFive ? " exact-five" : "", config.rules.size, config.rules.size,
                s.openingsUsed, static_cast<unsigned long long>(config.seed));
  out += buf;
  std::snprintf(buf, sizeof buf, "Result for %s: W %d  L %d  D %d\n", config.aName.c_str(), e.wins,
                e.losses, e.draws);
  out += buf;
  std::snprintf(buf, sizeof buf, "Score: %.1f%% (%.1f / %d), draws %.1f%%\n", 100 * e.score,
                e.wins + 0.5 * e.draws, e.games, 100 * e.drawRatio);
  out += buf;
  std::snprintf(buf, sizeof buf, "%s as black: W %d L %d D %d; as white: W %d L %d D %d\n",
                config.aName.c_str(), s.aBlack[0], s.aBlack[1], s.aBlack[2], s.aWhite[0],
                s.aWhite[1], s.aWhite[2]);
  out += buf;
  std::snprintf(buf, sizeof buf, "Elo difference (%s - %s): %s, LOS %.1f%%\n", config.aName.c_str(),
                config.bName.c_str(), formatElo(e).c_str(), 100 * e.los);
  out += buf;
  if (s.forfeitsA || s.forfeitsB) {
    std::snprintf(buf, sizeof buf, "Forfeits: %s %d, %s %d\n", config.aName.c_str(), s.forfeitsA,
                  config.bName.c_str(), s.forfeitsB);
    out += buf;
  }
  double perGame = e.games ? s.gameSeconds / e.games : 0;
  std::snprintf(buf, sizeof buf, "Time: %.1f s (%d job%s), %.2f s per game\n", s.seconds,
                config.jobs, config.jobs == 1 ? "" : "s", perGame);
  out += buf;
  return out;
}

}  // namespace gomoku::match
