import Foundation
import SyntheticPhotos

/// Sidecars for the benchmark library, in the shapes their writers give them (no photo beside
/// them: the benchmark parses them on their own).
extension BenchLibrary {
    /// XMP into DIR/xmp, half as darktable writes it (`NAME.EXT.xmp`: every property an attribute
    /// of one `rdf:Description`, then the edit history, 10–30 steps of hex parameters: 6–20 KB),
    /// half as `exiftool -o NAME.xmp` writes it (`NAME.xmp`: one `rdf:Description` a namespace,
    /// a property an element: about 3 KB). Takeout JSON into DIR/takeout, as Google writes it
    /// (title, description, views, times, `geoData`, `geoDataExif`, people, origin; under 1 KB):
    /// 80% of them with a position (in `geoData`, or only in `geoDataExif`), the rest 0,0.
    func writeSidecars(xmpCount: Int, takeoutCount: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed ^ 0x5349_4445_4341_5253)  // "SIDECARS"
        let xmpDir = root.appendingPathComponent("xmp"), takeoutDir = root.appendingPathComponent("takeout")
        for (dir, count) in [(xmpDir, xmpCount), (takeoutDir, takeoutCount)] where count > 0 {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        for i in 0..<xmpCount {
            let shot = Shot(&random)
            let (text, name) = i % 2 == 0 ? (darktableXMP(shot, photo: String(format: "DSC_%05d.NEF", i), &random), String(format: "DSC_%05d.NEF.xmp", i))
                                          : (exiftoolXMP(shot, &random), String(format: "IMG_%05d.xmp", i))
            try Data(text.utf8).write(to: xmpDir.appendingPathComponent(name))
        }
        for i in 0..<takeoutCount {
            let shot = Shot(&random)
            let photo = String(format: "PXL_2023%02d%02d_%02d%02d%02d%03d.jpg", shot.month, shot.day, shot.hour, shot.minute, shot.second, i % 1000)
            try Data(takeoutJSON(shot, title: photo, &random).utf8).write(to: takeoutDir.appendingPathComponent(photo + ".supplemental-metadata.json"))
        }
        print("wrote \(xmpCount) XMP and \(takeoutCount) Takeout sidecars to \(root.path)")
    }

    /// `DD,MM.mmmmmmR`, as XMP writes a coordinate.
    private func xmpCoordinate(_ value: Double, _ positive: String, _ negative: String) -> String {
        let degrees = abs(value).rounded(.down)
        return String(format: "%d,%.6f", Int(degrees), (abs(value) - degrees) * 60) + (value < 0 ? negative : positive)
    }

