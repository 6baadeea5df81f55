import Foundation
import Testing
import TravelLog
@testable import Passport

/// `atlas days --rule schengen` (``Passport/schengen(on:stay:)``): a generated traveller with
/// known answers, and the same traveller and random ones checked against ``DayByDay``, a
/// second count of the rule written plainly in this file.
@Suite struct SchengenTests {
    private static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    private static func window(_ on: String, stay: Int? = nil) -> SchengenWindow {
        Ana.passport.schengen(on: day(on), stay: stay)
    }

    @Test func theLeapDayFillsTheNinetyAndBulgariaCountsFromTheThirtyFirstOfMarch() {
        // France from New Year's Day (the day of arrival, with a morning in London) to 03-28,
        // the day of the flight to Sofia: 31 + 29 + 28 = 88 days, 2024 being a leap year.
        let before = Self.window("2024-03-30")
        #expect(before.daysUsed == 88 && before.daysLeft == 2 && before.daysOver == 0)
        #expect(before.dates.first?.text == "2024-01-01" && before.dates.last?.text == "2024-03-28")
        #expect(before.dates.contains(Self.day("2024-02-29")))
        // Sofia on 03-29 and 03-30 does not count; from 03-31 it does: the limit is reached
        // on 04-01 (near-overstay) and passed on 04-02, the day of the flight home.
        let limit = Self.window("2024-04-01")
        #expect(limit.daysUsed == 90 && limit.daysLeft == 0 && limit.daysOver == 0)
        #expect(limit.maxInWindow == 90 && limit.maxOn?.text == "2024-04-01")
        let over = Self.window("2024-04-02", stay: 1)
        #expect(over.daysUsed == 91 && over.daysLeft == 0 && over.daysOver == 1)
        #expect(over.maxInWindow == 91 && over.maxOn?.text == "2024-04-02")
        #expect(!over.dates.contains(Self.day("2024-03-30")) && over.dates.contains(Self.day("2024-03-31")))
        // One more day fits when 01-01 and 01-02 have left the window: 180 days after 01-02,
        // leap day included, is 06-30. Ninety days fit only once 04-02 has left it (the
        // window ending 09-29), so from 07-02.
        #expect(over.earliestStayStart?.text == "2024-06-30")
        #expect(Self.window("2024-04-02", stay: 90).earliestStayStart?.text == "2024-07-02")
    }

    @Test func anOverstayWithEntryAndExitDaysInAWindowAcrossNewYear() {
        // Croatia from 2022-12-29: only the days from 2023-01-01 count.
        let croatia = Self.window("2023-01-10")
        #expect(croatia.dates.map(\.text) == ["2023-01-01", "2023-01-02", "2023-01-03"])
        // Rome from 2023-02-01 (arrival from London) to 04-30 (back to London): 89 days, and
        // the 3 Croatian days are in every window of the stay.
        #expect(Self.window("2023-02-01").daysUsed == 4)
        let atLimit = Self.window("2023-04-28")
        #expect(atLimit.daysUsed == 90 && atLimit.daysLeft == 0 && atLimit.daysOver == 0)
        #expect(Self.window("2023-04-29").daysOver == 1)
        let last = Self.window("2023-04-30")
        #expect(last.daysUsed == 92 && last.daysOver == 2 && last.maxInWindow == 92 && last.maxOn?.text == "2023-04-30")
        #expect(last.dates.first?.text == "2023-01-01" && last.dates.last?.text == "2023-04-30")
    }

    @Test func layoversFlightsAndPhotosInFlightAreNoEntry() throws {
        // 2024-08-15: London, a layover at Frankfurt airport, a photo at 11,000 m over France,
        // New York; 2024-09-01: a flight London–Paris in the flight log and no photo.
        let transit = try #require(Ana.passport.presence(year: 2024).first { $0.country.id == "country:DE" })
        #expect(transit.days.isEmpty && transit.transitDays == ["2024-08-15"])
        let w = Self.window("2024-09-30")
        #expect(w.daysUsed == 0 && w.daysLeft == 90 && w.dates.isEmpty)
        // The window's first date, 04-04, still saw the 91 days of the spring.
        #expect(w.maxInWindow == 91 && w.maxOn?.text == "2024-04-04")
        // Evidence in the window: the photos of 08-15 and the flight of 09-01.
        #expect(w.daysWithoutEvidence == 178)
    }

