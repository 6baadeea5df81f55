import unittest

import shapely
from shapely.geometry import Point, box

from gazc.stages.zones import country_zones, rule_zone


class ZonesStageTests(unittest.TestCase):
    def test_country_zone_is_the_one_over_most_of_its_area(self):
        keys = [("AA", "AA.1"), ("AA", "AA.2"), ("AA", "AA.3"), ("BB", None)]
        geoms = [box(0, 0, 2, 1), box(2, 0, 3, 1), box(3, 0, 4, 1), box(5, 0, 6, 1)]
        own = {keys[0]: "Zone/West", keys[1]: "Zone/East", keys[2]: "Zone/East", keys[3]: "Zone/B"}
        self.assertEqual(country_zones(keys, geoms, own), {"AA": "Zone/East", "BB": "Zone/B"})
        # a tie goes to the first name
        own[keys[0]] = "Zone/Z"
        geoms[0] = box(0, 0, 2, 1)
        self.assertEqual(country_zones(keys, geoms, own)["AA"], "Zone/East")
        self.assertEqual(country_zones(keys[:1] + keys[1:2], [box(0, 0, 1, 1), box(1, 0, 2, 1)],
                                       {keys[0]: "B/Zone", keys[1]: "A/Zone"})["AA"], "A/Zone")

    def test_rule_takes_the_smallest_piece_else_region_else_country(self):
        big, small = box(0, 0, 2, 2), box(0, 0, 1, 1)
        for g in (big, small):
            shapely.prepare(g)
        pieces = {("AA", "AA.1"): [(4.0, "Big/Piece", big), (1.0, "Small/Piece", small)]}
        region_zone, country_zone = {"AA.1": "Own/Zone"}, {"AA": "Country/Zone"}
        self.assertEqual(rule_zone(("AA", "AA.1"), Point(0.5, 0.5), pieces, region_zone, country_zone), "Small/Piece")
        self.assertEqual(rule_zone(("AA", "AA.1"), Point(1.5, 1.5), pieces, region_zone, country_zone), "Big/Piece")
        self.assertEqual(rule_zone(("AA", "AA.1"), Point(5, 5), pieces, region_zone, country_zone), "Own/Zone")
        self.assertEqual(rule_zone(("AA", "AA.2"), Point(5, 5), pieces, region_zone, country_zone), "Country/Zone")
        self.assertEqual(rule_zone(("AA", None), Point(5, 5), pieces, region_zone, country_zone), "Country/Zone")
        self.assertIsNone(rule_zone(None, Point(5, 5), pieces, region_zone, country_zone))


if __name__ == "__main__":
    unittest.main()
