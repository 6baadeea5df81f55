import Testing
import TravelLog
@testable import Passport

/// `atlas days --rule schengen` (``Passport/schengen(on:stay:)``), checked on known stays and
/// against a plain day-by-day count on random itineraries.
@Suite struct SchengenTests {
    /// A passport of one photo row per (date, country code), visits unless `transit`.
    private static func passport(_ stays: [(String, String)], transit: [(String, String)] = []) -> Passport {
        func row(_ s: (String, String), _ status: VisitPhoto.Status) -> PlaceDay {
            var d = PlaceDay(date: s.0, status: status)
            d.country = PlaceLink(id: "country:" + s.1, name: s.1)
            d.photos = 1
            return d
        }
        return Passport(days: stays.map { row($0, .visit) } + transit.map { row($0, .transit) }, tracks: [], marks: [])
    }

    private static func run(_ from: String, _ count: Int, in country: String) -> [(String, String)] {
        let start = CalendarDay(from)!
        return (0..<count).map { ((start + $0).text, country) }
    }

    private static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test func entryAndExitDaysCountAndNinetyIsTheLimit() {
        // 2024 is a leap year: 1 January to 30 March is 90 days, both ends counted.
        let p = Self.passport(Self.run("2024-01-01", 90, in: "FR"))
        let w = p.schengen(on: Self.day("2024-03-30"), stay: 1)
        #expect(w.daysUsed == 90 && w.daysLeft == 0 && w.maxInWindow == 90 && w.maxOn == Self.day("2024-03-30"))
        // The first day leaves the window 180 days after it: 2024-06-29 (leap day included).
        #expect(w.earliestStayStart == Self.day("2024-06-29"))
        let over = Self.passport(Self.run("2024-01-01", 91, in: "FR")).schengen(on: Self.day("2024-03-31"))
        #expect(over.daysUsed == 91 && over.daysLeft == 0 && over.maxInWindow == 91)
    }

    @Test func aWindowAcrossNewYearAndTransitDoesNotCount() {
        let p = Self.passport(Self.run("2024-12-20", 20, in: "DE") + [("2025-01-15", "GB")], transit: [("2025-01-20", "NL")])
        let w = p.schengen(on: Self.day("2025-01-31"))
        #expect(w.daysUsed == 20 && w.dates.first == Self.day("2024-12-20") && w.dates.last == Self.day("2025-01-08"))
    }

    @Test func membershipHasDates() {
        let p = Self.passport([("2022-12-31", "HR"), ("2023-01-01", "HR"), ("2024-03-30", "BG"), ("2024-03-31", "BG"), ("2025-01-01", "RO"),
                               ("2024-06-01", "CY"), ("2024-06-02", "IE"), ("2024-06-03", "MC"), ("2024-06-04", "AD")])
        #expect(p.schengenDays().map(\.text) == ["2023-01-01", "2024-03-31", "2024-06-03", "2025-01-01"])
    }

    @Test func nearOverstayFitsTheLongestStayThatFits() {
        // 80 days used; a stay of 10 fits today, 11 must wait for the oldest day to leave.
        let p = Self.passport(Self.run("2025-01-01", 80, in: "ES"))
        let on = Self.day("2025-06-01")
        #expect(p.schengen(on: on, stay: 10).earliestStayStart == on)
        #expect(p.schengen(on: on, stay: 11).earliestStayStart == Self.reference(p.schengenDays(), stay: 11, from: on))
        #expect(p.schengen(on: on, stay: 11).earliestStayStart! > on)
    }

    /// The rule from first principles: count each window day by day.
    private static func reference(used days: Set<CalendarDay>, on: CalendarDay) -> Int {
        var n = 0
        var d = on
        for _ in 0..<180 { if days.contains(d) { n += 1 }; d = d - 1 }
        return n
    }

    private static func reference(_ days: [CalendarDay], stay: Int, from on: CalendarDay) -> CalendarDay? {
        let past = days.filter { $0 <= on }
        for offset in 0...400 {
            let start = on + offset
            if past.contains(start) { continue }
            let all = Set(past + (0..<stay).map { start + $0 })
            if (0..<stay).allSatisfy({ reference(used: all, on: start + $0) <= 90 }) { return start }
        }
        return nil
    }

    @Test(arguments: 1...6) func agreesWithADayByDayCount(seed: UInt64) {
        var rng = Seeded(seed)
        var stays: [(String, String)] = []
        var day = Self.day("2023-06-01")
        for _ in 0..<30 {
            day = day + Int(rng.next() % 40)
            let country = ["FR", "GB", "HR", "BG", "CH", "US"][Int(rng.next() % 6)]
            stays += Self.run(day.text, 1 + Int(rng.next() % 25), in: country)
        }
        let p = Self.passport(stays)
        let inArea = Set(stays.filter { ["FR", "HR", "BG", "CH"].contains($0.1) }.compactMap { s -> CalendarDay? in
            let d = Self.day(s.0)
            let from = ["FR": "1995-03-26", "HR": "2023-01-01", "BG": "2024-03-31", "CH": "2008-12-12"][s.1]!
            return d >= Self.day(from) ? d : nil
        }).sorted()
        #expect(p.schengenDays() == inArea)
        for _ in 0..<4 {
            let on = Self.day("2023-06-01") + Int(rng.next() % 900)
            let stay = 1 + Int(rng.next() % 90)
            let w = p.schengen(on: on, stay: stay)
            let set = Set(inArea)
            #expect(w.daysUsed == Self.reference(used: set, on: on))
            let maxima = inArea.filter { $0 <= on }.map { Self.reference(used: set, on: $0) }
            #expect(w.maxInWindow == (maxima.max() ?? 0))
            #expect(w.earliestStayStart == Self.reference(inArea, stay: stay, from: on))
        }
    }
}

/// SplitMix64: the same itineraries every run.
private struct Seeded {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
