import Foundation
import Testing
import TravelLog
@testable import Passport

/// `atlas days` beyond Schengen (``DayLedger``, ``DayPeriod``, ``USPresence``): a generated
/// traveller with known answers — tax years across 6 April, a stay filled or not (a flight,
/// another country, a departure at night between), the midnight rule across a night flight,
/// Bulgaria's dates, a window across New Year, leap years — and random itineraries checked
/// against ``PlainCount``, a second count of every rule written day by day in this file.
@Suite struct DaysThatCountTests {
    private static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    /// The dates `country` counts under `counting`, as text, evidence and inferred apart.
    private static func counted(_ p: Passport, _ country: String, _ counting: DayCounting = DayCounting(),
                                through: String? = nil) -> (evidence: [String], inferred: [String]) {
        let dates = p.ledger(counting, through: through.map(day)).counted["country:" + country] ?? [:]
        return (dates.filter { !$0.value.isInferred }.map(\.key.text).sorted(), dates.filter { $0.value.isInferred }.map(\.key.text).sorted())
    }

    @Test func taxYearsAreNamedByTheYearTheyStartIn() throws {
        let uk = try #require(DayPeriod("04-06"))
        #expect(uk.label(of: Self.day("2025-04-05")) == 2024 && uk.label(of: Self.day("2025-04-06")) == 2025)
        #expect(uk.range(2025).lowerBound.text == "2025-04-06" && uk.range(2025).upperBound.text == "2026-04-05")
        // A tax year holding a leap day has 366 days; the one before 2024-03-01 does not.
        #expect(uk.range(2023).count == 366 && uk.range(2024).count == 365)
        let australia = try #require(DayPeriod("07-01"))
        #expect(australia.range(2024).upperBound.text == "2025-06-30" && australia.label(of: Self.day("2025-06-30")) == 2024)
        #expect(DayPeriod("01-01") == DayPeriod.calendar && DayPeriod.calendar.range(2024).count == 366)
        for bad in ["02-29", "13-01", "04-31", "4-6", "04-6", "0406", "04-06x", "", "-4-06", "٠٤-٠٦"] {
            #expect(DayPeriod(bad) == nil, "\(bad)")
        }
    }

    @Test func aTaxYearCrossingTheSixthOfApril() throws {
        // Bea in London every day from 2025-03-01 to 04-10: 36 days in the tax year 2024
        // (to 04-05) with the evening of 2024-07-03, 5 in 2025 with 06-10, 06-25 and 12-31.
        // The flights of 2024-01-01 and 03-03 are transit days of the tax year 2023, and the
        // one of 2025-06-20 of 2025.
        let uk = try #require(DayPeriod("04-06"))
        let ledger = Bea.passport.ledger()
        let gb = ledger.presence(period: uk).filter { $0.country.id == "country:GB" }
        #expect(gb.map { [$0.year, $0.days.count, $0.transitDays.count] } == [[2023, 0, 2], [2024, 37, 0], [2025, 8, 1]])
        #expect(gb[1].periodStart == "2024-04-06" && gb[1].periodEnd == "2025-04-05")
        #expect(ledger.presence(label: 2025).first { $0.country.id == "country:GB" }?.days.count == 41 + 3)
    }

