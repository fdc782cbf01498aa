#pragma once
/// The Gomocup (piskvork) brain: a text loop over an input and an output
/// stream, with the Yixin-Board extensions analysis GUIs use. See
/// docs/protocol.md for every command and reply.
#include <iosfwd>
#include <memory>

namespace gomoku {

struct BrainOptions {
  size_t defaultHashMiB = 64;
  bool messages = true;  ///< MESSAGE lines with depth, eval and PV while thinking
};

/// Runs the protocol until END or end of input; returns the exit status.
int runBrain(std::istream& in, std::ostream& out, const BrainOptions& options = {});

}  // namespace gomoku
