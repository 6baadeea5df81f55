"""Region/country coverage: node lines per country frame, polygonise, label faces by city votes.

The whole pipeline works on plain shapely geometries so that tests can feed it synthetic frames,
lines and cities (see tests/test_geom.py). Everything is processed in sorted order so that two
runs give the same result.
"""
import math
from collections import Counter, defaultdict

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon

from . import GRID

# Tunables (documented in README.md)
GAP_MAX = 0.01            # free line ends closer than this to another edge get a connector
OVERSHOOT = 2 * GRID      # connectors overshoot the target edge by two grid cells
SPLIT_MIN_VOTES = 3       # a second label needs this many votes ...
SPLIT_MIN_SHARE = 0.10    # ... and this share of the winner's votes to split a face
SLIVER_KM2 = 1.0          # faces smaller than this with <= SLIVER_VOTES votes are absorbed
SLIVER_VOTES = 2
VOTE_NEAREST = 0.1        # cities outside every face vote for the nearest face within this (deg)
APPROX_BUFFER = 0.03      # radius (deg) around the cities of a unit that has no face at all
PART_RADIUS = 1.0         # product/parts.txt: faces this close (deg) to the point change country
SIMPLIFY_TOL = 0.002      # coverage_simplify tolerance (area-based, see README)


def approx_km2(geom):
    """Cheap planar area in km² (deg² scaled at the centroid latitude); for thresholds only."""
    a = shapely.area(geom)
    if a == 0:
        return 0.0
    lat = shapely.get_y(shapely.centroid(geom))
    return a * 111.32 * 111.32 * max(math.cos(math.radians(lat)), 0.01)


def snap(g):
    return shapely.set_precision(g, GRID)


# ---------------------------------------------------------------------------------------------
# Faces of one frame

def node(lines):
    merged = shapely.union_all(np.asarray(lines, dtype=object), grid_size=GRID)
    return [g for g in shapely.get_parts(merged) if not g.is_empty and g.geom_type == "LineString"]


def close_gaps(frame, edges):
    """Connectors from free line ends inside the frame to the nearest other edge within GAP_MAX."""
    deg = Counter()
    ends = []
    for i, e in enumerate(edges):
        cs = e.coords
        a, b = tuple(cs[0]), tuple(cs[-1])
        deg[a] += 1
        deg[b] += 1
        ends.append((a, b))
    free = sorted(p for p, d in deg.items() if d == 1)
    if not free:
        return [], 0, 0
    tree = shapely.STRtree(edges)
    fb = frame.boundary
    shapely.prepare(frame)
    shapely.prepare(fb)
    connectors = []
    left = 0
    for p in free:
        pt = Point(p)
        if not frame.contains(pt) or fb.distance(pt) < GRID / 2:
            continue
        cand = tree.query(pt, predicate="dwithin", distance=GAP_MAX)
        best = None
        for j in sorted(cand):
            if p in ends[j]:
                continue
            d = edges[j].distance(pt)
            if d <= 0:
                continue
            if best is None or d < best[0]:
                best = (d, j)
        if best is None:
            left += 1
            continue
        q = shapely.shortest_line(pt, edges[best[1]]).coords[-1]
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = math.hypot(dx, dy)
        q2 = (q[0] + dx / n * OVERSHOOT, q[1] + dy / n * OVERSHOOT)
        connectors.append(LineString([p, q2]))
    return connectors, len(connectors), left


def frame_faces(frame, lines, extra=()):
    """Polygonise frame boundary + lines (+ extra cut lines); keep faces inside the frame."""
    frame = snap(frame)
    bnd = shapely.get_parts(shapely.boundary(frame))
    near = [l for l in lines if shapely.intersects(l, frame)]
    edges = node(list(bnd) + near + list(extra))
    conns, nconn, nleft = close_gaps(frame, edges)
    if conns:
        edges = node(edges + conns)
    faces = [f for f in shapely.get_parts(shapely.polygonize(edges))]
    shapely.prepare(frame)
    keep = []
    for f in faces:
        f = snap(f)
        if f.is_empty:
            continue
        for part in shapely.get_parts(f):
            if part.geom_type == "Polygon" and part.area > 0 and frame.contains(part.point_on_surface()):
                keep.append(part)
    keep.sort(key=lambda g: (g.bounds, g.area))
    return keep, nconn, nleft


# ---------------------------------------------------------------------------------------------
# Votes

