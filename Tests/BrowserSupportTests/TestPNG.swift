import CZlib
import Foundation

/// PNGs written by hand for the decoder's tests: the filters applied here, independently of
/// the decoder's own code, so one mistake made twice cannot pass for a right answer.
enum TestPNG {
    /// Deterministic pixel bytes that differ from their neighbours, so every filter's
    /// predictor has something to predict.
    static func pixels(width: Int, height: Int, channels: Int, seed: UInt32 = 1) -> [UInt8] {
        var state = seed
        return (0..<width * height * channels).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    /// A PNG of `pixels` (rows of `channels` bytes a pixel, RGB or RGBA), row y filtered with
    /// `filters[y % filters.count]`, its image data split over `idatChunks` IDAT chunks and a
    /// tEXt chunk before them that the decoder must skip.
    static func encode(width: Int, height: Int, channels: Int, pixels: [UInt8], filters: [UInt8], idatChunks: Int = 2) -> Data {
        let line = width * channels
        var scanlines: [UInt8] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            scanlines.append(filter)
            for i in 0..<line {
                let x = pixels[y * line + i]
                let a = i >= channels ? pixels[y * line + i - channels] : 0
                let b = y > 0 ? pixels[(y - 1) * line + i] : 0
                let c = i >= channels && y > 0 ? pixels[(y - 1) * line + i - channels] : 0
                let prediction: UInt8
                switch filter {
                case 0: prediction = 0
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = UInt8((UInt16(a) + UInt16(b)) >> 1)
                default: prediction = paeth(a, b, c)
                }
                scanlines.append(x &- prediction)
            }
        }
        let compressed = deflate(scanlines)
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, channels == 4 ? 6 : 2, 0, 0, 0]
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += chunk("IHDR", ihdr)
        png += chunk("tEXt", Array("Comment\0written by TestPNG".utf8))
        let piece = (compressed.count + idatChunks - 1) / idatChunks
        for start in stride(from: 0, to: compressed.count, by: piece) {
            png += chunk("IDAT", Array(compressed[start..<min(start + piece, compressed.count)]))
        }
        png += chunk("IEND", [])
        return png
    }

    /// The PNG spec's Paeth predictor, written as the spec puts it.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb, pa <= pc { return a } else if pb <= pc { return b } else { return c }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> Data {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return Data(bigEndian(UInt32(data.count)) + body + bigEndian(crc))
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(bytes.count))))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { compress(o.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        precondition(status == Z_OK, "zlib compress failed: \(status)")
        return Array(out[..<Int(length)])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
