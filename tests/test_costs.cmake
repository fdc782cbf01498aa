# Read by ctest after the tests gtest_discover_tests found (tests/CMakeLists.txt
# appends it to TEST_INCLUDE_FILES). ctest -j starts the tests with the
# highest COST first; without costs (a clean build has no timings from an
# earlier run) it starts them in the order they are declared, and the longest
# then run alone at the end while the other core idles. The costs are rough
# seconds in the sanitizer build; they only order the tests, and a name that
# no longer exists is ignored.
set_tests_properties(Engine.PlaysAWholeGameAgainstItself PROPERTIES COST 47)
set_tests_properties(MoveCli.TheSeedDecidesAmongNearBestMoves PROPERTIES COST 26)
set_tests_properties(MatchCli.OurOwnBrainOverTheProtocol PROPERTIES COST 24)
# RenjuCrossCheck's cost is its release time, the longer one: the sanitizer
# build checks fewer random positions.
set_tests_properties(RenjuCrossCheck.RandomPositionsAgreeWithReference PROPERTIES COST 17)
set_tests_properties(Search.RenjuThreeExtensionProvesLongWhiteWin PROPERTIES COST 12)
