import Gazetteer

extension Gazetteer {
    /// What a country calls its subregions, in the plural as a sentence uses it
    /// (``subregionWord(country:)`` made ``pluralized(_:)``): "counties", "metropolitan
    /// departments"; "subregions" where the data has no word.
    ///
    /// ```swift
    /// try gazetteer.subregionsWord(country: "US")   // "counties"
    /// ```
    public func subregionsWord(country iso2: String) throws -> String {
        try subregionWord(country: iso2).map(pluralized) ?? "subregions"
    }
}
