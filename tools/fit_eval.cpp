// fit_eval: fits the evaluation's weights (src/rules/weights.h) to game
// results, Texel-style. Every quiet position of the given games becomes a
// sample: its features (per colour, how many empty point-directions show
// each line pattern, how many points have each pair of building shapes and
// how many points have each threat class) and the
// result of its game for the side to move (1, 1/2, 0). The evaluation is a
// function of the weights and the features (the same formula as
// engine/eval.cpp); the fit minimises the cross-entropy between the result
// and sigmoid(eval / K) by Adam, holding out every tenth game to check that
// the fit generalises. Prints the losses and writes the new header.
//
// There are four weight sets (rules/pattern.h weightSet): one for
// freestyle and exact five, fitted to the freestyle (and exact-five) games,
// one for each colour in renju, fitted to the renju games, and one for
// captures and fishing, which this tool does not fit (their engines add
// their own terms). A colour's point
// scores come from its own set; the evaluation's terms from the side to
// move's. A set with no games keeps its values.
//
// Usage: fit_eval [--rules freestyle|renju] [--exact-five] [--iterations N]
//                 [--eval-terms-only] [--shapes [--shape-l2 L]]
//                 [--out FILE] [--label-scale S]
//                 [GAMES | --labels FILE]... ; GAMES are `gomoku match
//                 --records` files (one record a line, '#' comments).
//                 --rules may be given again between files; it applies to
//                 the files after it.
//
// Instead of game results, the target can be a peer engine's search value:
// `--labels FILE` reads "RECORD<TAB>EVAL" lines (scripts/label-positions.py)
// and fits to sigmoid(EVAL / S), S = --label-scale (default 200, Rapfi's
// unit). `--export-positions FILE [--export-every N]` writes every N-th
// quiet position of the GAMES (default 3; each once; a game's final
// position left out) as a record a line, for the labeller, and fits nothing.
// `--export-branches K` adds, for each exported position, K side lines of
// one to four moves, each move drawn at random among the eight empty points
// with the highest ordering score (both colours' point scores, as the
// search orders quiet moves), keeping the quiet positions they reach: the
// evaluation is mostly asked about such positions at a search's leaves, a
// few plausible but not best moves away from a game.
//
// `--shapes` also fits a correction for each point shape (the unordered set
// of its four line patterns, 1001 of them, rules/pattern.h shapeIndex),
// pulled toward zero by an L2 penalty L (--shape-l2, default 3e-9 per
// squared unit): the sums of per-line values misjudge some combinations,
// and a peer's values show which. A point's score stays at zero or more.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "game/record.h"
#include "rules/board.h"
#include "rules/weights.h"

using namespace gomoku;

