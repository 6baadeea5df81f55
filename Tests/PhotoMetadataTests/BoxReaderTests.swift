import Testing
import SyntheticPhotos
@testable import PhotoMetadata

@Suite struct BoxReaderTests {
    private typealias V = SyntheticVideo

    private func types(_ bytes: [UInt8], depth: Int = 0) throws(MetadataError) -> [String] {
        let boxes = BoxReader(MemoryBytes(data: bytes))
        var seen: [String] = []
        try boxes.children(of: boxes.file, depth: depth) { box throws(MetadataError) in
            seen.append("\(box.type) \(box.start)..<\(box.end)")
            return true
        }
        return seen
    }

    private func reason(_ bytes: [UInt8], depth: Int = 0) -> MetadataError.Reason? {
        do {
            _ = try types(bytes, depth: depth)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func fourCCsCompareAsBytesAndPrintSafely() {
        let xyz: FourCC = "\u{A9}xyz"
        #expect(xyz.value == 0xA978_797A)
        #expect(xyz.description == "©xyz")
        #expect(FourCC(0x1B5B_3331).description == "\\x1B[31")
        #expect(FourCC("moov") != FourCC("mdat"))
    }

    @Test func walksHeadersOnly() throws {
        let file = V.box("ftyp", Array("isom".utf8)) + V.box("mdat", [UInt8](repeating: 1, count: 100)) + V.box("moov", [])
        #expect(try types(file) == ["ftyp 0..<12", "mdat 12..<120", "moov 120..<128"])
    }

    @Test func sizeZeroRunsToTheEndOfItsParentAndSizeOneIsSixtyFourBits() throws {
        #expect(try types(V.box("ftyp", []) + [0, 0, 0, 0] + Array("mdat".utf8) + [1, 2, 3]) == ["ftyp 0..<8", "mdat 8..<19"])
        #expect(try types(V.box("mdat", [9, 9], large: true) + V.box("moov", [])) == ["mdat 0..<18", "moov 18..<26"])
    }

    @Test func theBodyOfALargeBoxStartsAfterItsSixteenByteHeader() throws {
        let boxes = BoxReader(MemoryBytes(data: V.box("moov", [7, 8], large: true)))
        var body: [UInt8] = []
        try boxes.children(of: boxes.file, depth: 0) { box throws(MetadataError) in
            body = try boxes.body(of: box, limit: 10)
            return false
        }
        #expect(body == [7, 8])
    }

    @Test func badSizesAreErrorsNotLoops() {
        // A size of 2 to 7 cannot hold its own header.
        #expect(reason(V.be32(4) + Array("free".utf8)) == .corrupt("'free' box of 4 bytes"))
        // At the top, a box longer than the file is a truncated file.
        #expect(reason(V.be32(1000) + Array("moov".utf8)) == .truncated("the file ends inside the 'moov' box (its 1000 bytes)"))
        // 64-bit sizes too small, too large for the file, at the largest UInt64, or cut off.
        #expect(reason(V.be32(1) + Array("mdat".utf8) + V.be64(8)) == .corrupt("'mdat' box with a 64-bit size of 8 bytes"))
        #expect(reason(V.be32(1) + Array("mdat".utf8) + V.be64(.max))?.isTruncated == true)
        #expect(reason(V.be32(1) + Array("mdat".utf8) + [0, 0]) == .truncated("the file ends inside the 'mdat' box (its 64-bit size)"))
        // A file that ends inside a header.
        #expect(reason(V.box("ftyp", []) + [0, 0, 0]) == .truncated("the file ends inside a box header"))
    }

    @Test func insideABoxAChildMayNotRunPastItsParent() throws {
        let boxes = BoxReader(MemoryBytes(data: V.box("udta", V.be32(100) + Array("loci".utf8))))
        #expect(throws: MetadataError(path: "", reason: .corrupt("'loci' box runs past the box that holds it (its 100 bytes)"))) {
            try boxes.children(of: 8..<16, depth: 1) { _ throws(MetadataError) in true }
        }
        // Fewer bytes than a header at the end of a box (QuickTime's 32-bit terminator) end it quietly.
        let padded = BoxReader(MemoryBytes(data: V.box("udta", [0, 0, 0, 0])))
        var count = 0
        try padded.children(of: 8..<12, depth: 1) { _ throws(MetadataError) in count += 1; return true }
        #expect(count == 0)
    }

    @Test func nestingAndBoxCountsAreBounded() {
        #expect(reason(V.box("moov", []), depth: BoxReader.maxDepth + 1) == .corrupt("boxes nested more than \(BoxReader.maxDepth) deep"))
        let many = [UInt8]((0..<(BoxReader.maxBoxes + 1)).lazy.flatMap { _ in V.box("free", []) })
        #expect(reason(many) == .corrupt("more than \(BoxReader.maxBoxes) boxes"))
    }

    @Test func bodiesAreCappedAndReadWithinTheirBox() throws {
        let boxes = BoxReader(MemoryBytes(data: V.box("keys", [UInt8](repeating: 5, count: 64))))
        var box: Box?
        try boxes.children(of: boxes.file, depth: 0) { b throws(MetadataError) in box = b; return false }
        let keys = try #require(box)
        #expect(try boxes.head(of: keys, limit: 4) == [5, 5, 5, 5])
        #expect(try boxes.body(of: keys, limit: 64).count == 64)
        #expect(throws: MetadataError(path: "", reason: .corrupt("'keys' box of 64 bytes (at most 63 expected)"))) { try boxes.body(of: keys, limit: 63) }
    }

    @Test func aFileShorterThanItsKnownSizeReadsAsTruncated() throws {
        // A walk's stale size: the file shrank after it was listed.
        let bytes = V.box("moov", [UInt8](repeating: 0, count: 32))
        let file = try TemporaryFile(Array(bytes.prefix(20)), suffix: ".mov")
        let boxes = BoxReader(try FileSource(path: file.path, size: bytes.count))
        var moov: Box?
        try boxes.children(of: boxes.file, depth: 0) { b throws(MetadataError) in moov = b; return false }
        #expect(throws: MetadataError(path: "", reason: .truncated("the file ends inside the 'moov' box"))) { try boxes.body(of: moov!, limit: 100) }
    }
}

private extension MetadataError.Reason {
    var isTruncated: Bool { if case .truncated = self { true } else { false } }
}
