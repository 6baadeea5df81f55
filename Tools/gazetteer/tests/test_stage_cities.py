import unittest

from gazc.stages.cities import city_rows


def c(name, cc="AA", pop=1000, lon=1.0, lat=2.0, alt=()):
    return {"name": name, "countrycode": cc, "population": pop, "longitude": lon, "latitude": lat,
            "timezone": "Zone/A", "alternatenames": list(alt)}


class CitiesStageTests(unittest.TestCase):
    def test_rows_districts_twins_and_region_totals(self):
        g = {"1": c("Bigtown", pop=500_000, lon=0.0, lat=0.0), "2": c("Bigtown 11", pop=1000),
             "3": c("Vieille Ville", pop=10), "4": c("  Smallville ", pop=50, lon=3.0, lat=4.0)}
        region_of = {1: "AA.01", 2: "AA.01", 3: "AA.01", 4: None}
        rows, changes, pop, pts = city_rows([1, 2, 3, 4], g, region_of, {2: (1, "section")}, {3: 2})
        self.assertEqual([r["geonameid"] for r in rows], [1, 2, 4])      # the newer twin is left out
        self.assertEqual([r["city"] for r in rows], [None, 1, None])
        self.assertIsNone(rows[1]["reach_km"])                           # a district has no reach
        self.assertIsNotNone(rows[0]["reach_km"])
        self.assertIn("Vieille Ville", rows[1]["alt_names"].split("|"))   # the older answers to both names
        self.assertEqual(rows[2]["name"], "Smallville")
        self.assertEqual(changes, [("city:4", "  Smallville ", "Smallville")])
        self.assertEqual(dict(pop), {"AA.01": 501_000})                 # the twin's people are not counted twice
        self.assertEqual(pts["AA.01"], [(0.0, 0.0), (1.0, 2.0)])


if __name__ == "__main__":
    unittest.main()