namespace {

constexpr int NP = PATTERN_NB, NT = THREAT_NB, NQ = PAIR_NB;

/// One position's features, from the side to move's point of view.
struct Sample {
  float n[2][NP];  ///< [us/them][pattern]: empty point-directions with that pattern
  float q[2][NQ];  ///< [us/them][pair]: empty points with that pair of shapes
  float t[2][NT];  ///< [us/them][threat]: empty points with that threat class
  /// [us/them]: (shape, empty points with that shape), shapes that occur only
  std::vector<std::pair<uint16_t, uint16_t>> shapes[2];
  float y;         ///< result for the side to move
  int8_t set[2];   ///< [us/them]: weight set of that colour
  bool holdout;
};

constexpr int NS = WEIGHT_SET_NB;

/// One weight set's parameters, as doubles.
struct SetParams {
  double pattern[NP], pair[NQ], combo[NT], own[NT], opp[NT];
  double ownScale, oppScale, tempo;
  double shape[SHAPE_NB];
};

/// The parameters being fitted: every set.
struct Params {
  SetParams s[NS];
};

Params initial() {
  Params p{};
  for (int k = 0; k < NS; ++k) {
    const weights::Set& w = weights::SETS[k];
    SetParams& q = p.s[k];
    for (int i = 0; i < NP; ++i) q.pattern[i] = w.pattern[i];
    for (int i = 0; i < NQ; ++i) q.pair[i] = w.pair[i];
    for (int i = 0; i < NT; ++i) {
      q.combo[i] = w.combo[i];
      q.own[i] = w.threatOwn[i];
      q.opp[i] = w.threatOpp[i];
    }
    q.ownScale = w.ownScale;
    q.oppScale = w.oppScale;
    q.tempo = w.tempo;
    for (int i = 0; i < SHAPE_NB; ++i) q.shape[i] = w.shape[i];
  }
  return p;
}

/// --shapes: the per-shape corrections are fitted too, each pulled toward
/// zero by an L2 penalty of --shape-l2 (so that a rare shape keeps the
/// value the pattern sums give it).
bool fitShapes = false;
double shapeL2 = 3e-9;

/// One point's patterns for every shape index, and its threat class.
struct ShapeInfo {
  Pattern pats[DIR_NB];
  int pair;
  Threat threat;
};
const std::vector<ShapeInfo>& shapeInfo() {
  static const std::vector<ShapeInfo> info = [] {
    std::vector<ShapeInfo> v(SHAPE_NB);
    const auto& combos = comboTable(0);  // threat classes do not depend on weights
    for (int a = 0; a < SHAPE_LEVELS; ++a)
      for (int b = 0; b <= a; ++b)
        for (int c = 0; c <= b; ++c)
          for (int d = 0; d <= c; ++d) {
            int lv[DIR_NB] = {a, b, c, d};
            ShapeInfo si{};
            int packed = 0;
            for (int k = 0; k < DIR_NB; ++k) {
              si.pats[k] = Pattern(lv[k] ? lv[k] + OL : DEAD);
              packed |= si.pats[k] << (4 * k);
            }
            si.pair = pairIndex(si.pats);
            si.threat = combos[packed].threat;
            v[shapeIndex(si.pats)] = si;
          }
    return v;
  }();
  return info;
}

/// A shape's point score without its correction.
double shapeBase(const SetParams& p, int shape) {
  const ShapeInfo& si = shapeInfo()[shape];
  double v = p.combo[si.threat] + (si.pair >= 0 ? p.pair[si.pair] : 0);
  for (Pattern x : si.pats) v += p.pattern[x];
  return v;
}

/// Which parameters move: the patterns B1..F4, the combined classes B3..F4,
/// the threat bonuses B3..F4, the opponent's scale and the tempo. The own
/// scale stays (it only sets the unit), DEAD/OL/F5 and "five" do not occur
/// in quiet positions.
bool freePattern(int i) { return i >= B1 && i <= F4; }
bool freeThreat(int i) { return i >= T_B3 && i <= T_F4; }

/// A colour's score sum under its set's parameters.
double scoreSum(const Params& params, const Sample& s, int side) {
  const SetParams& p = params.s[s.set[side]];
  double v = 0;
  for (int i = 0; i < NP; ++i) v += p.pattern[i] * s.n[side][i];
  for (int i = 0; i < NQ; ++i) v += p.pair[i] * s.q[side][i];
  for (int i = 0; i < NT; ++i) v += p.combo[i] * s.t[side][i];
  for (auto [shape, count] : s.shapes[side]) v += p.shape[shape] * count;
  return v;
}

double evaluate(const Params& params, const Sample& s) {
  const SetParams& p = params.s[s.set[0]];
  double v = (p.ownScale * scoreSum(params, s, 0) - p.oppScale * scoreSum(params, s, 1)) / 64 + p.tempo;
  for (int i = T_B3; i < T_FIVE; ++i)
    v += p.own[i] * std::min(s.t[0][i], 4.0f) - p.opp[i] * std::min(s.t[1][i], 4.0f);
  return v;
}

/// Quiet: no five point for either side and no straight four, double four
/// or four-three for the side to move (the search settles those before it
/// ever evaluates).
bool quiet(const Board& b) {
  Color us = b.sideToMove(), them = ~us;
  if (b.threatCount(us, T_FIVE) || b.threatCount(them, T_FIVE)) return false;
  return !b.threatCount(us, T_F4) && !b.threatCount(us, T_44) && !b.threatCount(us, T_43);
}

/// --export-branches: one side line of one to four moves from b, each
/// drawn among the eight empty points near stones with the highest
/// ordering score; returns its record (rec extended) if it ends in a quiet
/// position, else "". b is left as it was.
std::string branch(Board& b, const std::string& rec, std::mt19937& rng) {
  int length = std::uniform_int_distribution<int>(1, 4)(rng), played = 0;
  std::string side = rec;
  bool ok = true;
  for (; played < length; ++played) {
    std::vector<std::pair<int, Pos>> cand;
    Color us = b.sideToMove();
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x) {
        Pos p = makePos(x, y);
        if (b.isEmpty(p) && b.hasStoneNear(p, 2)) cand.push_back({-(b.cellScore(p, us) + b.cellScore(p, ~us)), p});
      }
    std::sort(cand.begin(), cand.end());
    cand.resize(std::min<size_t>(cand.size(), 8));
    if (cand.empty()) break;
    Pos p = cand[std::uniform_int_distribution<size_t>(0, cand.size() - 1)(rng)].second;
    if (b.makesFive(p, us) || (b.rule() == Rule::RENJU && us == BLACK && b.isForbidden(p))) {
      ok = false;  // the line would end the game (or is not Black's to play)
      break;
    }
    b.play(p);
    side += " " + pointName(p);
  }
  ok = ok && played > 0 && quiet(b);
  for (int i = 0; i < played; ++i) b.undo();
  return ok ? side : "";
}

