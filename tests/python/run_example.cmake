# cmake -DPYTHON=... -DSCRIPT=... -DOUT=file.png -P run_example.cmake: runs
# the example with a small N, then checks that OUT is a fresh PNG.
file(REMOVE ${OUT})
execute_process(COMMAND ${PYTHON} ${SCRIPT} --pairs 20 --slopes 0.3,0.6 --out ${OUT}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} exited with ${status}")
endif()
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "${SCRIPT} wrote no ${OUT}")
endif()
file(READ ${OUT} signature LIMIT 8 HEX)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "${OUT} is not a PNG (starts ${signature})")
endif()
