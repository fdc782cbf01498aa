// Golden transcripts of the Gomocup brain. Each file in transcripts/ is a
// conversation: "> line" is sent to the brain, and so is a bare line (the
// rows of a BOARD block); "< line" is the expected reply, "< ~regex" a reply
// matching the regular expression; "#" starts a comment. MESSAGE lines
// from the brain are skipped unless the transcript expects one. All input is
// given at once, as a manager piping commands would.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "protocol/brain.h"

namespace fs = std::filesystem;

namespace {

struct Transcript {
  std::string input;
  std::vector<std::string> expected;
};

Transcript load(const fs::path& path) {
  Transcript t;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("> ", 0) == 0) t.input += line.substr(2) + "\n";
    else if (line.rfind("< ", 0) == 0) t.expected.push_back(line.substr(2));
    else if (!line.empty() && line[0] != '#') t.input += line + "\n";  // block lines
  }
  return t;
}

std::vector<std::string> converse(const std::string& input, bool messages) {
  std::istringstream in(input);
  std::ostringstream out;
  gomoku::BrainOptions opt;
  opt.messages = messages;
  opt.defaultHashMiB = 8;
  gomoku::runBrain(in, out, opt);
  std::vector<std::string> lines;
  std::istringstream o(out.str());
  std::string line;
  while (std::getline(o, line)) lines.push_back(line);
  return lines;
}

bool matches(const std::string& expected, const std::string& got) {
  if (expected.rfind("~", 0) == 0) return std::regex_match(got, std::regex(expected.substr(1)));
  return expected == got;
}

}  // namespace

class BrainTranscript : public ::testing::TestWithParam<std::string> {};

TEST_P(BrainTranscript, RepliesMatch) {
  fs::path path = fs::path(GOMOKU_TRANSCRIPTS) / GetParam();
  Transcript t = load(path);
  ASSERT_FALSE(t.expected.empty()) << path;
  bool wantsMessages = std::any_of(t.expected.begin(), t.expected.end(),
                                   [](auto& e) { return e.find("MESSAGE") != std::string::npos; });
  auto got = converse(t.input, wantsMessages);
  if (!wantsMessages)
    got.erase(std::remove_if(got.begin(), got.end(), [](auto& l) { return l.rfind("MESSAGE", 0) == 0; }),
              got.end());
  std::string all;
  for (auto& g : got) all += g + "\n";
  ASSERT_EQ(got.size(), t.expected.size()) << "brain said:\n" << all;
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_TRUE(matches(t.expected[i], got[i]))
        << "reply " << i + 1 << ": expected \"" << t.expected[i] << "\", got \"" << got[i] << "\"";
}

std::vector<std::string> transcriptFiles() {
  std::vector<std::string> names;
  for (auto& e : fs::directory_iterator(GOMOKU_TRANSCRIPTS))
    if (e.path().extension() == ".txt") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Golden, BrainTranscript, ::testing::ValuesIn(transcriptFiles()),
                         [](const auto& param) {
                           std::string n = param.param.substr(0, param.param.size() - 4);
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Brain, SameMoveEveryRunWithADepthLimit) {
  // No END: the input simply ends, and the brain finishes its search first.
  // Everything but the elapsed time must repeat exactly.
  const std::string script = "START 15\nINFO max_depth 4\nBOARD\n7,7,2\n8,8,1\n8,6,2\nDONE\n";
  auto withoutTimes = [](std::vector<std::string> lines) {
    for (auto& l : lines) l = std::regex_replace(l, std::regex(" time [0-9]+"), "");
    return lines;
  };
  auto first = withoutTimes(converse(script, true));
  EXPECT_EQ(first.size(), 6u) << "OK, four iterations, the move";
  EXPECT_EQ(first, withoutTimes(converse(script, true)));
}
