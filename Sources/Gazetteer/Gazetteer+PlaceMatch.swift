import Foundation

/// What a place named by a person comes to: one place, several that fit as well, or none.
///
/// ```swift
/// switch try gazetteer.resolvePlace("Lisbon") {
/// case .found(let place, let byName): print(place.id, byName)    // city:2267057 true
/// case .ambiguous(let places): print(places.map(\.id))
/// case .none: print("no such place")
/// }
/// ```
public enum PlaceMatch: Sendable, Hashable {
    /// The place meant; `byName` is false when the text was its identifier or one of its codes,
    /// true when a search found it (worth telling the person which place was taken).
    case found(Place, byName: Bool)
    /// Several places fit equally well, best first (at most ``Gazetteer/ambiguousCandidates``).
    case ambiguous([Place])
    /// Nothing of the kinds asked for.
    case none
}

extension Gazetteer {
    /// A second search match makes a name ambiguous when its importance is at least this fraction
    /// of the best match's: Springfield, Missouri (169,000) and Springfield, Massachusetts
    /// (155,000) are, and Valencia in Venezuela and in Spain; Paris, France and Paris, Texas
    /// (25,000) are not, nor London and London, Ontario.
    public static let ambiguityRatio = 0.1
    /// At most this many places in ``PlaceMatch/ambiguous(_:)``.
    public static let ambiguousCandidates = 10
    /// Search results weighed per kind.
    static let searchedMatches = 50

    /// The place a person means by `text`: an identifier, a code or a name, of one of `kinds`.
    ///
    /// ```swift
    /// try gazetteer.resolvePlace("country:IS")                       // .found(Iceland, byName: false)
    /// try gazetteer.resolvePlace("IS")                               // .found(Iceland, byName: false)
    /// try gazetteer.resolvePlace("iceland")                          // .found(Iceland, byName: true)
    /// try gazetteer.resolvePlace("Europe", kinds: [.continent])      // .found(Europe, byName: true)
    /// try gazetteer.resolvePlace("AS", kinds: [.continent])          // Asia, not American Samoa
    /// try gazetteer.resolvePlace("springfield")                      // .ambiguous([Springfield MO, MA, ...])
    /// ```
    ///
    /// In order:
    /// 1. An identifier (`country:IS`, `city:2267057`) is that place or nothing: never searched.
    /// 2. A code written as codes are, in capitals or digits (`IS`, `ISL`, `US-MT`, `US.MT`,
    ///    `KEF`, `BIKF`, a GeoNames id), is looked up as ``lookup(_:)`` does, keeping the first
    ///    place of one of `kinds` (`AS` is American Samoa, or Asia among continents).
    /// 3. Otherwise, or when that finds nothing, ``search(_:)`` over `kinds`, which also knows
    ///    codes in any case (`kef`). Its best result is the answer unless another of the same
    ///    match class (exact, prefix, other) reaches ``ambiguityRatio`` of its importance, or
    ///    matches by a code where the best matches by a name or the other way round (`Goa` is
    ///    Genoa's airport code and a state of India), and is neither inside it nor around it: "Lisbon" is the city, not the region of Lisbon around
    ///    it, and "Mexico" the country, not the state or the city inside it; "Georgia" is the country and the US state, so
    ///    ambiguous unless `kinds` says which. A place inside or around the best is a rival after
    ///    all when the text is its own name and only another name of the best: "new york" is the
    ///    state and New York City (whose other name it is), so ambiguous. Exact matches come
    ///    first here, whatever their importance: a name given whole means the places so named.
    ///
    /// Thread-safe, like every gazetteer method.
    public func resolvePlace(_ text: String, kinds: Set<PlaceKind> = Set(PlaceKind.allCases)) throws -> PlaceMatch {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !kinds.isEmpty else { return .none }
        if let id = PlaceID(text) {
            guard kinds.contains(id.kind), let place = try place(id) ?? place(PlaceID(id.kind, id.code.uppercased())) else { return .none }
            return .found(place, byName: false)
        }
        if Self.isWrittenAsCode(text) {
            let found = try withDatabase { db -> Place? in
                for id in try PlaceRows.candidates(forCode: text, in: db) where kinds.contains(id.kind) {
                    if let place = try PlaceRows.place(id, in: db) { return place }
                }
                return nil
            }
            if let found { return .found(found, byName: false) }
        }
        let found = kinds.count == PlaceKind.allCases.count
            ? try search(SearchQuery(text: text, limit: Self.searchedMatches))
            : try kinds.sorted().flatMap { try search(SearchQuery(text: text, kind: $0, limit: Self.searchedMatches)) }
        // A person naming a place names it whole: exact matches first, however much larger a
        // place whose name only starts so (the search ranks those together), then importance.
        let results = found.enumerated().sorted { ($0.element.match, -$0.element.score, $0.offset) < ($1.element.match, -$1.element.score, $1.offset) }
            .map(\.element)
        guard let best = results.first else { return .none }
        let floor = best.score + log10(Self.ambiguityRatio)
        let code = text.uppercased()
        func isCode(_ r: SearchResult) -> Bool {
            let c = r.place.codes
            return [c.iso2, c.iso3, c.iso3166_2, c.iata, c.icao, r.place.id.code].contains(code)
        }
        // A place around or inside the best is the same answer ("Lisbon": the city, not the
        // region of Lisbon around it), unless it bears the name itself and the best does not:
        // "new york" is the state's own name and only another name of New York City.
        let spellings = Set(SearchText(text).spellings.map(\.tokens))
        func bearsTheName(_ r: SearchResult) -> Bool { spellings.contains(SearchText(r.place.name).tokens) }
        // A subregion of the best town's region that the text also names is the ground named after
        // the town, whatever its own name ("napoli": Naples, not also its province, Napoli). A
        // city's lineage does not hold its subregion, so its region stands for it.
        let townRegion = best.place.kind == .city || best.place.kind == .district ? best.place.ancestor(.region)?.id : nil
        func isTownsSubregion(_ r: SearchResult) -> Bool {
            r.place.kind == .subregion && townRegion != nil && r.place.ancestor(.region)?.id == townRegion
        }
        let rivals = results.dropFirst().filter { r in
            let nested = r.place.lineage.contains { $0.id == best.place.id } || best.place.lineage.contains { $0.id == r.place.id }
            return r.match == best.match && (r.score >= floor || isCode(r) != isCode(best)) && (!nested || bearsTheName(r) && !bearsTheName(best))
                && !isTownsSubregion(r)
        }
        guard !rivals.isEmpty else { return .found(best.place, byName: true) }
        return .ambiguous(Array(([best] + rivals).map(\.place).prefix(Self.ambiguousCandidates)))
    }

    /// Capitals, digits, `-` and `.` only, with at least one letter or digit: `IS`, `US-MT`, `KEF`.
    static func isWrittenAsCode(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2E }
            && text.utf8.contains { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}
