import Foundation
import PhotoMetadata
import TravelLog

/// The last source of a position: a photo or video with none of its own, taken while a GPX
/// track was recording, gets the track's position at its capture instant (``GPXTrack/position(at:maximumGap:nearestWithin:)``).
///
/// ```swift
/// let placer = TrackPlacer(tracks: try log.tracks().map(\.track), finder: finder)
/// if let placed = try placer.place(record) { record = placed }   // positionSource "track"
/// ```
///
/// The instant is the capture time at its offset, when the file gave one (its own tag, the
/// GPS clock, or a time that is UTC by nature: a movie header, Takeout). A photo with only a
/// wall-clock time is read in the zone of the place the track was at around that time (asked
/// of the resolver); its offset is then recorded with the source `timezone`. Tracks are tried
/// in the order given; the first that covers the instant places the photo. Immutable; sendable.
public struct TrackPlacer: Sendable {
    public struct Options: Sendable {
        /// ``GPXTrack/maximumGap``.
        public var maximumGap: TimeInterval = GPXTrack.maximumGap
        /// ``GPXTrack/nearestWithin``.
        public var nearestWithin: TimeInterval = GPXTrack.nearestWithin

        public init(maximumGap: TimeInterval = GPXTrack.maximumGap, nearestWithin: TimeInterval = GPXTrack.nearestWithin) {
            (self.maximumGap, self.nearestWithin) = (maximumGap, nearestWithin)
        }
    }

    public let tracks: [GPXTrack]
    public let finder: PlaceFinder
    public let options: Options
    /// How far the camera's clock may be from UTC: the window in which a track's position
    /// stands for the zone of a photo without an offset.
    static let largestOffset: TimeInterval = 14 * 3600

    public init(tracks: [GPXTrack], finder: PlaceFinder, options: Options = .init()) {
        (self.tracks, self.finder, self.options) = (tracks, finder, options)
    }

    /// The record placed by a track, or nil when it has a position already, no capture time,
    /// or no track covers its instant.
    public func place(_ record: PhotoRecord) throws -> PhotoRecord? {
        guard record.latitude == nil, record.error == nil, let local = record.captureTime else { return nil }
        let source = record.timeSource.flatMap(ImageMetadata.TimeSource.init(rawValue:))
        if let offset = record.utcOffsetSeconds, record.offsetSource?.isZoneOffset != true || source?.isUTCInstant == true {
            let instant = local.localAsUTC.addingTimeInterval(TimeInterval(-offset))
            for track in tracks {
                if let point = position(on: track, at: instant) { return try placed(record, at: point, offset: nil) }
            }
            return nil
        }
        for track in tracks {
            // Where the track was around that wall-clock time tells the zone; the zone tells
            // the instant; the instant, the position.
            guard let around = track.position(at: local.localAsUTC, maximumGap: Self.largestOffset * 2, nearestWithin: Self.largestOffset),
                  let located = try finder.locate(latitude: around.latitude, longitude: around.longitude),
                  let offset = CaptureOffset.derive(time: local, gpsTime: nil, timeZone: located.timeZone) else { continue }
            let instant = local.localAsUTC.addingTimeInterval(TimeInterval(-offset.seconds))
            if let point = position(on: track, at: instant) { return try placed(record, at: point, offset: offset.seconds) }
        }
        return nil
    }

    private func position(on track: GPXTrack, at instant: Date) -> GPXTrack.Point? {
        track.position(at: instant, maximumGap: options.maximumGap, nearestWithin: options.nearestWithin)
    }

    private func placed(_ record: PhotoRecord, at point: GPXTrack.Point, offset derived: Int?) throws -> PhotoRecord {
        var r = record
        (r.latitude, r.longitude, r.positionSource) = (point.latitude, point.longitude, ImageMetadata.PositionSource.track.rawValue)
        r.altitude = point.elevation ?? record.altitude
        let located = try finder.locate(latitude: point.latitude, longitude: point.longitude)
        r.place = located?.place
        if let derived {
            (r.utcOffsetSeconds, r.offsetSource) = (derived, .timezone)
        } else if let offset = r.utcOffsetSeconds, let time = r.captureTime?.withOffset(offset),
                  let shown = finder.localTime(of: time, source: r.timeSource.flatMap(ImageMetadata.TimeSource.init(rawValue:)), inZone: located?.timeZone) {
            r.takenLocal = PhotoRecord.localText(shown)
            (r.utcOffsetSeconds, r.offsetSource) = (shown.utcOffsetSeconds, .timezone)
        }
        return r
    }

    /// The record as it was before a track placed it: what a changed or removed track is
    /// applied to again. Any other record is returned as it is.
    public static func unplaced(_ record: PhotoRecord) -> PhotoRecord {
        guard record.positionSource == ImageMetadata.PositionSource.track.rawValue else { return record }
        var r = record
        (r.latitude, r.longitude, r.altitude, r.place, r.positionSource) = (nil, nil, nil, nil, nil)
        guard r.offsetSource?.isZoneOffset == true, let offset = r.utcOffsetSeconds, let local = r.captureTime else { return r }
        if r.timeSource.flatMap(ImageMetadata.TimeSource.init(rawValue:))?.isUTCInstant == true {
            // Back to the instant in UTC the file holds.
            if let utc = CaptureTime(instant: local.localAsUTC.addingTimeInterval(TimeInterval(-offset)), offsetSeconds: 0) {
                (r.takenLocal, r.utcOffsetSeconds, r.offsetSource) = (PhotoRecord.localText(utc), 0, .exif)
            }
        } else {
            (r.utcOffsetSeconds, r.offsetSource) = (nil, nil)
        }
        return r
    }
}
