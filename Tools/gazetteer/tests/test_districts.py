import unittest

from gazc.districts import (CONSOLIDATED, NUMBERED, SECTION, UNKNOWN, Entry, classify, is_numbered_section,
                            metropolis_reach_km, reach_km)

# A small world around a city of 2 million at 45N 5E: distances follow from 1 km = 1/111.2 deg of
# latitude, so each fixture says how far it lies from the city's point.
KM = 1 / 111.2


def entry(id, name, km_north, population, feature, admin2="FR.84.69", country="FR", admin1="84"):
    return Entry(id, name, country, admin1, admin2, 45 + km_north * KM, 5.0, population, feature)


CITY = entry(1, "Grandville", 0, 2_000_000, "PPLA")


class ReachTests(unittest.TestCase):
    def test_reach_is_the_radius_of_the_population_at_the_density(self):
        # 2,000,000 people at 5,000/km² cover 400 km², a disc of radius sqrt(400/pi) km.
        self.assertAlmostEqual(reach_km(2_000_000), (400 / 3.141592653589793) ** 0.5, places=6)
        self.assertIsNone(metropolis_reach_km(99_999))
        self.assertAlmostEqual(metropolis_reach_km(2_000_000), reach_km(2_000_000), places=5)

    def test_numbered_sections(self):
        self.assertTrue(is_numbered_section("Lyon 05", "Lyon"))
        self.assertTrue(is_numbered_section("Paris 16 Passy", "Paris"))
        self.assertFalse(is_numbered_section("Lyons-la-Forêt", "Lyon"))
        self.assertFalse(is_numbered_section("Parisville", "Paris"))


class ClassifyTests(unittest.TestCase):
    def test_sections_and_unknown_places_within_reach_become_districts(self):
        got = classify([CITY, entry(2, "Vieux Quartier", 2, 5_000, SECTION), entry(3, "Les Pentes", 4, 800, None),
                        entry(4, "Grandville 05", 6, 50_000, "PPL")])
        self.assertEqual(got, {2: (1, SECTION), 3: (1, UNKNOWN), 4: (1, NUMBERED)})

    def test_municipalities_stay_themselves(self):
        # A town with its own feature code, however near, and a section in another admin-2 unit.
        got = classify([CITY, entry(2, "Bourg-Voisin", 3, 60_000, "PPL"),
                        entry(3, "Autre Quartier", 3, 2_000, SECTION, admin2="FR.84.01")])
        self.assertEqual(got, {})

    def test_out_of_reach_or_not_dominated_or_other_region(self):
        far = reach_km(2_000_000) + 1
        got = classify([CITY, entry(2, "Loin", far, 1_000, SECTION), entry(3, "Rival", 2, 900_000, SECTION),
                        entry(4, "Voisin", 2, 1_000, SECTION, admin1="11")])
        self.assertEqual(got, {})

    def test_a_district_owns_nothing_and_the_deepest_owner_wins(self):
        # B (150,000) is a section of A; C lies within B's reach but belongs to A, never to B.
        a = entry(1, "A", 0, 3_000_000, "PPLC")
        b = entry(2, "B", 3, 150_000, SECTION)
        c = entry(3, "C", 3.5, 1_000, SECTION)
        self.assertEqual(classify([a, b, c]), {2: (1, SECTION), 3: (1, SECTION)})

    def test_consolidated_units_belong_to_their_city_whatever_their_size(self):
        borough = entry(2, "Big Borough", 30, 1_500_000, "PPLA2", admin2="US.NY.047")
        self.assertEqual(classify([CITY, borough], [(1, {"US.NY.047"})]), {2: (1, CONSOLIDATED)})

    def test_order_of_entries_does_not_matter(self):
        es = [CITY, entry(2, "Vieux Quartier", 2, 5_000, SECTION), entry(3, "Les Pentes", 4, 800, None),
              entry(4, "Bourg-Voisin", 3, 60_000, "PPL")]
        self.assertEqual(classify(es), classify(list(reversed(es))))


if __name__ == "__main__":
    unittest.main()
