import unittest

from gazc.text import fold, select_alt_names, useful_alt


class FoldTests(unittest.TestCase):
    def test_fold(self):
        self.assertEqual(fold("Kyōto"), "kyoto")
        self.assertEqual(fold("São  Paulo"), "sao paulo")
        self.assertEqual(fold("Łódź"), "lodz")
        self.assertEqual(fold("Straße"), "strasse")
        self.assertEqual(fold("ﬁ"), "fi")        # NFKD compatibility


class AltNameTests(unittest.TestCase):
    def test_filters(self):
        self.assertFalse(useful_alt("http://example.com/x"))
        self.assertFalse(useful_alt("12345"))
        self.assertFalse(useful_alt("UKY"))
        self.assertFalse(useful_alt("A1"))
        self.assertTrue(useful_alt("Kioto"))

    def test_selection(self):
        alts = ["Kyoto", "Kyōto", "kyoto", "Kioto", "UKY", "www.kyoto.jp", "1234", "Kyōto-shi", "京都", "京都市",
                "Киото", "A", "Quioto", "Kjoto", "Kyotu", "Kiotas", "Kijota", "Kyotum", "Kejuots"]
        got = select_alt_names("Kyoto", alts, limit=8)
        self.assertLessEqual(len(got), 8)
        self.assertNotIn("Kyōto", got)           # equal to the name after folding
        self.assertNotIn("UKY", got)
        self.assertIn("京都", got)
        self.assertNotIn("kywtw", select_alt_names("Kyoto", ["kywtw", "Kioto"]))               # a short native-script name is kept
        self.assertEqual(len(set(fold(x) for x in got)), len(got))
        self.assertEqual(got, select_alt_names("Kyoto", list(reversed(alts)), limit=8))   # order-independent


if __name__ == "__main__":
    unittest.main()
