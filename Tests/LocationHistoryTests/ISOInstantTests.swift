import Testing
@testable import LocationHistory

@Suite struct ISOInstantTests {
    private func parse(_ s: String) -> Int64? {
        Array(s.utf8).withUnsafeBufferPointer { ISOInstant.milliseconds(of: JSONText(start: $0.baseAddress!, count: $0.count)) }
    }

    @Test func theFormsTheHistoriesWrite() {
        #expect(parse("2019-05-01T10:00:00Z") == 1_556_704_800_000)
        #expect(parse("2019-05-01T10:00:00.123Z") == 1_556_704_800_123)
        #expect(parse("2019-05-01T10:00:00.1Z") == 1_556_704_800_100)
        #expect(parse("2019-05-01T10:00:00.123456Z") == 1_556_704_800_123)
        #expect(parse("2019-05-01T12:00:00.123+02:00") == 1_556_704_800_123)
        #expect(parse("2019-05-01T05:30:00-0430") == 1_556_704_800_000)
        #expect(parse("2019-05-01T12:00:00+02") == 1_556_704_800_000)
        #expect(parse("2019-05-01 10:00:00Z") == 1_556_704_800_000)
        #expect(parse("1969-12-31T23:59:59Z") == -1_000)
        #expect(parse("2024-02-29T00:00:00Z") == ms("2024-02-29T00:00:00Z"))
        #expect(parse("2000-03-01T00:00:00Z") == ms("2000-03-01T00:00:00Z"))
    }

    @Test func whatIsNoInstant() {
        for s in ["2019-05-01T10:00:00", "2019-13-01T10:00:00Z", "2019-02-29T10:00:00Z", "2019-05-01T24:00:00Z", "2019-05-01T10:00:00.Z",
                  "2019-05-01T10:00:00+2:00", "2019-05-01X10:00:00Z", "2019-05-01T10:00:00Zjunk", "20190501T100000Z", ""] {
            #expect(parse(s) == nil, "\(s)")
        }
    }

    @Test func agreesWithFoundationOverFourCenturies() {
        var seconds: Int64 = -6_000_000_000   // 1779
        while seconds < 7_000_000_000 {        // 2191
            let iso = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: Double(seconds)), timeZone: .gmt,
                                                  formatOptions: [.withInternetDateTime])
            #expect(parse(iso) == seconds * 1000, "\(iso)")
            seconds += 86_400 * 37 + 3_607
        }
    }
}

import Foundation
