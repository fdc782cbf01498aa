#pragma once
// Tests that run the real binaries: free loopback ports, `gomoku serve` on
// one, nginx in front of several (child processes: child_process.h).
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

#include "child_process.h"

namespace gomoku::test {

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
