import PhotoMetadata

/// The second stage of an import: what each name in a folder is, by the names beside it —
/// media to read (with the XMP and Takeout sidecars beside it), a GPX track, the sidecar of
/// another file, or a sidecar whose media file is not there.
///
/// ```swift
/// let folder = MediaPairing.Folder(path: "/photos", names: ["DSC_0100.JPG", "DSC_0100.xmp", "walk.gpx"])
/// folder.role(of: "DSC_0100.JPG")   // .media(xmp: "DSC_0100.xmp", takeout: nil)
/// folder.role(of: "walk.gpx")       // .track
/// ```
///
/// Names decide here, never contents: `.xmp` is an XMP sidecar, `.gpx` a track, and a `.json`
/// is a Takeout sidecar when a file beside it has the name Takeout gives (``SidecarNames``).
/// Every other file is media to read, whatever its name: its first bytes say what it is. A
/// `.json` no file claims is an orphan when its name reads like a Takeout sidecar's, and an
/// ordinary file otherwise (a Takeout album's `metadata.json`). Working on the names a folder
/// listing gives lets the walk hand files on one at a time, as it stats them. Stateless; thread-safe.
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
            guard xmp != nil || takeout != nil else { return nil }
            let lines = [xmp, takeout].compactMap { $0 }.map { "\($0.name)\t\($0.size)\t\($0.modifiedNs)" }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
    }

    /// What a name is in its folder.
    public enum Role: Sendable, Equatable {
        /// A file to read, with the names of its sidecars.
        case media(xmp: String?, takeout: String?)
        /// A GPX track.
        case track
        /// The sidecar of a file beside it: read with that file.
        case sidecar
        /// A sidecar beside no media file: listed, not an error.
        case orphan
    }

    /// The roles of one folder's names. Only the names that are not plain media are kept, so a
    /// folder without sidecars or tracks costs nothing per file.
    public struct Folder: Sendable {
        public let path: String
        private let roles: [String: Role]

        public init(path: String, names: [String]) {
            self.path = path
            var xmps: [String] = [], jsons = Set<String>(), others: [String] = []
            var roles: [String: Role] = [:]
            for name in names {
                switch FileName.extensionLowercased(name) {
                case "xmp": xmps.append(name)
                case "json": jsons.insert(name)
                case "gpx": roles[name] = .track
                default: others.append(name)
                }
            }
            var claimed = Set<String>()
            if !xmps.isEmpty || !jsons.isEmpty {
                let lowered = SidecarNames.lowercased(xmps)
                for name in others {
                    let xmp = lowered.isEmpty ? nil : SidecarNames.xmp(for: name, amongLowercased: lowered)
                    let takeout = jsons.isEmpty ? nil : SidecarNames.takeout(for: name, among: jsons)
                    guard xmp != nil || takeout != nil else { continue }
                    roles[name] = .media(xmp: xmp, takeout: takeout)
                    for sidecar in [xmp, takeout] { if let sidecar { claimed.insert(sidecar) } }
                }
            }
            for name in xmps { roles[name] = claimed.contains(name) ? .sidecar : .orphan }
            for name in jsons {
                if claimed.contains(name) { roles[name] = .sidecar } else if SidecarNames.looksLikeTakeout(name) { roles[name] = .orphan }
            }
            self.roles = roles
        }

        public func role(of name: String) -> Role { roles[name] ?? .media(xmp: nil, takeout: nil) }

        /// The role of a file of this folder.
        public func role(of file: LibraryWalker.File) -> Role { roles.isEmpty ? .media(xmp: nil, takeout: nil) : role(of: file.name) }

        /// The media `file` is with the sidecars its role names (looked up now: the walk may
        /// not have reached them).
        public func media(_ file: LibraryWalker.File, xmp: String?, takeout: String?) -> Media {
            Media(file: file, xmp: xmp.flatMap { LibraryWalker.file(at: path + "/" + $0) }, takeout: takeout.flatMap { LibraryWalker.file(at: path + "/" + $0) })
        }
    }
}

extension MediaPairing {
    /// The file at `path` with the sidecars beside it in its folder, for reading one file alone
    /// (`atlas inspect`); nil when it is no regular file.
    public static func media(at path: String) -> Media? {
        var folder: Folder?
        var found: Media?
        LibraryWalker().walk(root: path, entering: { folder = Folder(path: $0, names: $1) }) { file in
            if let folder, case .media(let xmp, let takeout) = folder.role(of: file) { found = folder.media(file, xmp: xmp, takeout: takeout) }
            return false
        }
        return found
    }
}
