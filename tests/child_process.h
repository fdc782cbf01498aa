#pragma once
// A child process for tests that run the real binaries (gomoku serve,
// nginx): started with fork/exec, its stdout readable line by line, stopped
// when the test ends.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace gomoku::test {

/// A child process, stopped (TERM, then KILL after 10 s) when destroyed.
class Child {
 public:
  /// Starts argv; with captureStdout the child's stdout is readable through
  /// readLine(). Returns false if fork fails.
  bool start(const std::vector<std::string>& argv, bool captureStdout, const std::filesystem::path& stderrFile) {
    int out[2] = {-1, -1};
    if (captureStdout && ::pipe(out) != 0) return false;
    pid_ = ::fork();
    if (pid_ < 0) return false;
    if (pid_ == 0) {
      if (captureStdout) {
        ::dup2(out[1], 1);
        ::close(out[0]);
        ::close(out[1]);
      }
      int err = ::open(stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (err >= 0) ::dup2(err, 2);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    if (captureStdout) {
      ::close(out[1]);
      outFd_ = out[0];
    }
    return true;
  }

  /// One line of the child's stdout, waiting at most `seconds`.
  std::string readLine(int seconds) {
    std::string line;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{outFd_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char c;
      if (::read(outFd_, &c, 1) != 1) break;
      if (c == '\n') return line;
      line += c;
    }
    return line;
  }

  /// True if the child is still running.
  bool running() {
    if (pid_ <= 0) return false;
    int st;
    if (::waitpid(pid_, &st, WNOHANG) == pid_) {
      status_ = st;
      pid_ = -1;
      return false;
    }
    return true;
  }

  /// Sends sig and waits up to 10 s, then kills. Returns the wait status.
  int stop(int sig = SIGTERM) {
    if (pid_ > 0) {
      ::kill(pid_, sig);
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (running() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status_, 0);
        pid_ = -1;
      }
    }
    if (outFd_ >= 0) ::close(outFd_);
    outFd_ = -1;
    return status_;
  }

  ~Child() { stop(); }

 private:
  pid_t pid_ = -1;
  int outFd_ = -1;
  int status_ = -1;
};

}  // namespace gomoku::test
