import os
import tempfile
import unittest

from gazc.stages.sources import read_product_layer, unknown_product_entries

FILES = {
    "frames.txt": "FRA FR GF GP  # overseas parts\nCYN CY\n",
    "aliases.txt": "country:GB UK | Britain\nregion:XX.01 Nowhere\n",
    "counting_schemes.txt": "un AA BB\nnot-iso XK\n",
    "corrections.txt": "city:7 region AA.02  # moved\n",
    "names.txt": "region:AA.01 First Province\n",
    "consolidated.txt": "city:7 AA.01.001 AA.01.002  # one city\n",
}


def layer_dir(**over):
    d = tempfile.mkdtemp()
    for name, text in dict(FILES, **over).items():
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    return d


class SourcesStageTests(unittest.TestCase):
    def test_reads_every_decision_with_its_reason(self):
        layer = read_product_layer(layer_dir())
        self.assertEqual(layer["frames"]["FRA"], ("FR", ["GF", "GP"], "overseas parts"))
        self.assertEqual(layer["frames"]["CYN"], ("CY", [], ""))
        self.assertEqual(layer["aliases"]["country:GB"], ["UK", "Britain"])
        self.assertEqual(layer["schemes"]["un"], {"AA", "BB"})
        self.assertEqual(layer["corrections"], [("city:7", "region", "AA.02", "moved")])
        self.assertEqual(layer["english"], {"AA.01": "First Province"})
        self.assertEqual(layer["consolidated"], [(7, {"AA.01.001", "AA.01.002"}, "one city")])

    def test_a_malformed_line_names_its_file_and_line(self):
        with self.assertRaises(SystemExit) as e:
            read_product_layer(layer_dir(**{"corrections.txt": "city:7 region\n"}))
        self.assertIn("corrections.txt", str(e.exception))
        self.assertIn("city:7 region", str(e.exception))
        with self.assertRaises(SystemExit) as e:
            read_product_layer(layer_dir(**{"consolidated.txt": "Lima PE.15\n"}))
        self.assertIn("consolidated.txt", str(e.exception))

    def test_unknown_entries_are_listed(self):
        layer = read_product_layer(layer_dir())
        bad = unknown_product_entries(layer, countries={"FR", "GF", "GP", "CY", "AA", "BB", "GB", "XK"},
                                      regions={"AA.01"}, continents={"EU"}, cities={"7": {}},
                                      units={"AA.01.001"}, un_size=2)
        self.assertEqual(bad, ["consolidated.txt AA.01.002", "region:XX.01"])
        bad = unknown_product_entries(layer, countries={"FR", "CY", "AA", "BB", "GB"}, regions=set(),
                                      continents=set(), cities={}, units=set(), un_size=3)
        self.assertIn("frames.txt FRA GF", bad)
        self.assertIn("consolidated.txt city:7", bad)
        self.assertIn("un scheme has 2 entries, expected 3", bad)


if __name__ == "__main__":
    unittest.main()
