#include "rules/pattern.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <type_traits>

#include "rules/weights.h"

namespace gomoku {

namespace {

constexpr int CENTER = 5;

/// Length of the own run through the centre.
int runThroughCenter(const std::array<uint8_t, 11>& c) {
  int n = 1;
  for (int i = CENTER - 1; i >= 0 && c[i] == 1; --i) ++n;
  for (int i = CENTER + 1; i < 11 && c[i] == 1; ++i) ++n;
  return n;
}

bool makesFive(int run, bool exact) { return exact ? run == 5 : run >= 5; }

/// Ternary index of the ten neighbours (centre excluded), digit j = cell j
/// of the key layout (cells 0..4 then 6..10 of the line).
int ternaryIndex(const std::array<uint8_t, 11>& c) {
  int idx = 0;
  for (int j = 9; j >= 0; --j) idx = idx * 3 + c[j < 5 ? j : j + 1];
  return idx;
}

constexpr int TERNARY_NB = 59049;  // 3^10

struct Classifier {
  bool exact;
  std::vector<uint8_t> memo = std::vector<uint8_t>(TERNARY_NB, 0xFF);

  Pattern get(std::array<uint8_t, 11>& c) {
    int idx = ternaryIndex(c);
    if (memo[idx] == 0xFF) memo[idx] = compute(c);
    return Pattern(memo[idx]);
  }

