# Writes rlab's man page from its own help: `rlab --help`, `rlab --version` and each command's
# --help, so the page says what the program says (help2man's idea, without needing help2man).
# cmake -DRLAB=<rlab> -DOUTPUT=<rlab.1> -DDATE=<YYYY-MM-DD> -P manpage.cmake
foreach(required RLAB OUTPUT DATE)
  if(NOT ${required})
    message(FATAL_ERROR "manpage.cmake: pass -D${required}=...")
  endif()
endforeach()

function(rlab_help out)
  execute_process(COMMAND ${RLAB} ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "manpage.cmake: '${RLAB} ${ARGN}' exited with ${status}: ${text}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Verbatim text for roff: backslashes and leading dots or quotes escaped, hyphens as minus signs.
function(roff_verbatim out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(STRIP "${text}" text)
  set(${out} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

rlab_help(version --version)
string(STRIP "${version}" version)
rlab_help(usage --help)
roff_verbatim(usage "${usage}")
set(page ".TH RLAB 1 \"${DATE}\" \"${version}\" \"User Commands\"
.SH NAME
rlab \\- train, measure and plan activation recomputation (gradient checkpointing) from a terminal
.SH SYNOPSIS
.B rlab
\\fICOMMAND\\fR [\\fIOPTIONS\\fR]
.br
.B rlab
\\-\\-help | \\-\\-version
.SH DESCRIPTION
rlab is the command line of Recompute Lab: it trains a small GPT\\-2\\-style model under a
recomputation policy on the CPU or an NVIDIA GPU, measures memory and time, checks the claims of the
app's demos, and validates quiz content.
.PP
${usage}.SH COMMANDS
")
foreach(command run sweep devices plan check-content check-claims)
  rlab_help(help ${command} --help)
  roff_verbatim(help "${help}")
  string(APPEND page ".SS ${command}\n${help}")
endforeach()
string(APPEND page ".SH EXIT STATUS
0 done, 1 a failure, 2 bad arguments.
.SH ENVIRONMENT
.TP
.B RLAB_CPU
avx512, avx2 or baseline: the CPU kernels to use (default: the best this CPU has).
.TP
.B RLAB_CUDA_PLUGIN
The CUDA backend plugin to load instead of the installed librlab\\-cuda.so.
")
file(WRITE ${OUTPUT} "${page}")
