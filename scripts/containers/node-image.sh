#!/usr/bin/env bash
# Builds one qmpi4j test "node" image from Debian's registry only and imports it into podman.
# Usage: node-image.sh <suite> <image> <inputs-hash> <mirror>
#   suite: bookworm (Open MPI 4.1, JDK 17) or trixie (Open MPI 5.0, JDK 21).
# The image holds: Open MPI with its JNI library (Debian's package), Open MPI's Java half (mpi.jar)
# compiled from Debian's source package of exactly the installed version (Debian does not ship it),
# a JDK, sshd with one root key pair that every container of the image shares (so mpirun reaches
# the other containers over ssh without prompts), and procps for the tests that kill ranks.
# The agent and the applications are NOT in the image: tests copy them in, so the image only
# changes when this recipe does. setup-containers.sh labels the image with a hash of this file.
set -euo pipefail
suite=$1 image=$2 hash=$3 mirror=$4

say() { printf 'node-image[%s]: %s\n' "$suite" "$*"; }
case "$suite" in
  bookworm) jdk=openjdk-17-jdk-headless ;;
  trixie) jdk=openjdk-21-jdk-headless ;;
  *) echo "node-image: unknown suite $suite" >&2; exit 2 ;;
esac

root=$(mktemp -d "/var/tmp/qmpi4j-rootfs-$suite.XXXXXX")
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  umount "$root/dev/pts" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

start=$SECONDS
say "debootstrap minbase from $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 \
  || { tail -30 "$root.debootstrap.log" >&2; exit 1; }
rm -f "$root.debootstrap.log"
say "debootstrap done in $((SECONDS - start)) s"

mount -t proc proc "$root/proc"
# No daemons start inside the build chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"; chmod +x "$root/usr/sbin/policy-rc.d"
cat >"$root/etc/apt/sources.list" <<SRC
deb $mirror $suite main
deb-src $mirror $suite main
SRC
rm -f "$root"/etc/apt/sources.list.d/*.sources
log=$root.install.log
say "installing Open MPI, $jdk, sshd (log while it runs: $log)"
{ in_root apt-get update -qq
  in_root apt-get install -y -qq --no-install-recommends openmpi-bin "$jdk" openssh-server openssh-client \
    procps patch xz-utils bzip2 ca-certificates-java
  # Some package sets stop on an alternative that debootstrap's order cannot satisfy; -f completes.
  in_root apt-get -y -qq -f install
} >"$log" 2>&1 || { tail -30 "$log" >&2; exit 1; }
rm -f "$log"

# Open MPI's Java half from Debian's source of the installed version (JNI symbols must match).
# The package that ships the JNI library: libopenmpi3 (4.1) or libopenmpi40 (5.0).
lib=$(in_root dpkg-query -S 'libmpi_java.so*' | head -1 | cut -d: -f1)
[ -n "$lib" ] || { echo "node-image: no package ships libmpi_java.so in $suite" >&2; exit 1; }
src_version=$(in_root dpkg-query -W -f='${source:Version}' "$lib")
ompi_version=$(in_root dpkg-query -W -f='${source:Upstream-Version}' "$lib")
say "Open MPI $ompi_version ($lib); building mpi.jar from source openmpi=$src_version"
mkdir -p "$root/tmp/ompi-src"
in_root sh -c "cd /tmp/ompi-src && apt-get source -qq --download-only openmpi=$src_version" >/dev/null 2>&1 \
  || { echo "node-image: could not download Debian source openmpi=$src_version" >&2; exit 1; }
(
  cd "$root/tmp/ompi-src"
  mkdir tree
  tar -xf openmpi_*.orig.tar.* -C tree --strip-components=1 --wildcards '*/ompi/mpi/java/java/*'
  if ls openmpi_*.debian.tar.* >/dev/null 2>&1; then
    mkdir deb && tar -xf openmpi_*.debian.tar.* -C deb
    if [ -f deb/debian/patches/series ]; then
      while read -r p; do
        case "$p" in ''|'#'*) continue ;; esac
        if grep -q 'ompi/mpi/java/java/' "deb/debian/patches/$p"; then
          say "applying Debian patch $p"
          (cd tree && patch -p1 -s --no-backup-if-mismatch <"../deb/debian/patches/$p") || true
        fi
      done <deb/debian/patches/series
    fi
  fi
)
mkdir -p "$root/opt/qmpi4j"
in_root sh -c 'cd /tmp/ompi-src && mkdir classes && javac -nowarn -encoding UTF-8 --release 11 -d classes tree/ompi/mpi/java/java/*.java && jar cf /opt/qmpi4j/mpi.jar -C classes .'
echo "$ompi_version" >"$root/opt/qmpi4j/openmpi-version"
# System.loadLibrary("mpi_java") needs the unversioned name, which Debian ships only in
# libopenmpi-dev (too heavy for the image). mpirun points java.library.path at Open MPI's lib
# directory, so the link goes there.
so=$(in_root dpkg-query -L "$lib" | grep -E '/libmpi_java\.so\.[0-9]+$' | head -1)
[ -n "$so" ] || { echo "node-image: $lib has no libmpi_java.so.<n>" >&2; exit 1; }
libdir=$(dirname "$so")
mkdir -p "$root$libdir/openmpi/lib"
ln -sf "$so" "$root$libdir/openmpi/lib/libmpi_java.so"
ln -sf "$so" "$root$libdir/libmpi_java.so"
rm -rf "$root/tmp/ompi-src"

# ssh: one key pair for the image, trusted by every container made from it.
in_root sh -c 'mkdir -p /root/.ssh && chmod 700 /root/.ssh && ssh-keygen -q -t ed25519 -N "" -f /root/.ssh/id_ed25519 && cp /root/.ssh/id_ed25519.pub /root/.ssh/authorized_keys && chmod 600 /root/.ssh/authorized_keys'
cat >"$root/etc/ssh/ssh_config.d/qmpi4j.conf" <<'CONF'
Host *
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
CONF
cat >"$root/etc/ssh/sshd_config.d/qmpi4j.conf" <<'CONF'
PermitRootLogin prohibit-password
UseDNS no
CONF
# Read by pam_env for every ssh session, so the daemons mpirun starts on other nodes see them too.
cat >>"$root/etc/environment" <<'ENV'
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
PRTE_ALLOW_RUN_AS_ROOT=1
PRTE_ALLOW_RUN_AS_ROOT_CONFIRM=1
QMPI4J_OPENMPI_JAR=/opt/qmpi4j/mpi.jar
ENV

rm -f "$root/usr/sbin/policy-rc.d"
in_root apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc/* "$root"/usr/share/man/*
umount "$root/proc"

say "importing as $image"
istart=$SECONDS
tar -C "$root" -c . | podman import --quiet \
  --change 'CMD ["/bin/sh", "-c", "mkdir -p /run/sshd && exec /usr/sbin/sshd -D -e"]' \
  --change 'ENV OMPI_ALLOW_RUN_AS_ROOT=1' --change 'ENV OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1' \
  --change 'ENV PRTE_ALLOW_RUN_AS_ROOT=1' --change 'ENV PRTE_ALLOW_RUN_AS_ROOT_CONFIRM=1' \
  --change 'ENV QMPI4J_OPENMPI_JAR=/opt/qmpi4j/mpi.jar' \
  --change "LABEL org.qmpi4j.inputs=$hash" --change "LABEL org.qmpi4j.openmpi=$ompi_version" \
  - "$image" >/dev/null
say "imported in $((SECONDS - istart)) s; total $((SECONDS - start)) s"
