#!/usr/bin/env bash
# Trace size against what a viewer here opens: for real PingPong jobs of growing length (2 ranks,
# Open MPI, tools=tracer), the shards' bytes, the same trace as Chrome JSON (trace.json) and as
# Perfetto protobuf (.pftrace), both built from the same shards by `qmpi4j trace`, and whether the
# DevTools Performance panel of the system Chromium imports the JSON (time, renderer peak memory).
# Prints a Markdown table (benchmarks/TRACE-VIEWERS.md explains it).
#
# Needs: a build of this checkout (mvn -B -ntp -o -pl integration-tests -am verify -DskipTests),
# Open MPI 4.1 (scripts/setup-mpi.sh), Debian's chromium, node and npm (installs puppeteer-core
# into this folder's node_modules on first use). Holds /tmp/qmpi4j-mpi.lock around each job and
# each browser load. Environment: ITERATIONS (space-separated PingPong round trips per job),
# WORK (scratch folder, default a new one under /tmp), VIEWER_TIMEOUT (seconds per load, 300).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
iterations="${ITERATIONS:-25000 50000 100000 200000 400000 800000}"
work="${WORK:-$(mktemp -d /tmp/qmpi4j-trace-viewers.XXXXXX)}"
mkdir -p "$work"
timeout_s="${VIEWER_TIMEOUT:-300}"
lock=/tmp/qmpi4j-mpi.lock

v=0.1.0-SNAPSHOT
# A copy of the jars, so that a build during the run does not change them under it.
jars="$work/jars"
mkdir -p "$jars"
cp "$root/cli/target/qmpi4j-cli-$v.jar" "$root/agent/target/qmpi4j-agent-$v.jar" \
  "$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar" "$root/samples/common/target/qmpi4j-samples-common-$v.jar" "$jars/"
export QMPI4J_CLI_JAR="$jars/qmpi4j-cli-$v.jar" QMPI4J_AGENT_JAR="$jars/qmpi4j-agent-$v.jar"
ompi=$(dpkg-query -W -f='${source:Upstream-Version}' libopenmpi3)
mpi_jar="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}/org/open-mpi/mpi/$ompi/mpi-$ompi.jar"
cp_app="$mpi_jar:$jars/qmpi4j-samples-openmpi-$v.jar:$jars/qmpi4j-samples-common-$v.jar"
as_root=(); [ "$(id -u)" = 0 ] && as_root=(--allow-run-as-root)
if [ ! -d "$here/node_modules/puppeteer-core" ]; then
  (cd "$here" && npm install --no-audit --no-fund --no-save puppeteer-core@24 >&2)
fi

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
  "$(free -g | awk '/Mem:/ {print $2}') GB; $(/usr/lib/chromium/chromium --version 2>/dev/null | head -1); Open MPI $ompi"
echo
echo "| round trips | calls | shards | trace.json | json / shards | .pftrace | pftrace / shards | DevTools import of trace.json | time | renderer peak RSS |"
echo "|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|"
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
for n in $iterations; do
  out="$work/pingpong-$n"
  rm -rf "$out"
  # Every shard stays (merge limit of 1 byte): the two files below come from the same shards.
  flock "$lock" timeout 600 env QMPI4J_TRACER_MERGE_LIMIT=1 QMPI4J_TRACER_LIMIT=4g \
    "$root/bin/qmpi4j" run --tools tracer --output "$out" -- \
    mpirun "${as_root[@]}" --oversubscribe -np 2 java -cp "$cp_app" org.qmpi4j.samples.openmpi.PingPong \
    --iterations "$n" --warmup 10 --sizes 8 > "$out.stdout" 2> "$out.stderr"
  "$root/bin/qmpi4j" trace --format json -o "$out/trace.json" "$out" 2>> "$out.stderr"
  "$root/bin/qmpi4j" trace -o "$out/trace.pftrace" "$out" 2>> "$out.stderr"
  calls=$(grep -o '[0-9]* calls in the window' "$out.stderr" | awk '{print $1}')
  shards=$(cat "$out"/ranks/rank-*.trace | wc -c)
  json=$(stat -c %s "$out/trace.json")
  pf=$(stat -c %s "$out/trace.pftrace")
  load=$(cd "$here" && flock "$lock" node load-in-devtools.js "$out/trace.json" "$timeout_s")
  outcome=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.outcome)' "$load")
  secs=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.seconds)' "$load")
  rss=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.renderer_peak_rss_mib)' "$load")
  echo "| $n | $calls | $(mib "$shards") | $(mib "$json") | $(awk -v a="$json" -v b="$shards" 'BEGIN { printf "%.2f", a / b }') |" \
    "$(mib "$pf") | $(awk -v a="$pf" -v b="$shards" 'BEGIN { printf "%.2f", a / b }') | $outcome | $secs s | $rss MiB |"
  rm -f "$out/trace.json" # large; the shards and the .pftrace stay for a look
done
echo
echo "scratch: $work"
