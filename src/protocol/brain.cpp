#include "protocol/brain.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/notation.h"
#include "engine/engine.h"
#include "game/game.h"

namespace gomoku {

namespace {

constexpr int64_t DEFAULT_TURN_MS = 5000;
constexpr int64_t SAFETY_MS = 60;  ///< reply this much before the manager's limit

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

/// Parses "x,y" (Gomocup coordinates, 0-based, y from the top); anything
/// after y makes it malformed ("3,4,5" is not a point).
std::optional<std::pair<int, int>> parseXY(const std::string& s) {
  int x = 0, y = 0;
  char comma = 0;
  std::istringstream in(s);
  if (!(in >> x >> comma >> y) || comma != ',') return std::nullopt;
  if (!(in >> std::ws).eof()) return std::nullopt;
  return std::make_pair(x, y);
}

class Brain {
 public:
  Brain(std::istream& in, std::ostream& out, const BrainOptions& opt)
      : in_(in), out_(out), opt_(opt), engine_(opt.defaultHashMiB) {}

  int run() {
    std::string line;
    while (std::getline(in_, line)) {
      line = trim(line);
      if (line.empty()) continue;
      std::string cmd = upper(line.substr(0, line.find(' ')));
      if (thinking_) {
        // While searching only YXSTOP and END act at once; anything else
        // waits for the search to finish, then runs in order.
        if (cmd == "YXSTOP") {
          engine_.stop();
          continue;
        }
        if (cmd == "END") {
          engine_.stop();
          finishThinking();
          return 0;
        }
        finishThinking();
      }
      if (!handle(line, cmd)) return 0;
    }
    finishThinking();
    return 0;
  }

 private:
  // ---- output ----
  void send(const std::string& s) {
    std::lock_guard<std::mutex> lock(outMutex_);
    out_ << s << std::endl;
  }
  void error(const std::string& s) { send("ERROR " + s); }

  // ---- coordinates ----
  Pos toPos(int x, int y) const { return makePos(x, size_ - 1 - y); }
  std::string xy(Pos p) const {
    return std::to_string(posX(p)) + "," + std::to_string(size_ - 1 - posY(p));
  }
  bool inRange(int x, int y) const { return x >= 0 && y >= 0 && x < size_ && y < size_; }

  RuleSet ruleSet() const {
    RuleSet rs;
    rs.size = size_;
    if (ruleBits_ & 4) rs.variant = Variant::RENJU;
    else rs.exactFive = (ruleBits_ & 1) != 0;
    return rs;
  }

  /// Builds the game from the move list (own = 1, opponent = 2). The colours
  /// follow from the counts: whoever has more stones (or the opponent, on a
  /// tie when we are to move) played first.
  std::optional<Game> position(Color* us, std::string* err) const {
    std::vector<Pos> own, opp;
    for (auto& [p, who] : stones_) (who == 1 ? own : opp).push_back(p);
    // We are to move: with equal counts we are Black, else White.
    *us = own.size() >= opp.size() ? BLACK : WHITE;
    const auto& black = *us == BLACK ? own : opp;
    const auto& white = *us == BLACK ? opp : own;
    return Game::fromStones(ruleSet(), black, white, *us, err);
  }

  bool requireStart() {
    if (size_ == 0) {
      error("no board yet: send START first");
      return false;
    }
    return true;
  }

  Limits limits() const {
    Limits l;
    int64_t turn = timeoutTurn_ > 0 ? timeoutTurn_ : DEFAULT_TURN_MS;
    l.timeMs = std::max<int64_t>(1, turn - SAFETY_MS);
    if (timeLeft_ > 0) {
      l.matchTimeLeftMs = timeLeft_;
      l.timeMs = std::min<int64_t>(l.timeMs, std::max<int64_t>(1, timeLeft_ / 12 - SAFETY_MS));
    }
    if (maxDepth_ > 0) l.depth = maxDepth_;
    if (maxNodes_ > 0) l.nodes = maxNodes_;
    l.threads = threads_;
    return l;
  }

