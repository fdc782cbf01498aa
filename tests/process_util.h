#pragma once
// Child processes for tests that run the real binaries (gomoku serve, nginx,
// PostgreSQL): start, read stdout lines, signal, reap; free loopback ports.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
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

/// A free TCP port on 127.0.0.1 (bound and released; nginx binds it next).
inline int freePort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  int port = -1;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    port = ntohs(a.sin_port);
  }
  ::close(fd);
  return port;
}

/// Starts `gomoku serve --host 127.0.0.1 --port 0 ARGS...` with its stderr in
/// logFile; returns the port it prints, or -1.
inline int startServe(Child& c, const std::string& binary, const std::vector<std::string>& args,
                      const std::filesystem::path& logFile) {
  std::vector<std::string> argv{binary, "serve", "--host", "127.0.0.1", "--port", "0"};
  argv.insert(argv.end(), args.begin(), args.end());
  if (!c.start(argv, true, logFile)) return -1;
  std::string line = c.readLine(60);
  std::smatch m;
  if (!std::regex_search(line, m, std::regex(R"(127\.0\.0\.1:(\d+)/)"))) return -1;
  return std::stoi(m[1]);
}

}  // namespace gomoku::test
