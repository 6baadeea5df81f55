"""Stage `places`: the rows of continents, countries, regions and counting schemes, the boundaries
(country and region polygons as stored) and the map shapes drawn from them."""
from .. import encode, geom
from ..text import display_name, fold, inverted_parts, transliterated


def r5(x):
    return None if x is None else round(float(x), 5)


def boundary_row(ident, kind, cc, g, q):
    blob, nv = encode.encode_geometry(g)
    minx, miny, maxx, maxy = g.bounds
    return {"id": ident, "kind": kind, "country": cc, "min_lon": r5(minx), "min_lat": r5(miny), "max_lon": r5(maxx),
            "max_lat": r5(maxy), "area_km2": round(encode.area_km2(g), 1), "quality": q, "vertices": nv, "geometry": blob}


def merged_aliases(name, *groups):
    """Aliases in the order given, each once, never the display name itself."""
    out = []
    for group in groups:
        for a in group:
            if a and a not in out and a != name:
                out.append(a)
    return out


def position(g, points=()):
    """(lat, lon) of a place: a point on its polygon's surface, else the mean of its cities'
    (lon, lat) points, else (None, None)."""
    if g is not None:
        p = g.point_on_surface()
        return p.y, p.x
    if points:
        return sum(p[1] for p in points) / len(points), sum(p[0] for p in points) / len(points)
    return None, None


def corrected_names(corrections, kind):
    """{code: name} of the product corrections' '<kind>:<code> name <name>' lines."""
    prefix = kind + ":"
    return {ident[len(prefix):]: value for ident, field, value, _ in corrections
            if ident.startswith(prefix) and field == "name"}


def region_rows(b):
    names_over = corrected_names(b.corrections, "region")
    regions = []
    for rid in sorted(b.regions):
        r = b.regions[rid]
        lat, lon = position(b.region_geom.get(rid), b.pts_by_region.get(rid) or ())
        native = display_name(r["name"])
        name = names_over.get(rid) or b.english.get(rid) or native
        if name != r["name"]:
            b.name_changes.append(("region:" + rid, r["name"], name))
        # An inverted name's head is what people call the place ('Tatarstan', 'Murcia'): an alias.
        head = [inverted_parts(r["name"])[0]] if inverted_parts(r["name"]) and name != r["name"] else []
        # The name in the source's language, kept and searchable when the English one differs.
        native = native if fold(native) != fold(name) else None
        al = merged_aliases(name, b.aliases.get("region:" + rid, []), [native] if native else [], head, r["aliases"])
        regions.append({"id": rid, "country": r["country"], "admin1": r["admin1"], "name": name, "native_name": native,
                        "folded": fold(name),
                        "iso_code": r["iso_code"], "type": r["type"], "geonameid": r["geonameid"],
                        "aliases": "|".join(al), "lat": r5(lat), "lon": r5(lon),
                        "population": b.pop_by_region.get(rid, 0), "quality": b.region_quality[rid],
                        "time_zone": b.region_zone.get(rid)})
    unknown = sorted(set(b.english) - set(b.regions))
    if unknown:
        raise SystemExit("names.txt names unknown regions: " + ", ".join(unknown))
    return regions


def country_rows(b):
    capitals = {}
    for i in b.cities.ids.tolist():
        c = b.gcities[str(i)]
        key = (c["countrycode"], c["name"])
        if key not in capitals or c["population"] > capitals[key]["population"]:
            capitals[key] = c
    country_names = corrected_names(b.corrections, "country")
    unknown = sorted(set(country_names) - set(b.gcountries))
    if unknown:
        raise SystemExit("corrections.txt names unknown countries: " + ", ".join(unknown))
    countries = []
    for cc in sorted(b.gcountries):
        c = b.gcountries[cc]
        g = b.country_geoms.get(cc)
        lat, lon = position(g)
        if g is None:
            cap = capitals.get((cc, c["capital"]))
            lat, lon = (cap["latitude"], cap["longitude"]) if cap else (None, None)
        lc = b.lcountries.get(cc, {})
        name = country_names.get(cc) or display_name(c["name"], [lc.get("name"), lc.get("official")])
        if name != c["name"]:
            b.name_changes.append(("country:" + cc, c["name"], name))
        source = [c["name"].strip()] if fold(c["name"]) != fold(name) else []   # 'Ivory Coast' stays findable
        al = merged_aliases(name, b.aliases.get("country:" + cc, []), source,
                            [lc.get("official")] if lc.get("official") else [], lc.get("aliases", []))
        nb = sorted(x for x in (c.get("neighbours") or "").split(",") if x)
        countries.append({"iso2": cc, "iso3": c.get("iso3") or None,
                          "iso_numeric": int(c["isonumeric"]) if str(c.get("isonumeric", "")).isdigit() else None,
                          "geonameid": c.get("geonameid"), "name": name, "folded": fold(name),
                          "continent": c["continentcode"], "capital": c.get("capital") or None,
                          "population": int(c.get("population") or 0),
                          "area_km2": float(c["areakm2"]) if c.get("areakm2") not in (None, "") else None,
                          "neighbours": ",".join(nb), "aliases": "|".join(al), "lat": r5(lat), "lon": r5(lon),
                          "has_polygon": 1 if g is not None else 0, "time_zone": b.country_zone.get(cc)})
    return countries


