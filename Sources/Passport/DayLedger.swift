import TravelLog

/// How a day counts for a country: the policy every answer of `atlas days` prints.
///
/// ```swift
/// let ledger = passport.ledger(DayCounting(policy: .any, fill: 7))
/// ```
///
/// - ``Policy/any``: every country with evidence of presence that local date (a photo, a
///   location history's point on the ground, a mark), entry and exit days counted for both.
/// - ``Policy/midnight``: the one country where the last evidence of the day before local
///   midnight was, carried over the following days without any evidence; a day whose last
///   evidence is a flight (a photo in flight, a logged flight out of that country), a layover
///   or the sea counts for no country (nor do the days carried from it).
/// - ``fill``: with ``Policy/any``, the days between two dates with evidence in one country, at
///   most `fill` days apart, count there too, marked inferred, unless something in between says
///   one left (``DayLedger``).
///
/// A value type; `Sendable`.
public struct DayCounting: Sendable, Equatable {
    public enum Policy: String, Sendable, CaseIterable { case any, midnight }
    public var policy: Policy
    /// At most this many days apart (the dates with evidence included): nil, no filling.
    public var fill: Int?

    public init(policy: Policy = .any, fill: Int? = nil) { (self.policy, self.fill) = (policy, fill) }

    /// The policy in a few words, as every answer prints it.
    public var description: String {
        switch policy {
        case .any:
            "any presence: a local date with a photo, a history point on the ground or a mark in a country counts for it, "
                + "entry and exit days included; layovers and flights do not"
                + (fill.map { "; gaps of at most \($0) days between two days in one country are filled (inferred)" } ?? "")
        case .midnight:
            "midnight: a local date counts for the country of its last evidence before midnight, carried over days "
                + "without evidence; a day ending in flight (a photo in flight, a logged flight out), at an airport or at sea counts for none"
        }
    }
}

/// Why a date counts for a country.
public enum DayBasis: Sendable, Equatable {
    /// Evidence of that country that date.
    case evidence
    /// Between the evidence of `from` and `to` in the same country (``DayCounting/fill``).
    case filled(from: CalendarDay, to: CalendarDay)
    /// The midnight country of `from`, the last date with evidence (``DayCounting/Policy/midnight``).
    case carried(from: CalendarDay)

    public var isInferred: Bool { self != .evidence }
}

/// What the log holds of one country on one local date.
public struct DayEvidence: Sendable, Equatable {
    /// Photos there (visits, not layovers or in flight), hand-set ones included.
    public var photos = 0
    /// A location history's points on the ground there (stays and passages).
    public var historyPoints = 0
    public var marks = 0
    /// Photos and history points at an airport there: a layover, not presence.
    public var layover = 0
    /// The flights of the flight log from or to an airport there: `FRA–HND LH716`.
    public var flights: [String] = []

    public var isPresent: Bool { photos + historyPoints + marks > 0 }
    public var isEmpty: Bool { !isPresent && layover == 0 && flights.isEmpty }

    public init() {}
}

/// The days of the log counted under one ``DayCounting``: per country, every local date that
/// counts and why (``DayBasis``), the evidence of each date, and the dates without any.
///
/// ```swift
/// let ledger = passport.ledger(DayCounting(policy: .midnight), through: CalendarDay("2025-12-31")!)
/// for p in ledger.presence(period: DayPeriod(month: 4, day: 6)!, label: 2025) { print(p.country.name, p.days.count) }
/// ```
///
/// Filling (``DayCounting/fill``): two dates A < B with presence in a country C, no date
/// between them with any evidence at all, and B − A ≤ fill: the dates between count for C,
/// unless one left C: on A, after C's last timed evidence, another country, a flight (a photo
/// in flight, a layover) or a mark of another country (a mark has no time); on B, the same
/// before C's first timed evidence; or a flight of the flight log (it has no time) on A that
/// does not land in C, or on B that does not take off from C. Only evidence up to ``through``
/// is read, and the midnight rule carries a country up to it.
///
/// A value type; `Sendable`.
public struct DayLedger: Sendable {
    /// What every answer of the day rules says it is.
    public static let note = "evidence from the log, not legal advice"

