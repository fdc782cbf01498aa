// Online games over real sockets (docs/api.md, "Online games"): seats and
// tokens, turns, offers, clocks, live events, limits, and what errors say.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>

#include "server/server.h"
#include "server/test_server.h"
#include "sse_reader.h"

using nlohmann::json;
using namespace std::chrono_literals;

namespace gomoku {
namespace {

struct Reply {
  int status = 0;
  json body;
  std::string raw;
  std::string retryAfter;
};

class OnlineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions opt;
    opt.db = ":memory:";
    start(opt);
  }
  void TearDown() override { server_.reset(); }

  void start(ServerOptions opt) {
    if (opt.db.empty()) opt.db = ":memory:";
    port_ = test::startTestServer(opt, server_, client_);
    ASSERT_GT(port_, 0);
  }

  /// Restarts the server on a new SQLite file in the temp folder; its path.
  std::string startOnFile(const std::string& stem) {
    std::string file = (std::filesystem::temp_directory_path() /
                        (stem + "-" + std::to_string(::getpid()) + ".db")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
    ServerOptions opt;
    opt.db = file;
    start(opt);
    return file;
  }

  Reply post(const std::string& path, const json& body) { return post(path, body.dump()); }
  Reply post(const std::string& path, const std::string& body) {
    auto res = client_->Post(path.c_str(), body, "application/json");
    Reply r;
    if (!res) return r;
    r.status = res->status;
    r.raw = res->body;
    r.body = json::parse(res->body, nullptr, false);
    r.retryAfter = res->get_header_value("Retry-After");
    return r;
  }
  Reply get(const std::string& path) {
    auto res = client_->Get(path.c_str());
    Reply r;
    if (!res) return r;
    r.status = res->status;
    r.raw = res->body;
    r.body = json::parse(res->body, nullptr, false);
    return r;
  }

  struct Players {
    std::string id, black, white;  // the game and each seat's token
  };

  /// A game created by Black and joined by White.
  Players newGame(json settings = {{"rules", "freestyle"}}) {
    if (!settings.contains("seat")) settings["seat"] = "black";
    Reply c = post("/api/v1/games", settings);
    EXPECT_EQ(c.status, 201) << c.raw;
    Players p;
    p.id = c.body.value("id", "");
    std::string creatorSeat = c.body.value("seat", "");
    Reply j = post("/api/v1/games/" + p.id + "/join", json::object());
    EXPECT_EQ(j.status, 200) << j.raw;
    (creatorSeat == "black" ? p.black : p.white) = c.body.value("token", "");
    (creatorSeat == "black" ? p.white : p.black) = j.body.value("token", "");
    return p;
  }

  Reply act(const std::string& id, const std::string& token, const std::string& action) {
    return post("/api/v1/games/" + id + "/actions", json{{"token", token}, {"action", action}});
  }

  json game(const std::string& id) { return get("/api/v1/games/" + id).body; }

  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

TEST_F(OnlineTest, CreateJoinAndPlayAWholeGame) {
  Reply c = post("/api/v1/games", json{{"rules", "freestyle"}, {"size", 15}, {"seat", "white"}});
  ASSERT_EQ(c.status, 201) << c.raw;
  std::string id = c.body["id"];
  EXPECT_EQ(c.body["seat"], "white");
  EXPECT_EQ(c.body["invite"], "http://127.0.0.1:" + std::to_string(port_) + "/?game=" + id);
  EXPECT_EQ(c.body["game"]["status"], "waiting");
  std::string white = c.body["token"];

  Reply j = post("/api/v1/games/" + id + "/join", json::object());
  ASSERT_EQ(j.status, 200) << j.raw;
  EXPECT_EQ(j.body["seat"], "black");
  std::string black = j.body["token"];
  EXPECT_EQ(j.body["game"]["status"], "playing");
  EXPECT_EQ(j.body["game"]["turn"], "black");

  // Black makes five on row 8; White plays along row 1.
  const char* moves[] = {"h8", "a1", "i8", "b1", "j8", "c1", "k8", "d1", "l8"};
  int n = 0;
  for (const char* m : moves) {
    Reply r = act(id, n % 2 ? white : black, m);
    ASSERT_EQ(r.status, 200) << m << ": " << r.raw;
    EXPECT_EQ(r.body["event"]["seq"], n + 2);  // event 1 was the join
    ++n;
  }
  json g = game(id);  // anyone may look: no token
  EXPECT_EQ(g["id"], id);
  EXPECT_EQ(g["status"], "over");
  EXPECT_EQ(g["record"], "h8 a1 i8 b1 j8 c1 k8 d1 l8");
  EXPECT_EQ(g["result"]["winner"], "black");
  EXPECT_EQ(g["result"]["reason"], "five");
  EXPECT_EQ(g["turn"], nullptr);
  EXPECT_EQ(g["seats"]["black"]["joined"], true);
  EXPECT_EQ(g["clock"], nullptr);
  Reply late = act(id, white, "e1");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["error"], "the game is over");
}

TEST_F(OnlineTest, OnlyTheSeatToActMayPlayAndRefusalsChangeNothing) {
  Reply c = post("/api/v1/games", json{{"rules", "freestyle"}, {"seat", "black"}});
  std::string id = c.body["id"], black = c.body["token"];
  Reply early = act(id, black, "h8");
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["error"], "waiting for the other player to join");
  std::string white = post("/api/v1/games/" + id + "/join", json::object()).body["token"];

