#!/usr/bin/env bash
# Bytes per traced call of trace.pftrace with interned strings (what the tracer writes) and with
# every event's strings in full, for the same shards of real jobs (Open MPI, tools=tracer): the
# PingPong sample on 2 ranks and the Stencil sample on 4 ranks. Both files are built one after the
# other from each job's shards by org.qmpi4j.bench.trace.PerfettoStrings; prints a Markdown table
# (BENCHMARKS.md, "Trace sizes").
#
# Needs: a build of this checkout (mvn -B -ntp -o -pl benchmarks,cli -am package -DskipTests),
# Open MPI 4.1 (scripts/setup-mpi.sh). Holds /tmp/qmpi4j-mpi.lock for the whole run. Environment:
# ROUND_TRIPS (PingPong, default 25000), STENCIL ("<n> <iterations>", default "256 2000"), WORK
# (scratch folder, default a new one under /tmp).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
round_trips="${ROUND_TRIPS:-25000}"
stencil="${STENCIL:-256 2000}"
work="${WORK:-$(mktemp -d /tmp/qmpi4j-interning.XXXXXX)}"
mkdir -p "$work"
lock=/tmp/qmpi4j-mpi.lock

v=0.1.0-SNAPSHOT
jars="$work/jars"
mkdir -p "$jars"
cp "$root/cli/target/qmpi4j-cli-$v.jar" "$root/agent/target/qmpi4j-agent-$v.jar" "$root/benchmarks/target/benchmarks.jar" \
  "$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar" "$root/samples/common/target/qmpi4j-samples-common-$v.jar" "$jars/"
export QMPI4J_CLI_JAR="$jars/qmpi4j-cli-$v.jar" QMPI4J_AGENT_JAR="$jars/qmpi4j-agent-$v.jar"
ompi=$(dpkg-query -W -f='${source:Upstream-Version}' libopenmpi3)
mpi_jar="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}/org/open-mpi/mpi/$ompi/mpi-$ompi.jar"
cp_app="$mpi_jar:$jars/qmpi4j-samples-openmpi-$v.jar:$jars/qmpi4j-samples-common-$v.jar"
as_root=(); [ "$(id -u)" = 0 ] && as_root=(--allow-run-as-root)

job() { # name ranks main args...
  local name="$1" np="$2" main="$3"
  shift 3
  # Every shard stays (merge limit of 1 byte): the traces below are built from them.
  env QMPI4J_TRACER_MERGE_LIMIT=1 QMPI4J_TRACER_LIMIT=4g \
    "$root/bin/qmpi4j" run --tools tracer --output "$work/$name" -- \
    mpirun "${as_root[@]}" --oversubscribe -np "$np" java -cp "$cp_app" "$main" "$@" \
    > "$work/$name.stdout" 2> "$work/$name.stderr"
}

run_all() {
  echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; Open MPI $ompi"
  echo
  job "pingpong-2-ranks-$round_trips" 2 org.qmpi4j.samples.openmpi.PingPong \
    --iterations "$round_trips" --warmup 10 --sizes 8
  # shellcheck disable=SC2086
  job "stencil-4-ranks-${stencil// /x}" 4 org.qmpi4j.samples.openmpi.Stencil $stencil
  java -cp "$jars/benchmarks.jar" org.qmpi4j.bench.trace.PerfettoStrings \
    "$work/pingpong-2-ranks-$round_trips" "$work/stencil-4-ranks-${stencil// /x}"
}
export -f job run_all
export root work cp_app round_trips stencil ompi jars
export as_root_flag="${as_root[*]:-}"
flock "$lock" bash -c 'as_root=(); [ -n "$as_root_flag" ] && as_root=($as_root_flag); run_all'
echo
echo "scratch: $work"
