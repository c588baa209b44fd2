#pragma once
// rlab's subcommands. Each returns the process exit status (0 ok, 1 failure, 2 bad arguments).

int runCommand(int argc, char** argv); // rlab run ...
int sweepCommand(int argc, char** argv); // rlab sweep ...
int devicesCommand(int argc, char** argv); // rlab devices
int planCommand(int argc, char** argv); // rlab plan (app/cli/plan_command.cpp)
int ledgerCommand(int argc, char** argv); // rlab ledger (app/cli/ledger_command.cpp)
#ifdef RLAB_HAVE_CONTENT
int checkContentCommand(int argc, char** argv); // rlab check-content DIR (app/cli/check_content.cpp)
int checkClaimsCommand(int argc, char** argv); // rlab check-claims DIR (app/cli/check_claims.cpp)
int exportCommand(int argc, char** argv); // rlab export QUIZ: GIFT or Moodle XML (app/cli/lms_commands.cpp)
int importCommand(int argc, char** argv); // rlab import FILE DIR: a quiz pack from one
#endif