  /// Starts a search for our move; the reply is sent by the search thread.
  void think() {
    Color us;
    std::string err;
    auto game = position(&us, &err);
    if (!game) return error(err);
    if (game->board().emptyCount() == 0) return error("the board is full");
    Limits lim = limits();
    thinking_ = true;
    worker_ = std::thread([this, g = std::move(*game), lim] {
      auto progress = [this](const Progress& pr) {
        if (!opt_.messages) return;
        std::string pv;
        for (Pos p : pr.pv) pv += " " + pointName(p);
        send("MESSAGE depth " + std::to_string(pr.depth) + " ev " + std::to_string(pr.eval) +
             " nodes " + std::to_string(pr.nodes) + " time " + std::to_string(pr.elapsedMs) +
             " pv" + pv);
      };
      ThinkResult r = engine_.think(g, lim, progress);
      Pos move = r.move;
      if (move == NO_POS || !g.board().isEmpty(move)) {
        auto legal = g.legalPoints();  // never leave the manager without a move
        move = legal.empty() ? NO_POS : legal.front();
      }
      if (move == NO_POS) return error("no legal move");
      stones_.push_back({move, 1});
      send(xy(move));
    });
  }

  void finishThinking() {
    if (worker_.joinable()) worker_.join();
    if (thinking_) engine_.clearStop();  // a YXSTOP that came after the search ended
    thinking_ = false;
  }

  /// Reads "x,y[,field]" lines until DONE. Returns false on a bad block
  /// (the error has been reported).
  bool readBlock(std::vector<std::pair<Pos, int>>* stones, bool withField) {
    std::string line;
    bool ok = true;
    while (std::getline(in_, line)) {
      line = trim(line);
      if (upper(line) == "DONE") return ok;
      if (line.empty()) continue;
      int x = 0, y = 0, field = 1;
      char c1 = 0, c2 = 0;
      std::istringstream ls(line);
      bool parsed = static_cast<bool>(ls >> x >> c1 >> y) && c1 == ',';
      if (parsed && withField) parsed = static_cast<bool>(ls >> c2 >> field) && c2 == ',';
      if (!parsed) {
        if (ok) error("cannot read \"" + line + "\": expected x,y" + (withField ? ",field" : ""));
        ok = false;
        continue;
      }
      if (!inRange(x, y)) {
        if (ok) error("point " + std::to_string(x) + "," + std::to_string(y) + " is outside the board");
        ok = false;
        continue;
      }
      if (withField && (field < 1 || field > 3)) {
        if (ok) error("field must be 1 (own), 2 (opponent) or 3, got " + std::to_string(field));
        ok = false;
        continue;
      }
      Pos p = toPos(x, y);
      for (auto& s : *stones)
        if (s.first == p) {
          if (ok) error("point " + std::to_string(x) + "," + std::to_string(y) + " is given twice");
          ok = false;
        }
      stones->push_back({p, field == 3 ? 2 : field});
    }
    return ok;
  }

  bool occupied(Pos p) const {
    return std::any_of(stones_.begin(), stones_.end(), [&](auto& s) { return s.first == p; });
  }

