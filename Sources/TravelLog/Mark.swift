/// A place visited by the user's word rather than a photo's: `atlas mark city:2988507 --date 2019-05-01`.
/// It keeps a snapshot of the place's name and lineage, like a photo row, so it stays readable
/// whatever later gazetteers do; imports and `reresolve` never touch it.
///
/// ```swift
/// let mark = Mark(placeID: "country:IS", placeName: "Iceland", date: "2019-05-01", note: "ferry from Denmark")
/// try log.saveMark(mark)
/// ```
///
/// A value type; `Sendable`.
public struct Mark: Sendable, Equatable {
    /// `kind:code`, as ``Gazetteer/PlaceID`` prints it.
    public var placeID: String
    public var placeName: String
    /// Local date `YYYY-MM-DD`, or nil for "some day".
    public var date: String?
    public var note: String?
    /// The lineage snapshot: the link of each level above the place (and the place itself at
    /// its own level), as a photo's row keeps them.
    public var continent: PlaceLink?
    public var country: PlaceLink?
    public var region: PlaceLink?
    public var city: PlaceLink?

    public init(placeID: String, placeName: String, date: String? = nil, note: String? = nil) {
        self.placeID = placeID
        self.placeName = placeName
        self.date = date
        self.note = note
    }
}
