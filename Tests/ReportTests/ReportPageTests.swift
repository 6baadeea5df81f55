import AtlasMap
import Foundation
import Gazetteer
import Passport
import Testing
import TravelLog
@testable import Report

@Suite struct ReportPageTests {
    static let gazetteer = MapContentTests.gazetteer
    static let countries = try! MapShape.load(.country, from: gazetteer)

    func page(year: Int? = nil) -> ReportPage {
        let passport = Traveller.passport
        let trips = passport.trips(year: year)
        let stats = passport.stats(scheme: try! CountingScheme.load(.un, from: Self.gazetteer), year: year, trips: trips)
        return ReportPage(passport: year.map { passport.restricted(toYear: $0) } ?? passport, stats: stats, trips: trips,
                          countries: Self.countries, gazetteer: Self.gazetteer, year: year)
    }

    @Test func thePageHoldsEverySection() throws {
        let html = try page().html()
        for heading in ["At a glance", "Schengen 90/180", "Countries by continent", "New places per year", "Trips", "Top cities"] {
            #expect(html.contains("<h2>\(heading)"), "\(heading)")
        }
        #expect(html.contains("<p class=\"span\">2022–2024</p>"))
        #expect(html.contains("<li data-id=\"country:FR\">France <small>24 days</small></li>"))
        #expect(html.contains("<use href=\"#land-PT\" class=\"visited d2\" data-id=\"country:PT\""))
        #expect(html.contains("<article class=\"trip\" data-id=\"trip:2024-06-03\">"))
        #expect(html.contains("<li data-id=\"city:2996944\">Lyon"))
        // The world map's legend names the city dots it draws, not airports it does not.
        #expect(html.contains("city, by days</li>") && !html.contains("airport</li>"))
        // Years 2022 to 2024, 2023 kept as an empty slot.
        for year in 2022...2024 { #expect(html.contains(">\(year)</text>"), "\(year)") }
    }

    /// Share-safe: no file path, no photo position; everything it draws is on the page.
    @Test func aSharedPageLeaksNoPathOrPosition() throws {
        let html = try page().html()
        #expect(!html.contains("/home/ana") && !html.contains("Pictures"))
        for spot in [Traveller.lyon, Traveller.paris, Traveller.lisbon, Traveller.milan] {
            #expect(!html.contains(String(spot.lat)) && !html.contains(String(spot.lon)))
        }
        // Nothing to fetch: every href is a fragment, no src at all, one namespace URL.
        let references = html.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.1) }
        #expect(!references.isEmpty && references.allSatisfy { $0.hasPrefix("#") })
        #expect(html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").range(of: #"https?:|//"#, options: .regularExpression) == nil)
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        // Scripts: the page's own, by its hash, and no other inline one.
        let policy = try #require(html.firstMatch(of: /script-src ([^;"]*)/)).output.1
        #expect(policy == "'\(HTMLPage.scriptHash)'" && !policy.contains("unsafe"))
        #expect(html.contains("<script>" + HTMLPage.script + "</script>") && html.components(separatedBy: "<script").count == 2)
    }

    @Test func aPrivatePageAddsFoldersAndHomes() throws {
        var p = page()
        p.isPrivate = true
        p.folders = ["2024-06-03": [("/home/ana/Pictures/2024/Lisbon", 3), ("/home/ana/Pictures/2024/Milan", 2)]]
        p.homes = Traveller.passport.homeTimeline()
        let html = try p.html()
        #expect(html.contains("/home/ana/Pictures/2024/Lisbon (3)<br>/home/ana/Pictures/2024/Milan (2)"))
        #expect(html.contains("<h2>Homes</h2>"))
        #expect(!(try page().html()).contains("<h2>Homes</h2>"))
    }

    /// The milestones reached with their date and place, and the nearest ones with their share.
    @Test func theMilestonesSayWhenAndWhatIsMissing() throws {
        let countries = Traveller.passport.visits(.country).count
        let html = try page().html()
        #expect(html.contains("<h2>Milestones <small>0 reached</small></h2>"))
        #expect(html.contains("<li data-id=\"countries-10\">10 countries <small>\(countries) of 10</small></li>"), "\(countries)")
        // Marks on the six other continents: every continent, on the day of the last.
        let marks = [("continent:AF", "Africa"), ("continent:AS", "Asia"), ("continent:NA", "North America"), ("continent:OC", "Oceania"),
                     ("continent:SA", "South America"), ("continent:AN", "Antarctica")].enumerated().map { n, place in
            var mark = Mark(placeID: place.0, placeName: place.1, date: "2025-01-0\(n + 1)")
            mark.continent = PlaceLink(id: place.0, name: place.1)
            return mark
        }
        var reached = page()
        reached.passport = Passport(photos: Traveller.photos, marks: marks)
        #expect(try reached.html().contains("<li data-id=\"continents\">Every continent <small>2025-01-06, Antarctica</small></li>"))
    }

    @Test func theSameLogGivesTheSameBytes() throws {
        #expect(try page().html() == page().html())
    }

    @Test func aYearInReviewKeepsToItsYear() throws {
        let html = try page(year: 2022).html()
        #expect(html.contains("<p class=\"span\">2022 in review</p>"))
        #expect(html.contains("data-id=\"country:FR\"") && !html.contains("<li data-id=\"country:PT\">"))
        #expect(!html.contains("trip:2024-06-03"))
    }
}
