import Gazetteer
import TravelLog

/// A listing's `--country` and `--region` (cities, subregions), resolved once: a region outside
/// the country is a usage error, as both given and apart would list nothing, as if nothing had
/// been visited there.
///
/// ```swift
/// let area = try ListingArea(country: countryText, region: regionText, gazetteer: gazetteer)
/// let cities = passport.visits(.city).filter { area.holds($0.country, $0.region) }
/// ```
struct ListingArea {
    let country: Place?
    let region: Place?

    init(country countryText: String?, region regionText: String?, gazetteer: Gazetteer) throws {
        country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        region = try PassportOption.place(regionText, kind: .region, option: "--region", gazetteer: gazetteer)
        if let country, let region, let regionText, let countryText, region.ancestor(.country)?.id != country.id {
            let actual = region.ancestor(.country).map { ": it is in \($0.name)" } ?? ""
            throw UsageError("--region '\(regionText.shown)' (\(region.name)) is not in --country '\(countryText.shown)' (\(country.name))\(actual)",
                             showsUsage: false)
        }
    }

    /// Whether a visit with these parents lies in the area.
    func holds(_ country: PlaceLink?, _ region: PlaceLink?) -> Bool {
        (self.country == nil || country?.id == self.country?.id.description) && (self.region == nil || region?.id == self.region?.id.description)
    }
}
