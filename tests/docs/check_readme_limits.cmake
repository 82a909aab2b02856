# The README's limits table is `navcli --help`'s, verbatim, so the bounds are
# written once (nav/include/terranav/nav/limits.hpp) and the docs cannot drift.
#   cmake -DREADME=README.md -DNAVCLI=build/release/bin/navcli -P check_readme_limits.cmake
execute_process(COMMAND ${NAVCLI} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NAVCLI} --help exited with ${status}")
endif()
string(FIND "${help}" "Limits (" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${NAVCLI} --help shows no limits table")
endif()
string(SUBSTRING "${help}" ${at} -1 table)
file(READ ${README} readme)
string(FIND "${readme}" "```text\n${table}```" found)
if(found EQUAL -1)
  message(FATAL_ERROR "${README} does not show navcli --help's limits table: copy it from "
                      "'Limits (' to the end of the help into the README's text block")
endif()
