cmake_minimum_required(VERSION 3.22)
# Installs the built project into a fresh prefix, checks the headers installed, then builds and runs
# the consumer (tests/consumer/) against it with find_package(equity) and, without CMake, with
# pkg-config. Run by ctest as
#   cmake -DBINARY_DIR=... -DCONSUMER_DIR=... -DWORK_DIR=... -DGENERATOR=... -DCXX_COMPILER=... -DLIBDIR=...
#         -P install_and_consume.cmake
foreach(var BINARY_DIR CONSUMER_DIR WORK_DIR GENERATOR CXX_COMPILER LIBDIR)
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

# include/equity/ is installed whole and holds the public headers only: the library's private ones
# (src/: the dealer, board walk, trial kernels, parallel loops, Monte Carlo, the sweeps, the table
# cache, the reference evaluator) are not installed, and each installed header compiles alone.
foreach(private detail/board_walk.hpp detail/parallel.hpp detail/trial_kernels.hpp detail/deck_dealer.hpp
        detail/rng.hpp detail/hand_order_builder.hpp table_cache.hpp per_combo.hpp monte_carlo.hpp
        omaha_equity.hpp reference_evaluator.hpp)
  if(EXISTS ${prefix}/include/equity/${private})
    message(FATAL_ERROR "installed, but not a public header: include/equity/${private}")
  endif()
endforeach()
file(GLOB_RECURSE in_source RELATIVE ${CONSUMER_DIR}/../../include ${CONSUMER_DIR}/../../include/equity/*.hpp)
foreach(header ${in_source})
  if(NOT EXISTS ${prefix}/include/${header})
    message(FATAL_ERROR "include/${header} is not installed (include/equity/ is installed whole)")
  endif()
endforeach()
# Two compilers at a time (the machines CI has have two cores): execute_process runs its COMMANDs
# together (each one's output piped to the next, which reads none of it).
file(GLOB_RECURSE installed RELATIVE ${prefix}/include ${prefix}/include/equity/*.hpp)
list(LENGTH installed count)
math(EXPR last "${count} - 1")
foreach(at RANGE 0 ${last} 2)
  list(SUBLIST installed ${at} 2 pair)
  set(commands "")
  foreach(header ${pair})
    list(APPEND commands COMMAND ${CXX_COMPILER} -std=c++20 -fsyntax-only -I${prefix}/include -x c++
         ${prefix}/include/${header})
  endforeach()
  execute_process(${commands} RESULTS_VARIABLE codes ERROR_VARIABLE err OUTPUT_VARIABLE out)
  foreach(code ${codes})
    if(NOT code EQUAL 0)
      message(FATAL_ERROR "an installed header does not compile alone (${pair}): ${codes}\n${err}")
    endif()
  endforeach()
endforeach()

# With CMake: find_package(equity); the program finds the prefix's table by itself.
step(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${build} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
     -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix})
step(${CMAKE_COMMAND} --build ${build})
step(${CMAKE_COMMAND} -E env --unset=EQUITY_RESULTS ${build}/equity_consumer ${prefix}/share/equity/results)

# Without CMake: pkg-config gives the flags (oneTBB included) and the table's directory.
find_program(PKG_CONFIG pkg-config REQUIRED)
set(pc_env ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${prefix}/${LIBDIR}/pkgconfig)
execute_process(COMMAND ${pc_env} ${PKG_CONFIG} --cflags --libs equity RESULT_VARIABLE code OUTPUT_VARIABLE flags
                ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${pc_env} ${PKG_CONFIG} --variable=tabledir equity OUTPUT_VARIABLE tabledir
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT code EQUAL 0 OR NOT flags MATCHES "-lequity" OR NOT flags MATCHES "-ltbb")
  message(FATAL_ERROR "pkg-config --cflags --libs equity (${code}): ${flags}${err}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
step(${CXX_COMPILER} -std=c++20 -O1 ${CONSUMER_DIR}/main.cpp ${flags} -o ${WORK_DIR}/equity_consumer_pc)
file(REAL_PATH ${tabledir} tabledir)
step(${CMAKE_COMMAND} -E env EQUITY_RESULTS=${tabledir} ${WORK_DIR}/equity_consumer_pc ${tabledir})

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