  EXPECT_EQ(act(id, white, "h8").status, 409);
  EXPECT_EQ(act(id, white, "h8").body["error"], "it is not your turn");
  ASSERT_EQ(act(id, black, "h8").status, 200);
  Reply occupied = act(id, white, "h8");
  EXPECT_EQ(occupied.status, 409);
  EXPECT_EQ(occupied.body["error"], "h8 is already occupied");
  EXPECT_EQ(act(id, white, "z99").status, 409);
  EXPECT_EQ(act(id, black, "i9").body["error"], "it is not your turn");
  json g = game(id);
  EXPECT_EQ(g["record"], "h8");
  EXPECT_EQ(g["version"], 2);
  // Resigning for the other side is not a way around the turn.
  EXPECT_EQ(act(id, white, "resign:black").status, 409);
  EXPECT_EQ(game(id)["status"], "playing");
}

TEST_F(OnlineTest, TokensAreCheckedAndErrorsSayNothingInternal) {
  Players a = newGame(), b = newGame();
  std::string path = "/api/v1/games/" + a.id + "/actions";
  // No token, an empty one, a wrong one, another game's, a token of the right
  // length: all 403, and the game is unchanged.
  for (const json& body : {json{{"action", "h8"}}, json{{"token", ""}, {"action", "h8"}},
                           json{{"token", 12}, {"action", "h8"}},
                           json{{"token", "guess"}, {"action", "h8"}},
                           json{{"token", b.black}, {"action", "h8"}},
                           json{{"token", std::string(43, 'A')}, {"action", "h8"}}}) {
    Reply r = post(path, body);
    EXPECT_EQ(r.status, 403) << body.dump();
    EXPECT_EQ(r.body, json({{"error", "this token holds no seat in this game"}})) << r.raw;
  }
  EXPECT_EQ(game(a.id)["version"], 1);
  EXPECT_EQ(post("/api/v1/games/" + a.id + "/join", json::object()).status, 409);
  EXPECT_EQ(get("/api/v1/games/AAAAAAAAAAAAAAAA").status, 404);
  EXPECT_EQ(post("/api/v1/games/AAAAAAAAAAAAAAAA/actions", json{{"token", a.black}, {"action", "h8"}}).status, 404);
  EXPECT_EQ(post(path, std::string("{\"token\":")).status, 400);
  EXPECT_EQ(post(path, json{{"token", a.black}}).status, 400);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}, {"seat", "red"}}).status, 400);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}, {"record", "h8"}}).status, 400);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}, {"clock", {{"minutes", -1}}}}).status, 400);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}, {"clock", {{"minutes", 5}, {"increment", "x"}}}}).status, 400);
}

