import Foundation
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The second stage of an import: one folder's files sorted into media (each with the XMP and
/// Takeout sidecars beside it), GPX tracks, and sidecars whose media file is not there.
///
/// ```swift
/// let folder = MediaPairing.pair(files)   // DSC_0100.JPG, DSC_0100.xmp, walk.gpx
/// folder.media[0].xmp?.name               // "DSC_0100.xmp"
/// folder.tracks.map(\.name)               // ["walk.gpx"]
/// ```
///
/// Names decide here, never contents: `.xmp` is an XMP sidecar, `.gpx` a track, and a `.json`
/// is a Takeout sidecar when a file beside it has the name Takeout gives (``SidecarNames``).
/// Every other file is media to read, whatever its name: its first bytes say what it is. A
/// `.json` no file claims is listed as an orphan when its name reads like a Takeout sidecar's,
/// and is an ordinary file otherwise (a Takeout album's `metadata.json`). Stateless; thread-safe.
public enum MediaPairing {
    /// A file to read, with its sidecars.
    public struct Media: Sendable, Equatable {
        public let file: LibraryWalker.File
        public var xmp: LibraryWalker.File?
        public var takeout: LibraryWalker.File?

        public init(file: LibraryWalker.File, xmp: LibraryWalker.File? = nil, takeout: LibraryWalker.File? = nil) {
            (self.file, self.xmp, self.takeout) = (file, xmp, takeout)
        }

        /// The sidecars as the log records them (``TravelLog/PhotoRecord/sidecars``): their names,
        /// sizes and times, so a sidecar edited, added or removed makes the file read again.
        public var sidecarStamp: String? {
            let lines = [xmp, takeout].compactMap { $0 }.map { "\($0.name)\t\($0.size)\t\($0.modifiedNs)" }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
    }

    /// What one folder holds.
    public struct Folder: Sendable, Equatable {
        public var media: [Media] = []
        public var tracks: [LibraryWalker.File] = []
        /// XMP and Takeout sidecars beside no media file: listed, not errors.
        public var orphans: [LibraryWalker.File] = []
    }

    public static func pair(_ files: [LibraryWalker.File]) -> Folder {
        var folder = Folder()
        var xmps: [String: LibraryWalker.File] = [:], jsons: [String: LibraryWalker.File] = [:]
        var others: [LibraryWalker.File] = []
        for file in files {
            switch FileName.extensionLowercased(file.name) {
            case "xmp": xmps[file.name] = file
            case "json": jsons[file.name] = file
            case "gpx": folder.tracks.append(file)
            default: others.append(file)
            }
        }
        let xmpNames = Set(xmps.keys), jsonNames = Set(jsons.keys)
        var used = Set<String>()
        for file in others {
            var media = Media(file: file)
            if !xmpNames.isEmpty, let name = SidecarNames.xmp(for: file.name, among: xmpNames) {
                media.xmp = xmps[name]
                used.insert(name)
            }
            if !jsonNames.isEmpty, let name = SidecarNames.takeout(for: file.name, among: jsonNames) {
                media.takeout = jsons[name]
                used.insert(name)
            }
            folder.media.append(media)
        }
        folder.orphans = xmps.values.filter { !used.contains($0.name) }
        for json in jsons.values where !used.contains(json.name) {
            if SidecarNames.looksLikeTakeout(json.name) { folder.orphans.append(json) } else { folder.media.append(Media(file: json)) }
        }
        folder.orphans.sort { $0.path < $1.path }
        folder.media.sort { $0.file.path < $1.file.path }
        return folder
    }
}

extension MediaPairing {
    /// The file at `path` with the sidecars beside it in its folder, for reading one file alone
    /// (`atlas inspect`); nil when it is no regular file.
    public static func media(at path: String) -> Media? {
        var found: Media?
        LibraryWalker().walkFolders(root: path) { folder, files in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let sidecars = names.filter { ["xmp", "json"].contains(FileName.extensionLowercased($0)) }.compactMap { name -> LibraryWalker.File? in
                var status = stat()
                let path = folder + "/" + name
                guard FileName.withCString(path, { stat($0, &status) }) == 0, LibraryWalker.isRegular(status) else { return nil }
                return LibraryWalker.File(status, path: path)
            }
            found = pair(files + sidecars).media.first { $0.file.path == files.first?.path }
            return false
        }
        return found
    }
}
