#!/bin/sh
# The test_feature phase of `make test`: phase.sh ANGELC
# Runs the SDK's test_feature cases (../shared/testfeature when it exists beside the source tree,
# else the copy in tests/testfeature) and compares the failures with KNOWN_FAILURES.txt.
here=$(cd "$(dirname "$0")" && pwd)
angelc=$1
if [ -z "$angelc" ]; then echo "usage: phase.sh ANGELC" >&2; exit 2; fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "testfeature: skipped (python3 is needed to run tests/testfeature/run.py)"
  exit 0
fi
shared=$(cd "$here/../../.." 2>/dev/null && pwd)/shared/testfeature
if [ -f "$shared/run.py" ] && [ -f "$shared/cases/AGREED.txt" ]; then
  dir=$shared
else
  echo "testfeature: no ../shared/testfeature; running the copy in tests/testfeature"
  dir=$here
fi
exec python3 "$here/check.py" "$dir" "$angelc" "$here/KNOWN_FAILURES.txt"
