"""Checks on the written artefact, the same ones the Swift tests make."""
import json
import os
import sqlite3

import numpy as np
import shapely
from shapely.geometry import Point

from .encode import decode_geometry, decode_points, to_shapely


# The child_counts table recomputed in SQL from the tables, one GROUP BY per level: every place
# below (kind, its country, its region, its city when a district), counted under each ancestor.
EXPECTED_CHILD_COUNTS = """
WITH below(kind, country, region, owner) AS (
    SELECT 'region', country, NULL, NULL FROM regions
    UNION ALL SELECT CASE WHEN city IS NULL THEN 'city' ELSE 'district' END, country, region, city FROM cities
    UNION ALL SELECT 'airport', country, region, NULL FROM airports),
expected(parent, kind, count) AS (
    SELECT '', 'continent', count(*) FROM continents
    UNION ALL SELECT '', 'country', count(*) FROM countries
    UNION ALL SELECT 'continent:' || continent, 'country', count(*) FROM countries GROUP BY continent
    UNION ALL SELECT '', kind, count(*) FROM below GROUP BY kind
    UNION ALL SELECT 'continent:' || c.continent, b.kind, count(*) FROM below b JOIN countries c ON c.iso2 = b.country
        GROUP BY c.continent, b.kind
    UNION ALL SELECT 'country:' || country, kind, count(*) FROM below GROUP BY country, kind
    UNION ALL SELECT 'region:' || region, kind, count(*) FROM below WHERE region IS NOT NULL GROUP BY region, kind
    UNION ALL SELECT 'city:' || owner, kind, count(*) FROM below WHERE owner IS NOT NULL GROUP BY owner, kind)
SELECT parent, kind, count FROM expected WHERE count > 0
"""


def child_count_problems(db):
    """Differences between the child_counts table and the counts recomputed from the rows."""
    expected = set(db.execute(EXPECTED_CHILD_COUNTS).fetchall())
    stored = set(db.execute("SELECT parent, kind, count FROM child_counts").fetchall())
    missing, extra = sorted(expected - stored), sorted(stored - expected)
    if not missing and not extra:
        return []
    return [f"child_counts: {len(missing)} rows missing or wrong {missing[:5]}, {len(extra)} rows not in the data {extra[:5]}"]


def map_shape_problems(q, geoms, table="map_shapes", group=lambda ident, kind: kind):
    """Every boundary has one map shape of the same id; each decodes and is valid; a shape with no
    outline has dots; each group's outlines (by default: each kind's) still form a coverage
    (neighbours share borders)."""
    problems = []
    rows = q(f"SELECT id, kind, geometry, vertices, dots FROM {table} ORDER BY id")
    if sorted(r[0] for r in rows) != sorted(geoms):
        problems.append(f"{table}: {len(rows)} rows for {len(geoms)} boundaries, ids differ")
    by_kind = {}
    for ident, kind, blob, nv, dots in rows:
        polys = decode_geometry(blob)
        if sum(len(r) for p in polys for r in p) != nv:
            problems.append(f"{table} {ident}: vertex count mismatch")
        if not polys and not decode_points(dots):
            problems.append(f"{table} {ident}: neither outline nor dots")
        if polys:
            g = to_shapely(polys)
            if not g.is_valid:
                problems.append(f"{table} {ident}: invalid after decoding")
            by_kind.setdefault(group(ident, kind), []).append(g)
    for kind, gs in sorted(by_kind.items()):
        if not shapely.coverage_is_valid(np.asarray(gs, dtype=object)):
            problems.append(f"{table}: the {kind} outlines are not a valid coverage")
    return problems


def geometry_problems(rows):
    """(id, geometry blob, vertices) rows: each decodes with its vertex count, rings of 3 points or
    more, coordinates in range, valid. Returns (problems, {id: shapely geometry})."""
    problems, geoms = [], {}
    for ident, blob, nv in rows:
        polys = decode_geometry(blob)
        if sum(len(r) for p in polys for r in p) != nv:
            problems.append(f"{ident}: vertex count mismatch")
        for p in polys:
            for i, r in enumerate(p):
                if len(r) < 3:
                    problems.append(f"{ident}: ring with {len(r)} points")
        if any(abs(x) > 180 * 100000 or abs(y) > 90 * 100000 for p in polys for r in p for x, y in r):
            problems.append(f"{ident}: coordinate outside [-180, 180] x [-90, 90]")
        g = to_shapely(polys)
        if not g.is_valid:
            problems.append(f"{ident}: invalid after decoding")
        geoms[ident] = g
    return problems, geoms


