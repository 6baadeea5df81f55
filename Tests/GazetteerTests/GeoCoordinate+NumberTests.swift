import Testing
import Gazetteer

/// The one number grammar of coordinates, shared by `atlas resolve LAT LON` and `--batch`.
@Suite struct GeoCoordinateNumberTests {
    @Test(arguments: [("48.8584", 48.8584), ("-33.8568", -33.8568), ("+40", 40.0), ("−74", -74.0), ("1e-5", 0.00001),
                      ("2.5E+1", 25.0), (".5", 0.5), ("5.", 5.0), ("-1e2", -100.0)])
    func numbersAsPeopleWriteThem(_ text: String, _ value: Double) {
        #expect(GeoCoordinate.number(text) == value, "\(text)")
    }

    @Test(arguments: ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "48,85", "0x10", "inf", "-inf", "nan", "1e400", " 1", "1 ", "--1", "1e5e5", "１"])
    func whatIsNoNumber(_ text: String) {
        #expect(GeoCoordinate.number(text) == nil, "\(text)")
    }

    @Test func aCoordinateTakesExponentsButAnEastIsStillEast() throws {
        let tiny = try GeoCoordinate(parsing: "1e-5 1e-5")
        #expect(tiny.latitude == 0.00001 && tiny.longitude == 0.00001)
        let comma = try GeoCoordinate(parsing: "-1E-5, 2.5e1")
        #expect(comma.latitude == -0.00001 && comma.longitude == 25)
        let sydney = try GeoCoordinate(parsing: "S33E151")
        #expect(sydney.latitude == -33 && sydney.longitude == 151)
        let east = try GeoCoordinate(parsing: "48.85N 2.35E")
        #expect(east.latitude == 48.85 && east.longitude == 2.35)
    }
}
