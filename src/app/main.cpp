#include <iostream>
int main() { std::cout << "gomoku\n"; }
