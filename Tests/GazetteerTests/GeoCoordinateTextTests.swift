import Testing
import Gazetteer

/// Coordinates as people paste them: decimal pairs, degrees-minutes-seconds, hemisphere letters.
@Suite struct GeoCoordinateTextTests {
    private func parsed(_ text: String) throws -> (Double, Double) {
        let c = try GeoCoordinate(parsing: text)
        return ((c.latitude * 1e6).rounded() / 1e6, (c.longitude * 1e6).rounded() / 1e6)
    }

    private func reason(_ text: String) -> String? {
        do { _ = try GeoCoordinate(parsing: text); return nil } catch { return error.reason }
    }

    @Test func decimalPairs() throws {
        #expect(try parsed("48.8584, 2.2945") == (48.8584, 2.2945))
        #expect(try parsed("48.8584,2.2945") == (48.8584, 2.2945))
        #expect(try parsed("48.8584 2.2945") == (48.8584, 2.2945))
        #expect(try parsed("  (48.8584, 2.2945) ") == (48.8584, 2.2945))
        #expect(try parsed("-33.8568, 151.2153") == (-33.8568, 151.2153))
        #expect(try parsed("-33.8568 -70.5") == (-33.8568, -70.5))
        #expect(try parsed("+40 −74") == (40, -74))
        #expect(try parsed("48; 2") == (48, 2))
    }

    @Test func degreesMinutesSeconds() throws {
        let eiffel = try parsed("48°51'30.2\"N 2°17'40.2\"E")
        #expect(abs(eiffel.0 - 48.858389) < 1e-6 && abs(eiffel.1 - 2.294500) < 1e-6)
        #expect(try parsed("48°51′30.2″N, 2°17′40.2″E") == eiffel)
        #expect(try parsed("48° 51' 30.2\" N 2° 17' 40.2\" E") == eiffel)
        #expect(try parsed("48 51 30.2 N 2 17 40.2 E") == eiffel)
        #expect(try parsed("N 48°51'30.2'' E 2°17'40.2''") == eiffel)
        #expect(try parsed("48°51'30.2\" 2°17'40.2\"") == eiffel)
        // Decimal minutes, and the letters deciding the order and the sign.
        #expect(try parsed("S 33° 51.5', E 151° 12.7'") == (-33.858333, 151.211667))
        #expect(try parsed("151°12.7'E 33°51.5'S") == (-33.858333, 151.211667))
        #expect(try parsed("40.7128° N, 74.0060° W") == (40.7128, -74.006))
        #expect(try parsed("40.7128n 74.0060w") == (40.7128, -74.006))
    }

    @Test func refusalsSayWhy() {
        #expect(reason("48.8584") == "a latitude and a longitude are needed")
        #expect(reason("1 2 3") == "more than a latitude and a longitude")
        #expect(reason("48,85, 2,35") == "more than one comma (decimals take a point: 48.85, 2.35)")
        #expect(reason("48°75'N 2°E") == "the latitude has minutes of 75, not below 60")
        #expect(reason("48.5°30'N 2°E") == "the latitude's degrees are not whole though minutes follow")
        #expect(reason("48°N 2°N") == "two latitudes: give one N or S and one E or W")
        #expect(reason("-48°N 2°E") == "the latitude has both a sign and a hemisphere letter")
        #expect(reason("48°N 2") == "a hemisphere letter on one part only: give both (N or S, E or W) or neither")
        #expect(reason("Paris") == "'Paris' is not a hemisphere letter (N, S, E, W)")
        #expect(reason("95, 10") == "latitude 95.0 is outside [-90, 90]")
        #expect(reason("10, 190") == "longitude 190.0 is outside [-180, 180]")
        #expect(reason("") == "no numbers")
        #expect(reason("48'51° 2 3") != nil)
        #expect(reason("1.2.3 4") == "'1.2.3' is not a number")
    }
}
