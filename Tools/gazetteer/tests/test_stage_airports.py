import unittest

from gazc.stages.airports import airport_region, haversine, iso_to_geonames, select_airports


def row(id, iata, type="large_airport", sched="yes", country="AA", region="AA-01", ident="ABCD", gps="", lon="1.5",
        lat="2.5", elev="100"):
    return {"id": str(id), "iata_code": iata, "type": type, "scheduled_service": sched, "iso_country": country,
            "iso_region": region, "ident": ident, "gps_code": gps, "name": f" Airport {id} ", "municipality": "",
            "longitude_deg": lon, "latitude_deg": lat, "elevation_ft": elev}


class AirportsStageTests(unittest.TestCase):
    def test_selection_keeps_large_medium_and_scheduled_small_in_known_countries(self):
        rows = [row(1, "AAA"), row(2, "BBB", type="medium_airport", sched="no"),
                row(3, "CCC", type="small_airport", sched="no"), row(4, "DDD", type="small_airport"),
                row(5, "EEE", type="heliport"), row(6, "FFF", country="ZZ"), row(7, "gg1"), row(8, "HHH", type="closed")]
        got, dupes = select_airports(rows, {"AA"})
        self.assertEqual([a["iata"] for a in got], ["AAA", "BBB", "DDD"])
        self.assertEqual(dupes, {})
        self.assertEqual(got[0]["name"], "Airport 1")
        self.assertEqual((got[0]["lon"], got[0]["lat"], got[0]["elevation_ft"], got[0]["icao"]), (1.5, 2.5, 100, "ABCD"))

    def test_a_duplicated_code_goes_to_the_largest_then_scheduled_then_lowest_id(self):
        rows = [row(9, "AAA", type="medium_airport", ident="MMMM"), row(8, "AAA", type="large_airport", sched="no",
                ident="0X1", gps="LLLL"), row(3, "AAA", type="medium_airport", sched="no")]
        got, dupes = select_airports(rows, {"AA"})
        self.assertEqual(dupes, {"AAA": 3})
        self.assertEqual((got[0]["size"], got[0]["scheduled"], got[0]["icao"]), ("large", 0, "LLLL"))

    def test_a_bad_coordinate_names_the_airport(self):
        with self.assertRaises(SystemExit) as e:
            select_airports([row(1, "AAA", lat="north")], {"AA"})
        self.assertIn("AAA", str(e.exception))

    def test_region_from_iso_code_then_polygon_then_correction(self):
        subs = [{"iso_code": "AA-01", "geonames_code": "AA.01"}, {"iso_code": "AA-01", "geonames_code": "AA.09"},
                {"iso_code": "BB-X", "geonames_code": "BB.X.1"}, {"iso_code": "AA-02", "geonames_code": "AA.02"}]
        iso = iso_to_geonames(subs, {"AA.01", "AA.09"})
        self.assertEqual(iso, {"AA-01": "AA.01"})
        a = {"iata": "AAA", "iso_region": "AA-01", "country": "AA"}
        self.assertEqual(airport_region(a, iso, ("AA", "AA.05"), {}), ("AA.01", "iso_region"))
        a = {"iata": "BBB", "iso_region": "AA-U-A", "country": "AA"}
        self.assertEqual(airport_region(a, iso, ("AA", "AA.05"), {}), ("AA.05", "polygon"))
        self.assertEqual(airport_region(a, iso, ("BB", "BB.05"), {}), (None, "none"))
        self.assertEqual(airport_region(a, iso, None, {"BBB": "AA.07"}), ("AA.07", "correction"))

    def test_haversine_of_one_degree_of_latitude(self):
        # 2 pi R / 360 with R = 6371.0088 km
        self.assertAlmostEqual(haversine(0, 10, 1, 10), 111.1951, places=3)


if __name__ == "__main__":
    unittest.main()
