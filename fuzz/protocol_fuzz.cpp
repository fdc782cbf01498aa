// Fuzz target: the Gomocup brain's command parser and state. Any byte
// sequence as manager input must give replies, never a crash or a hang. The
// search is kept tiny: INFO lines that would lengthen it are dropped and a
// depth limit of 2 comes first. INFO max_memory is dropped too: a manager may
// grant the brain gigabytes for its table, more than a fuzzer process has.
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol/brain.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::istringstream raw(std::string(reinterpret_cast<const char*>(data), size));
  std::string input = "INFO max_depth 2\nINFO max_node 3000\nINFO timeout_turn 200\n", line;
  while (std::getline(raw, line)) {
    std::string upper;
    for (char c : line) upper += char(c >= 'a' && c <= 'z' ? c - 32 : c);
    if (upper.find("INFO") != std::string::npos &&
        (upper.find("DEPTH") != std::string::npos || upper.find("NODE") != std::string::npos ||
         upper.find("TIME") != std::string::npos || upper.find("THREAD") != std::string::npos ||
         upper.find("MEMORY") != std::string::npos))
      continue;
    input += line + "\n";
  }
  std::istringstream in(input);
  std::ostringstream out;
  gomoku::BrainOptions opt;
  opt.defaultHashMiB = 1;
  opt.messages = false;
  gomoku::runBrain(in, out, opt);
  return 0;
}