TEST_F(OnlineTest, MisspeltFieldsAreRejectedByName) {
  // Each of these was answered as if the field were absent: a random seat,
  // an untimed game, an increment of 0, a move read with another field.
  Reply seat = post("/api/v1/games", json{{"rules", "freestyle"}, {"seats", "black"}});
  EXPECT_EQ(seat.status, 400) << seat.raw;
  EXPECT_EQ(seat.body["error"],
            "unknown field 'seats' (this request takes: rules, size, exactFive, opening, record, "
            "seat, clock)");
  EXPECT_EQ(
      post("/api/v1/games", json{{"rules", "freestyle"}, {"clocks", {{"minutes", 5}}}}).status,
      400);
  Reply inc = post("/api/v1/games",
                   json{{"rules", "freestyle"}, {"clock", {{"minutes", 5}, {"increments", 3}}}});
  EXPECT_EQ(inc.status, 400) << inc.raw;
  EXPECT_EQ(inc.body["error"], "unknown field 'increments' ('clock' takes: minutes, increment)");

  Players p = newGame(json{{"rules", "freestyle"}, {"clock", {{"minutes", 5}, {"increment", 3}}}});
  EXPECT_EQ(game(p.id)["clock"]["incrementMs"], 3000) << game(p.id).dump();
  Reply move = post("/api/v1/games/" + p.id + "/actions",
                    json{{"token", p.black}, {"action", "h8"}, {"move", "i9"}});
  EXPECT_EQ(move.status, 400) << move.raw;
  EXPECT_EQ(move.body["error"], "unknown field 'move' (this request takes: token, action)");
  EXPECT_EQ(game(p.id)["record"], "");
  EXPECT_EQ(act(p.id, p.black, "h8").status, 200);
}

TEST_F(OnlineTest, IdsAndTokensAreLongAndRandom) {
  ServerOptions opt;
  opt.gamesPerMinute = 1000;
  start(opt);
  std::set<std::string> ids, tokens;
  std::regex idForm("[A-Za-z0-9_-]{16}"), tokenForm("[A-Za-z0-9_-]{43}");
  std::array<int, 64> seen{};
  for (int i = 0; i < 200; ++i) {
    Reply c = post("/api/v1/games", json{{"rules", "freestyle"}});
    ASSERT_EQ(c.status, 201);
    std::string id = c.body["id"], token = c.body["token"];
    EXPECT_TRUE(std::regex_match(id, idForm)) << id;
    EXPECT_TRUE(std::regex_match(token, tokenForm)) << token;
    ids.insert(id);
    tokens.insert(token);
    for (char ch : token.substr(0, 42)) {  // the last character carries 4 bits only
      static const std::string ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      seen[ALPHABET.find(ch)]++;
    }
  }
  EXPECT_EQ(ids.size(), 200u);
  EXPECT_EQ(tokens.size(), 200u);
  // 8400 characters over 64 symbols: each about 131 times; a counter or a
  // clock-seeded generator would miss most symbols or pile on a few.
  for (int k = 0; k < 64; ++k) {
    EXPECT_GT(seen[k], 60) << k;
    EXPECT_LT(seen[k], 220) << k;
  }
}

TEST_F(OnlineTest, TokensAreStoredOnlyAsHashes) {
  std::string file = startOnFile("gomoku-hashes");
  Players p = newGame();
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  server_.reset();
  std::string all;
  for (const char* suffix : {"", "-wal"}) {
    std::ifstream in(file + suffix, std::ios::binary);
    all += std::string(std::istreambuf_iterator<char>(in), {});
  }
  EXPECT_NE(all.find(p.id), std::string::npos);  // the file is the game's
  EXPECT_EQ(all.find(p.black), std::string::npos);
  EXPECT_EQ(all.find(p.white), std::string::npos);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
}