    public let counting: DayCounting
    /// The last date read: later evidence is ignored.
    public let through: CalendarDay
    /// Country identifier → date → why it counts.
    public let counted: [String: [CalendarDay: DayBasis]]
    /// Country identifier → date → what the log holds there that date.
    public let evidence: [String: [CalendarDay: DayEvidence]]
    /// Every date with any evidence: a photo (in flight included), a history point, a mark, a flight.
    public let evidenceDates: Set<CalendarDay>
    /// Country identifier → its link (name) as the log has it.
    public let countries: [String: PlaceLink]
    /// ``evidenceDates`` sorted: a period's dates with evidence are counted by halving, not
    /// looked up one by one (a year per country row of `atlas days --json`: 160 M instructions).
    private let sortedEvidence: [Int]

    init(counting: DayCounting, through: CalendarDay, counted: [String: [CalendarDay: DayBasis]], evidence: [String: [CalendarDay: DayEvidence]],
         evidenceDates: Set<CalendarDay>, countries: [String: PlaceLink]) {
        (self.counting, self.through, self.counted, self.evidence) = (counting, through, counted, evidence)
        (self.evidenceDates, self.countries) = (evidenceDates, countries)
        sortedEvidence = evidenceDates.map(\.number).sorted()
    }

    /// The dates from `first` through `last` (both counted, and not after ``through``)
    /// without any evidence.
    public func daysWithoutEvidence(from first: CalendarDay, through last: CalendarDay) -> Int {
        let end = min(last, through)
        guard first <= end else { return 0 }
        let withEvidence = sortedEvidence.partitioningIndex { $0 > end.number } - sortedEvidence.partitioningIndex { $0 >= first.number }
        return end.number - first.number + 1 - withEvidence
    }
}

extension Passport {
    /// The days counted under `counting`, reading the log through `through` (default: its
    /// last date with evidence).
    public func ledger(_ counting: DayCounting = DayCounting(), through: CalendarDay? = nil) -> DayLedger {
        LedgerBuilder(self, through: through).ledger(counting)
    }
}

/// One thing seen on a date, for ordering within the day.
private struct Item {
    enum Kind { case present, airside, nowhere, flightLog(from: String?, to: String?) }
    let kind: Kind
    /// Nil for what has no time (a mark, a flight of the flight log).
    let country: String?
    let first: LocalTime?, last: LocalTime?
}

private struct LedgerBuilder {
    var items: [CalendarDay: [Item]] = [:]
    /// Each country's evidence, by the country's number: a row's country is numbered once per
    /// place snapshot, so a row hashes its date, not its country's identifier too (a third of
    /// the ledger's instructions). Countries without any are left out of ``evidence``.
    var evidenceByNumber: [[CalendarDay: DayEvidence]] = []
    var countryIDs: [String] = []
    var countries: [String: PlaceLink] = [:]
    let through: CalendarDay

    var evidence: [String: [CalendarDay: DayEvidence]] {
        var out: [String: [CalendarDay: DayEvidence]] = [:]
        for (id, days) in zip(countryIDs, evidenceByNumber) where !days.isEmpty { out[id] = days }
        return out
    }

