"""Stage `coverage`: the region and country polygons (README "How region polygons are built"),
the held-out coverage that scores them, the coastline tolerance, and the geometry gates."""
import math
import os
from collections import Counter, defaultdict

import numpy as np
import shapely

from .. import borders, geom, records, zones

TOL_CANDIDATES = (0.05, 0.1, 0.15, 0.2)   # coastline tolerance is the smallest that locates >= TOL_TARGET
TOL_TARGET = 0.97                         # ... of the cities500 points that fall outside every polygon


def label_key(l):
    return (l[0], l[1] or "")


def region_overrides(corrections):
    """city geonameid -> region (None for '-') from the product corrections' `city:N region X` lines."""
    over = {}
    for ident, field, value, _ in corrections:
        if ident.startswith("city:") and field == "region":
            over[int(ident[5:])] = None if value == "-" else value
    return over


def city_region_labels(gcities, regions, overrides):
    """Each city's (country, region-or-None) vote, in geonameid order: its `CC.admin1` when that is a
    GeoNames unit, unless a correction says otherwise. Returns (ids, labels, region by id, Counter of
    the codes that are no unit)."""
    ids = sorted(int(k) for k in gcities)
    labels, region_of, obsolete = [], {}, Counter()
    for i in ids:
        c = gcities[str(i)]
        key = f"{c['countrycode']}.{c['admin1code']}"
        reg = key if key in regions else None
        if i in overrides:
            reg = overrides[i]
        if reg is None:
            obsolete[key] += 1
        region_of[i] = reg
        labels.append((c["countrycode"], reg))
    return ids, labels, region_of, obsolete


def tolerance_table(distances, candidates=TOL_CANDIDATES, target=TOL_TARGET):
    """The coastline tolerance: the smallest candidate within which at least `target` of the points
    outside every polygon find one (the largest when none does). Returns (chosen, [(tol, n, share)])."""
    d = np.asarray(distances, dtype=float)
    table = []
    for t in candidates:
        share = float((d <= t).mean()) if len(d) else 1.0
        table.append((t, int((d <= t).sum()), share))
    for t, n, share in table:
        if share >= target:
            return t, table
    return candidates[-1], table


def score(results, labels):
    """Share of lookups that are right: the region when the city has one, else the country.
    Returns (share, [(index, result) wrong])."""
    ok, wrong = 0, []
    for c, (r, t) in enumerate(zip(results, labels)):
        good = r is not None and ((r[1] == t[1]) if t[1] is not None else (r[0] == t[0]))
        ok += good
        if not good:
            wrong.append((c, r))
    return ok / len(results), wrong


def run(b):
    from ..build import PRODUCT
    overrides = region_overrides(b.corrections)
    ids, labels, b.city_region, b.obsolete_keys = city_region_labels(b.gcities, b.regions, overrides)
    b.cities = geom.Cities(ids, [b.gcities[str(i)]["longitude"] for i in ids],
                           [b.gcities[str(i)]["latitude"] for i in ids], labels)
    frame_specs(b)
    b.step("simplifying time zones")
    b.zone_simple, b.zone_tolerance, b.zone_exact, b.zone_kept = zones.simplify(
        b.zone_raw, b.zone_country, b.cities.points, log=b.log)
    also = borders.read_zone_countries(records.read_product(os.path.join(PRODUCT, "zone_countries.txt")),
                                       b.zone_country)
    b.zones = borders.Zones(b.zone_simple, b.zone_country, also)
    # Places that may stand on ground Natural Earth lacks (borders.refine): cities and the
    # open airports with an IATA code.
    ports = [r for r in b.oa if r["type"] != "closed" and r["iata_code"].strip()]
    b.seeds = np.concatenate([b.cities.points, shapely.points(
        [float(r["longitude_deg"]) for r in ports], [float(r["latitude_deg"]) for r in ports])])
    b.step("noding and polygonising frames")
    b.base, b.base_stats = geom.build_base_faces(b.frames, b.lines + b.seams, log=b.log)
    b.step("held-out coverage (votes of even geonameids)")
    even = b.cities.ids % 2 == 0
    b.held = coverage(b, b.cities.subset(even))
    b.odd = b.cities.subset(~even)
    b.step("final coverage (all votes)")
    b.cov = coverage(b, b.cities)
    b.step("coverage done")
    choose_tolerance(b)
    b.step("gates")
    gates(b)


