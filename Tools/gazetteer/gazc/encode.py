"""Geometry BLOB encoding (see README.md): varints, zigzag deltas at 1e-5 degree."""
import math

import shapely
from shapely.geometry import MultiPolygon, Polygon

from . import COORD_SCALE


def varint(n, out):
    if n < 0:
        raise ValueError("varint of a negative number")
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def zigzag(n):
    return (n << 1) ^ (n >> 63)


def read_varint(buf, pos):
    shift = 0
    n = 0
    while True:
        b = buf[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            return n, pos
        shift += 7


def unzigzag(n):
    return (n >> 1) ^ -(n & 1)


def polygons_of(geom):
    if geom is None or geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    if geom.geom_type == "MultiPolygon":
        return list(geom.geoms)
    if geom.geom_type == "GeometryCollection":
        out = []
        for g in geom.geoms:
            out += polygons_of(g)
        return out
    return []


def quantise_ring(coords):
    pts = [(int(round(x * COORD_SCALE)), int(round(y * COORD_SCALE))) for x, y in coords]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    dedup = []
    for p in pts:
        if not dedup or dedup[-1] != p:
            dedup.append(p)
    while len(dedup) > 1 and dedup[0] == dedup[-1]:
        dedup.pop()
    return dedup


def signed_area2(pts):
    s = 0
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s


def encode_geometry(geom):
    """Encode a (Multi)Polygon already snapped to the 1e-5 grid. Returns (blob, vertex count)."""
    polys = []
    for p in polygons_of(geom):
        rings = []
        ext = quantise_ring(p.exterior.coords)
        if len(ext) < 3:
            continue
        if signed_area2(ext) < 0:
            ext.reverse()                       # exterior counter-clockwise
        rings.append(ext)
        for h in p.interiors:
            r = quantise_ring(h.coords)
            if len(r) < 3:
                continue
            if signed_area2(r) > 0:
                r.reverse()                     # holes clockwise
            rings.append(r)
        polys.append(rings)
    out = bytearray()
    varint(len(polys), out)
    nv = 0
    for rings in polys:
        varint(len(rings), out)
        for r in rings:
            write_run(r, out)
            nv += len(r)
    return bytes(out), nv


def write_run(points, out):
    """Integer points as a varint count and zig-zag deltas from 0,0: a ring, or the dots."""
    varint(len(points), out)
    px = py = 0
    for x, y in points:
        varint(zigzag(x - px), out)
        varint(zigzag(y - py), out)
        px, py = x, y


def read_run(blob, pos):
    """Inverse of write_run: the points and the position after them."""
    n, pos = read_varint(blob, pos)
    x = y = 0
    out = []
    for _ in range(n):
        dx, pos = read_varint(blob, pos)
        dy, pos = read_varint(blob, pos)
        x += unzigzag(dx)
        y += unzigzag(dy)
        out.append((x, y))
    return out, pos


def encode_points(points):
    """Points (lon, lat) on the 1e-5 grid as one run (write_run)."""
    out = bytearray()
    write_run([(int(round(lon * COORD_SCALE)), int(round(lat * COORD_SCALE))) for lon, lat in points], out)
    return bytes(out)


def decode_points(blob):
    """Inverse of encode_points: integer (x, y) pairs."""
    out, pos = read_run(blob, 0)
    if pos != len(blob):
        raise ValueError("trailing bytes in points blob")
    return out


def decode_geometry(blob):
    """Inverse of encode_geometry: list of polygons, each a list of rings of integer (x, y)."""
    pos = 0
    n, pos = read_varint(blob, pos)
    polys = []
    for _ in range(n):
        nr, pos = read_varint(blob, pos)
        rings = []
        for _ in range(nr):
            r, pos = read_run(blob, pos)
            rings.append(r)
        polys.append(rings)
    if pos != len(blob):
        raise ValueError("trailing bytes in geometry blob")
    return polys


def to_shapely(polys):
    ps = []
    for rings in polys:
        rr = [[(x / COORD_SCALE, y / COORD_SCALE) for x, y in r] for r in rings]
        ps.append(Polygon(rr[0], rr[1:]))
    return MultiPolygon(ps) if len(ps) != 1 else ps[0]


EARTH_R_KM = 6371.0088


def ring_area_km2(coords):
    """Spherical ring area (signed magnitude ignored), the classic R²/2 Σ Δλ (2 + sinφ1 + sinφ2)."""
    s = 0.0
    n = len(coords)
    for i in range(n):
        x1, y1 = coords[i]
        x2, y2 = coords[(i + 1) % n]
        s += math.radians(x2 - x1) * (2 + math.sin(math.radians(y1)) + math.sin(math.radians(y2)))
    return abs(s) * EARTH_R_KM * EARTH_R_KM / 2.0


def area_km2(geom):
    a = 0.0
    for p in polygons_of(geom):
        a += ring_area_km2(list(p.exterior.coords)[:-1])
        for h in p.interiors:
            a -= ring_area_km2(list(h.coords)[:-1])
    return a
