import Foundation
import PhotoMetadata
import TravelLog

/// The GPX tracks of an import: the `.gpx` files the walk finds and those given with
/// `--track`, each read only when new or changed since the log stored it, then kept in the log
/// (so photos imported later are placed too); and the pass that places, at the end of the
/// import, every photo without a position that a track covers (``TrackPlacer``).
///
/// ```swift
/// let tracks = ImportTracks(log: log, dryRun: false, runID: id)
/// try tracks.found(file, into: &summary)      // for each .gpx
/// try tracks.finish(under: roots, complete: true)
/// try tracks.place(finder: finder, options: .init(), dryRunRecords: [], into: &summary)
/// ```
///
/// Used from the import's thread only.
final class ImportTracks {
    let log: TravelLog?
    let dryRun: Bool
    let runID: Int64?
    /// Tracks read this run, in the order found; saved by ``finish(under:complete:)``.
    private var fresh: [(file: LibraryWalker.File, track: GPXTrack?, error: PhotoRecord.Failure?)] = []
    private var seen = Set<String>()
    /// A track was added, changed or removed: every photo a track may place is looked at again.
    private(set) var changed = false

    /// Where a track's points also go, to give days as a location history's do.
    let histories: ImportHistories?

    init(log: TravelLog?, dryRun: Bool, runID: Int64?, histories: ImportHistories? = nil) {
        (self.log, self.dryRun, self.runID, self.histories) = (log, dryRun, runID, histories)
    }

    /// A track file: read unless the log has it as it is, and counted.
    func found(_ file: LibraryWalker.File, into summary: inout ImportSummary) throws {
        guard seen.insert(file.path).inserted else { return }
        summary.tracks += 1
        // A track with points stored before tracks gave days is read once more, for its days.
        if let stored = try log?.storedTrack(at: file.path), stored.size == file.size, stored.modifiedNs == file.modifiedNs,
           try stored.pointCount == 0 || histories?.keep(file) ?? true {
            summary.trackPoints += stored.pointCount
            if let error = stored.error { summary.count(error, of: file.path, new: false) }
            return
        }
        changed = true
        // Through the history reader's own GPX parser: Foundation's XMLParser traps on some
        // damaged GPX files, and a photo folder may hold any.
        let read = HistoryFile.read(path: file.path, size: file.size, modifiedNs: file.modifiedNs)
        if let error = read.stored.error, read.points.isEmpty {
            summary.count(error, of: file.path, new: true)
            fresh.append((file, nil, error))
        } else {
            let track = GPXTrack(points: read.points.map(\.gpxPoint))
            summary.trackPoints += track.points.count
            fresh.append((file, track, nil))
            try histories?.adopt(read)
        }
    }

    /// Every photo a track may place is to be looked at again (a location history changed).
    func markChanged() { changed = true }

    /// Stores the tracks read this run and, when the walk was `complete`, forgets those under
    /// `roots` it did not find. Nothing is written in a dry run.
    func finish(under roots: [String], complete: Bool) throws {
        guard let log, !dryRun else { return }
        try log.write {
            for t in fresh {
                try log.saveTrack(path: t.file.path, size: t.file.size, modifiedNs: t.file.modifiedNs, track: t.track, error: t.error, run: runID)
            }
            if complete, try log.removeTracks(under: roots, except: seen) > 0 { changed = true }
        }
    }

    /// The spans of time, in ms since 1970 UTC, that hold every instant a photo taken at one of
    /// `times` (wall clocks read as UTC) can be at, whatever its offset: each time ±
    /// ``TrackPlacer/largestOffset`` and the gap a track may bridge, merged where they overlap.
    static func windows(_ times: [Date]) -> [(from: Int64, to: Int64)] {
        let reach = Int64((TrackPlacer.largestOffset + 3_600) * 1000)
        var out: [(from: Int64, to: Int64)] = []
        for t in times.map({ Int64($0.timeIntervalSince1970 * 1000) }).sorted() {
            if let last = out.last, t - reach <= last.to { out[out.count - 1].to = t + reach } else { out.append((t - reach, t + reach)) }
        }
        return out
    }

    /// Every track: the log's, with this run's in place of the files they were read from.
    func all() throws -> [GPXTrack] {
        var byPath = Dictionary(try log?.tracks().map { ($0.path, $0.track) } ?? [], uniquingKeysWith: { a, _ in a })
        for t in fresh { byPath[t.file.path] = t.track }
        return byPath.sorted { $0.key < $1.key }.compactMap(\.value)
    }

    /// Places every photo a track covers and takes back the positions of photos a changed or
    /// removed track no longer covers; `unplaced` are a dry run's records (the log's are asked
    /// of it). The summary's counts move with them.
    func place(finder: PlaceFinder, options: TrackPlacer.Options, histories: ImportHistories? = nil, dryRunRecords unplaced: [PhotoRecord],
               into summary: inout ImportSummary) throws -> [PhotoRecord] {
        var tracks = try all()
        // A history places the photos this run wrote, or all again when it changed.
        let wrote = summary.counts.added + summary.counts.changed > 0 || dryRun
        let historySpan = changed || wrote ? try log?.historySpan() : nil
        guard !tracks.isEmpty || changed || historySpan != nil else { return [] }
        let candidates = try log.flatMap { dryRun ? nil : try $0.trackCandidates() } ?? []
        if let histories, historySpan != nil {
            // Only the history points near the photos to place: a decade of points is not needed for a few photos.
            let records = dryRun ? unplaced : candidates.map { TrackPlacer.unplaced($0.record) }
            for range in Self.windows(records.compactMap { $0.captureTime?.localAsUTC }) {
                tracks += try histories.tracks(from: range.from, to: range.to)
            }
        }
        let placer = TrackPlacer(tracks: tracks, finder: finder, options: options)
        // A quick test before any resolving: the capture time must be near some track.
        let window = tracks.compactMap { t in t.points.first.map { ($0.time.addingTimeInterval(-TrackPlacer.largestOffset), t.points.last!.time.addingTimeInterval(TrackPlacer.largestOffset)) } }
        func near(_ r: PhotoRecord) -> Bool {
            guard let t = r.captureTime?.localAsUTC else { return false }
            return window.contains { $0.0 <= t && t <= $0.1 }
        }
        func count(_ before: PhotoRecord, _ after: PhotoRecord) {
            let track = ImageMetadata.PositionSource.track.rawValue
            if before.positionSource == track {
                summary.positioned -= 1
                summary.withoutPosition += 1
                summary.positionsBySource[track, default: 0] -= 1
            }
            if after.positionSource == track {
                summary.positioned += 1
                summary.withoutPosition -= 1
                summary.positionsBySource[track, default: 0] += 1
                summary.placedByTrack += 1
                if after.offsetSource == .timezone && before.utcOffsetSeconds == nil { summary.placedWithTrackZone += 1 }
            }
        }
        guard let log, !dryRun else {
            return try unplaced.filter(near).compactMap { record in
                guard let placed = try placer.place(record) else { return nil }
                count(record, placed)
                return placed
            }
        }
        try log.write {
            for (id, record) in candidates {
                let base = TrackPlacer.unplaced(record)
                let placed = near(base) ? try placer.place(base) ?? base : base
                guard placed != record else { continue }
                count(record, placed)
                try log.update(id: id, with: placed, run: runID)
            }
        }
        return []
    }
}
