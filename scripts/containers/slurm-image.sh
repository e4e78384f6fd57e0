#!/usr/bin/env bash
# Builds the qmpi4j Slurm test image on top of the bookworm node image, from Debian's registry only.
# Usage: slurm-image.sh <base image> <image> <inputs-hash>
# Adds Debian 12's Slurm 22.05 (slurmctld, slurmd, the client commands, slurmdbd with MariaDB for
# sacct) and munge to the node image (Open MPI 4.1.4, its mpi.jar, a JDK, sshd); one munge key for
# the image, so that every container made from it trusts the others. One image serves both roles:
# qmpi4j-slurm-start, run in a container once the cluster's names resolve, writes slurm.conf for the
# names it is given and starts munged, then MariaDB, slurmdbd and slurmctld (controller) or slurmd
# (compute node).
#
# Open MPI 4.1.4 from Debian has no PMI-1/PMI-2 support (ompi_info lists pmix ext3x, no s1/s2), so
# `srun --mpi=pmi2` stops every rank in MPI_Init ("OMPI was not built with SLURM's PMI support").
# Slurm's pmix plugin (mpi_pmix_v4.so) works with it, but opens the unversioned
# .../pmix2/lib/libpmix.so, which only libpmix-dev ships ("pmi/pmix: can not load PMIx library"):
# the link below is what that package would add for it.
set -euo pipefail
base=$1 image=$2 hash=$3

say() { printf 'slurm-image: %s\n' "$*"; }
start=$SECONDS
name=qmpi4j-slurm-build-$$
podman rm -f "$name" >/dev/null 2>&1 || true
trap 'podman rm -f "$name" >/dev/null 2>&1 || true' EXIT

log=/var/tmp/qmpi4j-slurm-image.log
say "installing slurmctld, slurmd, slurm-client, slurmdbd, mariadb-server, munge into $base (log while it runs: $log)"
podman run --name "$name" "$base" sh -euc '
  export DEBIAN_FRONTEND=noninteractive
  # No daemon starts while the packages install (MariaDB would be running when the image is taken).
  printf "#!/bin/sh\nexit 101\n" >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client slurmdbd mariadb-server munge
  rm -f /usr/sbin/policy-rc.d
  apt-get clean
  rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /usr/share/doc/* /usr/share/man/*
  pmix=$(dirname "$(readlink -f /usr/lib/x86_64-linux-gnu/pmix2/lib/libpmix.so.2)")
  ln -sf libpmix.so.2 "$pmix/libpmix.so"
  [ -s /etc/munge/munge.key ] || mungekey -c
  mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
' >"$log" 2>&1 || { tail -30 "$log" >&2; exit 1; }
rm -f "$log"

cat >/var/tmp/qmpi4j-slurm-start.$$ <<'START'
#!/bin/sh
# qmpi4j-slurm-start <controller|compute> <controller name> <compute names, comma-separated> <cpus per node>
# Writes the same slurm.conf on every container (Slurm wants one configuration everywhere) and
# starts this container's daemons; returns once they run in the background.
set -eu
role=$1 ctl=$2 computes=$3 cpus=$4
me=$(hostname)
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=qmpi4j
SlurmctldHost=$ctl
# Containers run as root; no accounts to map.
SlurmUser=root
AuthType=auth/munge
# The containers get no cgroup tree of their own: track processes by parentage, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
# Accounting for sacct: slurmdbd on the controller, steps' usage read from /proc.
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=$ctl
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# Direct launch of Open MPI ranks (srun without --mpi) through PMIx, the one PMI Debian's Open MPI has.
MpiDefault=pmix
# A rank that exits with an error ends its step (other ranks would wait in MPI for ever).
KillOnBadExit=1
# Finished jobs stay visible to scontrol for an hour, as well as to sacct.
MinJobAge=3600
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
NodeName=$computes CPUs=$cpus State=UNKNOWN
PartitionName=all Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p /run/munge /run/sshd
chown munge:munge /run/munge
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
pgrep -x sshd >/dev/null || /usr/sbin/sshd
case "$role" in
  controller)
    # slurmdbd connects as root through MariaDB's socket (root's unix_socket login): no password.
    cat >/etc/slurm/slurmdbd.conf <<DBD
AuthType=auth/munge
DbdHost=localhost
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=root
LogFile=/var/log/slurm/slurmdbd.log
PidFile=/run/slurmdbd.pid
DBD
    chmod 600 /etc/slurm/slurmdbd.conf
    mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
    (setsid mysqld_safe </dev/null >/dev/null 2>&1 &)
    timeout 60 sh -c 'until mysqladmin ping >/dev/null 2>&1; do sleep 0.2; done'
    slurmdbd
    timeout 60 sh -c 'until sacctmgr -n list cluster >/dev/null 2>&1; do sleep 0.2; done'
    sacctmgr -i add cluster qmpi4j >/dev/null 2>&1 || true
    slurmctld
    ;;
  compute) slurmd -N "$me" ;;
  *) echo "qmpi4j-slurm-start: role must be controller or compute, not $role" >&2; exit 2 ;;
esac
START
chmod 755 /var/tmp/qmpi4j-slurm-start.$$
podman cp /var/tmp/qmpi4j-slurm-start.$$ "$name:/usr/local/sbin/qmpi4j-slurm-start"
rm -f /var/tmp/qmpi4j-slurm-start.$$
# The daemons start when the tests say (qmpi4j-slurm-start), after every name resolves.
podman commit --quiet \
  --change 'CMD ["sleep", "infinity"]' \
  --change "LABEL org.qmpi4j.inputs=$hash" "$name" "$image" >/dev/null
say "built $image in $((SECONDS - start)) s"
