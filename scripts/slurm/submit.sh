#!/bin/bash
# Submits a job as a Slurm array and its merge, chained with --dependency=afterok, and prints the
# two job ids ("ARRAY MERGE"). Every array task works through many units (class files or lines).
#
#   scripts/slurm/submit.sh table TASKS        # env: WORK, OUT, EQUITY, [TABLE_ONLY]
#   scripts/slurm/submit.sh table3 TASKS       # the three-way table; env as for table
#   scripts/slurm/submit.sh batch TASKS        # env: IN, WORK, OUT, EQUITY
#   scripts/slurm/submit.sh order TASKS        # an Omaha ordering; env: WORK, OUT, EQUITY, [ORDER_GAME,
#                                              # ORDER_STDERR or ORDER_TRIALS, ORDER_FIRST]
#
# Extra sbatch options (partition, account, time limit) go in SBATCH_OPTIONS, e.g.
# SBATCH_OPTIONS="--partition=short --time=1:00:00". A task cancelled or failed for good can be
# run again alone with `sbatch --array=K scripts/slurm/JOB.sbatch` (it resumes from its files);
# then submit the merge again with --dependency=afterok on it (docs/cluster.md).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
job=${1:?usage: submit.sh table|table3|batch|order TASKS}
tasks=${2:?usage: submit.sh table|table3|batch|order TASKS}
case "$job" in table | table3 | batch | order) ;; *) echo "submit.sh: the job is table, table3, batch or order, not '$job'" >&2; exit 2 ;; esac
if ! [[ "$tasks" =~ ^[1-9][0-9]*$ ]]; then echo "submit.sh: TASKS must be a whole number above 0, not '$tasks'" >&2; exit 2; fi
: "${WORK:?WORK: a directory every node sees}" "${OUT:?OUT: where the merged result goes}"
if [ "$job" = batch ]; then : "${IN:?IN: the questions (JSON Lines)}"; fi
mkdir -p "$WORK/logs"
read -r -a extra <<<"${SBATCH_OPTIONS:-}"
array=$(sbatch --parsable "${extra[@]}" --array="0-$((tasks - 1))" --export=ALL,SHARDS="$tasks" \
  --output="$WORK/logs/$job-%A_%a.out" "$here/$job.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable "${extra[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes --export=ALL \
  --output="$WORK/logs/$job-merge-%j.out" "$here/$job-merge.sbatch")
echo "${array} ${merge%%;*}"
