// tools/fit_eval as the recipe runs it (docs/engine.md, "The evaluation's
// weights"): exporting positions for a peer to label, and fitting to labels.
#include <gtest/gtest.h>

#include "cli/cli_util.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;
using gomoku::test::CmdResult;

CmdResult fitEval(const std::string& args) { return gomoku::test::runProgram(FIT_EVAL_BINARY, args); }

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "fit-eval-XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

std::vector<std::string> lines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// Black makes five a1-e1 on move 11 (White's f1 stops a sixth stone, so the
// final position has no five point left and counts as quiet). From the
// sixth stone on, moves 6, 7 and 8 leave quiet positions; after b1 Black
// has a five point (d1), so 9 and 10 do not.
const char* GAME = "h8 o15 a1 f1 c1 k15 e1 k11 b1 m13 d1";

TEST(FitEvalCli, ExportsEachQuietPositionOnceWithoutTheFinalOne) {
  TempDir dir;
  std::string games = dir.write("games.txt", std::string("# a game, twice\n") + GAME + "\n" + GAME + "\n");
  std::string out = (dir.path / "positions.txt").string();
  CmdResult r = fitEval("--rules freestyle --export-every 1 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("3 positions written"), std::string::npos) << r.out;
  std::vector<std::string> want = {"h8 o15 a1 f1 c1 k15", "h8 o15 a1 f1 c1 k15 e1",
                                   "h8 o15 a1 f1 c1 k15 e1 k11"};
  EXPECT_EQ(lines(out), want);

  // Every second quiet position, counting on through the copy: the 2nd
  // (move 7), the 4th (the copy's move 6) and the 6th (the copy's move 8).
  r = fitEval("--rules freestyle --export-every 2 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  want = {"h8 o15 a1 f1 c1 k15 e1", "h8 o15 a1 f1 c1 k15", "h8 o15 a1 f1 c1 k15 e1 k11"};
  EXPECT_EQ(lines(out), want);

  // Every third: the 3rd (move 8) and the 6th, the same position again.
  r = fitEval("--rules freestyle --export-every 3 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  want = {"h8 o15 a1 f1 c1 k15 e1 k11"};
  EXPECT_EQ(lines(out), want);
}

// --export-branches: after each game position, side lines of one to four
// moves on empty points, the same every run (a fixed seed), each written once.
TEST(FitEvalCli, ExportsSideLinesAfterEachGamePosition) {
  TempDir dir;
  std::string games = dir.write("games.txt", std::string(GAME) + "\n");
  std::string out = (dir.path / "positions.txt").string();
  CmdResult r = fitEval("--rules freestyle --export-every 1 --export-branches 3 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  std::vector<std::string> got = lines(out);
  std::vector<std::string> game = {"h8 o15 a1 f1 c1 k15", "h8 o15 a1 f1 c1 k15 e1", "h8 o15 a1 f1 c1 k15 e1 k11"};
  int branches = 0;
  std::string parent;
  for (const std::string& l : got) {
    if (std::find(game.begin(), game.end(), l) != game.end()) {
      parent = l;
      continue;
    }
    ++branches;
    ASSERT_FALSE(parent.empty()) << l;
    ASSERT_EQ(l.rfind(parent + " ", 0), 0u) << l << " does not extend " << parent;
    std::istringstream extra(l.substr(parent.size()));
    std::vector<std::string> moves;
    for (std::string t; extra >> t;) moves.push_back(t);
    EXPECT_GE(moves.size(), 1u) << l;
    EXPECT_LE(moves.size(), 4u) << l;
    std::istringstream all(l);
    std::vector<std::string> points;
    for (std::string t; all >> t;) points.push_back(t);
    std::sort(points.begin(), points.end());
    EXPECT_EQ(std::adjacent_find(points.begin(), points.end()), points.end()) << l << " plays a point twice";
  }
  EXPECT_GE(branches, 1);
  EXPECT_LE(branches, 9);
  std::vector<std::string> sorted = got;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "a position written twice";
  // The same lines every run; and without branches only the game positions.
  r = fitEval("--rules freestyle --export-every 1 --export-branches 3 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(lines(out), got);
  r = fitEval("--rules freestyle --export-every 1 --export-positions " + out + " " + games);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(lines(out), game);
}

TEST(FitEvalCli, FitsToLabelsAndSkipsWhatItCannotUse) {
  TempDir dir;
  std::string labels = dir.write("labels.txt",
                                 "# record<TAB>value for the side to move\n"
                                 "h8 o15 a1 f1 c1 k15\t300\n"
                                 "h8 o15 a1 f1 c1 k15 e1\t-250\r\n"  // CRLF is fine
                                 "h8 o15 a1 f1 c1 k15 e1 k11\t400\n"
                                 "h8 o15 a1 f1 c1 k15 e1 k11 b1\t-30000\n"  // not quiet
                                 "h8 zz99\t10\n"                            // not a record
                                 + std::string(GAME) + "\t0\n"              // finished
                                 "h8 i9 no tab here\n"    // no value
                                 "h8 o15 a1 f1 c1\tabc\n"  // a value that is no number
                                 "h8 o15 a1 f1\t12x\n"     // nor this
                                 "h8 o15 a1\t\n");        // an empty value
  std::string header = (dir.path / "weights.h").string();
  CmdResult r = fitEval("--rules freestyle --iterations 100 --labels " + labels + " --label-scale 150 --out " +
                        header);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("0 games, 3 labelled positions (7 skipped); 3 positions"), std::string::npos)
      << r.out;
  std::ifstream in(header);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("inline constexpr Set SETS[4]"), std::string::npos);
  EXPECT_NE(text.str().find("3 labelled positions"), std::string::npos);
}

TEST(FitEvalCli, FitsShapeCorrectionsOnlyWhenAsked) {
  // Without --shapes the shape rows stay empty; with it the freestyle set
  // gets a full row of 1001 values and the others stay empty.
  TempDir dir;
  std::string labels = dir.write("labels.txt",
                                 "h8 o15 a1 f1 c1 k15\t300\n"
                                 "h8 o15 a1 f1 c1 k15 e1\t-250\n"
                                 "h8 o15 a1 f1 c1 k15 e1 k11\t400\n");
  std::string header = (dir.path / "weights.h").string();
  auto shapeRows = [&] {
    std::ifstream in(header);
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    // A set ends with its shape row: "{}}," when empty, else "N, ..., N}},".
    std::vector<size_t> sizes;
    for (size_t end = s.find("}},"); end != std::string::npos; end = s.find("}},", end + 3)) {
      size_t begin = s.rfind('{', end);
      std::string row = s.substr(begin + 1, end - begin - 1);
      sizes.push_back(row.empty() ? 0 : size_t(std::count(row.begin(), row.end(), ',')) + 1);
    }
    return sizes;
  };
  CmdResult r = fitEval("--rules freestyle --iterations 50 --labels " + labels + " --out " + header);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(shapeRows(), (std::vector<size_t>{0, 0, 0, 0}));
  r = fitEval("--rules freestyle --iterations 50 --shapes --shape-l2 0 --labels " + labels + " --out " + header);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(shapeRows(), (std::vector<size_t>{1001, 0, 0, 0}));
  r = fitEval("--shapes --shape-l2 -1 --labels " + labels);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--shape-l2 takes a number"), std::string::npos) << r.out;
}

TEST(FitEvalCli, RejectsBadArguments) {
  const std::pair<const char*, const char*> cases[] = {
      {"--label-scale -1 --labels /dev/null", "--label-scale takes a positive number"},
      {"--label-scale 150x --labels /dev/null", "--label-scale takes a positive number (got \"150x\")"},
      {"--shapes --shape-l2 none --labels /dev/null", "--shape-l2 takes a number, 0 or more (got \"none\")"},
      {"--labels /nonexistent/labels.txt", "cannot read /nonexistent/labels.txt"},
      {"--export-positions /nonexistent/dir/out.txt", "cannot write"},
      {"--labels /dev/null", "no positions"},
      {"--export-branches two --labels /dev/null", "--export-branches takes a whole number, 0 or more (got \"two\")"},
      {"--export-every 0 --labels /dev/null", "--export-every takes a whole number, 1 or more"},
      {"--iterations -3 --labels /dev/null", "--iterations takes a whole number, 0 or more"},
  };
  for (const auto& [args, message] : cases) {
    CmdResult r = fitEval(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.out.find(message), std::string::npos) << args << ": " << r.out;
  }
}

}  // namespace
