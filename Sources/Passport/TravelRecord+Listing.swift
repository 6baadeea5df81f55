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
        var above: [(String, JSONValue)] = []
        if v.kind != "continent" { above.append(("continent", link(v.continent))) }
        if v.kind != "continent" && v.kind != "country" { above.append(("country", link(v.country))) }
        if v.kind == "city" || v.kind == "district" || v.kind == "airport" { above.append(("region", link(v.region))) }
        if v.kind == "district" { above.append(("city", link(v.city))) }
        return json(v, extra: above + extra)
    }
}
