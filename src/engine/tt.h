#pragma once
/// Transposition table shared by all search threads.
///
/// Size is fixed at construction/resize (in MiB) and never grows during a
/// search. Entries are two 64-bit words written with relaxed atomics; the
/// stored key is XOR-ed with the data word, so a torn write by a concurrent
/// thread simply fails the key check (the "lockless hashing" idea) and lazy
/// SMP needs no locks.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/hugepage.h"
#include "core/types.h"
#include "engine/value.h"

namespace gomoku {

/// How a stored value bounds the true value.
enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/// A decoded entry.
struct TTData {
  Pos move = NO_POS;
  Value value = VALUE_NONE;
  int depth = 0;
  Bound bound = BOUND_NONE;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t mib = 64);

  /// Reallocates to `mib` MiB (at least 1) and clears.
  void resize(size_t mib);
  void clear();
  /// Starts a new search: older entries become preferred for replacement.
  void newSearch() { generation_ = uint8_t((generation_ + 1) & 63); }

  /// Looks a position up; returns true and fills `out` on a hit.
  bool probe(uint64_t key, TTData& out) const;
  /// Stores a result; `value` must already be relative to this node
  /// (see valueToTT).
  void store(uint64_t key, Pos move, Value value, int depth, Bound bound);
  /// Starts loading the key's cluster into the cache (a hint only).
  void prefetch(uint64_t key) const { __builtin_prefetch(&clusterOf(key)); }

  size_t sizeMiB() const { return mib_; }
  /// Permille of sampled entries written in the current search.
  int hashfull() const;

 private:
  struct Entry {
    std::atomic<uint64_t> keyXorData{0};
    std::atomic<uint64_t> data{0};
  };
  static constexpr int CLUSTER_SIZE = 4;
  struct alignas(64) Cluster {
    Entry entry[CLUSTER_SIZE];
  };

  /// Maps the key onto [0, count_) by the high half of a 64x64 product
  /// (no power-of-two size needed). Written out in 32-bit halves because
  /// ISO C++ has no 128-bit type.
  Cluster& clusterOf(uint64_t key) const {
    uint64_t n = count_, klo = key & 0xFFFFFFFFu, khi = key >> 32;
    uint64_t nlo = n & 0xFFFFFFFFu, nhi = n >> 32;
    uint64_t mid = khi * nlo + ((klo * nlo) >> 32);
    uint64_t mid2 = klo * nhi + (mid & 0xFFFFFFFFu);
    return clusters_[size_t(khi * nhi + (mid >> 32) + (mid2 >> 32))];
  }

  HugeArray<Cluster> clusters_;  ///< on huge pages from 2 MiB up
  size_t count_ = 0;
  size_t mib_ = 0;
  uint8_t generation_ = 0;
};

/// Win/loss scores are stored relative to the node, not the root, so they
/// stay correct when the position is reached at another ply.
inline Value valueToTT(Value v, int ply) {
  return v >= VALUE_WIN_MIN ? v + ply : v <= -VALUE_WIN_MIN ? v - ply : v;
}
inline Value valueFromTT(Value v, int ply) {
  return v >= VALUE_WIN_MIN ? v - ply : v <= -VALUE_WIN_MIN ? v + ply : v;
}

}  // namespace gomoku
