import sqlite3
import unittest
from types import SimpleNamespace as NS

from gazc.output import SCHEMA, child_counts, insert, name_words, search_rows
from gazc.verify import child_count_problems

KINDS = ["continent", "country", "region", "city", "district", "airport"]

# A small world: a continent without countries, a country without regions (MC), a country with no
# rows below it at all (VA), a region without cities (FR.11 has only an airport and a stray
# district), cities without a region, a district whose row names another region than its city's,
# airports with and without a region.
CONTINENTS = [{"code": c} for c in ("AN", "AS", "EU")]
COUNTRIES = [{"iso2": "FR", "continent": "EU"}, {"iso2": "MC", "continent": "EU"}, {"iso2": "VA", "continent": "EU"},
             {"iso2": "JP", "continent": "AS"}]
REGIONS = [{"id": r, "country": r[:2]} for r in ("FR.11", "FR.84", "FR.93", "JP.22", "JP.40")]
CITIES = [
    # geonameid, country, region, city (owner)
    (1, "FR", "FR.84", None), (2, "FR", "FR.84", 1), (3, "FR", "FR.84", 1), (4, "FR", "FR.11", 1),
    (5, "FR", "FR.84", None), (6, "FR", None, None), (7, "FR", "FR.93", None),
    (10, "MC", None, None), (11, "MC", None, 10),
    (20, "JP", "JP.22", None), (21, "JP", "JP.22", 20), (22, "JP", "JP.40", None), (23, "JP", None, None),
]
AIRPORTS = [("LYS", "FR", "FR.84"), ("CDG", "FR", "FR.11"), ("XXX", "FR", None), ("MCM", "MC", None),
            ("KIX", "JP", "JP.22"), ("FUK", "JP", "JP.40")]


def world_db():
    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    insert(db, "continents", [{"code": c["code"], "name": c["code"], "folded": c["code"], "population": 0}
                              for c in CONTINENTS], ["code", "name", "folded", "population"])
    insert(db, "countries", [dict(c, name=c["iso2"], folded=c["iso2"], population=0, neighbours="", aliases="",
                                  has_polygon=0) for c in COUNTRIES],
           ["iso2", "continent", "name", "folded", "population", "neighbours", "aliases", "has_polygon"])
    insert(db, "regions", [dict(r, admin1=r["id"][3:], name=r["id"], folded=r["id"], aliases="", population=0,
                                quality="none") for r in REGIONS],
           ["id", "country", "admin1", "name", "folded", "aliases", "population", "quality"])
    insert(db, "cities", [{"geonameid": g, "name": str(g), "folded": str(g), "country": cc, "region": r, "lat": 0.0,
                           "lon": 0.0, "population": g, "city": o, "namesake": 0} for g, cc, r, o in CITIES],
           ["geonameid", "name", "folded", "country", "region", "lat", "lon", "population", "city", "namesake"])
    insert(db, "airports", [{"iata": i, "name": i, "folded": i, "lat": 0.0, "lon": 0.0, "size": "large", "scheduled": 1,
                             "country": cc, "region": r} for i, cc, r in AIRPORTS],
           ["iata", "name", "folded", "lat", "lon", "size", "scheduled", "country", "region"])
    return db


def rows_of(db, table, cols):
    cur = db.execute(f"SELECT {', '.join(cols)} FROM {table}")
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def table_rows(db):
    return child_counts(rows_of(db, "continents", ["code"]), rows_of(db, "countries", ["iso2", "continent"]),
                        rows_of(db, "regions", ["id", "country"]), rows_of(db, "cities", ["geonameid", "country", "region", "city"]),
                        rows_of(db, "airports", ["iata", "country", "region"]))