TEST_F(OnlineTest, ADamagedGameIsRefusedWithoutDetails) {
  std::string file = startOnFile("gomoku-damaged");
  Players p = newGame();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  sqlite3_busy_timeout(db, 5000);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE events SET kind = 'bogus'", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  Reply r = get("/api/v1/games/" + p.id);
  EXPECT_EQ(r.status, 500);
  EXPECT_EQ(r.body, json({{"error", "this game cannot be read"}}));
  Reply a = act(p.id, p.black, "h8");
  EXPECT_EQ(a.status, 500);
  EXPECT_EQ(a.raw.find("bogus"), std::string::npos);
  server_.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file + suffix);
}

TEST_F(OnlineTest, UndoIsARequestTheOtherAccepts) {
  Players p = newGame();
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  ASSERT_EQ(act(p.id, p.white, "i9").status, 200);
  // Black cannot take back White's move.
  EXPECT_EQ(act(p.id, p.black, "undo").status, 409);
  ASSERT_EQ(act(p.id, p.white, "undo").status, 200);
  EXPECT_EQ(game(p.id)["offers"]["undo"], "white");
  EXPECT_EQ(act(p.id, p.white, "accept-undo").status, 409);  // not one's own offer
  ASSERT_EQ(act(p.id, p.black, "accept-undo").status, 200);
  json g = game(p.id);
  EXPECT_EQ(g["record"], "h8");
  EXPECT_EQ(g["turn"], "white");
  EXPECT_EQ(g["offers"]["undo"], nullptr);
  // Declined: nothing changes; a move also ends a pending request.
  ASSERT_EQ(act(p.id, p.white, "j10").status, 200);
  ASSERT_EQ(act(p.id, p.white, "undo").status, 200);
  ASSERT_EQ(act(p.id, p.black, "decline-undo").status, 200);
  EXPECT_EQ(game(p.id)["record"], "h8 j10");
  ASSERT_EQ(act(p.id, p.black, "k11").status, 200);
  ASSERT_EQ(act(p.id, p.black, "undo").status, 200);
  ASSERT_EQ(act(p.id, p.white, "a1").status, 200);
  EXPECT_EQ(game(p.id)["offers"]["undo"], nullptr);
  EXPECT_EQ(act(p.id, p.white, "accept-undo").status, 409);
}

TEST_F(OnlineTest, DrawOffersResignationAndRematch) {
  Players p = newGame();
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  ASSERT_EQ(act(p.id, p.black, "offer-draw").status, 200);
  EXPECT_EQ(game(p.id)["offers"]["draw"], "black");
  ASSERT_EQ(act(p.id, p.white, "decline-draw").status, 200);
  ASSERT_EQ(act(p.id, p.white, "offer-draw").status, 200);  // not White's turn: offers need none
  ASSERT_EQ(act(p.id, p.black, "accept-draw").status, 200);
  json g = game(p.id);
  EXPECT_EQ(g["status"], "over");
  EXPECT_EQ(g["result"]["winner"], "draw");
  EXPECT_EQ(g["result"]["reason"], "agreement");

  Players q = newGame();
  ASSERT_EQ(act(q.id, q.black, "h8").status, 200);
  EXPECT_EQ(act(q.id, q.white, "rematch").status, 409);  // not over yet
  ASSERT_EQ(act(q.id, q.black, "resign").status, 200);  // on White's turn
  g = game(q.id);
  EXPECT_EQ(g["result"]["winner"], "white");
  EXPECT_EQ(g["result"]["reason"], "resignation");
  EXPECT_EQ(g["record"], "h8 resign:black");
  ASSERT_EQ(act(q.id, q.black, "rematch").status, 200);
  Reply r = act(q.id, q.white, "accept-rematch");
  ASSERT_EQ(r.status, 200) << r.raw;
  std::string next = r.body["game"]["rematch"];
  EXPECT_EQ(game(q.id)["rematch"], next);
  // Colours swapped: the old White places the first stone with the same token.
  json n = game(next);
  EXPECT_EQ(n["status"], "playing");
  EXPECT_EQ(act(next, q.black, "h8").status, 409);
  EXPECT_EQ(act(next, q.white, "h8").status, 200);
  EXPECT_EQ(act(next, q.black, "h9").status, 200);
  EXPECT_EQ(act(q.id, q.white, "accept-rematch").status, 409);  // once
}

