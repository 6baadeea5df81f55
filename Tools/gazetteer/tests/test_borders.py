import unittest

import numpy as np
import shapely
from shapely.geometry import Point, box

from gazc import borders, geom


def zones(polys, country, also=None):
    return borders.Zones(polys, country, also or {})


def at(keys, geoms, x, y):
    res, _ = geom.lookup(keys, geoms, shapely.points([x], [y]), 0)
    return res[0]


def refine(keys, geoms, z, seeds=()):
    return borders.refine(keys, geoms, z, shapely.points(list(seeds)) if seeds else np.asarray([], dtype=object),
                          log=lambda *a: None)


class BorderTests(unittest.TestCase):
    # Two countries side by side, Natural Earth's border at x = 5; the zones put it at x = 5.5.
    keys = [("AA", "AA.01"), ("AA", "AA.02"), ("BB", "BB.01")]
    geoms = [box(0, 0, 5, 6), box(0, 6, 5, 10), box(5, 0, 10, 10)]
    z = {"Zone/A": box(-1, -1, 5.5, 11), "Zone/B": box(5.5, -1, 11, 11)}
    country = {"Zone/A": "AA", "Zone/B": "BB"}

    def test_ground_in_another_countrys_zone_moves_to_it_and_its_longest_border_region(self):
        keys, geoms, moves = refine(self.keys, self.geoms, zones(self.z, self.country))
        self.assertEqual(at(keys, geoms, 5.2, 2), ("AA", "AA.01"))
        self.assertEqual(at(keys, geoms, 5.2, 8), ("AA", "AA.01"))      # the strip goes whole
        self.assertEqual(at(keys, geoms, 5.8, 2), ("BB", "BB.01"))
        self.assertTrue(shapely.coverage_is_valid(np.asarray(geoms, dtype=object)))
        self.assertEqual([(m[0], m[1], m[2]) for m in moves], [("BB", "AA", "Zone/A")])
        self.assertAlmostEqual(sum(g.area for g in geoms), 100, places=6)

    def test_a_zone_that_admits_the_country_leaves_its_ground(self):
        keys, geoms, moves = refine(self.keys, self.geoms, zones(self.z, self.country, {"Zone/A": {"BB"}}))
        self.assertEqual(at(keys, geoms, 5.2, 2), ("BB", "BB.01"))
        self.assertEqual(moves, [])

    def test_where_zones_of_two_countries_overlap_the_ground_stays(self):
        z = dict(self.z, **{"Zone/B2": box(5.1, 1, 5.4, 2)})
        keys, geoms, _ = refine(self.keys, self.geoms, zones(z, dict(self.country, **{"Zone/B2": "BB"})))
        self.assertEqual(at(keys, geoms, 5.2, 1.5), ("BB", "BB.01"))
        self.assertEqual(at(keys, geoms, 5.2, 3), ("AA", "AA.01"))

    def test_an_enclave_moves_whole(self):
        z = {"Zone/A": box(-1, -1, 11, 11), "Zone/E": box(7, 7, 8, 8)}
        keys, geoms, _ = refine(self.keys, self.geoms, zones(z, {"Zone/A": "AA", "Zone/E": "BB"}))
        self.assertEqual(at(keys, geoms, 7.5, 7.5), ("BB", "BB.01"))     # stays: its zone is BB's
        z = {"Zone/B": box(-1, -1, 11, 11), "Zone/E": box(1, 1, 2, 2)}
        keys, geoms, _ = refine(self.keys, self.geoms, zones(z, {"Zone/B": "BB", "Zone/E": "AA"}))
        self.assertEqual(at(keys, geoms, 1.5, 1.5), ("AA", "AA.01"))

    def test_antarctica_never_moves(self):
        keys, geoms, _ = refine([("AQ", None)], [box(0, -80, 10, -70)],
                                zones({"Zone/X": box(-1, -81, 11, -69)}, {"Zone/X": "AU"}))
        self.assertEqual(at(keys, geoms, 5, -75), ("AQ", None))

    def test_an_island_natural_earth_lacks_joins_the_zones_country_by_its_place(self):
        z = dict(self.z, **{"Zone/A": shapely.union(self.z["Zone/A"], Point(-3, 5).buffer(0.3))})
        keys, geoms, moves = refine(self.keys, self.geoms, zones(z, self.country), seeds=[(-3, 5), (20, 20)])
        self.assertIn(at(keys, geoms, -3, 5)[0], {"AA"})
        self.assertIsNone(at(keys, geoms, 20, 20))                        # a place at sea, in no zone
        self.assertIn((None, "AA", "Zone/A"), [m[:3] for m in moves])
        # A place near a polygon is no island: the coastline tolerance places it.
        _, _, moves = refine(self.keys, self.geoms, zones(self.z, self.country), seeds=[(-0.02, 5)])
        self.assertNotIn(None, [m[0] for m in moves])

    def test_a_moved_island_joins_the_nearest_region_across_the_seam(self):
        keys = [("AA", "AA.01"), ("AA", "AA.02")]
        geoms = [box(-179.9, 50, -179, 52), box(-70, 43, -66, 47)]
        keys, geoms = borders.join(keys, geoms, {"AA": [box(179, 51, 179.5, 52)]})
        self.assertEqual(at(keys, geoms, 179.2, 51.5), ("AA", "AA.01"))

    def test_zone_countries_must_name_a_zone(self):
        with self.assertRaises(SystemExit):
            borders.read_zone_countries([("Nowhere/Zone VN", "")], {"Asia/Bangkok": "TH"})
        self.assertEqual(borders.read_zone_countries([("Asia/Bangkok VN", "")], {"Asia/Bangkok": "TH"}),
                         {"Asia/Bangkok": {"VN"}})


if __name__ == "__main__":
    unittest.main()
