"""Which cities500 entries are districts of a larger city, and of which one.

GeoNames cities500 mixes municipalities with sections of populated places (feature code PPLX),
arrondissements, wards and boroughs. A traveller names the municipality: the Colosseum is in
Rome, not in Campitelli. This module decides, for every entry, whether it is a city or a
district of a city, from first principles that the build documents and audits:

1. Owners are entries of at least OWNER_MIN_POPULATION that are not themselves districts; they
   are decided from the largest down, so a district never owns districts.
2. An entry P becomes a district of owner C when all of these hold:
   - same country and the same GeoNames admin-1 code;
   - C has at least DOMINANCE times P's population;
   - P lies within C's urban reach: the radius of a disc holding C's population at
     URBAN_DENSITY inhabitants per km² (Paris 11.7 km, Lyon 5.8 km, Tokyo 24.9 km);
   - when C belongs to an admin-2 unit, P belongs to the same one (Neuilly-sur-Seine, in
     Hauts-de-Seine, is never part of Paris);
   - and P is not a municipality of its own: its newest GeoNames feature code is PPLX (a
     section of a populated place) or unknown (not in the cities1000 dumps, which hold every
     municipality of 1,000 people or more), or its name is C's name followed by a number
     ("Lyon 05", "Paris 16 Passy").
   Among several owners the one P lies deepest inside wins (smallest distance / reach), then
   the larger, then the lower id.
3. Consolidated cities (product/consolidated.txt) own every entry of the admin-2 units they are
   made of: New York City's five boroughs are counties, whose seats GeoNames files as towns.
"""
import math
import re
import struct

OWNER_MIN_POPULATION = 100_000
DOMINANCE = 3
URBAN_DENSITY = 5_000          # inhabitants per km², a dense European or Asian city proper
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


_NUMBERED = re.compile(r"^[ ,-]+\d")


def is_numbered_section(name, city_name):
    """'Lyon 05' of Lyon, 'Paris 16 Passy' of Paris, 'Marseille 07' of Marseille."""
    return name.startswith(city_name) and bool(_NUMBERED.match(name[len(city_name):]))


class Entry:
    __slots__ = ("id", "name", "country", "admin1", "admin2", "lat", "lon", "population", "feature")

    def __init__(self, id, name, country, admin1, admin2, lat, lon, population, feature):
        self.id, self.name, self.country, self.admin1, self.admin2 = id, name, country, admin1, admin2
        self.lat, self.lon, self.population, self.feature = lat, lon, population, feature


def classify(entries, consolidated=()):
    """entries: Entry per cities500 place (feature: newest GeoNames feature code or None when the
    place is in no cities1000 dump; admin2: its admin-2 unit or None).
    consolidated: (city id, set of admin-2 units).
    Returns {district id: (city id, reason)}."""
    by_id = {e.id: e for e in entries}
    owners_of_unit = {}
    for city, units in consolidated:
        for u in units:
            owners_of_unit[u] = city
    out = {}
    # Consolidated cities first: their parts are districts whatever their size.
    for e in sorted(entries, key=lambda e: e.id):
        city = owners_of_unit.get(e.admin2)
        if city is not None and city != e.id and city in by_id:
            out[e.id] = (city, CONSOLIDATED)
    # Owners by population, largest first; a grid of 1° cells finds those within reach.
    order = sorted(entries, key=lambda e: (-e.population, e.id))
    grid = {}
    max_reach_deg = 0.0
    for e in order:
        if e.id in out:
            continue
        best = None
        if e.population * DOMINANCE <= order[0].population:
            for c in _owners_near(grid, e, max_reach_deg):
                if c.population < DOMINANCE * e.population or c.country != e.country or c.admin1 != e.admin1:
                    continue
                if c.admin2 is not None and c.admin2 != e.admin2:
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
        if best is not None:
            out[e.id] = (best[1], best[2])
        elif e.population >= OWNER_MIN_POPULATION:
            cell = (math.floor(e.lat), math.floor(e.lon))
            grid.setdefault(cell, []).append(e)
            max_reach_deg = max(max_reach_deg, reach_km(e.population) / 111.0)
    return out


def _reason(e, c):
    if is_numbered_section(e.name, c.name):
        return NUMBERED
    if e.feature == SECTION:
        return SECTION
    if e.feature is None:
        return UNKNOWN
    return None


def _owners_near(grid, e, reach_deg):
    dlat = int(math.ceil(reach_deg)) + 1
    dlon = int(math.ceil(reach_deg / max(math.cos(math.radians(e.lat)), 0.05))) + 1
    la, lo = math.floor(e.lat), math.floor(e.lon)
    found = []
    for i in range(la - dlat, la + dlat + 1):
        for j in range(lo - dlon, lo + dlon + 1):
            found += grid.get((i, ((j + 180) % 360) - 180), ())
    return found