    @Test func aWindowAcrossNewYearInVienna() {
        // 2024-12-20 (arrival) to 2025-01-05 (departure): 12 + 5 days.
        let january = Self.window("2025-01-31")
        #expect(january.daysUsed == 17 && january.daysLeft == 73)
        #expect(january.dates.first?.text == "2024-12-20" && january.dates.last?.text == "2025-01-05")
        // Its first date, 2024-08-05, counted 50 French and 3 Bulgarian days of the spring.
        #expect(january.maxInWindow == 53 && january.maxOn?.text == "2024-08-05")
        let june = Self.window("2025-06-30")
        #expect(june.dates.map(\.text) == ["2025-01-02", "2025-01-03", "2025-01-04", "2025-01-05"])
        #expect(june.maxInWindow == 17 && june.maxOn?.text == "2025-01-05")
    }

    @Test func membershipHasDatesAndTheMicroStatesCount() {
        // Monaco (a mark), San Marino, the Vatican, Switzerland, Liechtenstein, Åland and
        // Romania count; Andorra, Cyprus and Ireland do not.
        let w = Self.window("2025-08-31")
        #expect(w.dates.map(\.text) == ["2025-08-01", "2025-08-02", "2025-08-03", "2025-08-11", "2025-08-13", "2025-08-15", "2025-08-20"])
        for (country, first) in [("HR", "2023-01-01"), ("BG", "2024-03-31"), ("RO", "2024-03-31"), ("CH", "2008-12-12"), ("LI", "2011-12-19")] {
            #expect(!SchengenArea.contains("country:" + country, on: Self.day(first) - 1), "\(country)")
            #expect(SchengenArea.contains("country:" + country, on: Self.day(first)), "\(country)")
        }
        for country in ["CY", "IE", "AD", "GB", "GI", "FO", "GL", "SJ", "RE"] {
            #expect(!SchengenArea.contains("country:" + country, on: Self.day("2026-01-01")), "\(country)")
        }
        for country in ["MC", "SM", "VA", "AX", "FR", "IT", "FI"] {
            #expect(SchengenArea.contains("country:" + country, on: Self.day("2020-01-01")), "\(country)")
        }
    }

    @Test func aDayAlreadySpentIsNoDayOfANewStay() {
        // 80 days in Spain from 2025-01-01 to 03-21; on 03-21 itself ten more days fit from
        // 03-22, eleven only once 01-01 has left the window ending on the stay's last day.
        var events: [Event] = []
        var d = "2025-01-01"
        for _ in 0..<80 { events.append(Event(d, "ES", .visit)); d = DayByDay.next(d) }
        let p = Traveller.passport(events)
        #expect(p.schengen(on: Self.day("2025-03-21"), stay: 10).earliestStayStart?.text == "2025-03-22")
        #expect(p.schengen(on: Self.day("2025-03-21"), stay: 11).earliestStayStart?.text == "2025-06-20")
        #expect(p.schengen(on: Self.day("2025-06-01"), stay: 10).earliestStayStart?.text == "2025-06-01")
        let reference = DayByDay(events, flights: [])
        #expect(reference.earliestStay(10, on: "2025-03-21") == "2025-03-22")
        #expect(reference.earliestStay(11, on: "2025-03-21") == "2025-06-20")
    }

