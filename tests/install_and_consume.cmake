cmake_minimum_required(VERSION 3.22)
# Installs the built project into a fresh prefix, then configures, builds and runs the consumer
# project (tests/consumer/) against it with find_package(equity). Run by ctest as
#   cmake -DBINARY_DIR=... -DCONSUMER_DIR=... -DWORK_DIR=... -DGENERATOR=... -DCXX_COMPILER=...
#         -P install_and_consume.cmake
foreach(var BINARY_DIR CONSUMER_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_and_consume.cmake: ${var} is not set")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})

function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT code EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${code}): ${command}\n${out}")
  endif()
  message(STATUS "${out}")
endfunction()

step(${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix})
step(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${build} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
     -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix})
step(${CMAKE_COMMAND} --build ${build})
step(${build}/equity_consumer)

# The installed program finds the installed table beside itself, with nothing pointing back at
# the source or build tree: the prefix is moved elsewhere first, and the program runs from /.
set(moved ${WORK_DIR}/moved)
file(RENAME ${prefix} ${moved})
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=EQUITY_RESULTS ${moved}/bin/equity AA KK --json
                WORKING_DIRECTORY / RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT out MATCHES "\"mode\":\"table\"" OR NOT out MATCHES "\"wins\":50371344")
  message(FATAL_ERROR "the moved install did not answer AA KK from its table (${code}): ${out}${err}")
endif()
string(FIND "${out}" "${moved}/share/equity/results" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the table read was not the installed one: ${out}")
endif()
message(STATUS "moved install: ${out}")
file(REMOVE_RECURSE ${WORK_DIR})
