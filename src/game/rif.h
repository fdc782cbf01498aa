#pragma once
/// RIF 1996 opening helpers: the names of the 26 standard openings and the
/// symmetry test for Black's two fifth-move proposals.
///
/// Symmetries are the eight rotations and reflections of the square board
/// about its centre, numbered 0..7 (0 is the identity; see applySymmetry).
#include <optional>
#include <string>
#include <vector>

#include "core/notation.h"
#include "rules/board.h"

namespace gomoku {

/// Number of symmetries of the square board.
constexpr int SYMMETRY_NB = 8;

/// Image of point p under symmetry `sym` (0..7) of a size x size board.
/// Bit 2 swaps the axes, bit 0 mirrors the columns, bit 1 mirrors the rows
/// (applied in that order); symmetry 0 is the identity.
Point applySymmetry(int size, int sym, Point p);

/// The standard name of the opening made by the first three stones (s1
/// black, s2 white, s3 black), e.g. "Kagetsu", identified up to the board's
/// symmetries. nullopt unless s1 is the centre, s2 is directly or
/// diagonally next to it and s3 is another point of the central 5x5 square.
std::optional<std::string> rifOpeningName(int size, Point s1, Point s2, Point s3);

/// Is the opening direct (s2 beside the centre in a row or column) rather
/// than indirect (s2 diagonally next to it)? nullopt when the three stones
/// are not a standard opening.
std::optional<bool> rifOpeningIsDirect(int size, Point s1, Point s2, Point s3);

/// The 26 names, the 13 direct openings first, each group in its usual
/// numbering (1D Kansei .. 13D Yusei, 1I Chosei .. 13I Suisei).
const std::vector<std::string>& rifOpeningNames();

/// The symmetries (0..7) that map every stone of the board onto a stone of
/// the same colour. Always holds 0.
std::vector<int> positionSymmetries(const Board& b);

/// RIF fifth move: are the proposals a and c symmetric, i.e. does a
/// symmetry of the position (see positionSymmetries) map a onto c? Such a
/// pair must be rejected. True for a == c too (the identity), since two
/// equal proposals leave White no choice either.
bool symmetricProposals(const Board& b, Pos a, Pos c);

}  // namespace gomoku
