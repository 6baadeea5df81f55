import Foundation
import Gazetteer
import PhotoMetadata
import Resolver
import TravelLog

/// Position → place snapshot and capture-time offset, shared by every import worker and by
/// `reresolve`. The resolver is loaded on first use, so a re-import with nothing new never
/// pays for it; city time zones are looked up once per city.
///
/// ```swift
/// let finder = PlaceFinder(gazetteer: try Gazetteer.open())
/// let place = try finder.place(latitude: 35.01, longitude: 135.77)
/// ```
///
/// Thread-safe: one lock around the lazy state; resolution itself runs unlocked.
public final class PlaceFinder: @unchecked Sendable {
    public let gazetteer: Gazetteer
    private let lock = NSLock()
    private var loaded: Resolver?
    private var zones: [PlaceID: String] = [:]

    public init(gazetteer: Gazetteer, resolver: Resolver? = nil) {
        self.gazetteer = gazetteer
        loaded = resolver
    }

    public var isResolverLoaded: Bool { lock.withLock { loaded != nil } }

    public func resolver() throws -> Resolver {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let resolver = try Resolver(gazetteer: gazetteer)
        loaded = resolver
        return resolver
    }

    /// The snapshot for a position; nil (with the reason) when the resolver refuses it.
    public func place(latitude: Double, longitude: Double) throws -> PlaceSnapshot? {
        let resolver = try resolver()
        guard let chain = try? resolver.resolve(GeoCoordinate(latitude: latitude, longitude: longitude)) else { return nil }
        return PlaceSnapshot(chain, gazetteerVersion: resolver.gazetteerVersion)
    }

    /// The IANA time zone of a city (`Europe/Paris`), cached.
    public func timeZone(of city: PlaceID?) -> String? {
        guard let city else { return nil }
        if let known = lock.withLock({ zones[city] }) { return known.isEmpty ? nil : known }
        let zone = (try? gazetteer.place(city))??.timeZone ?? ""
        lock.withLock { zones[city] = zone }
        return zone.isEmpty ? nil : zone
    }

    /// The record of one file: read, resolved, offset derived. Throws only when the gazetteer
    /// cannot be loaded (fatal); a bad file is a record with an error.
    func record(for file: LibraryWalker.File, reader: MetadataReader) throws -> PhotoRecord? {
        let metadata: ImageMetadata
        do {
            metadata = try reader.read(path: file.path, size: Int(file.size))
        } catch {
            // A file that is no image and does not claim to be one (a video, a sidecar) is
            // not a photo at all; a .jpg that is not a JPEG is a broken photo.
            if error.kind == "unrecognised-format" || error.kind == "empty", !Self.hasImageExtension(file.path) { return nil }
            return PhotoRecord(file: file, error: error)
        }
        var place: PlaceSnapshot?
        if let p = metadata.position { place = try self.place(latitude: p.latitude, longitude: p.longitude) }
        if metadata.captureTimeSource == .movieHeader, let zone = timeZone(of: place?.city?.id).flatMap(TimeZone.init(identifier:)),
           let local = metadata.captureTime.flatMap({ CaptureOffset.wallClock($0, in: zone) }) {
            // A movie header holds an instant in UTC, not the camera's clock: the day it was
            // filmed is the day at the place, in the place's zone.
            var shown = metadata
            shown.captureTime = local
            return PhotoRecord(file: file, metadata: shown, place: place, offset: local.utcOffsetSeconds.map { ($0, .timezone) })
        }
        let offset = CaptureOffset.derive(time: metadata.captureTime, gpsTime: metadata.gpsTimestamp,
                                          timeZone: self.timeZone(of: place?.city?.id))
        return PhotoRecord(file: file, metadata: metadata, place: place, offset: offset)
    }

    /// Extensions that claim a photo or a video: such a file that cannot be read is a broken
    /// one, recorded with its error, not a stranger passed over.
    static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "heic", "heif", "hif", "avif", "png", "webp", "tif", "tiff", "dng",
        "cr2", "cr3", "nef", "arw", "orf", "rw2", "pef", "srw", "raf",
        "mov", "mp4", "m4v", "3gp",
    ]

    static func hasImageExtension(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }
}
