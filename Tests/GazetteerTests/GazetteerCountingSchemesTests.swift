import Testing
@testable import Gazetteer

/// The counting schemes as the product defines them: the UN's 193 members and 2 observers,
/// every ISO 3166-1 entry, every country-level entry.
@Suite(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
struct GazetteerCountingSchemesTests {
    let gazetteer = try! Gazetteer.open()

    @Test func eachSchemeCountsWhatItSays() throws {
        let un = try gazetteer.countries(inScheme: "un"), iso = try gazetteer.countries(inScheme: "iso")
        let all = try gazetteer.countries(inScheme: "all")
        #expect(un.count == 195)
        #expect(un.contains("JP") && un.contains("VA") && un.contains("PS"))    // a member, both observers
        #expect(!un.contains("HK") && iso.contains("HK"))                       // ISO, not UN
        #expect(!iso.contains("XK") && all.contains("XK"))                      // Kosovo: neither UN nor ISO
        #expect(un.isSubset(of: iso) && iso.isSubset(of: all))
        #expect(all.count == (try gazetteer.childCounts(of: nil).first { $0.kind == .country }?.count))
        #expect(try gazetteer.countries(inScheme: "nonsense").isEmpty)
    }
}
