"""python -m gazc build [--out DIR]  — the whole gazetteer build (see README.md)."""
import argparse
import os
import resource
import sys
import time

from . import build as B
from . import audit, encode, output, verify


def main(argv=None):
    ap = argparse.ArgumentParser(prog="gazc")
    ap.add_argument("command", choices=["build"])
    ap.add_argument("--out", default=os.path.join(B.REPO, "Resources"))
    ap.add_argument("--audit", default=os.path.join(B.HERE, "AUDIT.md"))
    args = ap.parse_args(argv)
    t0 = time.time()
    os.makedirs(args.out, exist_ok=True)
    b = B.Build(args.out, args.audit)
    b.load()
    b.build_geometry()
    b.choose_tolerance()
    b.step("gates")
    b.gates_geometry()
    b.step("time zones")
    b.build_time_zones()
    b.step("airports")
    b.build_airports()
    b.step("assembling tables")
    b.assemble()
    b.step("map shapes")
    b.build_map_shapes()
    b.counts = {
        "continents": len(b.continent_rows), "countries": len(b.country_rows), "regions": len(b.region_rows),
        "regions_with_polygon": sum(1 for r in b.region_rows if r["quality"] != "none"),
        "regions_approximate": sum(1 for r in b.region_rows if r["quality"] == "approximate"),
        "countries_with_polygon": sum(1 for c in b.country_rows if c["has_polygon"]),
        "cities": len(b.city_rows), "districts": sum(1 for c in b.city_rows if c["city"]),
        "cities_without_region": sum(1 for c in b.city_rows if c["region"] is None),
        "airports": len(b.airports), "airports_without_region": sum(1 for a in b.airports if a["region"] is None),
        "boundaries": len(b.boundary_rows), "boundary_vertices": sum(r["vertices"] for r in b.boundary_rows),
        "time_zones": len(b.zone_rows), "time_zone_vertices": sum(r["vertices"] for r in b.zone_rows),
        "time_zone_pieces": len(b.piece_rows), "time_zone_piece_vertices": b.zone_pieces_vertices,
        "map_shapes": len(b.map_rows), "map_vertices": sum(r["vertices"] for r in b.map_rows),
        "map_dots": sum(len(encode.decode_points(r["dots"])) for r in b.map_rows),
        "counting_scheme_un": sum(1 for s, _ in b.scheme_rows if s == "un"),
        "counting_scheme_iso": sum(1 for s, _ in b.scheme_rows if s == "iso"),
        "counting_scheme_all": sum(1 for s, _ in b.scheme_rows if s == "all"),
    }
    b.counts["search_rows"] = (b.counts["continents"] + b.counts["countries"] + b.counts["regions"] + b.counts["cities"]
                               + b.counts["airports"])
    for k, thr in B.GATES.items():
        if b.gates[k] < thr:
            b.failures.append(f"gate {k}: {b.gates[k]} < {thr}")
    for ident, name, word in b.transliterated:
        b.failures.append(f"gate regions_transliterated: region:{ident} {name!r} keeps the designator {word!r}: "
                          "give it its English name in product/names.txt")
    b.step("writing gazetteer.sqlite")
    db_path = os.path.join(args.out, "gazetteer.sqlite")
    output.write_sqlite(b, db_path)
    sha = output.sha256(db_path)
    output.write_manifest(b, args.out, sha)
    output.write_attribution(args.out)
    audit.write_audit(b, args.audit)
    b.step("verifying the artefact")
    problems = verify.verify(args.out)
    b.failures += problems
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    b.step(f"done in {time.time() - t0:.0f}s, peak RSS {rss:.0f} MB, gazetteer.sqlite sha256 {sha}")
    for k in sorted(b.gates):
        print(f"  {k}: {b.gates[k]}")
    if b.failures:
        print("BUILD FAILED:", file=sys.stderr)
        for f in b.failures:
            print("  " + f, file=sys.stderr)
        return 1
    print("all gates passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