  /// Handles one command; false means END.
  bool handle(const std::string& line, const std::string& cmd) {
    std::string arg = trim(line.size() > cmd.size() ? line.substr(cmd.size()) : "");
    if (cmd == "END") return false;
    if (cmd == "ABOUT") {
      send("name=\"gomoku\", version=\"0.1.0\", author=\"The gomoku team\", country=\"-\", "
           "www=\"-\", email=\"-\"");
    } else if (cmd == "START" || cmd == "RECTSTART") {
      int w = 0, h = 0;
      if (cmd == "START") {
        std::istringstream in(arg);
        in >> w;
        h = w;
      } else if (auto xy = parseXY(arg)) {
        w = xy->first;
        h = xy->second;
      }
      if (w != h) return error("rectangular boards are not supported"), true;
      if (w < MIN_SIZE || w > MAX_SIZE)
        return error("unsupported board size \"" + arg + "\" (5 to 22)"), true;
      size_ = w;
      stones_.clear();
      engine_.clear();
      send("OK");
    } else if (cmd == "RESTART") {
      if (!requireStart()) return true;
      stones_.clear();
      engine_.clear();
      send("OK");
    } else if (cmd == "INFO") {
      info(arg);
    } else if (cmd == "BEGIN") {
      if (!requireStart()) return true;
      if (!stones_.empty()) return error("BEGIN is only for an empty board"), true;
      think();
    } else if (cmd == "TURN" || cmd == "PLAY") {
      if (!requireStart()) return true;
      auto p = parseXY(arg);
      if (!p) return error("cannot read \"" + arg + "\": expected x,y"), true;
      if (!inRange(p->first, p->second)) return error("point " + arg + " is outside the board"), true;
      Pos pos = toPos(p->first, p->second);
      if (occupied(pos)) return error("point " + arg + " is already occupied"), true;
      if (cmd == "PLAY") {  // a move imposed on us: confirm it
        stones_.push_back({pos, 1});
        send(xy(pos));
      } else {
        stones_.push_back({pos, 2});
        think();
      }
    } else if (cmd == "BOARD" || cmd == "YXBOARD") {
      if (!requireStart()) {
        std::vector<std::pair<Pos, int>> ignored;
        readBlock(&ignored, true);
        return true;
      }
      std::vector<std::pair<Pos, int>> stones;
      if (!readBlock(&stones, true)) return true;
      stones_ = stones;
      if (cmd == "BOARD") think();
    } else if (cmd == "TAKEBACK") {
      auto p = parseXY(arg);
      if (!p || !inRange(p->first, p->second)) return error("cannot take back \"" + arg + "\""), true;
      Pos pos = toPos(p->first, p->second);
      auto it = std::find_if(stones_.begin(), stones_.end(), [&](auto& s) { return s.first == pos; });
      if (it == stones_.end()) return error("no stone on " + arg), true;
      stones_.erase(it);
      send("OK");
    } else if (cmd == "YXSHOWFORBID") {
      if (!requireStart()) return true;
      std::string reply = "FORBID ";
      if (ruleBits_ & 4) {
        // Black's forbidden points, whoever is to move in the manager.
        Color us;
        std::string err;
        auto g = position(&us, &err);
        if (g) {
          Board b = g->board();
          for (int y = 0; y < size_; ++y)
            for (int x = 0; x < size_; ++x)
              if (b.isForbidden(toPos(x, y))) {
                // x and y are below 22: two digits each.
                reply += char('0' + x / 10);
                reply += char('0' + x % 10);
                reply += char('0' + y / 10);
                reply += char('0' + y % 10);
              }
        }
      }
      send(reply + ".");
    } else if (cmd == "YXSTOP") {
      // Not thinking: nothing to stop.
    } else if (cmd == "SWAP2BOARD") {
      swap2();
    } else {
      send("UNKNOWN command \"" + cmd + "\"");
    }
    return true;
  }

