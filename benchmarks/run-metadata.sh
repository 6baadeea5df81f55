#!/usr/bin/env bash
# The metadata reader benchmark: generates the library once under benchmarks/.work (20,000 JPEG
# + 5,000 HEIC, 2,500 iPhone-style MOV + 2,500 Android-style MP4 of 20–200 MB, all with sparse
# bodies; 5,000 XMP and 5,000 Takeout JSON sidecars), then measures. Counts: JPEG, HEIC, MOV,
# MP4, XMP, TAKEOUT in the environment; the library is written again when they change. Needs
# exiftool (Debian: libimage-exiftool-perl) for the comparison column.
set -euo pipefail
cd "$(dirname "$0")/.."
library=benchmarks/.work/photos
counts=(--jpeg "${JPEG:-20000}" --heic "${HEIC:-5000}" --mov "${MOV:-2500}" --mp4 "${MP4:-2500}"
        --xmp "${XMP:-5000}" --takeout "${TAKEOUT:-5000}")
swift build -c release --product make-photos >&2
swift build -c release --product bench-metadata >&2
# .complete holds the counts the library was written with.
if [ "$(cat "$library/.complete" 2>/dev/null)" != "${counts[*]}" ]; then
    rm -rf "$library"
    .build/release/make-photos bench "$library" "${counts[@]}" >&2
    echo "${counts[*]}" > "$library/.complete"
fi
.build/release/bench-metadata "$library" "$@"