    /// Every figure of `passport` on `on` against the plain count.
    private static func agree(_ passport: Passport, _ reference: DayByDay, on: String, stay: Int? = nil) {
        let w = passport.schengen(on: day(on), stay: stay)
        #expect(w.dates.map(\.text) == reference.window(on: on), "dates on \(on)")
        #expect(w.daysUsed == reference.used(on: on) && w.daysLeft == max(0, 90 - reference.used(on: on)), "used on \(on)")
        let most = reference.most(on: on)
        #expect(w.maxInWindow == most.days && w.maxOn?.text == most.on, "most on \(on)")
        if let stay { #expect(w.earliestStayStart?.text == reference.earliestStay(stay, on: on), "stay \(stay) on \(on)") }
    }

    @Test func theTravellerAgreesWithTheDayByDayCountOnEveryDate() {
        let reference = DayByDay(Ana.events, flights: Ana.flights)
        var on = "2022-12-01"
        while on <= "2025-12-31" {
            Self.agree(Ana.passport, reference, on: on)
            on = DayByDay.next(on)
        }
        for (on, stay) in [("2023-04-30", 1), ("2023-04-30", 45), ("2024-04-02", 30), ("2024-03-30", 2), ("2024-03-30", 3),
                           ("2025-01-05", 90), ("2025-08-31", 70), ("2022-12-31", 90)] {
            Self.agree(Ana.passport, reference, on: on, stay: stay)
        }
    }

    @Test(arguments: 1...4) func randomItinerariesAgreeWithTheDayByDayCount(seed: UInt64) {
        var rng = Seeded(seed)
        let (events, flights) = Traveller.random(&rng)
        let passport = Traveller.passport(events, flights: flights)
        let reference = DayByDay(events, flights: flights)
        // Each of these itineraries passes the limit somewhere: the test sees overstays.
        #expect(reference.used.contains { $0 > 90 }, "seed \(seed)")
        for i in 0..<60 {
            let on = DayByDay.adding(Int(rng.next() % 1_300), to: "2022-09-01")
            Self.agree(passport, reference, on: on, stay: i % 6 == 0 ? 1 + Int(rng.next() % 90) : nil)
        }
    }
}

// MARK: - The generated traveller

/// One thing that happened on a local date: photos in a country (`visit`), photos at an
/// airport there and nowhere else in it (`layover`), a photo at 11,000 m over it (`inFlight`),
/// or a mark of it.
private struct Event {
    enum Kind { case visit, layover, inFlight, mark }
    let date: String, country: String, kind: Kind
    var hour = 12
    init(_ date: String, _ country: String, _ kind: Kind, hour: Int = 12) { (self.date, self.country, self.kind, self.hour) = (date, country, kind, hour) }
}

private enum Traveller {
    static func passport(_ events: [Event], flights: [Flight] = []) -> Passport {
        var photos: [VisitPhoto] = [], marks: [Mark] = []
        for e in events {
            let kind: Journeys.Sighted = switch e.kind { case .visit: .photo; case .layover: .layover; case .inFlight: .inFlight; case .mark: .mark }
            Journeys.add(kind, e.date, e.country, hour: e.hour, to: &photos, &marks)
        }
        return Passport(photos: photos, marks: marks, flights: flights)
    }

    static func flight(_ date: String, _ from: String, _ to: String) -> Flight {
        Flight(date: date, from: Journeys.airport(from, ("country:" + from, from), 45, 5), to: Journeys.airport(to, ("country:" + to, to), 46, 6))
    }

    /// A day of travel: the morning in `from`, the evening in `to`.
    static func travel(_ date: String, _ from: String, _ to: String) -> [Event] {
        [Event(date, from, .visit, hour: 8), Event(date, to, .visit, hour: 19)]
    }

    /// Every day from `first` through `last` in `country`.
    static func stay(_ first: String, _ last: String, in country: String) -> [Event] {
        var out: [Event] = [], d = first
        while d <= last { out.append(Event(d, country, .visit)); d = DayByDay.next(d) }
        return out
    }

