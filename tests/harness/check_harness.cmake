# Runs harness_examples with several filters and checks the exit status and the lines printed.
function(expect args status)
  execute_process(COMMAND ${EXAMPLES} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL status)
    message(FATAL_ERROR "harness_examples ${args}: exit ${rc}, expected ${status}\n${out}")
  endif()
  foreach(line IN LISTS ARGN)
    string(FIND "${out}" "${line}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "harness_examples ${args}: no line '${line}' in\n${out}")
    endif()
  endforeach()
endfunction()

expect("" 1 "FAIL  failsACheck" "first difference at [1]: 2 against 5" "FAIL  throwsStdException"
  "threw out of range on purpose" "FAIL  throwsSomethingElse" "not a std::exception" "SKIP  skips"
  "no device here" "PASS  passes" "PASS  rowOneOnly(one)" "FAIL  rowOneOnly(two)" "2 passed, 4 failed, 1 skipped")
expect("passes" 0 "1 passed, 0 failed, 0 skipped")
expect("rowOneOnly(one)" 0 "1 passed, 0 failed, 0 skipped")
expect("rowOneOnly" 1 "1 passed, 1 failed, 0 skipped")
expect("skips" 77 "0 passed, 0 failed, 1 skipped")
expect("nosuch" 2 "no case is named 'nosuch'")
expect("--list" 0 "rowOneOnly(two)")
