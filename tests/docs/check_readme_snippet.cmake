# The README's embedding example is examples/quick_start.cpp verbatim (less
# the file's opening comment), so the code a newcomer copies is the code that
# is built and run.
#   cmake -DREADME=README.md -DSNIPPET=examples/quick_start.cpp -P check_readme_snippet.cmake
file(READ ${README} readme)
file(READ ${SNIPPET} snippet)
string(REGEX REPLACE "^(//[^\n]*\n)+" "" snippet "${snippet}")
string(FIND "${readme}" "```cpp\n${snippet}```" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${README} does not show ${SNIPPET} as its embedding example: copy the file "
                      "(without its opening comment) into the README's cpp block")
endif()
