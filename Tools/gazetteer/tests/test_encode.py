import unittest

from shapely.geometry import MultiPolygon, Polygon

from gazc.encode import (area_km2, decode_geometry, encode_geometry, read_varint, to_shapely, unzigzag, varint,
                         zigzag)


class VarintTests(unittest.TestCase):
    def test_varint_bytes(self):
        for n, want in ((0, b"\x00"), (1, b"\x01"), (127, b"\x7f"), (128, b"\x80\x01"), (300, b"\xac\x02"),
                        (18000000, b"\x80\xd1\xca\x08")):
            out = bytearray()
            varint(n, out)
            self.assertEqual(bytes(out), want, n)
            self.assertEqual(read_varint(bytes(out), 0), (n, len(want)))

    def test_zigzag(self):
        self.assertEqual([zigzag(n) for n in (0, -1, 1, -2, 2)], [0, 1, 2, 3, 4])
        for n in (0, 5, -5, 18000000, -18000000, 2 ** 40, -(2 ** 40)):
            self.assertEqual(unzigzag(zigzag(n)), n)

    def test_negative_varint_rejected(self):
        with self.assertRaises(ValueError):
            varint(-1, bytearray())


class GeometryTests(unittest.TestCase):
    def test_exact_bytes_of_a_square(self):
        # clockwise input must come out counter-clockwise, closing point not repeated
        sq = Polygon([(0, 0), (0, 0.00001), (0.00001, 0.00001), (0.00001, 0), (0, 0)])
        blob, nv = encode_geometry(sq)
        self.assertEqual(nv, 4)
        # 1 polygon, 1 ring, 4 points; first point delta from (0,0); CCW order
        pts = decode_geometry(blob)[0][0]
        self.assertEqual(len(pts), 4)
        area2 = sum(pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1] for i in range(4))
        self.assertGreater(area2, 0)
        self.assertEqual(blob[:3], b"\x01\x01\x04")

    def test_hole_orientation_and_roundtrip(self):
        p = Polygon([(10, 10), (12, 10), (12, 12), (10, 12)], [[(10.5, 10.5), (11, 10.5), (11, 11), (10.5, 11)]])
        mp = MultiPolygon([p, Polygon([(-179.99999, -1), (-179, -1), (-179, 1)])])
        blob, nv = encode_geometry(mp)
        polys = decode_geometry(blob)
        self.assertEqual(len(polys), 2)
        self.assertEqual(len(polys[0]), 2)
        hole = polys[0][1]
        a2 = sum(hole[i][0] * hole[(i + 1) % len(hole)][1] - hole[(i + 1) % len(hole)][0] * hole[i][1]
                 for i in range(len(hole)))
        self.assertLess(a2, 0, "holes are clockwise")
        g = to_shapely(polys)
        self.assertTrue(g.is_valid)
        self.assertAlmostEqual(g.area, mp.area, places=6)
        self.assertEqual(polys[1][0][0], (-17999999, -100000))

    def test_negative_coordinates_use_zigzag(self):
        blob, _ = encode_geometry(Polygon([(-1, -1), (1, -1), (0, 1)]))
        polys = decode_geometry(blob)
        self.assertEqual(polys[0][0][0], (-100000, -100000))

    def test_area(self):
        # one degree square at the equator is about 12,364 km²
        a = area_km2(Polygon([(0, 0), (1, 0), (1, 1), (0, 1)]))
        self.assertAlmostEqual(a, 12364, delta=30)


if __name__ == "__main__":
    unittest.main()
