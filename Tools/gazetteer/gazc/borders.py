"""Country borders refined by the time-zone polygons.

Natural Earth's lines are about a kilometre coarse and drop small islands; the zone polygons
follow OpenStreetMap's borders, and each land zone lies in one country (zone.tab). So, on a
coverage of (country, region) polygons:

1. **Borders and enclaves.** Land of country D inside a zone of another country C is moved to C,
   unless a zone covering the same ground admits D too (zones overlap where a border is disputed,
   as in the West Bank) or the zone is listed as covering D as well (product/zone_countries.txt:
   northern Vietnam drawn in Asia/Bangkok, Kosovo in Europe/Belgrade). Antarctica is never moved:
   its zones follow the stations' clocks, not claims.
2. **Islands Natural Earth lacks.** Where a GeoNames place or an airport lies beyond
   ISLAND_SEED_DEG of every polygon but inside a land zone, the zone's ground around it (within
   ISLAND_RADIUS_DEG, outside every polygon) becomes land of the zone's country.

Moved ground joins the region of the receiving country it shares most border with, else the
nearest one. Everything stays on the 1e-5 grid and is cleaned as one coverage again.
"""
import math
from collections import Counter, defaultdict

import numpy as np
import shapely
import shapely.affinity
from shapely.geometry import Point, Polygon

from . import GRID, geom

ISLAND_SEED_DEG = 0.04       # a place this far (deg) from every polygon is on ground NE lacks (a little
                             # inside the smallest coastline tolerance, 0.05°, which simplifying must not undo) ...
ISLAND_RADIUS_DEG = 0.2      # ... and the zone's ground within 12 nmi of it is added (deg of latitude)
NEVER_MOVED = {"AQ"}


def areal(g):
    """The polygons of a geometry (an overlay may add lines and points where shapes touch), or
    an empty polygon."""
    return geom.polygonal(g) or Polygon()


def union(parts):
    """The union of polygons on the 1e-5 grid; where snap rounding fails on a shape GEOS cannot
    node at that precision, the floating union, snapped."""
    try:
        return geom.polygonal(shapely.union_all(np.asarray(parts, dtype=object), grid_size=GRID))
    except shapely.errors.GEOSException:
        return geom.polygonal(geom.snap(shapely.union_all(np.asarray(parts, dtype=object))))


def read_zone_countries(rows, zone_country):
    """product/zone_countries.txt rows ("zone CC") -> {zone: {CC}}; unknown zones refused."""
    also = defaultdict(set)
    for body, _ in rows:
        z, cc = body.split()
        if z not in zone_country:
            raise SystemExit(f"zone_countries.txt: {z} is no zone of zone.tab")
        also[z].add(cc)
    return also


class Zones:
    """Land zones (simplified polygons), their countries, and who each admits."""

    def __init__(self, polys, zone_country, also):
        self.names = sorted(z for z in polys if z in zone_country)
        self.geoms = [polys[z] for z in self.names]
        self.country = [zone_country[z] for z in self.names]
        self.admits = [{zone_country[z]} | also.get(z, set()) for z in self.names]
        self.tree = shapely.STRtree(self.geoms)
        for g in self.geoms:
            shapely.prepare(g)


def refine(keys, geoms, zones, seeds, log=print):
    """The coverage (keys: (country, region-or-None) sorted; geoms: polygonal or None) with borders
    moved to the zones' and missing islands added. Returns (keys, geoms, moves) where moves lists
    (from-country or None, to-country, zone, km²) for the audit."""
    geoms = list(geoms)
    moved = defaultdict(list)           # to-country -> [polygon]
    moves = Counter()
    for i, (k, g) in enumerate(zip(keys, geoms)):
        if g is None or k[0] in NEVER_MOVED:
            continue
        cand = sorted(zones.tree.query(g, predicate="intersects").tolist())
        claim = [z for z in cand if k[0] not in zones.admits[z]]
        if not claim:
            continue
        # Each zone cut to the polygon's box first: a zone is a whole country's outline, and an
        # overlay costs what both sides have.
        box = g.bounds
        keep = areal(shapely.union_all([areal(shapely.clip_by_rect(zones.geoms[z], *box)) for z in cand if z not in claim]))
        taken = []
        for z in claim:
            piece = areal(shapely.intersection(g, areal(shapely.clip_by_rect(zones.geoms[z], *box)), grid_size=GRID))
            if not keep.is_empty and not piece.is_empty:
                piece = areal(shapely.difference(piece, keep, grid_size=GRID))
            for t in taken:
                piece = areal(shapely.difference(piece, t, grid_size=GRID)) if not piece.is_empty else piece
            piece = geom.polygonal(piece) if not piece.is_empty else None
            if piece is None or piece.area == 0:
                continue
            taken.append(piece)
            moved[zones.country[z]].append(piece)
            moves[(k[0], zones.country[z], zones.names[z])] += geom.approx_km2(piece)
        if taken:
            geoms[i] = geom.polygonal(shapely.difference(g, union(taken), grid_size=GRID))
    # Islands: seeds far from every polygon, inside a land zone.
    live = [g for g in geoms if g is not None]
    tree = shapely.STRtree(live)
    near = tree.query(seeds, predicate="dwithin", distance=ISLAND_SEED_DEG)
    far = sorted(set(range(len(seeds))) - set(near[0].tolist()))
    added = []
    for s in far:
        pt = seeds[s]
        zs = [z for z in sorted(zones.tree.query(pt, predicate="intersects").tolist())
              if zones.country[z] not in NEVER_MOVED]
        if not zs:
            continue
        z = zs[0]
        x, y = shapely.get_x(pt), shapely.get_y(pt)
        if any(p.intersects(pt) for p in added):
            continue
        disc = shapely.affinity.scale(Point(x, y).buffer(ISLAND_RADIUS_DEG, quad_segs=8),
                                      xfact=1 / max(math.cos(math.radians(y)), 0.05), yfact=1.0)
        ground = areal(shapely.intersection(disc, areal(shapely.clip_by_rect(zones.geoms[z], *disc.bounds)), grid_size=GRID))
        taken = [live[i] for i in tree.query(disc, predicate="intersects").tolist()] + [p for p in added if p.intersects(disc)]
        if taken:
            ground = areal(shapely.difference(ground, union(taken), grid_size=GRID))
        ground = geom.polygonal(ground) if not ground.is_empty else None
        if ground is None:
            continue
        part = [p for p in shapely.get_parts(ground) if p.intersects(pt)]
        if not part:
            continue
        moved[zones.country[z]].append(part[0])
        added.append(part[0])
        moves[(None, zones.country[z], zones.names[z])] += geom.approx_km2(part[0])
    log(f"  borders: {sum(v > 0 for v in moves.values())} moves, {len(added)} islands added")
    return join(keys, geoms, moved) + (sorted(((a, b, z, round(km2, 3)) for (a, b, z), km2 in moves.items()),
                                              key=lambda m: (m[0] or "", m[1], m[2])),)


