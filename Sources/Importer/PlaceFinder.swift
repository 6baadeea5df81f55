import Foundation
import Gazetteer
import LocationHistory
import PhotoMetadata
import Resolver
import TravelLog

/// Position → place snapshot and capture-time offset, shared by every import worker and by
/// `reresolve`. The resolver is loaded on first use, so a re-import with nothing new never
/// pays for it.
///
/// ```swift
/// let finder = PlaceFinder(gazetteer: try Gazetteer.open())
/// let place = try finder.place(latitude: 35.01, longitude: 135.77)
/// ```
///
/// Thread-safe: one condition around the lazy state; loading and resolution run unlocked.
public final class PlaceFinder: @unchecked Sendable {
    public let gazetteer: Gazetteer
    private let condition = NSCondition()
    private var loaded: Resolver?
    /// Whether a thread is loading the resolver now: the others wait for it, or read metadata
    /// meanwhile (``resolverUnlessLoading()``).
    private var loading = false

    public init(gazetteer: Gazetteer, resolver: Resolver? = nil) {
        self.gazetteer = gazetteer
        loaded = resolver
    }

    public var isResolverLoaded: Bool { condition.withLock { loaded != nil } }

    public func resolver() throws -> Resolver {
        condition.lock()
        while loading { condition.wait() }
        if let loaded {
            condition.unlock()
            return loaded
        }
        loading = true
        condition.unlock()
        return try load()
    }

    /// The resolver, loaded by this thread unless another is loading it now: nil then, without
    /// waiting. An import worker that has read a chunk asks this, so that only one of them
    /// loads and the other reads files on (``readMetadata(_:reader:)``): the load keeps only
    /// one of the two cores busy for most of its time, and two workers asking ``resolver()``
    /// at the start left the second waiting for all of it.
    func resolverUnlessLoading() throws -> Resolver? {
        condition.lock()
        if let loaded {
            condition.unlock()
            return loaded
        }
        guard !loading else {
            condition.unlock()
            return nil
        }
        loading = true
        condition.unlock()
        return try load()
    }

