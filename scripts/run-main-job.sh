#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs the MPI runtimes if missing, builds qmpi4j,
# and runs the 2D stencil sample with 4 ranks under Open MPI's mpirun. Prints where the output is.
# Environment: RANKS (default 4), QMPI4J_OUTPUT (default a new qmpi4j-<date-time> folder here).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ranks="${RANKS:-4}"
out="${QMPI4J_OUTPUT:-$PWD/qmpi4j-$(date +%Y%m%d-%H%M%S)}"

bash "$root/scripts/setup-mpi.sh"
echo "building qmpi4j ..."
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never install -DskipTests)

v=0.1.0-SNAPSHOT
cp_app="$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar:$root/samples/common/target/qmpi4j-samples-common-$v.jar"
mkdir -p "$out"
echo "running org.qmpi4j.samples.openmpi.Stencil on $ranks ranks under mpirun ..."
set +e
java -cp "$root/launcher/target/qmpi4j-launcher-$v.jar" org.qmpi4j.launch.LaunchCommand \
  --runtime openmpi --ranks "$ranks" --cp "$cp_app" --timeout-seconds 300 \
  org.qmpi4j.samples.openmpi.Stencil > "$out/stdout.txt" 2> "$out/stderr.txt"
status=$?
set -e
grep -h 'QMPI4J-SAMPLE' "$out/stdout.txt" || true
echo "job exit status: $status"
echo "results: $out (stdout.txt: every rank's output, tagged [job,rank]; stderr.txt)"
exit "$status"
