#!/usr/bin/env bash
# The import benchmark: generates the library once (JPEG=80000 HEIC=20000 by default, sparse
# full-size bodies) under benchmarks/.work, then measures the plain-read reference, the first
# import, the unchanged re-import and peak memory in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
jpeg=${JPEG:-80000}
heic=${HEIC:-20000}
library=benchmarks/.work/import-$jpeg-$heic
swift build -c release --product make-photos >&2
swift build -c release --product atlas >&2
swift build -c release --product bench-import >&2
if [ ! -f "$library.complete" ]; then
    rm -rf "$library"
    .build/release/make-photos bench "$library" --jpeg "$jpeg" --heic "$heic" >&2
    touch "$library.complete"
fi
.build/release/bench-import "$library" --atlas .build/release/atlas --db "benchmarks/.work/import-$jpeg-$heic.sqlite" "$@"
