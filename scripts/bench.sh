#!/usr/bin/env bash
# What the qmpi4j agent costs, measured side by side (see BENCHMARKS.md). Installs the MPI runtimes
# if missing (scripts/setup-mpi.sh), builds the benchmarks module and what it needs, then runs:
#
#   scripts/bench.sh jmh     [options]  JMH call path: every variant in its own forks, rounds alternated
#   scripts/bench.sh mpi     [options]  real Open MPI jobs (ping-pong 0 B..1 MiB, stencil), alternated
#   scripts/bench.sh startup [options]  JVM start-up with the samples' classes loaded, alternated
#   scripts/bench.sh heap    [options]  heap after GC over 10 million calls, per tool list
#   scripts/bench.sh short   [options]  short real jobs: one JVM's CPU, a 2-rank job, a sequence of programs
#   scripts/bench.sh suite   [options]  a third-party suite: MPJ Express's mpiJava tests, 2 ranks each
#                                       (fetched from Debian's source package by scripts/setup-suite.sh)
#   scripts/bench.sh all                all four with their defaults (about 15 minutes on 2 cores)
#
# Options go to the benchmark ('scripts/bench.sh mpi --help' lists them), e.g. --repetitions 9, or
# --variants none,agent,tools=profiler+tracer for any tool list. Each report is printed and written
# with its raw figures to a new folder qmpi4j-bench-<date-time> here (or $QMPI4J_BENCH_OUTPUT).
# Benchmarks measure the machine they run on: nothing else should run meanwhile.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
what="${1:-all}"
[ $# -gt 0 ] && shift
case "$what" in
  jmh|mpi|startup|heap|short|suite|all) ;;
  *) echo "usage: scripts/bench.sh [jmh|mpi|startup|heap|short|suite|all] [options]" >&2; exit 2 ;;
esac
if [ "$what" = all ] && [ $# -gt 0 ]; then
  echo "scripts/bench.sh all takes no options; run the benchmarks one by one to pass options" >&2
  exit 2
fi
out="${QMPI4J_BENCH_OUTPUT:-$PWD/qmpi4j-bench-$(date +%Y%m%d-%H%M%S)}"

bash "$root/scripts/setup-mpi.sh"
suite=""
[ "$what" != suite ] || suite="$(bash "$root/scripts/setup-suite.sh" | tail -1)"
echo "building the benchmarks ..."
# -am: the agent and samples come from this checkout, never from the local repository.
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never package -DskipTests -pl benchmarks -am)
jar="$root/benchmarks/target/benchmarks.jar"
mkdir -p "$out"

run() { # name main-class options...
  local name="$1" main="$2"
  shift 2
  echo "== $name: results in $out/$name"
  java -cp "$jar" "$main" --out "$out/$name" "$@"
}

clock() { # the cost of one clock read, the floor of a tool that times every call (ClockBenchmark)
  echo "== clock: one System.nanoTime() read, no agent: results in $out/jmh/clock.txt"
  mkdir -p "$out/jmh"
  java -Djmh.ignoreLock=false -cp "$jar" org.openjdk.jmh.Main 'ClockBenchmark' -f 2 -wi 3 -i 5 -w 500ms -r 500ms \
    > "$out/jmh/clock.txt" 2>&1
  grep -E '^(Benchmark|ClockBenchmark)' "$out/jmh/clock.txt"
}

case "$what" in
  jmh)     run jmh org.qmpi4j.bench.jmh.CallPathRunner "$@"; clock ;;
  mpi)     run mpi org.qmpi4j.bench.jobs.MpiOverhead "$@" ;;
  startup) run startup org.qmpi4j.bench.startup.StartupOverhead "$@" ;;
  heap)    run heap org.qmpi4j.bench.heap.HeapGrowthRunner "$@" ;;
  short)   run short org.qmpi4j.bench.shortjobs.ShortJobs "$@" ;;
  suite)
    # The launcher's own jar first: MPJ's JVM takes the launcher's classes from where they were
    # loaded, and benchmarks.jar also holds a fake mpi package that would hide MPJ's.
    echo "== suite: results in $out/suite"
    java -cp "$root/benchmarks/target/bench-lib/qmpi4j-launcher.jar:$jar" org.qmpi4j.bench.suite.ThirdPartySuite \
      --suite "$suite" --out "$out/suite" "$@"
    ;;
  all)
    run jmh org.qmpi4j.bench.jmh.CallPathRunner
    clock
    run mpi org.qmpi4j.bench.jobs.MpiOverhead
    run startup org.qmpi4j.bench.startup.StartupOverhead
    run heap org.qmpi4j.bench.heap.HeapGrowthRunner
    cat "$out/jmh/callpath.md" "$out/mpi/mpi.md" "$out/startup/startup.md" "$out/heap/heap.md" > "$out/summary.md"
    echo "== all reports: $out/summary.md"
    ;;
esac
