import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct GPXTrackTests {
    private func gpx(_ points: String) -> Data {
        Data("<?xml version='1.0'?><gpx version='1.1' xmlns='http://www.topografix.com/GPX/1/1'><trk><trkseg>\(points)</trkseg></trk></gpx>".utf8)
    }
    private func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func positionsAreInterpolatedBetweenCloseNeighbours() throws {
        let track = try GPXTrack.read(gpx("""
            <trkpt lat="10" lon="20"><ele>100</ele><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="11" lon="22"><ele>200</ele><time>2024-01-01T10:04:00Z</time></trkpt>
            <trkpt lat="50" lon="50"><time>2024-01-01T12:00:00Z</time></trkpt>
            <trkpt lat="1" lon="1"></trkpt>
            """), path: "t.gpx")
        #expect(track.points.count == 3)
        let quarter = try #require(track.position(at: at("2024-01-01T10:01:00Z")))
        #expect(abs(quarter.latitude - 10.25) < 1e-12 && abs(quarter.longitude - 20.5) < 1e-12 && quarter.elevation == 125)
        #expect(track.position(at: at("2024-01-01T10:04:00Z"))?.latitude == 11)
        #expect(track.position(at: at("2024-01-01T11:00:00Z")) == nil)   // a gap of almost two hours
    }

    @Test func acrossAGapOrOffTheEndsTheNearerPointWithinTwoMinutes() throws {
        let track = try GPXTrack.read(gpx("""
            <trkpt lat="10" lon="20"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="50" lon="50"><time>2024-01-01T12:00:00Z</time></trkpt>
            """), path: "t.gpx")
        #expect(track.position(at: at("2024-01-01T10:01:59Z")).map { ($0.latitude, $0.longitude) } ?? (0, 0) == (10, 20))
        #expect(track.position(at: at("2024-01-01T11:58:30Z"))?.latitude == 50)
        #expect(track.position(at: at("2024-01-01T09:58:00Z"))?.latitude == 10)
        #expect(track.position(at: at("2024-01-01T12:02:00Z"))?.latitude == 50)
        #expect(track.position(at: at("2024-01-01T10:02:01Z")) == nil)
        #expect(track.position(at: at("2024-01-01T09:57:59Z")) == nil)
        #expect(track.position(at: at("2024-01-01T12:02:01Z")) == nil)
        // Both thresholds are options.
        #expect(track.position(at: at("2024-01-01T11:00:00Z"), maximumGap: 3 * 3_600)?.latitude == 30)
        #expect(track.position(at: at("2024-01-01T10:05:00Z"), nearestWithin: 600)?.latitude == 10)
    }

    @Test func acrossTheAntimeridianTheShortWayRound() throws {
        let track = try GPXTrack.read(gpx("""
            <trkpt lat="0" lon="179"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="0" lon="-179"><time>2024-01-01T00:02:00Z</time></trkpt>
            """), path: "t.gpx")
        let middle = try #require(track.position(at: at("2024-01-01T00:01:00Z")))
        #expect(abs(abs(middle.longitude) - 180) < 1e-9)
    }

    @Test func hostileFilesAreRefused() {
        #expect(throws: MetadataError.self) { try GPXTrack.read(Data("<!DOCTYPE gpx [<!ENTITY a 'x'>]><gpx/>".utf8), path: "a.gpx") }
        #expect(throws: MetadataError.self) { try GPXTrack.read(Data("<gpx><trk>".utf8), path: "b.gpx") }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: XMPSidecarTests.media + "/drive/track.gpx"), "../shared/media is not here"))
    func theSharedDrive() throws {
        let track = try GPXTrack.read(Data(contentsOf: URL(fileURLWithPath: XMPSidecarTests.media + "/drive/track.gpx")), path: "track.gpx")
        #expect(track.points.count == 61)
        #expect(track.position(at: at("2024-05-10T09:30:30Z")) != nil)
        #expect(track.position(at: at("2024-05-10T14:00:00Z")) == nil)
    }
}

/// How a track is stored in the log: every point back, bit for bit; damaged bytes refused.
@Suite struct GPXTrackEncodingTests {
    @Test func pointsComeBackExactlyAndDamageIsRefused() {
        let track = GPXTrack(points: [
            .init(time: Date(timeIntervalSince1970: 1_715_331_600.5), latitude: -33.9249, longitude: 179.9999, elevation: nil),
            .init(time: Date(timeIntervalSince1970: 1_715_331_660), latitude: 47.36, longitude: -180, elevation: -12.25),
        ])
        let bytes = track.encoded
        #expect(bytes.count == 64)
        #expect(GPXTrack(encoded: bytes) == track)
        #expect(GPXTrack(encoded: []) == GPXTrack(points: []))
        #expect(GPXTrack(encoded: Array(bytes.dropLast())) == nil)
        var offGlobe = bytes
        offGlobe[8..<16] = ArraySlice(withUnsafeBytes(of: 91.0.bitPattern.littleEndian, Array.init))
        #expect(GPXTrack(encoded: offGlobe) == nil)
    }
}
