# package.install_examples: installs this build's terranav into a scratch
# prefix, configures examples/ against it (find_package) with this build's
# generator, compiler and flags, builds it and runs embed_nav on a Moving AI
# map (cost = the .scen row's optimal) and on the default DEM. Stops at the
# first failing step with a message naming it.
#   cmake -DSOURCE_DIR=<terranav> -DBINARY_DIR=<its build> -DWORK_DIR=<scratch>
#         -DLIBDIR=<lib> -DGENERATOR=<g> [-DMAKE_PROGRAM=<p>] -DBUILD_TYPE=<t>
#         -DCXX_COMPILER=<c++> -DCXX_FLAGS=<..> -DEXE_LINKER_FLAGS=<..>
#         -P check_install.cmake
cmake_minimum_required(VERSION 3.25)

# Runs a command; fails the test naming the step, with its output.
function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: ${name} failed (${rc}):\n${out}${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# A non-negative decimal ("51.8406196") as an integer in units of 1e-9
# (CMake's math is integer only).
function(to_nano text out_var)
  if(NOT text MATCHES "^([0-9]+)(\\.([0-9]*))?$")
    message(FATAL_ERROR "package test: '${text}' is not a plain decimal")
  endif()
  set(whole ${CMAKE_MATCH_1})
  string(SUBSTRING "${CMAKE_MATCH_3}000000000" 0 9 fraction)
  set(${out_var} "${whole}${fraction}" PARENT_SCOPE)  # math reads leading zeros as decimal
endfunction()

set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/examples)
file(REMOVE_RECURSE ${WORK_DIR})

# 1. Install what the build made (nothing is rebuilt).
step("cmake --install ${BINARY_DIR}" ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix})
foreach(file ${LIBDIR}/cmake/terranav/terranavConfig.cmake
             ${LIBDIR}/cmake/terranav/terranavConfigVersion.cmake
             ${LIBDIR}/cmake/terranav/terranavTargets.cmake
             ${LIBDIR}/libterranav_nav.a ${LIBDIR}/libterranav_terrain_io.a
             include/terranav/nav/search.hpp include/terranav/nav/version.hpp
             include/terranav/terrain_io/terrain_source.hpp)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "package test: install: ${prefix}/${file} is missing")
  endif()
endforeach()
file(GLOB_RECURSE private_headers ${prefix}/png_reader.hpp ${prefix}/class_table.hpp)
if(private_headers)
  message(FATAL_ERROR "package test: install: private headers installed: ${private_headers}")
endif()

# 2. Configure and build examples/ as an outside project would.
set(options -G ${GENERATOR} -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
            "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
            -DCMAKE_PREFIX_PATH=${prefix})
if(MAKE_PROGRAM)
  list(APPEND options -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
step("configure examples/ against ${prefix}" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples
     -B ${build} ${options})
file(STRINGS ${build}/CMakeCache.txt found REGEX "^terranav_DIR:")
if(NOT found STREQUAL "terranav_DIR:PATH=${prefix}/${LIBDIR}/cmake/terranav")
  message(FATAL_ERROR "package test: examples/ found another terranav: ${found}")
endif()
step("build examples/" ${CMAKE_COMMAND} --build ${build})

# 3. embed_nav on the last row of arena.map.scen (x = column, as the .scen).
set(movingai ${SOURCE_DIR}/tests/data/movingai)
file(STRINGS ${movingai}/arena.map.scen rows REGEX "^[0-9]")
list(GET rows -1 row)
string(REPLACE "\t" ";" row "${row}")
list(GET row 4 sx)
list(GET row 5 sy)
list(GET row 6 gx)
list(GET row 7 gy)
list(GET row 8 optimal)
step("embed_nav on arena.map ${sx},${sy} -> ${gx},${gy}" ${build}/embed_nav
     --map ${movingai}/arena.map --from ${sx},${sy} --to ${gx},${gy})
string(JSON status GET "${step_output}" status)
string(JSON cost GET "${step_output}" cost)
if(NOT status STREQUAL "found")
  message(FATAL_ERROR "package test: arena.map: status ${status}, expected found: ${step_output}")
endif()
to_nano(${cost} cost_nano)
to_nano(${optimal} optimal_nano)
math(EXPR diff "${cost_nano} - ${optimal_nano}")
if(diff LESS -1000 OR diff GREATER 1000)
  message(FATAL_ERROR "package test: arena.map: cost ${cost}, the .scen says ${optimal} (+- 1e-6)")
endif()

# 4. The default DEM with its sidecar.
step("embed_nav on the default DEM" ${build}/embed_nav
     --map ${SOURCE_DIR}/data/lothian_borders_utm30n_90m_1025.png --from 100,100 --to 900,900)
string(JSON status GET "${step_output}" status)
if(NOT status STREQUAL "found")
  message(FATAL_ERROR "package test: default DEM: status ${status}, expected found: ${step_output}")
endif()
message(STATUS "package test: installed, built examples/ against ${prefix}, embed_nav found both paths")
