#!/usr/bin/env bash
# alongside.sh LOG BACKGROUND... -- FOREGROUND...
# Runs BACKGROUND at the lowest CPU priority (nice 19), its output into LOG, while
# FOREGROUND runs as usual; then prints LOG and fails if either command failed. A stop
# (Ctrl-C, or the foreground failing early) stops the background command too.
set -uo pipefail
log=$1
shift
background=()
while (($#)) && [[ $1 != -- ]]; do
  background+=("$1")
  shift
done
if (($# < 2)) || ((${#background[@]} == 0)); then
  echo "usage: scripts/alongside.sh LOG BACKGROUND... -- FOREGROUND..." >&2
  exit 2
fi
shift
mkdir -p "$(dirname "$log")"
echo "== meanwhile, at low priority: ${background[*]} (output in $log)"
setsid nice -n 19 "${background[@]}" </dev/null >"$log" 2>&1 &
pid=$!                           # (setsid: the command and its children are one group)
trap 'kill -TERM -- "-$pid" 2>/dev/null; exit 130' INT TERM
"$@"
foreground=$?
if ((foreground != 0)); then
  echo "== stopping the background command: the foreground one failed"
  kill -TERM -- "-$pid" 2>/dev/null
fi
wait "$pid"
background_status=$?
echo "== output of: ${background[*]}"
cat "$log"
((foreground == 0 && background_status == 0))
