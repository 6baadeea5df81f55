#!/usr/bin/env bash
# The passport benchmark: writes a travel log of PHOTOS photos (1,000,000 by default) through
# the TravelLog API once under benchmarks/.work, then times every passport command, export and
# a single resolve in fresh processes against `atlas --help`. Extra arguments go to
# bench-passport (--runs R; --queries-only; --only days: only the queries of that command).
# HISTORY_POINTS=N adds a location history of N points (a log of its own); SPREAD=1 writes the
# worst case instead (every day at nine cities of 1,800: about 50,000 place-day rows).
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${PHOTOS:-1000000}
history=${HISTORY_POINTS:-0}
swift build -c release --product atlas >&2
swift build -c release --product bench-passport >&2
mkdir -p benchmarks/.work
name="passport-$photos"
[ "$history" = 0 ] || name="$name-history-$history"
spread=()
[ "${SPREAD:-0}" = 0 ] || { name="$name-spread"; spread=(--spread); }
.build/release/bench-passport --atlas .build/release/atlas --db "benchmarks/.work/$name.sqlite" --photos "$photos" --history-points "$history" "${spread[@]}" "$@"
