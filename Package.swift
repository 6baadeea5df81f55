// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TravelAtlas",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        .executable(name: "atlas", targets: ["atlas"]),
    ],
    targets: [
        // C libraries, each behind a system-library target (module.modulemap + shim.h).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif",
                       providers: [.apt(["libexif-dev"]), .brew(["libexif"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif",
                       providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),

        // Layer 1: position, time and camera from image files, without decoding pixels.
        .target(name: "PhotoMetadata", dependencies: ["CExif", "CHeif"]),

        // The command-line tool: argument parsing and output only.
        .executableTarget(name: "atlas", dependencies: ["PhotoMetadata"]),

        .testTarget(name: "PhotoMetadataTests", dependencies: ["PhotoMetadata", "CExif", "CHeif"]),
    ],
    swiftLanguageModes: [.v6]
)
