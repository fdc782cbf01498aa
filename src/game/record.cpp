#include "game/record.h"

#include <cctype>
#include <sstream>

#include "core/notation.h"

namespace gomoku {

std::string RecordError::describe() const {
  if (index <= 0) return message;
  return "token " + std::to_string(index) + " \"" + token + "\": " + message;
}

std::vector<std::string> splitRecord(std::string_view text) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ',' || text[i] == ';') {
      // Commas and semicolons between tokens are accepted as separators,
      // except inside "propose:a,b" (handled below, the chunk ends at space).
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    std::string_view chunk = text.substr(i, j - i);
    if (chunk.find(':') != std::string_view::npos) {
      tokens.emplace_back(chunk);
    } else {
      // A chunk without ':' may be a word or a run of points.
      std::string_view rest = chunk;
      std::vector<std::string> points;
      bool allPoints = true;
      while (!rest.empty()) {
        size_t used = 0;
        if (rest[0] == ',' || rest[0] == ';') {
          rest.remove_prefix(1);
          continue;
        }
        if (!readPointPrefix(rest, &used)) {
          allPoints = false;
          break;
        }
        points.emplace_back(rest.substr(0, used));
        rest.remove_prefix(used);
      }
      if (allPoints) tokens.insert(tokens.end(), points.begin(), points.end());
      else tokens.emplace_back(chunk);
    }
    i = j;
  }
  return tokens;
}

std::optional<Game> replayRecord(const RuleSet& rules, std::string_view text, RecordError* error) {
  std::string bad = rules.validate();
  if (!bad.empty()) {
    *error = RecordError{0, "", bad};
    return std::nullopt;
  }
  auto tokens = splitRecord(text);
  Game game(rules);
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string err = game.applyToken(tokens[i]);
    if (!err.empty()) {
      *error = RecordError{int(i + 1), tokens[i], err};
      return std::nullopt;
    }
  }
  return game;
}

std::string formatRecord(const Game& game) {
  std::string out;
  for (const auto& a : game.actions()) {
    if (!out.empty()) out += ' ';
    out += actionToken(a);
  }
  return out;
}

std::optional<std::string> toPsq(const Game& game, std::string* error) {
  const int size = game.rules().size;
  std::ostringstream out;
  out << "Piskvorky " << size << "x" << size << ", 11:11, 0\n";
  for (const auto& a : game.actions()) {
    if (a.type != ActionType::PLACE) {
      *error = "the record holds \"" + actionToken(a) +
               "\", which a .psq file cannot express; export it as text instead";
      return std::nullopt;
    }
    out << posX(a.pos) + 1 << "," << size - posY(a.pos) << ",0\n";
  }
  out << "-1\n";
  return out.str();
}

std::optional<Game> fromPsq(RuleSet rules, std::string_view text, RecordError* error) {
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line)) {
    *error = RecordError{0, "", "empty .psq file"};
    return std::nullopt;
  }
  int w = 0, h = 0;
  {
    // Header: "Piskvorky 15x15, 11:11, 0" (the size is all we need).
    auto pos = line.find_first_of("0123456789");
    char x = 0;
    std::istringstream hs(pos == std::string::npos ? "" : line.substr(pos));
    if (line.rfind("Piskvorky", 0) != 0 || !(hs >> w >> x >> h) || x != 'x') {
      *error = RecordError{0, "", "not a .psq file: the first line should read like \"Piskvorky 15x15, 11:11, 0\""};
      return std::nullopt;
    }
    if (w != h) {
      *error = RecordError{0, "", "only square boards are supported (got " + std::to_string(w) + "x" + std::to_string(h) + ")"};
      return std::nullopt;
    }
  }
  rules.size = w;
  std::string bad = rules.validate();
  if (!bad.empty()) {
    *error = RecordError{0, "", bad};
    return std::nullopt;
  }
  Game game(rules);
  int index = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    int x = 0, y = 0;
    char c1 = 0;
    std::istringstream ls(line);
    if (!(ls >> x >> c1 >> y) || c1 != ',') break;  // the move list ends ("-1" or names)
    ++index;
    if (x < 1 || x > w || y < 1 || y > w) {
      *error = RecordError{index, line, "coordinates out of range for a " + std::to_string(w) + "x" + std::to_string(w) + " board"};
      return std::nullopt;
    }
    std::string err = game.apply(Action::place(makePos(x - 1, w - y)));
    if (!err.empty()) {
      *error = RecordError{index, line, err};
      return std::nullopt;
    }
  }
  return game;
}

}  // namespace gomoku