def scan(db, parent, kind):
    """count(*) below one parent, as Gazetteer.childCounts counted before the table existed, or None
    where the kind is not below the parent."""
    table = {"continent": "continents", "country": "countries", "region": "regions", "city": "cities",
             "district": "cities", "airport": "airports"}[kind]
    level = {"city": " AND city IS NULL", "district": " AND city IS NOT NULL"}.get(kind, "")
    if parent == "":
        where, args = ("WHERE 1=1" + level, [])
    else:
        pkind, code = parent.split(":", 1)
        if KINDS.index(pkind) >= KINDS.index(kind) or (pkind == "city" and kind != "district"):
            return None
        where = {"continent": "WHERE continent = ?" if kind == "country" else
                 "WHERE country IN (SELECT iso2 FROM countries WHERE continent = ?)",
                 "country": "WHERE country = ?", "region": "WHERE region = ?", "city": "WHERE city = ?"}[pkind]
        where, args = where + ("" if pkind == "city" else level), [int(code) if pkind == "city" else code]
    return db.execute(f"SELECT count(*) FROM {table} {where}", args).fetchone()[0]


class ChildCountTests(unittest.TestCase):
    def setUp(self):
        self.db = world_db()
        self.rows = table_rows(self.db)

    def test_table_equals_a_scan_below_every_place(self):
        parents = ([""] + ["continent:" + c["code"] for c in CONTINENTS] + ["country:" + c["iso2"] for c in COUNTRIES]
                   + ["country:ZZ", "region:ZZ.1"] + ["region:" + r["id"] for r in REGIONS]
                   + ["city:%d" % g for g, _, _, _ in CITIES])
        stored = {(p, k): n for p, k, n in self.rows}
        for parent in parents:
            for kind in KINDS:
                want = scan(self.db, parent, kind)
                got = stored.get((parent, kind))
                if want is None:
                    self.assertIsNone(got, (parent, kind))
                else:
                    self.assertEqual(got or 0, want, (parent, kind))
        self.assertTrue(all(n > 0 for _, _, n in self.rows), "only counts above zero are stored")
        self.assertLessEqual({p for p, _, _ in self.rows}, set(parents))

    def test_figures_by_hand(self):
        stored = {(p, k): n for p, k, n in self.rows}
        self.assertEqual(stored[("", "city")], 8)
        self.assertEqual(stored[("", "district")], 5)
        self.assertEqual(stored[("continent:EU", "district")], 4)
        self.assertEqual(stored[("continent:EU", "country")], 3)
        self.assertEqual(stored[("country:FR", "region")], 3)
        self.assertNotIn(("country:MC", "region"), stored)
        self.assertEqual(stored[("city:1", "district")], 3)          # one of them lies in FR.11
        self.assertEqual(stored[("region:FR.11", "district")], 1)
        self.assertEqual(stored[("region:FR.84", "district")], 2)
        self.assertNotIn(("region:FR.11", "city"), stored)
        self.assertNotIn(("continent:AN", "country"), stored)
        self.assertFalse(any(p == "country:VA" for p, _, _ in self.rows))

    def test_rows_come_in_key_order(self):
        self.assertEqual(self.rows, sorted(self.rows))
        self.assertEqual(len({(p, k) for p, k, _ in self.rows}), len(self.rows))

    def test_verify_recomputes_the_table(self):
        self.db.executemany("INSERT INTO child_counts VALUES(?,?,?)", self.rows)
        self.assertEqual(child_count_problems(self.db), [])
        self.db.execute("UPDATE child_counts SET count = count + 1 WHERE parent = 'region:JP.22' AND kind = 'city'")
        self.assertEqual(len(child_count_problems(self.db)), 1)
        self.db.execute("UPDATE child_counts SET count = count - 1 WHERE parent = 'region:JP.22' AND kind = 'city'")
        self.db.execute("DELETE FROM child_counts WHERE parent = 'city:20'")
        self.assertIn("1 rows missing", child_count_problems(self.db)[0])


