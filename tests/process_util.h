#pragma once
// Child processes for tests that run the real binaries (gomoku serve, nginx,
// PostgreSQL): start, read stdout lines, signal, reap; free loopback ports.
#include <arpa/inet.h>
#include <httplib.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
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

/// The configuration of docs/deploy.md, with every path in `dir`.
inline std::string nginxConfig(const std::filesystem::path& dir, int port, const std::vector<std::pair<std::string, int>>& backends) {
  std::string d = dir.string();
  std::string c = "worker_processes 1;\n"
                  "pid " + d + "/nginx.pid;\n"
                  "error_log " + d + "/error.log warn;\n"
                  "events { worker_connections 256; }\n"
                  "http {\n"
                  "  access_log " + d + "/access.log;\n"
                  "  client_body_temp_path " + d + "/body;\n"
                  "  proxy_temp_path " + d + "/proxy;\n"
                  "  fastcgi_temp_path " + d + "/fastcgi;\n"
                  "  uwsgi_temp_path " + d + "/uwsgi;\n"
                  "  scgi_temp_path " + d + "/scgi;\n"
                  "  upstream gomoku {\n";
  for (auto& [name, p] : backends)
    c += "    server 127.0.0.1:" + std::to_string(p) + " max_fails=3 fail_timeout=5s;\n";
  c += "    keepalive 8;\n"
       "  }\n"
       "  map $uri $search_backend {\n"
       "    default gomoku;\n";
  for (auto& [name, p] : backends)
    c += "    ~^/api/v1/search/" + name + "- 127.0.0.1:" + std::to_string(p) + ";\n";
  c += "  }\n"
       "  server {\n"
       "    listen 127.0.0.1:" + std::to_string(port) + ";\n"
       "    client_max_body_size 64k;\n"
       "    location / {\n"
       "      proxy_pass http://gomoku;\n"
       "      proxy_http_version 1.1;\n"
       "      proxy_set_header Connection \"\";\n"
       "      proxy_read_timeout 60s;\n"
       "      proxy_next_upstream error timeout http_503 non_idempotent;\n"
       "    }\n"
       "    location ~ ^/api/v1/search/. {\n"
       "      proxy_pass http://$search_backend;\n"
       "      proxy_http_version 1.1;\n"
       "      proxy_set_header Connection \"\";\n"
       "    }\n"
       "  }\n"
       "}\n";
  return c;
}

/// nginx on a free loopback port with nginxConfig in `dir`, in front of
/// `backends`; returns the port once /api/v1/health answers through it, or
/// -1. The port may be taken between choosing and binding it: a few tries.
inline int startNginx(Child& nginx, const std::string& binary, const std::filesystem::path& dir,
                      const std::vector<std::pair<std::string, int>>& backends) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int p = freePort();
    if (p <= 0) return -1;
    std::ofstream(dir / "nginx.conf") << nginxConfig(dir, p, backends);
    nginx = Child();
    if (!nginx.start({binary, "-p", dir.string(), "-e", (dir / "error.log").string(), "-c",
                      (dir / "nginx.conf").string(), "-g", "daemon off;"},
                     false, dir / "nginx.stderr"))
      return -1;
    httplib::Client probe("127.0.0.1", p);
    probe.set_connection_timeout(1, 0);
    for (int i = 0; i < 100 && nginx.running(); ++i) {  // at most ~10 s
      if (auto r = probe.Get("/api/v1/health"); r && r->status == 200) return p;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    nginx.stop(SIGQUIT);
  }
  return -1;
}

}  // namespace gomoku::test
