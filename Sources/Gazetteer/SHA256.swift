/// SHA-256 (FIPS 180-4), fed in pieces: what `manifest.json` records of the gazetteer, and
/// what `atlas verify` computes again. Foundation on Linux has no hash and CryptoKit is not
/// there, so the program carries its own.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.hexDigest()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
///
/// A value type: one hash per value, fed from one thread at a time. ``hexDigest()`` and
/// ``digest()`` work on a copy, so a value may be fed more after them.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19)
    /// The bytes of an unfinished block (fewer than 64).
    private var pending: [UInt8] = []
    /// How many bytes were fed in all: the message length the padding records.
    private var length: UInt64 = 0

    public init() { pending.reserveCapacity(64) }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds `bytes` without copying whole blocks: a file read in chunks hashes from its buffer.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(base + offset)
            offset += 64
        }
        if offset < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: bytes.count - offset)) }
    }

    /// The 32 bytes of the digest of everything fed so far.
    public func digest() -> [UInt8] {
        var copy = self
        // Padding: 0x80, zeros to 56 mod 64, then the length in bits, big-endian.
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (55 &- Int(length % 64) + 64) % 64)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let savedLength = copy.length
        copy.update(tail)
        copy.length = savedLength
        precondition(copy.pending.isEmpty, "SHA-256 padding must end on a block boundary")
        let s = copy.state
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7] {
            for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return out
    }

    /// ``digest()`` in lower-case hexadecimal, as `sha256sum` and the manifest write it.
    public func hexDigest() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest() {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SHA-256 of `bytes`, in hexadecimal.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    private static let k: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    /// One 64-byte block into the state. Written with `while` loops, wrapping shifts and no
    /// helper calls: a debug build (the tests, `swift run`) executes it as written, and a
    /// generic shift or a range iterator per step made hashing the gazetteer take 16 s there.
    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            let w = schedule.baseAddress!
            let bytes = block.assumingMemoryBound(to: UInt8.self)
            var i = 0
            while i < 16 {
                w[i] = UInt32(bytes[4 &* i]) &<< 24 | UInt32(bytes[4 &* i &+ 1]) &<< 16 | UInt32(bytes[4 &* i &+ 2]) &<< 8 | UInt32(bytes[4 &* i &+ 3])
                i &+= 1
            }
            while i < 64 {
                let x = w[i &- 15], y = w[i &- 2]
                let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                i &+= 1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.k.withUnsafeBufferPointer { table in
                let k = table.baseAddress!
                var i = 0
                while i < 64 {
                    let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ s0 &+ majority
                    i &+= 1
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}
