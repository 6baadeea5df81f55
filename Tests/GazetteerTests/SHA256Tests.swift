import AtlasProcess
import Foundation
import Testing
@testable import Gazetteer
import ScratchSpace

/// SHA-256 against the FIPS 180-2 examples (appendix B), fed whole and in every kind of
/// piece, and against `sha256sum` on a file several chunks long.
@Suite struct SHA256Tests {
    /// FIPS 180-2, appendix B.1, B.2 and B.3, and the digest of the empty message.
    static let vectors: [(message: String, digest: String)] = [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ]

    @Test(arguments: 0..<3)
    func fipsVectors(index: Int) {
        let (message, digest) = Self.vectors[index]
        #expect(SHA256.hex(Array(message.utf8)) == digest)
        // One byte at a time: every path through the pending block.
        var hash = SHA256()
        for byte in message.utf8 { hash.update([byte]) }
        #expect(hash.hexDigest() == digest)
    }

    /// B.3: a million "a", fed in pieces that straddle the 64-byte blocks in every way.
    @Test(arguments: [1, 55, 63, 64, 65, 1000, 1_000_000])
    func aMillionAsInPieces(piece: Int) {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: piece)
        var hash = SHA256()
        var fed = 0
        while fed < 1_000_000 {
            let n = min(piece, 1_000_000 - fed)
            hash.update(n == piece ? chunk : Array(chunk.prefix(n)))
            fed += n
        }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages whose padding ends in each way: 55 bytes (one block), 56 (two), 64, 119, 120.
    @Test(.enabled(if: SHA256Tests.sha256sum != nil, "sha256sum is not installed"))
    func paddingBoundariesAgreeWithSha256sum() throws {
        let tool = try #require(Self.sha256sum)
        for length in [55, 56, 63, 64, 65, 119, 120, 128] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let expected = try Self.reference(tool, bytes)
            #expect(SHA256.hex(bytes) == expected, "length \(length)")
        }
    }

    @Test(.enabled(if: SHA256Tests.sha256sum != nil, "sha256sum is not installed"))
    func aFileOfSeveralChunksAgreesWithSha256sum() throws {
        let tool = try #require(Self.sha256sum)
        let directory = Scratch.root.appendingPathComponent("atlas-sha-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Two and a half chunks of bytes that repeat nowhere, so a chunk fed twice or skipped shows.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<(SHA256.fileChunkBytes * 5 / 2 + 17)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let path = directory + "/data.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let printed = try AtlasBinary.run(program: tool, [path], environment: nil)
        #expect(printed.status == 0)
        #expect(try SHA256.hexDigest(ofFileAt: path) + "  " + path + "\n" == printed.stdout)
    }

    @Test func aFileThatCannotBeReadIsNamed() {
        let path = "/nonexistent-\(UUID().uuidString)/gazetteer.sqlite"
        let error = #expect(throws: GazetteerError.self) { try SHA256.hexDigest(ofFileAt: path) }
        #expect(error?.path == path)
        #expect(error?.reason == "cannot be read: No such file or directory")
    }

    static let sha256sum: String? = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The digest `sha256sum` prints for `bytes` given on its standard input.
    static func reference(_ tool: String, _ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput) = (input, output)
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: printed, as: UTF8.self).prefix(64))
    }
}
