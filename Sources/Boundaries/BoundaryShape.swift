import Gazetteer

/// One country or region boundary as the index holds it: who it belongs to, how trustworthy
/// its outline is, and where its rings lie in the index's vertex arrays.
public struct BoundaryShape: Sendable {
    public let id: PlaceID
    /// ISO alpha-2 of the country the shape belongs to.
    public let country: String
    public let areaKm2: Double
    /// `natural-earth-lines`, `split`, `approximate` (regions) or the country's own quality.
    public let quality: String
    /// Ranges of ``BoundaryIndex`` vertex positions, one per ring (exterior and holes alike).
    let rings: [Range<Int>]
}
