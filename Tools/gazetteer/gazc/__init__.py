"""TravelAtlas offline gazetteer compiler (see ../README.md)."""

VERSION = "2026.12.7"          # gazetteer data version written to meta/manifest
SCHEMA_VERSION = "8"
COORD_SCALE = 100000           # coordinates are quantised to 1e-5 degree
GRID = 1.0 / COORD_SCALE
