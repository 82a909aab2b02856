# package.subproject: a consumer that adds terranav with add_subdirectory at
# C++17 with no flags of its own (tests/package/subproject) configures (it
# asserts only the two libraries exist) and compiles a file using both.
#   cmake -DSOURCE_DIR=<terranav> -DWORK_DIR=<scratch> -DGENERATOR=<g>
#         [-DMAKE_PROGRAM=<p>] -DCXX_COMPILER=<c++> -P check_subproject.cmake
cmake_minimum_required(VERSION 3.25)

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: ${name} failed (${rc}):\n${out}${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(options -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DTERRANAV_SOURCE_DIR=${SOURCE_DIR})
if(MAKE_PROGRAM)
  list(APPEND options -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
step("configure the add_subdirectory consumer" ${CMAKE_COMMAND}
     -S ${SOURCE_DIR}/tests/package/subproject -B ${WORK_DIR} ${options})
step("compile the add_subdirectory consumer" ${CMAKE_COMMAND} --build ${WORK_DIR} --target consumer)
message(STATUS "package test: the add_subdirectory consumer configured and compiled")