    @Test func aStayFilledUnlessAFlightAnotherCountryOrANightDepartureComesBetween() {
        // Spain: a photo every 4th day from 2024-01-01 to 07-31 (213 days, a leap year): 54.
        let plain = Self.counted(Bea.passport, "ES")
        #expect(plain.evidence.count == 54 && plain.inferred.isEmpty)
        // Gaps of 3 days are filled with --fill 4, but not with --fill 3.
        #expect(Self.counted(Bea.passport, "ES", DayCounting(fill: 3)).inferred.isEmpty)
        let filled = Self.counted(Bea.passport, "ES", DayCounting(fill: 4))
        #expect(filled.evidence == plain.evidence)
        // 53 gaps of 3 days, but five are not filled: a flight MAD–LHR on 03-03, Sofia on
        // 03-30 and 03-31, Lisbon on 05-02, an evening in London on 07-03 after the morning
        // in Madrid, and a photo in flight on 07-19 before the Madrid lunch. The flight
        // LHR–MAD of 01-01 lands in Spain: the first gap is filled.
        #expect(filled.inferred.count == 159 - 15)
        for date in ["2024-01-02", "2024-01-03", "2024-02-29", "2024-04-29", "2024-07-30"] { #expect(filled.inferred.contains(date), "\(date)") }
        for date in ["2024-03-02", "2024-03-03", "2024-03-04", "2024-04-01", "2024-05-01", "2024-05-03", "2024-07-04", "2024-07-16", "2024-07-18"] {
            #expect(!filled.inferred.contains(date), "\(date)")
        }
        // 54 + 144 = 198 days: the threshold of 183 is reached only with the fill.
        let spain = Bea.passport.ledger(DayCounting(fill: 4)).presence(label: 2024).first { $0.country.id == "country:ES" }
        #expect(spain?.counted == 198 && spain?.inferredDays.count == 144 && spain?.transitDays == ["2024-03-03"])
    }

    @Test func theMidnightRuleAcrossANightFlight() {
        // 2025-06-10 London at 09:00 and 21:00, a photo in flight at 23:30; nothing on 06-11;
        // New York from 06-12 (nothing 06-13 to 06-15); 06-20 New York at 08:00 and a logged
        // flight JFK–LHR; London again on 06-25.
        let midnight = DayCounting(policy: .midnight)
        let us = Self.counted(Bea.passport, "US", midnight)
        // 06-20 ended in the air too: the logged flight leaves the country of the last photo.
        #expect(us.evidence.filter { $0.hasPrefix("2025") } == ["2025-06-12", "2025-06-16"])
        #expect(us.inferred.filter { $0.hasPrefix("2025") } == ["2025-06-13", "2025-06-14", "2025-06-15", "2025-06-17", "2025-06-18", "2025-06-19"])
        let gb = Self.counted(Bea.passport, "GB", midnight)
        // Neither 06-10 (it ended in the air) nor 06-11, nor 06-21 to 06-24 (after a flight out).
        #expect(!gb.evidence.contains("2025-06-10") && !gb.inferred.contains("2025-06-11") && gb.evidence.contains("2025-06-25"))
        #expect(!gb.inferred.contains { ("2025-06-21"..."2025-06-24").contains($0) })
        // Under "any", 06-10 is a day in London, and the days without evidence count nowhere.
        let any = Self.counted(Bea.passport, "GB")
        #expect(any.evidence.contains("2025-06-10") && !any.evidence.contains("2025-06-11"))
        // The carried days end at the date asked about, not at the log's last date.
        let june = Self.counted(Bea.passport, "GB", midnight, through: "2025-06-28")
        #expect(june.inferred.filter { $0 >= "2025-06-26" } == ["2025-06-26", "2025-06-27", "2025-06-28"])
    }

    @Test func bulgariaCountsFromTheThirtyFirstOfMarchAndStillAfterNewYear2025() {
        // Sofia 2024-03-30 and 03-31, 2024-12-31 and 2025-01-01 (land borders opened then).
        let w = Bea.passport.schengen(on: Self.day("2025-01-01"))
        #expect(w.dates.filter { $0 >= Self.day("2024-08-01") }.map(\.text) == ["2024-12-31", "2025-01-01"])
        let spring = Bea.passport.schengen(on: Self.day("2024-04-01"))
        #expect(spring.dates.contains(Self.day("2024-03-31")) && !spring.dates.contains(Self.day("2024-03-30")))
    }

    @Test func aFilledWindowAcrossNewYear() {
        // Vienna 2022-12-20 to 2023-01-10, a photo every 3rd day: 8 days, 22 when filled.
        let filled = Bea.passport.schengen(on: Self.day("2023-03-01"), counting: DayCounting(fill: 3))
        #expect(filled.dates.first?.text == "2022-12-20" && filled.dates.last?.text == "2023-01-10" && filled.daysUsed == 22)
        #expect(filled.inferredDates.count == 14 && filled.inferredDates.contains(Self.day("2022-12-31")))
        let plain = Bea.passport.schengen(on: Self.day("2023-03-01"))
        #expect(plain.daysUsed == 8 && plain.inferredDates.isEmpty && plain.counting == DayCounting())
        // Not filled with gaps of 3 days when at most 2 apart count.
        #expect(Bea.passport.schengen(on: Self.day("2023-03-01"), counting: DayCounting(fill: 2)).daysUsed == 8)
    }

    @Test func theUSSubstantialPresenceTest() {
        // 120 days in each of 2021, 2022 and 2023 (New York, four days a week from February):
        // 120 + 40 + 20 = 180 in 2023, not met.
        let ledger = Bea.passport.ledger()
        let y2023 = ledger.usPresence(year: 2023)
        #expect(y2023.days == [120, 120, 120] && y2023.weightedSixths == 1080 && !y2023.meetsTest && y2023.daysWeighted == 180)
        // 30 days in 2022 would be under 31 in the year whatever the weight.
        let short = USPresence(year: 2022, dates: [Array(repeating: Self.day("2022-01-01"), count: 30), Array(repeating: Self.day("2021-01-01"), count: 365),
                                                   Array(repeating: Self.day("2020-01-01"), count: 366)], inferredDates: [[], [], []])
        #expect(!short.meetsTest && short.weightedSixths >= 6 * 183)
        // 125 + 175/3 + 1/6: 183.5 exactly, met; a sum of sixths printed rounded down.
        let met = USPresence(year: 2025, dates: [Array(repeating: Self.day("2025-01-01"), count: 125), Array(repeating: Self.day("2024-01-01"), count: 175),
                                                 [Self.day("2023-01-01")]], inferredDates: [[], [], []])
        #expect(met.meetsTest && met.daysWeighted == 183.5)
        // 124 + 175/3 + 3/6 = 182.8333…: not met, printed 182.83 (rounded down, never up to 183).
        let under = USPresence(year: 2025, dates: [Array(repeating: Self.day("2025-01-01"), count: 124), Array(repeating: Self.day("2024-01-01"), count: 175),
                                                   Array(repeating: Self.day("2023-01-01"), count: 3)], inferredDates: [[], [], []])
        #expect(!under.meetsTest && under.weightedSixths == 1097 && under.daysWeighted == 182.83)
    }

    // MARK: - Against the plain count

    /// Every rule of `p` against `reference`, for `counting`.
    private static func agree(_ p: Passport, _ reference: PlainCount, _ counting: DayCounting, through: String, _ label: String) {
        let ledger = p.ledger(counting, through: day(through))
        let fill = counting.policy == .any ? counting.fill : nil
        let expected = reference.counted(midnight: counting.policy == .midnight, fill: fill, through: through)
        var got: [String: String] = [:]
        for (country, dates) in ledger.counted {
            for (d, basis) in dates { got[country.dropFirst(8) + " " + d.text] = basis.isInferred ? "inferred" : "evidence" }
        }
        #expect(got == expected, "\(label): \(counting)")
        // Periods: UK tax years, threshold and transit days.
        let uk = DayPeriod("04-06")!
        var years: [String: Int] = [:], transit: [String: Int] = [:]
        for p in ledger.presence(period: uk) {
            if p.counted > 0 { years["\(p.country.id.dropFirst(8)) \(p.year)"] = p.counted }
            if !p.transitDays.isEmpty { transit["\(p.country.id.dropFirst(8)) \(p.year)"] = p.transitDays.count }
            #expect((p.counted >= 183) == reference.reaches(p.country.id.dropFirst(8) + "", taxYear: p.year, expected, threshold: 183), "\(label) \(p.country.id) \(p.year)")
        }
        #expect(years == reference.taxYears(expected), "\(label): tax years")
        #expect(transit == reference.transitTaxYears(expected, through: through), "\(label): transit")
        for year in 2023...2025 {
            let us = ledger.usPresence(year: year)
            let plain = reference.usTest(year: year, expected)
            #expect(us.days == plain.days && us.meetsTest == plain.meets, "\(label): US \(year)")
        }
        for on in ["2023-06-30", "2024-02-29", "2024-12-31", "2025-05-15"] where on <= through {
            let then = reference.counted(midnight: counting.policy == .midnight, fill: fill, through: on)
            #expect(p.schengen(on: day(on), counting: counting).daysUsed == reference.schengenUsed(on: on, then), "\(label): Schengen \(on)")
        }
        #expect(ledger.daysWithoutEvidence(from: day("2023-01-01"), through: day(through)) == reference.withoutEvidence(through: through), "\(label)")
        // Any range, against the dates themselves: ends before, after and on evidence, empty, past `through`.
        var random = Seeded(7)
        for _ in 0..<200 {
            let first = day("2022-12-01") + Int(random.next() % 1_000), last = first + Int(random.next() % 400) - 20
            let plain = first <= min(last, ledger.through)
                ? (first.number...min(last, ledger.through).number).filter { !ledger.evidenceDates.contains(CalendarDay(number: $0)) }.count : 0
            #expect(ledger.daysWithoutEvidence(from: first, through: last) == plain, "\(label): \(first.text)…\(last.text)")
        }
    }

    @Test func beaAgreesWithThePlainCount() {
        let reference = PlainCount(Bea.sightings, flights: Bea.flights)
        for counting in [DayCounting(), DayCounting(fill: 3), DayCounting(fill: 4), DayCounting(policy: .midnight)] {
            Self.agree(Bea.passport, reference, counting, through: "2025-12-31", "Bea")
        }
    }

    @Test(arguments: 1...6) func randomItinerariesAgreeWithThePlainCount(seed: UInt64) {
        var rng = Seeded(seed)
        let (sightings, flights) = Traveller.random(&rng)
        let passport = Traveller.passport(sightings, flights: flights)
        let reference = PlainCount(sightings, flights: flights)
        for counting in [DayCounting(), DayCounting(fill: 2 + Int(rng.next() % 8)), DayCounting(policy: .midnight)] {
            Self.agree(passport, reference, counting, through: "2025-12-31", "seed \(seed)")
            Self.agree(passport, reference, counting, through: PlainCalendar.adding(Int(rng.next() % 900), to: "2023-03-01"), "seed \(seed), earlier")
        }
        // Each itinerary fills something, carries something and has days counted nowhere.
        let midnight = passport.ledger(DayCounting(policy: .midnight), through: Self.day("2025-12-31"))
        #expect(midnight.counted.values.contains { $0.values.contains { $0.isInferred } }, "seed \(seed)")
        #expect(passport.ledger(DayCounting(fill: 9)).counted.values.contains { $0.values.contains { $0.isInferred } }, "seed \(seed)")
    }
}

// MARK: - The generated traveller

/// One thing seen on a local date in a country: photos there (`photo`), photos at its airport
/// and nowhere else in it (`layover`), a photo at 11,000 m over it (`inFlight`), a location
/// history's drive through it (`drive`), or a mark of it. Marks have no time.
private struct Sighting {
    enum Kind { case photo, layover, inFlight, drive, mark }
    let date: String, country: String, kind: Kind, hour: Int
    init(_ date: String, _ country: String, _ kind: Kind = .photo, hour: Int = 12) { (self.date, self.country, self.kind, self.hour) = (date, country, kind, hour) }
}

/// A flight of the flight log: a date and two countries, no time.
private struct LoggedFlight {
    let date: String, from: String, to: String
}

private enum Traveller {
    static func passport(_ sightings: [Sighting], flights: [LoggedFlight] = []) -> Passport {
        var photos: [VisitPhoto] = [], marks: [Mark] = [], drives: [PlaceDay] = []
        for s in sightings {
            switch s.kind {
            case .photo: Journeys.add(.photo, s.date, s.country, hour: s.hour, minute: 30, to: &photos, &marks)
            case .layover: Journeys.add(.layover, s.date, s.country, hour: s.hour, minute: 30, to: &photos, &marks)
            case .inFlight: Journeys.add(.inFlight, s.date, s.country, hour: s.hour, minute: 30, to: &photos, &marks)
            case .mark: Journeys.add(.mark, s.date, s.country, hour: s.hour, to: &photos, &marks)
            case .drive:
                // A location history's passage on the ground: a row of its own, no photo.
                var row = PlaceDay(date: s.date, status: .transit)
                let time = s.date + "T" + (s.hour < 10 ? "0" : "") + "\(s.hour):30:00"
                (row.country, row.historyPoints, row.firstTime, row.lastTime) = (PlaceLink(id: "country:" + s.country, name: s.country), 7, LocalTime(time), LocalTime(time))
                drives.append(row)
            }
        }
        let logged = flights.map { f in
            Flight(date: f.date, from: Journeys.airport(f.from + "A", ("country:" + f.from, f.from), 45, 5),
                   to: Journeys.airport(f.to + "A", ("country:" + f.to, f.to), 46, 6))
        }
        let days = PlaceDay.aggregate(VisitRules.classify(photos))
        return Passport(days: PlaceDay.sorted(days + drives), tracks: [], marks: marks, flights: logged)
    }

