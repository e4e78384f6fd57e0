#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs the MPI runtimes if missing, builds qmpi4j,
# and runs the 2D stencil sample on 4 ranks under Open MPI's mpirun through `qmpi4j run`, which
# attaches the qmpi4j agent and its bundled tools 'profiler' and 'tracer' to every rank. Prints where the results are and the report's first lines.
# Environment: RANKS (default 4), QMPI4J_OUTPUT (default a new qmpi4j-<date-time> folder here).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ranks="${RANKS:-4}"
out="${QMPI4J_OUTPUT:-$PWD/qmpi4j-$(date +%Y%m%d-%H%M%S)}"
out="$(mkdir -p "$out" && cd "$out" && pwd)"

bash "$root/scripts/setup-mpi.sh"
echo "building qmpi4j ..."
# Maven 3.8 prints colour resets even when told not to; strip them so the output stays plain.
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never install -DskipTests) | sed -e 's/\x1b\[[0-9;]*m//g'

v=0.1.0-SNAPSHOT
ompi=$(dpkg-query -W -f='${source:Upstream-Version}' libopenmpi3)
mpi_jar="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}/org/open-mpi/mpi/$ompi/mpi-$ompi.jar"
cp_app="$mpi_jar:$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar:$root/samples/common/target/qmpi4j-samples-common-$v.jar"
as_root=(); [ "$(id -u)" = 0 ] && as_root=(--allow-run-as-root)
echo "running org.qmpi4j.samples.openmpi.Stencil on $ranks ranks: qmpi4j run --tools profiler,tracer -- mpirun ... java ..."
set +e
# The README's way: qmpi4j run attaches the agent to every rank of the unedited mpirun command.
timeout 300 "$root/bin/qmpi4j" run --tools profiler,tracer --output "$out" -- \
  mpirun "${as_root[@]}" --oversubscribe -np "$ranks" java -cp "$cp_app" org.qmpi4j.samples.openmpi.Stencil \
  > "$out/stdout.txt" 2> "$out/stderr.txt"
status=$?
set -e
grep -h 'QMPI4J-SAMPLE' "$out/stdout.txt" || true
grep -h 'qmpi4j: the job ended\|qmpi4j: unknown\|qmpi4j: cannot\|qmpi4j: the launcher' "$out/stderr.txt" || true
echo "job exit status: $status"
echo "results: $out"
echo "  report.html   the profile as one page (open in a browser): time per rank chart, functions, call sites, message sizes, matrix"
echo "  report.txt    the same as text tables"
echo "  profile.json  the same for scripts (keys: binding, ranks, functions, callsites, matrix, ...)"
echo "  matrix.html   communication matrix heatmap (open in a browser); matrix.svg the same as an image"
echo "  trace.json    timeline of every MPI call on every rank: open in https://ui.perfetto.dev or chrome://tracing"
echo "  ranks/        each rank's own files; stdout.txt, stderr.txt: the job's output"
if [ -f "$out/report.txt" ]; then
  echo
  echo "first lines of $out/report.txt:"
  head -n 24 "$out/report.txt"
fi
exit "$status"
