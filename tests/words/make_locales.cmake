# Compiles the comma-decimal locales the locale tests run under into LOCALE_DIR (used through
# LOCPATH, so no root and no change to the machine). Where localedef is missing it says why and
# leaves the folder empty; the tests then skip with that reason.
find_program(LOCALEDEF localedef)
if(NOT LOCALEDEF)
  message(STATUS "localedef not found (Debian package 'locales'); the locale tests will skip")
  return()
endif()
file(MAKE_DIRECTORY ${LOCALE_DIR})
foreach(locale ru_RU de_DE)
  if(NOT EXISTS ${LOCALE_DIR}/${locale}.UTF-8/LC_NUMERIC)
    execute_process(COMMAND ${LOCALEDEF} -i ${locale} -f UTF-8 ${LOCALE_DIR}/${locale}.UTF-8
                    RESULT_VARIABLE result ERROR_VARIABLE errors)
    # localedef exits 1 for warnings while still writing the locale; only a missing result fails.
    if(NOT EXISTS ${LOCALE_DIR}/${locale}.UTF-8/LC_NUMERIC)
      message(FATAL_ERROR "localedef could not build ${locale}.UTF-8 (exit ${result}): ${errors}")
    endif()
  endif()
endforeach()
