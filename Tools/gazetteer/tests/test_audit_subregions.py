import unittest
from types import SimpleNamespace as NS

from gazc import audit


class SubregionAuditTests(unittest.TestCase):
    def test_units_per_country_and_source_and_the_disagreements(self):
        b = NS(subregion_rows=[
            {"id": "AA.01.001", "country": "AA", "source": "natural-earth", "local_type": None, "cities": 1, "name": "One"},
            {"id": "AA.01.002", "country": "AA", "source": "cities", "local_type": "Kreis", "cities": 0, "name": "Two"},
            {"id": "US.CA.037", "country": "US", "source": "census", "local_type": "County", "cities": 3, "name": "LA"}],
            cities_with_subregion=4, city_rows=[{"geonameid": 5, "name": "Five"}],
            face_stats={"AA": {"cities": 10, "scored": 5, "right": 5, "agreement": 1.0, "uncut": 0.9, "units": 5,
                               "units_won": 5},
                        "BB": {"cities": 10, "scored": 5, "right": 1, "agreement": 0.2, "uncut": 0.2, "units": 5,
                               "units_won": 1}},
            face_countries=["AA"], census_not_geonames=[("US.CT.001", "Fairfield", "County")],
            subregion_disagree={"census": [], "natural-earth": [(5, "AA.01.002")]}, city_admin2={5: "AA.01.001"},
            gates={"subregion_containment_census": 1.0, "subregion_containment_census_cities": 3,
                   "subregion_containment_natural_earth": 0.5, "subregion_containment_natural_earth_cities": 2},
            gcities={"5": {"name": "Five"}})
        lines = []
        audit.write_subregions(b, lines.append)
        self.assertIn("| AA | 2 | 0 | 1 | 1 | 1 | - 1, Kreis 1 |", lines)
        self.assertIn("| US | 1 | 1 | 0 | 0 | 1 | County 1 |", lines)
        self.assertIn("| AA | 10 | 5 | 100.000% | 90.000% | 5 | 5 | yes |", lines)
        self.assertFalse(any(l.startswith("| BB |") for l in lines))     # under 50%: not listed
        self.assertIn("- US.CT.001 Fairfield (County)", lines)
        self.assertIn("| AA.01.001 One | AA.01.002 Two | 1 | Five (city:5) |", lines)


if __name__ == "__main__":
    unittest.main()
