#!/usr/bin/env bash
# qmpi4j merge at scale (BENCHMARKS.md, "Merge at scale"): writes the per-rank files of simulated jobs
# (test-fixtures/simulated-job) and times 'qmpi4j merge' of each, $RUNS runs per size (default 3),
# in a JVM limited to each heap of $HEAPS (default 1g). Prints per size and heap: the fastest wall
# time, the CPU time (user + system) of that run, the largest resident set, and from the GC log the
# most heap in use before a collection and the most still in use after one (the live set's upper
# bound), then the sizes of profile.json and profile-ranks.jsonl. A merge that fails (out of
# memory) is printed as such.
#
# With STEPS=<steps>, each size is instead a folder with every rank's profile and trace shard
# (SimulatedFolder: the profiles with each rank's JVM summary, the shards with injected waits,
# garbage-collection pauses and <steps> repeated steps), so that the merge also analyses the wait
# states, finds the iterations and indexes the shards; the rows add the shards' bytes. With LOAD=1,
# after the last merge of a size, the rows add how long Python 3 takes, and its largest resident
# set, to load profile.json with json.load and to read profile-ranks.jsonl line by line (json.loads
# of each line).
#
# With BEFORE_JAR=<a qmpi4j-cli jar>, each merge also runs with that jar, side by side in the same
# run (rows "before" and "this"): e.g. a jar built from an older commit with
#   git worktree add /tmp/before <ref> && (cd /tmp/before && mvn -q package -DskipTests -pl cli -am)
#
#   scripts/bench-scale.sh [sizes...]     default: 256 1024 4096
#   HEAPS=2g RUNS=1 STEPS=40 LOAD=1 scripts/bench-scale.sh 65536 262144
#   HEAPS="1g 4g" RUNS=2 BEFORE_JAR=/tmp/before/cli/target/qmpi4j-cli-0.1.0-SNAPSHOT.jar \
#     scripts/bench-scale.sh 4096 16384 65536
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(256 1024 4096)
read -r -a heaps <<< "${HEAPS:-${HEAP:-1g}}"
runs="${RUNS:-3}"
steps="${STEPS:-}"
load="${LOAD:-}"
m2=()
[ -n "${MAVEN_REPO_LOCAL:-}" ] && m2=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
[ -n "${MAVEN_OFFLINE:-}" ] && m2+=("-o")
echo "building the cli and the simulated job ..."
(cd "$root" && mvn -B -q -ntp -Dstyle.color=never "${m2[@]}" package -DskipTests -Djapicmp.skip=true \
  -pl cli,test-fixtures/simulated-job -am)
