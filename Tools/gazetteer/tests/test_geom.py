import unittest

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box

from gazc import geom


def cities(points):
    """points: list of (lon, lat, country, region-or-None)."""
    ids = list(range(1, len(points) + 1))
    return geom.Cities(ids, [p[0] for p in points], [p[1] for p in points], [(p[2], p[3]) for p in points])


def grid(x0, x1, y0, y1, n, cc, reg):
    out = []
    for i in range(n):
        for j in range(n):
            out.append((x0 + (x1 - x0) * (i + 0.5) / n, y0 + (y1 - y0) * (j + 0.5) / n, cc, reg))
    return out


def run(frames, lines, pts, valid):
    base, _ = geom.build_base_faces(frames, lines, log=lambda *a: None)
    faced, stats = geom.label_world(frames, base, cities(pts), set(valid), log=lambda *a: None)
    keys, geoms, quality = geom.dissolve(faced)
    raw, simp = geom.finish(geoms)
    return keys, raw, simp, quality, stats


def at(keys, polys, x, y, tol=0.0):
    res, _ = geom.lookup(keys, polys, shapely.points([x], [y]), tol)
    return res[0]


class CoverageTests(unittest.TestCase):
    def test_line_splits_frame_and_votes_label(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        pts = grid(0, 5, 0, 10, 3, "AA", "AA.01") + grid(5, 10, 0, 10, 3, "AA", "AA.02")
        keys, raw, simp, q, _ = run(fr, [LineString([(5, -1), (5, 11)])], pts, ["AA.01", "AA.02"])
        self.assertEqual(keys, [("AA", "AA.01"), ("AA", "AA.02")])
        self.assertEqual(q[("AA", "AA.01")], "natural-earth-lines")
        self.assertEqual(at(keys, simp, 2, 5), ("AA", "AA.01"))
        self.assertEqual(at(keys, simp, 8, 5), ("AA", "AA.02"))
        self.assertTrue(shapely.coverage_is_valid(np.asarray(simp, dtype=object)))

    def test_gap_closing_connects_short_line(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        pts = grid(0, 5, 0, 10, 3, "AA", "AA.01") + grid(5, 10, 0, 10, 3, "AA", "AA.02")
        line = LineString([(5, 0.003), (5, 9.996)])      # stops short of the frame at both ends
        base, st = geom.build_base_faces(fr, [line], log=lambda *a: None)
        self.assertEqual(st["gap_connectors"], 2)
        self.assertEqual(len(base[0][2]), 2)

    def test_voronoi_split_of_two_strong_labels(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        pts = grid(0, 4, 0, 10, 3, "AA", "AA.01") + grid(6, 10, 0, 10, 3, "AA", "AA.02")
        keys, raw, simp, q, st = run(fr, [], pts, ["AA.01", "AA.02"])
        self.assertEqual(st["faces_split"], 1)
        self.assertEqual(q[("AA", "AA.02")], "split")
        self.assertEqual(at(keys, simp, 1, 5), ("AA", "AA.01"))
        self.assertEqual(at(keys, simp, 9, 5), ("AA", "AA.02"))

    def test_unit_that_wins_nowhere_gets_a_face(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        pts = grid(0, 10, 0, 10, 5, "AA", "AA.01") + [(5.1, 5.1, "AA", "AA.03")]
        keys, raw, simp, q, _ = run(fr, [], pts, ["AA.01", "AA.03"])
        self.assertIn(("AA", "AA.03"), keys)
        self.assertEqual(at(keys, simp, 5.1, 5.1), ("AA", "AA.03"))

    def test_unlabelled_face_inherits_longest_boundary(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        lines = [LineString([(2, -1), (2, 11)]), LineString([(2, 3), (11, 3)])]
        pts = grid(0, 2, 0, 10, 3, "AA", "AA.01") + grid(2, 10, 0, 3, 3, "AA", "AA.02")
        keys, raw, simp, q, st = run(fr, lines, pts, ["AA.01", "AA.02"])
        # the empty face (2..10 x 3..10) shares 7 units with AA.01 and 8 with AA.02
        self.assertEqual(at(keys, simp, 6, 8), ("AA", "AA.02"))
        self.assertGreaterEqual(st["inherited"], 1)

    def test_an_island_without_places_joins_the_nearest_region_across_the_seam(self):
        # Alaska's Aleutians: regions east of the antimeridian and far east, an island just west of it.
        frame = shapely.union_all([box(-179.9, 50, -178, 53), box(-70, 43, -66, 47), box(179, 51, 179.6, 52)])
        fr = [geom.FrameSpec("USA", frame, "US", [])]
        pts = grid(-179.9, -178, 50, 53, 3, "US", "US.AK") + grid(-70, -66, 43, 47, 3, "US", "US.ME")
        keys, raw, simp, q, st = run(fr, [], pts, ["US.AK", "US.ME"])
        self.assertEqual(at(keys, simp, 179.3, 51.5), ("US", "US.AK"))
        self.assertEqual(at(keys, simp, -68, 45), ("US", "US.ME"))
        self.assertGreaterEqual(st["islands"], 1)

    def test_frame_table_assigns_overseas_part(self):
        fr = [geom.FrameSpec("FRA", shapely.union_all([box(0, 0, 4, 4), box(20, 0, 22, 2)]), "FR", ["GF"])]
        pts = grid(0, 4, 0, 4, 3, "FR", "FR.11") + grid(20, 22, 0, 2, 2, "GF", "GF.GF")
        keys, raw, simp, q, _ = run(fr, [], pts, ["FR.11", "GF.GF"])
        self.assertEqual(at(keys, simp, 21, 1), ("GF", "GF.GF"))
        self.assertEqual(at(keys, simp, 2, 2), ("FR", "FR.11"))

    def test_frame_without_country_is_left_out(self):
        fr = [geom.FrameSpec("BRT", box(0, 0, 1, 1), None, [])]
        keys, raw, simp, q, _ = run(fr, [], [], [])
        self.assertEqual(keys, [])

    def test_enclave_is_a_hole_and_nearest_fallback(self):
        outer = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(4, 4), (6, 4), (6, 6), (4, 6)]])
        fr = [geom.FrameSpec("ITA", outer, "IT", []), geom.FrameSpec("VAT", box(4, 4, 6, 6), "VA", [])]
        pts = grid(0, 10, 0, 3, 3, "IT", "IT.07") + [(5, 5, "VA", None)]
        keys, raw, simp, q, _ = run(fr, [], pts, ["IT.07"])
        self.assertEqual(at(keys, simp, 5, 5), ("VA", None))
        self.assertEqual(at(keys, simp, 8, 8), ("IT", "IT.07"))
        self.assertIsNone(at(keys, simp, 10.05, 5))
        self.assertEqual(at(keys, simp, 10.05, 5, tol=0.1), ("IT", "IT.07"))
        # no point in two polygons: the enclave is a hole of the surrounding region
        it = simp[keys.index(("IT", "IT.07"))]
        self.assertFalse(it.covers(Point(5, 5)))

    def test_deterministic(self):
        fr = [geom.FrameSpec("AAA", box(0, 0, 10, 10), "AA", [])]
        pts = grid(0, 4, 0, 10, 3, "AA", "AA.01") + grid(6, 10, 0, 10, 3, "AA", "AA.02")
        a = run(fr, [], pts, ["AA.01", "AA.02"])
        b = run(fr, [], list(reversed(pts)), ["AA.01", "AA.02"])
        self.assertEqual([g.wkb for g in a[2]], [g.wkb for g in b[2]])


class PartsTests(unittest.TestCase):
    def test_part_of_frame_goes_to_listed_country(self):
        fs = geom.FrameSpec("NOR", shapely.union_all([box(0, 0, 4, 4), box(30, -50, 31, -49)]), "NO", [])
        fs.parts.append((("BV", None), Point(30.5, -49.5)))
        fs.allowed.add("BV")
        pts = grid(0, 4, 0, 4, 3, "NO", "NO.12")
        keys, raw, simp, q, st = run([fs], [], pts, ["NO.12"])
        self.assertEqual(at(keys, simp, 30.5, -49.5), ("BV", None))
        self.assertEqual(at(keys, simp, 2, 2), ("NO", "NO.12"))


if __name__ == "__main__":
    unittest.main()


class MapShapeTests(unittest.TestCase):
    def test_neighbours_share_borders_and_small_islands_become_dots(self):
        wiggle = [(1.0, y / 10) for y in range(11)]
        west = Polygon([(0, 0)] + wiggle + [(0, 1)])
        # a 0.01° islet far from the rest of east, and a 0.02° lake inside it
        east = shapely.union_all([Polygon(list(reversed(wiggle)) + [(2, 0), (2, 1)]), box(3, 3, 3.01, 3.01)])
        east = east.difference(box(1.5, 0.5, 1.52, 0.52))
        (w, wdots), (e, edots) = geom.map_shapes([west, east], 0.05)
        self.assertEqual(wdots, [])
        self.assertEqual(len(edots), 1)
        x, y = edots[0]
        self.assertTrue(3 <= x <= 3.01 and 3 <= y <= 3.01)
        self.assertEqual(e.geom_type, "Polygon")          # the islet left the outline
        self.assertEqual(len(e.interiors), 0)             # so did the lake, smaller than (2·tol)²
        self.assertTrue(shapely.coverage_is_valid(np.asarray([w, e], dtype=object)))
        self.assertAlmostEqual(w.area + e.area, 2.0, delta=0.01)

    def test_a_country_made_of_islets_is_only_dots_one_per_cell(self):
        islets = shapely.union_all([box(x, 0, x + 0.001, 0.001) for x in (0.0, 0.01, 0.2)])
        (shape, dots), = geom.map_shapes([islets], 0.05)
        self.assertIsNone(shape)
        self.assertEqual(len(dots), 2)                    # 0.0 and 0.01 share a 0.05° cell

    def test_missing_geometries_keep_their_place(self):
        out = geom.map_shapes([None, box(0, 0, 1, 1)], 0.05)
        self.assertEqual(out[0], (None, []))
        self.assertIsNotNone(out[1][0])
