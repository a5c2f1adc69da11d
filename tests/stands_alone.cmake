cmake_minimum_required(VERSION 3.22)
# A fresh clone alone must pass its tests: no test, program or library source may refer to files
# outside the repository (the reference data and docs used to live in ../shared/). Run by ctest as
#   cmake -DSOURCE_DIR=<project root> -P tests/stands_alone.cmake
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR}
  ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.hpp ${SOURCE_DIR}/tests/*.txt ${SOURCE_DIR}/tests/*.cmake
  ${SOURCE_DIR}/apps/* ${SOURCE_DIR}/src/* ${SOURCE_DIR}/include/*)
set(bad "")
foreach(f IN LISTS files)
  if(f STREQUAL "tests/stands_alone.cmake" OR f MATCHES "^tests/data/")
    continue()
  endif()
  file(STRINGS ${SOURCE_DIR}/${f} hits REGEX "\\.\\./shared/")
  if(hits)
    list(APPEND bad "${f}: ${hits}")
  endif()
endforeach()
if(bad)
  list(JOIN bad "\n" text)
  message(FATAL_ERROR "references outside the repository:\n${text}")
endif()