    /// Starts loading the resolver on a thread of its own, unless it is loaded or loading, and
    /// then its tables read on first use (``Resolver/loadFirstUseTables()``): for a caller that
    /// knows it will place many files (an import into a log that does not exist yet), so that
    /// the load runs beside what comes before the first file is read. A failed load is the
    /// error of whoever asks for the resolver next.
    public func loadInBackground() {
        guard condition.withLock({ () -> Bool in
            guard loaded == nil, !loading else { return false }
            loading = true
            return true
        }) else { return }
        let thread = Thread { [self] in (try? load())?.loadFirstUseTables() }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Loads the resolver, once ``loading`` is set by this thread.
    private func load() throws -> Resolver {
        let result = Result { try Resolver(gazetteer: gazetteer) }
        condition.withLock {
            loading = false
            loaded = try? result.get()
            condition.broadcast()
        }
        return try result.get()
    }

    /// The snapshot for a position; nil when the resolver refuses it.
    public func place(latitude: Double, longitude: Double) throws -> PlaceSnapshot? {
        try locate(latitude: latitude, longitude: longitude)?.place
    }

    /// The snapshot for a position and the IANA time zone there (`America/Denver`, from the
    /// zone polygons, so the Navajo Nation is not Phoenix); nil when the resolver refuses it.
    public func locate(latitude: Double, longitude: Double) throws -> (place: PlaceSnapshot, timeZone: String)? {
        let resolver = try resolver()
        guard let chain = try? resolver.resolve(GeoCoordinate(latitude: latitude, longitude: longitude)) else { return nil }
        return (PlaceSnapshot(chain, gazetteerVersion: resolver.gazetteerVersion), chain.timeZone)
    }

    /// What the read stage made of one file and its sidecars: the record (nil for a file that
    /// is no photo or video), and the sidecars that could not be read (the file is recorded
    /// all the same, from what could).
    ///
    /// A class: it goes from a worker to the writer through four arrays, and a copy of the
    /// record and the visit retained and released each of their forty-odd strings (8% of an
    /// import's samples were such copies and their reference counting).
    final class Reading: Sendable {
        let record: PhotoRecord?
        /// The record as the passport reads it, for a readable photo with a position: made here,
        /// on a worker, so that the thread writing the log only folds it into the aggregates.
        let visit: VisitPhoto?
        /// The visit's point on the track (``TrackDay/Point``), made on the worker likewise.
        let trackPoint: TrackDay.Point?
        let sidecarErrors: [MetadataError]
        /// The file is no photo but a location history (``ImportHistories``), told by its content.
        let isHistory: Bool

        init(record: PhotoRecord? = nil, visit: VisitPhoto? = nil, trackPoint: TrackDay.Point? = nil,
             sidecarErrors: [MetadataError] = [], isHistory: Bool = false) {
            (self.record, self.visit, self.trackPoint, self.sidecarErrors, self.isHistory) = (record, visit, trackPoint, sidecarErrors, isHistory)
        }
    }

    /// Reads a file and its sidecars and merges them (``PositionChoice``): what the file is
    /// when that is all there is to it (no photo, a history, a broken photo as a record with
    /// its error), else what it says, for ``place(_:)``. Needs no resolver, so a worker reads
    /// on while another loads it.
    func readMetadata(_ media: MediaPairing.Media, reader: MetadataReader) -> Stage {
        let file = media.file
        var metadata: ImageMetadata
        do {
            metadata = try reader.read(path: file.path, size: Int(file.size))
        } catch {
            // A file that is no image and does not claim to be one (a video, a sidecar) is
            // not a photo at all; a .jpg that is not a JPEG is a broken photo.
            if error.kind == "unrecognised-format" || error.kind == "empty", !Self.hasImageExtension(file.path) {
                // Histories come under any name (`Zeitachse.json`, `2019_MAY.json`, `phone.rec`).
                let history = error.kind == "unrecognised-format" && (try? HistoryReader.format(ofFileAt: file.path)) != nil
                return .read(Reading(isHistory: history))
            }
            var record = PhotoRecord(file: file, error: error)
            record.sidecars = media.sidecarStamp
            return .read(Reading(record: record))
        }
        var errors: [MetadataError] = []
        metadata = PositionChoice.merge(metadata, sidecarsOf: media) { errors.append($0) }
        return .unplaced(Unplaced(file: file, metadata: metadata, sidecars: media.sidecarStamp, sidecarErrors: errors))
    }

    /// The position of what ``readMetadata(_:reader:)`` read resolved and the offset derived.
    /// Throws only when the gazetteer cannot be loaded (fatal); a bad file is a record with an
    /// error.
    func place(_ unplaced: Unplaced) throws -> Reading {
        var record = try record(unplaced.file, unplaced.metadata)
        record.sidecars = unplaced.sidecars
        guard record.error == nil, record.latitude != nil else { return Reading(record: record, sidecarErrors: unplaced.sidecarErrors) }
        let visit = VisitPhoto(record: record)
        return Reading(record: record, visit: visit, trackPoint: TrackDay.Point(visit), sidecarErrors: unplaced.sidecarErrors)
    }

    /// The record of what was read: the position resolved, the offset derived.
    func record(_ file: LibraryWalker.File, _ metadata: ImageMetadata) throws -> PhotoRecord {
        let located = try metadata.position.flatMap { try locate(latitude: $0.latitude, longitude: $0.longitude) }
        let logged = CaptureOffset.logged(metadata, timeZone: located?.timeZone)
        var local = metadata
        local.captureTime = logged?.time
        let offset = logged.flatMap { l in l.source.flatMap { source in l.time.utcOffsetSeconds.map { ($0, source) } } }
        return PhotoRecord(file: file, metadata: local, place: located?.place, offset: offset)
    }

    /// A movie header's or Takeout's time is an instant in UTC, not the camera's clock: the
    /// day it was taken is the day at the place, in the place's zone. Nil for any other time,
    /// or without a place.
    func localTime(of time: CaptureTime?, source: ImageMetadata.TimeSource?, inZone identifier: String?) -> CaptureTime? {
        CaptureOffset.localTime(of: time, source: source, inZone: identifier)
    }

    /// Whether the name claims a photo or a video: such a file that cannot be read is a broken
    /// one, recorded with its error, not a stranger passed over.
    static func hasImageExtension(_ path: String) -> Bool {
        FileName.extensionLowercased(path).map(ImageFormat.fileExtensions.contains) ?? false
    }
}
