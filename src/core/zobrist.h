#pragma once
/// Zobrist keys: fixed pseudo-random 64-bit numbers (splitmix64 from a fixed
/// seed) so hashes are identical on every run and every machine.
#include <array>
#include <cstdint>

#include "core/types.h"

namespace gomoku {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct ZobristKeys {
  std::array<std::array<uint64_t, CELL_NB>, COLOR_NB> stone{};
  std::array<std::array<uint64_t, 64>, COLOR_NB> score{};  ///< captures / points
  uint64_t side = 0;                                       ///< white to move

  constexpr ZobristKeys() {
    uint64_t s = 0x5EED5EED1234ULL;
    for (auto& arr : stone)
      for (auto& k : arr) k = splitmix64(s);
    for (auto& arr : score)
      for (auto& k : arr) k = splitmix64(s);
    side = splitmix64(s);
  }
};

inline const ZobristKeys& zobrist() {
  static const ZobristKeys keys;
  return keys;
}

}  // namespace gomoku
