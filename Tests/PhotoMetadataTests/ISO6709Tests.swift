import Testing
@testable import PhotoMetadata

@Suite struct ISO6709Tests {
    private func point(_ text: String) -> (Double, Double, Double?)? {
        ISO6709(text).map { ($0.latitude, $0.longitude, $0.altitude) }
    }

    private func near(_ text: String, _ lat: Double, _ lon: Double, _ alt: Double? = nil) -> Bool {
        guard let p = point(text) else { return false }
        return abs(p.0 - lat) < 1e-9 && abs(p.1 - lon) < 1e-9 && p.2 == alt
    }

    @Test func decimalDegreesWithAndWithoutAltitude() {
        #expect(near("+48.8584+002.2945+035.000/", 48.8584, 2.2945, 35))
        #expect(near("-33.9249+018.4241+3400.000/", -33.9249, 18.4241, 3400))
        #expect(near("+59.3293+018.0686/", 59.3293, 18.0686))
        #expect(near("+40.7484-073.9857-012.5/", 40.7484, -73.9857, -12.5))
        #expect(near("-90-180/", -90, -180))
        #expect(near("+35+139+40/", 35, 139, 40))
    }

    @Test func minutesAndSecondsByTheWidthOfTheIntegerPart() {
        #expect(near("+4851.504+00217.670/", 48 + 51.504 / 60, 2 + 17.67 / 60))
        #expect(near("+485130.24+0021740.2/", 48 + 51.0 / 60 + 30.24 / 3600, 2 + 17.0 / 60 + 40.2 / 3600))
        #expect(near("-3354+01825/", -(33 + 54.0 / 60), 18 + 25.0 / 60))
    }

    @Test func paddingAReferenceSystemAndAMissingSlashAreAccepted() {
        #expect(near("+48.8584+002.2945/\0\0", 48.8584, 2.2945))
        #expect(near("+48.8584+002.2945 ", 48.8584, 2.2945))
        #expect(near("+27.5916+086.5640+8850CRSWGS_84/", 27.5916, 86.564, 8850))
    }

    @Test(arguments: ["", "/", "48.8584+002.2945/", "+48.8584/", "+48.8584+2.2945/", "+048.8584+002.2945/",
                      "+4861.5+00217.6/", "+485160+0021740/", "+48.+002.2945/", "+48.8584+002.2945+/", "+48.8584+002.2945x",
                      "+48.8584+002.2945/+1", "+48.8584+002.2945CRS", "+1234567890123456+002.2945/", "+4.8e1+002.2945/"])
    func malformedTextIsNoPoint(text: String) {
        #expect(ISO6709(text) == nil)
    }

    /// Range is the reader's business (a GPSIssue with the values), not the parser's.
    @Test func outOfRangeValuesStillParse() {
        #expect(near("+95.0000+200.0000/", 95, 200))
    }
}
