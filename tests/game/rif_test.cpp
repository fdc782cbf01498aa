// RIF 1996 opening helpers: opening names up to symmetry, position
// symmetries and the fifth-move proposal check.
#include "game/rif.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/notation.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

Point pt(const char* name) { return *parsePoint(name); }

std::optional<std::string> name15(const char* s2, const char* s3) {
  return rifOpeningName(15, pt("h8"), pt(s2), pt(s3));
}

}  // namespace

TEST(RifOpenings, TwentySixDistinctNames) {
  const auto& names = rifOpeningNames();
  EXPECT_EQ(names.size(), 26u);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), 26u);
  EXPECT_EQ(names.front(), "Kansei");
  EXPECT_EQ(names[13], "Chosei");
}

TEST(RifOpenings, DirectOpeningsWithWhiteAboveTheCentre) {
  // White 2 on h9; the third stone row by row from h10 down to j6.
  EXPECT_EQ(name15("h9", "h10"), "Kansei");
  EXPECT_EQ(name15("h9", "i10"), "Keigetsu");
  EXPECT_EQ(name15("h9", "j10"), "Sosei");
  EXPECT_EQ(name15("h9", "i9"), "Kagetsu");
  EXPECT_EQ(name15("h9", "j9"), "Zangetsu");
  EXPECT_EQ(name15("h9", "i8"), "Ugetsu");
  EXPECT_EQ(name15("h9", "j8"), "Kinsei");
  EXPECT_EQ(name15("h9", "h7"), "Shogetsu");
  EXPECT_EQ(name15("h9", "i7"), "Kyugetsu");
  EXPECT_EQ(name15("h9", "j7"), "Shingetsu");
  EXPECT_EQ(name15("h9", "h6"), "Zuisei");
  EXPECT_EQ(name15("h9", "i6"), "Sangetsu");
  EXPECT_EQ(name15("h9", "j6"), "Yusei");
  // The mirror image (third stone left of the column) has the same name.
  EXPECT_EQ(name15("h9", "g9"), "Kagetsu");
  EXPECT_EQ(name15("h9", "f6"), "Yusei");
  EXPECT_EQ(rifOpeningIsDirect(15, pt("h8"), pt("h9"), pt("g9")), true);
}

TEST(RifOpenings, IndirectOpeningsWithWhiteAboveRight) {
  // White 2 on i9; the third stone column by column from j10 to f6.
  EXPECT_EQ(name15("i9", "j10"), "Chosei");
  EXPECT_EQ(name15("i9", "j9"), "Kyogetsu");
  EXPECT_EQ(name15("i9", "j8"), "Kosei");
  EXPECT_EQ(name15("i9", "j7"), "Suigetsu");
  EXPECT_EQ(name15("i9", "j6"), "Ryusei");
  EXPECT_EQ(name15("i9", "i8"), "Ungetsu");
  EXPECT_EQ(name15("i9", "i7"), "Hogetsu");
  EXPECT_EQ(name15("i9", "i6"), "Rangetsu");
  EXPECT_EQ(name15("i9", "h7"), "Gingetsu");
  EXPECT_EQ(name15("i9", "h6"), "Myojo");
  EXPECT_EQ(name15("i9", "g7"), "Shagetsu");
  EXPECT_EQ(name15("i9", "g6"), "Meigetsu");
  EXPECT_EQ(name15("i9", "f6"), "Suisei");
  // Reflected in the diagonal through h8 and i9.
  EXPECT_EQ(name15("i9", "i10"), "Kyogetsu");
  EXPECT_EQ(name15("i9", "f7"), "Meigetsu");
  EXPECT_EQ(rifOpeningIsDirect(15, pt("h8"), pt("i9"), pt("f7")), false);
}

TEST(RifOpenings, NamesDoNotDependOnTheBoardsOrientation) {
  // Every legal triple, and its image under each symmetry, gets one name;
  // the triples of a name form one orbit (4 points on a mirror axis, else 8),
  // and each of the two groups covers its 4 * 23 triples.
  std::map<std::string, int> count;
  int direct = 0, indirect = 0;
  for (int dx2 = -1; dx2 <= 1; ++dx2)
    for (int dy2 = -1; dy2 <= 1; ++dy2) {
      if (dx2 == 0 && dy2 == 0) continue;
      for (int dx3 = -2; dx3 <= 2; ++dx3)
        for (int dy3 = -2; dy3 <= 2; ++dy3) {
          if ((dx3 == 0 && dy3 == 0) || (dx3 == dx2 && dy3 == dy2)) continue;
          Point s1{7, 7}, s2{7 + dx2, 7 + dy2}, s3{7 + dx3, 7 + dy3};
          auto name = rifOpeningName(15, s1, s2, s3);
          ASSERT_TRUE(name.has_value()) << pointName(s2) << " " << pointName(s3);
          ++count[*name];
          (*rifOpeningIsDirect(15, s1, s2, s3) ? direct : indirect) += 1;
          for (int sym = 0; sym < SYMMETRY_NB; ++sym)
            EXPECT_EQ(
                rifOpeningName(15, s1, applySymmetry(15, sym, s2), applySymmetry(15, sym, s3)),
                name);
        }
    }
  EXPECT_EQ(count.size(), 26u);
  EXPECT_EQ(direct, 92);
  EXPECT_EQ(indirect, 92);
  for (auto& [name, n] : count) EXPECT_TRUE(n == 4 || n == 8) << name << " " << n;
  EXPECT_EQ(count["Kansei"], 4);
  EXPECT_EQ(count["Chosei"], 4);
  EXPECT_EQ(count["Kagetsu"], 8);
}