class Cities:
    """Oracle points: coordinates and their (country, region-or-None) labels."""

    def __init__(self, ids, lons, lats, labels):
        self.ids = np.asarray(ids)
        self.lons = np.asarray(lons, dtype=float)
        self.lats = np.asarray(lats, dtype=float)
        self.labels = list(labels)
        self.points = shapely.points(self.lons, self.lats)

    def subset(self, mask):
        idx = np.nonzero(mask)[0]
        return Cities(self.ids[idx], self.lons[idx], self.lats[idx], [self.labels[i] for i in idx])


def assign_points(polys, points, nearest=VOTE_NEAREST):
    """Index of the polygon holding each point (smallest area, then lowest index on ties),
    else the nearest polygon within `nearest`; -1 when none. Returns (index, located_inside)."""
    tree = shapely.STRtree(polys)
    n = len(points)
    out = np.full(n, -1, dtype=np.int64)
    inside = np.zeros(n, dtype=bool)
    if len(polys) == 0 or n == 0:
        return out, inside
    pi, gi = tree.query(points, predicate="intersects")
    areas = shapely.area(np.asarray(polys, dtype=object))
    best = {}
    for p, g in zip(pi.tolist(), gi.tolist()):
        k = (areas[g], g)
        if p not in best or k < best[p]:
            best[p] = k
    for p, (a, g) in best.items():
        out[p] = g
        inside[p] = True
    rest = np.nonzero(out < 0)[0]
    if len(rest) and nearest > 0:
        pi, gi = tree.query_nearest(points[rest], max_distance=nearest, all_matches=True)
        bestn = {}
        for p, g in zip(pi.tolist(), gi.tolist()):
            if p not in bestn or g < bestn[p]:
                bestn[p] = g
        for p, g in bestn.items():
            out[rest[p]] = g
    return out, inside


def face_votes(faces, cities):
    idx, inside = assign_points(faces, cities.points)
    votes = [Counter() for _ in faces]
    members = [[] for _ in faces]
    for c, f in enumerate(idx.tolist()):
        if f >= 0:
            votes[f][cities.labels[c]] += 1
            members[f].append(c)
    return votes, members


def winner(counter, allowed, valid_regions):
    """Winning label of a face: only labels of the frame's allowed countries; region labels that
    exist (valid_regions) beat country-only labels; highest count; ties by label."""
    cands = [(lab, n) for lab, n in counter.items() if lab[0] in allowed]
    regs = [(lab, n) for lab, n in cands if lab[1] is not None and lab[1] in valid_regions]
    pool = regs or [((lab[0], None), n) for lab, n in cands]
    if not pool:
        return None
    agg = Counter()
    for lab, n in pool:
        agg[lab] += n
    return sorted(agg.items(), key=lambda t: (-t[1], t[0][0], t[0][1] or ""))[0][0]


# ---------------------------------------------------------------------------------------------
# Voronoi split

def split_lines(face, cities, member_idx, strong):
    """Cut lines inside `face` separating the Voronoi cells of cities of the `strong` labels."""
    by_xy = {}
    for c in member_idx:
        lab = cities.labels[c]
        if lab not in strong:
            continue
        xy = (round(float(cities.lons[c]), 5), round(float(cities.lats[c]), 5))
        by_xy.setdefault(xy, Counter())[lab] += 1
    if len(by_xy) < 2:
        return []
    pts = sorted(by_xy)
    labs = [sorted(by_xy[p].items(), key=lambda t: (-t[1], t[0][0], t[0][1] or ""))[0][0] for p in pts]
    if len(set(labs)) < 2:
        return []
    env = shapely.box(*face.buffer(0.5).bounds)
    cells = shapely.voronoi_polygons(MultiPoint(pts), extend_to=env, ordered=True)
    cells = list(shapely.get_parts(cells))
    groups = defaultdict(list)
    for cell, lab in zip(cells, labs):
        groups[lab].append(cell)
    bounds = []
    for lab in sorted(groups, key=lambda l: (l[0], l[1] or "")):
        g = shapely.union_all(groups[lab])
        bounds.append(shapely.boundary(g))
    cut = shapely.union_all(bounds)
    cut = shapely.intersection(cut, face.buffer(3 * GRID, quad_segs=2))
    return [l for l in shapely.get_parts(shapely.line_merge(cut) if cut.geom_type != "LineString" else cut)
            if l.geom_type == "LineString" and not l.is_empty]


# ---------------------------------------------------------------------------------------------
# Labelling of one frame's faces

def shifted(g, dx):
    """`g` moved `dx` degrees east."""
    return shapely.transform(g, lambda c: c + np.array([dx, 0.0]))


def seam_distance(a, b):
    """Distance between two geometries the short way round the world: as they are, or with
    `a` moved a full turn east or west."""
    return min(a.distance(b), shifted(a, 360.0).distance(b), shifted(a, -360.0).distance(b))