    private func darktableXMP(_ shot: Shot, photo: String, _ random: inout SplitMix64) -> String {
        let operations = ["rawprepare", "temperature", "highlights", "demosaic", "flip", "exposure", "colorin", "channelmixerrgb",
                          "filmicrgb", "colorout", "gamma", "colorbalancergb", "toneequal", "lens", "denoiseprofile", "sharpen",
                          "hazeremoval", "vignette", "crop", "ashift", "retouch", "bilat", "rgbcurve", "dither", "finalscale"]
        let steps = Int.random(in: 10...30, using: &random)
        var history = ""
        for n in 0..<steps {
            let params = (0..<Int.random(in: 8...160, using: &random)).map { _ in String(format: "%02x", UInt8(truncatingIfNeeded: random.next())) }.joined()
            history += """
                     <rdf:li
                      darktable:num="\(n)"
                      darktable:operation="\(operations[n % operations.count])"
                      darktable:enabled="1"
                      darktable:modversion="\(Int.random(in: 1...9, using: &random))"
                      darktable:params="\(params)"
                      darktable:multi_name=""
                      darktable:multi_name_hand_edited="0"
                      darktable:multi_priority="0"
                      darktable:blendop_version="14"
                      darktable:blendop_params="gz11eJxjYGBgkGAAgRNODESDBnsIHll8ANRxBxKQRBtVTBjIAAA3lgbm"/>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:exif="http://ns.adobe.com/exif/1.0/"
                xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
                xmlns:darktable="http://darktable.sf.net/"
                xmlns:dc="http://purl.org/dc/elements/1.1/"
               exif:DateTimeOriginal="\(shot.local).000"
               exif:GPSLatitude="\(xmpCoordinate(shot.latitude, "N", "S"))"
               exif:GPSLongitude="\(xmpCoordinate(shot.longitude, "E", "W"))"
               exif:GPSAltitude="\(Int(shot.altitude * 1000))/1000"
               exif:GPSAltitudeRef="0"
               xmp:Rating="\(Int.random(in: 0...5, using: &random))"
               xmpMM:DerivedFrom="\(photo)"
               darktable:import_timestamp="63826\(Int.random(in: 100_000_000_000...999_999_999_999, using: &random))"
               darktable:change_timestamp="63826\(Int.random(in: 100_000_000_000...999_999_999_999, using: &random))"
               darktable:export_timestamp="-1"
               darktable:print_timestamp="-1"
               darktable:xmp_version="5"
               darktable:raw_params="0"
               darktable:auto_presets_applied="1"
               darktable:history_end="\(steps)"
               darktable:iop_order_version="4">
               <darktable:masks_history>
                <rdf:Seq/>
               </darktable:masks_history>
               <darktable:history>
                <rdf:Seq>
            \(history)    </rdf:Seq>
               </darktable:history>
               <dc:subject>
                <rdf:Bag>
                 <rdf:li>darktable|format|nef</rdf:li>
                 <rdf:li>darktable|changed</rdf:li>
                </rdf:Bag>
               </dc:subject>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>

            """
    }

    private func exiftoolXMP(_ shot: Shot, _ random: inout SplitMix64) -> String {
        let exposure = [60, 125, 250, 500, 1000][Int.random(in: 0...4, using: &random)]
        let iso = [100, 200, 400, 800, 1600][Int.random(in: 0...4, using: &random)]
        return """
            <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
            <x:xmpmeta xmlns:x='adobe:ns:meta/' x:xmptk='Image::ExifTool 12.57'>
            <rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>

             <rdf:Description rdf:about=''
              xmlns:aux='http://ns.adobe.com/exif/1.0/aux/'>
              <aux:Lens>RF24-105mm F4 L IS USM</aux:Lens>
              <aux:LensInfo>24/1 105/1 0/1 0/1</aux:LensInfo>
              <aux:LensSerialNumber>0000c1d2e3</aux:LensSerialNumber>
              <aux:SerialNumber>0\(Int.random(in: 10_000_000_000...99_999_999_999, using: &random))</aux:SerialNumber>
             </rdf:Description>

             <rdf:Description rdf:about=''
              xmlns:exif='http://ns.adobe.com/exif/1.0/'>
              <exif:ApertureValue>4/1</exif:ApertureValue>
              <exif:ColorSpace>1</exif:ColorSpace>
              <exif:DateTimeDigitized>\(shot.local)+01:00</exif:DateTimeDigitized>
              <exif:DateTimeOriginal>\(shot.local)+01:00</exif:DateTimeOriginal>
              <exif:ExifVersion>0231</exif:ExifVersion>
              <exif:ExposureBiasValue>0/1</exif:ExposureBiasValue>
              <exif:ExposureMode>0</exif:ExposureMode>
              <exif:ExposureProgram>3</exif:ExposureProgram>
              <exif:ExposureTime>1/\(exposure)</exif:ExposureTime>
              <exif:FNumber>4/1</exif:FNumber>
              <exif:Flash rdf:parseType='Resource'>
               <exif:Fired>False</exif:Fired>
               <exif:Function>False</exif:Function>
               <exif:Mode>2</exif:Mode>
               <exif:RedEyeMode>False</exif:RedEyeMode>
               <exif:Return>0</exif:Return>
              </exif:Flash>
              <exif:FocalLength>\(Int.random(in: 24...105, using: &random))/1</exif:FocalLength>
              <exif:FocalPlaneResolutionUnit>2</exif:FocalPlaneResolutionUnit>
              <exif:FocalPlaneXResolution>8291666/1000</exif:FocalPlaneXResolution>
              <exif:FocalPlaneYResolution>8291666/1000</exif:FocalPlaneYResolution>
              <exif:GPSAltitude>\(Int(shot.altitude * 100))/100</exif:GPSAltitude>
              <exif:GPSAltitudeRef>0</exif:GPSAltitudeRef>
              <exif:GPSLatitude>\(xmpCoordinate(shot.latitude, "N", "S"))</exif:GPSLatitude>
              <exif:GPSLongitude>\(xmpCoordinate(shot.longitude, "E", "W"))</exif:GPSLongitude>
              <exif:GPSMapDatum>WGS-84</exif:GPSMapDatum>
              <exif:GPSTimeStamp>2023-\(String(format: "%02d-%02dT%02d:%02d:%02dZ", shot.month, shot.day, (shot.hour + 23) % 24, shot.minute, shot.second))</exif:GPSTimeStamp>
              <exif:GPSVersionID>2.3.0.0</exif:GPSVersionID>
              <exif:ISOSpeedRatings>
               <rdf:Seq>
                <rdf:li>\(iso)</rdf:li>
               </rdf:Seq>
              </exif:ISOSpeedRatings>
              <exif:MeteringMode>5</exif:MeteringMode>
              <exif:PixelXDimension>8192</exif:PixelXDimension>
              <exif:PixelYDimension>5464</exif:PixelYDimension>
              <exif:SceneCaptureType>0</exif:SceneCaptureType>
              <exif:ShutterSpeedValue>\(Int((log2(Double(exposure)) * 1000).rounded()))/1000</exif:ShutterSpeedValue>
              <exif:WhiteBalance>0</exif:WhiteBalance>
             </rdf:Description>

             <rdf:Description rdf:about=''
              xmlns:photoshop='http://ns.adobe.com/photoshop/1.0/'>
              <photoshop:DateCreated>\(shot.local)+01:00</photoshop:DateCreated>
             </rdf:Description>

             <rdf:Description rdf:about=''
              xmlns:tiff='http://ns.adobe.com/tiff/1.0/'>
              <tiff:Make>Canon</tiff:Make>
              <tiff:Model>Canon EOS R5</tiff:Model>
              <tiff:Orientation>1</tiff:Orientation>
              <tiff:ResolutionUnit>2</tiff:ResolutionUnit>
              <tiff:XResolution>72/1</tiff:XResolution>
              <tiff:YResolution>72/1</tiff:YResolution>
             </rdf:Description>

             <rdf:Description rdf:about=''
              xmlns:xmp='http://ns.adobe.com/xap/1.0/'>
              <xmp:CreateDate>\(shot.local)+01:00</xmp:CreateDate>
              <xmp:ModifyDate>\(shot.local)+01:00</xmp:ModifyDate>
              <xmp:Rating>0</xmp:Rating>
             </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end='w'?>
            """
    }

    private func takeoutJSON(_ shot: Shot, title: String, _ random: inout SplitMix64) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func time(_ seconds: Int64) -> String {
            let hour = Int(seconds / 3_600 % 24), minute = Int(seconds / 60 % 60), second = Int(seconds % 60)
            return """
                {
                    "timestamp": "\(seconds)",
                    "formatted": "\(months[shot.month - 1]) \(shot.day), 2023, \((hour + 11) % 12 + 1):\(String(format: "%02d:%02d", minute, second)) \(hour < 12 ? "AM" : "PM") UTC"
                  }
                """
        }
        func geo(_ located: Bool) -> String {
            let (lat, lon, alt) = located ? (shot.latitude, shot.longitude, shot.altitude) : (0, 0, 0)
            return """
                {
                    "latitude": \(String(format: "%.7f", lat)),
                    "longitude": \(String(format: "%.7f", lon)),
                    "altitude": \(String(format: "%.2f", alt)),
                    "latitudeSpan": 0.0,
                    "longitudeSpan": 0.0
                  }
                """
        }
        // 60%: both places; 20%: only the Exif one (a photo the user moved); 20%: no position.
        let kind = Int.random(in: 0..<10, using: &random)
        let taken = shot.unixSeconds, uploaded = taken + Int64.random(in: 60...86_400, using: &random)
        let people = kind % 3 == 0 ? """
            ,
              "people": [{
                "name": "Ana"
              }]
            """ : ""
        return """
            {
              "title": "\(title)",
              "description": "\(kind == 1 ? "Sunset from the terrace" : "")",
              "imageViews": "\(Int.random(in: 0...40, using: &random))",
              "creationTime": \(time(uploaded)),
              "photoTakenTime": \(time(taken)),
              "geoData": \(geo(kind < 6)),
              "geoDataExif": \(geo(kind < 8))\(people),
              "url": "https://photos.google.com/photo/AF1Qip\(String(format: "%016llX%016llX", random.next(), random.next()))",
              "googlePhotosOrigin": {
                "mobileUpload": {
                  "deviceFolder": {
                    "localFolderName": ""
                  },
                  "deviceType": "ANDROID_PHONE"
                }
              }
            }
            """
    }
}
