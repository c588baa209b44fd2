# Writes a program's man page from its own help, so the page says what the program says (help2man's
# idea, without needing help2man):
#   rlab: `rlab --help`, `rlab --version` and each command's --help.
#     cmake -DPAGE=rlab -DRLAB=<rlab> -DOUTPUT=<rlab.1> -DDATE=<YYYY-MM-DD> -DCOMMANDS=run,sweep,... -P manpage.cmake
#     COMMANDS: the commands this build's rlab has (an app-off build has no content loader, so no
#     check-content or check-claims).
#   recompute-lab: `recompute-lab --help` (offscreen: no display is needed) and --version.
#     cmake -DPAGE=recompute-lab -DRLAB=<recompute-lab> -DOUTPUT=<recompute-lab.1> -DDATE=... -P manpage.cmake
set(required RLAB OUTPUT DATE PAGE)
if(PAGE STREQUAL "rlab")
  list(APPEND required COMMANDS)
endif()
foreach(name IN LISTS required)
  if(NOT ${name})
    message(FATAL_ERROR "manpage.cmake: pass -D${name}=...")
  endif()
endforeach()
set(ENV{QT_QPA_PLATFORM} offscreen)

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

if(PAGE STREQUAL "recompute-lab")
  rlab_help(version --version)
  string(STRIP "${version}" version)
  rlab_help(usage --help)
  # The usage line names the program as it was run (a build path); the page names it as installed.
  string(REGEX REPLACE "^Usage: [^ ]+" "Usage: recompute-lab" usage "${usage}")
  roff_verbatim(usage "${usage}")
  file(WRITE ${OUTPUT} ".TH RECOMPUTE-LAB 1 \"${DATE}\" \"${version}\" \"User Commands\"
.SH NAME
recompute\\-lab \\- quizzes with live demos on activation recomputation (gradient checkpointing)
.SH SYNOPSIS
.B recompute\\-lab
[\\fIOPTIONS\\fR] [\\fIPACK\\fR]
.SH DESCRIPTION
Recompute Lab is a desktop app that teaches activation recomputation through quizzes in English,
Russian and chiShona. Every question can run a live demo: a small GPT\\-2\\-style model trains on
this computer under a recomputation policy, and charts show the memory and time it really took.
PACK is a quiz pack to open: a folder holding quizzes/, or a zip, tar, tar.gz, tar.xz or tar.zst
archive of one.
.SH OPTIONS
${usage}.SH FILES
.TP
.I $XDG_DATA_HOME/RecomputeLab/recompute\\-lab/
The learner's progress (answers, reviews due) and the packs folder (content/).
.TP
.I $XDG_STATE_HOME/recompute\\-lab/
The window's size and splitter positions (window.json) and the log of measured step times
(speed.log); ~/.local/state/recompute\\-lab/ where XDG_STATE_HOME is unset or not an absolute path.
.SH SEE ALSO
.BR rlab (1)
")
  return()
endif()

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
string(REPLACE "," ";" COMMANDS "${COMMANDS}")
foreach(command IN LISTS COMMANDS)
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