REMNANT_DEG2 = 1e-6         # a part this small (about 0.01 km²) touching a neighbour is a remnant of a move
def join(keys, geoms, moved):
    """Give each moved polygon to a region of its new country: the one it shares most border
    with (a strip along a border goes whole to one region: it is rarely wider than a kilometre),
    else the nearest (the short way round the world); a country with no polygon yet gets a
    country-level one."""
    index = {k: i for i, k in enumerate(keys)}
    live = [i for i, g in enumerate(geoms) if g is not None]
    tree = shapely.STRtree([geoms[i] for i in live])
    extra = defaultdict(list)
    for cc in sorted(moved):
        own = [i for i in live if keys[i][0] == cc]
        for p in (p for g in moved[cc] for p in shapely.get_parts(g)):
            touching = sorted(live[j] for j in tree.query(p, predicate="intersects").tolist() if keys[live[j]][0] == cc)
            shared = sorted((shapely.length(shapely.intersection(p.boundary, geoms[i].boundary)), -i) for i in touching)
            if shared and shared[-1][0] > 0:
                target = keys[-shared[-1][1]]
            elif own:
                target = keys[min(own, key=lambda i: (geom.seam_distance(p, geoms[i]), i))]
            else:
                target = (cc, None)
            extra[target].append(p)
    keys = sorted(set(keys) | set(extra), key=lambda l: (l[0], l[1] or ""))
    out = []
    for k in keys:
        g = geoms[index[k]] if k in index else None
        parts = ([g] if g is not None else []) + extra.get(k, [])
        out.append(union(parts) if parts else None)
    # Vertices nearer than three grid cells are snapped together: a moved border leaves ends a
    # cell or two from the old ones, and simplifying such stubs parts neighbours' edges.
    cleaned = shapely.coverage_clean(np.asarray([g if g is not None else shapely.Polygon() for g in out], dtype=object),
                                     snapping_distance=3 * GRID)
    cleaned = [geom.polygonal(g) if g is not None and not g.is_empty else None for g in cleaned]
    cleaned = absorb_remnants(cleaned)
    # A unit whose every part lay in other countries' zones is gone (the audit lists the moves).
    kept = [i for i, g in enumerate(cleaned) if g is not None]
    return [keys[i] for i in kept], [cleaned[i] for i in kept]


def absorb_remnants(geoms):
    """Parts smaller than REMNANT_DEG2 that touch another polygon of the coverage join the
    neighbour they share most border with: the slivers a move leaves between a zone's border and
    Natural Earth's, which simplifying would collapse into invalid shapes. A small island touches
    nothing and stays."""
    geoms = list(geoms)
    live = [i for i, g in enumerate(geoms) if g is not None]
    tree = shapely.STRtree([geoms[i] for i in live])
    gifts = defaultdict(list)
    for i in live:
        parts = list(shapely.get_parts(geoms[i]))
        stay = []
        for p in parts:
            if p.area >= REMNANT_DEG2:
                stay.append(p)
                continue
            shared = []
            for j in tree.query(p, predicate="intersects").tolist():
                n = live[j]
                if n != i:
                    shared.append((shapely.length(shapely.intersection(p.boundary, geoms[n].boundary)), -n))
            shared = [t for t in shared if t[0] > 0]
            if shared:
                gifts[-max(shared)[1]].append(p)
            else:
                stay.append(p)
        if len(stay) != len(parts):
            geoms[i] = geom.polygonal(shapely.multipolygons(stay)) if stay else None
    for n, ps in gifts.items():
        base = [geoms[n]] if geoms[n] is not None else []
        geoms[n] = geom.polygonal(shapely.coverage_union_all(np.asarray(base + ps, dtype=object)))
    return geoms
