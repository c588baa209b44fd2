#!/usr/bin/env bash
# validate.sh TOOL PACKAGE ARGS...: runs a validator, or skips (exit 77) saying which Debian package
# brings it, so a machine without it still passes the other tests.
tool=$1 package=$2
shift 2
if ! command -v "$tool" > /dev/null; then
  echo "SKIP: $tool is not installed (Debian package $package; scripts/lab deps installs it)"
  exit 77
fi
"$tool" "$@"