TEST_F(OnlineTest, RenjuDrawOffersUseTheRecord) {
  Players p = newGame({{"rules", "renju"}});
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  EXPECT_EQ(act(p.id, p.black, "offer-draw").status, 409);  // renju: only on one's turn
  ASSERT_EQ(act(p.id, p.white, "offer-draw").status, 200);
  EXPECT_EQ(game(p.id)["offers"]["draw"], "white");
  ASSERT_EQ(act(p.id, p.black, "accept-draw").status, 200);
  json g = game(p.id);
  EXPECT_EQ(g["record"], "h8 draw accept");
  EXPECT_EQ(g["result"]["winner"], "draw");
}

TEST_F(OnlineTest, SwapOpeningHandsTheTurnToTheRightSeat) {
  Players p = newGame({{"rules", "freestyle"}, {"opening", "swap"}});
  // The opener (seat black) places all three opening stones.
  for (const char* m : {"h8", "h9", "j10"}) ASSERT_EQ(act(p.id, p.black, m).status, 200) << m;
  EXPECT_EQ(game(p.id)["turn"], "white");
  ASSERT_EQ(act(p.id, p.white, "swap").status, 200);
  json g = game(p.id);
  EXPECT_EQ(g["seats"]["white"]["color"], "black");
  EXPECT_EQ(g["seats"]["black"]["color"], "white");
  // White to move on the board: that is now the opener.
  EXPECT_EQ(g["turn"], "black");
  EXPECT_EQ(act(p.id, p.black, "a1").status, 200);
  EXPECT_EQ(act(p.id, p.black, "resign").status, 200);
  EXPECT_EQ(game(p.id)["result"]["winner"], "black");  // the colour: the other player
}

TEST_F(OnlineTest, ClocksRunOutAndIncrementsAdd) {
  Players p = newGame({{"rules", "freestyle"}, {"clock", {{"minutes", 0.05}, {"increment", 1}}}});
  json g = game(p.id);
  ASSERT_TRUE(g["clock"].is_object());
  EXPECT_EQ(g["clock"]["initialMs"], 3000);
  EXPECT_EQ(g["clock"]["running"], "black");
  std::this_thread::sleep_for(300ms);
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  g = game(p.id);
  int64_t black = g["clock"]["black"];
  EXPECT_GT(black, 3000 - 1500 + 1000);  // spent ~300 ms, got 1 s back
  EXPECT_LT(black, 3000 - 250 + 1000);
  EXPECT_EQ(g["clock"]["running"], "white");
  // White never moves: the server ends the game on White's time.
  std::this_thread::sleep_for(3300ms);
  g = game(p.id);
  EXPECT_EQ(g["status"], "over");
  EXPECT_EQ(g["result"]["reason"], "time");
  EXPECT_EQ(g["result"]["winner"], "black");
  EXPECT_EQ(g["clock"]["white"], 0);
  EXPECT_EQ(act(p.id, p.white, "a1").status, 409);
}

TEST_F(OnlineTest, RacingActionsNeverBothApply) {
  for (int round = 0; round < 10; ++round) {
    Players p = newGame();
    std::atomic<int> ok{0}, refused{0}, ready{0};
    auto racer = [&](const char* move) {
      httplib::Client c("127.0.0.1", port_);
      ready++;
      while (ready < 2) std::this_thread::yield();
      auto r = c.Post(("/api/v1/games/" + p.id + "/actions").c_str(),
                      json{{"token", p.black}, {"action", move}}.dump(), "application/json");
      ASSERT_TRUE(r);
      (r->status == 200 ? ok : refused)++;
    };
    std::thread a(racer, "h8"), b(racer, "i9");
    a.join();
    b.join();
    EXPECT_EQ(ok, 1);
    EXPECT_EQ(refused, 1);
    json g = game(p.id);
    EXPECT_EQ(g["state"]["moves"], 1);
    EXPECT_EQ(g["version"], 2);
  }
}

using test::EventReader;

