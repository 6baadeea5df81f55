"""Stage `cities`: every cities500 entry as a city or a district of one city (gazc/districts.py),
its display name, region, urban reach and search names."""
from collections import Counter, defaultdict

from .. import districts
from ..text import display_name, fold, search_alt


def r5(x):
    return None if x is None else round(float(x), 5)


def district_entries(ids, gcities, features, city_admin2, units):
    """districts.Entry for each id (geonameid order as given), with the units that are the city
    itself (README "Cities and districts", rule 3)."""
    rows = [(i, gcities[str(i)]) for i in ids]
    unit_population = Counter()
    for i, c in rows:
        for code in (f"{c['countrycode']}.{c['admin1code']}", city_admin2.get(i)):
            unit_population[code] += int(c["population"] or 0)
    entries = []
    for i, c in rows:
        feature, codes = features.get(i, (None, None))
        admin2 = city_admin2.get(i)
        population = int(c["population"] or 0)
        city_units = ()
        if population >= districts.OWNER_MIN_POPULATION:
            names = {fold(n) for n in [c["name"]] + list(c.get("alternatenames") or [])}
            # A unit is the city when it bears the city's name and the city holds at least half
            # of its people: Warszawa, Hồ Chí Minh, but not the state of São Paulo.
            city_units = [level for level, code in enumerate((f"{c['countrycode']}.{c['admin1code']}", admin2))
                          if code in units and 2 * population >= unit_population[code]
                          and districts.is_city_unit(units[code]["name"], units[code]["aliases"], names)]
        entries.append(districts.Entry(i, c["name"], c["countrycode"], c["admin1code"], admin2, c["latitude"],
                                       c["longitude"], population, feature, codes, city_units))
    return entries


def city_rows(ids, gcities, region_of, district_of, twins):
    """The cities table's rows (geonameid order), the display-name changes, and per region the
    population and the positions of its cities. A district filed twice (twins: newer -> older)
    keeps its older entry, which answers to both names."""
    twin_names = defaultdict(list)
    for newer, older in twins.items():
        twin_names[older].append(gcities[str(newer)]["name"])
    rows, changes = [], []
    pop_by_region = Counter()
    pts_by_region = defaultdict(list)
    for i in ids:
        c = gcities[str(i)]
        if i in twins:
            continue
        reg = region_of[i]
        if reg is not None:
            pop_by_region[reg] += int(c["population"] or 0)
            pts_by_region[reg].append((c["longitude"], c["latitude"]))
        name = display_name(c["name"], invertible=False)
        if name != c["name"]:
            changes.append(("city:%d" % i, c["name"], name))
        owner = district_of.get(i)
        rows.append({"geonameid": i, "name": name, "folded": fold(name), "country": c["countrycode"],
                     "region": reg, "city": owner[0] if owner else None,
                     "reach_km": districts.metropolis_reach_km(int(c["population"] or 0)) if owner is None else None,
                     "lat": r5(c["latitude"]), "lon": r5(c["longitude"]),
                     "population": int(c["population"] or 0), "timezone": c.get("timezone") or None,
                     "alt_names": "|".join(search_alt(name, twin_names[i] + list(c.get("alternatenames") or [])))})
    districts.mark_namesakes(rows)
    return rows, changes, pop_by_region, pts_by_region


def run(b):
    ids = b.cities.ids.tolist()
    units = {s["geonames_code"]: s for s in b.subs}
    entries = district_entries(ids, b.gcities, b.features, b.city_admin2, units)
    b.district_of = districts.classify(entries, [(c, u) for c, u, _ in b.consolidated])
    b.district_twins = districts.twins(entries, b.district_of)
    for newer in b.district_twins:   # left out of the gazetteer: no longer a district
        del b.district_of[newer]
    b.city_rows, changes, b.pop_by_region, b.pts_by_region = city_rows(
        ids, b.gcities, b.city_region, b.district_of, b.district_twins)
    b.name_changes += changes