Sample features(const Board& b, double resultForBlack, bool holdout) {
  Sample s{};
  Color us = b.sideToMove();
  for (int side = 0; side < 2; ++side) {
    Color c = side == 0 ? us : ~us;
    int shapeCount[SHAPE_NB] = {};
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x) {
        Pos p = makePos(x, y);
        if (!b.isEmpty(p)) continue;
        Pattern pats[DIR_NB];
        for (int d = 0; d < DIR_NB; ++d) {
          pats[d] = b.pattern(p, Dir(d), c);
          s.n[side][pats[d]] += 1;
        }
        if (int q = pairIndex(pats); q >= 0) s.q[side][q] += 1;
        ++shapeCount[shapeIndex(pats)];
      }
    for (int i = 0; i < SHAPE_NB; ++i)
      if (shapeCount[i]) s.shapes[side].emplace_back(uint16_t(i), uint16_t(shapeCount[i]));
    for (int t = 0; t < NT; ++t) s.t[side][t] = float(b.threatCount(c, Threat(t)));
  }
  s.y = float(us == BLACK ? resultForBlack : 1 - resultForBlack);
  s.set[0] = int8_t(weightSet(b.rule(), us));
  s.set[1] = int8_t(weightSet(b.rule(), ~us));
  s.holdout = holdout;
  return s;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

/// Mean cross-entropy of the training or held-out samples; with set >= 0,
/// of those whose side to move uses that weight set only.
double loss(const Params& p, const std::vector<Sample>& data, bool holdout, double k, int set = -1) {
  double sum = 0;
  int n = 0;
  for (const Sample& s : data) {
    if (s.holdout != holdout || (set >= 0 && s.set[0] != set)) continue;
    double q = std::clamp(sigmoid(evaluate(p, s) / k), 1e-6, 1 - 1e-6);
    sum -= s.y * std::log(q) + (1 - s.y) * std::log(1 - q);
    ++n;
  }
  return n ? sum / n : 0;
}

/// --eval-terms-only: the point scores (patterns, pairs, combined classes)
/// stay as they are, since they also order the search's moves; only the
/// evaluation's own terms (scales, threat bonuses, tempo) are fitted.
bool evalTermsOnly = false;

/// The parameters as one vector (pointers into Params), the free ones only.
std::vector<double*> freeParams(Params& params) {
  std::vector<double*> v;
  for (SetParams& p : params.s) {
    for (int i = 0; i < NP && !evalTermsOnly; ++i)
      if (freePattern(i)) v.push_back(&p.pattern[i]);
    for (int i = 0; i < NQ && !evalTermsOnly; ++i) v.push_back(&p.pair[i]);
    for (int i = 0; i < NT && !evalTermsOnly; ++i)
      if (freeThreat(i)) v.push_back(&p.combo[i]);
    for (int i = 0; i < NT; ++i)
      if (freeThreat(i)) v.push_back(&p.own[i]);
    for (int i = 0; i < NT; ++i)
      if (freeThreat(i)) v.push_back(&p.opp[i]);
    v.push_back(&p.oppScale);
    v.push_back(&p.tempo);
    for (int i = 0; i < SHAPE_NB && fitShapes && !evalTermsOnly; ++i) v.push_back(&p.shape[i]);
  }
  return v;
}

