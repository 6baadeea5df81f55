#!/usr/bin/env bash
# The resolver of this checkout against another one (each with its own gazetteer), on the same
# points, three rounds in turn: load (median of 7 fresh processes), resident memory and points
# per second, with the ratios of the medians. For a change that must keep within a budget of
# the commit before it:
#
#   git worktree add /tmp/before HEAD~3 && benchmarks/compare-resolver.sh /tmp/before [N]
#
# The points (N, default 1,000,000) are drawn by the other checkout, so both sides answer
# exactly the same coordinates (benchmarks/.work/compare-points.csv). ROUNDS (default 3) sets
# the rounds: on a shared VM a round's rates move by ±20%, so a 10% budget wants ten or more;
# besides the ratio of the medians, the median of the rounds' own ratios is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
other=${1:?usage: benchmarks/compare-resolver.sh OTHER_CHECKOUT [N]}
n=${2:-1000000}
points="$PWD/benchmarks/.work/compare-points.csv"
mkdir -p benchmarks/.work
swift build -c release --product bench-resolver >&2
(cd "$other" && swift build -c release --product bench-resolver >&2)
(cd "$other" && .build/release/bench-resolver "$n" --points "$points" --loads 0 > /dev/null)
declare -A load rss batch single
rounds=${ROUNDS:-3}
for round in $(seq 1 "$rounds"); do
    for side in other this; do
        dir=$PWD; [ "$side" = other ] && dir=$other
        out=$(cd "$dir" && .build/release/bench-resolver "$n" --points "$points" --reuse --loads 7)
        echo "round $round, $side:"; echo "$out" | grep -E "load, median|resident|points/s" | sed 's/^/  /'
        load[$side]+="$(echo "$out" | awk '/load, median/ {print $7}') "
        rss[$side]+="$(echo "$out" | awk '/resident after load/ {print $4}') "
        batch[$side]+="$(echo "$out" | awk '/^POINTS_PER_SECOND / {print $2}') "
        single[$side]+="$(echo "$out" | awk '/^POINTS_PER_SECOND_ONE_AT_A_TIME/ {print $2}') "
    done
done
python3 - "${load[other]}" "${load[this]}" "${rss[other]}" "${rss[this]}" "${batch[other]}" "${batch[this]}" \
    "${single[other]}" "${single[this]}" <<'PY'
import sys
median = lambda xs: sorted(xs)[len(xs) // 2]
v = [[float(x) for x in a.split()] for a in sys.argv[1:]]
for name, (a, b) in zip(("load ms", "resident MB", "points/s in batches", "points/s one at a time"),
                        zip(v[0::2], v[1::2])):
    paired = median([y / x for x, y in zip(a, b)])
    print(f"  {name}: other {median(a):,.1f}, this {median(b):,.1f}, this / other = {median(b) / median(a):.3f}"
          f" (median of the rounds' ratios {paired:.3f})")
PY
