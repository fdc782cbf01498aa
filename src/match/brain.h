#pragma once
/// The manager's side of the Gomocup (piskvork) protocol: runs an external
/// brain as a child process and talks to it over pipes, one command a line.
///
///   START 15            -> OK
///   INFO timeout_turn 5000, INFO timeout_match 0, INFO rule 4, ...
///   BEGIN               -> x,y      (the brain opens on an empty board)
///   BOARD / x,y,1|2 ... / DONE -> x,y   (stones so far, 1 = own, 2 = opponent)
///   TURN x,y            -> x,y      (the opponent's move, the brain answers)
///   END                 (the brain should exit; it is killed if it does not)
///
/// Gomocup points are 0-based "x,y" with y counted from the top row; ours
/// count rows from the bottom. Lines "MESSAGE ...", "DEBUG ..." and
/// "SUGGEST ..." are skipped. A brain that misses its deadline, exits, or
/// answers with anything but a point forfeits the game; it never hangs it.
#include <sys/types.h>

#include <memory>
#include <string>

#include "core/types.h"
#include "match/player.h"

namespace gomoku::match {

/// Gomocup "x,y" <-> our Pos on a board of `size`.
std::string toGomocup(Pos p, int size);
/// Parses "x,y" (spaces allowed around the numbers); NO_POS when the text is
/// not two integers, and *offBoard set when they are outside the board.
Pos fromGomocup(const std::string& text, int size, bool* offBoard = nullptr);

/// A child process with its stdin and stdout on pipes. Killed (with its
/// whole process group) on destruction.
class BrainProcess {
 public:
  /// Starts `/bin/sh -c "exec <command>"` in a new process group.
  static std::unique_ptr<BrainProcess> spawn(const std::string& command, bool keepStderr,
                                             std::string* error);
  ~BrainProcess();
  BrainProcess(const BrainProcess&) = delete;
  BrainProcess& operator=(const BrainProcess&) = delete;

  /// Writes one line (a newline is added). False if the brain is gone.
  bool send(const std::string& line);
  enum class Read { LINE, TIMEOUT, CLOSED };
  /// Reads one line (without the newline or a trailing CR), waiting until
  /// the monotonic time `deadlineMs` (see nowMs()).
  Read readLine(std::string* line, int64_t deadlineMs);
  /// Waits up to `ms` for the brain to exit by itself, then kills it.
  void finish(int64_t ms);
  pid_t pid() const { return pid_; }

 private:
  BrainProcess() = default;
  void kill();

  pid_t pid_ = -1;
  int in_ = -1;   ///< write end: the brain's stdin
  int out_ = -1;  ///< read end: the brain's stdout
  std::string buffer_;
  bool eof_ = false;
  bool reaped_ = false;
};

}  // namespace gomoku::match
