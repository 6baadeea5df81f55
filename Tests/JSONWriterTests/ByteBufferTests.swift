import BenchmarkSupport
import SyntheticPhotos
import Testing
import JSONWriter

/// The pointer-written buffer against the byte array: every renderer of ``JSONBytes`` gives
/// the same bytes into either sink (the array's own are checked against the reference renderer
/// in ``ByteWriterTests``), and the buffer keeps what it holds as it grows.
@Suite struct ByteBufferTests {
    /// The bytes `render` appends to a buffer and to an array, which start with some bytes
    /// already in them.
    private func both(_ render: (inout ByteBuffer) -> Void, _ renderArray: (inout [UInt8]) -> Void) -> (buffer: [UInt8], array: [UInt8]) {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append("prefix:")
        render(&buffer)
        var array = Array("prefix:".utf8)
        renderArray(&array)
        return (buffer.withUnsafeBytes { Array($0) }, array)
    }

    @Test(arguments: ByteWriterTests.digitSettings)
    func fixedNumbersAreTheArrays(digits: Int) {
        var mismatches: [String] = []
        for v in ByteWriterTests.doubles(count: 5_000, seed: UInt64(digits) &+ 29) {
            let (buffer, array) = both({ JSONBytes.appendFixed(v, digits: digits, to: &$0) }, { JSONBytes.appendFixed(v, digits: digits, to: &$0) })
            if buffer != array, mismatches.count < 10 { mismatches.append("\(v) digits \(digits)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func integersAreTheArrays() {
        var g = SplitMix64(seed: 5)
        var values = [0, 1, -1, 9, 10, 99, 100, -100, 999, 1000, Int.max, Int.min, 1_459_640]
        for _ in 0..<5_000 { values.append(Int(bitPattern: UInt(g.next())) >> Int(g.next() % 64)) }
        for i in values {
            let (buffer, array) = both({ JSONBytes.appendInt(i, to: &$0) }, { JSONBytes.appendInt(i, to: &$0) })
            #expect(buffer == array && array == Array("prefix:\(i)".utf8))
        }
    }

    @Test func quotedStringsAreTheArrays() {
        var g = SplitMix64(seed: 13)
        for _ in 0..<20_000 {
            let s = ByteWriterTests.randomString(&g)
            let (buffer, array) = both({ JSONBytes.appendQuoted(s, to: &$0) }, { JSONBytes.appendQuoted(s, to: &$0) })
            #expect(buffer == array, "\(Array(s.utf8))")
        }
    }

    /// Every byte that needs an escape, at every position of a run longer than the eight bytes
    /// looked at a time, is escaped as alone.
    @Test func escapesAreFoundAnywhereInALongRun() {
        for b in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x22, 0x5C, 0x7F] as [UInt8] {
            for position in 0..<20 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
                bytes[position] = b
                var alone: [UInt8] = []
                [b].withUnsafeBufferPointer { JSONBytes.appendEscaped($0, to: &alone) }
                let expected = Array(repeating: UInt8(ascii: "a"), count: position) + alone + Array(repeating: UInt8(ascii: "a"), count: 19 - position)
                var buffer = ByteBuffer()
                bytes.withUnsafeBufferPointer { JSONBytes.appendEscaped($0, to: &buffer) }
                let got = buffer.withUnsafeBytes { Array($0) }
                #expect(got == expected, "byte \(b) at \(position)")
            }
        }
    }

    /// Runs of every length the whole-word check takes (under 4, 4–7, 8 and past, the last word
    /// overlapping), clean or with an escape at any position: each byte written as it is alone,
    /// which is what escaping means byte by byte.
    @Test func runsOfEveryLengthAreEscapedByteByByte() {
        func alone(_ b: UInt8) -> [UInt8] {
            var out: [UInt8] = []
            [b].withUnsafeBufferPointer { JSONBytes.appendEscaped($0, to: &out) }
            return out
        }
        #expect(alone(0x22) == Array(#"\""#.utf8) && alone(0x01) == Array(#"\u0001"#.utf8) && alone(0x61) == [0x61])
        for n in 0...40 {
            // Printable bytes that need no escape.
            let clean: [UInt8] = (0..<n).map { k -> UInt8 in
                let b = UInt8(0x20 + (k * 7) % 90)
                return b == 0x22 || b == 0x5C ? 0x41 : b
            }
            let escaped: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x7F]
            for position in -1..<n {
                for b in position < 0 ? [0x41] : escaped {
                    var bytes = clean
                    if position >= 0 { bytes[position] = b }
                    var buffer = ByteBuffer()
                    bytes.withUnsafeBufferPointer { JSONBytes.appendEscaped($0, to: &buffer) }
                    let got = buffer.withUnsafeBytes { Array($0) }
                    #expect(got == bytes.flatMap(alone), "\(n) bytes, \(b) at \(position)")
                }
            }
        }
    }

    @Test func growingKeepsTheBytes() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for k in 0..<10_000 {
            let piece = Array("piece \(k);".utf8)
            piece.withUnsafeBufferPointer { buffer.append(bytes: $0) }
            buffer.append(UInt8(k % 256))
            expected += piece + [UInt8(k % 256)]
        }
        let (count, bytes) = (buffer.count, buffer.withUnsafeBytes { Array($0) })
        #expect(count == expected.count && bytes == expected)
        buffer.removeAll()
        let emptied = buffer.isEmpty
        #expect(emptied)
    }

    /// Pieces of every length the word copies take (up to 64 bytes) and past them, after every
    /// count of bytes already written, land whole and leave what was there alone.
    @Test func piecesOfEveryLengthCopyExactly() {
        let source = (0..<80).map { UInt8(33 + $0) }
        for before in 0..<9 {
            for n in 0...source.count {
                var buffer = ByteBuffer(capacity: 16)
                for _ in 0..<before { buffer.append(UInt8(ascii: "-")) }
                source.withUnsafeBufferPointer { buffer.append(bytes: UnsafeBufferPointer(rebasing: $0[0..<n])) }
                buffer.append(UInt8(ascii: "|"))
                let got = buffer.withUnsafeBytes { Array($0) }
                #expect(got == Array(repeating: UInt8(ascii: "-"), count: before) + source[0..<n] + [UInt8(ascii: "|")], "\(n) bytes after \(before)")
            }
        }
    }
}
