#!/usr/bin/env bash
# A one-machine Slurm cluster for trying (and testing) the sharded-championship
# recipe: munge, slurmctld and slurmd on this host, state under $SLURM_LOCAL
# (default /tmp/tabula-slurm). Needs root and Debian's slurm-wlm and munge.
#   scripts/slurm/local-cluster.sh start   # prints the SLURM_CONF to export
#   scripts/slurm/local-cluster.sh stop
set -euo pipefail
export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
dir=${SLURM_LOCAL:-/tmp/tabula-slurm}
conf=$dir/slurm.conf
case ${1:-} in
start)
    if [ -f "$conf" ] && SLURM_CONF=$conf sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        echo "export SLURM_CONF=$conf"   # already running
        exit 0
    fi
    mkdir -p "$dir/state" "$dir/spool" "$dir/log"
    host=$(hostname -s)
    cpus=$(nproc)
    mem=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
    cat > "$conf" <<CONF
ClusterName=tabula
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=tabula Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    if ! pgrep -x munged >/dev/null; then
        mkdir -p /run/munge && chown munge:munge /run/munge
        [ -s /etc/munge/munge.key ] || (umask 077; dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none; chown munge:munge /etc/munge/munge.key)
        runuser -u munge -- /usr/sbin/munged
    fi
    SLURM_CONF=$conf slurmctld -f "$conf"
    SLURM_CONF=$conf slurmd -f "$conf"
    for _ in $(seq 1 50); do
        if SLURM_CONF=$conf sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
            echo "export SLURM_CONF=$conf"
            exit 0
        fi
        sleep 0.2
    done
    echo "slurm did not come up; see $dir/log" >&2
    exit 1
    ;;
stop)
    for d in slurmd slurmctld; do
        [ -f "$dir/$d.pid" ] && kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
    done
    ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
