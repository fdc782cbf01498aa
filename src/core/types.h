#pragma once
/// Basic value types shared by every layer: colours, cell contents, board
/// coordinates (padded), directions.
#include <array>
#include <cstdint>

namespace gomoku {

/// A player's colour. Black always moves first.
enum Color : uint8_t { BLACK = 0, WHITE = 1, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

/// Contents of a point. WALL fills the padding around the playable area so
/// line scans never need bounds checks. Values are the 2-bit codes stored in
/// line keys.
enum Piece : uint8_t { EMPTY = 0, BLACK_STONE = 1, WHITE_STONE = 2, WALL = 3 };

constexpr Piece stoneOf(Color c) { return Piece(c + 1); }
constexpr bool isStone(Piece p) { return p == BLACK_STONE || p == WHITE_STONE; }
constexpr Color colorOf(Piece p) { return Color(p - 1); }

/// Board geometry. Sizes 5..22 are supported; the board is stored in a fixed
/// 32x32 array with a padding of PAD walls on every side, so any point within
/// PAD steps of a playable point is addressable.
constexpr int MIN_SIZE = 5;
constexpr int MAX_SIZE = 22;
constexpr int PAD = 5;
constexpr int STRIDE = 32;
constexpr int CELL_NB = STRIDE * STRIDE;
static_assert(MAX_SIZE + 2 * PAD <= STRIDE);

/// A padded board index; NO_POS marks "no point" (pass, none).
using Pos = int16_t;
constexpr Pos NO_POS = -1;

/// x = column from 0 ('a'), y = row from 0 (row 1, at the bottom).
constexpr Pos makePos(int x, int y) { return Pos((y + PAD) * STRIDE + (x + PAD)); }
constexpr int posX(Pos p) { return p % STRIDE - PAD; }
constexpr int posY(Pos p) { return p / STRIDE - PAD; }

/// The four line directions: horizontal, vertical, diagonal (/), anti (\).
enum Dir : uint8_t { HORIZONTAL = 0, VERTICAL = 1, DIAGONAL = 2, ANTIDIAGONAL = 3, DIR_NB = 4 };
constexpr std::array<int, DIR_NB> DIR_STEP = {1, STRIDE, STRIDE + 1, STRIDE - 1};
constexpr std::array<int, DIR_NB> DIR_DX = {1, 0, 1, -1};
constexpr std::array<int, DIR_NB> DIR_DY = {0, 1, 1, 1};

}  // namespace gomoku