  Pattern compute(std::array<uint8_t, 11>& c) {
    int run = runThroughCenter(c);
    if (run >= 5) return makesFive(run, exact) ? F5 : OL;
    // Five points: empty cells that extend the centre's run into a five.
    int fivePoints = 0, fp[11];
    for (int e = 0; e < 11; ++e) {
      if (c[e] != 0) continue;
      c[e] = 1;
      if (makesFive(runThroughCenter(c), exact)) fp[fivePoints++] = e;
      c[e] = 0;
    }
    if (fivePoints == 1) return B4;
    if (fivePoints >= 2) {
      // Straight four: the run through the centre is four long and the two
      // five points are its two ends.
      int lo = CENTER, hi = CENTER;
      while (lo > 0 && c[lo - 1] == 1) --lo;
      while (hi < 10 && c[hi + 1] == 1) ++hi;
      bool straight = fivePoints == 2 && hi - lo == 3 && fp[0] == lo - 1 && fp[1] == hi + 1;
      return straight ? F4 : D4;
    }
    // Otherwise: the best shape one more own stone (within reach of a five
    // through the centre) can give, one level down.
    Pattern best = DEAD;
    for (int e = CENTER - 4; e <= CENTER + 4; ++e) {
      if (c[e] != 0) continue;
      c[e] = 1;
      Pattern sub = get(c);
      c[e] = 0;
      Pattern mapped = DEAD;
      switch (sub) {
        case F4: mapped = F3; break;
        case D4:
        case B4: mapped = B3; break;
        case F3: mapped = F2; break;
        case B3: mapped = B2; break;
        case F2: mapped = F1; break;
        case B2: mapped = B1; break;
        default: break;
      }
      best = std::max(best, mapped);
    }
    return best;
  }
};

}  // namespace

Pattern classifyLine(const std::array<uint8_t, 11>& cells, bool exact) {
  thread_local Classifier classifiers[2] = {Classifier{false}, Classifier{true}};
  auto c = cells;
  c[CENTER] = 1;
  return classifiers[exact].get(c);
}

PatternTable::PatternTable(bool exact) : exact_(exact), table_(size_t(1) << KEY_BITS) {
  // Classify every ternary neighbourhood once.
  Classifier cl{exact};
  std::vector<uint8_t> byTernary(TERNARY_NB);
  std::array<uint8_t, 11> c{};
  for (int idx = 0; idx < TERNARY_NB; ++idx) {
    int v = idx;
    for (int j = 0; j < 10; ++j) {
      c[j < 5 ? j : j + 1] = uint8_t(v % 3);
      v /= 3;
    }
    c[CENTER] = 1;
    byTernary[idx] = cl.get(c);
  }
  // Map 2-bit cell codes to ternary digits per colour, five cells at a time.
  std::array<std::array<int, 1024>, COLOR_NB> half{};
  for (int h = 0; h < 1024; ++h) {
    for (int col = 0; col < COLOR_NB; ++col) {
      int t = 0;
      for (int j = 4; j >= 0; --j) {
        int code = (h >> (2 * j)) & 3;
        int digit = code == EMPTY ? 0 : (code == stoneOf(Color(col)) ? 1 : 2);
        t = t * 3 + digit;
      }
      half[col][h] = t;
    }
  }
  for (uint32_t key = 0; key < (1u << KEY_BITS); ++key) {
    uint32_t lo = key & 1023, hi = key >> 10;
    PatternPair pp;
    for (int col = 0; col < COLOR_NB; ++col)
      pp.p[col] = byTernary[half[col][lo] + 243 * half[col][hi]];
    table_[key] = pp;
  }
  // "Five or more" never looks at the outermost cells (a five through the
  // centre lies within four steps): keep the 65,536 keys of the eight inner
  // cells, a table that stays in the cache.
  if (!exact) {
    std::vector<PatternPair> inner(size_t(1) << NARROW_KEY_BITS);
    for (uint32_t k = 0; k < inner.size(); ++k)
      inner[k] = table_[((k & 0xFF) << 2) | ((k >> 8) << 10)];
    table_ = std::move(inner);
  }
}

const PatternTable& patternTable(bool exact) {
  static std::once_flag flags[2];
  static std::unique_ptr<PatternTable> tables[2];
  std::call_once(flags[exact], [&] { tables[exact] = std::make_unique<PatternTable>(exact); });
  return *tables[exact];
}

int pairIndex(const Pattern patterns[DIR_NB]) {
  // Levels 1..PAIR_LEVELS for B2..B4 (0: not a building shape).
  int hi = 0, lo = 0;
  for (int d = 0; d < DIR_NB; ++d) {
    int level = patterns[d] >= B2 && patterns[d] <= B4 ? patterns[d] - B2 + 1 : 0;
    if (level > hi) {
      lo = hi;
      hi = level;
    } else if (level > lo) {
      lo = level;
    }
  }
  if (lo == 0) return -1;
  return (hi - 1) * hi / 2 + (lo - 1);
}

int shapeIndex(const Pattern patterns[DIR_NB]) {
  // Levels sorted descending, then the combinatorial number system:
  // C(a+3,4) + C(b+2,3) + C(c+1,2) + d for a >= b >= c >= d.
  int l[DIR_NB];
  for (int d = 0; d < DIR_NB; ++d) l[d] = patterns[d] <= OL ? 0 : patterns[d] - OL;
  std::sort(l, l + DIR_NB, std::greater<int>());
  auto choose = [](int n, int k) {
    long r = 1;
    for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
    return n < k ? 0 : int(r);
  };
  return choose(l[0] + 3, 4) + choose(l[1] + 2, 3) + choose(l[2] + 1, 2) + l[3];
}

namespace {

std::unique_ptr<std::array<Combo, 65536>> makeComboTable(const weights::Set& w) {
  static_assert(std::size(weights::SETS) == WEIGHT_SET_NB);
  static_assert(std::extent_v<decltype(weights::Set::pattern)> == PATTERN_NB &&
                std::extent_v<decltype(weights::Set::pair)> == PAIR_NB &&
                std::extent_v<decltype(weights::Set::combo)> == THREAT_NB &&
                std::extent_v<decltype(weights::Set::shape)> == SHAPE_NB);
  auto t = std::make_unique<std::array<Combo, 65536>>();
  for (int packed = 0; packed < 65536; ++packed) {
    int n[PATTERN_NB] = {};
    Pattern pats[DIR_NB] = {};
    int score = 0;
    bool valid = true;
    for (int d = 0; d < DIR_NB; ++d) {
      int p = (packed >> (4 * d)) & 15;
      if (p >= PATTERN_NB) { valid = false; break; }
      ++n[p];
      pats[d] = Pattern(p);
      score += w.pattern[p];
    }
    Threat th = T_NONE;
    if (valid) {
      if (int pair = pairIndex(pats); pair >= 0) score += w.pair[pair];
      score += w.shape[shapeIndex(pats)];
      int fours = n[B4] + 2 * n[D4];
      if (n[F5]) th = T_FIVE;
      else if (n[F4]) th = T_F4;
      else if (fours >= 2) th = T_44;
      else if (fours == 1 && n[F3]) th = T_43;
      else if (fours == 1) th = T_B4;
      else if (n[F3] >= 2) th = T_33;
      else if (n[F3] == 1) th = T_F3;
      else if (n[B3]) th = T_B3;
    }
    // Scores also order moves: never below zero.
    (*t)[packed] = Combo{th, int16_t(valid ? std::max(score + w.combo[th], 0) : 0)};
  }
  return t;
}

}  // namespace

const std::array<Combo, 65536>& comboTable(int set) {
  static const auto tables = [] {
    std::array<std::unique_ptr<std::array<Combo, 65536>>, WEIGHT_SET_NB> t;
    for (int s = 0; s < WEIGHT_SET_NB; ++s) t[s] = makeComboTable(weights::SETS[s]);
    return t;
  }();
  return *tables[std::clamp(set, 0, WEIGHT_SET_NB - 1)];
}

const char* patternName(Pattern p) {
  static const char* NAMES[PATTERN_NB] = {"DEAD", "OL", "B1", "F1", "B2", "F2",
                                          "B3",   "F3", "B4", "D4", "F4", "F5"};
  return p < PATTERN_NB ? NAMES[p] : "?";
}

const char* threatName(Threat t) {
  static const char* NAMES[THREAT_NB] = {"none", "B3", "F3", "33", "B4", "43", "44", "F4", "five"};
  return t < THREAT_NB ? NAMES[t] : "?";
}

}  // namespace gomoku
