import CZlib
import Foundation

/// The pixels of a PNG, decoded to 8-bit RGBA, so a test can ask what colour a point of a page is.
///
/// It reads what Chromium's screenshots are: 8-bit RGB or RGBA (colour types 2 and 6), not
/// interlaced, with any of the five scanline filters. Anything else is refused with a
/// ``PNGError`` rather than decoded wrongly.
///
/// ```swift
/// let image = try RasterImage(png: rendering.png)
/// let p = image.pixel(x: 10, y: 20)
/// #expect((p.r, p.g, p.b) == (200, 30, 40))
/// ```
///
/// A value type of immutable bytes: safe to share between threads.
public struct RasterImage: Sendable {
    public let width: Int
    public let height: Int
    /// Row after row, four bytes (R, G, B, A) a pixel; RGB images get an alpha of 255.
    public let rgba: [UInt8]

    /// The colour at (`x`, `y`), from the top-left corner. Out of bounds is a programming error.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) lies outside \(width)×\(height)")
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// The largest image data the decoder inflates: far beyond any screenshot, small enough
    /// that a corrupt IHDR cannot make a test allocate the machine away.
    static let maximumInflatedSize = 1 << 30

    /// Decodes `png`, checking every length against the bytes there are and every chunk's CRC.
    public init(png: Data) throws {
        let bytes = [UInt8](png)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw PNGError.notPNG }

        var header: (width: Int, height: Int, colourType: UInt8)?
        var compressed: [UInt8] = []
        var offset = 8
        var ended = false
        while !ended {
            guard bytes.count - offset >= 12 else {
                throw PNGError.truncated("\(bytes.count - offset) bytes left at offset \(offset), too few for a chunk")
            }
            let length = Int(Self.bigEndian(bytes, offset))
            let typeStart = offset + 4, dataStart = offset + 8
            // Checked before the sum so a length near 2³¹ cannot overflow the offset.
            guard length <= bytes.count - dataStart - 4 else {
                throw PNGError.truncated("a chunk at offset \(offset) says \(length) bytes, only \(bytes.count - dataStart - 4) follow")
            }
            let type = String(decoding: bytes[typeStart..<dataStart], as: UTF8.self)
            let data = bytes[dataStart..<dataStart + length]
            let stored = Self.bigEndian(bytes, dataStart + length)
            let computed = bytes[typeStart..<dataStart + length].withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
            }
            guard stored == computed else { throw PNGError.malformed("chunk \(type) has a bad CRC") }
            if header == nil, type != "IHDR" { throw PNGError.malformed("the first chunk is \(type), not IHDR") }

            switch type {
            case "IHDR":
                guard header == nil else { throw PNGError.malformed("a second IHDR") }
                guard length == 13 else { throw PNGError.malformed("IHDR is \(length) bytes, not 13") }
                let width = Int(Self.bigEndian(bytes, dataStart)), height = Int(Self.bigEndian(bytes, dataStart + 4))
                let (depth, colourType) = (data[dataStart + 8], data[dataStart + 9])
                let (compression, filter, interlace) = (data[dataStart + 10], data[dataStart + 11], data[dataStart + 12])
                guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                    throw PNGError.malformed("size \(width)×\(height)")
                }
                guard compression == 0, filter == 0 else { throw PNGError.malformed("compression method \(compression), filter method \(filter)") }
                guard depth == 8 else { throw PNGError.unsupported("bit depth \(depth) (only 8 is read)") }
                guard colourType == 2 || colourType == 6 else {
                    throw PNGError.unsupported("colour type \(colourType) (only 2, RGB, and 6, RGBA, are read)")
                }
                guard interlace == 0 else { throw PNGError.unsupported("interlaced (Adam7) images") }
                header = (width, height, colourType)
            case "IDAT":
                compressed.append(contentsOf: data)
            case "IEND":
                ended = true
            default:
                // Ancillary chunks (sRGB, pHYs, text) say nothing about the pixels' bytes; a
                // critical one (upper-case first letter) the decoder does not know might.
                guard let first = type.unicodeScalars.first, first.properties.isLowercase else {
                    throw PNGError.unsupported("critical chunk \(type)")
                }
            }
            offset = dataStart + length + 4
        }
        guard let header else { throw PNGError.malformed("no IHDR") }
        guard !compressed.isEmpty else { throw PNGError.malformed("no IDAT") }

        let channels = header.colourType == 6 ? 4 : 3
        // height × (1 + width × channels): each scanline starts with its filter byte.
        let (lineBytes, o1) = header.width.multipliedReportingOverflow(by: channels)
        let (stride, o2) = lineBytes.addingReportingOverflow(1)
        let (size, o3) = stride.multipliedReportingOverflow(by: header.height)
        guard !o1, !o2, !o3, size <= Self.maximumInflatedSize else {
            throw PNGError.unsupported("\(header.width)×\(header.height) is too large to decode")
        }

        var filtered = [UInt8](repeating: 0, count: size)
        var inflated = uLongf(size)
        let status = filtered.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &inflated, input.baseAddress, uLong(input.count))
            }
        }
        switch status {
        case Z_OK where Int(inflated) == size: break
        case Z_OK: throw PNGError.truncated("the image data inflates to \(inflated) bytes, IHDR implies \(size)")
        case Z_BUF_ERROR: throw PNGError.malformed("the image data inflates to more than the \(size) bytes IHDR implies, or ends early")
        default: throw PNGError.malformed("zlib could not inflate the image data (error \(status))")
        }

        width = header.width
        height = header.height
        rgba = try Self.unfilter(filtered, width: width, height: height, channels: channels)
    }

    /// Undoes the scanline filters (PNG spec §9) and widens RGB to RGBA.
    static func unfilter(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let lineBytes = width * channels
        var previous = [UInt8](repeating: 0, count: lineBytes)   // the row above the first is zeros
        var line = [UInt8](repeating: 0, count: lineBytes)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let start = y * (lineBytes + 1)
            let filter = data[start]
            for i in 0..<lineBytes {
                let raw = data[start + 1 + i]
                let left = i >= channels ? line[i - channels] : 0
                let up = previous[i]
                let upLeft = i >= channels ? previous[i - channels] : 0
                switch filter {
                case 0: line[i] = raw
                case 1: line[i] = raw &+ left
                case 2: line[i] = raw &+ up
                case 3: line[i] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: line[i] = raw &+ paeth(left, up, upLeft)
                default: throw PNGError.malformed("row \(y) has filter type \(filter)")
                }
            }
            for x in 0..<width {
                for c in 0..<channels { out[(y * width + x) * 4 + c] = line[x * channels + c] }
            }
            swap(&previous, &line)
        }
        return out
    }

    /// The predictor of filter type 4: whichever neighbour is nearest to left + up − upper-left.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