def continent_rows(cont):
    rows = []
    for code in sorted(cont):
        c = cont[code]
        name = c.get("name") or c.get("asciiName")
        rows.append({"code": code, "geonameid": c.get("geonameId"), "name": name, "folded": fold(name),
                     "population": int(c.get("population") or 0)})
    return rows


def scheme_rows(schemes, countries):
    """(scheme, country) pairs: 'un' as listed, 'iso' every country not marked not-iso, 'all' every one."""
    iso = set(countries) - schemes.get("not-iso", set())
    return sorted([("un", c) for c in schemes["un"]] + [("iso", c) for c in iso] + [("all", c) for c in countries])


def country_quality(qualities):
    """A country's boundary quality from its labels' qualities."""
    qs = set(qualities)
    return "split" if "split" in qs else ("approximate" if qs == {"approximate"} else "natural-earth-lines")


def map_rows(boundary_rows, tolerances=None):
    """Outlines for drawing (geom.map_shapes): each kind's boundaries simplified as one coverage at
    its map tolerance, small islands as dots; made from the stored (decoded) boundaries, so a map
    shape is made of exactly what a reader of the gazetteer decodes."""
    tolerances = tolerances or geom.MAP_TOLERANCES
    rows = []
    stored = {r["id"]: encode.to_shapely(encode.decode_geometry(r["geometry"])) for r in boundary_rows}
    for kind in tolerances:
        prefix = kind + ":"
        geoms = {k[len(prefix):]: g for k, g in stored.items() if k.startswith(prefix)}
        keys = sorted(k for k, g in geoms.items() if g is not None)
        tol = tolerances[kind]
        for key, (shape, dots) in zip(keys, geom.map_shapes([geoms[k] for k in keys], tol)):
            blob, nv = encode.encode_geometry(shape)
            rows.append({"id": f"{kind}:{key}", "kind": kind, "country": key.split(".")[0], "tolerance": tol,
                         "vertices": nv, "geometry": blob, "dots": encode.encode_points(dots)})
    return rows


def run(b):
    keys, simp = b.cov["keys"], b.cov["simp"]
    b.region_geom = {k[1]: g for k, g in zip(keys, simp) if k[1] is not None and g is not None}
    b.region_rows = region_rows(b)
    b.transliterated = [(r["id"], r["name"], transliterated(r["name"])) for r in b.region_rows if transliterated(r["name"])]
    b.gates["regions_transliterated"] = len(b.transliterated)
    b.country_rows = country_rows(b)
    b.continent_rows = continent_rows(b.cont)
    b.scheme_rows = scheme_rows(b.schemes, b.gcountries)
    bnd = []
    for cc in sorted(b.country_geoms):
        g = b.country_geoms[cc]
        if g is None:
            continue
        q = country_quality(b.cov["quality"][k] for k in keys if k[0] == cc)
        bnd.append(boundary_row("country:" + cc, "country", cc, g, q))
    for rid in sorted(b.region_geom):
        bnd.append(boundary_row("region:" + rid, "region", rid.split(".")[0], b.region_geom[rid], b.region_quality[rid]))
    b.boundary_rows = bnd
    b.step("map shapes")
    b.map_rows = map_rows(b.boundary_rows)
