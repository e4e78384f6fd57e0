#!/usr/bin/env bash
# qmpi4j merge at scale (BENCHMARKS.md, "Scale"): writes the per-rank files of simulated jobs of
# 256, 1024 and 4096 ranks (test-fixtures/simulated-job) and times 'qmpi4j merge' of each, three
# runs per size, in a JVM limited to 1 GiB of heap (or $HEAP). Prints per size: the fastest wall
# time, the largest resident set, and from the GC log the most heap in use before a collection and
# the most still in use after one (the live set's upper bound).
#
#   scripts/bench-scale.sh [sizes...]     default: 256 1024 4096
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(256 1024 4096)
heap="${HEAP:-1g}"
m2=()
[ -n "${MAVEN_REPO_LOCAL:-}" ] && m2=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
echo "building the cli and the simulated job ..."
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never "${m2[@]}" package -DskipTests -Djapicmp.skip=true \
  -pl cli,test-fixtures/simulated-job -am)
v=0.1.0-SNAPSHOT
cli="$root/cli/target/qmpi4j-cli-$v.jar"
sim="$root/test-fixtures/simulated-job/target/qmpi4j-simulated-job-$v.jar:$root/report/target/qmpi4j-report-$v.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '%-6s %-10s %-10s %-14s %-14s %-12s %s\n' ranks "wall [s]" "RSS [MiB]" "heap peak [MiB]" "after GC [MiB]" "pairs" "profile.json"
for n in "${sizes[@]}"; do
  dir="$work/sim-$n"
  java -cp "$sim" org.qmpi4j.fixtures.simjob.SimulatedJob "$n" "$dir" > "$work/sim-$n.txt"
  pairs=$(sed -n 's/.* ranks, \([0-9]*\) pairs.*/\1/p' "$work/sim-$n.txt")
  best=""; rss=0; peak=0; live=0
  for run in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$work/time" java -Xmx"$heap" -Xlog:gc:file="$work/gc.log" -jar "$cli" merge "$dir" \
      > /dev/null 2> "$work/merge.err" || { cat "$work/merge.err" >&2; exit 1; }
    read -r wall kb < "$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    [ "$kb" -gt "$rss" ] && rss=$kb
    p=$(grep -o '[0-9]*M->[0-9]*M' "$work/gc.log" | sed 's/M->.*//' | sort -n | tail -1)
    l=$(grep -o '[0-9]*M->[0-9]*M' "$work/gc.log" | sed 's/.*->//; s/M//' | sort -n | tail -1)
    [ "${p:-0}" -gt "$peak" ] && peak=${p:-0}
    [ "${l:-0}" -gt "$live" ] && live=${l:-0}
  done
  size=$(du -h "$dir/profile.json" | cut -f1)
  printf '%-6s %-10s %-10s %-14s %-14s %-12s %s\n' "$n" "$best" "$((rss / 1024))" "$peak" "$live" "$pairs" "$size"
done
