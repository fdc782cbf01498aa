#include "match/brain.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "core/notation.h"
#include "core/timer.h"

extern char** environ;

namespace gomoku::match {

// ---- coordinates -----------------------------------------------------------

std::string toGomocup(Pos p, int size) {
  return std::to_string(posX(p)) + "," + std::to_string(size - 1 - posY(p));
}

Pos fromGomocup(const std::string& text, int size, bool* offBoard) {
  if (offBoard) *offBoard = false;
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  long x = std::strtol(s, &end, 10);
  if (end == s || errno) return NO_POS;
  while (*end == ' ') ++end;
  if (*end != ',') return NO_POS;
  s = end + 1;
  long y = std::strtol(s, &end, 10);
  if (end == s || errno) return NO_POS;
  while (*end == ' ' || *end == '\t') ++end;
  if (*end) return NO_POS;
  if (x < 0 || y < 0 || x >= size || y >= size) {
    if (offBoard) *offBoard = true;
    return NO_POS;
  }
  return makePos(int(x), size - 1 - int(y));
}

// ---- the child process -----------------------------------------------------

namespace {

// Writes all of s. A brain that has exited makes write() fail with EPIPE and
// raise SIGPIPE; the signal is blocked in this thread for the call and a
// pending one is consumed, so the process-wide disposition stays untouched.
bool writeAll(int fd, const std::string& s) {
  sigset_t pipeSet, old;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, &old);
  bool ok = true;
  int err = 0;
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      ok = false;
      err = errno;
      break;
    }
    off += size_t(n);
  }
  if (!ok && err == EPIPE) {
    timespec zero{0, 0};
    sigtimedwait(&pipeSet, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

}  // namespace

std::unique_ptr<BrainProcess> BrainProcess::spawn(const std::string& command, bool keepStderr,
                                                  std::string* error) {
  // O_CLOEXEC: with several games at once, one brain must not inherit the
  // pipes of another (it would keep them open and hide the other's exit).
  int inPipe[2], outPipe[2];
  if (pipe2(inPipe, O_CLOEXEC) != 0) {
    if (error) *error = std::string("pipe: ") + std::strerror(errno);
    return nullptr;
  }
  if (pipe2(outPipe, O_CLOEXEC) != 0) {
    if (error) *error = std::string("pipe: ") + std::strerror(errno);
    ::close(inPipe[0]);
    ::close(inPipe[1]);
    return nullptr;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, inPipe[0], 0);
  posix_spawn_file_actions_adddup2(&fa, outPipe[1], 1);
  if (!keepStderr) posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // A process group of its own, so that killing the brain also kills
  // anything it started (a shell wrapper, a sleeping child).
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::string sh = "/bin/sh", dashC = "-c", cmd = command;
  char* argv[] = {sh.data(), dashC.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  ::close(inPipe[0]);
  ::close(outPipe[1]);
  if (rc != 0) {
    if (error) *error = "cannot start \"" + command + "\": " + std::strerror(rc);
    ::close(inPipe[1]);
    ::close(outPipe[0]);
    return nullptr;
  }
  std::unique_ptr<BrainProcess> p(new BrainProcess);
  p->pid_ = pid;
  p->in_ = inPipe[1];
  p->out_ = outPipe[0];
  return p;
}

BrainProcess::~BrainProcess() { kill(); }

bool BrainProcess::send(const std::string& line) {
  if (in_ < 0) return false;
  return writeAll(in_, line + "\n");
}

BrainProcess::Read BrainProcess::readLine(std::string* line, int64_t deadlineMs) {
  constexpr size_t MAX_LINE = 1 << 16;  // a brain flooding without newlines
  for (;;) {
    size_t nl = buffer_.find('\n');
    if (nl != std::string::npos || buffer_.size() >= MAX_LINE) {
      if (nl == std::string::npos) nl = buffer_.size();
      *line = buffer_.substr(0, nl);
      buffer_.erase(0, std::min(buffer_.size(), nl + 1));
      if (!line->empty() && line->back() == '\r') line->pop_back();
      return Read::LINE;
    }
    if (eof_) {
      if (buffer_.empty()) return Read::CLOSED;
      *line = std::move(buffer_);
      buffer_.clear();
      return Read::LINE;
    }
    int64_t left = deadlineMs - nowMs();
    if (left <= 0) return Read::TIMEOUT;
    pollfd pfd{out_, POLLIN, 0};
    int r = ::poll(&pfd, 1, int(std::min<int64_t>(left, INT_MAX)));
    if (r < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      continue;
    }
    if (r == 0) return Read::TIMEOUT;
    char buf[4096];
    ssize_t n = ::read(out_, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      buffer_.append(buf, size_t(n));
    }
  }
}

void BrainProcess::finish(int64_t ms) {
  if (in_ >= 0) {
    ::close(in_);  // the brain sees end of input too
    in_ = -1;
  }
  const int64_t deadline = nowMs() + ms;
  while (!reaped_ && nowMs() < deadline) {
    // WNOWAIT: see the exit without reaping, so the process group id stays
    // reserved until kill() has sent its signal to the whole group.
    siginfo_t info{};
    if (waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill();
}

void BrainProcess::kill() {
  if (pid_ > 0 && !reaped_) {
    ::kill(-pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
  }
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) ::close(out_);
  in_ = out_ = -1;
}

// ---- the player ------------------------------------------------------------

namespace {

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

/// Lines a brain may print at any time that carry no answer.
bool isChatter(const std::string& line) {
  return line.empty() || startsWith(line, "MESSAGE") || startsWith(line, "DEBUG") ||
         startsWith(line, "SUGGEST");
}

std::string shortened(const std::string& s) { return s.size() <= 60 ? s : s.substr(0, 57) + "..."; }

class BrainPlayer : public Player {
 public:
  explicit BrainPlayer(const PlayerSpec& spec) : spec_(spec) {}
  ~BrainPlayer() override { endGame(); }

  Turn newGame(const RuleSet& rules, Color color, uint64_t) override {
    endGame();
    rules_ = rules;
    color_ = color;
    known_ = 0;
    started_ = false;
    usedMs_ = 0;
    int rule = 0;
    switch (rules.rule()) {
      case Rule::FREESTYLE: rule = 0; break;
      case Rule::STANDARD: rule = 1; break;
      case Rule::RENJU: rule = 4; break;
      default:
        return Turn::fail("unsupported",
                          "the Gomocup protocol has no " + variantName(rules.variant) + " rule");
    }
    std::string err;
    proc_ = BrainProcess::spawn(spec_.command, spec_.brainStderr, &err);
    if (!proc_) return Turn::fail("crash", err);
    Stopwatch clock;
    proc_->send("START " + std::to_string(rules.size));
    std::string line;
    const int64_t deadline = nowMs() + spec_.startTimeoutMs;
    for (;;) {
      auto r = proc_->readLine(&line, deadline);
      if (r == BrainProcess::Read::TIMEOUT)
        return failAndKill(
            "timeout", "no answer to START within " + std::to_string(spec_.startTimeoutMs) + " ms");
      if (r == BrainProcess::Read::CLOSED) return failAndKill("crash", "exited after START");
      line = trim(line);
      if (isChatter(line)) continue;
      if (line == "OK") break;
      return failAndKill("bad-output", "answered START with \"" + shortened(line) + "\"");
    }
    proc_->send("INFO timeout_turn " + std::to_string(spec_.turnTimeoutMs));
    proc_->send("INFO timeout_match " + std::to_string(spec_.matchTimeoutMs));
    proc_->send("INFO max_memory " + std::to_string(spec_.maxMemoryBytes));
    proc_->send("INFO game_type 1");
    proc_->send("INFO rule " + std::to_string(rule));
    Turn t;
    t.ms = clock.millis();
    return t;
  }

  Turn play(const Game& game) override {
    if (!proc_) return Turn::fail("crash", "the brain is not running");
    // The protocol has no draw offers: decline them for the brain.
    if (game.phase() == Phase::DRAW_OFFERED) return Turn::of({"decline"});
    if (game.phase() != Phase::PLAY)
      return Turn::fail("unsupported", std::string("the Gomocup protocol cannot answer ") +
                                           phaseName(game.phase()));
    const auto& actions = game.actions();
    const int size = rules_.size;
    // What the brain has not seen yet: normally just the opponent's stone.
    bool justOneStone =
        started_ && actions.size() == known_ + 1 && actions.back().type == ActionType::PLACE;
    // A brain may still be finishing its last answer when it has printed
    // it (Rapfi drops a command that arrives then): give it a moment.
    if (int64_t since = nowMs() - answeredAtMs_; answeredAtMs_ && since < SETTLE_MS)
      std::this_thread::sleep_for(std::chrono::milliseconds(SETTLE_MS - since));
    if (spec_.matchTimeoutMs > 0)
      proc_->send("INFO time_left " +
                  std::to_string(std::max<int64_t>(0, spec_.matchTimeoutMs - usedMs_)));
    Stopwatch clock;
    bool ok;
    if (justOneStone) {
      ok = proc_->send("TURN " + toGomocup(actions.back().pos, size));
    } else if (game.stonesPlayed() == 0) {
      ok = proc_->send("BEGIN");
    } else {
      // The whole position, in the order the stones were played.
      std::string block = "BOARD";
      const Board& b = game.board();
      for (const Action& a : actions) {
        Pos p = a.type == ActionType::KEEP ? a.pos : a.type == ActionType::PLACE ? a.pos : NO_POS;
        if (p == NO_POS || !isStone(b.at(p))) continue;
        block += "\n" + toGomocup(p, size) + "," + (colorOf(b.at(p)) == color_ ? "1" : "2");
      }
      block += "\nDONE";
      ok = proc_->send(block);
    }
    started_ = true;
    known_ = actions.size() + 1;  // after our answer is played
    if (!ok) return failAndKill("crash", "the brain has exited");

    int64_t budget = spec_.turnTimeoutMs > 0 ? spec_.turnTimeoutMs : INT_MAX / 2;
    if (spec_.matchTimeoutMs > 0) budget = std::min(budget, spec_.matchTimeoutMs - usedMs_);
    const int64_t deadline = nowMs() + std::max<int64_t>(budget, 0) + spec_.graceMs;
    std::string line;
    for (;;) {
      auto r = proc_->readLine(&line, deadline);
      if (r == BrainProcess::Read::TIMEOUT) {
        usedMs_ += clock.millis();
        return failAndKill("timeout", "no move within " + std::to_string(budget) + " ms (+" +
                                          std::to_string(spec_.graceMs) + " ms grace)");
      }
      if (r == BrainProcess::Read::CLOSED) return failAndKill("crash", "the brain exited");
      line = trim(line);
      if (isChatter(line)) continue;
      bool off = false;
      Pos p = fromGomocup(line, size, &off);
      if (off) return failAndKill("illegal", "played " + line + ", off the board");
      if (p == NO_POS) return failAndKill("bad-output", "answered \"" + shortened(line) + "\"");
      Turn t;
      t.ms = clock.millis();
      usedMs_ += t.ms;
      answeredAtMs_ = nowMs();
      t.tokens.push_back(pointName(p));
      return t;
    }
  }

  void endGame() override {
    if (!proc_) return;
    proc_->send("END");
    proc_->finish(300);
    proc_.reset();
  }

 private:
  Turn failAndKill(std::string kind, std::string detail) {
    if (proc_) proc_->finish(0);
    proc_.reset();
    return Turn::fail(std::move(kind), std::move(detail));
  }

  PlayerSpec spec_;
  std::unique_ptr<BrainProcess> proc_;
  RuleSet rules_;
  Color color_ = BLACK;
  size_t known_ = 0;      ///< actions the brain knows of after its last answer
  bool started_ = false;  ///< BEGIN or BOARD sent in this game
  int64_t usedMs_ = 0;    ///< thinking time used in this game
  int64_t answeredAtMs_ = 0;  ///< when the brain last answered (nowMs)
  static constexpr int64_t SETTLE_MS = 50;
};

}  // namespace

std::unique_ptr<Player> makeBrainPlayer(const PlayerSpec& spec) {
  return std::make_unique<BrainPlayer>(spec);
}

}  // namespace gomoku::match
