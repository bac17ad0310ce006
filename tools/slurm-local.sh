#!/bin/sh
# slurm-local.sh start|stop|status: a one-node Slurm cluster on this machine,
# for the --backend slurm tests (tests/slurm/test_slurm.sh, run by .ci/run).
# Installs Debian's slurm-wlm and munge when missing (needs root and apt),
# writes its configuration under $SLURM_LOCAL_DIR (default /tmp/ctasim-slurm),
# starts munged, slurmctld and slurmd there, and prints the SLURM_CONF to
# export. Nothing outside that directory is changed except the packages.
set -eu
D=${SLURM_LOCAL_DIR:-/tmp/ctasim-slurm}
cmd=${1:-status}

install_if_missing() {
    if command -v sbatch >/dev/null 2>&1 && command -v slurmctld >/dev/null 2>&1 &&
       command -v slurmd >/dev/null 2>&1 && command -v munged >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "slurm-local: Slurm is not installed and cannot be installed here (needs root and apt-get)" >&2
        exit 3
    fi
    echo "slurm-local: installing slurm-wlm and munge" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$D/apt.log" 2>&1 || {
        apt-get update -q >>"$D/apt.log" 2>&1 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >>"$D/apt.log" 2>&1
    } || { echo "slurm-local: apt-get install slurm-wlm munge failed (see $D/apt.log)" >&2; exit 3; }
}

start() {
    mkdir -p "$D/state" "$D/spool" "$D/log" "$D/munge" "$D/run"
    install_if_missing
    host=$(hostname -s)
    cpus=$(nproc)
    mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)
    cat >"$D/slurm.conf" <<CONF
ClusterName=ctasim-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/run/slurmctld.pid
SlurmdPidFile=$D/run/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MaxArraySize=100001
MinJobAge=300
DefMemPerCPU=512
InactiveLimit=0
KillWait=5
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    # munge: a key of our own, its socket in our directory
    if [ ! -s "$D/munge/munge.key" ]; then
        dd if=/dev/urandom of="$D/munge/munge.key" bs=1024 count=1 2>/dev/null
    fi
    chmod 700 "$D/munge"; chmod 400 "$D/munge/munge.key"
    munged --force --key-file="$D/munge/munge.key" --socket="$D/munge/munge.socket" \
        --pid-file="$D/munge/munged.pid" --log-file="$D/log/munged.log" --seed-file="$D/munge/seed"
    # slurm's munge plugin finds the socket through its own setting
    echo "AuthInfo=socket=$D/munge/munge.socket" >>"$D/slurm.conf"
    export SLURM_CONF="$D/slurm.conf"
    slurmctld -f "$D/slurm.conf" -i
    slurmd -f "$D/slurm.conf"
    # ready when the node is idle
    i=0
    while [ $i -lt 60 ]; do
        if sinfo -h -o %T 2>/dev/null | grep -q -E '^idle'; then
            echo "SLURM_CONF=$D/slurm.conf"
            return 0
        fi
        sleep 1; i=$((i + 1))
    done
    echo "slurm-local: the node did not become idle in 60 s (logs in $D/log)" >&2
    exit 4
}

stop() {
    pids=
    for f in "$D/run/slurmd.pid" "$D/run/slurmctld.pid" "$D/munge/munged.pid"; do
        p=$(cat "$f" 2>/dev/null || true)
        if [ -n "$p" ] && kill "$p" 2>/dev/null; then pids="$pids $p"; fi
    done
    # and any left without a pid file: started with this directory's paths
    for p in $(pgrep -f "$D/" 2>/dev/null || true); do
        if [ "$p" != $$ ] && kill "$p" 2>/dev/null; then pids="$pids $p"; fi
    done
    # wait (up to 10 s) until they are gone, so a next start finds the ports free
    i=0
    while [ -n "$pids" ] && [ $i -lt 20 ]; do
        alive=
        for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
        pids=$alive; [ -n "$pids" ] && sleep 0.5; i=$((i + 1))
    done
    echo "slurm-local: stopped"
}

case $cmd in
    start) mkdir -p "$D"; start ;;
    stop) stop ;;
    status) SLURM_CONF="$D/slurm.conf" sinfo 2>&1 || true ;;
    *) echo "usage: slurm-local.sh start|stop|status" >&2; exit 2 ;;
esac
