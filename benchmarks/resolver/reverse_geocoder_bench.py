"""Times reverse_geocoder (KD-tree over GeoNames cities, C extension) on the points that
bench-resolver wrote, single process (mode=1), as the reference for TravelAtlas' resolver."""
import csv
import sys
import time

import reverse_geocoder as rg

points = []
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f):
        points.append((float(row["lat"]), float(row["lon"])))

start = time.perf_counter()
rg.search([(0.0, 0.0)], mode=1, verbose=False)  # builds its tree
load = time.perf_counter() - start
start = time.perf_counter()
results = rg.search(points, mode=1, verbose=False)
seconds = time.perf_counter() - start
assert len(results) == len(points)
print(f"  reverse_geocoder 1.5.1 {len(points) / seconds:9.0f} points/s  ({seconds:.2f} s; its load {load * 1000:.0f} ms)")
print(f"RG_POINTS_PER_SECOND {len(points) / seconds}")
