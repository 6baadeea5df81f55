import unittest

from gazc.districts import (CONSOLIDATED, MUNICIPAL, NUMBERED, SECTION, UNKNOWN, Entry, classify, is_city_unit,
                            mark_namesakes, metropolis_reach_km, reach_km, section_base, section_number, twins)

# A small world around a city of 2 million at 45N 5E: distances follow from 1 km = 1/111.2 deg of
# latitude, so each fixture says how far it lies from the city's point.
KM = 1 / 111.2


def entry(id, name, km_north, population, feature, admin2="FR.84.69", country="FR", admin1="84", codes=None, city_units=()):
    return Entry(id, name, country, admin1, admin2, 45 + km_north * KM, 5.0, population, feature, codes, city_units)


CITY = entry(1, "Grandville", 0, 2_000_000, "PPLA")


class ReachTests(unittest.TestCase):
    def test_reach_is_the_radius_of_the_population_at_the_density(self):
        # 2,000,000 people at 4,000/km² cover 500 km², a disc of radius sqrt(500/pi) km.
        self.assertAlmostEqual(reach_km(2_000_000), (500 / 3.141592653589793) ** 0.5, places=6)
        self.assertIsNone(metropolis_reach_km(99_999))
        self.assertAlmostEqual(metropolis_reach_km(2_000_000), reach_km(2_000_000), places=5)

    def test_section_names(self):
        self.assertEqual(section_base("Lyon 05"), "Lyon")
        self.assertEqual(section_base("Paris 16 Passy"), "Paris")
        self.assertEqual(section_base("Alice Springs city centre"), "Alice Springs")
        self.assertEqual(section_base("Sydney Central Business District"), "Sydney")
        self.assertIsNone(section_base("Lyons-la-Forêt"))
        self.assertIsNone(section_base("Saint-Centre-Ville du Lac"))

    def test_city_units(self):
        city = {"warsaw", "warszawa", "varsovie"}
        self.assertTrue(is_city_unit("Warszawa", ["Powiat m. Warszawa"], city))
        self.assertFalse(is_city_unit("Mazowieckie", ["Masovian"], city))
        self.assertFalse(is_city_unit("Los Angeles County", ["Los Angeles"], {"los angeles"}))
        self.assertTrue(is_city_unit("Denver County", ["City and County of Denver", "Denver"], {"denver"}))


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
        borough = entry(2, "Big Borough", 30, 1_500_000, "PPLA2", admin2="US.NY.047", country="US", admin1="NY")
        self.assertEqual(classify([CITY, borough], [(1, {"US.NY.047"})]), {2: (1, CONSOLIDATED)})

    def test_named_sections_belong_to_their_city_whatever_its_size(self):
        town = entry(1, "Petiteville", 0, 20_000, "PPL")
        self.assertEqual(classify([town, entry(2, "Petiteville city centre", 0.5, 3_000, None)]), {2: (1, NUMBERED)})

    def test_a_municipality_sharing_the_city_code_is_part_of_it(self):
        # Same admin-3 (municipality) code: part of the city; another one: a town of its own.
        city = entry(1, "Grandville", 0, 2_000_000, "PPLC", codes=("84", "69", "691", ""))
        inside = entry(2, "Faubourg", 3, 90_000, "PPL", codes=("84", "69", "691", ""))
        other = entry(3, "Bourg-Voisin", 4, 90_000, "PPL", codes=("84", "69", "692", ""))
        capital = entry(4, "Capitale", 5, 90_000, "PPLC", codes=("84", "69", "691", ""))
        self.assertEqual(classify([city, inside, other, capital]), {2: (1, MUNICIPAL)})

    def test_a_unit_is_the_city_only_when_marked_so(self):
        # The owner's finest code is its admin-1 unit: only a city-unit owner absorbs by codes.
        codes = ("84", "", "", "")
        ward = entry(2, "Ward One", 3, 90_000, "PPLA2", codes=("84", "W1", "", ""))
        self.assertEqual(classify([entry(1, "Grandville", 0, 2_000_000, "PPLA", codes=codes, city_units=[0]), ward]),
                         {2: (1, MUNICIPAL)})
        self.assertEqual(classify([entry(1, "Grandville", 0, 2_000_000, "PPLA", codes=codes), ward]), {})

    def test_consolidated_cities_own_their_units_and_nothing_else(self):
        city = entry(1, "Grandville", 0, 2_000_000, "PPLC", admin2="XX.84.A")
        part = entry(2, "Ward", 30, 500_000, "PPLA2", admin2="XX.84.B")
        outside = entry(3, "Quartier voisin", 3, 1_000, SECTION, admin2="XX.84.C")
        self.assertEqual(classify([city, part, outside], [(1, {"XX.84.A", "XX.84.B"})]), {2: (1, CONSOLIDATED)})
        whole = entry(4, "Anywhere", 50, 9_000, "PPL", country="HK", admin1="NT")
        self.assertEqual(classify([city, whole], [(1, {"HK"})]), {4: (1, CONSOLIDATED)})

    def test_order_of_entries_does_not_matter(self):
        es = [CITY, entry(2, "Vieux Quartier", 2, 5_000, SECTION), entry(3, "Les Pentes", 4, 800, None),
              entry(4, "Bourg-Voisin", 3, 60_000, "PPL")]
        self.assertEqual(classify(es), classify(list(reversed(es))))