    static let pool = ["GB", "ES", "FR", "US", "BG", "DE", "PT"]

    /// 2023 to 2025: days at home in London (some without evidence), stays abroad with days
    /// without evidence, marks, drives, days in two countries, night flights with a photo in
    /// the air, layovers and flights of the log.
    static func random(_ rng: inout Seeded) -> ([Sighting], [LoggedFlight]) {
        var out: [Sighting] = [], flights: [LoggedFlight] = []
        func pick() -> String { pool[Int(rng.next() % UInt64(pool.count))] }
        var d = "2023-01-01"
        while d < "2026-01-01" {
            switch rng.next() % 12 {
            case 0..<4:
                if rng.next() % 3 != 0 { out.append(Sighting(d, "GB", hour: Int(rng.next() % 24))) }
                d = PlainCalendar.next(d)
            case 4:
                // A night flight: an evening at home, a photo in the air before midnight, a
                // layover the next day, or nothing.
                let to = pick()
                out += [Sighting(d, "GB", hour: 20), Sighting(d, pick(), .inFlight, hour: 23)]
                if rng.next() % 2 == 0 { flights.append(LoggedFlight(date: d, from: "GB", to: to)) }
                d = PlainCalendar.next(d)
                if rng.next() % 2 == 0 { out.append(Sighting(d, pick(), .layover, hour: 6)) }
                out.append(Sighting(d, to, hour: 15))
                d = PlainCalendar.next(d)
            default:
                let country = pick(), length = 1 + Int(rng.next() % 50)
                out += [Sighting(d, "GB", hour: 7), Sighting(d, country, hour: 18)]
                if rng.next() % 3 == 0 { flights.append(LoggedFlight(date: d, from: "GB", to: country)) }
                for _ in 1..<length {
                    d = PlainCalendar.next(d)
                    switch rng.next() % 20 {
                    case 0..<7: break                                                        // no evidence
                    case 7: out.append(Sighting(d, country, .mark))
                    case 8: out.append(Sighting(d, country, .drive, hour: Int(rng.next() % 24)))
                    case 9: out += [Sighting(d, country, hour: 9), Sighting(d, pick(), hour: 9 + Int(rng.next() % 14))]
                    case 10: out.append(Sighting(d, pick(), .layover, hour: Int(rng.next() % 24)))
                    case 11: flights.append(LoggedFlight(date: d, from: country, to: pick()))
                    case 12: out += [Sighting(d, pick(), .mark), Sighting(d, country, hour: 10)]
                    default: out.append(Sighting(d, country, hour: Int(rng.next() % 24)))
                    }
                }
                if length > 1 { out += [Sighting(d, country, hour: 8), Sighting(d, "GB", hour: 21)] }
                d = PlainCalendar.next(d)
            }
        }
        return (out, flights)
    }
}

/// Bea lives in London; each stretch is what a test above reads:
///
/// - New York 120 days a year from 2021 to 2023;
/// - Vienna 2022-12-20 to 2023-01-10, a photo every third day;
/// - Madrid 2024-01-01 to 07-31, a photo every fourth day, with a flight in, a flight out
///   and back, Lisbon, an evening in London and a photo in flight between some of them;
/// - Sofia 2024-03-30, 03-31, 12-31 and 2025-01-01;
/// - London every day from 2025-03-01 to 04-10, and on 2025-12-31;
/// - a night flight to New York on 2025-06-10, a stay, a logged flight back on 06-20.
private enum Bea {
    static let sightings: [Sighting] = {
        var out: [Sighting] = []
        for year in 2021...2023 {
            // 120 days: four days a week for 30 weeks from 1 February.
            var d = "\(year)-02-01"
            for _ in 0..<30 {
                for _ in 0..<4 { out.append(Sighting(d, "US")); d = PlainCalendar.next(d) }
                d = PlainCalendar.adding(3, to: d)
            }
        }
        var d = "2022-12-20"
        while d <= "2023-01-10" { out.append(Sighting(d, "AT")); d = PlainCalendar.adding(3, to: d) }
        d = "2024-01-01"
        while d <= "2024-07-31" {
            if d == "2024-07-03" { out += [Sighting(d, "ES", hour: 10), Sighting(d, "GB", hour: 20)] }
            else if d == "2024-07-19" { out += [Sighting(d, "FR", .inFlight, hour: 7), Sighting(d, "ES", hour: 12)] }
            else { out.append(Sighting(d, "ES")) }
            d = PlainCalendar.adding(4, to: d)
        }
        out.append(Sighting("2024-05-02", "PT"))
        out += ["2024-03-30", "2024-03-31", "2024-12-31", "2025-01-01"].map { Sighting($0, "BG") }
        d = "2025-03-01"
        while d <= "2025-04-10" { out.append(Sighting(d, "GB")); d = PlainCalendar.next(d) }
        out += [Sighting("2025-06-10", "GB", hour: 9), Sighting("2025-06-10", "GB", hour: 21), Sighting("2025-06-10", "FR", .inFlight, hour: 23),
                Sighting("2025-06-12", "US", hour: 10), Sighting("2025-06-16", "US", hour: 10), Sighting("2025-06-20", "US", hour: 8),
                Sighting("2025-06-25", "GB"), Sighting("2025-12-31", "GB")]
        return out
    }()