/// d loss / d eval for every training sample, then the chain rule by hand
/// (the model is small: sums of products).
void gradient(const Params& params, const std::vector<Sample>& data, double k, Params& g) {
  g = Params{};
  int n = 0;
  bool used[NS] = {};
  for (const Sample& s : data) {
    if (s.holdout) continue;
    ++n;
    used[s.set[0]] = used[s.set[1]] = true;
    double e = (sigmoid(evaluate(params, s) / k) - s.y) / k;  // d CE / d eval
    double su = scoreSum(params, s, 0), st = scoreSum(params, s, 1);
    // The side to move's set holds the evaluation's terms; each colour's
    // set holds its point scores (the same set unless renju).
    const SetParams& p = params.s[s.set[0]];
    SetParams &gu = g.s[s.set[0]], &gt = g.s[s.set[1]];
    double wu = e * p.ownScale / 64, wt = -e * p.oppScale / 64;
    for (int i = 0; i < NP; ++i) gu.pattern[i] += wu * s.n[0][i], gt.pattern[i] += wt * s.n[1][i];
    for (int i = 0; i < NQ; ++i) gu.pair[i] += wu * s.q[0][i], gt.pair[i] += wt * s.q[1][i];
    for (auto [shape, count] : s.shapes[0]) gu.shape[shape] += wu * count;
    for (auto [shape, count] : s.shapes[1]) gt.shape[shape] += wt * count;
    for (int i = 0; i < NT; ++i) {
      gu.combo[i] += wu * s.t[0][i];
      gt.combo[i] += wt * s.t[1][i];
      gu.own[i] += e * std::min(s.t[0][i], 4.0f);
      gu.opp[i] -= e * std::min(s.t[1][i], 4.0f);
    }
    gu.oppScale -= e * st / 64;
    gu.ownScale += e * su / 64;
    gu.tempo += e;
  }
  Params& G = g;
  for (double* x : freeParams(G)) *x /= std::max(n, 1);
  // The penalty only where there are samples: Adam would otherwise walk a
  // set with no data toward zero.
  for (int set = 0; set < NS && fitShapes; ++set)
    for (int i = 0; i < SHAPE_NB && used[set]; ++i) g.s[set].shape[i] += 2 * shapeL2 * params.s[set].shape[i];
}

