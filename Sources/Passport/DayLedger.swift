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
    public let counted: [String: DayTable<DayBasis>]
    /// Country identifier → date → what the log holds there that date.
    public let evidence: [String: DayTable<DayEvidence>]
    /// Every date with any evidence: a photo (in flight included), a history point, a mark, a flight.
    public let evidenceDates: Set<CalendarDay>
    /// Country identifier → its link (name) as the log has it.
    public let countries: [String: PlaceLink]
    /// ``evidenceDates`` sorted: a period's dates with evidence are counted by halving, not
    /// looked up one by one (a year per country row of `atlas days --json`: 160 M instructions).
    private let sortedEvidence: [Int]

    init(counting: DayCounting, through: CalendarDay, counted: [String: DayTable<DayBasis>], evidence: [String: DayTable<DayEvidence>],
         sortedEvidence: [Int], countries: [String: PlaceLink]) {
        (self.counting, self.through, self.counted, self.evidence) = (counting, through, counted, evidence)
        (self.sortedEvidence, self.countries) = (sortedEvidence, countries)
        evidenceDates = Set(sortedEvidence.lazy.map(CalendarDay.init(number:)))
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
        LedgerBuilder(self, through: through, keepsItems: counting.policy == .midnight || (counting.fill ?? 0) >= 2).ledger(counting)
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
    /// Each date's items, kept only when the counting needs them (midnight, filling).
    var items = DayTable<[Item]>.Builder()
    let keepsItems: Bool
    /// Every date with an item, ascending and distinct once the builder is made: rows come by
    /// date, so a date is appended once per run of its rows.
    var dates: [Int] = []
    var datesInOrder = true
    /// Each country's evidence, by the country's number: a row's country is numbered once per
    /// place snapshot, so a row finds its country's table without hashing its identifier.
    /// Countries without any are left out of ``evidence``. Stored properties of a struct read
    /// by its methods, not variables captured by nested functions: those were checked for
    /// exclusive access at run time at every row.
    var evidenceByNumber: [DayTable<DayEvidence>.Builder] = []
    var countryIDs: [String] = []
    var numbers: [String: Int] = [:]
    var countries: [String: PlaceLink] = [:]
    let through: CalendarDay

    var evidence: [String: DayTable<DayEvidence>] {
        var out: [String: DayTable<DayEvidence>] = [:]
        for (id, days) in zip(countryIDs, evidenceByNumber) where !days.isEmpty { out[id] = days.table(merge: Self.merge) }
        return out
    }

    /// Two pieces of one date's evidence in one country, as one.
    static func merge(_ e: inout DayEvidence, _ more: DayEvidence) {
        e.photos += more.photos
        e.historyPoints += more.historyPoints
        e.marks += more.marks
        e.layover += more.layover
        e.flights += more.flights
    }

    /// What a thing seen adds to its country's evidence.
    enum Add { case photos(Int), history(Int), layover(Int), mark, flight(String) }

    mutating func note(_ link: PlaceLink?) {
        if let link, countries[link.id] == nil { countries[link.id] = link }
    }

    mutating func number(_ country: String) -> Int {
        if let n = numbers[country] { return n }
        numbers[country] = countryIDs.count
        countryIDs.append(country)
        evidenceByNumber.append(.init())
        return countryIDs.count - 1
    }

    /// Something seen on `day`, kept as `item()` when the counting needs items.
    mutating func see(_ day: CalendarDay, _ item: () -> Item) {
        if dates.last != day.number {
            if let last = dates.last, last > day.number { datesInOrder = false }
            dates.append(day.number)
        }
        if keepsItems { items.add(day, [item()]) { $0 += $1 } }
    }

    /// `add` to the evidence of country number `country` on `day`.
    mutating func count(_ day: CalendarDay, _ country: Int, _ add: Add) {
        var e = DayEvidence()
        switch add {
        case .photos(let n): e.photos = n
        case .history(let n): e.historyPoints = n
        case .layover(let n): e.layover = n
        case .mark: e.marks = 1
        case .flight(let leg): e.flights = [leg]
        }
        evidenceByNumber[country].add(day, e, merge: Self.merge)
    }

    init(_ passport: Passport, through: CalendarDay?, keepsItems: Bool) {
        self.keepsItems = keepsItems
        var parsed = RunMemo { CalendarDay($0) }
        func day(_ text: String?) -> CalendarDay? { text.flatMap { parsed($0) } }
        self.through = through ?? [Self.lastDate(passport.days, parsed: &parsed), passport.marks.lazy.compactMap { day($0.date) }.max(),
                                   passport.flights.lazy.compactMap { day($0.date) }.max()].compactMap { $0 }.max() ?? CalendarDay(number: 0)
        read(rows: passport.days, parsed: &parsed)
        for m in passport.marks {
            guard let day = day(m.date) else { continue }
            let link = m.country
            // Noted whatever the date, as the rows' countries are: a name for every country.
            note(link)
            guard day <= self.through else { continue }
            see(day) { Item(kind: link == nil ? .nowhere : .present, country: link?.id, first: nil, last: nil) }
            if let link { count(day, number(link.id), .mark) }
        }
        for f in passport.flights {
            guard let day = day(f.date) else { continue }
            note(f.from.country)
            note(f.to.country)
            guard day <= self.through else { continue }
            let leg = "\(f.from.code)–\(f.to.code)" + (f.flightNumber.isEmpty ? "" : " " + f.flightNumber)
            let (from, to) = (f.from.country?.id, f.to.country?.id)
            see(day) { Item(kind: .flightLog(from: from, to: to), country: nil, first: nil, last: nil) }
            for c in Set([from, to].compactMap { $0 }).sorted() { count(day, number(c), .flight(leg)) }
        }
        if !datesInOrder { dates = Array(Set(dates)).sorted() }
    }

    /// The last date of `rows` with a place, read by index: a lazy filter copied every row.
    private static func lastDate(_ rows: [PlaceDay], parsed: inout RunMemo<CalendarDay?>) -> CalendarDay? {
        var last: CalendarDay?
        for r in rows.indices where rows[r].status != .unplaced {
            if let text = rows[r].date, let day = parsed(text), last.map({ day > $0 }) ?? true { last = day }
        }
        return last
    }

    /// The rows' evidence, read in place, by index, and each snapshot's country noted once: a
    /// row copied whole, and its links copied for each question, were a tenth of `atlas days`.
    private mutating func read(rows: [PlaceDay], parsed: inout RunMemo<CalendarDay?>) {
        var lastPlaces: PlaceDay.Places?
        // Each snapshot's country, noted and numbered once (-1 for none): the snapshot is looked
        // up by address, not its country's identifier hashed, and the number stands for the
        // country (no string copied a row).
        var snapshots = IdentityTable()
        var known: Int?
        for r in rows.indices {
            guard let text = rows[r].date, let day = parsed(text) else { continue }
            let places = rows[r].places
            if places !== lastPlaces {
                lastPlaces = places
                if let seen = snapshots[places] {
                    known = seen < 0 ? nil : seen
                } else {
                    let link = places.link(.country)
                    note(link)
                    known = link.map { number($0.id) }
                    snapshots[places] = known ?? -1
                }
            }
            guard day <= through else { continue }
            let (history, status) = (rows[r].historyPoints > 0, rows[r].status)
            let count = history ? rows[r].historyPoints : rows[r].photos
            let ground: Item.Kind = known == nil ? .nowhere : .present
            let add: Add, kind: Item.Kind
            switch status {
            case .visit:
                (kind, add) = (ground, history ? .history(count) : .photos(count))
            case .transit where history && places.link(.airport) == nil:
                // A passage on the ground: presence, though not a visit.
                (kind, add) = (ground, .history(count))
            case .transit:
                (kind, add) = (.airside, .layover(count))
            case .flight:
                see(day) { Item(kind: .airside, country: nil, first: rows[r].firstTime, last: rows[r].lastTime) }
                continue
            case .unplaced:
                continue
            }
            let country = keepsItems ? known.map { countryIDs[$0] } : nil
            see(day) { Item(kind: kind, country: country, first: rows[r].firstTime, last: rows[r].lastTime) }
            if let known { self.count(day, known, add) }
        }
    }

    func ledger(_ counting: DayCounting) -> DayLedger {
        let (items, evidence) = (items.table { $0 += $1 }, evidence)
        var counted: [String: DayTable<DayBasis>] = [:]
        switch counting.policy {
        case .any:
            let fill = counting.fill.flatMap { $0 >= 2 ? $0 : nil }
            for (country, days) in evidence {
                // Each country's dates come in order: the filled ones are put in between as
                // they are found.
                var present = DayTable<DayBasis>.Builder()
                var previous: CalendarDay?
                for (day, e) in days where e.isPresent {
                    if let fill, let a = previous, day.number - a.number >= 2, day.number - a.number <= fill,
                       fills(country, from: a, to: day, items: items) {
                        for n in (a.number + 1)..<day.number { present.add(CalendarDay(number: n), .filled(from: a, to: day)) { $0 = $1 } }
                    }
                    present.add(day, .evidence) { $0 = $1 }
                    previous = day
                }
                if !present.isEmpty { counted[country] = present.table { $0 = $1 } }
            }
        case .midnight:
            guard let first = items.numbers.first else { break }
            var byCountry: [String: DayTable<DayBasis>.Builder] = [:]
            var state: (country: String, since: CalendarDay)?
            var next = 0
            for n in first...through.number {
                let day = CalendarDay(number: n)
                if next < items.count, items.numbers[next] == n {
                    state = Self.midnight(items.values[next]).map { ($0, day) }
                    next += 1
                    if let state { byCountry[state.country, default: .init()].add(day, .evidence) { $0 = $1 } }
                } else if let state {
                    byCountry[state.country, default: .init()].add(day, .carried(from: state.since)) { $0 = $1 }
                }
            }
            for (country, days) in byCountry { counted[country] = days.table { $0 = $1 } }
        }
        return DayLedger(counting: counting, through: through, counted: counted, evidence: evidence, sortedEvidence: dates,
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
    func fills(_ country: String, from a: CalendarDay, to b: CalendarDay, items: DayTable<[Item]>) -> Bool {
        guard items.indices(in: (a + 1)...(b - 1)).isEmpty else { return false }
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