def frame_specs(b):
    from shapely import wkt
    from shapely.geometry import Point
    from ..build import PRODUCT
    over = {}
    for body, reason in records.read_product(os.path.join(PRODUCT, "frame_geometry.txt")):
        k, _, w = body.partition(" ")
        over[k] = wkt.loads(w.strip())
    b.frame_overrides = sorted(over)
    specs = []
    for fr in b.ne:
        g = fr["geom"]
        if fr["adm0_a3"] in over:
            g, q = over[fr["adm0_a3"]], "approximate"
        else:
            q = "natural-earth-lines"
            for k, og in sorted(over.items()):
                if g.intersects(og):
                    g = shapely.make_valid(g.difference(og))
        fr = dict(fr, geom=g, quality=q)
        if fr["adm0_a3"] in b.frames_table:
            d, al, _ = b.frames_table[fr["adm0_a3"]]
        else:
            d, al = (fr["iso_a2_eh"] if fr["iso_a2_eh"] in b.gcountries else None), []
        specs.append(geom.FrameSpec(fr["adm0_a3"], fr["geom"], d, al, fr["quality"]))
    byk = {f.key: f for f in specs}
    b.parts = []
    for body, reason in records.read_product(os.path.join(PRODUCT, "parts.txt")):
        k, cc, x, y = body.split()
        lab = (cc.split(".")[0], cc) if "." in cc else (cc, None)
        if k not in byk or lab[0] not in b.gcountries or (lab[1] and lab[1] not in b.regions):
            raise SystemExit(f"parts.txt: unknown frame, country or region in {body!r}")
        byk[k].parts.append((lab, Point(float(x), float(y))))
        byk[k].allowed.add(lab[0])
        b.parts.append((k, cc, x, y, reason))
    b.frames = specs


def coverage(b, cities):
    faced, st = geom.label_world(b.frames, b.base, cities, set(b.regions), log=b.log)
    have = set(d["label"] for d in faced if d["label"])
    approx = geom.approximate_units(faced, cities, set(b.regions), have)
    keys, geoms, quality = geom.dissolve(faced + approx)
    before = set(keys)
    keys, geoms, moves = borders.refine(keys, geoms, b.zones, b.seeds, log=b.log)
    lost = sorted(before - set(keys), key=label_key)
    for k in keys:
        quality.setdefault(k, "time-zones")
    raw, simp = geom.finish(geoms)
    return {"faced": faced, "stats": st, "approx": approx, "keys": keys, "raw": raw, "simp": simp,
            "quality": quality, "moves": moves, "lost": lost}


def choose_tolerance(b):
    cov = b.cov
    ok = [i for i, g in enumerate(cov["simp"]) if g is not None]
    polys = [cov["simp"][i] for i in ok]
    idx, inside = geom.assign_points(polys, b.cities.points, nearest=0)
    out = np.nonzero(~inside)[0]
    tree = shapely.STRtree(polys)
    d = np.full(len(out), np.inf)
    if len(out):
        pi, gi = tree.query_nearest(b.cities.points[out], max_distance=1.0, return_distance=True,
                                    all_matches=False)
        d[pi[0]] = gi
    b.outside = out
    b.outside_dist = d
    b.tol, b.tol_table = tolerance_table(d)
    b.step(f"coastline tolerance {b.tol} deg ({len(out)} cities outside every polygon)")


def score_cities(keys, polys, cities, tol):
    res, inside = geom.lookup(keys, polys, cities.points, tol)
    share, wrong = score(res, cities.labels)
    return share, res, inside, wrong