    static let flights = [LoggedFlight(date: "2024-01-01", from: "GB", to: "ES"), LoggedFlight(date: "2024-03-03", from: "ES", to: "GB"),
                          LoggedFlight(date: "2025-06-20", from: "US", to: "GB")]

    static let passport = Traveller.passport(sightings, flights: flights)
}

// MARK: - The rules counted by hand

/// Every rule written plainly, day by day from 2020-01-01, sharing nothing with the passport
/// but the sightings: which sighting is presence, how the midnight country is found, when a
/// gap is filled, how tax years, the US test and the Schengen window count.
private struct PlainCount {
    let sightings: [String: [Sighting]]
    let flights: [String: [LoggedFlight]]
    let dates: [String]

    init(_ all: [Sighting], flights: [LoggedFlight]) {
        sightings = Dictionary(grouping: all, by: \.date)
        self.flights = Dictionary(grouping: flights, by: \.date)
        var dates: [String] = [], d = "2020-01-01"
        while d <= "2026-12-31" { dates.append(d); d = PlainCalendar.next(d) }
        self.dates = dates
    }

    /// A layover is one only when the traveller took no other photo in that country that day.
    func isLayover(_ s: Sighting) -> Bool {
        s.kind == .layover && !(sightings[s.date] ?? []).contains { $0.country == s.country && $0.kind == .photo }
    }

