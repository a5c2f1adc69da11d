#!/usr/bin/env bash
# The cluster jobs on a real Slurm cluster: starts a one-node cluster on this machine (munged,
# slurmctld and slurmd from Debian's munge and slurm-wlm, with a generated slurm.conf under a
# temporary directory), runs the jobs of scripts/slurm/ on it, and stops every daemon afterwards.
#
#   scripts/test-slurm.sh [BUILD_DIR]        (default build/release; must run as root)
#
# 1. The Hold'em 169 table as an array of 8 tasks plus the merge: byte-identical to `equity table`
#    run on this machine, and to the committed results/.
# 2. The three-way table on a tiny subset (the class triples of 5 classes) as 3 array tasks plus the
#    merge: byte-identical to one `equity table --players 3` run, and its answers (a range
#    question and three specific hands) the integers of enumeration.
# 3. 10,000 mixed questions (hands, ranges, boards, Monte Carlo, bad lines) in 4 shards plus the
#    merge, one task cancelled in the middle (scancel of the array element) and resubmitted:
#    line for line the unsharded `equity batch` run.
# 4. An Omaha ordering of a subset (the first 600 PLO4 classes, 20,000 trials each) as 3 array
#    tasks plus the merge: byte-identical to one `equity order` run (ordering and unit files).
# EQUITY_SLURM_JOBS picks the parts (default "table table3 batch order").
# Skips (exit 0) with a message where it cannot be root. Bounded: every wait gives up after
# EQUITY_SLURM_TIMEOUT seconds in all (default 300).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
equity=$build/equity
say() { echo "test-slurm: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
  say "SKIPPED: the daemons of a one-node Slurm cluster (munged, slurmctld, slurmd) need root; run as root"
  exit 0
fi
for tool in munged mungekey slurmctld slurmd sbatch squeue scancel scontrol; do
  command -v "$tool" >/dev/null || { say "FAILED: $tool is missing: scripts/setup.sh installs munge and slurm-wlm"; exit 1; }
done
[ -x "$equity" ] || { say "FAILED: no $equity: build first"; exit 1; }

limit=${EQUITY_SLURM_TIMEOUT:-300}
jobs=" ${EQUITY_SLURM_JOBS:-table table3 batch order} "
want() { [[ "$jobs" == *" $1 "* ]]; }
start=$SECONDS
tmp=$(mktemp -d /tmp/equity-slurm.XXXXXX)
chmod 755 "$tmp"
host=$(hostname -s)

# ---- stopping everything, whatever happens ----------------------------------------------------
pid_of() { [ -s "$1" ] && cat "$1" || true; }
stop_all() {
  local status=$?
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ -s "$tmp/slurmctld.pid" ]; then
    scancel --quiet --full "--user=$(id -un)" 2>/dev/null
    for _ in $(seq 1 50); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  local pids=""
  for f in slurmd slurmctld munged; do pids="$pids $(pid_of "$tmp/$f.pid")"; done
  for p in $pids; do kill "$p" 2>/dev/null; done
  for _ in $(seq 1 50); do
    local alive=""
    for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
    [ -z "$alive" ] && break
    sleep 0.2
  done
  for p in $pids; do kill -9 "$p" 2>/dev/null; done
  # Job steps left by a killed slurmd: any process still working in the temporary directory.
  for proc in /proc/[0-9]*; do
    case "$(readlink "$proc/cwd" 2>/dev/null)" in "$tmp"*) kill -9 "${proc#/proc/}" 2>/dev/null ;; esac
  done
  if [ "$status" -ne 0 ]; then
    for log in "$tmp"/*.log "$tmp"/work/logs/*; do [ -f "$log" ] && { echo "---- $log"; tail -n 20 "$log"; }; done >&2
  fi
  rm -rf "$tmp"
  say "stopped the cluster ($((SECONDS - start)) s in all)"
  exit "$status"
}
trap stop_all EXIT
trap 'exit 1' INT TERM

fail() { say "FAILED: $*"; exit 1; }
# Waits until "$@" succeeds, within the overall limit.
wait_for() {
  local what=$1
  shift
  until "$@"; do
    [ $((SECONDS - start)) -lt "$limit" ] || fail "timed out after ${limit} s waiting for $what"
    sleep 0.5
  done
}

# ---- the cluster ------------------------------------------------------------------------------
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
mungekey --create --keyfile="$tmp/munge.key" --force 2>/dev/null || dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge.key"
munged --force --key-file="$tmp/munge.key" --socket="$tmp/munge.socket" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed"

port=$((20000 + RANDOM % 20000))
cpus=$(nproc)
cat >"$tmp/slurm.conf" <<EOF
ClusterName=equity-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
KillWait=5
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -i -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
node_idle() { sinfo -h -o %t 2>/dev/null | grep -qx idle; }
wait_for "the node to come up" node_idle
say "one-node cluster up in $((SECONDS - start)) s ($cpus CPUs, Slurm $(sinfo -V | cut -d' ' -f2))"

job_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | cut -d= -f2 | tr '\n' ' '; }
# Waits until no task of job $1 is pending or running; fails unless every one completed.
wait_done() {
  local job=$1
  finished() { ! squeue -h -j "$job" 2>/dev/null | grep -q .; }
  wait_for "job $job" finished
  local states
  states=$(job_state "$job")
  [ "$states" = "COMPLETED " ] || fail "job $job ended $states"
}

export EQUITY=$equity
work=$tmp/work

# ---- 1. the preflop table: 8 tasks and the merge ---------------------------------------------
if want table; then
t0=$SECONDS
read -r array merge < <(WORK=$work OUT=$work/table-out "$root/scripts/slurm/submit.sh" table 8)
"$equity" table --out "$work/table-one" --quiet >/dev/null  # one machine, while the array runs
wait_done "$array"
wait_done "$merge"
same_table() {  # the four aggregates and the 169 hand files
  for f in preflop-169x169.csv vs-random.csv grid.txt grid.svg; do cmp -s "$1/$f" "$2/$f" || return 1; done
  diff -r -x .lock "$1/hands" "$2/hands" >/dev/null
}
for one in "$work/table-one" "$root/results"; do
  same_table "$work/table-out" "$one" || fail "table: the merged shards differ from $one"
done
say "table: 8 array tasks + merge byte-identical to equity table on one machine and to results/ ($((SECONDS - t0)) s)"
fi

# ---- 2. the three-way table on a tiny subset: 3 tasks and the merge ---------------------------
if want table3; then
t0=$SECONDS
classes=AA,KK,AKs,T9o,87o
read -r array merge < <(TABLE_ONLY=$classes WORK=$work OUT=$work/table3-out "$root/scripts/slurm/submit.sh" table3 3)
"$equity" table --players 3 --only "$classes" --out "$work/table3-one" --quiet >/dev/null
wait_done "$array"
wait_done "$merge"
diff -r -x .lock "$work/table3-out/threeway" "$work/table3-one/threeway" >/dev/null ||
  fail "table3: the merged shards differ from the one-machine run"
for question in "AA,KK T9o,87o AKs" "AsAc Th9c 8d7h"; do
  read -r -a players <<<"$question"
  from_table=$("$equity" "${players[@]}" --table "$work/table3-out" --json)
  enumerated=$("$equity" "${players[@]}" --no-table --json)
  [[ "$from_table" == *'"mode":"table"'* ]] || fail "table3: $question was not answered from the table: $from_table"
  counts() { /usr/bin/python3 -c 'import json,sys; a=json.loads(sys.argv[1]); print(a["assignments"], [(p["wins"],p["ties"],p["losses"],p["combos"]) for p in a["players"]])' "$1"; }
  [ "$(counts "$from_table")" = "$(counts "$enumerated")" ] || fail "table3: $question: the table and enumeration differ"
done
rows=$(($(wc -l <"$work/table3-out/threeway/preflop-3way.csv") - 1))
say "table3: $rows class triples in 3 array tasks + merge byte-identical to one run; answers equal enumeration ($((SECONDS - t0)) s)"
fi

# ---- 3. a batch in 4 shards, one cancelled in the middle and resubmitted ------------------------
if want batch; then
t0=$SECONDS
/usr/bin/python3 "$root/scripts/batch-questions.py" 10000 --kind mixed --seed 28 >"$work/questions.jsonl"
"$equity" batch "$work/questions.jsonl" --out "$work/one.jsonl" --quiet >/dev/null
export IN=$work/questions.jsonl WORK=$work OUT=$work/merged.jsonl
read -r array merge < <("$root/scripts/slurm/submit.sh" batch 4)
part=$work/batch/part-2.jsonl
started() { [ -s "$part" ] || ! squeue -h -j "${array}_2" 2>/dev/null | grep -q .; }
wait_for "task 2 to start answering" started
scancel "${array}_2"
cancelled_at=$( [ -f "$part" ] && wc -l <"$part" || echo 0)
finished() { ! squeue -h -j "$array" 2>/dev/null | grep -q .; }
wait_for "the array" finished
scancel "$merge" 2>/dev/null || true  # never runs: its dependency failed
state=$(job_state "${array}_2" | tr -d ' ')
again=$(sbatch --parsable --array=2 --export=ALL,SHARDS=4 --output="$work/logs/batch-again-%A_%a.out" \
  "$root/scripts/slurm/batch.sbatch")
wait_done "${again%%;*}"
merge=$(sbatch --parsable --dependency="afterok:${again%%;*}" --export=ALL --output="$work/logs/merge-%j.out" \
  "$root/scripts/slurm/batch-merge.sbatch")
wait_done "${merge%%;*}"
cmp -s "$work/merged.jsonl" "$work/one.jsonl" || fail "batch: the merged shards differ from the unsharded run"
lines=$(wc -l <"$work/one.jsonl")
errors=$(grep -c '^{"line":[0-9]*,"question":"[0-9a-f]*","error":' "$work/one.jsonl" || true)
say "batch: $lines answers ($errors errors) in 4 shards, task 2 cancelled ($state) at $cancelled_at of its answers" \
  "and resubmitted: line for line the unsharded run ($((SECONDS - t0)) s)"
fi

# ---- 4. an Omaha ordering of a subset: 3 tasks and the merge ------------------------------------
if want order; then
t0=$SECONDS
export ORDER_GAME=omaha ORDER_FIRST=600 ORDER_TRIALS=20000
read -r array merge < <(WORK=$work OUT=$work/order-out "$root/scripts/slurm/submit.sh" order 3)
"$equity" order --game omaha --first 600 --trials 20000 --out "$work/order-one" --quiet >/dev/null
wait_done "$array"
wait_done "$merge"
cmp -s "$work/order-out/omaha/order-equity.csv" "$work/order-one/omaha/order-equity.csv" ||
  fail "order: the merged shards differ from the one-machine run"
for unit in "$work"/order-one/omaha/order-units/*.csv; do
  found=0
  for shard in "$work"/order/shard-*; do
    if [ -f "$shard/omaha/order-units/${unit##*/}" ]; then
      cmp -s "$unit" "$shard/omaha/order-units/${unit##*/}" || fail "order: ${unit##*/} differs in $shard"
      found=$((found + 1))
    fi
  done
  [ "$found" -eq 1 ] || fail "order: ${unit##*/} is in $found shards, not 1"
done
unset ORDER_GAME ORDER_FIRST ORDER_TRIALS
say "order: 600 PLO4 classes in 3 array tasks + merge byte-identical to one run ($((SECONDS - t0)) s)"
fi
say "PASSED"
