#!/usr/bin/env bash
# Builds the api module as it was at a git ref and stores its jar as the baseline that the build's
# API compatibility check (japicmp, in api/pom.xml) compares the current api against.
#
#   scripts/api-baseline.sh <ref> [extra Maven arguments...]
#   e.g. scripts/api-baseline.sh v0.1.0
#        scripts/api-baseline.sh main -o -Dmaven.repo.local=/path/to/repo
#
# Run it when a release is tagged (with the release's tag), or when an incompatible change of the
# api is intended and agreed (with the commit that makes it, once merged); commit the two files it
# writes in the same commit as that decision:
#   api/baseline/qmpi4j-api-baseline.jar   the api jar built from <ref>
#   api/baseline/BASELINE.txt              which ref and commit it was built from, and when
#
# How: exports the tree of <ref> (git archive, so uncommitted changes never leak in) into a
# temporary directory, builds `-pl api -am package` there without tests and without the checks
# that would need a baseline of their own (japicmp, Spotless), and copies the api jar back.
# Maven's local repository: MAVEN_REPO_LOCAL if set, else Maven's default (or pass
# -Dmaven.repo.local=... among the extra arguments). Needs git, mvn and JDK 17.
set -euo pipefail

die() { printf 'api-baseline: ERROR: %s\n' "$*" >&2; exit 1; }
say() { printf 'api-baseline: %s\n' "$*"; }

[ $# -ge 1 ] || die "usage: scripts/api-baseline.sh <git ref> [extra Maven arguments...]"
ref=$1
shift

root=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel) || die "not inside the qmpi4j git repository"
commit=$(git -C "$root" rev-parse --verify --quiet "$ref^{commit}") || die "'$ref' is not a commit in this repository"
git -C "$root" cat-file -e "$commit:api/pom.xml" 2>/dev/null || die "$ref ($commit) has no api module"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/qmpi4j-api-baseline.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

say "exporting $ref ($commit)"
git -C "$root" archive --format=tar "$commit" | tar -xf - -C "$tmp"

mvn_args=(-B -ntp -q -f "$tmp/pom.xml" -pl api -am -DskipTests -Djapicmp.skip=true -Dspotless.check.skip=true)
if [ -n "${MAVEN_REPO_LOCAL:-}" ]; then mvn_args+=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL"); fi
say "building the api module of $ref"
# From inside the export, so that its .mvn/jvm.config (if any) is the one Maven reads.
(cd "$tmp" && mvn "${mvn_args[@]}" "$@" package) || die "the build of $ref's api module failed (see above)"

jar=""
for f in "$tmp"/api/target/qmpi4j-api-*.jar; do
  case "$f" in *-sources.jar|*-javadoc.jar|*-tests.jar) continue ;; esac
  [ -f "$f" ] && { [ -z "$jar" ] || die "more than one api jar in $tmp/api/target"; jar=$f; }
done
[ -n "$jar" ] || die "no api jar found in $tmp/api/target"

out="$root/api/baseline"
mkdir -p "$out"
cp "$jar" "$out/qmpi4j-api-baseline.jar.tmp"
mv "$out/qmpi4j-api-baseline.jar.tmp" "$out/qmpi4j-api-baseline.jar"
{
  echo "# The API baseline that japicmp compares the api module against (api/pom.xml)."
  echo "# Written by scripts/api-baseline.sh; regenerate with it, do not edit by hand."
  echo "ref=$ref"
  echo "commit=$commit"
  echo "built-from=$(basename "$jar")"
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$out/BASELINE.txt"
say "wrote api/baseline/qmpi4j-api-baseline.jar and api/baseline/BASELINE.txt ($ref = ${commit:0:12})"
