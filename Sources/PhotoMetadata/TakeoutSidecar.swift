import Foundation

/// Reads the JSON Google Takeout writes beside each photo: `geoData`, else `geoDataExif` (a
/// position of exactly 0,0 means none), their altitude, and `photoTakenTime.timestamp` (UTC
/// seconds since 1970, as text or number).
///
/// ```swift
/// let side = try TakeoutSidecar.read(Data(contentsOf: url), path: url.path)
/// side.takenUTC   // 2024-09-09 12:09:09 +0000
/// ```
///
/// A file over ``SidecarMetadata/maximumBytes`` or that is no JSON object is an error; fields
/// of the wrong type are ignored. Stateless; thread-safe.
public enum TakeoutSidecar {
    public static func read(_ data: Data, path: String) throws(MetadataError) -> SidecarMetadata {
        guard data.count <= SidecarMetadata.maximumBytes else {
            throw MetadataError(path: path, reason: .corrupt("Takeout JSON of \(data.count) bytes, over the \(SidecarMetadata.maximumBytes) a sidecar may have"))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw MetadataError(path: path, reason: .corrupt("Takeout sidecar is not a JSON object"))
        }
        var out = SidecarMetadata(source: .takeout)
        for key in ["geoData", "geoDataExif"] {
            guard let geo = object[key] as? [String: Any], let lat = double(geo["latitude"]), let lon = double(geo["longitude"]),
                  !(lat == 0 && lon == 0), abs(lat) <= 90, abs(lon) <= 180 else { continue }
            out.position = .init(latitude: lat, longitude: lon)
            out.altitude = double(geo["altitude"])
            break
        }
        if let taken = object["photoTakenTime"] as? [String: Any], let seconds = double(taken["timestamp"]),
           seconds > 0, seconds < 253_402_300_800 {  // before year 10000
            out.takenUTC = Date(timeIntervalSince1970: seconds.rounded(.down))
        }
        return out
    }

    /// A finite number, given as a number or as text.
    private static func double(_ value: Any?) -> Double? {
        let number = (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init)
        return number.flatMap { $0.isFinite ? $0 : nil }
    }
}
