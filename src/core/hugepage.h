#pragma once
/// A big table probed at random (the transposition table): with 4 KiB
/// pages nearly every probe misses the TLB as well as the cache. From
/// 2 MiB up it is allocated 2 MiB-aligned and marked for transparent huge
/// pages (many kernels, this project's test machine's among them, only
/// give those on request), so one TLB entry covers 2 MiB.
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#include <sys/mman.h>

namespace gomoku {

struct HugeFree {
  void operator()(void* p) const { std::free(p); }
};

/// An array of trivially destructible elements freed with std::free.
template <class T>
using HugeArray = std::unique_ptr<T[], HugeFree>;

/// `n` value-initialised elements; an array under 2 MiB is not rounded up.
template <class T>
HugeArray<T> allocHuge(size_t n) {
  static_assert(std::is_trivially_destructible_v<T>, "freed without destructors");
  constexpr size_t HUGE_PAGE = size_t(2) << 20;
  size_t bytes = n * sizeof(T);
  size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : alignof(T) < sizeof(void*) ? sizeof(void*) : alignof(T);
  bytes = (bytes + align - 1) / align * align;
  void* mem = std::aligned_alloc(align, bytes ? bytes : align);
  if (!mem) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  if (align == HUGE_PAGE) madvise(mem, bytes, MADV_HUGEPAGE);
#endif
  T* a = static_cast<T*>(mem);
  for (size_t i = 0; i < n; ++i) new (a + i) T();
  return HugeArray<T>(a);
}

}  // namespace gomoku
