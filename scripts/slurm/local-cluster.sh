#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, from Debian's packages (slurm-wlm, munge), for
# trying geofield's job scripts (scripts/slurm/README.md) where no cluster is at hand. Runs the
# daemons as root, in the foreground of nothing: no systemd needed.
#
#   scripts/slurm/local-cluster.sh start DIR   installs what is missing, writes DIR/slurm.conf
#                                              (this host, all its CPUs, one partition "batch")
#                                              and starts munged, slurmctld and slurmd; prints
#                                              the line to export (SLURM_CONF=DIR/slurm.conf)
#   scripts/slurm/local-cluster.sh stop DIR    stops them (state and logs stay in DIR)
#
# The same job scripts run on any Slurm cluster: only this file is particular to one machine.
set -euo pipefail
what="${1:-}"
dir="${2:-}"
[ -n "$what" ] && [ -n "$dir" ] || { sed -n '2,13p' "$0" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "local-cluster: run as root (the daemons and munge's key)" >&2; exit 2; }
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

if [ "$what" = stop ]; then
  # By the files this cluster's daemons were started with (their pid files may be gone).
  pkill -f -- "-f $dir/slurm.conf" 2>/dev/null || true
  sleep 1
  pkill -f -- "--key-file=$dir/munge/munge.key" 2>/dev/null || true
  for _ in $(seq 1 20); do
    pgrep -f -- "$dir/" >/dev/null || break
    sleep 0.5
  done
  echo "local-cluster: stopped (logs in $dir)"
  exit 0
fi
[ "$what" = start ] || { echo "local-cluster: start or stop, not '$what'" >&2; exit 2; }

missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# munge: a key of its own for this cluster, and a daemon with its socket in DIR.
mkdir -p "$dir/munge"
[ -f "$dir/munge/munge.key" ] || dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 700 "$dir/munge" && chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed"

host="$(hostname -s)"
cpus="$(nproc)"
memory_mb="$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)"
mkdir -p "$dir/state" "$dir/spool"
cat > "$dir/slurm.conf" <<CONF
# Written by scripts/slurm/local-cluster.sh: one node, this host.
ClusterName=geofield-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=batch Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 1 30); do
  if sinfo -h -o '%T' 2>/dev/null | grep -q -E '^(idle|mixed|allocated)'; then
    echo "local-cluster: up: $(sinfo -h -o '%N %c CPUs, %T')"
    echo "export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 1
done
echo "local-cluster: the node did not come up; logs: $dir/slurmctld.log $dir/slurmd.log" >&2
tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
exit 1
