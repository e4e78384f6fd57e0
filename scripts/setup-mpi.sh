#!/usr/bin/env bash
# Installs the real MPI runtimes qmpi4j is built and tested against, on Debian 12:
#   1. Open MPI (openmpi-bin, libopenmpi-dev), which brings the JNI half libmpi_java.so;
#   2. Open MPI's Java half (mpi.jar), which Debian does not ship: built from Debian's own source
#      package of exactly the installed version (the JNI symbols must match) and installed into the
#      local Maven repository as org.open-mpi:mpi:<upstream version>;
#   3. MPJ Express 0.44 (libmpj-java) plus a working MPJ_HOME (Debian's layout cannot load log4j) with
#      MPJ's launcher bin/mpjrun.sh, and its mpj.jar in the local Maven repository as org.mpjexpress:mpj:0.44.
# Idempotent: every step checks first and skips what is already in place.
# Environment: MPJ_HOME (default ~/.qmpi4j/mpj), QMPI4J_CACHE (default ~/.qmpi4j/cache).
set -euo pipefail

MPJ_VERSION=0.44
MPJ_HOME_DIR="${MPJ_HOME:-$HOME/.qmpi4j/mpj}"
CACHE="${QMPI4J_CACHE:-$HOME/.qmpi4j/cache}"
M2_REPO="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"

say() { printf 'setup-mpi: %s\n' "$*"; }
die() { printf 'setup-mpi: ERROR: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@";
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@";
  else die "need root to run '$*' (run this script as root, or install the Debian packages openmpi-bin libopenmpi-dev libmpj-java by hand and run it again)"; fi
}

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script needs Debian 12 (bookworm). Install $* by other means, then run it again."
  if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  say "installing $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

need_cmd() { command -v "$1" >/dev/null 2>&1 || die "'$1' not found: $2"; }
need_cmd java "install a JDK 17 (Debian: openjdk-17-jdk-headless)"
need_cmd javac "install a JDK 17 (Debian: openjdk-17-jdk-headless)"
need_cmd mvn "install Apache Maven (Debian: maven)"

# ---- 1. Open MPI ----------------------------------------------------------------------------
missing=()
for p in openmpi-bin libopenmpi-dev; do have_pkg "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; else say "Open MPI packages present"; fi
command -v mpirun >/dev/null || die "mpirun still missing after installing openmpi-bin"

SRC_VERSION=$(dpkg-query -W -f='${source:Version}' libopenmpi3)
OMPI_VERSION=$(dpkg-query -W -f='${source:Upstream-Version}' libopenmpi3)
OMPI_JAR="$M2_REPO/org/open-mpi/mpi/$OMPI_VERSION/mpi-$OMPI_VERSION.jar"

# ---- 2. Open MPI's mpi.jar from Debian's source of the same version --------------------------
if [ -f "$OMPI_JAR" ]; then
  say "Open MPI Java bindings present: $OMPI_JAR"
