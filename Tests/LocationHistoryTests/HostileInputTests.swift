import Testing
@testable import LocationHistory

/// Input made to break a reader: a clear error with its offset, bounded memory, no crash.
@Suite struct HostileInputTests {
    @Test func deepNesting() {
        let deep = #"{"locations": ["# + String(repeating: "[", count: 100_000)
        #expect(readError(deep) == HistoryError(offset: 77, reason: .tooDeep))
        let objects = #"{"timelineObjects": [{"placeVisit": "# + String(repeating: #"{"a": "#, count: 1_000)
        #expect(readError(objects)?.reason == .tooDeep)
    }

    @Test func aStringThatClaimsTwoGigabytesStopsAtTheCap() throws {
        // The bytes are made as they are read: 2 GiB are never in memory, and reading stops at 1 MiB.
        let head = Array(#"{"locations": [{"latitudeE7": 1, "source": ""#.utf8)
        var produced = 0
        let total = 2 << 30
        let source = ByteSource.generated { buffer in
            let n = min(buffer.count, total - produced)
            for i in 0..<n { buffer[i] = produced + i < head.count ? head[produced + i] : 0x78 }
            produced += n
            return n
        }
        do throws(HistoryError) {
            _ = try HistoryReader.read(JSONScanner(source: source), progress: nil) { _ in }
            Issue.record("read")
        } catch {
            #expect(error == HistoryError(offset: Int64(head.count - 1), reason: .stringTooLong))
        }
        #expect(produced < 4 << 20)
    }

    @Test func hugeNumbers() {
        #expect(readError(#"{"locations": [{"latitudeE7": 1e400}]}"#) == HistoryError(offset: 30, reason: .badNumber("an integer out of range")))
        #expect(readError(#"{"locations": [{"latitudeE7": 123456789012345678901234567890}]}"#)?.reason == .badNumber("an integer out of range"))
        #expect(readError(#"{"locations": [{"accuracy": -1e999}]}"#)?.reason == .badNumber("a number out of range"))
        #expect(readError(#"{"locations": [{"accuracy": 1"# + String(repeating: "0", count: 500) + "}]}")?.reason == .badNumber("a number longer than 64 bytes"))
        // A huge number the reader does not need is still a number: only its length is capped.
        #expect(readError(#"{"locations": [{"other": 1e400, "latitudeE7": 1, "longitudeE7": 1, "timestamp": "2024-05-01T08:00:00Z"}]}"#) == nil)
    }

    @Test func garbageAndNULsAfterTheStart() {
        #expect(readError("{\"locations\": [{\"latitudeE7\": 1,\u{0}}]}")?.offset == 32)
        #expect(readError("{\"locations\": [{\"source\": \"a\u{0}b\"}]}")?.offset == 28)
        #expect(readError("{\"locations\": [] } trailing")?.reason == .malformed("'t' after the end of the document"))
        #expect(readError("{\"locations\": [\u{FF}\u{FE}]}") != nil)
    }

    /// Random damage to a real document: always a result or a HistoryError.
    @Test func randomDamage() {
        let original = Array(Itinerary.sample().timeline().utf8.prefix(6_000))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var errors = 0, results = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + next() % 8) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            do throws(HistoryError) {
                _ = try HistoryRead(bytes: bytes, chunk: 1 + next() % 100)
                results += 1
            } catch {
                errors += 1
                #expect(error.offset >= 0 && error.offset <= Int64(bytes.count))
            }
        }
        // Damage in 300 places finds both outcomes (the test's own check that the damage does something).
        #expect(errors > 0 && results > 0)
    }
}
