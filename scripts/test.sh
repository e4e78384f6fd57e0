#!/usr/bin/env bash
# The whole test suite on a fresh Debian 12 machine: installs the MPI runtimes if missing
# (scripts/setup-mpi.sh), the headless browser that checks the communication-matrix page
# (scripts/setup-browser.sh), OTF2's library and readers for the OTF2 export's tests
# (scripts/setup-otf2.sh) and the containers of the multi-node and Open MPI 5.0 tests (podman
# and two Debian images, scripts/setup-containers.sh) and the third-party suite of the benchmarks
# (MPJ Express's own test programs, scripts/setup-suite.sh), then builds and runs every test,
# including real mpirun and MPJ jobs, 3-node jobs in containers and the suite's smoke test.
# Extra arguments go to Maven, e.g. scripts/test.sh -Pmany-ranks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-mpi.sh
bash scripts/setup-browser.sh
bash scripts/setup-otf2.sh
bash scripts/setup-containers.sh
# SuiteSmokeTest fails, rather than skips, when QMPI4J_SUITE names a folder without the suite.
QMPI4J_SUITE="$(bash scripts/setup-suite.sh | tail -1)"
export QMPI4J_SUITE
exec mvn -B -ntp -Dstyle.color=never verify "$@"