    /// On the ground in the country: a photo (or a layover that is not one), a drive, a mark.
    func isPresence(_ s: Sighting) -> Bool {
        s.kind == .photo || s.kind == .drive || s.kind == .mark || (s.kind == .layover && !isLayover(s))
    }

    /// The dates each country counts, "ES 2024-01-02" → evidence or inferred.
    func counted(midnight: Bool, fill: Int?, through: String) -> [String: String] {
        var out: [String: String] = [:]
        let days = dates.filter { $0 <= through }
        if midnight {
            var now: String? = nil, started = false
            for d in days {
                let seen = sightings[d] ?? [], flown = flights[d] ?? []
                if seen.isEmpty && flown.isEmpty {
                    if let now, started { out[now + " " + d] = "inferred" }
                    continue
                }
                started = true
                let timed = seen.filter { $0.kind != .mark }
                if let latest = timed.map(\.hour).max() {
                    now = timed.filter { $0.hour == latest && isPresence($0) }.map(\.country).min()
                } else {
                    now = seen.map(\.country).min()
                }
                if let c = now, flown.contains(where: { $0.from == c && $0.to != c }) { now = nil }
                if let now { out[now + " " + d] = "evidence" }
            }
            return out
        }
        for d in days { for s in sightings[d] ?? [] where isPresence(s) { out[s.country + " " + d] = "evidence" } }
        guard let fill else { return out }
        for country in Set((sightings.values.flatMap { $0 }).map(\.country)) {
            let present = days.filter { out[country + " " + $0] != nil }
            for (a, b) in zip(present, present.dropFirst()) {
                let between = days.filter { $0 > a && $0 < b }
                guard between.count + 1 <= fill, !between.isEmpty else { continue }
                // Nothing at all on the days between.
                guard between.allSatisfy({ sightings[$0] == nil && flights[$0] == nil }) else { continue }
                // On A nothing after the last sighting in the country but the country.
                let atA = sightings[a] ?? [], atB = sightings[b] ?? []
                let lastHere = atA.filter { $0.country == country && isPresence($0) && $0.kind != .mark }.map(\.hour).max()
                let leftAfter = atA.contains { s in
                    !(s.country == country && isPresence(s)) && (s.kind == .mark || lastHere == nil || s.hour > lastHere!)
                }
                let firstHere = atB.filter { $0.country == country && isPresence($0) && $0.kind != .mark }.map(\.hour).min()
                let cameBefore = atB.contains { s in
                    !(s.country == country && isPresence(s)) && (s.kind == .mark || firstHere == nil || s.hour < firstHere!)
                }
                let flewAway = (flights[a] ?? []).contains { $0.to != country } || (flights[b] ?? []).contains { $0.from != country }
                if leftAfter || cameBefore || flewAway { continue }
                for d in between { out[country + " " + d] = "inferred" }
            }
        }
        return out
    }