    init(_ passport: Passport, through: CalendarDay?) {
        var parsed = RunMemo { CalendarDay($0) }
        func day(_ text: String?) -> CalendarDay? { text.flatMap { parsed($0) } }
        self.through = through ?? [passport.days.lazy.filter { $0.status != .unplaced }.compactMap { day($0.date) }.max(), passport.marks.lazy.compactMap { day($0.date) }.max(),
                                   passport.flights.lazy.compactMap { day($0.date) }.max()].compactMap { $0 }.max() ?? CalendarDay(number: 0)
        // Each thing seen: its date, the country whose evidence it adds to (if any), the item
        // that orders it within the day (none for a flight's airports: the flight is one item).
        enum Add { case photos(Int), history(Int), layover(Int), mark, flight(String), nothing }
        var names: [String: PlaceLink] = [:]
        func note(_ link: PlaceLink?) {
            if let link, names[link.id] == nil { names[link.id] = link }
        }
        var numbers: [String: Int] = [:]
        func number(_ country: String) -> Int {
            if let n = numbers[country] { return n }
            numbers[country] = countryIDs.count
            countryIDs.append(country)
            evidenceByNumber.append([:])
            return countryIDs.count - 1
        }
        // A day's items gathered while its rows come, then stored at once: hashed once a date,
        // not once a row.
        var pending: (day: CalendarDay, items: [Item])?
        func flush() {
            // A date's first run of items is stored as it is, without a copy.
            if let p = pending, !p.items.isEmpty, let earlier = items.updateValue(p.items, forKey: p.day) { items[p.day] = earlier + p.items }
            pending = nil
        }
        func add(_ day: CalendarDay, _ country: String?, _ item: Item?, _ add: Add, number known: Int? = nil) {
            guard day <= self.through else { return }
            if let item {
                if pending?.day == day { pending!.items.append(item) } else {
                    flush()
                    pending = (day, [item])
                    pending!.items.reserveCapacity(8)
                }
            }
            guard let country else { return }
            let c = known ?? number(country)
            switch add {
            case .photos(let n): evidenceByNumber[c][day, default: DayEvidence()].photos += n
            case .history(let n): evidenceByNumber[c][day, default: DayEvidence()].historyPoints += n
            case .layover(let n): evidenceByNumber[c][day, default: DayEvidence()].layover += n
            case .mark: evidenceByNumber[c][day, default: DayEvidence()].marks += 1
            case .flight(let leg): evidenceByNumber[c][day, default: DayEvidence()].flights.append(leg)
            case .nothing: break
            }
        }
        // Rows read in place, by index, and each snapshot's country noted once: a row copied
        // whole, and its links copied for each question, were a tenth of `atlas days`.
        let rows = passport.days
        var lastPlaces: PlaceDay.Places?
        // Each snapshot's country, noted and numbered once: its object is hashed, not its
        // country's identifier.
        var snapshots: [ObjectIdentifier: (link: PlaceLink?, number: Int?)] = [:]
        var link: PlaceLink?
        var known: Int?
        for r in rows.indices {
            guard let day = day(rows[r].date) else { continue }
            if rows[r].places !== lastPlaces {
                lastPlaces = rows[r].places
                if let seen = snapshots[ObjectIdentifier(rows[r].places)] {
                    (link, known) = seen
                } else {
                    link = rows[r].places.link(.country)
                    note(link)
                    known = link.map { number($0.id) }
                    snapshots[ObjectIdentifier(rows[r].places)] = (link, known)
                }
            }
            let country = link?.id
            let (history, status) = (rows[r].isHistory, rows[r].status)
            let count = history ? rows[r].historyPoints : rows[r].photos
            let ground: Item.Kind = country == nil ? .nowhere : .present
            let (first, last) = (rows[r].firstTime, rows[r].lastTime)
            switch status {
            case .visit:
                add(day, country, Item(kind: ground, country: country, first: first, last: last), history ? .history(count) : .photos(count), number: known)
            case .transit where history && rows[r].places.link(.airport) == nil:
                // A passage on the ground: presence, though not a visit.
                add(day, country, Item(kind: ground, country: country, first: first, last: last), .history(count), number: known)
            case .transit:
                add(day, country, Item(kind: .airside, country: country, first: first, last: last), .layover(count), number: known)
            case .flight:
                add(day, nil, Item(kind: .airside, country: nil, first: first, last: last), .nothing)
            case .unplaced:
                continue
            }
        }
        flush()
        for m in passport.marks {
            guard let day = day(m.date) else { continue }
            let link = m.country
            note(link)
            add(day, link?.id, Item(kind: link == nil ? .nowhere : .present, country: link?.id, first: nil, last: nil), .mark)
        }
        for f in passport.flights {
            guard let day = day(f.date) else { continue }
            let leg = "\(f.from.code)–\(f.to.code)" + (f.flightNumber.isEmpty ? "" : " " + f.flightNumber)
            let (from, to) = (f.from.country?.id, f.to.country?.id)
            add(day, nil, Item(kind: .flightLog(from: from, to: to), country: nil, first: nil, last: nil), .nothing)
            note(f.from.country)
            note(f.to.country)
            for c in Set([from, to].compactMap { $0 }).sorted() { add(day, c, nil, .flight(leg)) }
        }
        flush()
        countries = names
    }

