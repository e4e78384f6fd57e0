#!/usr/bin/env bash
# Prepares the containers the multi-node and Open MPI 5.0 integration tests run in, on Debian 12:
#   1. rootful podman with runc (crun refuses this machine kind's hybrid cgroup layout) and
#      debootstrap, from Debian's registry;
#   2. /etc/containers/containers.conf: runc, and explicit ulimits (the machine lacks
#      CAP_SYS_RESOURCE, so podman's default of raising them fails);
#   3. podman's Docker-compatible API on unix:///run/podman/podman.sock (Testcontainers talks to it);
#   4. two images built by scripts/containers/node-image.sh from debootstrap root file systems:
#      localhost/qmpi4j-node:bookworm (Open MPI 4.1) and localhost/qmpi4j-node:trixie (Open MPI 5.0).
#      Each carries a label with a hash of its recipe; an image is rebuilt only when that changes.
#      localhost/qmpi4j-slurm:bookworm (scripts/containers/slurm-image.sh) adds Slurm and munge to
#      the bookworm image; its hash covers both recipes.
#   5. Open MPI 5.0's mpi.jar, copied out of the trixie image into the local Maven repository as
#      org.open-mpi:mpi:<version> (the agent's coverage test holds the descriptor to it).
# Idempotent: every step checks first and skips what is already in place.
# Environment: QMPI4J_DEBIAN_MIRROR (default: the host's Debian mirror, else deb.debian.org),
# MAVEN_REPO_LOCAL (default ~/.m2/repository).
set -euo pipefail
cd "$(dirname "$0")/.."

SOCKET=/run/podman/podman.sock
IMAGE=localhost/qmpi4j-node
RECIPE=scripts/containers/node-image.sh
SLURM_IMAGE=localhost/qmpi4j-slurm:bookworm
SLURM_RECIPE=scripts/containers/slurm-image.sh
CONF=/etc/containers/containers.conf
M2_REPO="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"