SUBREGION_CHECKS = (
    ("SELECT count(*) FROM subregions WHERE country NOT IN (SELECT iso2 FROM countries)", "subregion country missing"),
    ("SELECT count(*) FROM subregions WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)",
     "subregion region missing"),
    ("SELECT count(*) FROM subregions s JOIN regions r ON r.id = s.region WHERE r.country != s.country",
     "subregion in a region of another country"),
    ("SELECT count(*) FROM subregions WHERE region IS NOT NULL AND substr(id, 1, length(region) + 1) != region || '.'",
     "subregion id not its region's id and a code"),
    ("SELECT count(*) FROM subregions s WHERE (source != 'cities') != EXISTS "
     "(SELECT 1 FROM subregion_boundaries b WHERE b.id = 'subregion:' || s.id)", "subregion source and polygon differ"),
    ("SELECT count(*) FROM subregion_boundaries WHERE substr(id, 11) NOT IN (SELECT id FROM subregions)",
     "subregion polygon of no subregion"),
    ("SELECT count(*) FROM subregions s JOIN subregion_boundaries b ON b.id = 'subregion:' || s.id "
     "WHERE b.kind != 'subregion' OR b.country != s.country OR NOT (b.quality = s.source OR "
     "(s.source = 'natural-earth' AND b.quality IN ('natural-earth-lines', 'split')))", "subregion polygon row differs"),
)


def by_region(shapes):
    """{'subregion:US.CA.037': g} -> {'US.CA': [g, …]}"""
    out = {}
    for ident in sorted(shapes):
        out.setdefault(ident[10:].rsplit(".", 1)[0], []).append(shapes[ident])
    return out


def subregion_problems(q, man, geoms):
    """The subregion tables: keys, counts, every polygon sound and inside its region's, the cities'
    u16 positions, and known places."""
    import struct
    problems = []
    if q("SELECT count(*) FROM subregions")[0][0] != man["counts"]["subregions"]:
        problems.append("subregions: row count differs from the manifest")
    for sql, what in SUBREGION_CHECKS:
        n = q(sql)[0][0]
        if n:
            problems.append(f"{what}: {n}")
    more, shapes = geometry_problems(q("SELECT id, geometry, vertices FROM subregion_boundaries ORDER BY id"))
    problems += more
    # each region's subregions are a coverage ('subregion:US.CA.037' -> 'US.CA')
    problems += map_shape_problems(q, shapes, table="subregion_map_shapes", group=lambda ident, kind: ident[10:].rsplit(".", 1)[0])
    for rid, gs in sorted(by_region(shapes).items()):
        if not shapely.coverage_is_valid(np.asarray(gs, dtype=object)):
            problems.append(f"subregion_boundaries: the subregions of {rid} are not a valid coverage")
    region_of = dict(q("SELECT 'subregion:' || id, 'region:' || region FROM subregions"))
    for ident, g in shapes.items():
        r = geoms.get(region_of.get(ident))
        try:
            outside = None if r is None else shapely.difference(g, r, grid_size=1e-5).area
        except shapely.errors.GEOSException as e:
            problems.append(f"{ident}: cannot be compared with its region's polygon ({e})")
            continue
        if outside is None or outside > 2e-5:    # at most ~0.25 km2 of snapping: the outlines are the region's own
            problems.append(f"{ident}: not inside its region's polygon")
    blob = q("SELECT data FROM city_subregions WHERE part = 'records'")
    ids = [r[0] for r in q("SELECT id FROM subregions ORDER BY id")]
    cities = [r[0] for r in q("SELECT geonameid FROM cities ORDER BY geonameid")]
    if not blob or len(blob[0][0]) != 2 * len(cities):
        problems.append("city_subregions: 'records' is not two bytes per city")
        return problems
    pos = struct.unpack(f"<{len(cities)}H", blob[0][0])
    if any(p != 0xFFFF and p >= len(ids) for p in pos):
        problems.append("city_subregions: a position beyond the subregions")
        return problems
    unit = {c: (ids[p] if p != 0xFFFF else None) for c, p in zip(cities, pos)}
    if sum(u is not None for u in unit.values()) != man["counts"]["cities_with_subregion"]:
        problems.append("city_subregions: cities with a subregion differ from the manifest")

    def inside(ident, lon, lat):
        g = shapes.get(ident)
        return g is not None and g.covers(Point(lon, lat))

    checks = [
        ("Los Angeles is in Los Angeles County, US.CA.037", unit.get(5368361) == "US.CA.037"
         and inside("subregion:US.CA.037", -118.24368, 34.05223)),
        ("Lyon is in Rhône, FR.84.69", unit.get(2996944) == "FR.84.69" and inside("subregion:FR.84.69", 4.84671, 45.74846)),
        ("Hartford is in the Capitol Planning Region (Connecticut: GeoNames' 2022 units, no polygon)",
         unit.get(4835797) == "US.CT.110" and q("SELECT source FROM subregions WHERE id = 'US.CT.110'") == [("cities",)]),
        ("Rhône's region is Auvergne-Rhône-Alpes", q("SELECT region FROM subregions WHERE id='FR.84.69'") == [("FR.84",)]),
    ]
    for name, ok in checks:
        if not ok:
            problems.append("sanity check failed: " + name)
    return problems