else
  say "building Open MPI $OMPI_VERSION Java bindings from Debian source openmpi=$SRC_VERSION"
  have_pkg dpkg-dev || apt_install dpkg-dev
  srclist=/etc/apt/sources.list.d/qmpi4j-deb-src.sources
  if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list 2>/dev/null; then
    # Same mirrors and suites as the binary entries, so the source matches the installed binaries.
    [ -f /etc/apt/sources.list.d/debian.sources ] || die "no /etc/apt/sources.list.d/debian.sources to derive a deb-src entry from; add a deb-src line for your Debian mirror and run again"
    sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | as_root tee "$srclist" >/dev/null
    APT_UPDATED=0
  fi
  [ "$APT_UPDATED" = 1 ] || { as_root apt-get update -qq; APT_UPDATED=1; }
  work="$CACHE/openmpi-src-$SRC_VERSION"
  mkdir -p "$work"
  ( cd "$work"
    ls openmpi_*.orig.tar.* >/dev/null 2>&1 || apt-get source -qq --download-only "openmpi=$SRC_VERSION" >/dev/null \
      || die "could not download Debian source openmpi=$SRC_VERSION (is a deb-src entry reachable?)"
    rm -rf tree && mkdir tree
    orig=$(ls openmpi_*.orig.tar.*)
    tar -xf "$orig" -C tree --strip-components=1 --wildcards '*/ompi/mpi/java/java/*'
    # Debian's patches, where any touch the Java half, apply on top of upstream.
    deb=$(ls openmpi_*.debian.tar.* 2>/dev/null || true)
    if [ -n "$deb" ]; then
      mkdir -p deb && tar -xf "$deb" -C deb
      if [ -f deb/debian/patches/series ]; then
        while read -r patch; do
          case "$patch" in ''|'#'*) continue;; esac
          if grep -q 'ompi/mpi/java/java/' "deb/debian/patches/$patch"; then
            say "applying Debian patch $patch"
            (cd tree && patch -p1 -s --no-backup-if-mismatch < "../deb/debian/patches/$patch") || true
          fi
        done < deb/debian/patches/series
      fi
    fi
    rm -rf classes && mkdir classes
    javac -nowarn -encoding UTF-8 --release 11 -d classes tree/ompi/mpi/java/java/*.java 2>javac.log \
      || { cat javac.log >&2; die "javac of Open MPI's Java sources failed"; }
    jar cf mpi.jar -C classes .
    (cd tree/ompi/mpi/java/java && jar cf "$work/mpi-sources.jar" ./*.java)
  )
  mvn -B -q install:install-file -Dfile="$work/mpi.jar" -Dsources="$work/mpi-sources.jar" \
    -DgroupId=org.open-mpi -DartifactId=mpi -Dversion="$OMPI_VERSION" -Dpackaging=jar \
    -DgeneratePom=true -Dmaven.repo.local="$M2_REPO" >/dev/null \
    || die "mvn install:install-file of mpi.jar failed"
  say "installed $OMPI_JAR"
fi

# ---- 3. MPJ Express ----------------------------------------------------------------------------
have_pkg libmpj-java || apt_install libmpj-java
MPJ_LIB=/usr/share/mpj/lib
[ -f "$MPJ_LIB/mpj-$MPJ_VERSION.jar" ] || die "libmpj-java is installed but $MPJ_LIB/mpj-$MPJ_VERSION.jar is missing (expected MPJ Express $MPJ_VERSION)"
for j in log4j-1.2 commons-cli commons-codec commons-io; do
  [ -f "/usr/share/java/$j.jar" ] || die "/usr/share/java/$j.jar missing (Debian packages liblog4j1.2-java libcommons-cli-java libcommons-codec-java libcommons-io-java)"
done
if [ -f "$MPJ_HOME_DIR/lib/mpj.jar" ] && [ -f "$MPJ_HOME_DIR/lib/log4j-1.2.jar" ] && [ -d "$MPJ_HOME_DIR/conf" ]; then
  say "MPJ_HOME present: $MPJ_HOME_DIR"
else
  # Real copies, not symlinks: the jars find log4j through a relative manifest Class-Path, which
  # Java resolves after following symlinks, i.e. inside /usr/share/mpj/lib where log4j is not.
  mkdir -p "$MPJ_HOME_DIR/lib" "$MPJ_HOME_DIR/conf"
  for f in "$MPJ_LIB"/*-"$MPJ_VERSION".jar; do
    b=$(basename "$f" "-$MPJ_VERSION.jar"); cp -L "$f" "$MPJ_HOME_DIR/lib/$b.jar"
  done
  for j in log4j-1.2 commons-cli commons-codec commons-io; do cp -L "/usr/share/java/$j.jar" "$MPJ_HOME_DIR/lib/$j.jar"; done
  cp -rL /etc/mpj/. "$MPJ_HOME_DIR/conf/"
  say "prepared MPJ_HOME at $MPJ_HOME_DIR"
fi
# MPJ's own launcher as MPJ ships it (bin/mpjrun.sh): Debian's /usr/bin/mpjrun is that script with
# MPJ_HOME fixed to /usr/share/mpj, where log4j cannot be loaded; without that line it uses ours.
if [ -x "$MPJ_HOME_DIR/bin/mpjrun.sh" ]; then
  say "MPJ launcher present: $MPJ_HOME_DIR/bin/mpjrun.sh"
else
  [ -f /usr/bin/mpjrun ] || die "/usr/bin/mpjrun missing (Debian package libmpj-java)"
  mkdir -p "$MPJ_HOME_DIR/bin"
  sed '/^export MPJ_HOME=/d' /usr/bin/mpjrun >"$MPJ_HOME_DIR/bin/mpjrun.sh"
  chmod +x "$MPJ_HOME_DIR/bin/mpjrun.sh"
  say "wrote $MPJ_HOME_DIR/bin/mpjrun.sh (MPJ_HOME from the environment)"
fi
MPJ_ARTIFACT="$M2_REPO/org/mpjexpress/mpj/$MPJ_VERSION/mpj-$MPJ_VERSION.jar"
if [ -f "$MPJ_ARTIFACT" ]; then
  say "MPJ Express artifact present: $MPJ_ARTIFACT"
else
  mvn -B -q install:install-file -Dfile="$MPJ_HOME_DIR/lib/mpj.jar" -DgroupId=org.mpjexpress \
    -DartifactId=mpj -Dversion="$MPJ_VERSION" -Dpackaging=jar -DgeneratePom=true \
    -Dmaven.repo.local="$M2_REPO" >/dev/null || die "mvn install:install-file of mpj.jar failed"
  say "installed $MPJ_ARTIFACT"
fi

say "ready: Open MPI $OMPI_VERSION (org.open-mpi:mpi:$OMPI_VERSION), MPJ Express $MPJ_VERSION (MPJ_HOME=$MPJ_HOME_DIR)"
