#!/usr/bin/env bash
# The location history reader benchmark: generates a pretty-printed Takeout Records.json once
# under benchmarks/.work/history (MB=1024 by default, about 3 million points), then times
# HistoryReader and a whole atlas import of it against Python's json.load of the same file, in one run.
#
#   benchmarks/run-history.sh [--runs R] [--no-python]      MB=200 benchmarks/run-history.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product atlas >&2
swift build -c release --product bench-history >&2
# Not exec: the bench reads its children's peak memory, and an exec'd process would count the
# builds above among them.
.build/release/bench-history --mb "${MB:-1024}" "$@"
