// Fuzz target: the Piskvork .psq reader (and the writer on what it reads).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/record.h"

using namespace gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  RecordError err;
  RuleSet rs;
  if (size && (data[0] & 1)) rs.variant = Variant::RENJU;
  auto game = fromPsq(rs, text, &err);
  if (!game) return 0;
  std::string perr;
  auto psq = toPsq(*game, &perr);
  if (!psq) std::abort();  // a game read from .psq holds only stones
  auto back = fromPsq(rs, *psq, &err);
  if (!back || formatRecord(*back) != formatRecord(*game)) std::abort();
  return 0;
}