    func ledger(_ counting: DayCounting) -> DayLedger {
        var counted: [String: [CalendarDay: DayBasis]] = [:]
        switch counting.policy {
        case .any:
            // A country's days made whole, then stored: not its identifier hashed per date.
            for (country, days) in zip(countryIDs, evidenceByNumber) {
                var present: [CalendarDay: DayBasis] = [:]
                present.reserveCapacity(days.count)
                for (day, e) in days where e.isPresent { present[day] = .evidence }
                if !present.isEmpty { counted[country] = present }
            }
            if let fill = counting.fill, fill >= 2 {
                for (country, days) in counted {
                    let dates = days.keys.sorted()
                    for (a, b) in zip(dates, dates.dropFirst()) where b.number - a.number >= 2 && b.number - a.number <= fill {
                        guard fills(country, from: a, to: b) else { continue }
                        for n in (a.number + 1)..<b.number { counted[country]![CalendarDay(number: n)] = .filled(from: a, to: b) }
                    }
                }
            }
        case .midnight:
            guard let first = items.keys.min() else { break }
            var state: (country: String, since: CalendarDay)?
            for n in first.number...through.number {
                let day = CalendarDay(number: n)
                if let dayItems = items[day] {
                    state = Self.midnight(dayItems).map { ($0, day) }
                    if let state { counted[state.country, default: [:]][day] = .evidence }
                } else if let state {
                    counted[state.country, default: [:]][day] = .carried(from: state.since)
                }
            }
        }
        return DayLedger(counting: counting, through: through, counted: counted, evidence: evidence, evidenceDates: Set(items.keys),
                         countries: countries)
    }

    /// The country at midnight after the day's items: the last timed one (a presence before a
    /// flight of the same second, then the lower identifier), unless a flight of the flight
    /// log that day leaves that country for another (a flight log has no times: one leaving
    /// the last country seen is taken as after it, and the day ends in flight); a day of
    /// untimed items only counts for its marked country (the lower identifier of several),
    /// never for a flight.
    static func midnight(_ items: [Item]) -> String? {
        // One pass and no arrays (four a day, for every day of fifteen years): the latest time,
        // the lowest present country at it, and the lowest present country of any item.
        var latest: LocalTime?
        var atLatest: String?, anyPresent: String?
        for item in items {
            let present = if case .present = item.kind { true } else { false }
            if present, let c = item.country, anyPresent.map({ c < $0 }) ?? true { anyPresent = c }
            guard let t = item.last else { continue }
            if latest.map({ t > $0 }) ?? true { (latest, atLatest) = (t, nil) }
            if t == latest, present, let c = item.country, atLatest.map({ c < $0 }) ?? true { atLatest = c }
        }
        let country = latest == nil ? anyPresent : atLatest
        let leaves = items.contains { item in
            if case .flightLog(let from, let to) = item.kind { from == country && to != country } else { false }
        }
        return leaves ? nil : country
    }

    /// Whether the dates strictly between `a` and `b`, both with presence in `country`, count
    /// there (see ``DayLedger``).
    func fills(_ country: String, from a: CalendarDay, to b: CalendarDay) -> Bool {
        for n in (a.number + 1)..<b.number where items[CalendarDay(number: n)] != nil { return false }
        func isHere(_ item: Item) -> Bool { if case .present = item.kind, item.country == country { true } else { false } }
        // On A: nothing after the country's last timed evidence but the country itself.
        let atA = items[a] ?? []
        let lastHere = atA.filter { isHere($0) }.compactMap(\.last).max()
        for item in atA where !isHere(item) {
            if case .flightLog(_, let to) = item.kind { if to != country { return false } else { continue } }
            guard let t = item.last, let here = lastHere else { return false }
            if t > here { return false }
        }
        let atB = items[b] ?? []
        let firstHere = atB.filter { isHere($0) }.compactMap(\.first).min()
        for item in atB where !isHere(item) {
            if case .flightLog(let from, _) = item.kind { if from != country { return false } else { continue } }
            guard let t = item.first, let here = firstHere else { return false }
            if t < here { return false }
        }
        return true
    }
}

extension Passport {
    /// The last local date with any evidence (a photo row, a mark, a flight); nil for none.
    public var lastEvidenceDate: CalendarDay? { evidenceDates(year: nil).max() }

    /// The local dates with any evidence, of `year` only when given (not sorted, repeated).
    func evidenceDates(year: Int?) -> [CalendarDay] {
        // Rows come by date: a date is parsed once per run of its rows, not once a row.
        var parsed = RunMemo { CalendarDay($0).map { (day: $0, year: $0.components.year) } }
        var dates: [CalendarDay] = []
        for text in [days.lazy.compactMap(\.date), marks.lazy.compactMap(\.date), flights.lazy.map(\.date)].joined() {
            guard let (day, y) = parsed(text), year.map({ $0 == y }) ?? true else { continue }
            dates.append(day)
        }
        return dates
    }
}