def gates(b):
    cov = b.cov
    keys, raw, simp = cov["keys"], cov["raw"], cov["simp"]
    # validity after quantisation
    invalid = [label_key(keys[i]) for i, g in enumerate(simp) if g is None or not g.is_valid]
    arr = np.asarray([g for g in simp if g is not None], dtype=object)
    cov_valid = bool(shapely.coverage_is_valid(arr))
    b.country_geoms = {}
    by_country = defaultdict(list)
    for k, g in zip(keys, simp):
        if g is not None:
            by_country[k[0]].append(g)
    for cc in sorted(by_country):
        try:
            g = geom.polygonal(geom.snap(shapely.coverage_union_all(np.asarray(by_country[cc], dtype=object))))
        except shapely.errors.GEOSException as e:
            b.failures.append(f"country {cc}: its regions do not join as a coverage ({e})")
            g = geom.polygonal(geom.snap(shapely.union_all(np.asarray(by_country[cc], dtype=object))))
        if g is not None and not g.is_valid:
            g = geom.polygonal(geom.snap(shapely.make_valid(g)))
        b.country_geoms[cc] = g
    inv_c = [cc for cc, g in b.country_geoms.items() if g is None or not g.is_valid]
    b.gates["coverage_valid"] = cov_valid and not invalid and not inv_c
    b.gates["invalid_polygons"] = len(invalid) + len(inv_c)
    if not b.gates["coverage_valid"]:
        b.failures.append(f"coverage not valid (coverage_is_valid={cov_valid}, invalid={invalid[:5]} {inv_c[:5]})")
    # no city in two polygons (interiors)
    reg_idx = [i for i, k in enumerate(keys) if k[1] is not None and simp[i] is not None]
    rpolys = [simp[i] for i in reg_idx]
    cpolys = [b.country_geoms[c] for c in sorted(b.country_geoms)]
    two = {}
    for name, polys in (("regions", rpolys), ("countries", cpolys)):
        tree = shapely.STRtree(polys)
        pi, _ = tree.query(b.cities.points, predicate="within")
        cnt = Counter(pi.tolist())
        two[name] = sum(1 for v in cnt.values() if v > 1)
    b.gates["cities_in_two_regions"] = two["regions"]
    b.gates["cities_in_two_countries"] = two["countries"]
    if two["regions"] or two["countries"]:
        b.failures.append(f"cities in two polygons: {two}")
    b.step("  simplified vs unsimplified")
    r1, _ = geom.lookup(keys, raw, b.cities.points, b.tol)
    r2, _ = geom.lookup(keys, simp, b.cities.points, b.tol)
    agree = sum(a == c for a, c in zip(r1, r2)) / len(r1)
    b.gates["simplified_agreement_cities"] = agree
    samples = boundary_samples(keys, raw)
    s1, _ = geom.lookup(keys, raw, samples, b.tol)
    s2, _ = geom.lookup(keys, simp, samples, b.tol)
    agree_b = sum(a == c for a, c in zip(s1, s2)) / len(s1)
    b.gates["simplified_agreement_boundary_samples"] = agree_b
    b.gates["boundary_samples"] = len(samples)
    b.step("  held-out accuracy")
    h = b.held
    acc, _, hin, _ = score_cities(h["keys"], h["simp"], b.odd, b.tol)
    acc0, _, _, _ = score_cities(h["keys"], h["simp"], b.odd, 0)
    b.gates["heldout_city_accuracy"] = acc
    b.gates["heldout_city_accuracy_no_fallback"] = acc0
    b.gates["heldout_cities"] = len(b.odd.labels)
    # all cities, final coverage
    acc_all, res_all, inside_all, wrong_all = score_cities(keys, simp, b.cities, b.tol)
    b.gates["city_accuracy_all_votes"] = acc_all
    b.city_lookup = res_all
    b.city_inside = inside_all
    b.city_wrong = wrong_all
    b.country_wrong = [c for c, r in enumerate(res_all) if r is None or r[0] != b.cities.labels[c][0]]
    b.gates["cities_country_agreement"] = 1 - len(b.country_wrong) / len(res_all)
    # A place outside every polygon that no land zone holds either is at sea by the zone
    # polygons too: a GeoNames position off by kilometres; listed in the audit, not a gate.
    b.gates["cities_outside_every_polygon"] = sum(r is None for r in res_all)
    b.gates["cities_on_land_outside_every_polygon"] = sum(
        1 for c, r in enumerate(res_all) if r is None and b.zone_kept[c] is not None)
    if b.gates["cities_on_land_outside_every_polygon"]:
        b.failures.append(f"{b.gates['cities_on_land_outside_every_polygon']} cities500 places on land lie "
                          "outside every polygon beyond the coastline tolerance")
    regs_with = sorted(set(k[1] for i, k in enumerate(keys) if k[1] is not None and simp[i] is not None))
    q = cov["quality"]
    b.region_quality = {r: "none" for r in b.regions}
    for k in keys:
        if k[1] is not None and k[1] in b.region_quality:
            b.region_quality[k[1]] = q[k]
    nat = sum(1 for r in regs_with if b.region_quality.get(r) != "approximate")
    b.gates["regions_with_polygon"] = len(regs_with)
    b.gates["regions_with_polygon_excluding_approximate"] = nat
    b.gates["regions_approximate"] = len(regs_with) - nat


def boundary_samples(keys, raw):
    """Points within 2 km of every region boundary: along each region's rings (one per ~5 km,
    4..200 per ring), offset inside a 2 km disc by a seeded generator (deterministic)."""
    rng = np.random.default_rng(12345)
    rings, counts = [], []
    for i, k in enumerate(keys):
        g = raw[i]
        if k[1] is None or g is None:
            continue
        for ring in shapely.get_parts(shapely.boundary(g)):
            km = ring.length * 111.32 * max(math.cos(math.radians(ring.centroid.y)), 0.2)
            rings.append(ring)
            counts.append(int(min(200, max(4, km / 5))))
    counts = np.asarray(counts)
    geo = np.repeat(np.asarray(rings, dtype=object), counts)
    start = np.repeat(np.cumsum(counts) - counts, counts)
    j = np.arange(len(geo)) - start
    frac = (j + rng.random(len(geo))) / np.repeat(counts, counts)
    base = shapely.line_interpolate_point(geo, frac, normalized=True)
    x, y = shapely.get_x(base), shapely.get_y(base)
    r = 2.0 * np.sqrt(rng.random(len(geo)))
    a = 2 * np.pi * rng.random(len(geo))
    dy = r * np.sin(a) / 111.32
    dx = r * np.cos(a) / (111.32 * np.maximum(np.cos(np.radians(y)), 0.01))
    return shapely.points(np.clip(x + dx, -180, 180), np.clip(y + dy, -90, 90))
