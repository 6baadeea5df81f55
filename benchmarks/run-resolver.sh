#!/usr/bin/env bash
# The resolver benchmark: TravelAtlas on N coordinates (default 1,000,000) against
# reverse_geocoder on the same coordinates, installed into a throwaway virtual environment.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
work=benchmarks/.work
mkdir -p "$work"
swift build -c release --product bench-resolver >&2
out=$(.build/release/bench-resolver "$n" --points "$work/points.csv")
echo "$out" | grep -v '^POINTS_PER_SECOND'
if [ ! -x "$work/rg-venv/bin/python" ]; then
    python3 -m venv "$work/rg-venv" >&2
    "$work/rg-venv/bin/pip" install -q "reverse_geocoder==1.5.1" >&2
fi
ref=$("$work/rg-venv/bin/python" benchmarks/resolver/reverse_geocoder_bench.py "$work/points.csv")
echo "$ref" | grep -v '^RG_POINTS_PER_SECOND'
ours=$(echo "$out" | awk '/^POINTS_PER_SECOND / {print $2}')
single=$(echo "$out" | awk '/^POINTS_PER_SECOND_ONE_AT_A_TIME/ {print $2}')
theirs=$(echo "$ref" | awk '/^RG_POINTS_PER_SECOND/ {print $2}')
python3 -c "print(f'  ratio: TravelAtlas / reverse_geocoder = {$ours / $theirs:.2f} in batches, {$single / $theirs:.2f} one at a time')"
