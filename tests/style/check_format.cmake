# Fails when any of our C++/CUDA sources differs from what .clang-format asks for.
file(GLOB_RECURSE files
     ${SOURCE_DIR}/engine/*.h ${SOURCE_DIR}/engine/*.cpp
     ${SOURCE_DIR}/kernels/*.h ${SOURCE_DIR}/kernels/*.cuh ${SOURCE_DIR}/kernels/*.cu ${SOURCE_DIR}/kernels/*.cpp
     ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp
     ${SOURCE_DIR}/tests/*.h ${SOURCE_DIR}/tests/*.cpp)
list(FILTER files EXCLUDE REGEX "/fixtures/")
set(bad "")
foreach(f IN LISTS files)
  execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror --style=file ${f}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
    list(APPEND bad ${rel})
  endif()
endforeach()
list(LENGTH files n)
if(bad)
  string(REPLACE ";" "\n  " bad_lines "${bad}")
  message(FATAL_ERROR "These files are not formatted as .clang-format says (run clang-format -i on them):\n  ${bad_lines}")
endif()
message(STATUS "clang-format: ${n} files checked, all formatted")
