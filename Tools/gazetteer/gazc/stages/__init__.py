"""The build's named stages, run in this order by `gazc build` (README "Stages").

Each stage is a module with `run(b)`: it reads what earlier stages put on the build context `b`
(gazc.build.Build) and adds its own results, gate figures (`b.gates`) and failures
(`b.failures`). The decisions inside a stage are plain functions of plain data, tested on small
fixtures in tests/test_stage_*.py without the source wheels.

- sources:    the pinned wheels and the product layer, read and cross-checked
- coverage:   the region/country polygon coverage (held-out and final), coastline tolerance, gates
- zones:      the time zones of regions and countries, zone pieces, zone gates
- airports:   the airports table and the airport region gate
- cities:     cities and districts
- places:     continents, countries, regions, counting schemes, boundaries, map shapes
- subregions: the second level of regions (GeoNames admin-2): polygons where open data has them,
              every city's unit elsewhere
"""
