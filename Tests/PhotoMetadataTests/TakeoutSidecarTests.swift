import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct TakeoutSidecarTests {
    private func json(_ text: String) throws -> SidecarMetadata { try TakeoutSidecar.read(Data(text.utf8), path: "x.json") }

    @Test func geoDataFirstThenGeoDataExifAndZeroMeansNone() throws {
        let both = try json(#"{"geoData":{"latitude":19.4326,"longitude":-99.1332,"altitude":2240},"geoDataExif":{"latitude":1,"longitude":2}}"#)
        #expect(both.position == .init(latitude: 19.4326, longitude: -99.1332) && both.altitude == 2240 && both.source == .takeout)
        let exifOnly = try json(#"{"geoData":{"latitude":0.0,"longitude":0.0},"geoDataExif":{"latitude":-34.6037,"longitude":-58.3816,"altitude":520}}"#)
        #expect(exifOnly.position == .init(latitude: -34.6037, longitude: -58.3816) && exifOnly.altitude == 520)
        #expect(try json(#"{"geoData":{"latitude":0,"longitude":0},"geoDataExif":{"latitude":0,"longitude":0}}"#).position == nil)
        #expect(try json(#"{"geoData":{"latitude":"n/a","longitude":5}}"#).position == nil)
        #expect(try json(#"{"geoData":{"latitude":95,"longitude":5}}"#).position == nil)
    }

    @Test func photoTakenTimeIsUTCSecondsAsTextOrNumber() throws {
        #expect(try json(#"{"photoTakenTime":{"timestamp":"1725883749","formatted":""}}"#).takenUTC == Date(timeIntervalSince1970: 1_725_883_749))
        #expect(try json(#"{"photoTakenTime":{"timestamp":1725883749}}"#).takenUTC == Date(timeIntervalSince1970: 1_725_883_749))
        #expect(try json(#"{"photoTakenTime":{"timestamp":"-5"}}"#).takenUTC == nil)
        #expect(try json(#"{"photoTakenTime":{"timestamp":"1e300"}}"#).takenUTC == nil)
    }

    @Test func notAnObjectOrTooLargeIsAnError() {
        #expect(throws: MetadataError.self) { try json("[1, 2]") }
        #expect(throws: MetadataError.self) { try json("{not json") }
        #expect(throws: MetadataError.self) { try TakeoutSidecar.read(Data(count: SidecarMetadata.maximumBytes + 1), path: "x.json") }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: XMPSidecarTests.media + "/IMG_20240909_090909.jpg.json"), "../shared/media is not here"))
    func theSharedTakeoutFiles() throws {
        let old = try TakeoutSidecar.read(Data(contentsOf: URL(fileURLWithPath: XMPSidecarTests.media + "/IMG_20240909_090909.jpg.json")), path: "a")
        #expect(old.position == .init(latitude: -34.6037, longitude: -58.3816))
        let new = try TakeoutSidecar.read(Data(contentsOf: URL(fileURLWithPath: XMPSidecarTests.media + "/PXL_20240808_101010.jpg.supplemental-metadata.json")), path: "b")
        #expect(new.position != nil && new.takenUTC != nil)
    }
}
