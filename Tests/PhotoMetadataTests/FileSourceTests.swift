import Testing
@testable import PhotoMetadata

@Suite struct FileSourceTests {
    /// 64 KiB whose every byte is its offset's low byte, so a wrong window shows.
    private let bytes = (0..<65_536).map { UInt8($0 & 0xFF) }

    @Test func slicesComeFromTheRightOffsets() throws {
        let file = try TemporaryFile(bytes)
        let source = try FileSource(path: file.path)
        #expect(source.size == bytes.count)
        #expect(Array(try source.slice(at: 300, count: 4)) == [44, 45, 46, 47])
        // A request across the window's end moves the window; the end of the file shortens it.
        #expect(Array(try source.slice(at: FileSource.windowSize - 2, count: 4)) == [254, 255, 0, 1])
        #expect(Array(try source.slice(at: bytes.count - 2, count: 10)) == [254, 255])
        #expect(try source.slice(at: bytes.count, count: 4).isEmpty)
    }

    @Test func goingBackToThePreviousWindowReadsNothingAgain() throws {
        // A JPEG's parse: the Exif entries near the start, the frame header past the Exif
        // segment, then the entries again.
        let file = try TemporaryFile(bytes)
        let source = try FileSource(path: file.path)
        _ = try source.slice(at: 0, count: 4)
        _ = try source.slice(at: 30_000, count: 4)
        #expect(Array(try source.slice(at: 12, count: 2)) == [12, 13])
        #expect(Array(try source.slice(at: 30_002, count: 2)) == [0x32, 0x33])
        #expect(source.reads == 2)
        _ = try source.slice(at: 50_000, count: 4)
        #expect(source.reads == 3)
    }

    /// Past the head, a window is small (headers, mostly), and a larger request reads what it asks.
    @Test func windowsPastTheHeadAreSmall() throws {
        let file = try TemporaryFile(bytes)
        let source = try FileSource(path: file.path)
        _ = try source.slice(at: 30_000, count: 4)
        #expect(Array(try source.slice(at: 30_000 + FileSource.laterWindowSize - 2, count: 2)) == [0x2e, 0x2f])
        #expect(source.reads == 1)
        #expect(Array(try source.slice(at: 30_000 + FileSource.laterWindowSize - 1, count: 2)) == [0x2f, 0x30])
        #expect(source.reads == 2)
        let large = try source.slice(at: 40_000, count: 10_000)
        #expect(large.count == 10_000 && large.first == 0x40 && large.last == UInt8((49_999) & 0xFF))
        #expect(source.reads == 3)
        #expect(FileSource.laterWindowSize < FileSource.windowSize)
    }

    /// A size from the caller's walk stands in for `fstat`; when the file has shrunk since,
    /// reads past its new end come back short, as for a file that shrinks while read.
    @Test func aKnownSizeStandsInForTheFilesOwn() throws {
        let file = try TemporaryFile(Array(bytes.prefix(1_000)))
        let source = try FileSource(path: file.path, size: 5_000)
        #expect(source.size == 5_000)
        #expect(Array(try source.slice(at: 998, count: 4)) == [230, 231])
        #expect(try source.slice(at: 2_000, count: 4).isEmpty)
    }
}