say() { printf 'setup-containers: %s\n' "$*"; }
die() { printf 'setup-containers: ERROR: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root: rootful podman and debootstrap (run as root)"
command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script needs Debian 12 (bookworm)"
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# ---- 1. packages --------------------------------------------------------------------------------
missing=()
for p in podman runc debootstrap curl; do have_pkg "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  say "podman, runc, debootstrap present"
fi

# ---- 2. containers.conf -------------------------------------------------------------------------
if grep -qs 'qmpi4j' "$CONF"; then
  say "$CONF already adjusted"
else
  [ -s "$CONF" ] && die "$CONF exists and was not written by this script; add runtime = \"runc\" under [engine] and default_ulimits = [\"nofile=20000:20000\", \"nproc=32768:32768\"] under [containers] by hand, then run again"
  mkdir -p "$(dirname "$CONF")"
  cat >"$CONF" <<'CONFEOF'
# Written by qmpi4j scripts/setup-containers.sh.
[containers]
# Explicit limits: without CAP_SYS_RESOURCE podman cannot raise them to its defaults.
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
# crun refuses this machine kind's hybrid cgroup layout; runc runs.
runtime = "runc"
CONFEOF
  say "wrote $CONF"
fi

# ---- 3. the Docker-compatible socket ------------------------------------------------------------
close_inherited_descriptors() {
  local fd
  for fd in $(ls /proc/$BASHPID/fd); do
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
}

ping_socket() { curl -s -m 5 --unix-socket "$SOCKET" http://d/_ping 2>/dev/null | grep -q OK; }
if ping_socket; then
  say "podman API answers on $SOCKET"
else
  mkdir -p "$(dirname "$SOCKET")"
  say "starting podman system service on $SOCKET (log /var/log/qmpi4j-podman-service.log)"
  # From /, not from here: the service outlives this script, and every container it starts
  # inherits its working directory (conmon fails with "Failed to get working directory" once
  # the folder it was started from, e.g. a checkout, is deleted).
  # Nor with this script's open files: run under `flock <lock> ...`, an inherited lock descriptor
  # would stay held by the service for ever and block every later run waiting on that lock.
  # And `exec`, so that no shell stays behind holding this script's stdout: a caller reading it
  # through a pipe (`scripts/test.sh | tee log`) would otherwise never see the end of it.
  (cd / && close_inherited_descriptors && exec setsid nohup podman system service --time=0 "unix://$SOCKET" >/var/log/qmpi4j-podman-service.log 2>&1 < /dev/null) &
  for _ in $(seq 1 50); do ping_socket && break; sleep 0.2; done
  ping_socket || die "podman API did not come up on $SOCKET (see /var/log/qmpi4j-podman-service.log)"
fi

# ---- 4. images ----------------------------------------------------------------------------------
mirror=${QMPI4J_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  mirror=$(sed -n 's/^URIs:[[:space:]]*\(http[^ ]*\/debian\)\/\?$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
  mirror=${mirror:-http://deb.debian.org/debian}
fi
for suite in bookworm trixie; do
  # The hash covers the recipe and its arguments, not the mirror: the same recipe from another
  # mirror of the same suite gives the same image.
  hash=$( { cat "$RECIPE"; echo "$suite"; } | sha256sum | cut -c1-16)
  have=$(podman image inspect --format '{{index .Labels "org.qmpi4j.inputs"}}' "$IMAGE:$suite" 2>/dev/null || true)
  if [ "$have" = "$hash" ]; then
    say "image $IMAGE:$suite up to date (inputs $hash)"
    continue
  fi
  say "building image $IMAGE:$suite (inputs $hash${have:+, was $have})"
  t0=$SECONDS
  bash "$RECIPE" "$suite" "$IMAGE:$suite" "$hash" "$mirror"
  say "built $IMAGE:$suite in $((SECONDS - t0)) s"
done
# The Slurm image is built on the bookworm image: a new node recipe changes its hash too.
hash=$( { cat "$RECIPE"; echo bookworm; cat "$SLURM_RECIPE"; } | sha256sum | cut -c1-16)
have=$(podman image inspect --format '{{index .Labels "org.qmpi4j.inputs"}}' "$SLURM_IMAGE" 2>/dev/null || true)
if [ "$have" = "$hash" ]; then
  say "image $SLURM_IMAGE up to date (inputs $hash)"
else
  say "building image $SLURM_IMAGE (inputs $hash${have:+, was $have})"
  bash "$SLURM_RECIPE" "$IMAGE:bookworm" "$SLURM_IMAGE" "$hash"
fi
podman image prune -f >/dev/null 2>&1 || true

# ---- 5. Open MPI 5.0's mpi.jar into the local Maven repository -----------------------------------
v5=$(podman image inspect --format '{{index .Labels "org.qmpi4j.openmpi"}}' "$IMAGE:trixie")
[ -n "$v5" ] || die "image $IMAGE:trixie has no org.qmpi4j.openmpi label"
jar5="$M2_REPO/org/open-mpi/mpi/$v5/mpi-$v5.jar"
tmp=$(mktemp -d)
cid=$(podman create "$IMAGE:trixie")
podman cp "$cid:/opt/qmpi4j/mpi.jar" "$tmp/mpi.jar" >/dev/null
podman rm "$cid" >/dev/null
if [ -f "$jar5" ] && cmp -s "$jar5" "$tmp/mpi.jar"; then
  say "Open MPI $v5 Java bindings present: $jar5"
else
  command -v mvn >/dev/null 2>&1 || die "mvn not found: install Apache Maven (Debian: maven)"
  mvn -B -q -Dstyle.color=never install:install-file -Dfile="$tmp/mpi.jar" -DgroupId=org.open-mpi -DartifactId=mpi \
    -Dversion="$v5" -Dpackaging=jar -DgeneratePom=true -Dmaven.repo.local="$M2_REPO" >/dev/null \
    || die "mvn install:install-file of Open MPI $v5's mpi.jar failed"
  say "installed $jar5"
fi
rm -rf "$tmp"
say "ready: $IMAGE:bookworm, $IMAGE:trixie, $SLURM_IMAGE; DOCKER_HOST=unix://$SOCKET"
