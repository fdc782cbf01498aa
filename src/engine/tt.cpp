#include "engine/tt.h"

#include <algorithm>

namespace gomoku {

namespace {

// Data word layout: bits 0-15 move + 1 (0 = none), 16-31 value (int16),
// 32-39 depth + 64, 40-41 bound, 42-47 generation.
uint64_t pack(Pos move, Value value, int depth, Bound bound, uint8_t gen) {
  return uint64_t(uint16_t(move + 1)) | uint64_t(uint16_t(int16_t(value))) << 16 |
         uint64_t(uint8_t(std::clamp(depth + 64, 0, 255))) << 32 | uint64_t(bound) << 40 |
         uint64_t(gen & 63) << 42;
}

int depthOf(uint64_t d) { return int((d >> 32) & 255) - 64; }
Bound boundOf(uint64_t d) { return Bound((d >> 40) & 3); }
uint8_t genOf(uint64_t d) { return uint8_t((d >> 42) & 63); }

}  // namespace

TranspositionTable::TranspositionTable(size_t mib) { resize(mib); }

void TranspositionTable::resize(size_t mib) {
  // Managers send the same INFO max_memory before every game: keep the
  // table (and skip allocating and zeroing it again) when nothing changes.
  if (clusters_ && std::max<size_t>(mib, 1) == mib_) return clear();
  mib_ = std::max<size_t>(mib, 1);
  count_ = mib_ * 1024 * 1024 / sizeof(Cluster);
  clusters_.reset();  // before the new one: never both at once
  clusters_ = allocHuge<Cluster>(count_);
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (size_t i = 0; i < count_; ++i)
    for (auto& e : clusters_[i].entry) {
      e.keyXorData.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTData& out) const {
  Cluster& c = clusterOf(key);
  for (auto& e : c.entry) {
    uint64_t d = e.data.load(std::memory_order_relaxed);
    uint64_t k = e.keyXorData.load(std::memory_order_relaxed);
    if ((k ^ d) != key || boundOf(d) == BOUND_NONE) continue;
    out.move = Pos(int(d & 0xFFFF) - 1);
    out.value = int16_t((d >> 16) & 0xFFFF);
    out.depth = depthOf(d);
    out.bound = boundOf(d);
    return true;
  }
  return false;
}

void TranspositionTable::store(uint64_t key, Pos move, Value value, int depth, Bound bound) {
  Cluster& c = clusterOf(key);
  // Replace the same key if present, else the entry least worth keeping:
  // shallow and from an older search.
  Entry* victim = &c.entry[0];
  int worst = 1 << 30;
  for (auto& e : c.entry) {
    uint64_t d = e.data.load(std::memory_order_relaxed);
    uint64_t k = e.keyXorData.load(std::memory_order_relaxed);
    if ((k ^ d) == key || boundOf(d) == BOUND_NONE) {
      // Keep an existing move when the new result has none.
      if ((k ^ d) == key && move == NO_POS) move = Pos(int(d & 0xFFFF) - 1);
      victim = &e;
      break;
    }
    int age = (64 + generation_ - genOf(d)) & 63;
    int worth = depthOf(d) - 8 * age;
    if (worth < worst) {
      worst = worth;
      victim = &e;
    }
  }
  uint64_t d = pack(move, value, depth, bound, generation_);
  victim->data.store(d, std::memory_order_relaxed);
  victim->keyXorData.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int n = 0;
  size_t sample = std::min<size_t>(count_, 250);
  for (size_t i = 0; i < sample; ++i)
    for (auto& e : clusters_[i].entry) {
      uint64_t d = e.data.load(std::memory_order_relaxed);
      if (boundOf(d) != BOUND_NONE && genOf(d) == generation_) ++n;
    }
  return sample ? int(n * 1000 / (sample * CLUSTER_SIZE)) : 0;
}

}  // namespace gomoku
