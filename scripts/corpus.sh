#!/usr/bin/env bash
# Runs the whole bug corpus under the check tool and prints its scores per binding, per category
# and overall (docs/corpus.md): Open MPI's part (module corpus, 221 mpirun jobs of 2 to 4 ranks,
# about 4 minutes on 2 cores) and MPJ Express' part (module corpus-mpj, run in MPJ's multicore
# mode). The tables are also written to integration-tests/target/corpus/score.md and
# score-mpj.md (or to $CORPUS_SCORE and $CORPUS_MPJ_SCORE). Holds the machine-wide MPI lock, so it
# waits for other MPI jobs to finish. Extra arguments go to Maven (-Dtest=CorpusScoreTest runs
# one part only; CORPUS_CATEGORIES=requestlifecycle,parammatching runs those categories only).
set -euo pipefail
cd "$(dirname "$0")/.."
score="${CORPUS_SCORE:-$PWD/integration-tests/target/corpus/score.md}"
mpj_score="${CORPUS_MPJ_SCORE:-$PWD/integration-tests/target/corpus/score-mpj.md}"
rm -f "$score" "$mpj_score"
flock /tmp/qmpi4j-mpi.lock mvn -B -ntp -o -pl integration-tests -am verify -Pcorpus \
    -Dtest=CorpusScoreTest,MpjCorpusScoreTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dqmpi4j.corpus.score="$score" -Dqmpi4j.corpus.mpj-score="$mpj_score" \
    -Dqmpi4j.corpus.categories="${CORPUS_CATEGORIES:-}" "$@" || status=$?
if [ -f "$score" ]; then
    echo "## Open MPI's Java bindings (module corpus)"
    echo
    cat "$score"
fi
if [ -f "$mpj_score" ]; then
    echo
    echo "## MPJ Express (module corpus-mpj, multicore mode)"
    echo
    cat "$mpj_score"
fi
exit "${status:-0}"
