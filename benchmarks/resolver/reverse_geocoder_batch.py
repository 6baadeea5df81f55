"""The end-to-end reference for `atlas resolve --batch`: reverse_geocoder doing the same job
from a cold process, reading the CSV of points that bench-resolver wrote and writing one JSON
object per line (the point, its country code, first-level region and nearest place) to stdout."""
import csv
import json
import sys

import reverse_geocoder as rg

with open(sys.argv[1]) as f:
    rows = list(csv.DictReader(f))
points = [(float(r["lat"]), float(r["lon"])) for r in rows]
out = sys.stdout
for point, place in zip(points, rg.search(points, mode=1, verbose=False)):
    out.write(json.dumps({"lat": point[0], "lon": point[1], "cc": place["cc"], "admin1": place["admin1"], "name": place["name"]},
                         ensure_ascii=False) + "\n")
