#!/usr/bin/env bash
# The metadata reader benchmark: generates the library once (20,000 JPEG + 5,000 HEIC with
# sparse full-size bodies) under benchmarks/.work, then measures. Needs exiftool
# (Debian: libimage-exiftool-perl) for the comparison column.
set -euo pipefail
cd "$(dirname "$0")/.."
library=benchmarks/.work/photos
swift build -c release --product make-photos >&2
swift build -c release --product bench-metadata >&2
if [ ! -f "$library/.complete" ]; then
    rm -rf "$library"
    .build/release/make-photos bench "$library" --jpeg "${JPEG:-20000}" --heic "${HEIC:-5000}" >&2
    touch "$library/.complete"
fi
.build/release/bench-metadata "$library" "$@"
