#!/usr/bin/env bash
# Builds the PhotoMetadata fuzzer (libFuzzer + AddressSanitizer) and runs it.
#
#   fuzz/run.sh [SECONDS] [extra libFuzzer flags]      default 600 s
#
# A SwiftPM executable cannot link libFuzzer (which brings its own main), so the library is
# built by SwiftPM with the sanitizer flags and the harness is linked by swiftc against its
# objects. Seeds: the sample trip, one synthetic file per format (JPEG, TIFF, PNG, WebP, CR3,
# HEIC, AVIF) and per video layout (make-photos seeds) and, when present, ../shared/photos and
# the videos of ../shared/media (copied into the work folder, never into the repository).
# fuzz/boxes.dict gives libFuzzer the box types and QuickTime keys the readers look for.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
work=fuzz/.work
build=$work/build
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"

swift build -c release --build-path "$build" --target PhotoMetadata \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >&2
swiftc -O -g -sanitize=fuzzer,address -parse-as-library fuzz/PhotoMetadataFuzzer.swift \
    -I "$build/release/Modules" -I Sources/CExif -I Sources/CHeif \
    "$build"/release/PhotoMetadata.build/*.o -lexif -lheif -o "$work/photo-metadata-fuzzer"

cp Samples/trip/* "$work/seeds/"
[ -d ../shared/photos/corpus ] && find ../shared/photos/corpus -type f -size -2M -exec cp {} "$work/seeds/" \;
[ -d ../shared/media ] && find ../shared/media -maxdepth 1 -type f \( -iname '*.mov' -o -iname '*.mp4' \) -exec cp -f {} "$work/seeds/" \;
swift run -c release make-photos sample "$work/seeds/synthetic" >/dev/null && mv "$work"/seeds/synthetic/* "$work/seeds/" && rmdir "$work/seeds/synthetic"
swift run -c release make-photos seeds "$work/seeds" >/dev/null

exec "$work/photo-metadata-fuzzer" "$work/corpus" "$work/seeds" \
    -max_total_time="$seconds" -max_len=262144 -timeout=10 -rss_limit_mb=2048 -dict=fuzz/boxes.dict \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@"