    static let pool = ["FR", "DE", "IT", "ES", "AT", "HR", "BG", "RO", "CH", "LI", "MC", "SM", "VA", "AX", "CY", "IE", "AD", "GB", "US", "TR"]

    /// From 2022-06 to 2025: days at home in London (some without photos), trips of 1 to 60
    /// days (arrival and departure days with a morning or an evening in London, days without
    /// photos, marks, a second country some days), and days with a layover and a photo in flight.
    static func random(_ rng: inout Seeded) -> ([Event], [Flight]) {
        var events: [Event] = [], flights: [Flight] = []
        var d = "2022-06-01"
        while d < "2026-01-01" {
            switch rng.next() % 10 {
            case 0..<4:
                if rng.next() % 3 != 0 { events.append(Event(d, "GB", .visit)) }
                d = DayByDay.next(d)
            case 4:
                let through = pool[Int(rng.next() % UInt64(pool.count))]
                events += [Event(d, "GB", .visit, hour: 7), Event(d, through, .layover), Event(d, through, .inFlight, hour: 14),
                           Event(d, "US", .visit, hour: 20)]
                if rng.next() % 2 == 0 { flights.append(flight(d, "GB", through)) }
                d = DayByDay.next(d)
            default:
                let country = pool[Int(rng.next() % UInt64(pool.count))]
                let length = 1 + Int(rng.next() % 60)
                events += travel(d, "GB", country)
                for _ in 1..<length {
                    d = DayByDay.next(d)
                    switch rng.next() % 20 {
                    case 0, 1, 2: break                                                    // no photo
                    case 3: events.append(Event(d, country, .mark))
                    case 4: events += travel(d, country, pool[Int(rng.next() % UInt64(pool.count))])
                    default: events.append(Event(d, country, .visit))
                    }
                }
                if length > 1 { events += travel(d, country, "GB") }
                d = DayByDay.next(d)
            }
        }
        return (events, flights)
    }
}

/// Ana lives in London. Each trip is what a test above reads:
///
/// - Dubrovnik 2022-12-29 to 2023-01-03, across New Year and Croatia's entry;
/// - Rome 2023-02-01 to 04-30: an overstay, arrival and departure days with London;
/// - Paris 2024-01-01 to 03-28, Sofia 03-28 to 04-02: the leap day, Bulgaria's date;
/// - 2024-08-15 a layover at Frankfurt airport and a photo over France on the way to New
///   York, 2024-09-01 a flight London–Paris in the flight log without photos;
/// - Vienna 2024-12-20 to 2025-01-05, across New Year;
/// - August 2025, a day each: a mark of Monaco, San Marino, the Vatican, Andorra, Cyprus,
///   Ireland, Geneva, Vaduz, Mariehamn, Bucharest.
private enum Ana {
    static let events: [Event] = {
        var out: [Event] = [Event("2022-12-20", "GB", .visit)]
        out += Traveller.travel("2022-12-29", "GB", "HR") + Traveller.stay("2022-12-30", "2023-01-02", in: "HR") + Traveller.travel("2023-01-03", "HR", "GB")
        out += Traveller.travel("2023-02-01", "GB", "IT") + Traveller.stay("2023-02-02", "2023-04-29", in: "IT") + Traveller.travel("2023-04-30", "IT", "GB")
        out += Traveller.travel("2024-01-01", "GB", "FR") + Traveller.stay("2024-01-02", "2024-03-27", in: "FR") + Traveller.travel("2024-03-28", "FR", "BG")
        out += Traveller.stay("2024-03-29", "2024-04-01", in: "BG") + Traveller.travel("2024-04-02", "BG", "GB")
        out += [Event("2024-08-15", "GB", .visit, hour: 7), Event("2024-08-15", "DE", .layover), Event("2024-08-15", "FR", .inFlight, hour: 14),
                Event("2024-08-15", "US", .visit, hour: 20)]
        out += Traveller.travel("2024-12-20", "GB", "AT") + Traveller.stay("2024-12-21", "2025-01-04", in: "AT") + Traveller.travel("2025-01-05", "AT", "GB")
        out += [Event("2025-08-01", "MC", .mark)]
        for (day, country) in [("02", "SM"), ("03", "VA"), ("05", "AD"), ("07", "CY"), ("09", "IE"), ("11", "CH"), ("13", "LI"), ("15", "AX"), ("20", "RO")] {
            out.append(Event("2025-08-" + day, country, .visit))
        }
        return out
    }()

