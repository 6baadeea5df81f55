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


def map_shape_problems(q, geoms):
    """Every boundary has one map shape of the same id; each decodes and is valid; a shape with no
    outline has dots; each kind's outlines still form a coverage (neighbours share borders)."""
    problems = []
    rows = q("SELECT id, kind, geometry, vertices, dots FROM map_shapes ORDER BY id")
    if sorted(r[0] for r in rows) != sorted(geoms):
        problems.append(f"map_shapes: {len(rows)} rows for {len(geoms)} boundaries, ids differ")
    by_kind = {}
    for ident, kind, blob, nv, dots in rows:
        polys = decode_geometry(blob)
        if sum(len(r) for p in polys for r in p) != nv:
            problems.append(f"map_shapes {ident}: vertex count mismatch")
        if not polys and not decode_points(dots):
            problems.append(f"map_shapes {ident}: neither outline nor dots")
        if polys:
            g = to_shapely(polys)
            if not g.is_valid:
                problems.append(f"map_shapes {ident}: invalid after decoding")
            by_kind.setdefault(kind, []).append(g)
    for kind, gs in sorted(by_kind.items()):
        if not shapely.coverage_is_valid(np.asarray(gs, dtype=object)):
            problems.append(f"map_shapes: the {kind} outlines are not a valid coverage")
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
    for ident, blob, nv in q("SELECT id, geometry, vertices FROM boundaries ORDER BY id") + zone_rows + piece_rows:
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

    problems += map_shape_problems(q, {k: g for k, g in geoms.items() if not k.startswith(("zone:", "piece:"))})
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
    for name, ok in checks:
        if not ok:
            problems.append("sanity check failed: " + name)
    db.close()
    return problems
