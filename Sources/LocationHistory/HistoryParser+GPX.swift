import Foundation
import PhotoMetadata

/// GPX, through the existing ``GPXTrack`` reader (its size cap, its refusal of DTDs): the file
/// is read whole, which GPX's size allows (a day of one point a second is about 10 MB), and its
/// track points are delivered in time order.
///
/// ```swift
/// try parser.readGPX()   // on the '<' of `<?xml …?><gpx …>`
/// ```
///
/// XML that is not GPX (no `<gpx` element in its first 64 KiB) is not a history.
extension HistoryParser {
    func readGPX() throws(HistoryError) {
        guard let bytes = try s.readAll(limit: GPXTrack.maximumBytes) else {
            _ = recognised(.gpx)
            throw HistoryError(offset: Int64(GPXTrack.maximumBytes), reason: .malformed("a GPX file over \(GPXTrack.maximumBytes >> 20) MiB"))
        }
        let head = bytes.prefix(64 << 10)
        let marker = Array("<gpx".utf8)
        guard head.count >= marker.count, (0...(head.count - marker.count)).contains(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) }) else { return }
        guard recognised(.gpx) else { return }
        let track: GPXTrack
        do {
            track = try GPXTrack.read(Data(bytes), path: "")
        } catch {
            let why: String
            switch error.reason {
            case .corrupt(let s), .truncated(let s), .unreadable(let s): why = s
            case .empty, .unrecognisedFormat: why = error.kind
            }
            throw HistoryError(offset: 0, reason: .malformed(why))
        }
        for point in track.points { emit(HistoryPoint(point)) }
    }
}
