#pragma once
/// Monotonic millisecond clock for time control and benchmarks.
#include <chrono>
#include <cstdint>

namespace gomoku {

using TimePoint = int64_t;  ///< milliseconds

inline TimePoint nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

/// A stopwatch started at construction.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  int64_t millis() const { return int64_t(seconds() * 1000.0); }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace gomoku