def nearest_across_seam(tree, g):
    """Position in `tree` of the geometry nearest `g` the short way round the world (ties:
    the lower position)."""
    best = None
    for dx in (0.0, 360.0, -360.0):
        js, ds = tree.query_nearest(g if dx == 0 else shifted(g, dx), all_matches=True, return_distance=True)
        for j, d in zip(np.atleast_1d(js), np.atleast_1d(ds)):
            if best is None or (float(d), int(j)) < best:
                best = (float(d), int(j))
    return best[1]


def shared_length(a, b):
    inter = shapely.intersection(a.boundary, b.boundary)
    return shapely.length(inter)


def neighbours(faces):
    tree = shapely.STRtree(faces)
    pairs = tree.query(faces, predicate="intersects")
    nb = defaultdict(set)
    for i, j in zip(*pairs.tolist()):
        if i != j:
            nb[i].add(j)
    return nb


def label_frame(faces, votes, allowed, default, valid_regions, stats):
    """Labels for the faces of one frame (list of (country, region) or None for no country)."""
    n = len(faces)
    labels = [winner(v, allowed, valid_regions) if v else None for v in votes]
    nvotes = [sum(v.values()) for v in votes]
    if n == 0:
        return labels
    nb = neighbours(faces)
    cache = {}

    def slen(i, j):
        k = (i, j) if i < j else (j, i)
        if k not in cache:
            cache[k] = shared_length(faces[i], faces[j])
        return cache[k]

    def best_neighbour(i, labs):
        best = None
        for j in sorted(nb.get(i, ())):
            if labs[j] is None:
                continue
            L = slen(i, j)
            if L <= 0:
                continue
            k = (-L, j)
            if best is None or k < best[0]:
                best = (k, labs[j])
        return None if best is None else best[1]

    # slivers
    count = Counter(l for l in labels if l is not None)
    for i in range(n):
        if labels[i] is None or nvotes[i] > SLIVER_VOTES or approx_km2(faces[i]) >= SLIVER_KM2:
            continue
        if count[labels[i]] <= 1:
            continue
        nl = best_neighbour(i, labels)
        if nl is not None and nl != labels[i]:
            count[labels[i]] -= 1
            count[nl] += 1
            labels[i] = nl
            stats["slivers"] += 1
    # inheritance over shared boundaries
    rounds = 0
    while True:
        changed = []
        for i in range(n):
            if labels[i] is None:
                nl = best_neighbour(i, labels)
                if nl is not None:
                    changed.append((i, nl))
        if not changed:
            break
        rounds += 1
        for i, nl in changed:
            labels[i] = nl
        stats["inherited"] += len(changed)
    stats["inherit_rounds"] = max(stats.get("inherit_rounds", 0), rounds)
    # islands: nearest labelled face of the frame, the short way round the world (Attu, west of
    # the antimeridian, is nearest Alaska's islands east of it, not Maine)
    lab_idx = [i for i in range(n) if labels[i] is not None]
    if lab_idx:
        tree = shapely.STRtree([faces[i] for i in lab_idx])
        for i in range(n):
            if labels[i] is None:
                labels[i] = labels[lab_idx[nearest_across_seam(tree, faces[i])]]
                stats["islands"] += 1
    else:
        for i in range(n):
            labels[i] = (default, None) if default else None
    return labels


# ---------------------------------------------------------------------------------------------
# The world

class FrameSpec:
    def __init__(self, key, geom, default, allowed, quality="natural-earth-lines"):
        self.key = key                # e.g. NE ADM0_A3
        self.geom = geom
        self.quality = quality        # 'approximate' when the frame geometry was replaced
        self.parts = []               # [((country, region-or-None), Point)]: faces within PART_RADIUS get that label
        self.default = default        # GeoNames iso2 or None (frame belongs to no country)
        self.allowed = set(allowed) | ({default} if default else set())


def build_base_faces(frames, lines, log=print):
    """Faces of every frame from frame boundary + lines (before any split)."""
    tree = shapely.STRtree(lines)
    base = []
    tot_conn = tot_left = 0
    for fs in frames:
        geom = snap(fs.geom)
        idx = sorted(tree.query(geom, predicate="intersects").tolist())
        fl = [lines[i] for i in idx]
        faces, nconn, nleft = frame_faces(geom, fl)
        tot_conn += nconn
        tot_left += nleft
        base.append((geom, fl, faces))
    log(f"  base faces: {sum(len(b[2]) for b in base)}, gap connectors {tot_conn}, free ends left {tot_left}")
    return base, {"gap_connectors": tot_conn, "free_ends_left": tot_left}


