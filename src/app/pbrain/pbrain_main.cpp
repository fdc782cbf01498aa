// pbrain-gomoku: the Gomocup brain under the name managers require
// (the same loop as `gomoku brain`).
#include <iostream>

#include "protocol/brain.h"

int main() { return gomoku::runBrain(std::cin, std::cout); }
