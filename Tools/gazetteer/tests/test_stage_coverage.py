import unittest

from gazc.stages.coverage import city_region_labels, region_overrides, score, tolerance_table


def city(cc, a1):
    return {"countrycode": cc, "admin1code": a1, "longitude": 0.0, "latitude": 0.0}


class CoverageStageTests(unittest.TestCase):
    def test_city_labels_take_units_corrections_and_count_the_rest(self):
        gcities = {"3": city("AA", "01"), "1": city("AA", "00"), "2": city("BB", "07"), "4": city("AA", "02")}
        over = region_overrides([("city:4", "region", "-", "not there"), ("airport:XXX", "region", "AA.01", ""),
                                 ("city:2", "name", "Other", "")])
        ids, labels, region_of, obsolete = city_region_labels(gcities, {"AA.01", "AA.02", "BB.07"}, over)
        self.assertEqual(ids, [1, 2, 3, 4])
        self.assertEqual(labels, [("AA", None), ("BB", "BB.07"), ("AA", "AA.01"), ("AA", None)])
        self.assertEqual(region_of[4], None)
        # AA.00 is no unit; city 4's code is a unit but a correction takes it away
        self.assertEqual(dict(obsolete), {"AA.00": 1, "AA.02": 1})

    def test_tolerance_is_the_smallest_candidate_reaching_the_target(self):
        # 10 points outside: 6 within 0.05, 9 within 0.1, all within 0.2
        d = [0.01] * 6 + [0.07] * 3 + [0.18]
        chosen, table = tolerance_table(d, candidates=(0.05, 0.1, 0.2), target=0.9)
        self.assertEqual(chosen, 0.1)
        self.assertEqual(table, [(0.05, 6, 0.6), (0.1, 9, 0.9), (0.2, 10, 1.0)])
        chosen, _ = tolerance_table([5.0], candidates=(0.05, 0.1), target=0.9)
        self.assertEqual(chosen, 0.1)       # none reaches it: the largest
        self.assertEqual(tolerance_table([], candidates=(0.05,), target=0.9)[0], 0.05)

    def test_score_counts_the_region_or_the_country_when_there_is_none(self):
        labels = [("AA", "AA.01"), ("AA", None), ("BB", "BB.01"), ("CC", None)]
        found = [("AA", "AA.01"), ("AA", "AA.02"), ("BB", "BB.02"), None]
        share, wrong = score(found, labels)
        self.assertEqual(share, 0.5)
        self.assertEqual(wrong, [(2, ("BB", "BB.02")), (3, None)])


if __name__ == "__main__":
    unittest.main()
