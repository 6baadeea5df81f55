import Gazetteer
import Passport
import TravelLog

/// What every listing reads alike, after its own options: `--json`, `--sort` (where declared),
/// `--evidence`, the log (`--db`) and the gazetteer, then nothing left; so their usage errors
/// come the same way (a listing's own options are read first).
///
/// ```swift
/// let year = try arguments.value(Self.year)
/// let listing = try ListingSettings(&arguments, command: "countries")
/// let passport = try listing.passport()
/// ```
struct ListingSettings {
    let json: Bool
    let order: VisitOrder?
    let evidence: Set<Visit.Evidence>
    let dbPath: String
    /// Opened when the listing names places by the gazetteer (`--country`, region totals).
    let gazetteer: Gazetteer?

    /// What a listing does with `--gazetteer`: opens it, takes the option without needing it
    /// (the listings declare it alike), or does not declare it.
    enum GazetteerUse { case open, accept, none }

    init(_ arguments: inout Arguments, command: String, sorted: Bool = true, gazetteer use: GazetteerUse = .accept) throws {
        json = arguments.flag(SharedOptions.json)
        order = sorted ? try PassportOption.order(&arguments) : nil
        evidence = try PassportOption.evidence(&arguments)
        dbPath = try DatabaseOption.path(&arguments)
        switch use {
        case .open: gazetteer = try GazetteerOption.open(&arguments)
        case .accept: (gazetteer, _) = (nil, try arguments.value(SharedOptions.gazetteer))
        case .none: gazetteer = nil
        }
        guard try arguments.finish().isEmpty else { throw UsageError("\(command) takes no arguments") }
    }

    /// The log's passport, of the evidence asked for; no listing reads the rows' times.
    func passport() throws -> Passport { KeptUntilExit.keep(try Passport.reading(logAt: dbPath, evidence: evidence, times: false, tracks: false)) }
}