def label_world(frames, base, cities, valid_regions, log=print):
    """Vote, split, relabel. Returns a list of (face, label, frame_index, split_flag) and stats."""
    stats = Counter()
    all_faces, owner = [], []
    for fi, (_, _, faces) in enumerate(base):
        all_faces += faces
        owner += [fi] * len(faces)
    votes, members = face_votes(all_faces, cities)

    # first winners, to find units that win no face
    won = set()
    for k, f in enumerate(all_faces):
        w = winner(votes[k], frames[owner[k]].allowed, valid_regions)
        if w:
            won.add(w)
    voted = set(l for v in votes for l in v)
    orphans = {l for l in voted if l[1] is not None and l[1] in valid_regions and l not in won}

    # split faces
    cuts = defaultdict(list)
    split_faces = []
    for k, f in enumerate(all_faces):
        fr = frames[owner[k]]
        w = winner(votes[k], fr.allowed, valid_regions)
        if w is None or w[1] is None:
            continue
        wn = votes[k][w]
        strong = {w}
        for lab, n in votes[k].items():
            if lab == w or lab[1] is None or lab[1] not in valid_regions or lab[0] not in fr.allowed:
                continue
            if (n >= SPLIT_MIN_VOTES and n >= SPLIT_MIN_SHARE * wn) or lab in orphans:
                strong.add(lab)
        if len(strong) >= 2:
            ls = split_lines(f, cities, members[k], strong)
            if ls:
                cuts[owner[k]] += ls
                split_faces.append(k)
    stats["faces_split"] = len(split_faces)
    stats["cut_lines"] = sum(len(v) for v in cuts.values())
    split_area = shapely.union_all([all_faces[k] for k in split_faces]) if split_faces else None
    log(f"  split {len(split_faces)} faces with {stats['cut_lines']} cut lines")

    # rebuild the frames that got cut lines
    faces_by_frame = []
    for fi, (geom, fl, faces) in enumerate(base):
        if fi in cuts:
            faces, _, _ = frame_faces(geom, fl, cuts[fi])
        faces_by_frame.append(faces)
    all_faces, owner = [], []
    for fi, faces in enumerate(faces_by_frame):
        all_faces += faces
        owner += [fi] * len(faces)
    votes, members = face_votes(all_faces, cities)
    stats["faces"] = len(all_faces)
    stats["faces_voted"] = sum(1 for v in votes if v)

    out = []
    start = 0
    for fi, faces in enumerate(faces_by_frame):
        fr = frames[fi]
        fv = votes[start:start + len(faces)]
        labs = label_frame(faces, fv, fr.allowed, fr.default, valid_regions, stats)
        for lab, pt in fr.parts:
            for j, f in enumerate(faces):
                if f.distance(pt) <= PART_RADIUS:
                    labs[j] = lab
                    stats["part_faces"] += 1
        for j, f in enumerate(faces):
            k = start + j
            flag = "split" if split_area is not None and split_area.intersects(f.point_on_surface()) else fr.quality
            out.append({"face": f, "label": labs[j], "frame": fi, "votes": fv[j], "flag": flag})
        start += len(faces)
    return out, stats


def approximate_units(faced, cities, valid_regions, have_labels):
    """Small polygons around the cities of units that got no face at all (flag 'approximate')."""
    pts = defaultdict(list)
    for c, lab in enumerate(cities.labels):
        if lab[1] is not None and lab[1] in valid_regions and lab not in have_labels:
            pts[lab].append(cities.points[c])
    if not pts:
        return []
    occupied = shapely.STRtree([d["face"] for d in faced])
    faces = [d["face"] for d in faced]
    out = []
    taken = []
    for lab in sorted(pts, key=lambda l: (l[0], l[1])):
        hull = shapely.convex_hull(MultiPoint(pts[lab])).buffer(APPROX_BUFFER, quad_segs=4)
        hull = hull.intersection(shapely.box(-180, -90, 180, 90))      # never across the antimeridian
        near = occupied.query(hull, predicate="intersects").tolist()
        sub = [faces[i] for i in sorted(near)] + [t for t in taken if t.intersects(hull)]
        g = hull.difference(shapely.union_all(sub)) if sub else hull
        g = snap(g)
        polys = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and p.area > 0]
        if not polys:
            continue
        g = shapely.multipolygons(polys) if len(polys) > 1 else polys[0]
        taken.append(g)
        for p in polys:
            out.append({"face": p, "label": lab, "frame": -1, "votes": Counter({lab: len(pts[lab])}),
                        "flag": "approximate"})
    return out