    /// UK tax years (from 6 April): "ES 2024" → days counted.
    func taxYears(_ counted: [String: String]) -> [String: Int] {
        var out: [String: Int] = [:]
        for key in counted.keys {
            let (country, date) = (String(key.prefix(2)), String(key.suffix(10)))
            let year = Int(date.prefix(4))!
            out["\(country) \(String(date.dropFirst(5)) >= "04-06" ? year : year - 1)", default: 0] += 1
        }
        return out
    }

    func reaches(_ country: String, taxYear: Int, _ counted: [String: String], threshold: Int) -> Bool {
        (taxYears(counted)["\(country) \(taxYear)"] ?? 0) >= threshold
    }

    /// Tax years with days at an airport there (a layover or a logged flight), no presence
    /// there and not counted.
    func transitTaxYears(_ counted: [String: String], through: String) -> [String: Int] {
        var days = Set<String>()
        for d in dates where d <= through {
            for s in sightings[d] ?? [] where isLayover(s) { days.insert(s.country + " " + d) }
            for f in flights[d] ?? [] { days.insert(f.from + " " + d); days.insert(f.to + " " + d) }
            for s in sightings[d] ?? [] where isPresence(s) { days.remove(s.country + " " + d) }
        }
        var out: [String: Int] = [:]
        for key in days where counted[key] == nil {
            let (country, date) = (String(key.prefix(2)), String(key.suffix(10)))
            let year = Int(date.prefix(4))!
            out["\(country) \(String(date.dropFirst(5)) >= "04-06" ? year : year - 1)", default: 0] += 1
        }
        return out
    }

    func usTest(year: Int, _ counted: [String: String]) -> (days: [Int], meets: Bool) {
        let days = [year, year - 1, year - 2].map { y in counted.keys.filter { $0.hasPrefix("US \(y)-") }.count }
        let weighted = Double(days[0]) + Double(days[1]) / 3 + Double(days[2]) / 6
        return (days, days[0] >= 31 && weighted >= 183 - 1e-9)
    }

    /// Days in the area among `on` and the 179 before: of the countries here, all but Great
    /// Britain and the United States, Bulgaria from 2024-03-31.
    func schengenUsed(on: String, _ counted: [String: String]) -> Int {
        let index = dates.firstIndex(of: on)!
        return dates[(index - 179)...index].filter { d in
            ["ES", "FR", "DE", "PT", "AT"].contains { counted[$0 + " " + d] != nil } || (d >= "2024-03-31" && counted["BG " + d] != nil)
        }.count
    }

    func withoutEvidence(through: String) -> Int {
        dates.filter { $0 >= "2023-01-01" && $0 <= through && sightings[$0] == nil && flights[$0] == nil }.count
    }
}
