import Foundation
import Gazetteer
import Importer
import JSONWriter
import PhotoMetadata

/// `atlas inspect FILE... [--json]`: what the metadata reader sees in each file.
enum InspectCommand: Command {
    static let declaration = CommandDeclaration(
        name: "inspect", summary: "Show the position, time and camera that photos and videos record", forms: ["FILE..."],
        about: """
            Reads each file's GPS position, altitude, capture time and camera without decoding
            pixels (JPEG, TIFF and TIFF-based raws, HEIC/HEIF/AVIF, PNG, WebP) or reading media
            data (MOV, MP4, M4V, 3GP: the metadata in their moov box), merged with the XMP and
            Google Takeout sidecars beside it as an import merges them (position_source says which
            gave the position). The capture time is shown as the travel log records it: a
            camera clock without an offset of its own gets one from the GPS clock when the time
            zone at the position had that offset that day, else the zone's (daylight saving
            included); a video's UTC time is the wall clock there. A GPX file shows its points and
            the time they span.
            """,
        options: [SharedOptions.json("One JSON object per line per file: path, format, latitude, longitude, altitude, position_source, taken_at, offset, offset_source (exif, gps, timezone, timezone-over-gps), gps_time_utc, make, model, error, ...").declaration,
                  Option("--gazetteer", .path(), SharedOptions.gazetteer.declaration.help).declaration],
        exitStatus: "0 every file read, 1 usage error, 2 the gazetteer could not be read, 3 some files could not be read.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let gazetteerPath = try arguments.value(SharedOptions.gazetteer)
        let paths = try arguments.finish()
        guard !paths.isEmpty else { throw UsageError("no files given") }
        // Opened on the first file whose time depends on its place: files with an offset of
        // their own, or without a position, are read with no gazetteer at all.
        var finder: PlaceFinder?
        func zone(at position: ImageMetadata.Position) throws -> String? {
            if finder == nil { finder = PlaceFinder(gazetteer: try Gazetteer.open(path: gazetteerPath)) }
            return try finder?.locate(latitude: position.latitude, longitude: position.longitude)?.timeZone
        }

        let reader = MetadataReader()
        let width = paths.map(\.count).max() ?? 0
        var failures = 0
        for path in paths {
            var metadata: ImageMetadata
            do {
                if FileName.extensionLowercased(path) == "gpx" {
                    let track = try GPXTrack.read(path: path)
                    Console.out(json ? track.json(path: path).rendered() : track.summaryLine(path: path.padding(toLength: width, withPad: " ", startingAt: 0)))
                    continue
                }
                metadata = try reader.read(path: path)
                if let media = MediaPairing.media(at: path) {
                    metadata = PositionChoice.merge(metadata, sidecarsOf: media) { error in
                        failures += 1
                        Console.error("atlas inspect: \(error)")
                    }
                }
            } catch {
                failures += 1
                if json { Console.out(json: JSONValue.object([("path", .string(path)), ("error", .string(error.message))])) }
                Console.error("atlas inspect: \(error)")
                continue
            }
            // Outside the file's errors: a gazetteer that cannot be read is fatal, not one bad file.
            let placed = metadata.captureTime?.utcOffsetSeconds == nil || metadata.captureTimeSource?.isUTCInstant == true
            let logged = CaptureOffset.logged(metadata, timeZone: try metadata.position.flatMap { placed ? try zone(at: $0) : nil })
            metadata.captureTime = logged?.time
            let source = logged?.source
            Console.out(json ? metadata.json(path: path, offsetSource: source).rendered()
                             : metadata.summaryLine(path: path.padding(toLength: width, withPad: " ", startingAt: 0), offsetSource: source))
        }
        return failures == 0 ? .success : .partial
    }
}