def dissolve(faced):
    """One polygon per label (country, region-or-None), then coverage_clean. Sorted by label."""
    groups = defaultdict(list)
    flags = defaultdict(set)
    for d in faced:
        if d["label"] is None:
            continue
        groups[d["label"]].append(d["face"])
        flags[d["label"]].add(d["flag"])
    keys = sorted(groups, key=lambda l: (l[0], l[1] or ""))
    geoms = [snap(shapely.coverage_union_all(np.asarray(groups[k], dtype=object))) for k in keys]
    geoms = [shapely.make_valid(g) if not g.is_valid else g for g in geoms]
    geoms = list(shapely.coverage_clean(np.asarray(geoms, dtype=object)))
    quality = {}
    for k in keys:
        f = flags[k]
        quality[k] = "approximate" if f == {"approximate"} else ("split" if "split" in f or "approximate" in f else "natural-earth-lines")
    return keys, geoms, quality


def polygonal(g):
    parts = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and not p.is_empty]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return shapely.multipolygons(parts)


def finish(geoms, tol=SIMPLIFY_TOL):
    """Snap the cleaned coverage to the grid (unsimplified) and coverage_simplify it once."""
    raw = [polygonal(snap(g)) for g in geoms]
    simp = shapely.coverage_simplify(np.asarray(geoms, dtype=object), tol)
    return raw, snapped_coverage(simp)


def snapped_coverage(geoms):
    """A simplified coverage on the 1e-5 grid (None allowed), still a coverage: snapping each
    polygon on its own can part two neighbours' edges where a vertex of one lies a cell from the
    other's, and cleaning with a snap of a few cells joins them again (wider only while needed:
    a three-way corner left with a stub a few dozen cells long)."""
    out = [None if g is None else polygonal(snap(g)) for g in geoms]
    out = [g if g is None or g.is_valid else polygonal(snap(shapely.make_valid(g))) for g in out]
    for cells in (3, 10, 30, 100):
        ok = [i for i, g in enumerate(out) if g is not None]
        if shapely.coverage_is_valid(np.asarray([out[i] for i in ok], dtype=object)):
            break
        cleaned = shapely.coverage_clean(np.asarray([out[i] for i in ok], dtype=object), snapping_distance=cells * GRID)
        for i, g in zip(ok, cleaned):
            out[i] = polygonal(snap(g))
    return out


def lookup(keys, geoms, points, tol):
    """Runtime lookup on label polygons: containment (smallest area wins), else nearest within tol."""
    ok = [i for i, g in enumerate(geoms) if g is not None]
    idx, inside = assign_points([geoms[i] for i in ok], points, nearest=tol)
    res = [keys[ok[i]] if i >= 0 else None for i in idx.tolist()]
    return res, inside


MAP_TOLERANCES = {"country": 0.05, "region": 0.02}   # degrees: ~0.1 and ~0.05 px on a 1000-px world


def map_shapes(geoms, tol, simplify_boundary=True):
    """Map-scale outlines of a coverage (list of polygonal geometries, None allowed):
    coverage_simplify at tol, so neighbours keep one shared border with no gap or overlap, then
    every part or hole smaller than (2·tol)² left out of the outline. A left-out part becomes a
    dot (a point inside it, one per tol-sized cell): an island too small to draw still shows
    where it is instead of vanishing or drawing as a speck. Returns [(polygonal or None, dots)]
    in the order given, dots as sorted (lon, lat) tuples on the 1e-5 grid. simplify_boundary=False
    keeps the coverage's outline as given (a region's subregions inside its stored border)."""
    ok = [i for i, g in enumerate(geoms) if g is not None]
    simp = snapped_coverage(shapely.coverage_simplify(np.asarray([geoms[i] for i in ok], dtype=object), tol,
                                                      simplify_boundary=simplify_boundary))
    out = [(None, [])] * len(geoms)
    least = (2 * tol) ** 2
    for i, g in zip(ok, simp):
        kept, dots = [], {}
        for p in shapely.get_parts(g):
            if p.geom_type != "Polygon" or p.is_empty:
                continue
            if p.area < least:
                q = p.representative_point()
                cell = (math.floor(q.x / tol), math.floor(q.y / tol))
                dots.setdefault(cell, (round(q.x, 5), round(q.y, 5)))
                continue
            holes = [h for h in p.interiors if Polygon(h).area >= least]
            kept.append(Polygon(p.exterior, holes))
        shape = polygonal(snap(MultiPolygon(kept))) if kept else None
        if shape is not None and not shape.is_valid:
            shape = polygonal(snap(shapely.make_valid(shape)))
        out[i] = (shape, sorted(dots.values()))
    return out