v=0.1.0-SNAPSHOT
jars=("this=$root/cli/target/qmpi4j-cli-$v.jar")
[ -n "${BEFORE_JAR:-}" ] && jars=("before=$BEFORE_JAR" "${jars[@]}")
sim="$root/test-fixtures/simulated-job/target/qmpi4j-simulated-job-$v.jar:$root/api/target/qmpi4j-api-$v.jar:$root/formats/target/qmpi4j-formats-$v.jar:$root/report/target/qmpi4j-report-$v.jar"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
row() {
  if [ $# -gt 11 ]; then
    printf '%-6s %-7s %-5s %-10s %-9s %-10s %-16s %-15s %-9s %-13s %-20s %-12s %-22s %s\n' "$@"
  else
    printf '%-6s %-7s %-5s %-10s %-9s %-10s %-16s %-15s %-9s %-13s %s\n' "$@"
  fi
}
extra=()
[ -n "$steps" ] && extra=(shards "json.load [s, MiB]" "jsonl lines [s, MiB]")
row ranks cli heap "wall [s]" "CPU [s]" "RSS [MiB]" "heap peak [MiB]" "after GC [MiB]" pairs "profile.json" \
  "profile-ranks.jsonl" "${extra[@]}"
# Seconds and largest resident set (MiB) of Python loading $1 ("json": json.load, "lines": line by line) of file $2.
pyload() {
  local code='import json,sys; json.load(open(sys.argv[1]))'
  [ "$1" = lines ] && code=$'import json,sys\nfor l in open(sys.argv[1]): json.loads(l)'
  [ -f "$2" ] || { echo -; return; }
  /usr/bin/time -f '%e %M' -o "$work/pytime" python3 -c "$code" "$2" || { echo failed; return; }
  read -r s kb < <(tail -1 "$work/pytime")
  echo "$s,$((kb / 1024))"
}
for n in "${sizes[@]}"; do
  dir="$work/sim-$n"
  if [ -n "$steps" ]; then
    java -cp "$sim" org.qmpi4j.fixtures.simjob.SimulatedFolder "$n" "$steps" "$dir" > "$work/sim-$n.txt"
  else
    java -cp "$sim" org.qmpi4j.fixtures.simjob.SimulatedJob "$n" "$dir" > "$work/sim-$n.txt"
  fi
  [ -n "$steps" ] && cat "$work/sim-$n.txt" >&2
  pairs=$(sed -n 's/.* ranks, \([0-9]*\) pairs.*/\1/p' "$work/sim-$n.txt")
  for heap in "${heaps[@]}"; do
    for named in "${jars[@]}"; do
      name="${named%%=*}"; cli="${named#*=}"
      best=""; cpu=""; rss=0; peak=0; live=0; failed=""
      for run in $(seq "$runs"); do
        rm -f "$dir/profile.json" "$dir/profile-ranks.jsonl" "$dir/trace-index.json" "$dir/trace.json" \
          "$dir/trace.pftrace"
        if ! /usr/bin/time -f '%e %U %S %M' -o "$work/time" java -Xmx"$heap" -Xlog:gc:file="$work/gc.log" \
            -jar "$cli" merge "$dir" > /dev/null 2> "$work/merge.err"; then
          failed="failed: $(grep -o 'OutOfMemoryError[^"]*' "$work/merge.err" | head -1 || true)"
          failed="${failed:-failed: see $work/merge.err}"
        fi
        [ -n "$steps" ] && sed 's/^/  merge: /' "$work/merge.err" >&2
        read -r wall user sys kb < <(tail -1 "$work/time")
        if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then
          best=$wall; cpu=$(awk "BEGIN{printf \"%.1f\", $user + $sys}")
        fi
        [ "$kb" -gt "$rss" ] && rss=$kb
        p=$(grep -o '[0-9]*M->[0-9]*M' "$work/gc.log" | sed 's/M->.*//' | sort -n | tail -1)
        l=$(grep -o '[0-9]*M->[0-9]*M' "$work/gc.log" | sed 's/.*->//; s/M//' | sort -n | tail -1)
        [ "${p:-0}" -gt "$peak" ] && peak=${p:-0}
        [ "${l:-0}" -gt "$live" ] && live=${l:-0}
        [ -n "$failed" ] && break
      done
      if [ -n "$failed" ]; then
        row "$n" "$name" "$heap" "$failed" "" "$((rss / 1024))" "$peak" "$live" "$pairs" "-" "-"
        continue
      fi
      json=$(du -h --apparent-size "$dir/profile.json" | cut -f1)
      lines=-
      [ -f "$dir/profile-ranks.jsonl" ] && lines=$(du -h --apparent-size "$dir/profile-ranks.jsonl" | cut -f1)
      more=()
      if [ -n "$steps" ]; then
        shards=$(sed -n 's/.* \([0-9]*\) shard bytes.*/\1/p' "$work/sim-$n.txt" | numfmt --to=si)
        more=("$shards" - -)
        [ -n "$load" ] && more=("$shards" "$(pyload json "$dir/profile.json")" \
          "$(pyload lines "$dir/profile-ranks.jsonl")")
      fi
      row "$n" "$name" "$heap" "$best" "$cpu" "$((rss / 1024))" "$peak" "$live" "$pairs" "$json" "$lines" "${more[@]}"
    done
  done
  rm -rf "$dir"
done
