#!/usr/bin/env bash
# The whole test suite on a fresh Debian 12 machine: installs the MPI runtimes if missing
# (scripts/setup-mpi.sh) and the headless browser that checks the communication-matrix page
# (scripts/setup-browser.sh), then builds and runs every test, including real mpirun and MPJ jobs.
# Extra arguments go to Maven, e.g. scripts/test.sh -Plong.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-mpi.sh
bash scripts/setup-browser.sh
exec mvn -B -ntp -Dstyle.color=never verify "$@"
