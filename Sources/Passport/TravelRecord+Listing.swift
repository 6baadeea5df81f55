import Gazetteer
import JSONWriter
import TravelLog

extension TravelRecord {
    /// One line of a listing (`atlas countries --json`, `regions`, `cities`, `airports`,
    /// `continents`): the visit as the record writes it, then the places above it (a country its
    /// continent; a region its continent and country; a city, district or airport also its
    /// region; a district its city), then `extra`.
    ///
    /// ```swift
    /// for v in passport.visits(.region) { print(TravelRecord.listing(v).rendered()) }
    /// // {"kind":"region","id":"region:FR.84","name":"Auvergne-Rhône-Alpes","first_visit":"2024-07-01",…,
    /// //  "continent":{"id":"continent:EU","name":"Europe"},"country":{"id":"country:FR","name":"France"}}
    /// ```
    public static func listing(_ v: Visit, extra: [(String, JSONValue)] = []) -> JSONValue {
        let above = (PlaceKind(rawValue: v.kind)?.parentKinds ?? []).map { ($0.rawValue, link(v[parent: $0])) }
        return json(v, extra: above + extra)
    }
}
