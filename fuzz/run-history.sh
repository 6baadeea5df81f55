#!/usr/bin/env bash
# Builds the location history fuzzer (libFuzzer + AddressSanitizer) and runs it.
#
#   fuzz/run-history.sh [SECONDS] [extra libFuzzer flags]      default 600 s
#
# Built as fuzz/run.sh builds the photo one: the library by SwiftPM with the sanitizer flags,
# the harness by swiftc against its objects (LocationHistory links PhotoMetadata for GPX).
# Seeds: one small document per format, written here (our own, not other projects' samples).
# fuzz/history.dict gives libFuzzer the keys and values the readers look for.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
work=fuzz/.work/history
build=fuzz/.work/build
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"

swift build -c release --build-path "$build" --target LocationHistory \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >&2
swiftc -O -g -sanitize=fuzzer,address -parse-as-library fuzz/HistoryFuzzer.swift \
    -I "$build/release/Modules" -I Sources/CExif -I Sources/CHeif \
    "$build"/release/LocationHistory.build/*.o "$build"/release/PhotoMetadata.build/*.o \
    -lexif -lheif -o "$work/history-fuzzer"

s=$work/seeds
printf '\xef\xbb\xbf{\n  "locations": [{\n    "latitudeE7": 488566000,\n    "longitudeE7": 4252813640,\n    "accuracy": 12,\n    "activity": [{"activity": [{"type": "STILL", "confidence": 100}], "timestamp": "2019-05-01T10:00:01Z"}],\n    "source": "WIFI",\n    "timestamp": "2019-05-01T10:00:00.123Z"\n  }, {\n    "timestampMs": "1556705400000", "latitudeE7": 1, "longitudeE7": 2\n  }]\n}\n' > "$s/records.json"
printf '{"timelineObjects":[{"activitySegment":{"startLocation":{"latitudeE7":488566000,"longitudeE7":23522000},"endLocation":{},"duration":{"startTimestamp":"2019-05-01T08:00:00Z","endTimestamp":"2019-05-01T09:00:00Z"},"distance":1200,"activityType":"FLYING","waypointPath":{"waypoints":[{"latE7":1,"lngE7":2}]},"simplifiedRawPath":{"points":[{"latE7":1,"lngE7":2,"timestamp":"2019-05-01T08:30:00Z"}]}}},{"placeVisit":{"location":{"placeId":"x","name":"A \\u00e0 B"},"duration":{"startTimestampMs":"1556703000500","endTimestampMs":"1556712000000"},"otherCandidateLocations":[{"latitudeE7":1,"longitudeE7":2}],"centerLatE7":3,"centerLngE7":4}}]}' > "$s/semantic.json"
printf '{"rawSignals":[{"position":{"LatLng":"48.8566\xc2\xb0, 2.3522\xc2\xb0","accuracyMeters":10,"timestamp":"2024-05-01T08:00:00.000+02:00"}}],"semanticSegments":[{"startTime":"2024-05-01T08:00:00.000+02:00","endTime":"2024-05-01T10:00:00.000+02:00","visit":{"topCandidate":{"placeId":"p","semanticType":"HOME","placeLocation":{"latLng":"48.8566\xc2\xb0, 2.3522\xc2\xb0"}}}},{"startTime":"2024-05-01T10:00:00.000+02:00","endTime":"2024-05-01T11:00:00.000+02:00","activity":{"start":{"latLng":"1\xc2\xb0, 2\xc2\xb0"},"end":{"latLng":"3\xc2\xb0, 4\xc2\xb0"},"distanceMeters":12.5,"topCandidate":{"type":"FLYING"}},"timelinePath":[{"point":"1\xc2\xb0, 2\xc2\xb0","time":"2024-05-01T10:05:00.000+02:00"}]}],"userLocationProfile":{"frequentPlaces":[{"placeLocation":"48.8\xc2\xb0, 2.3\xc2\xb0","label":"HOME"}]}}' > "$s/timeline.json"
printf '[{"timelinePath":[{"point":"geo:48.860000,2.360000","durationMinutesOffsetFromStartTime":"12"}],"endTime":"2024-05-01T11:00:00.000+02:00","startTime":"2024-05-01T10:00:00.000+02:00"},{"startTime":"2024-05-01T08:00:00.000+02:00","endTime":"2024-05-01T10:00:00.000+02:00","visit":{"topCandidate":{"placeID":"c","semanticType":"Unknown","placeLocation":"geo:48.856600,2.352200"}},"activity":{"start":"geo:1,2","end":"geo:3,4","topCandidate":{"type":"in passenger vehicle"},"distanceMeters":"1234.5"}}]' > "$s/iphone.json"
printf '{"timelineEdits":[{"deviceId":"1","rawSignal":{"signal":{"position":{"point":{"latE7":488566000,"lngE7":23522000},"accuracyMm":12500,"timestamp":"2024-05-01T08:00:00Z"}}}}]}' > "$s/edits.json"
printf '2024-05-01T08:00:05Z\t*\t{"_type":"location","lat":48.8566,"lon":2.3522,"tst":1714550400,"acc":10,"vel":36}\r\n2024-05-01T08:02:00Z   owntracks/me/phone    {"_type":"location","lat":"48.9","lon":"2.4","tst":"1714550520"}\n2024-05-01T08:03:00Z\t*\t{"_type":"lwt"}\n' > "$s/owntracks.rec"
printf '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85,35]},"properties":{"timestamp":1714550400,"accuracy":5}},{"type":"Feature","geometry":{"type":"Point","coordinates":[2.36,48.86]},"properties":{"time":"2024-05-01T08:02:00Z"}}]}' > "$s/features.geojson"
printf '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="48.85" lon="2.35"><ele>35</ele><time>2024-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>' > "$s/track.gpx"
printf '{"title":"IMG.jpg","geoData":{"latitude":48.8,"longitude":2.3},"photoTakenTime":{"timestamp":"1556704800"}}' > "$s/sidecar.json"

# Foundation's XMLParser leaks an error object per malformed document (history-lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/fuzz/history-lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "$work/history-fuzzer" "$work/corpus" "$s" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -dict=fuzz/history.dict \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@"
