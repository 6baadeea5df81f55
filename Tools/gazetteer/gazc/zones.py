"""Time-zone polygons (timezone-boundary-builder through timezonefinder-data) and the country of
each zone (tzdata's zone.tab).

The polygons carry OpenStreetMap's borders, enclaves and small islands, and each land zone lies
in one country; where zones of two countries meet, that line is the border. They are read
through timezonefinder's own decoder (its coordinates are bit-packed blocks) from the pinned
data wheel, unpacked into a temporary directory, never from whatever the venv holds.
"""
import os
import tempfile
import zipfile

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon

DATA_PREFIX = "timezonefinder_data/data/"
ZONE_TAB = "tzdata/zoneinfo/zone.tab"
OCEAN_PREFIX = "Etc/"
SIMPLIFY = 0.0005           # degrees (~50 m): the zone polygons as the gazetteer keeps them


def read_zone_tab(wheels):
    """{zone: ISO alpha-2} from zone.tab: one country per zone (zone1970.tab lists several)."""
    out = {}
    for line in wheels.read("tzdata", ZONE_TAB).decode("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cc, _, zone = line.split("\t")[:3]
        out[zone] = cc
    return out


def read_polygons(wheels, log=print):
    """{zone: polygonal geometry (lon, lat, degrees)} for every zone of the data wheel, ocean
    zones included, in the data's own resolution (1e-7°)."""
    from timezonefinder import TimezoneFinder
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheels.paths["timezonefinder-data"]) as z:
            for m in z.namelist():
                if m.startswith(DATA_PREFIX) and not m.endswith("/"):
                    z.extract(m, tmp)
        tf = TimezoneFinder(bin_file_location=os.path.join(tmp, DATA_PREFIX), in_memory=True)
        scale = 1e-7

        def ring(a):
            a = np.asarray(a, dtype=np.float64) * scale
            return np.column_stack((a[0], a[1]))

        out = {}
        for zid, name in enumerate(tf.timezone_names):
            polys = []
            for b in tf._iter_boundary_ids_of_zone(zid):
                holes = [ring(tf.holes.coords_of(h)) for h in tf._hole_ids_of(b)]
                polys.append(Polygon(ring(tf.coords_of(b)), holes))
            out[name] = polys[0] if len(polys) == 1 else MultiPolygon(polys)
        del tf
    log(f"  {len(out)} zones, {sum(len(shapely.get_parts(g)) for g in out.values())} polygons")
    return out


def simplify(polys, zone_country, points, log=print):
    """The land zones (those of zone.tab) simplified to SIMPLIFY, each on its own (zones overlap on
    purpose, so they are no coverage to simplify together); a zone that would move one of
    `points` into or out of it is simplified again at half the tolerance, until none moves.
    Returns ({zone: polygonal}, {zone: tolerance}, zone of each point before, after)."""
    names = sorted(zone_country)
    exact = zone_at(names, [polys[z] for z in names], points)
    tol = {z: SIMPLIFY for z in names}
    out, redo = {}, set(names)
    while True:
        for z in sorted(redo):
            g = shapely.simplify(polys[z], tol[z], preserve_topology=True)
            out[z] = g if g.is_valid else shapely.make_valid(g)
        kept = zone_at(names, [out[z] for z in names], points)
        redo = {z for a, b in zip(exact, kept) if a != b for z in (a, b) if z is not None and tol[z] > SIMPLIFY / 64}
        if not redo:
            break
        for z in redo:
            tol[z] /= 2
    log(f"  {len(out)} land zones simplified to {SIMPLIFY} deg ({sum(t < SIMPLIFY for t in tol.values())} finer): "
        f"{sum(shapely.get_num_coordinates(g) for g in out.values())} vertices")
    return out, tol, exact, kept


def zone_at(names, geoms, points):
    """The zone containing each point (the smallest where zones overlap, then by name), else
    None: the reference answer from the polygons themselves. Each zone is the query, so that
    GEOS prepares it once for all the points near it."""
    tree = shapely.STRtree(points)
    area = shapely.area(np.asarray(geoms, dtype=object))
    best = {}
    for g, zone in enumerate(geoms):
        for p in tree.query(zone, predicate="intersects").tolist():
            k = (area[g], names[g])
            if p not in best or k < best[p]:
                best[p] = k
    return [best[p][1] if p in best else None for p in range(len(points))]


PIECE_MIN_WIDTH = 0.02       # deg (~2 km): a zone's part of a region narrower than this is the region's zone


def assign(keys, geoms, names, zgeoms):
    """Each coverage polygon's own zone (the one covering most of it) and the pieces of other
    zones inside it, for the resolver: a point takes the zone of the piece it is in, else its
    polygon's. A piece narrower than PIECE_MIN_WIDTH is left out: those are the seams where
    the coverage's simplified border and the zone's part by a few hundred metres, and there the
    zone follows the country or region the point was given. The same where a region's Natural
    Earth outline and the zone's OpenStreetMap border (often the same state line) part by a
    kilometre or two: the zone then agrees with the region the point is given, and the resolver
    has a tenth of the pieces to load. Returns ({key: zone}, [(key, zone, polygon)])."""
    tree = shapely.STRtree(zgeoms)
    own, pieces = {}, []
    for k, g in zip(keys, geoms):
        if g is None:
            continue
        parts = []
        for z in sorted(tree.query(g, predicate="intersects").tolist(), key=lambda z: names[z]):
            inter = shapely.intersection(g, zgeoms[z])
            if not inter.is_empty and inter.area > 0:
                parts.append((inter.area, names[z], inter))
        if not parts:
            continue
        parts.sort(key=lambda t: (-t[0], t[1]))
        own[k] = parts[0][1]
        for _, z, inter in parts[1:]:
            if z == own[k]:
                continue
            wide = [p for p in shapely.get_parts(inter)
                    if p.geom_type == "Polygon" and not p.buffer(-PIECE_MIN_WIDTH, quad_segs=2).is_empty]
            if wide:
                pieces.append((k, z, wide[0] if len(wide) == 1 else shapely.multipolygons(wide)))
    return own, pieces
