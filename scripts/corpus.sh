#!/usr/bin/env bash
# Runs the whole bug corpus (module corpus) under the check tool and prints its scores per
# category and overall (docs/corpus.md): 196 mpirun jobs of 2 to 4 ranks, about 4 minutes
# on 2 cores. The table is also written to integration-tests/target/corpus/score.md (or to
# $CORPUS_SCORE). Holds the machine-wide MPI lock, so it waits for other MPI jobs to finish.
# Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")/.."
score="${CORPUS_SCORE:-$PWD/integration-tests/target/corpus/score.md}"
flock /tmp/qmpi4j-mpi.lock mvn -B -ntp -o -pl integration-tests -am verify -Pcorpus \
    -Dtest=CorpusScoreTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dqmpi4j.corpus.score="$score" "$@" || status=$?
if [ -f "$score" ]; then
    cat "$score"
fi
exit "${status:-0}"
