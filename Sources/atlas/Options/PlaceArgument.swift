import Gazetteer

/// Place arguments and options: an identifier (`country:IS`), a code (`IS`, `US-MT`, `KEF`) or
/// a name (`Iceland`, `"new york"`), resolved by ``Gazetteer/resolvePlace(_:kinds:)``. A place
/// found by name is said on stderr ("'iceland' is Iceland (country:IS)"); several that fit as
/// well are listed, and the command stops with status 1.
enum PlaceArgument {
    /// The place `text` names among `kinds`; `option` is the option it came with, if any.
    static func resolve(_ text: String, kinds: Set<PlaceKind> = Set(PlaceKind.allCases), option: String? = nil,
                        in gazetteer: Gazetteer) throws -> Place {
        let given = (option.map { $0 + " " } ?? "") + "'\(text.shown)'"
        switch try gazetteer.resolvePlace(text, kinds: kinds) {
        case .found(let place, let byName):
            if byName { Console.error("\(given) is \(place.label) (\(place.id))") }
            return place
        case .ambiguous(let places):
            let rows = places.map { ["  " + $0.label, $0.id.description] }
            throw UsageError("\(given) could be any of these; give the identifier of the one you mean:\n" + alignedRows(rows),
                             showsUsage: false)
        case .none:
            throw UsageError("\(given): no \(describe(kinds)) of that identifier, code or name in gazetteer \(gazetteer.version) ('atlas search' finds places)",
                             showsUsage: false)
        }
    }

    /// "place", "country", "region or country".
    private static func describe(_ kinds: Set<PlaceKind>) -> String {
        kinds.count == PlaceKind.allCases.count ? "place" : kinds.sorted().reversed().map(\.rawValue).joined(separator: " or ")
    }

    /// `--kind K`: a kind, singular or plural (`city`, `cities`).
    static func kind(_ text: String?) throws(UsageError) -> PlaceKind? {
        guard let text else { return nil }
        guard let kind = PlaceKind(name: text) else {
            throw UsageError("--kind takes one of \(PlaceKind.allCases.map(\.pluralName).joined(separator: ", ")) (or the singular), not '\(text.shown)'"
                             + Suggestion.didYouMean(text, among: PlaceKind.allCases.flatMap { [$0.rawValue, $0.pluralName] }))
        }
        return kind
    }
}
