import BrowserSupport
import Foundation
import Testing

/// The PNG decoder against PNGs built by hand (``TestPNG``): no browser needed.
@Suite struct RasterImageTests {
    /// The decoded image's pixel at (x, y) against the source bytes it was made from.
    func expectPixels(_ image: RasterImage, _ source: [UInt8], channels: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * channels
                let p = image.pixel(x: x, y: y)
                let expected = (source[i], source[i + 1], source[i + 2], channels == 4 ? source[i + 3] : 255)
                if p != expected {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("(\(x), \(y)) is \(p), not \(expected)", sourceLocation: sourceLocation) }
                }
            }
        }
        #expect(mismatches == 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: [UInt8(0), 1, 2, 3, 4], [3, 4])
    func eachFilterDecodesToTheSourcePixels(filter: UInt8, channels: Int) throws {
        let (width, height) = (13, 9)
        let source = TestPNG.pixels(width: width, height: height, channels: channels, seed: UInt32(filter) * 7 + UInt32(channels))
        let png = TestPNG.encode(width: width, height: height, channels: channels, pixels: source, filters: [filter])
        let image = try RasterImage(png: png)
        #expect(image.width == width && image.height == height)
        expectPixels(image, source, channels: channels)
    }

    @Test func filtersCanChangeFromRowToRow() throws {
        let source = TestPNG.pixels(width: 31, height: 17, channels: 4)
        let png = TestPNG.encode(width: 31, height: 17, channels: 4, pixels: source, filters: [4, 0, 3, 1, 2, 4, 3], idatChunks: 5)
        expectPixels(try RasterImage(png: png), source, channels: 4)
    }

    @Test func aWrongSignatureIsNotAPNG() {
        var png = TestPNG.encode(width: 2, height: 2, channels: 3, pixels: TestPNG.pixels(width: 2, height: 2, channels: 3), filters: [0])
        png[1] = UInt8(ascii: "Q")
        #expect(throws: PNGError.notPNG) { try RasterImage(png: png) }
        #expect(throws: PNGError.notPNG) { try RasterImage(png: Data("GIF89a".utf8)) }
        #expect(throws: PNGError.notPNG) { try RasterImage(png: Data()) }
    }

    @Test func aTruncatedPNGThrows() {
        let png = TestPNG.encode(width: 20, height: 20, channels: 4, pixels: TestPNG.pixels(width: 20, height: 20, channels: 4), filters: [1])
        // Cut inside IDAT, inside IEND, and right after IHDR: each is an error, none a crash.
        for length in [png.count - 30, png.count - 5, 33] {
            let error = #expect(throws: PNGError.self) { try RasterImage(png: png.prefix(length)) }
            if case .truncated = error {} else { Issue.record("\(length) bytes: \(String(describing: error))") }
        }
    }

    @Test func imageDataThatEndsEarlyThrows() {
        // Every chunk whole and its CRC right, but the zlib stream holds half the rows.
        let rows = [UInt8](repeating: 0, count: 10 * (1 + 10 * 3))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += TestPNG.chunk("IHDR", TestPNG.bigEndian(10) + TestPNG.bigEndian(20) + [8, 2, 0, 0, 0])
        png += TestPNG.chunk("IDAT", TestPNG.deflate(rows))
        png += TestPNG.chunk("IEND", [])
        #expect(throws: PNGError.self) { try RasterImage(png: png) }
    }

    @Test func aDamagedChunkFailsItsCRC() {
        var png = TestPNG.encode(width: 4, height: 4, channels: 3, pixels: TestPNG.pixels(width: 4, height: 4, channels: 3), filters: [2])
        png[png.count - 20] ^= 0x40   // a byte of the last IDAT
        let error = #expect(throws: PNGError.self) { try RasterImage(png: png) }
        #expect(error?.description.contains("CRC") == true)
    }

    @Test func kindsChromiumDoesNotWriteAreRefused() {
        for (depth, colourType) in [(UInt8(8), UInt8(3)), (16, 6), (8, 0), (8, 4)] {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            png += TestPNG.chunk("IHDR", TestPNG.bigEndian(1) + TestPNG.bigEndian(1) + [depth, colourType, 0, 0, 0])
            png += TestPNG.chunk("IDAT", TestPNG.deflate([0, 0, 0, 0, 0, 0, 0, 0, 0]))
            png += TestPNG.chunk("IEND", [])
            let error = #expect(throws: PNGError.self) { try RasterImage(png: png) }
            if case .unsupported = error {} else { Issue.record("depth \(depth), colour type \(colourType): \(String(describing: error))") }
        }
    }

    @Test func anAbsurdSizeIsRefusedBeforeAllocating() {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += TestPNG.chunk("IHDR", TestPNG.bigEndian(0x7FFF_FFFF) + TestPNG.bigEndian(0x7FFF_FFFF) + [8, 6, 0, 0, 0])
        png += TestPNG.chunk("IDAT", TestPNG.deflate([0]))
        png += TestPNG.chunk("IEND", [])
        let error = #expect(throws: PNGError.self) { try RasterImage(png: png) }
        #expect(error?.description.contains("too large") == true)
    }
}