def search_world():
    """One country with a region, two subregions (a département with an ISO code and aliases, a
    county without either), a city and an airport."""
    return NS(
        continent_rows=[{"code": "EU", "name": "Europe", "population": 700}],
        aliases={},
        country_rows=[{"iso2": "FR", "iso3": "FRA", "name": "France", "continent": "EU", "aliases": "", "population": 60},
                      {"iso2": "US", "iso3": "USA", "name": "United States", "continent": "NA", "aliases": "",
                       "population": 300}],
        region_rows=[{"id": "FR.84", "country": "FR", "name": "Auvergne-Rhône-Alpes", "iso_code": "FR-ARA",
                      "aliases": "", "population": 50},
                     {"id": "US.CA", "country": "US", "name": "California", "iso_code": "US-CA", "aliases": "",
                      "population": 40}],
        subregion_rows=[{"id": "FR.84.69", "country": "FR", "region": "FR.84", "name": "Rhône", "iso_code": "FR-69",
                         "aliases": ["Département du Rhône", "Rhone", "Nouveau-Rhône"], "population": 2_170_696},
                        {"id": "US.CA.037", "country": "US", "region": "US.CA", "name": "Los Angeles County",
                         "iso_code": None, "aliases": [], "population": 12_069_405},
                        {"id": "ZZ.00.001", "country": "FR", "region": None, "name": "Nowhere", "iso_code": None,
                         "aliases": [], "population": 0}],
        city_rows=[{"geonameid": 2996944, "name": "Lyon", "alt_names": "Lyons", "country": "FR", "region": "FR.84",
                    "city": None, "population": 500}],
        airports=[{"iata": "LYS", "icao": "LFLL", "name": "Lyon Saint-Exupéry", "municipality": "Lyon", "region": "FR.84",
                   "country": "FR", "size": "large", "scheduled": 1}])


class SearchRowTests(unittest.TestCase):
    def setUp(self):
        self.rows = search_rows(search_world())
        self.by_place = {r[4]: r for r in self.rows}

    def test_subregions_are_indexed_like_regions(self):
        # (name, alt, codes, ancestry, place, kind, importance)
        self.assertEqual(self.by_place["subregion:FR.84.69"],
                         ("Rhône", "| Nouveau-Rhône | Département du Rhône |", "FR-69 69", "Auvergne-Rhône-Alpes France",
                          "subregion:FR.84.69", "subregion", 2_170_696))
        self.assertEqual(self.by_place["subregion:US.CA.037"],
                         ("Los Angeles County", "", "", "California United States", "subregion:US.CA.037", "subregion",
                          12_069_405))
        self.assertEqual(self.by_place["subregion:ZZ.00.001"][3], "France")   # no region: the country only

    def test_subregions_follow_the_regions_and_precede_the_cities(self):
        kinds = [r[5] for r in self.rows]
        self.assertEqual(kinds, ["continent", "country", "country", "region", "region", "subregion", "subregion",
                                 "subregion", "city", "airport"])

    def test_name_words_are_the_tokenizers(self):
        self.assertEqual(name_words(["Los Angeles County", "Rhône", "Saint-Étienne", "Provence-Alpes-Côte d'Azur",
                                     "Powiat łódzki wschodni", "東京"]), [3, 1, 2, 5, 3, 1])

    def test_the_index_finds_the_subregions(self):
        db = sqlite3.connect(":memory:")
        db.executescript(SCHEMA)
        db.executemany("INSERT INTO search(rowid, name, alt, codes, ancestry) VALUES(?,?,?,?,?)",
                       [(i, r[0], r[1], r[2], r[3]) for i, r in enumerate(self.rows, 1)])
        place = {i: r[4] for i, r in enumerate(self.rows, 1)}

        def found(match):
            return [place[i] for (i,) in db.execute("SELECT rowid FROM search WHERE search MATCH ? ORDER BY rowid", [match])]

        self.assertEqual(found('name : ^ "los angeles county"'), ["subregion:US.CA.037"])
        self.assertEqual(found('alt : "| departement du rhone |"'), ["subregion:FR.84.69"])
        self.assertEqual(found('codes : "fr 69"'), ["subregion:FR.84.69"])
        self.assertEqual(found('name : rhone'), ["region:FR.84", "subregion:FR.84.69"])
        self.assertEqual(found('rhone'), ["region:FR.84", "subregion:FR.84.69", "city:2996944", "airport:LYS"])
        # no docsize table: the word counts live in search_rows
        self.assertEqual(db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'search_docsize'").fetchone(), (0,))


if __name__ == "__main__":
    unittest.main()
