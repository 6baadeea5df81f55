"""python -m gazc build [--out DIR]  — the whole gazetteer build (see README.md)."""
import argparse
import os
import resource
import sys
import time

from . import build as B
from . import audit, output, verify


def main(argv=None):
    ap = argparse.ArgumentParser(prog="gazc")
    ap.add_argument("command", choices=["build"])
    ap.add_argument("--out", default=os.path.join(B.REPO, "Resources"))
    ap.add_argument("--audit", default=os.path.join(B.HERE, "AUDIT.md"))
    args = ap.parse_args(argv)
    t0 = time.time()
    os.makedirs(args.out, exist_ok=True)
    b = B.Build(args.out, args.audit)
    b.run_stages()
    b.count()
    b.check_gates()
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
    b.log("stage times: " + ", ".join(f"{name} {s:.0f}s" for name, s in b.timings))
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
