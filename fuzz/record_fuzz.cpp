// Fuzz target: the text record parser and replay for every variant and
// opening. The first byte picks the rules; the rest is the record. Whatever
// the input, parsing must not crash, and a record that replays must
// round-trip through formatRecord.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/record.h"

using namespace gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 4096) return 0;
  RuleSet rs;
  uint8_t sel = data[0];
  rs.variant = Variant(sel % 4);
  rs.opening = Opening((sel / 4) % 4);
  rs.exactFive = (sel & 16) && rs.variant == Variant::GOMOKU;
  rs.size = (sel & 32) ? 19 : 15;
  if (!rs.validate().empty()) rs.opening = Opening::FREE;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  RecordError err;
  auto game = replayRecord(rs, text, &err);
  if (!game) {
    if (err.describe().empty()) std::abort();
    return 0;
  }
  std::string again = formatRecord(*game);
  auto replay = replayRecord(rs, again, &err);
  if (!replay || formatRecord(*replay) != again) std::abort();
  if (game->canUndo()) game->undo();
  return 0;
}
