# One case of the check-claims tests (CASE), run with cmake -P: RLAB is the rlab binary,
# SOURCE_DIR the repository, WORK_DIR a scratch folder for a modified copy of content/.

function(run_rlab)
  execute_process(COMMAND ${RLAB} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status "${status}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect_status wanted what)
  if(NOT status STREQUAL "${wanted}")
    message(FATAL_ERROR "${what}: exit ${status}, expected ${wanted}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

# A line of the table that names the claim and says it fails.
function(expect_failing claim)
  if(NOT out MATCHES "[ ]${claim}[ ]+fails")
    message(FATAL_ERROR "claim ${claim} is not reported as failing:\n${out}")
  endif()
endfunction()

# A copy of content/ with `old` replaced by `new` in demos/presets.yaml (old must be there).
function(broken_copy old new)
  file(REMOVE_RECURSE ${WORK_DIR})
  file(COPY ${SOURCE_DIR}/content DESTINATION ${WORK_DIR})
  file(READ ${WORK_DIR}/content/demos/presets.yaml text)
  string(FIND "${text}" "${old}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "presets.yaml no longer has '${old}'; update this test")
  endif()
  string(REPLACE "${old}" "${new}" text "${text}")
  file(WRITE ${WORK_DIR}/content/demos/presets.yaml "${text}")
endfunction()

if(CASE STREQUAL "claims_content")
  # A shared runner can be too busy for a time difference to show: "same within noise" is
  # allowed here, a contradicted claim is not.
  run_rlab(check-claims ${SOURCE_DIR}/content --allow-noise)
  message("${out}${err}")
  expect_status(0 "rlab check-claims content --allow-noise")
  if(NOT out MATCHES "([0-9]+) of ([0-9]+) claims hold, ([0-9]+) same within noise")
    message(FATAL_ERROR "no 'N of M claims hold' line")
  endif()
  math(EXPR settled "${CMAKE_MATCH_1} + ${CMAKE_MATCH_3}")
  if(NOT settled EQUAL CMAKE_MATCH_2)
    message(FATAL_ERROR "some claims fail")
  endif()
  if(out MATCHES "no claims")
    message(FATAL_ERROR "a preset states no claim")
  endif()
elseif(CASE STREQUAL "claims_broken_replay")
  # Replay turned off on the run that claims zero gradient error.
  broken_copy([[{policy: full, label: "full, RNG replay"}]] [[{policy: full, rng_replay: false, label: "full, RNG replay"}]])
  run_rlab(check-claims ${WORK_DIR}/content --preset dropout-replay)
  expect_status(1 "replay off on the exact run")
  expect_failing(replay-is-exact)
  expect_failing(replay-same-loss)
elseif(CASE STREQUAL "claims_broken_label")
  # none and full swap labels, so "full keeps less than half of none" compares them the wrong way.
  broken_copy([[    runs:
      - policy: none
      - policy: full
    predict: {kind: ratio, quantity: peak_activation_bytes, run: full, than: none}
    claims:
      - {id: full-keeps-a-fraction]] [[    runs:
      - {policy: none, label: full}
      - {policy: full, label: none}
    predict: {kind: ratio, quantity: peak_activation_bytes, run: full, than: none}
    claims:
      - {id: full-keeps-a-fraction]])
  run_rlab(check-claims ${WORK_DIR}/content --preset why-store-activations --json)
  expect_status(1 "relabelled runs")
  if(NOT out MATCHES [["claim":"full-keeps-a-fraction"[^}]*"verdict":"fails"]])
    message(FATAL_ERROR "--json does not report full-keeps-a-fraction as failing:\n${out}")
  endif()
elseif(CASE STREQUAL "claims_bad_arguments")
  run_rlab(check-claims)
  expect_status(2 "no folder")
  run_rlab(check-claims ${SOURCE_DIR}/no-such-folder)
  expect_status(2 "a missing folder")
  run_rlab(check-claims ${SOURCE_DIR}/content --preset no-such-preset)
  expect_status(2 "an unknown preset")
  run_rlab(check-claims ${SOURCE_DIR}/content --loud)
  expect_status(2 "an unknown option")
  run_rlab(check-claims ${SOURCE_DIR}/content --min-time soon)
  expect_status(2 "a min-time that is not a number")
elseif(CASE STREQUAL "claims_none_stated")
  # A preset that states no claim has none that fails: exit 0 (it was 1, "0 of 0 claims hold").
  run_rlab(check-claims ${SOURCE_DIR}/tests/content/fixtures/minimal --preset small-demo)
  expect_status(0 "a preset with no claims")
  if(NOT out MATCHES "0 of 0 claims hold" OR NOT out MATCHES "small-demo: no claims")
    message(FATAL_ERROR "the preset's lack of claims is not said:\n${out}")
  endif()
elseif(CASE STREQUAL "claims_bad_schema")
  # A claim naming a run the preset does not have is a content error at its place.
  broken_copy([[run: "full, RNG replay", is: at_most]] [[run: "full, replayed", is: at_most]])
  run_rlab(check-content ${WORK_DIR}/content)
  expect_status(1 "a claim about a missing run")
  if(NOT err MATCHES "presets.yaml:[0-9]+:[0-9]+: error: no run of preset 'dropout-replay' is labelled 'full, replayed'")
    message(FATAL_ERROR "the error does not name the place and the run:\n${err}")
  endif()
  run_rlab(check-claims ${WORK_DIR}/content --preset why-store-activations)
  expect_status(1 "check-claims on content with errors")
else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