def inside_piece(q, owner, zone, lon, lat):
    return any(to_shapely(decode_geometry(blob)).covers(Point(lon, lat))
               for (blob,) in q("SELECT geometry FROM time_zone_pieces WHERE owner=? AND zone=?", owner, zone))


def verify(out_dir):
    """Returns a list of problems (empty when the artefact is sound)."""
    problems = []
    db = sqlite3.connect(f"file:{os.path.join(out_dir, 'gazetteer.sqlite')}?mode=ro", uri=True)
    with open(os.path.join(out_dir, "manifest.json"), encoding="utf-8") as f:
        man = json.load(f)
    q = lambda sql, *a: db.execute(sql, a).fetchall()
    for table in ("continents", "countries", "regions", "cities", "airports"):
        n = q(f"SELECT count(*) FROM {table}")[0][0]
        if n != man["counts"][table]:
            problems.append(f"{table}: {n} rows, manifest says {man['counts'][table]}")
    n = q("SELECT count(*) FROM regions WHERE quality != 'none'")[0][0]
    if n != man["counts"]["regions_with_polygon"]:
        problems.append(f"regions_with_polygon {n} != manifest {man['counts']['regions_with_polygon']}")
    for sql, what in (
        ("SELECT count(*) FROM cities WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)", "city region missing"),
        ("SELECT count(*) FROM cities WHERE country NOT IN (SELECT iso2 FROM countries)", "city country missing"),
        ("SELECT count(*) FROM regions WHERE country NOT IN (SELECT iso2 FROM countries)", "region country missing"),
        ("SELECT count(*) FROM airports WHERE country NOT IN (SELECT iso2 FROM countries)", "airport country missing"),
        ("SELECT count(*) FROM airports WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)", "airport region missing"),
        ("SELECT count(*) FROM countries WHERE continent NOT IN (SELECT code FROM continents)", "country continent missing"),
        ("SELECT count(*) FROM counting_schemes WHERE country NOT IN (SELECT iso2 FROM countries)", "scheme country missing"),
        ("SELECT count(*) FROM regions r WHERE quality != 'none' AND NOT EXISTS (SELECT 1 FROM boundaries b WHERE b.id = 'region:' || r.id)", "region polygon missing"),
        ("SELECT count(*) FROM regions WHERE substr(id, 1, length(country) + 1) != country || '.'", "region id not CC.A1"),
        # children(of: region) narrows by the region's country to use the (country, region) indexes
        ("SELECT count(*) FROM cities c JOIN regions r ON r.id = c.region WHERE r.country != c.country", "city in a region of another country"),
        ("SELECT count(*) FROM airports a JOIN regions r ON r.id = a.region WHERE r.country != a.country", "airport in a region of another country"),
        ("SELECT count(*) FROM regions WHERE time_zone IS NOT NULL AND time_zone NOT IN (SELECT id FROM time_zones)", "region zone missing"),
        ("SELECT count(*) FROM countries WHERE time_zone IS NOT NULL AND time_zone NOT IN (SELECT id FROM time_zones)", "country zone missing"),
        ("SELECT count(*) FROM time_zone_pieces WHERE zone NOT IN (SELECT id FROM time_zones)", "piece zone missing"),
        ("SELECT count(*) FROM time_zone_pieces WHERE owner NOT IN (SELECT id FROM boundaries)", "piece owner has no boundary"),
        ("SELECT count(*) FROM time_zone_pieces p JOIN regions r ON 'region:' || r.id = p.owner WHERE r.time_zone = p.zone", "piece of the owner's own zone"),
        ("SELECT count(*) FROM regions r WHERE quality != 'none' AND time_zone IS NULL", "region polygon without a zone"),
        ("SELECT count(*) FROM time_zones WHERE country NOT IN (SELECT iso2 FROM countries)", "zone country missing"),
    ):
        n = q(sql)[0][0]
        if n:
            problems.append(f"{what}: {n}")
    problems += child_count_problems(db)
    if q("SELECT count(*) FROM counting_schemes WHERE scheme='un'")[0][0] != 195:
        problems.append("un scheme is not 195")
    geoms = {}
    zone_rows = q("SELECT 'zone:' || id, geometry, vertices FROM time_zones ORDER BY id")
    piece_rows = q("SELECT 'piece:' || id, geometry, vertices FROM time_zone_pieces ORDER BY id")
    more, geoms = geometry_problems(q("SELECT id, geometry, vertices FROM boundaries ORDER BY id") + zone_rows + piece_rows)
    problems += more

    problems += map_shape_problems(q, {k: g for k, g in geoms.items() if not k.startswith(("zone:", "piece:"))})
    problems += subregion_problems(q, man, geoms)
    for table, key in (("time_zones", "time_zones"), ("time_zone_pieces", "time_zone_pieces")):
        if q(f"SELECT count(*) FROM {table}")[0][0] != man["counts"][key]:
            problems.append(f"{table}: row count differs from the manifest")

    def city(name, cc, region=None):
        rows = q("SELECT geonameid, region, lon, lat FROM cities WHERE name=? AND country=? ORDER BY population DESC", name, cc)
        if region:
            rows = [r for r in rows if r[1] == region] or rows
        return rows[0] if rows else None

    def inside(ident, lon, lat):
        g = geoms.get(ident)
        return g is not None and g.covers(Point(lon, lat))

    checks = []
    k = city("Kyoto", "JP")
    checks.append(("Kyoto in JP.22", k and k[1] == "JP.22" and inside("region:JP.22", k[2], k[3])))
    b = city("Berlin", "DE")
    checks.append(("Berlin in DE.16, not DE.11", b and b[1] == "DE.16" and inside("region:DE.16", b[2], b[3])
                   and not inside("region:DE.11", b[2], b[3])))
    s = city("Sidney", "US", "US.MT")
    checks.append(("Sidney, Montana in US.MT", s and s[1] == "US.MT" and inside("region:US.MT", s[2], s[3])))
    w = city("Windsor", "CA", "CA.08")
    checks.append(("Windsor, Ontario in CA.08", w and w[1] == "CA.08" and inside("region:CA.08", w[2], w[3])))
    v = city("Vatican City", "VA")
    checks.append(("Vatican City in VA, not IT", v and inside("country:VA", v[2], v[3]) and not inside("country:IT", v[2], v[3])
                   and not inside("region:IT.07", v[2], v[3])))
    m = city("Maseru", "LS")
    checks.append(("Maseru in LS, not ZA", m and inside("country:LS", m[2], m[3]) and not inside("country:ZA", m[2], m[3])))
    checks.append(("Kyoto's region keeps Asia/Tokyo", q("SELECT time_zone FROM regions WHERE id='JP.22'") == [("Asia/Tokyo",)]))
    checks.append(("Arizona keeps America/Phoenix, the Navajo Nation in it America/Denver",
                   q("SELECT time_zone FROM regions WHERE id='US.AZ'") == [("America/Phoenix",)]
                   and inside_piece(q, "region:US.AZ", "America/Denver", -109.0526, 35.6681)))
    checks.append(("Büsingen in DE, not CH", inside("country:DE", 8.6894, 47.6966) and not inside("country:CH", 8.6894, 47.6966)))
    checks.append(("KIX with ICAO RJBB", q("SELECT icao FROM airports WHERE iata='KIX'") == [("RJBB",)]))
    checks.append(("LAX present", len(q("SELECT 1 FROM airports WHERE iata='LAX'")) == 1))
    checks.append(("Campitelli is a district of Rome, Lyon 05 of Lyon, Rome and Lyon are cities",
                   q("SELECT geonameid, city FROM cities WHERE geonameid IN (6545149, 6543971, 3169070, 2996944) ORDER BY geonameid")
                   == [(2996944, None), (3169070, None), (6543971, 2996944), (6545149, 3169070)]))
    checks.append(("Neuilly-sur-Seine and Villeurbanne are cities of their own",
                   q("SELECT count(*) FROM cities WHERE geonameid IN (2990611, 2968254) AND city IS NULL") == [(2,)]))
    checks.append(("no district belongs to a district",
                   q("SELECT count(*) FROM cities d JOIN cities c ON c.geonameid = d.city WHERE c.city IS NOT NULL") == [(0,)]))
    checks.append(("search finds kyoto japan", bool(q("SELECT 1 FROM search_rows WHERE place='city:1857910' AND id IN (SELECT rowid FROM search WHERE search MATCH 'kyoto japan')"))))
    checks.append(("search finds Los Angeles County, three words, and Rhône by FR-69",
                   q("SELECT words FROM search_rows WHERE place='subregion:US.CA.037' AND id IN (SELECT rowid FROM search WHERE search MATCH 'name : ^ \"los angeles county\"')") == [(3,)]
                   and bool(q("SELECT 1 FROM search_rows WHERE place='subregion:FR.84.69' AND id IN (SELECT rowid FROM search WHERE search MATCH 'codes : \"fr 69\"')"))))
    for name, ok in checks:
        if not ok:
            problems.append("sanity check failed: " + name)
    db.close()
    return problems
