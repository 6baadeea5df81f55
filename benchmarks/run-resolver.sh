#!/usr/bin/env bash
# The resolver benchmark: TravelAtlas on N coordinates (default 1,000,000) against
# reverse_geocoder on the same coordinates, installed into a throwaway virtual environment;
# both sides run three times in turn, and their medians are compared. Then the same job end
# to end, as programs: `atlas resolve --batch` on the CSV file, JSON lines to /dev/null,
# against reverse_geocoder reading the same file and writing JSON lines, each from a cold
# process, three times in turn.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
work=benchmarks/.work
mkdir -p "$work"
swift build -c release --product bench-resolver >&2
swift build -c release --product atlas >&2
if [ ! -x "$work/rg-venv/bin/python" ]; then
    python3 -m venv "$work/rg-venv" >&2
    "$work/rg-venv/bin/pip" install -q "reverse_geocoder==1.5.1" >&2
fi
# Three rounds, each side in turn, and the median of each: one run of either is one sample of
# a VM whose speed moves by a third from minute to minute.
ours=() single=() theirs=()
for round in 1 2 3; do
    if [ "$round" = 1 ]; then
        out=$(.build/release/bench-resolver "$n" --points "$work/points.csv")
        echo "$out" | grep -v '^POINTS_PER_SECOND'
    else
        out=$(.build/release/bench-resolver "$n" --points "$work/points.csv" --reuse --loads 0)
    fi
    ref=$("$work/rg-venv/bin/python" benchmarks/resolver/reverse_geocoder_bench.py "$work/points.csv")
    [ "$round" = 1 ] && echo "$ref" | grep -v '^RG_POINTS_PER_SECOND'
    ours+=("$(echo "$out" | awk '/^POINTS_PER_SECOND / {print $2}')")
    single+=("$(echo "$out" | awk '/^POINTS_PER_SECOND_ONE_AT_A_TIME/ {print $2}')")
    theirs+=("$(echo "$ref" | awk '/^RG_POINTS_PER_SECOND/ {print $2}')")
done
python3 - "${ours[*]}" "${single[*]}" "${theirs[*]}" <<'PY'
import sys
ours, single, theirs = ([float(x) for x in arg.split()] for arg in sys.argv[1:4])
median = lambda xs: sorted(xs)[len(xs) // 2]
print("  three rounds, points/s: TravelAtlas in batches " + ", ".join(f"{x:.0f}" for x in ours)
      + "; one at a time " + ", ".join(f"{x:.0f}" for x in single)
      + "; reverse_geocoder " + ", ".join(f"{x:.0f}" for x in theirs))
print(f"  ratio of the medians: TravelAtlas / reverse_geocoder = {median(ours) / median(theirs):.2f} in batches, "
      f"{median(single) / median(theirs):.2f} one at a time")
PY

seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); echo "$end - $start" | bc; }
atlas_runs=() rg_runs=()
for round in 1 2 3; do
    atlas_runs+=("$(seconds .build/release/atlas resolve --batch "$work/points.csv")")
    rg_runs+=("$(seconds "$work/rg-venv/bin/python" benchmarks/resolver/reverse_geocoder_batch.py "$work/points.csv")")
done
python3 - "$n" "${atlas_runs[*]}" "${rg_runs[*]}" <<'PY'
import sys
n = int(sys.argv[1])
ours, theirs = ([float(x) for x in arg.split()] for arg in sys.argv[2:4])
median = lambda xs: sorted(xs)[len(xs) // 2]
print(f"  end to end, {n} lines of CSV to JSON lines, seconds: atlas resolve --batch " + ", ".join(f"{x:.2f}" for x in ours)
      + "; reverse_geocoder " + ", ".join(f"{x:.2f}" for x in theirs))
print(f"  ratio of the medians: reverse_geocoder / atlas = {median(theirs) / median(ours):.2f} "
      f"({n / median(ours):.0f} against {n / median(theirs):.0f} lines/s)")
PY
