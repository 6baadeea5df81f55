import PhotoMetadata

extension PlaceFinder {
    /// A file read without a resolver (``PlaceFinder/readMetadata(_:reader:)``): what it is
    /// already, or what it says, waiting for its position to be resolved.
    enum Stage: Sendable {
        case read(Reading)
        case unplaced(Unplaced)
    }

    /// What a photo and its sidecars said, merged (``PositionChoice``), before the position is
    /// resolved and the offset derived (``PlaceFinder/place(_:)``).
    struct Unplaced: Sendable {
        let file: LibraryWalker.File
        let metadata: ImageMetadata
        let sidecars: String?
        let sidecarErrors: [MetadataError]
    }
}
