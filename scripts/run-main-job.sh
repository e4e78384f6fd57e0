#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs the MPI runtimes if missing, builds qmpi4j,
# and runs the 2D stencil sample with 4 ranks under Open MPI's mpirun, with the qmpi4j agent and the
# sample tool 'counter' (calls per MPI function and call site). Prints where the output is.
# Environment: RANKS (default 4), QMPI4J_OUTPUT (default a new qmpi4j-<date-time> folder here).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ranks="${RANKS:-4}"
out="${QMPI4J_OUTPUT:-$PWD/qmpi4j-$(date +%Y%m%d-%H%M%S)}"

bash "$root/scripts/setup-mpi.sh"
echo "building qmpi4j ..."
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never install -DskipTests)

v=0.1.0-SNAPSHOT
agent="$root/agent/target/qmpi4j-agent-$v.jar"
tools="$root/samples/tools/target/qmpi4j-samples-tools-$v.jar"
cp_app="$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar:$root/samples/common/target/qmpi4j-samples-common-$v.jar"
mkdir -p "$out"
echo "running org.qmpi4j.samples.openmpi.Stencil on $ranks ranks under mpirun with the qmpi4j agent (tools: counter) ..."
set +e
java -cp "$root/launcher/target/qmpi4j-launcher-$v.jar" org.qmpi4j.launch.LaunchCommand \
  --runtime openmpi --ranks "$ranks" --cp "$cp_app" --timeout-seconds 300 \
  --jvm-option "-javaagent:$agent=tools=counter;toolpath=$tools" \
  org.qmpi4j.samples.openmpi.Stencil > "$out/stdout.txt" 2> "$out/stderr.txt"
status=$?
set -e
grep -h 'QMPI4J-SAMPLE\|QMPI4J-TOOL' "$out/stdout.txt" || true
echo "job exit status: $status"
echo "results: $out"
echo "  stdout.txt: every rank's output, tagged [job,rank]: the sample's verified result (QMPI4J-SAMPLE),"
echo "              its own call counts (QMPI4J-CALLS) and the counter tool's (QMPI4J-TOOL, QMPI4J-SITE per call site)"
echo "  stderr.txt: diagnostics"
exit "$status"
