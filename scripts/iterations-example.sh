#!/usr/bin/env bash
# The README's iterations example (README.md, "Iterations and scaling studies"): runs, under Open
# MPI's mpirun through `qmpi4j run` with the profiler and the tracer, the iterations sample on 4
# ranks (40 iterations of 5 ms, rank 1 computing 300 ms longer in iteration 25) and the scaling
# sample (a broadcast from a serial root) on 1, 2 and 4 ranks, then `qmpi4j compare` of those
# three runs. With SHOTS=<dir>, takes headless Chromium screenshots of report.html's Iterations
# section and of the comparison into <dir> (iterations.png, compare.png).
# Needs the jars built: mvn -B -ntp package -DskipTests -pl cli,agent,samples/openmpi -am
# Environment: OUT (default a new folder under /tmp), SHOTS.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-$(mktemp -d /tmp/qmpi4j-iterations-XXXXXX)}"
mkdir -p "$out"
v=0.1.0-SNAPSHOT
ompi=$(dpkg-query -W -f='${source:Upstream-Version}' libopenmpi3)
mpi_jar="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}/org/open-mpi/mpi/$ompi/mpi-$ompi.jar"
cp_app="$mpi_jar:$root/samples/openmpi/target/qmpi4j-samples-openmpi-$v.jar:$root/samples/common/target/qmpi4j-samples-common-$v.jar"
as_root=(); [ "$(id -u)" = 0 ] && as_root=(--allow-run-as-root)
job() { # <output> <ranks> <main> [args]
  local dir="$1" n="$2"; shift 2
  timeout 300 "$root/bin/qmpi4j" run --tools profiler,tracer --output "$dir" -- \
    mpirun "${as_root[@]}" --oversubscribe -np "$n" java -cp "$cp_app" "$@" > "$dir.stdout.txt" 2> "$dir.stderr.txt"
}
echo "iterations.Iterations spike on 4 ranks -> $out/spike"
job "$out/spike" 4 org.qmpi4j.samples.openmpi.iterations.Iterations spike
sed -n '/== Iterations/,/^$/p' "$out/spike/report.txt"
for n in 1 2 4; do
  echo "scaling.SerialRoot on $n ranks -> $out/scaling-$n"
  job "$out/scaling-$n" "$n" org.qmpi4j.samples.openmpi.scaling.SerialRoot
done
"$root/bin/qmpi4j" compare --html "$out/compare.html" --json "$out/compare.json" \
  "$out/scaling-1" "$out/scaling-2" "$out/scaling-4" | tee "$out/compare.txt"
if [ -n "${SHOTS:-}" ]; then
  mkdir -p "$SHOTS"
  shot() { # <page> <png> <height>: the page in a frame of 1200 x <height>, scrolled to its anchor
    printf '<!doctype html><body style="margin:0"><iframe src="file://%s" style="border:0;width:1200px;height:%spx"></iframe>' \
      "$1" "$3" > "$out/frame.html"
    timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir=/tmp/chr-iter --window-size=1200,"$3" --screenshot="$2" "file://$out/frame.html" 2>/dev/null
  }
  shot "$out/spike/report.html#iterations" "$SHOTS/iterations.png" 430
  shot "$out/compare.html" "$SHOTS/compare.png" 900
fi
echo "results: $out"
