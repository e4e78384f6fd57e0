#!/usr/bin/env bash
# Prepares the third-party suite of 'scripts/bench.sh suite': the mpiJava test programs that ship
# with MPJ Express 0.44 (test/mpi in its source), fetched from Debian's source package of MPJ and
# compiled here against MPJ's mpj.jar. Nothing of their code is in this repository.
#   $CACHE/mpj-suite-<version>/classes       the compiled programs
#   $CACHE/mpj-suite-<version>/programs.txt  their main classes, one a line
#   $CACHE/mpj-suite-<version>/skipped.txt   source files left out, with why (javac's first error)
# The programs are moved out of MPJ's package mpi (see below); nothing else in them changes.
# Prints the suite folder on its last line. Idempotent: a compiled suite is reused.
# Needs scripts/setup-mpi.sh first (MPJ_HOME) and a reachable deb-src entry for Debian's mirror.
set -euo pipefail

CACHE="${QMPI4J_CACHE:-$HOME/.qmpi4j/cache}"
MPJ_HOME_DIR="${MPJ_HOME:-$HOME/.qmpi4j/mpj}"
say() { printf 'setup-suite: %s\n' "$*" >&2; }
die() { printf 'setup-suite: ERROR: %s\n' "$*" >&2; exit 1; }

SRC_VERSION=$(dpkg-query -W -f='${source:Version}' libmpj-java 2>/dev/null) \
  || die "libmpj-java is not installed: run scripts/setup-mpi.sh first"
UPSTREAM=$(dpkg-query -W -f='${source:Upstream-Version}' libmpj-java)
suite="$CACHE/mpj-suite-$UPSTREAM"
if [ -s "$suite/programs.txt" ] && [ -d "$suite/classes" ]; then
  say "suite present: $suite ($(wc -l <"$suite/programs.txt") programs)"
  echo "$suite"; exit 0
fi
[ -f "$MPJ_HOME_DIR/lib/mpj.jar" ] || die "$MPJ_HOME_DIR/lib/mpj.jar missing: run scripts/setup-mpi.sh first"

mkdir -p "$suite/download"
( cd "$suite/download"
  if ! ls mpj_*.orig.tar.* >/dev/null 2>&1; then
    say "downloading Debian's source of mpj=$SRC_VERSION"
    # Only the upstream tarball matters; apt-get may fail on the Debian part and still leave it.
    apt-get source -qq --download-only "mpj=$SRC_VERSION" >/dev/null 2>&1 || true
  fi
  orig=$(ls mpj_*.orig.tar.* 2>/dev/null) \
    || die "could not download Debian source mpj=$SRC_VERSION (is a deb-src entry for your mirror in /etc/apt/sources.list.d? scripts/setup-mpi.sh shows how)"
  # The .dsc names the tarball's SHA-256: check it when apt-get left the .dsc.
  if dsc=$(ls mpj_*.dsc 2>/dev/null); then
    want=$(sed -n '/^Checksums-Sha256:/,/^[A-Z]/p' "$dsc" | awk -v f="$orig" '$3 == f {print $1}')
    [ -z "$want" ] || [ "$(sha256sum "$orig" | cut -d' ' -f1)" = "$want" ] || die "$orig does not match the SHA-256 in $dsc"
  fi
  rm -rf tree && mkdir tree
  tar -xf "$orig" -C tree --strip-components=1 --wildcards '*/test/mpi/*'
)

shipped="$suite/download/tree/test/mpi"
[ -d "$shipped" ] || die "the MPJ source has no test/mpi folder"
# The programs ship in packages mpi.<area> (mpi.pt2pt, mpi.ccl, ...), inside MPJ's own package mpi,
# which the agent treats as the binding's and never rewrites. Users' programs live in packages of
# their own: move the programs to mpjtest.<area> (package, import and qualified names), so that the
# agent sees them as it sees any application.
src="$suite/src"
rm -rf "$src" && cp -r "$shipped" "$src"
areas=$(cd "$src" && find . -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | paste -sd'|')
find "$src" -name '*.java' -exec sed -i -E "s/\bmpi\.($areas)\b/mpjtest.\1/g" {} +
: >"$suite/skipped.txt"
find "$src" -name '*.java' | sort >"$suite/sources.txt"
# javac stops at a file it cannot compile: leave such files out (with javac's first message) and
# compile the rest again, until it passes.
for attempt in 1 2 3 4 5 6; do
  rm -rf "$suite/classes" && mkdir -p "$suite/classes"
  if javac -nowarn -encoding ISO-8859-1 -proc:none -cp "$MPJ_HOME_DIR/lib/mpj.jar" -d "$suite/classes" \
      @"$suite/sources.txt" >"$suite/javac.log" 2>&1; then
    break
  fi
  bad=$(grep -oE '^/[^:]+\.java:[0-9]+: error: .*' "$suite/javac.log" | sort -t: -k1,1 -u)
  [ -n "$bad" ] && [ "$attempt" -lt 6 ] || { cat "$suite/javac.log" >&2; die "javac failed"; }
  while IFS= read -r line; do
    f=${line%%:*}
    printf '%s\t%s\n' "${f#"$src"/}" "javac: ${line#*: error: }" >>"$suite/skipped.txt"
    grep -vxF "$f" "$suite/sources.txt" >"$suite/sources.tmp" || true
    mv "$suite/sources.tmp" "$suite/sources.txt"
  done <<<"$bad"
done
# The programs: compiled classes whose source declares a main method.
: >"$suite/programs.tmp"
while IFS= read -r f; do
  rel=${f#"$src"/}
  name=$(basename "$f" .java)
  pkg=$(sed -nE 's/^[[:space:]]*package[[:space:]]+([A-Za-z0-9_.]+)[[:space:]]*;.*/\1/p' "$f" | head -1)
  cls="${pkg:+$pkg.}$name"
  if grep -qE 'static[[:space:]]+(public[[:space:]]+)?void[[:space:]]+main|public[[:space:]]+static[[:space:]]+void[[:space:]]+main' "$f"; then
    if [ -f "$suite/classes/$(echo "$cls" | tr . /).class" ]; then
      echo "$cls" >>"$suite/programs.tmp"
    else
      printf '%s\t%s\n' "$rel" "no class $cls after compiling" >>"$suite/skipped.txt"
    fi
  fi
done <"$suite/sources.txt"
sort "$suite/programs.tmp" >"$suite/programs.txt" && rm "$suite/programs.tmp"
say "compiled $(wc -l <"$suite/programs.txt") programs into $suite/classes; $(wc -l <"$suite/skipped.txt") files left out (skipped.txt)"
echo "$suite"
