"""Stage `zones`: each region's (and region-less country's) own time zone, the pieces of other
zones inside it, the zone polygons as stored, and the zone gates (README step 11)."""
from collections import Counter, defaultdict

import shapely

from .. import encode, geom, zones
from .coverage import label_key


def r5(x):
    return None if x is None else round(float(x), 5)


def country_zones(keys, geoms, own):
    """A country's zone: the one covering the largest area of its polygons' own zones (ties: the
    first by name). keys are (country, region) labels; own maps a label to its zone."""
    weight = defaultdict(Counter)
    for k, g in zip(keys, geoms):
        if g is not None and k in own:
            weight[k[0]][own[k]] += g.area
    return {cc: sorted(w.items(), key=lambda t: (-t[1], t[0]))[0][0] for cc, w in weight.items()}


def rule_zone(label, point, pieces_of, region_zone, country_zone):
    """The resolver's rule: the smallest piece of another zone holding the point, else the
    polygon's own zone, else its country's. pieces_of: label -> [(area, zone, prepared geometry)]."""
    if label is None:
        return None
    for _, pz, g in sorted(pieces_of.get(label, []), key=lambda t: (t[0], t[1])):
        if g.contains(point):
            return pz
    return region_zone.get(label[1]) or country_zone.get(label[0])


def run(b):
    names = sorted(b.zone_simple)
    zg = [b.zone_simple[z] for z in names]
    keys, simp = b.cov["keys"], b.cov["simp"]
    own, pieces = zones.assign(keys, simp, names, zg)
    b.region_zone = {k[1]: z for k, z in own.items() if k[1] is not None}
    b.country_zone = country_zones(keys, simp, own)
    b.piece_rows = []
    by_owner = defaultdict(list)     # the pieces written, for the gate below
    for i, (k, z, g) in enumerate(sorted(pieces, key=lambda p: (label_key(p[0]), p[1])), 1):
        snapped = geom.polygonal(geom.snap(g))
        if snapped is None:
            continue
        blob, nv = encode.encode_geometry(snapped)
        area = round(encode.area_km2(snapped), 3)
        b.piece_rows.append({"id": i, "zone": z, "owner": f"region:{k[1]}" if k[1] else f"country:{k[0]}",
                             "area_km2": area, "vertices": nv, "geometry": blob})
        shapely.prepare(g)
        by_owner[k].append((area, z, g))
    b.zone_rows = []
    for z, g in zip(names, zg):
        g = geom.polygonal(geom.snap(g))
        blob, nv = encode.encode_geometry(g)
        minx, miny, maxx, maxy = g.bounds
        b.zone_rows.append({"id": z, "country": b.zone_country[z], "min_lon": r5(minx), "min_lat": r5(miny),
                            "max_lon": r5(maxx), "max_lat": r5(maxy), "area_km2": round(encode.area_km2(g), 1),
                            "vertices": nv, "geometry": blob})
    # Gates: simplifying moves no place to another zone; the resolver's rule (piece, else
    # the polygon's own zone) against the zone polygons, every disagreement listed.
    pts = b.cities.points
    exact, kept = b.zone_exact, b.zone_kept
    b.zone_simplify_changes = [(int(b.cities.ids[c]), x, y) for c, (x, y) in enumerate(zip(exact, kept)) if x != y]
    b.gates["cities_changing_zone_by_simplifying"] = len(b.zone_simplify_changes)
    if b.zone_simplify_changes:
        b.failures.append(f"{len(b.zone_simplify_changes)} cities change zone by simplifying the zones")
    rule = [rule_zone(k, pts[c], by_owner, b.region_zone, b.country_zone) for c, k in enumerate(b.city_lookup)]
    b.zone_rule_differs = [(int(b.cities.ids[c]), kept[c], rule[c], b.city_lookup[c])
                           for c in range(len(rule)) if kept[c] is not None and rule[c] != kept[c]]
    b.gates["zone_rule_agreement_cities"] = 1 - len(b.zone_rule_differs) / len(rule)
    gn = [b.gcities[str(int(i))].get("timezone") for i in b.cities.ids]
    b.gates["zone_geonames_agreement_cities"] = sum(x == y for x, y in zip(gn, rule)) / len(rule)
    b.zone_pieces_vertices = sum(r["vertices"] for r in b.piece_rows)
    # Zones of two countries that overlap in the source (simplifying each zone on its own
    # adds overlaps a few metres wide along every border: those are not listed).
    b.zone_overlaps = []
    left, right = shapely.STRtree(zg).query(zg, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist()):
        if i < j and b.zone_country[names[i]] != b.zone_country[names[j]]:
            if shapely.intersection(zg[i], zg[j]).area > 0:
                inter = shapely.intersection(b.zone_raw[names[i]], b.zone_raw[names[j]])
                if inter.area > 0:
                    b.zone_overlaps.append((names[i], names[j], b.zone_country[names[i]],
                                            b.zone_country[names[j]], geom.approx_km2(inter)))
