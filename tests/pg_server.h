#pragma once
// A PostgreSQL server of the test's own: initdb into a new temp folder,
// pg_ctl start on a free loopback port (no Unix socket outside the folder),
// stopped and removed when destroyed. PostgreSQL refuses to run as root, so
// as root the server runs as the `postgres` user (the Debian package's).
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "process_util.h"

namespace gomoku::test {

class PgServer {
 public:
  /// Starts the server; false (and why()) when it cannot.
  bool start() {
    namespace fs = std::filesystem;
    std::string bin = findBin();
    if (bin.empty()) return fail("no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)");
    char tmpl[] = "/tmp/gomoku-pg-XXXXXX";
    if (!::mkdtemp(tmpl)) return fail("mkdtemp failed");
    dir_ = tmpl;
    uid_t uid = ::geteuid();
    gid_t gid = ::getegid();
    if (uid == 0) {
      passwd* pw = ::getpwnam("postgres");
      if (!pw) return fail("running as root and there is no 'postgres' user to run the server");
      uid = pw->pw_uid;
      gid = pw->pw_gid;
      if (::chown(dir_.c_str(), uid, gid) != 0) return fail("cannot hand the folder to postgres");
    }
    uid_ = uid;
    gid_ = gid;
    bin_ = bin;
    port_ = freePort();
    std::string data = (dir_ / "data").string();
    if (runAs({bin + "/initdb", "-D", data, "-U", "gomoku", "-A", "trust", "-E", "UTF8", "--locale=C",
               "--no-sync"}, dir_ / "initdb.log") != 0)
      return fail("initdb failed; see " + (dir_ / "initdb.log").string());
    std::string opts = "-p " + std::to_string(port_) + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" +
                       dir_.string() + " -c fsync=off -c max_connections=300";
    if (runAs({bin + "/pg_ctl", "-D", data, "-l", (dir_ / "server.log").string(), "-o", opts, "-w", "-t", "60",
               "start"}, dir_ / "pg_ctl.log") != 0)
      return fail("pg_ctl start failed; see " + (dir_ / "server.log").string());
    started_ = true;
    return true;
  }

  ~PgServer() {
    if (started_)
      runAs({bin_ + "/pg_ctl", "-D", (dir_ / "data").string(), "-m", "immediate", "-w", "stop"}, dir_ / "stop.log");
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }

  const std::string& why() const { return why_; }
  int port() const { return port_; }
  std::string uri(const std::string& db = "postgres") const {
    return "postgresql://gomoku@127.0.0.1:" + std::to_string(port_) + "/" + db;
  }

  /// A new empty database; false on failure.
  bool createDatabase(const std::string& name) {
    PGconn* c = PQconnectdb(uri().c_str());
    bool ok = PQstatus(c) == CONNECTION_OK;
    if (ok) {
      PGresult* r = PQexec(c, ("CREATE DATABASE " + name).c_str());
      ok = PQresultStatus(r) == PGRES_COMMAND_OK;
      if (!ok) why_ = PQresultErrorMessage(r);
      PQclear(r);
    } else {
      why_ = PQerrorMessage(c);
    }
    PQfinish(c);
    return ok;
  }

 private:
  static std::string findBin() {
    std::string best;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
      std::string b = (e.path() / "bin").string();
      if (std::filesystem::exists(b + "/initdb") && b > best) best = b;
    }
    return best;
  }

  bool fail(const std::string& why) {
    why_ = why;
    return false;
  }

  /// Runs argv as the server's user, output to log; returns the exit status.
  int runAs(const std::vector<std::string>& argv, const std::filesystem::path& log) {
    pid_t pid = ::fork();
    if (pid < 0) return -1;
    if (pid == 0) {
      int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
      }
      if (::geteuid() == 0) {
        if (::setgroups(0, nullptr) != 0 || ::setgid(gid_) != 0 || ::setuid(uid_) != 0) ::_exit(126);
      }
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    int st = 0;
    ::waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }

  std::filesystem::path dir_;
  std::string bin_;
  std::string why_;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
  int port_ = -1;
  bool started_ = false;
};

}  // namespace gomoku::test
