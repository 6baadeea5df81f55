#!/usr/bin/env bash
# Draws the README's picture, docs/images/sample-trip-and-report.png: the sample trip's map
# (atlas map --trip) beside the top of the sample's report (atlas report), side by side as
# headless Chromium shows them. Needs a built atlas (ATLAS=path, default .build/debug/atlas)
# and chromium-headless-shell (./bootstrap --tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
atlas=${ATLAS:-.build/debug/atlas}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$atlas" import Samples/trip --db "$work/log.sqlite" >/dev/null
"$atlas" map --trip 2024-07-06 --output "$work/trip.html" --db "$work/log.sqlite"
"$atlas" report --output "$work/report.html" --db "$work/log.sqlite"
cat > "$work/both.html" <<'PAGE'
<!DOCTYPE html><meta charset="utf-8">
<style>body{margin:0;display:flex;gap:10px;padding:10px;background:#e8e6e1}iframe{border:0;width:640px;height:600px;background:#fff;border-radius:6px}</style>
<iframe src="trip.html" scrolling="no"></iframe><iframe src="report.html" scrolling="no"></iframe>
PAGE
browser=/usr/lib/chromium/chromium-headless-shell
[ -x "$browser" ] || browser=chromium-headless-shell
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-color-profile=srgb --allow-file-access-from-files \
    --window-size=1310,620 --screenshot="$PWD/docs/images/sample-trip-and-report.png" "file://$work/both.html" 2>/dev/null
