#pragma once
/// Secrets of online games: unguessable game ids, seat tokens, and the
/// SHA-256 hashes under which tokens are stored (OpenSSL's EVP and RAND).
#include <string>
#include <string_view>

namespace gomoku {

/// `bytes` random bytes from the operating system's generator, as base64url
/// without padding. Throws std::runtime_error if no randomness is available.
std::string randomBase64Url(size_t bytes);
/// A game id: 12 random bytes, 16 characters [A-Za-z0-9_-].
std::string newGameId();
/// A seat token: 32 random bytes, 43 characters.
std::string newSeatToken();
/// Lower-case hex SHA-256 of s.
std::string sha256Hex(std::string_view s);
/// Compares in time independent of where the strings differ.
bool constantTimeEqual(std::string_view a, std::string_view b);

}  // namespace gomoku
