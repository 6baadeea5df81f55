import struct
import unittest

import shapely
from shapely.geometry import Polygon, box

from gazc import records
from gazc.stages import subregions as S


def sub(code, name="Unit", type=None, gid="7", iso=None):
    return {"geonames_code": code, "name": name, "type": type, "geonames_id": gid, "iso_code": iso, "aliases": []}


class UnitTests(unittest.TestCase):
    def test_admin2_units_are_the_two_dot_codes_of_known_countries(self):
        subs = [sub("AA.01"), sub("AA.01.001", " Upper  Vale ", "County", iso="AA-UV"), sub("AA.09.002", gid=""),
                sub("ZZ.01.001"), sub("AA..003"), sub("AA.01.001", "Duplicate")]
        units = S.admin2_units(subs, regions={"AA.01"}, countries={"AA"})
        self.assertEqual(sorted(units), ["AA.01.001", "AA.09.002"])
        self.assertEqual(units["AA.01.001"], {"country": "AA", "region": "AA.01", "name": "Upper Vale", "type": "County",
                                              "geonameid": 7, "iso_code": "AA-UV", "aliases": []})
        self.assertIsNone(units["AA.09.002"]["region"])        # its admin-1 is no region
        self.assertIsNone(units["AA.09.002"]["geonameid"])

    def test_level_names_and_a_bad_line(self):
        self.assertEqual(S.read_level_names([("AA Kreis", ""), ("BB Local government area", "")], {"AA", "BB"}),
                         {"AA": "Kreis", "BB": "Local government area"})
        with self.assertRaises(SystemExit) as e:
            S.read_level_names([("XX Kreis", "")], {"AA"})
        self.assertIn("XX Kreis", str(e.exception))


class FaceOracleTests(unittest.TestCase):
    def test_held_out_agreement_and_units_won(self):
        # Country AA: face 0 holds four cities of unit a (ids 2, 3, 4, 5), face 1 two of b (6, 7)
        # and one of c (9); unit d's city 11 lies in no face. Held out: even ids label the faces
        # (face 0 -> a from 2 and 4; face 1 -> b from 6), the odd ids are scored: 3 and 5 right
        # (a), 7 right (b), 9 wrong (c in b's face), 11 wrong (no face): 3 of 5. All votes: face
        # 0 -> a, face 1 -> b (2 to 1), so 2 of the 4 units with cities win a face.
        ids = [2, 3, 4, 5, 6, 7, 9, 11, 13]
        face_of = [0, 0, 0, 0, 1, 1, 1, -1, 0]
        countries = ["AA"] * 8 + ["BB"]
        units = ["a", "a", "a", "a", "b", "b", "c", "d", "x"]
        stats, labels = S.face_oracle(face_of, face_of, countries, units, ids)
        self.assertEqual(stats["AA"], {"cities": 8, "scored": 5, "right": 3, "agreement": 0.6, "units": 4, "units_won": 2})
        self.assertEqual(labels, {("AA", 0): "a", ("AA", 1): "b", ("BB", 0): "x"})
        # BB's one city is odd and its face has no even vote: wrong
        self.assertEqual(stats["BB"]["agreement"], 0.0)

    def test_a_face_with_a_strong_second_unit_is_cut_between_its_cities(self):
        # one face 0..4 x 0..1: three cities of a at x=0.5, four of b at x=3.5 (strong: 4 >= 3 and
        # >= 10% of 4), one of c at 3.6 (weak) and one of another country (not counted). The cut is
        # the bisector x=2 of a's and b's positions; c's city does not count.
        face = box(0, 0, 4, 1)
        xs = [0.5, 0.5, 0.5, 3.5, 3.5, 3.5, 3.5, 3.6, 0.6]
        ys = [0.5] * 9
        countries = ["AA"] * 8 + ["BB"]
        units = ["a", "a", "a", "b", "b", "b", "b", "c", "z"]
        pieces, origin, cut = S.split_faces([face, box(5, 5, 6, 6)], [0] * 9, xs, ys, countries, units)
        self.assertEqual((origin, cut), ([0, 0, 1], [True, True, False]))
        self.assertTrue(pieces[0].normalize().equals(box(0, 0, 2, 1).normalize()))
        self.assertTrue(pieces[1].normalize().equals(box(2, 0, 4, 1).normalize()))
        # with only two cities of b it stays whole (fewer than 3 votes)
        pieces, _, cut = S.split_faces([face], [0] * 5, xs[:5], ys[:5], countries[:5], units[:5])
        self.assertEqual(cut, [False])

    def test_a_tie_goes_to_the_smaller_code(self):
        self.assertEqual(S.plurality({"b": 2, "a": 2, "c": 1}), "a")

    def test_countries_pass_on_all_three_thresholds(self):
        ok = {"cities": 100, "scored": 50, "right": 49, "agreement": 0.98, "uncut": 0.9, "units": 10, "units_won": 10}
        stats = {"AA": ok, "BB": dict(ok, agreement=0.9), "CC": dict(ok, units_won=8), "DD": dict(ok, units=2, units_won=2),
                 "EE": dict(ok, uncut=0.5), "US": ok}
        self.assertEqual(S.face_countries(stats, excluded={"US"}), ["AA"])


