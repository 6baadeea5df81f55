import Testing
import TableCache

/// What ``ArchiveWriter`` writes comes back through ``ArchiveReader`` in the same order, and
/// bytes that are not such an archive give errors, never a read past their end.
@Suite struct ArchiveReaderTests {
    private struct Pair: Equatable { let a: Int32, b: Double }

    private func written(_ fill: (inout ArchiveWriter) -> Void) -> [UInt8] {
        var writer = ArchiveWriter()
        fill(&writer)
        return writer.bytes
    }

    /// Aligned as a mapped file is, with an owner for columns viewed in place, or through
    /// ``ArchiveReader/reading(_:_:)`` without one.
    private func read<T>(_ bytes: [UInt8], owner: AnyObject? = nil, _ body: (inout ArchiveReader) throws -> T) throws -> T {
        guard let owner else {
            return try ArchiveReader.reading(bytes) { reader in
                let value = try body(&reader)
                #expect(reader.isAtEnd)
                return value
            }
        }
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        words.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
        return try words.withUnsafeBytes { raw in
            var reader = ArchiveReader(UnsafeRawBufferPointer(rebasing: raw[0..<bytes.count]), owner: owner)
            let value = try body(&reader)
            #expect(reader.isAtEnd)
            return value
        }
    }

    @Test func everyKindComesBackInOrder() throws {
        let pairs = [Pair(a: 1, b: 0.5), Pair(a: -7, b: .infinity)]
        let bytes = written {
            $0.append("Zürich")
            $0.append([UInt16(1), 2, 65535])
            $0.append(-42)
            $0.append(pairs)
            $0.append(3.25)
            $0.append(strings: ["", "région", "東京"])
            $0.append(optionalStrings: [nil, "x", nil])
            $0.append([Int32]())
        }
        let back = try read(bytes) { r in
            (try r.string(), try r.array(of: UInt16.self), try r.int(), try r.array(of: Pair.self), try r.double(),
             try r.strings(), try r.optionalStrings(), try r.array(of: Int32.self))
        }
        #expect(back.0 == "Zürich")
        #expect(back.1 == [1, 2, 65535])
        #expect(back.2 == -42)
        #expect(back.3 == pairs)
        #expect(back.4 == 3.25)
        #expect(back.5 == ["", "région", "東京"])
        #expect(back.6 == [nil, "x", nil])
        #expect(back.7 == [])
    }

    /// An array after a string of odd length starts at a multiple of 8 bytes, so a mapped
    /// file's columns are aligned where they lie.
    @Test func columnsAreViewedInPlaceAndAligned() throws {
        final class Owner {}
        let bytes = written {
            $0.append("abc")
            $0.append([1.5, -2.5] as [Double])
            $0.append(Column([7, 8, 9] as [Int32]))
        }
        let (doubles, ints) = try read(bytes, owner: Owner()) { r in
            _ = try r.string()
            let doubles = try r.column(of: Double.self)
            doubles.withUnsafeBufferPointer { #expect(Int(bitPattern: $0.baseAddress) % 8 == 0) }
            return (Array(doubles), Array(try r.column(of: Int32.self)))
        }
        #expect(doubles == [1.5, -2.5])
        #expect(ints == [7, 8, 9])
    }

    @Test func aColumnReadWithoutAnOwnerIsACopy() throws {
        let bytes = written { $0.append([10, 20] as [Int64]) }
        let column = try read(bytes) { try $0.column(of: Int64.self) }
        #expect(Array(column) == [10, 20])
    }

    @Test func startsRunForwardWithinTheirArray() {
        #expect(ArchiveReader.startsRunForward([], within: 0))
        #expect(ArchiveReader.startsRunForward([0, 0, 3, 5], within: 5))
        #expect(ArchiveReader.startsRunForward([2, 4], within: 9))
        #expect(!ArchiveReader.startsRunForward([0, 3, 2], within: 5))   // going back
        #expect(!ArchiveReader.startsRunForward([0, 6], within: 5))      // past the end
        #expect(!ArchiveReader.startsRunForward([-1, 2], within: 5))     // before the start
    }

    /// Every way the bytes can lie about what follows: each is an error naming where.
    @Test func damagedBytesAreErrorsNotReadsPastTheEnd() throws {
        let whole = written { $0.append([1, 2, 3] as [Int32]); $0.append("name") }
        for cut in 0..<whole.count {
            #expect(throws: ArchiveError.self, "cut at \(cut)") {
                try read(Array(whole[0..<cut])) { r in (try r.array(of: Int32.self), try r.string()) }
            }
        }
        let huge = written { $0.append(Int.max / 2) }
        #expect(throws: ArchiveError.self) { try read(huge) { try $0.array(of: Int64.self) } }
        #expect(throws: ArchiveError.self) { try read(huge) { try $0.strings() } }
        let negative = written { $0.append(-1) }
        #expect(throws: ArchiveError.self) { try read(negative) { try $0.array(of: UInt8.self) } }
        var badFlag = written { $0.append(optionalStrings: ["a"]) }
        badFlag[8] = 2
        #expect(throws: ArchiveError.self) { try read(badFlag) { try $0.optionalStrings() } }
    }
}
