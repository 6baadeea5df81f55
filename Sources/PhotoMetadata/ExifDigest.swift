/// The 64-bit FNV-1a hash behind ``ImageMetadata/exifDigest``.
///
/// ```swift
/// ExifDigest.fnv1a(Array("a".utf8))   // 0xAF63DC4C8601EC8C
/// ```
///
/// FNV-1a because the block is a few hundred bytes of already-read memory: a stronger hash
/// would cost more than it buys for recognising a moved file, which also compares sizes.
public enum ExifDigest {
    public static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