TEST_F(OnlineTest, EventsArriveLiveAndResumeAfterAReconnect) {
  Players p = newGame();
  auto reader = std::make_unique<EventReader>(port_, p.id);
  auto first = reader->waitFor(1);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].first, "1");  // the snapshot carries the current version
  EXPECT_EQ(first[0].second["event"], nullptr);
  EXPECT_EQ(first[0].second["game"]["status"], "playing");

  auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  auto two = reader->waitFor(2);
  ASSERT_EQ(two.size(), 2u);
  // Pushed at once, not found by a poll (a generous bound that still
  // catches a waiting loop).
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);
  EXPECT_EQ(two[1].first, "2");
  EXPECT_EQ(two[1].second["event"]["kind"], "act");
  EXPECT_EQ(two[1].second["event"]["data"], "black h8");
  EXPECT_EQ(two[1].second["game"]["record"], "h8");
  reader.reset();  // the connection drops

  ASSERT_EQ(act(p.id, p.white, "i9").status, 200);
  ASSERT_EQ(act(p.id, p.black, "j10").status, 200);
  // Back with the last id seen: each missed event, with the game after it.
  EventReader again(port_, p.id, "2");
  auto missed = again.waitFor(2);
  ASSERT_EQ(missed.size(), 2u);
  EXPECT_EQ(missed[0].first, "3");
  EXPECT_EQ(missed[0].second["game"]["record"], "h8 i9");
  EXPECT_EQ(missed[1].first, "4");
  EXPECT_EQ(missed[1].second["game"]["record"], "h8 i9 j10");
}

TEST_F(OnlineTest, LongPollAnswersWhenTheGameChanges) {
  Players p = newGame();
  std::thread mover([&] {
    std::this_thread::sleep_for(200ms);
    httplib::Client c("127.0.0.1", port_);
    c.Post(("/api/v1/games/" + p.id + "/actions").c_str(), json{{"token", p.black}, {"action", "h8"}}.dump(),
           "application/json");
  });
  auto t0 = std::chrono::steady_clock::now();
  Reply r = get("/api/v1/games/" + p.id + "?after=1");
  mover.join();
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["version"], 2);
  EXPECT_EQ(r.body["record"], "h8");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
  EXPECT_EQ(get("/api/v1/games/" + p.id + "?after=x").status, 400);
}

TEST_F(OnlineTest, LiveConnectionsAreCapped) {
  ServerOptions opt;
  opt.maxWatchers = 1;
  start(opt);
  Players p = newGame();
  EventReader one(port_, p.id);
  ASSERT_EQ(one.waitFor(1).size(), 1u);
  EventReader two(port_, p.id);
  EXPECT_EQ(two.status(), 503);
  one.stop();
}

TEST_F(OnlineTest, CreationIsRateLimited) {
  ServerOptions opt;
  opt.gamesPerMinute = 3;
  start(opt);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}}).status, 201);
  Reply r = post("/api/v1/games", json{{"rules", "freestyle"}});
  EXPECT_EQ(r.status, 429);
  EXPECT_FALSE(r.retryAfter.empty());
  EXPECT_NE(r.body.value("error", "").find("at most 3 a minute"), std::string::npos) << r.raw;

  opt.gamesPerMinute = 100;
  opt.maxOpenGames = 2;
  start(opt);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}}).status, 201);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}}).status, 201);
  EXPECT_EQ(post("/api/v1/games", json{{"rules", "freestyle"}}).status, 429);
}

TEST_F(OnlineTest, AbandonedGamesEnd) {
  ServerOptions opt;
  opt.abandonAfterMs = 300;
  opt.sweepEveryMs = 50;
  start(opt);
  Players p = newGame();
  ASSERT_EQ(act(p.id, p.black, "h8").status, 200);
  json g;
  for (int i = 0; i < 100; ++i) {
    g = game(p.id);
    if (g["status"] == "over") break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(g["status"], "over");
  EXPECT_EQ(g["result"]["reason"], "abandoned");
  EXPECT_EQ(g["result"]["winner"], nullptr);
  EXPECT_EQ(act(p.id, p.white, "a1").status, 409);
}

}  // namespace
}  // namespace gomoku
