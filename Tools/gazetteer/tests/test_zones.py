import unittest

import shapely
from shapely.geometry import Polygon, box

from gazc import zones


class ZoneTests(unittest.TestCase):
    def test_zone_at_takes_the_smallest_of_overlapping_zones(self):
        names = ["Big/Zone", "Small/Zone"]
        geoms = [box(0, 0, 10, 10), box(2, 2, 3, 3)]
        got = zones.zone_at(names, geoms, shapely.points([2.5, 5, 20], [2.5, 5, 20]))
        self.assertEqual(got, ["Small/Zone", "Big/Zone", None])

    def test_simplify_keeps_every_place_in_its_zone(self):
        # A thin bay 0.0003 deg wide: simplifying at 0.0005 would close it and move the place
        # inside it into the zone; the zone is simplified again, finer, until it does not.
        bay = Polygon([(0, 0), (1, 0), (1, 1), (0.5003, 1), (0.5003, 0.2), (0.5, 0.2), (0.5, 1), (0, 1)])
        other = box(0.5, 0.2, 0.5003, 1)
        polys = {"A/Zone": bay, "B/Zone": other}
        pts = shapely.points([0.50015, 0.2], [0.5, 0.5])
        out, tol, before, after = zones.simplify(polys, {"A/Zone": "AA", "B/Zone": "BB"}, pts, log=lambda *a: None)
        self.assertEqual(before, after)
        self.assertEqual(before[0], "B/Zone")
        self.assertLessEqual(tol["B/Zone"], zones.SIMPLIFY)

    def test_assign_gives_the_majority_zone_and_wide_pieces_only(self):
        keys = [("US", "US.AZ")]
        region = box(0, 0, 4, 4)
        names = ["America/Denver", "America/Phoenix", "Sliver/Zone"]
        zg = [box(3, 3, 5, 5), box(-1, -1, 3.001, 5), box(3.0, 0, 3.001, 3)]
        own, pieces = zones.assign(keys, [region], names, zg)
        self.assertEqual(own, {("US", "US.AZ"): "America/Phoenix"})
        self.assertEqual([(k, z) for k, z, _ in pieces], [(("US", "US.AZ"), "America/Denver")])
        self.assertAlmostEqual(pieces[0][2].area, 1.0, places=6)


if __name__ == "__main__":
    unittest.main()
