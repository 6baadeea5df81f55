import Foundation
import Importer
import JSONWriter
import PhotoMetadata

/// `atlas inspect FILE... [--json]`: what the metadata reader sees in each file.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Show the position, time and camera that photos and videos record"
    static let help = """
        Usage: atlas inspect FILE... [--json]

        Reads each file's GPS position, altitude, capture time and camera without decoding
        pixels (JPEG, TIFF and TIFF-based raws, HEIC/HEIF/AVIF, PNG, WebP) or reading media
        data (MOV, MP4, M4V, 3GP: the metadata in their moov box), merged with the XMP and
        Google Takeout sidecars beside it as an import merges them (position_source says which
        gave the position). A GPX file shows its points and the time they span.

        Options:
          --json    One JSON object per line per file: path, format, latitude, longitude,
                    altitude, position_source, taken_at, offset, gps_time_utc, make, model,
                    error, ...
          --help    Show this help.

        Exit status: 0 every file read, 1 usage error, 3 some files could not be read.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let paths = try arguments.finish()
        guard !paths.isEmpty else { throw UsageError("no files given") }

        let reader = MetadataReader()
        let width = paths.map(\.count).max() ?? 0
        var failures = 0
        for path in paths {
            do {
                if FileName.extensionLowercased(path) == "gpx" {
                    let track = try GPXTrack.read(path: path)
                    Console.out(json ? track.json(path: path).rendered() : track.summaryLine(path: path.padding(toLength: width, withPad: " ", startingAt: 0)))
                    continue
                }
                var metadata = try reader.read(path: path)
                if let media = MediaPairing.media(at: path) {
                    metadata = PositionChoice.merge(metadata, sidecarsOf: media) { error in
                        failures += 1
                        Console.error("atlas inspect: \(error)")
                    }
                }
                Console.out(json ? metadata.json(path: path).rendered() : metadata.summaryLine(path: path.padding(toLength: width, withPad: " ", startingAt: 0)))
            } catch {
                failures += 1
                if json { Console.out(JSONValue.object([("path", .string(path)), ("error", .string(error.message))]).rendered()) }
                Console.error("atlas inspect: \(error)")
            }
        }
        return failures == 0 ? .success : .partial
    }
}
