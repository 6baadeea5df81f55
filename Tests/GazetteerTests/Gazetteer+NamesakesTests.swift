import Testing
import Gazetteer

/// Cities whose name a more populous city elsewhere also has (``Gazetteer/namesakes(of:)``).
@Suite(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
struct GazetteerNamesakesTests {
    static func city(_ id: Int) -> PlaceID { PlaceID(.city, String(id)) }

    @Test func theSmallerOfTwoNamesakesIsOne() throws {
        let gazetteer = try Gazetteer.open()
        let aberdeenWashington = 5785243, aberdeenScotland = 2657832, aberdeenSouthDakota = 5225857
        let portlandOregon = 5746545, portlandMaine = 4975802, seattle = 5809844
        let asked = [aberdeenWashington, aberdeenScotland, aberdeenSouthDakota, portlandOregon, portlandMaine, seattle].map(Self.city)
        #expect(try gazetteer.namesakes(of: asked) == Set([aberdeenWashington, aberdeenSouthDakota, portlandMaine].map(Self.city)))
    }

    @Test func districtsAndOtherKindsAreLeftOut() throws {
        let gazetteer = try Gazetteer.open()
        // Aberdeen, Hong Kong, is a district of the gazetteer, asked for as a city or a district.
        #expect(try gazetteer.namesakes(of: [Self.city(1819757), PlaceID(.district, "1819757"), PlaceID(.country, "US")]).isEmpty)
        #expect(try gazetteer.namesakes(of: []).isEmpty)
    }
}