  void info(const std::string& arg) {
    std::istringstream in(arg);
    std::string key, text;
    in >> key;
    std::getline(in >> std::ws, text);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    for (char& c : key) c = char(std::tolower(static_cast<unsigned char>(c)));
    // The keys we use, each with what its value sets; game_type, folder,
    // evaluate and unknown keys need no action.
    const std::pair<const char*, std::function<void(long long)>> settings[] = {
        {"timeout_turn", [&](long long v) { timeoutTurn_ = v; }},
        {"timeout_match", [&](long long v) { timeoutMatch_ = v; }},
        {"time_left", [&](long long v) { timeLeft_ = v; }},
        {"max_memory",
         [&](long long v) {
           // The table takes about half of the allowance; 0 means no limit.
           size_t mib = v > 0 ? size_t(v) / (2u << 20) : opt_.defaultHashMiB;
           engine_.setHashMiB(std::clamp<size_t>(mib, 1, 4096));
         }},
        {"rule",
         [&](long long v) {
           if (v & 8) error("the caro rule is not supported");
           ruleBits_ = int(v);
         }},
        {"max_depth", [&](long long v) { maxDepth_ = int(std::min(v, 1000LL)); }},
        {"max_node", [&](long long v) { maxNodes_ = uint64_t(v); }},
        {"thread_num", [&](long long v) { threads_ = int(std::clamp(v, 1LL, 64LL)); }},
    };
    auto setting = std::find_if(std::begin(settings), std::end(settings),
                                [&](const auto& s) { return key == s.first; });
    if (setting == std::end(settings)) return;
    // A value that is not one whole number leaves the setting as it was.
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
      return error("INFO " + key + ": \"" + text +
                   "\" is not a whole number; the setting is unchanged");
    // Only the time left may be negative (a player past its match time).
    if (value < 0 && key != "time_left")
      return error("INFO " + key + ": " + text + " is negative; the setting is unchanged");
    setting->second(value);
  }

  /// SWAP2BOARD: 0 stones -> place three; 3 or 5 stones -> "SWAP" (the other
  /// player moves next) or our move as White.
  void swap2() {
    std::vector<std::pair<Pos, int>> block;
    if (!readBlock(&block, false)) return;
    if (!requireStart()) return;
    std::vector<Pos> pts;
    for (auto& b : block) pts.push_back(b.first);
    if (pts.empty()) {
      // A quiet, roughly balanced three-stone start around the centre.
      int c = size_ / 2;
      std::vector<Pos> three = {makePos(c, c), makePos(c + 1, c + 1), makePos(c - 1, c + 2)};
      stones_ = {{three[0], 1}, {three[1], 2}, {three[2], 1}};
      send(xy(three[0]) + " " + xy(three[1]) + " " + xy(three[2]));
      return;
    }
    if (pts.size() != 3 && pts.size() != 5) return error("SWAP2BOARD expects 0, 3 or 5 stones");
    std::vector<Pos> black, white;
    for (size_t i = 0; i < pts.size(); ++i) (i % 2 == 0 ? black : white).push_back(pts[i]);
    std::string err;
    auto g = Game::fromStones(ruleSet(), black, white, WHITE, &err);
    if (!g) return error(err);
    Limits lim = limits();
    lim.timeMs = std::max<int64_t>(1, lim.timeMs / 2);
    ThinkResult r = engine_.think(*g, lim);
    if (r.eval < 0 || r.move == NO_POS) {
      // We take Black; the opponent plays the next (white) stone.
      stones_.clear();
      for (Pos p : black) stones_.push_back({p, 1});
      for (Pos p : white) stones_.push_back({p, 2});
      send("SWAP");
      return;
    }
    stones_.clear();
    for (Pos p : black) stones_.push_back({p, 2});
    for (Pos p : white) stones_.push_back({p, 1});
    stones_.push_back({r.move, 1});
    send(xy(r.move));
  }

  std::istream& in_;
  std::ostream& out_;
  BrainOptions opt_;
  Engine engine_;
  std::mutex outMutex_;
  std::thread worker_;
  bool thinking_ = false;
  int size_ = 0;
  int ruleBits_ = 0;
  int64_t timeoutTurn_ = 0, timeoutMatch_ = 0, timeLeft_ = 0;
  int maxDepth_ = 0;
  uint64_t maxNodes_ = 0;
  int threads_ = 1;
  std::vector<std::pair<Pos, int>> stones_;  ///< in move order; 1 own, 2 opponent
};

}  // namespace

int runBrain(std::istream& in, std::ostream& out, const BrainOptions& options) {
  Brain brain(in, out, options);
  return brain.run();
}

}  // namespace gomoku
