// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TravelAtlas",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        .library(name: "JSONWriter", targets: ["JSONWriter"]),
        .library(name: "LocationHistory", targets: ["LocationHistory"]),
        .library(name: "Gazetteer", targets: ["Gazetteer"]),
        .library(name: "Resolver", targets: ["Resolver"]),
        .library(name: "TravelLog", targets: ["TravelLog"]),
        .library(name: "Importer", targets: ["Importer"]),
        .library(name: "Passport", targets: ["Passport"]),
        .library(name: "AtlasMap", targets: ["AtlasMap"]),
        .library(name: "Report", targets: ["Report"]),
        .executable(name: "atlas", targets: ["atlas"]),
    ],
    targets: [
        // C libraries, each behind a system-library target (module.modulemap + shim.h).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif",
                       providers: [.apt(["libexif-dev"]), .brew(["libexif"])]),
        // Headers only: the metadata reader opens libheif on first use (`atlas_heif_load`), so
        // a command that reads no image never loads it; what writes HEIC links it.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        // glibc's allocator controls (part of libc: nothing to install or link).
        .systemLibrary(name: "CGlibc"),

        // glibc's allocator policy for work that fills tens of MB of fresh arrays: the
        // resolver's load, and the passport's answers.
        .target(name: "Heap", dependencies: ["CGlibc"]),

        // Layer 1: position, time and camera from image files, without decoding pixels.
        .target(name: "PhotoMetadata", dependencies: ["CExif", "CHeif"]),

        // Location histories (Google Takeout and Timeline, OwnTracks, GeoJSON, GPX) read as a
        // stream of timed positions, visits and activities, with bounded memory.
        .target(name: "LocationHistory", dependencies: ["PhotoMetadata"]),

        // Real image files with chosen metadata, for tests, benchmarks and the sample library.
        .target(name: "SyntheticPhotos", dependencies: ["CExif", "CHeif"], linkerSettings: [.linkedLibrary("heif")]),

        // A small SQLite layer shared by the gazetteer and the travel log.
        .target(name: "SQLite", dependencies: ["CSQLite"]),

        // Layer 2: the read-only directory of places (Resources/gazetteer.sqlite).
        .target(name: "Gazetteer", dependencies: ["SQLite"]),

        // Country and region polygons with a grid index for point-in-polygon.
        .target(name: "Boundaries", dependencies: ["Gazetteer", "SQLite", "TableCache"]),

        // Tables derived from the gazetteer, kept as files in the user's cache folder.
        .target(name: "TableCache"),

        // Layer 3: coordinate → place chain.
        .target(name: "Resolver", dependencies: ["Gazetteer", "Boundaries", "CGlibc", "Heap", "JSONWriter", "TableCache"]),

        // Layer 4: the user's travel log (SQLite, read-write, crash-safe), with the visit
        // aggregates and the one definition of a visit.
        .target(name: "TravelLog", dependencies: ["SQLite", "Gazetteer", "PhotoMetadata"]),

        // Photo folders → travel log: walk, skip unchanged, read and resolve in parallel, batch writes.
        .target(name: "Importer", dependencies: ["TravelLog", "PhotoMetadata", "LocationHistory", "Gazetteer", "Resolver"]),

        // The passport, its statistics and the JSON travel record, read from the log's aggregates.
        .target(name: "Passport", dependencies: ["TravelLog", "Gazetteer", "JSONWriter", "Markup", "Heap"]),

        // Text escaped for XML and HTML: the GPX tracks, the map's SVG, the report.
        .target(name: "Markup"),

        // Deterministic JSON rendering for every machine-readable output.
        .target(name: "JSONWriter"),

        // The world map: the Equal Earth projection and the SVG of visited places.
        .target(name: "AtlasMap", dependencies: ["Gazetteer", "Boundaries", "SQLite", "Markup"]),

        // The map and the report as self-contained web pages, from the passport.
        .target(name: "Report", dependencies: ["AtlasMap", "Passport", "Gazetteer", "TravelLog", "Markup"]),

        // The command-line tool: argument parsing and output only.
        .executableTarget(name: "atlas", dependencies: ["PhotoMetadata", "Gazetteer", "Resolver", "JSONWriter", "TravelLog", "Importer", "Passport", "AtlasMap", "Report", "CGlibc", "Heap"]),

        // Writes the sample trip and the benchmark libraries.
        .executableTarget(name: "make-photos", dependencies: ["SyntheticPhotos", "CExif"], path: "Tools/make-photos"),

        // Benchmarks: each prints its figures against a reference measured in the same run.
        .target(name: "BenchmarkSupport", dependencies: ["JSONWriter"], path: "benchmarks/Support"),
        .executableTarget(name: "bench-metadata", dependencies: ["PhotoMetadata"], path: "benchmarks/metadata"),
        .executableTarget(name: "bench-resolver", dependencies: ["Gazetteer", "Resolver", "SyntheticPhotos", "BenchmarkSupport"], path: "benchmarks/resolver",
                          exclude: ["reverse_geocoder_bench.py", "reverse_geocoder_batch.py"]),
        .executableTarget(name: "bench-search", dependencies: ["Gazetteer", "SQLite", "BenchmarkSupport"], path: "benchmarks/search"),
        .executableTarget(name: "bench-import", dependencies: ["PhotoMetadata", "BenchmarkSupport"], path: "benchmarks/import"),
        .executableTarget(name: "bench-history", dependencies: ["LocationHistory", "BenchmarkSupport"], path: "benchmarks/history"),
        .executableTarget(name: "bench-json", dependencies: ["JSONWriter", "BenchmarkSupport"], path: "benchmarks/json"),
        .executableTarget(name: "bench-passport", dependencies: ["TravelLog", "Gazetteer", "Importer", "SyntheticPhotos", "BenchmarkSupport"],
                          path: "benchmarks/passport"),

        // Finds and runs the built `atlas` for the test targets that run it as a program.
        .target(name: "AtlasProcess", path: "Tests/AtlasProcess"),

        // zlib, for the PNG screenshots the browser harness decodes (tests only).
        .systemLibrary(name: "CZlib", path: "Tests/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Renders a page in headless Chromium and reports its pixels, requests, console errors
        // and width, for the tests of pages the program writes.
        .target(name: "BrowserSupport", dependencies: ["CZlib", "ScratchSpace"], path: "Tests/BrowserSupport"),
        // The tests' own directory under the system's temporary one, removed when they end.
        .target(name: "ScratchSpace", path: "Tests/ScratchSpace"),

        .testTarget(name: "PhotoMetadataTests", dependencies: ["PhotoMetadata", "SyntheticPhotos", "CExif", "ScratchSpace"]),
        .testTarget(name: "AtlasMapTests", dependencies: ["AtlasMap", "Gazetteer", "SQLite"]),
        .testTarget(name: "LocationHistoryTests", dependencies: ["LocationHistory", "PhotoMetadata", "ScratchSpace"]),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "AtlasMap", "Passport", "TravelLog", "Gazetteer", "BrowserSupport", "ScratchSpace"]),
        .testTarget(name: "JSONWriterTests", dependencies: ["JSONWriter", "BenchmarkSupport", "SyntheticPhotos"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "ScratchSpace"]),
        .testTarget(name: "GazetteerTests", dependencies: ["Gazetteer", "SQLite", "AtlasProcess", "ScratchSpace"]),
        .testTarget(name: "BoundariesTests", dependencies: ["Boundaries", "Gazetteer", "SyntheticPhotos"]),
        .testTarget(name: "HeapTests", dependencies: ["Heap"]),
        .testTarget(name: "TableCacheTests", dependencies: ["TableCache", "ScratchSpace"]),
        .testTarget(name: "ResolverTests", dependencies: ["Resolver", "Boundaries", "Gazetteer", "SyntheticPhotos", "JSONWriter", "ScratchSpace"]),
        .testTarget(name: "TravelLogTests", dependencies: ["TravelLog", "Gazetteer", "SQLite", "SyntheticPhotos", "ScratchSpace"]),
        .testTarget(name: "PassportTests", dependencies: ["Passport", "Importer", "TravelLog", "SyntheticPhotos", "Gazetteer", "JSONWriter", "PhotoMetadata", "ScratchSpace"]),
        // The `atlas` command line as people use it, through the built binary.
        .testTarget(name: "AtlasTests", dependencies: ["AtlasProcess", "BrowserSupport", "Gazetteer", "SyntheticPhotos", "SQLite", "ScratchSpace"]),
        // The browser harness itself; its PNG tests build PNGs with zlib.
        .testTarget(name: "BrowserSupportTests", dependencies: ["BrowserSupport", "CZlib", "ScratchSpace"]),
        .testTarget(name: "ImporterTests", dependencies: ["Importer", "TravelLog", "Resolver", "SyntheticPhotos", "Gazetteer", "PhotoMetadata", "SQLite", "AtlasProcess", "ScratchSpace"]),
    ],
    swiftLanguageModes: [.v6]
)
