# No tracked file holds a merge-conflict marker: a line that opens with seven <, | or > and then a
# space or nothing (git's own markers; "=======" alone is left out, Markdown underlines with it).
# The pattern is built from pieces so this file does not match itself.
set(lt "<<<<<<<")
set(gt ">>>>>>>")
execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} grep -n -I -E "^(${lt}|${gt}|\\|\\|\\|\\|\\|\\|\\|)( |$)"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "merge-conflict markers in tracked files (file:line):\n${out}")
elseif(NOT rc EQUAL 1)
  message(FATAL_ERROR "git grep failed (status ${rc}): ${err}")
endif()
message(STATUS "no merge-conflict markers in the tracked files")