TEST(RifOpenings, RejectsWhatIsNotAStandardOpening) {
  EXPECT_EQ(rifOpeningName(15, pt("h9"), pt("h10"), pt("h11")), std::nullopt);  // not the centre
  EXPECT_EQ(name15("h10", "i9"), std::nullopt);  // second stone two points away
  EXPECT_EQ(name15("h9", "h11"), std::nullopt);  // third stone outside the 5x5
  EXPECT_EQ(name15("h9", "k8"), std::nullopt);
  EXPECT_EQ(name15("h9", "h9"), std::nullopt);  // third on the second
  EXPECT_EQ(name15("h9", "h8"), std::nullopt);  // third on the first
  EXPECT_EQ(rifOpeningIsDirect(15, pt("h8"), pt("h9"), pt("h8")), std::nullopt);
}

TEST(RifOpenings, OtherBoardSizesUseTheirCentre) {
  EXPECT_EQ(rifOpeningName(13, pt("g7"), pt("g8"), pt("h8")), "Kagetsu");
  EXPECT_EQ(rifOpeningName(19, pt("j10"), pt("k11"), pt("l12")), "Chosei");
  EXPECT_EQ(rifOpeningName(13, pt("h8"), pt("h9"), pt("i9")), std::nullopt);
}

TEST(RifSymmetry, ApplySymmetryIsAGroupOfEight) {
  // All eight images of a point off every axis are different, and every
  // symmetry maps the board onto itself.
  std::set<std::pair<int, int>> images;
  for (int sym = 0; sym < SYMMETRY_NB; ++sym) {
    Point q = applySymmetry(15, sym, pt("j12"));
    images.insert({q.x, q.y});
    EXPECT_EQ(applySymmetry(15, sym, pt("h8")), pt("h8"));
    Point corner = applySymmetry(15, sym, pt("a1"));
    EXPECT_TRUE((corner.x == 0 || corner.x == 14) && (corner.y == 0 || corner.y == 14));
  }
  EXPECT_EQ(images.size(), 8u);
  EXPECT_EQ(applySymmetry(15, 0, pt("c5")), pt("c5"));
  EXPECT_EQ(applySymmetry(15, 1, pt("c5")), pt("m5"));   // columns mirrored
  EXPECT_EQ(applySymmetry(15, 2, pt("c5")), pt("c11"));  // rows mirrored
  EXPECT_EQ(applySymmetry(14, 1, pt("a1")), pt("n1"));   // even size
}

namespace {

Board withStones(std::initializer_list<const char*> blacks,
                 std::initializer_list<const char*> whites) {
  Board b(Rule::RENJU, 15);
  auto bi = blacks.begin();
  auto wi = whites.begin();
  while (bi != blacks.end() || wi != whites.end()) {
    if (bi != blacks.end())
      b.play(at(*bi++));
    else
      b.pass();
    if (wi != whites.end())
      b.play(at(*wi++));
    else if (bi != blacks.end())
      b.pass();
  }
  return b;
}

}  // namespace

TEST(RifSymmetry, PositionSymmetries) {
  EXPECT_EQ(positionSymmetries(Board(Rule::RENJU, 15)).size(), 8u);
  EXPECT_EQ(positionSymmetries(withStones({"h8"}, {})).size(), 8u);
  // Direct opening: only the mirror through the h column survives.
  EXPECT_EQ(positionSymmetries(withStones({"h8"}, {"h9"})), (std::vector<int>{0, 1}));
  // Indirect: only the reflection in the diagonal through h8 and i9.
  EXPECT_EQ(positionSymmetries(withStones({"h8"}, {"i9"})), (std::vector<int>{0, 4}));
  // Kagetsu has no symmetry left.
  EXPECT_EQ(positionSymmetries(withStones({"h8", "i9"}, {"h9"})), (std::vector<int>{0}));
}

TEST(RifSymmetry, FifthMoveProposals) {
  // Shogetsu (h8, h9, h7) with White's fourth stone on h10: symmetric about
  // the h column, so g6 and i6 are mirror images, g6 and j7 are not.
  Board b = withStones({"h8", "h7"}, {"h9", "h10"});
  EXPECT_TRUE(symmetricProposals(b, at("g6"), at("i6")));
  EXPECT_TRUE(symmetricProposals(b, at("i6"), at("g6")));
  EXPECT_FALSE(symmetricProposals(b, at("g6"), at("j7")));
  EXPECT_FALSE(symmetricProposals(b, at("g6"), at("g10")));
  EXPECT_TRUE(symmetricProposals(b, at("g6"), at("g6")));  // the same point
  // A fourth stone off the axis breaks the symmetry.
  Board c = withStones({"h8", "h7"}, {"h9", "i10"});
  EXPECT_FALSE(symmetricProposals(c, at("g6"), at("i6")));
}

TEST(RifSymmetry, ColoursMustBeKept) {
  // Black on g9 and White on i9 sit symmetrically, but in different
  // colours: the mirror is no symmetry of the position.
  Board b = withStones({"h8", "g9"}, {"i9"});
  EXPECT_EQ(positionSymmetries(b), (std::vector<int>{0}));
  EXPECT_FALSE(symmetricProposals(b, at("g6"), at("i6")));
  // Same colours on both sides: it is.
  Board c = withStones({"h8", "g9", "i9"}, {"h10"});
  EXPECT_TRUE(symmetricProposals(c, at("g6"), at("i6")));
}
