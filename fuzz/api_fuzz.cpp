// Fuzz target: the JSON request body every API route parses. Whatever the
// bytes, parsing must answer 200 or a 4xx with a message, and an accepted
// game must print its state JSON and replay its own record to the same state.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "server/request.h"

using namespace gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  std::string body(reinterpret_cast<const char*>(data), size);
  GameRequest req;
  Game game;
  nlohmann::json parsed;
  std::string error;
  int status = parseGameRequest(body, &req, &game, &parsed, &error);
  if (status != 200) {
    if (status < 400 || status > 499 || error.empty()) std::abort();
    // The server sends the message as JSON (it may quote the bad bytes).
    if (nlohmann::json::parse(jsonText(nlohmann::json{{"error", error}}), nullptr, false).is_discarded())
      std::abort();
    return 0;
  }
  nlohmann::json state = stateJson(game);
  std::string text = state.dump();
  nlohmann::json again = parsed;
  again["record"] = state["record"];
  GameRequest req2;
  Game game2;
  std::string error2;
  if (parseGameRequest(again.dump(), &req2, &game2, &parsed, &error2) != 200) std::abort();
  if (stateJson(game2).dump() != text) std::abort();
  return 0;
}
