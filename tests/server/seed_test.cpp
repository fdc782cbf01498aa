// POST /api/v1/move with a seed (issue 11, bug 11): the same seed repeats
// the computer's answer, different seeds vary Easy's and Medium's answers
// and the stones of a computer opener; without a seed the server draws one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "server/server.h"
#include "server/test_server.h"

using nlohmann::json;

namespace gomoku {
namespace {

class SeedTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_GT(test::startTestServer(ServerOptions{}, server_, client_), 0); }
  void TearDown() override { server_.reset(); }

  /// The computer's actions for `body`, joined by spaces ("" on failure).
  std::string answer(json body) {
    auto [status, j] = test::postJson(*client_, "/api/v1/move", body);
    EXPECT_EQ(status, 200) << j.dump();
    if (status != 200) return "";
    if (body.contains("seed")) {
      EXPECT_EQ(j["search"]["seed"], body["seed"]);
    }
    std::string s;
    for (const auto& t : j["actions"]) s += (s.empty() ? "" : " ") + t.get<std::string>();
    return s;
  }

  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(SeedTest, TheSameSeedRepeatsTheAnswerAndSeedsVaryIt) {
  for (const char* level : {"easy", "medium"}) {
    json body{{"rules", "renju"}, {"record", "h8"}, {"level", level}};
    std::set<std::string> seen;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      body["seed"] = seed;
      std::string a = answer(body);
      ASSERT_FALSE(a.empty());
      EXPECT_EQ(answer(body), a) << level << " seed " << seed;
      seen.insert(a);
    }
    EXPECT_GE(seen.size(), 2u) << level << " answered h8 the same way with 6 seeds";
  }
}

TEST_F(SeedTest, TheComputerOpenerPlacesStonesByTheSeed) {
  json body{{"rules", "freestyle"}, {"opening", "swap2"}, {"record", ""}, {"level", "easy"}};
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    body["seed"] = seed;
    std::string a = answer(body);
    EXPECT_EQ(answer(body), a);
    seen.insert(a);
  }
  EXPECT_GE(seen.size(), 2u);
}

TEST_F(SeedTest, WithoutASeedTheServerDrawsOne) {
  json body{{"rules", "freestyle"}, {"record", "h8"}, {"level", "easy"}};
  std::set<uint64_t> seeds;
  for (int i = 0; i < 3; ++i) {
    auto [status, j] = test::postJson(*client_, "/api/v1/move", body);
    ASSERT_EQ(status, 200);
    ASSERT_TRUE(j["search"]["seed"].is_number_unsigned()) << j.dump();
    EXPECT_LT(j["search"]["seed"].get<uint64_t>(), uint64_t(1) << 53) << "exact in JavaScript";
    seeds.insert(j["search"]["seed"].get<uint64_t>());
  }
  EXPECT_GE(seeds.size(), 2u);
  for (json bad : {json(-1), json(1.5), json("7")}) {
    body["seed"] = bad;
    auto [status, j] = test::postJson(*client_, "/api/v1/move", body);
    EXPECT_EQ(status, 400) << bad.dump();
    EXPECT_NE(j.value("error", "").find("seed"), std::string::npos);
  }
}

}  // namespace
}  // namespace gomoku
