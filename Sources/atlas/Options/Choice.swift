/// A fixed set of values an option takes, as an enum whose raw values are the names the
/// command line uses. Every choice is read the same way: in any case, and a word that is none
/// of them is a usage error that lists them and the nearest ones.
///
/// ```swift
/// extension VisitOrder: Choice {}
/// try VisitOrder.named("Days", option: "--sort")   // .days
/// try VisitOrder.named("dyas", option: "--sort")
/// // UsageError: --sort takes name, days, first, last or photos, not 'dyas'; did you mean 'days'?
/// ```
protocol Choice: CaseIterable, RawRepresentable, Sendable where RawValue == String {}

extension Choice {
    /// The names, in the order of the cases.
    static var names: [String] { allCases.map(\.rawValue) }

    /// The case `text` names (case ignored), or the usage error that says what `option` takes
    /// (`context`: where, as " with --track").
    static func named(_ text: String, option: String, context: String = "") throws(UsageError) -> Self {
        if let value = Self(rawValue: text.lowercased()) { return value }
        throw UsageError("\(option) takes \(names.spokenList)\(context), not '\(text.shown)'" + Suggestion.didYouMean(text, among: names))
    }
}

extension Array where Element == String {
    /// `a, b or c`: the names as a sentence says them.
    var spokenList: String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " or " + last!
    }
}
