import unittest

from shapely.geometry import Point, box

from gazc import encode
from gazc.stages.places import boundary_row, corrected_names, country_quality, map_rows, merged_aliases, position, scheme_rows


class PlacesStageTests(unittest.TestCase):
    def test_aliases_keep_order_drop_repeats_and_the_name(self):
        self.assertEqual(merged_aliases("Murcia", ["Murcia", "Región de Murcia"], [None, ""], ["Región de Murcia", "MU"]),
                         ["Región de Murcia", "MU"])

    def test_position_is_on_the_polygon_else_the_mean_of_the_cities(self):
        lat, lon = position(box(0, 0, 2, 1))
        self.assertTrue(box(0, 0, 2, 1).contains(Point(lon, lat)))
        self.assertEqual(position(None, [(1.0, 10.0), (3.0, 20.0)]), (15.0, 2.0))
        self.assertEqual(position(None), (None, None))

    def test_corrected_names(self):
        rows = [("region:AA.01", "name", "First", ""), ("country:AA", "name", "Aland", ""), ("region:AA.02", "region", "x", "")]
        self.assertEqual(corrected_names(rows, "region"), {"AA.01": "First"})
        self.assertEqual(corrected_names(rows, "country"), {"AA": "Aland"})

    def test_counting_schemes(self):
        rows = scheme_rows({"un": {"AA"}, "not-iso": {"XK"}}, {"AA": {}, "XK": {}})
        self.assertEqual(rows, [("all", "AA"), ("all", "XK"), ("iso", "AA"), ("un", "AA")])

    def test_country_quality(self):
        self.assertEqual(country_quality(["natural-earth-lines", "split"]), "split")
        self.assertEqual(country_quality(["approximate"]), "approximate")
        self.assertEqual(country_quality(["approximate", "natural-earth-lines"]), "natural-earth-lines")

    def test_boundary_row_and_map_rows_decode_to_the_shapes(self):
        a, b = box(0, 0, 1, 1), box(1, 0, 2, 1)
        rows = [boundary_row("region:AA.1", "region", "AA", a, "split"), boundary_row("region:AA.2", "region", "AA", b, "x")]
        self.assertEqual((rows[0]["min_lon"], rows[0]["max_lat"], rows[0]["vertices"]), (0.0, 1.0, 4))
        # one degree square at the equator: (pi R / 180)^2 sin(1 deg) / (pi / 180) ~ 12,363.5 km2
        self.assertAlmostEqual(rows[0]["area_km2"], 12363.5, delta=2)
        shapes = map_rows(rows, {"region": 0.02})
        self.assertEqual([r["id"] for r in shapes], ["region:AA.1", "region:AA.2"])
        self.assertTrue(encode.to_shapely(encode.decode_geometry(shapes[1]["geometry"])).equals(b))


if __name__ == "__main__":
    unittest.main()