    static let flights = [Traveller.flight("2024-09-01", "GB", "FR")]

    static let passport = Traveller.passport(events, flights: flights)
}

// MARK: - The rule counted by hand

/// The 90/180 rule written plainly, sharing no constant or function with the passport: its
/// own calendar (a date is stepped one day at a time), its own table of who is in the area
/// from when, and every window counted day by day. A date is present when the traveller was
/// seen there on the ground (a visit outside an airport, or a mark) in a country of the table
/// that day.
private struct DayByDay {
    /// Written out from the issue, for the countries the tests use.
    static let inAreaFrom = ["FR": "1995-03-26", "DE": "1995-03-26", "ES": "1995-03-26", "MC": "1995-03-26", "IT": "1997-10-26",
                             "SM": "1997-10-26", "VA": "1997-10-26", "AT": "1997-12-01", "AX": "2001-03-25", "CH": "2008-12-12",
                             "LI": "2011-12-19", "HR": "2023-01-01", "BG": "2024-03-31", "RO": "2024-03-31"]

    static func next(_ date: String) -> String { PlainCalendar.next(date) }

    static func adding(_ n: Int, to date: String) -> String { PlainCalendar.adding(n, to: date) }

    /// Every date from 2021-01-01 to 2027-12-31, and whether the traveller was in the area.
    let dates: [String]
    let position: [String: Int]
    let present: [Bool]
    /// Of each date, the present days among it and the 179 before.
    let used: [Int]

    init(_ events: [Event], flights: [Flight]) {
        var dates: [String] = [], d = "2021-01-01"
        while d <= "2027-12-31" { dates.append(d); d = Self.next(d) }
        let inArea = Set(events.filter { e in
            (e.kind == .visit || e.kind == .mark) && Self.inAreaFrom[e.country].map { e.date >= $0 } == true
        }.map(\.date))
        let present = dates.map { inArea.contains($0) }
        var used: [Int] = []
        for i in dates.indices {
            var n = 0
            for j in max(0, i - 179)...i where present[j] { n += 1 }
            used.append(n)
        }
        (self.dates, self.present, self.used) = (dates, present, used)
        position = Dictionary(uniqueKeysWithValues: dates.enumerated().map { ($1, $0) })
    }

    func index(_ date: String) -> Int { position[date]! }

    func used(on date: String) -> Int { used[index(date)] }

    /// The present dates among `on` and the 179 before.
    func window(on date: String) -> [String] {
        let i = index(date)
        return (i - 179...i).filter { present[$0] }.map { dates[$0] }
    }

    /// The most any date of the window had used, and the first date that had it (nil for 0).
    func most(on date: String) -> (days: Int, on: String?) {
        var best = 0, when: String? = nil
        let i = index(date)
        for j in i - 179...i where used[j] > best { (best, when) = (used[j], dates[j]) }
        return (best, when)
    }

    /// The first date from `on` (not one already present) from which `stay` consecutive days
    /// keep every one of their windows within 90, the dates after `on` away but for the stay.
    func earliestStay(_ stay: Int, on date: String) -> String? {
        let i = index(date)
        for start in i...(i + 400) where start > i || !present[i] {
            func here(_ j: Int) -> Bool { (start <= j && j < start + stay) || (j <= i && present[j]) }
            let fits = (0..<stay).reversed().allSatisfy { k in
                (start + k - 179...start + k).filter(here).count <= 90
            }
            if fits { return dates[start] }
        }
        return nil
    }
}
