/// Which files in a folder are the sidecars of a photo, by the names their writers give them.
///
/// ```swift
/// let names: Set<String> = ["DSC_0101.JPG", "DSC_0101.JPG.xmp", "IMG(1).jpg", "IMG.jpg(1).json"]
/// SidecarNames.xmp(for: "DSC_0101.JPG", among: names)      // "DSC_0101.JPG.xmp"
/// SidecarNames.takeout(for: "IMG(1).jpg", among: names)    // "IMG.jpg(1).json"
/// ```
///
/// - XMP: `NAME.EXT.xmp` (darktable, digiKam) first, then `NAME.xmp` (Lightroom, ExifTool), the
///   extension in any case.
/// - Google Takeout: `NAME.EXT.supplemental-metadata.json` (2024 on) first, then `NAME.EXT.json`;
///   Takeout cuts the name before `.json` to 46 characters (`…supplemental-metad.json`), and
///   numbers a repeated name after the extension (`IMG(1).jpg` has `IMG.jpg(1).json`); an
///   edited copy (`IMG-edited.jpg`) shares the original's JSON.
///
/// Stateless; thread-safe.
public enum SidecarNames {
    /// How many characters Takeout keeps of a sidecar's name before `.json`.
    public static let takeoutStemLimit = 46

    public static func xmp(for photo: String, among names: Set<String>) -> String? {
        xmp(for: photo, amongLowercased: lowercased(names))
    }

    /// XMP names by their lower-case form (of two that differ only in case, the first in
    /// code-point order): built once per folder for ``xmp(for:amongLowercased:)``.
    public static func lowercased(_ names: some Sequence<String>) -> [String: String] {
        Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, b in min(a, b) })
    }

    /// ``xmp(for:among:)`` against ``lowercased(_:)`` of the names: a folder of thousands of
    /// sidecars is not lower-cased again for each photo.
    public static func xmp(for photo: String, amongLowercased lowered: [String: String]) -> String? {
        let stem = photo.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        let candidates = [photo + ".xmp"] + (stem.isEmpty ? [] : [stem + ".xmp"])
        return candidates.lazy.compactMap { lowered[$0.lowercased()] }.first
    }

    public static func takeout(for photo: String, among names: Set<String>) -> String? {
        takeoutCandidates(for: photo).first { names.contains($0) }
    }

    /// The names Takeout may have given the JSON of `photo`, most likely first.
    public static func takeoutCandidates(for photo: String) -> [String] {
        var photos = [photo]
        if let edited = photo.range(of: "-edited.", options: .backwards) {
            photos.append(photo.replacingCharacters(in: edited, with: "."))
        }
        var out: [String] = []
        for name in photos {
            // "IMG(1).jpg" → "IMG.jpg" numbered 1.
            var full = name, number = ""
            if let dot = name.lastIndex(of: "."), name[..<dot].hasSuffix(")"), let open = name[..<dot].lastIndex(of: "("),
               name[name.index(after: open)..<name.index(before: dot)].allSatisfy(\.isNumber), name.index(after: open) < name.index(before: dot) {
                number = String(name[open..<dot])
                full = String(name[..<open]) + String(name[dot...])
            }
            for suffix in [".supplemental-metadata", ""] {
                out.append(String((full + suffix).prefix(takeoutStemLimit)) + number + ".json")
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// Whether a `.json` name reads like the sidecar of some photo, present or not: its stem
    /// (numbering removed) ends in a photo or video extension, in (part of)
    /// `.supplemental-metadata`, or is as long as Takeout cuts. A Takeout album's
    /// `metadata.json` is not one.
    public static func looksLikeTakeout(_ name: String) -> Bool {
        guard name.lowercased().hasSuffix(".json") else { return false }
        var stem = Substring(name.dropLast(5))
        if stem.hasSuffix(")"), let open = stem.lastIndex(of: "("), stem[stem.index(after: open)..<stem.index(before: stem.endIndex)].allSatisfy(\.isNumber) {
            stem = stem[..<open]
        }
        if stem.count >= takeoutStemLimit { return true }
        guard let ext = FileName.extensionLowercased(String(stem)), !ext.isEmpty else { return false }
        return ImageFormat.fileExtensions.contains(ext) || "supplemental-metadata".hasPrefix(ext)
    }
}