/// The logistic scale K that best fits the starting weights (Texel's first
/// step): a golden-section search on the training loss.
double fitScale(const Params& p, const std::vector<Sample>& data) {
  double lo = 20, hi = 2000;
  for (int i = 0; i < 60; ++i) {
    double a = lo + (hi - lo) * 0.382, b = lo + (hi - lo) * 0.618;
    if (loss(p, data, false, a) < loss(p, data, false, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

void writeHeader(const Params& params, const std::string& path, const std::string& provenance) {
  std::ostringstream o;
  auto row = [&](const double* v, int n) {
    o << "{";
    for (int i = 0; i < n; ++i) o << (i ? ", " : "") << std::lround(v[i]);
    o << "}";
  };
  o << "#pragma once\n"
    << "// Evaluation weights fitted by tools/fit_eval.cpp, to game results or to\n"
    << "// a peer engine's values (--labels); do not edit this file by hand.\n"
    << "// " << provenance << "\n"
    << "#include <cstdint>\n\nnamespace gomoku::weights {\n\n"
    << "/// One set of weights: the per-point scores the board sums for a colour,\n"
    << "/// and the evaluation's terms for a side to move (rules/pattern.h weightSet).\n"
    << "struct Set {\n"
    << "  /// Per direction: what a stone on an empty point would make along that\n"
    << "  /// line. DEAD OL B1 F1 B2 F2 B3 F3 B4 D4 F4 F5.\n"
    << "  int16_t pattern[12];\n"
    << "  /// Added to a point's score for its two strongest building shapes together\n"
    << "  /// (rules/pattern.h pairIndex): B2+B2, F2+B2, F2+F2, B3+B2, B3+F2, B3+B3,\n"
    << "  /// F3+B2, F3+F2, F3+B3, F3+F3, B4+B2, B4+F2, B4+B3, B4+F3, B4+B4.\n"
    << "  int16_t pair[" << NQ << "];\n"
    << "  /// Added to a point's score for its combined threat class.\n"
    << "  /// none B3 F3 33 B4 43 44 F4 five.\n"
    << "  int16_t combo[9];\n"
    << "  /// Evaluation: (ownScale * own score sum - oppScale * opponent's) / 64.\n"
    << "  int ownScale, oppScale;\n"
    << "  /// Evaluation: per threat class, for up to four points of that class.\n"
    << "  int16_t threatOwn[9], threatOpp[9];\n"
    << "  /// Evaluation: the side to move's edge in a quiet position.\n"
    << "  int tempo;\n"
    << "  /// Added to a point's score for its shape, the unordered set of its four\n"
    << "  /// patterns (rules/pattern.h shapeIndex); all zero when not fitted.\n"
    << "  int16_t shape[" << SHAPE_NB << "];\n"
    << "};\n\n"
    << "/// 0: freestyle and exact five (both colours); 1: renju, Black;\n"
    << "/// 2: renju, White; 3: captures and fishing (both colours).\n"
    << "inline constexpr Set SETS[" << NS << "] = {\n";
  for (const SetParams& p : params.s) {
    o << "  {";
    row(p.pattern, NP);
    o << ",\n   ";
    row(p.pair, NQ);
    o << ",\n   ";
    row(p.combo, NT);
    o << ",\n   " << std::lround(p.ownScale) << ", " << std::lround(p.oppScale) << ",\n   ";
    row(p.own, NT);
    o << ",\n   ";
    row(p.opp, NT);
    o << ",\n   " << std::lround(p.tempo) << ",\n   {";
    bool any = std::any_of(p.shape, p.shape + SHAPE_NB, [](double x) { return std::lround(x) != 0; });
    for (int i = 0; i < SHAPE_NB && any; ++i)
      o << (i ? (i % 20 ? ", " : ",\n    ") : "") << std::lround(p.shape[i]);
    o << "}},\n";
  }
  o << "};\n\n}  // namespace gomoku::weights\n";
  std::ofstream out(path);
  out << o.str();
  if (!out) std::cerr << "fit_eval: cannot write " << path << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  RuleSet rules;
  std::string outPath, exportPath;
  int iterations = 1500, exportEvery = 3, exportBranches = 0;
  std::mt19937 branchRng(12345);
  double labelScale = 200;
  std::set<std::string> exported;
  long quietSeen = 0;
  std::vector<std::pair<size_t, double>> labels;  ///< sample, peer's value for its side to move
  std::ofstream exportOut;
  std::vector<Sample> data;
  int games = 0, labelled = 0, skipped = 0, fileCount = 0;
  // Calls onLine for each line of the file but blank ones and '#' comments;
  // false (with a message) if the file cannot be read.
  auto eachLine = [&](const std::string& file, const auto& onLine) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "fit_eval: cannot read " << file << "\n";
      return false;
    }
    ++fileCount;
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') onLine(line);
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "fit_eval: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    // A whole number of at least `least`, or a clear error.
    auto count = [&](int least) -> int {
      std::string v = value();
      char* end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || n < least || n > 1000000000) {
        std::cerr << "fit_eval: " << a << " takes a whole number, " << least << " or more (got \"" << v << "\")\n";
        std::exit(2);
      }
      return int(n);
    };
    // A number (all of the value, finite) above `least` (or equal to it
    // when `orEqual`), or a clear error.
    auto real = [&](double least, bool orEqual, const char* what) -> double {
      std::string v = value();
      char* end = nullptr;
      double x = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !std::isfinite(x) || x < least || (!orEqual && x == least)) {
        std::cerr << "fit_eval: " << a << " takes " << what << " (got \"" << v << "\")\n";
        std::exit(2);
      }
      return x;
    };
    if (a == "--rules") {
      auto v = parseVariant(value());
      if (!v || (*v != Variant::GOMOKU && *v != Variant::RENJU)) {
        std::cerr << "fit_eval: --rules takes freestyle or renju\n";
        return 2;
      }
      rules = RuleSet{};
      rules.variant = *v;
    } else if (a == "--exact-five") {
      rules.exactFive = true;
    } else if (a == "--out") {
      outPath = value();
    } else if (a == "--eval-terms-only") {
      evalTermsOnly = true;
    } else if (a == "--shapes") {
      fitShapes = true;
    } else if (a == "--shape-l2") {
      shapeL2 = real(0, true, "a number, 0 or more");
    } else if (a == "--export-positions") {
      exportPath = value();
      exportOut.open(exportPath);
      if (!exportOut) {
        std::cerr << "fit_eval: cannot write " << exportPath << "\n";
        return 2;
      }
    } else if (a == "--export-every") {
      exportEvery = count(1);
    } else if (a == "--export-branches") {
      exportBranches = count(0);
    } else if (a == "--label-scale") {
      labelScale = real(0, false, "a positive number");
    } else if (a == "--labels") {
      // Lines "RECORD<TAB>EVAL": a position and a peer's search value for
      // its side to move (scripts/label-positions.py); the target is
      // sigmoid(EVAL / label scale) instead of a game result.
      bool read = eachLine(value(), [&](const std::string& line) {
        size_t tab = line.find('\t');
        RecordError err;
        auto game = tab == std::string::npos ? std::nullopt : replayRecord(rules, line.substr(0, tab), &err);
        char* end = nullptr;
        double eval = tab == std::string::npos ? 0 : std::strtod(line.c_str() + tab + 1, &end);
        bool evalOk = tab != std::string::npos && end != line.c_str() + tab + 1 && std::isfinite(eval);
        while (evalOk && (*end == ' ' || *end == '\r')) ++end;
        evalOk = evalOk && *end == '\0';
        if (!game || game->result() || !evalOk) {  // unreadable, finished or no value
          ++skipped;
          return;
        }
        const Board& b = game->board();
        if (!quiet(b)) {
          ++skipped;
          return;
        }
        // Hold out by the record's hash, so that a position's copies agree.
        bool holdout = std::hash<std::string>{}(line.substr(0, tab)) % 10 == 9;
        ++labelled;
        labels.emplace_back(data.size(), eval);
        data.push_back(features(b, 0, holdout));  // target set below
      });
      if (!read) return 2;
    } else if (a == "--iterations") {
      iterations = count(0);
    } else if (a == "-h" || a == "--help") {
      std::cout << "usage: fit_eval [--rules freestyle|renju] [--exact-five] [--iterations N] [--eval-terms-only] "
                   "[--shapes [--shape-l2 L]] [--out FILE] [--label-scale S] [GAMES | --labels FILE]...\n"
                   "       fit_eval [--rules R] --export-positions FILE [--export-every N] [--export-branches K] GAMES...\n";
      return 0;
    } else {
      bool read = eachLine(a, [&](const std::string& line) {
        RecordError err;
        auto game = replayRecord(rules, line, &err);
        if (!game || !game->result() || game->result()->reason == "resignation") {
          ++skipped;  // unreadable, unfinished or forfeited: no honest result
          return;
        }
        const Result& r = *game->result();
        double black = r.winner == Result::BLACK_WINS ? 1 : (r.winner == Result::WHITE_WINS ? 0 : 0.5);
        bool holdout = games % 10 == 9;
        ++games;
        // Replay again, sampling the positions after the opening.
        Board b(rules.rule(), rules.size);
        int placed = 0, total = 0;
        std::string rec;
        for (const Action& act : game->actions()) total += act.type == ActionType::PLACE;
        for (const Action& act : game->actions()) {
          if (act.type != ActionType::PLACE) continue;
          b.play(act.pos);
          rec += (rec.empty() ? "" : " ") + pointName(act.pos);
          if (++placed >= 6 && quiet(b)) {
            // --export-positions: every exportEvery-th quiet position, each once.
            // The final position is left out (a brain does not answer on a
            // finished board).
            if (!exportOut.is_open()) data.push_back(features(b, black, holdout));
            else if (placed < total && ++quietSeen % exportEvery == 0 && exported.insert(rec).second) {
              exportOut << rec << "\n";
              for (int k = 0; k < exportBranches; ++k)
                if (std::string side = branch(b, rec, branchRng); !side.empty() && exported.insert(side).second)
                  exportOut << side << "\n";
            }
          }
        }
      });
      if (!read) return 2;
    }
  }
  if (exportOut.is_open()) {
    std::printf("%zu positions written to %s\n", exported.size(), exportPath.c_str());
    return 0;
  }
  for (auto [i, ev] : labels) data[i].y = float(1 / (1 + std::exp(-ev / labelScale)));
  if (data.empty()) {
    std::cerr << "fit_eval: no positions (give `gomoku match --records` files)\n";
    return 2;
  }
  Params p = initial();
  double k = fitScale(p, data);
  double trainBefore = loss(p, data, false, k), testBefore = loss(p, data, true, k);
  std::printf("%d files: %d games, %d labelled positions (%d skipped); %zu positions; K = %.1f\n",
              fileCount, games, labelled, skipped, data.size(), k);
  std::printf("loss before: train %.5f, held out %.5f\n", trainBefore, testBefore);

  // Adam over the free parameters.
  std::vector<double*> x = freeParams(p);
  std::vector<double> m(x.size()), v(x.size());
  const double lr = 0.5, b1 = 0.9, b2 = 0.999;
  Params best = p;
  double bestTest = testBefore;
  // With nothing held out (a handful of positions) the last step is kept.
  bool anyHeldOut = std::any_of(data.begin(), data.end(), [](const Sample& s) { return s.holdout; });
  for (int it = 1; it <= iterations; ++it) {
    Params g;
    gradient(p, data, k, g);
    std::vector<double*> gx = freeParams(g);
    for (size_t j = 0; j < x.size(); ++j) {
      m[j] = b1 * m[j] + (1 - b1) * *gx[j];
      v[j] = b2 * v[j] + (1 - b2) * *gx[j] * *gx[j];
      double mh = m[j] / (1 - std::pow(b1, it)), vh = v[j] / (1 - std::pow(b2, it));
      *x[j] -= lr * mh / (std::sqrt(vh) + 1e-9);
    }
    // Scores stay non-negative (they also order moves) and fit in int16.
    for (SetParams& q : p.s) {
      for (int i = 0; i < NP; ++i) q.pattern[i] = std::clamp(q.pattern[i], 0.0, 2000.0);
      for (int i = 0; i < NQ; ++i) q.pair[i] = std::clamp(q.pair[i], 0.0, 2000.0);
      for (int i = 0; i < NT; ++i) q.combo[i] = std::clamp(q.combo[i], 0.0, 4000.0);
      for (int i = 0; i < SHAPE_NB && fitShapes; ++i)
        q.shape[i] = std::clamp(q.shape[i], -shapeBase(q, i), 2000.0);
    }
    if (it % 100 == 0 || it == iterations) {
      double tr = loss(p, data, false, k), te = loss(p, data, true, k);
      std::printf("iteration %5d: train %.5f, held out %.5f\n", it, tr, te);
      if (te < bestTest || !anyHeldOut) bestTest = te, best = p;
    }
  }
  std::printf("loss after: held out %.5f (was %.5f)\n", bestTest, testBefore);
  static const char* SET_NAMES[NS] = {"freestyle", "renju, Black to move", "renju, White to move",
                                      "captures and fishing"};
  for (int set = 0; set < NS; ++set)
    if (double before = loss(initial(), data, true, k, set); before > 0)
      std::printf("  %s: held out %.5f (was %.5f)\n", SET_NAMES[set], loss(best, data, true, k, set), before);
  if (!outPath.empty()) {
    char prov[200];
    std::snprintf(prov, sizeof prov,
                  "Fitted on %zu positions (%d games, %d labelled positions); held-out loss %.5f "
                  "(previous weights: %.5f), K %.0f.",
                  data.size(), games, labelled, bestTest, testBefore, k);
    writeHeader(best, outPath, prov);
    std::printf("wrote %s\n", outPath.c_str());
  }
  return 0;
}