if __name__ == "__main__":
    unittest.main()


class TwinTests(unittest.TestCase):
    def test_section_numbers(self):
        self.assertEqual(section_number("Paris 11 Popincourt"), 11)
        self.assertEqual(section_number("Paris 11e Arrondissement"), 11)
        self.assertEqual(section_number("Lyon 05"), 5)
        self.assertEqual(section_number("Marseille 1er Arrondissement"), 1)
        self.assertIsNone(section_number("Alice Springs city centre"))
        self.assertIsNone(section_number("Bercy"))

    def test_a_district_filed_twice_keeps_its_older_entry(self):
        old = entry(10, "Grandville 11 Popincourt", 3, 138_000, "PPLX")
        new = entry(20, "Grandville 11e Arrondissement", 3.1, 144_000, "ADM5")
        other = entry(30, "Grandville 12 Reuilly", 6, 138_000, "PPLX")
        # Neighbourhoods side by side with the same population (or none) are not twins.
        quarter = entry(40, "Bercy", 8, 0, "PPLX")
        quarter2 = entry(50, "Bercy-Village", 8.1, 0, "PPLX")
        # Quarters of one numbered Kreis are not named after the city: not twins.
        kreis = entry(60, "Grandville (Kreis 7) / Witikon", 9, 10_000, "PPLX")
        kreis2 = entry(70, "Grandville (Kreis 7) / Fluntern", 9.5, 10_000, "PPLX")
        d = {e.id: (1, NUMBERED) for e in (old, new, other, quarter, quarter2, kreis, kreis2)}
        self.assertEqual(twins([CITY, old, new, other, quarter, quarter2, kreis, kreis2], d), {20: 10})
        # Not districts of one city: never twins.
        self.assertEqual(twins([CITY, old, new], {10: (1, NUMBERED), 20: (2, NUMBERED)}), {})


class NamesakeTests(unittest.TestCase):
    def test_the_smaller_of_two_cities_of_one_name_is_a_namesake(self):
        rows = [{"folded": "aberdeen", "population": 199_000, "city": None},
                {"folded": "aberdeen", "population": 16_000, "city": None},
                {"folded": "aberdeen", "population": 900_000, "city": 42},   # a district: never counts
                {"folded": "seattle", "population": 700_000, "city": None}]
        mark_namesakes(rows)
        self.assertEqual([r["namesake"] for r in rows], [0, 1, 0, 0])
