# Runs clang-tidy (the repo's .clang-tidy) on one module's sources; any finding fails the test.
file(GLOB files ${SOURCE_DIR}/${MODULE}/*.cpp)
set(failed "")
foreach(f IN LISTS files)
  execute_process(COMMAND ${CLANG_TIDY} -p ${BINARY_DIR} --quiet --warnings-as-errors=*
                          --extra-arg=-Wno-unknown-warning-option ${f}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_QUIET)
  if(NOT rc EQUAL 0)
    file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
    list(APPEND failed ${rel})
    message("${out}")
  endif()
endforeach()
list(LENGTH files n)
if(failed)
  string(REPLACE ";" "\n  " lines "${failed}")
  message(FATAL_ERROR "clang-tidy found problems in:\n  ${lines}")
endif()
message(STATUS "clang-tidy: ${n} files in ${MODULE} clean")