class PolygonTests(unittest.TestCase):
    def test_partition_covers_the_region_and_gives_the_rest_to_the_longest_border(self):
        region = box(0, 0, 4, 2)
        # west covers x 0..2 but also spills outside the region; east x 2..3.5 y 0..1.5: the
        # strip x 3.5..4 borders only east (length 1.5) and the strip y 1.5..2 above east borders
        # west along x=2 (0.5) and east along y=1.5 (1.5): both join east.
        pieces = [("west", box(-1, -1, 2, 3)), ("east", box(2, 0, 3.5, 1.5)), ("gone", box(10, 10, 11, 11))]
        parts = S.partition(region, pieces)
        self.assertEqual(sorted(parts), ["east", "west"])
        self.assertTrue(parts["west"].equals(box(0, 0, 2, 2)))
        self.assertTrue(parts["east"].equals(box(2, 0, 4, 2)))

    def test_simplify_keeps_the_region_outline_and_the_coverage(self):
        # a wiggly shared border; the outer ring must stay exactly the region's
        wiggle = [(2 + (0.0004 if i % 2 else 0), i / 100) for i in range(0, 201)]
        west = Polygon([(0, 0)] + wiggle + [(0, 2)])
        east = Polygon([(4, 0), (4, 2)] + wiggle[::-1])
        out = S.simplify_region({"w": west, "e": east}, tol=0.01)
        self.assertTrue(shapely.coverage_is_valid([out["w"], out["e"]]))
        self.assertTrue(shapely.union_all([out["w"], out["e"]]).normalize().equals(box(0, 0, 4, 2).normalize()))
        self.assertLess(len(out["w"].exterior.coords), len(west.exterior.coords))

    def test_placeholders_keep_their_ground_and_are_dropped(self):
        regions = {"AA.01": box(0, 0, 3, 1), "AA.02": None}
        got = S.subregion_polygons(regions, {"AA.01": [("AA.01.001", box(0, 0, 1, 1)), ("-AA.01.900", box(1, 0, 2, 1)),
                                                       ("AA.01.002", box(2, 0, 3, 1))],
                                             "AA.02": [("AA.02.001", box(5, 5, 6, 6))]})
        self.assertEqual(sorted(got), ["AA.01"])
        self.assertEqual(sorted(got["AA.01"]), ["AA.01.001", "AA.01.002"])
        self.assertAlmostEqual(got["AA.01"]["AA.01.001"].area + got["AA.01"]["AA.01.002"].area, 2.0)

    def test_map_shapes_keep_the_region_outline(self):
        wiggle = [(2 + (0.004 if i % 2 else 0), i / 20) for i in range(0, 41)]
        west = Polygon([(0, 0)] + wiggle + [(0, 2)])
        east = Polygon([(4, 0), (4, 2)] + wiggle[::-1])
        got = S.region_map_shapes({"AA.01": {"AA.01.001": west, "AA.01.002": east}}, 0.05)
        union = shapely.union_all([got["AA.01.001"][0], got["AA.01.002"][0]])
        self.assertTrue(union.normalize().equals(box(0, 0, 4, 2).normalize()))
        self.assertLess(len(got["AA.01.001"][0].exterior.coords), len(west.exterior.coords))

    def test_containment_judges_only_cities_with_a_code_inside_a_polygon(self):
        pts = shapely.points([0.5, 1.5, 1.5, 9, 0.5], [0.5, 0.5, 0.5, 9, 0.5])
        agree, wrong = S.containment(pts, ["a", "b", "a", "a", None], ["a", "b"], [box(0, 0, 1, 1), box(1, 0, 2, 1)])
        self.assertEqual((agree, wrong), (2, [(2, "b")]))


class TableTests(unittest.TestCase):
    def test_city_records_are_u16_positions_in_geonameid_order(self):
        rows = [{"geonameid": 30}, {"geonameid": 10}, {"geonameid": 20}]
        blob = S.city_subregion_records(rows, {"AA.01.002", "AA.01.001"}, {10: "AA.01.002", 30: "AA.01.001"})
        self.assertEqual(struct.unpack("<3H", blob), (1, 0xFFFF, 0))


class CensusTests(unittest.TestCase):
    STATES = [{"STATEFP": "06", "STUSPS": "CA"}, {"STATEFP": "09", "STUSPS": "CT"}]
    RING = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]      # clockwise: an outer ring of a shapefile

    def county(self, fp="06", cfp="037", lsad="06", geoid="06037", name="Los Angeles"):
        return ({"STATEFP": fp, "COUNTYFP": cfp, "LSAD": lsad, "GEOID": geoid, "NAME": name}, [self.RING])

    def test_ids_are_geonames_admin2_codes_with_the_census_word(self):
        got = records.us_counties(self.STATES, [self.county(), self.county("09", "001", "06", "09001", "Fairfield"),
                                                self.county(lsad="15", cfp="051", geoid="06051", name="Parishy")])
        self.assertEqual(sorted(got), ["US.CA.037", "US.CA.051", "US.CT.001"])
        name, word, g = got["US.CA.037"]
        self.assertEqual((name, word, g.area), ("Los Angeles", "County", 1.0))
        self.assertEqual(got["US.CA.051"][1], "Parish")

    def test_bad_records_name_the_county(self):
        for bad, what in ((self.county(fp="99", geoid="99001"), "99001"), (self.county(cfp="37"), "COUNTYFP"),
                          (self.county(lsad="77"), "LSAD")):
            with self.assertRaises(SystemExit) as e:
                records.us_counties(self.STATES, [bad])
            self.assertIn(what, str(e.exception))
        with self.assertRaises(SystemExit) as e:
            records.us_counties(self.STATES, [self.county(), self.county()])
        self.assertIn("twice", str(e.exception))
        with self.assertRaises(SystemExit) as e:
            records.us_counties([{"STATEFP": "6", "STUSPS": "CA"}], [])
        self.assertIn("STATEFP", str(e.exception))


if __name__ == "__main__":
    unittest.main()
