import AtlasProcess
import Foundation
import Testing
@testable import Gazetteer
import ScratchSpace

/// How a program finds its gazetteer: the order of the places, the error that lists them, and
/// an installed copy (`prefix/bin/atlas` + `prefix/share/travel-atlas/`) called through `PATH`
/// and a symlink from another directory.
@Suite struct GazetteerLocationTests {
    @Test func explicitThenEnvironment() throws {
        let environment = [GazetteerLocation.environmentVariable: "/from/environment.sqlite"]
        #expect(try GazetteerLocation.resolve(explicit: "/explicit.sqlite", environment: environment, executable: nil) == "/explicit.sqlite")
        #expect(try GazetteerLocation.resolve(explicit: nil, environment: environment, executable: nil) == "/from/environment.sqlite")
    }

    @Test func installedBeforeBuildTree() {
        let installed = GazetteerLocation.candidates(executable: "/opt/atlas/bin/atlas")
        #expect(installed.first == .init(source: "installed", path: "/opt/atlas/share/travel-atlas/gazetteer.sqlite"))
        // A program in a bin directory never reads a source tree, debug build or not.
        #expect(installed.count == 1)

        let built = GazetteerLocation.candidates(executable: "/src/atlas/.build/x86_64-unknown-linux-gnu/release/atlas")
        #expect(built.map(\.source).prefix(2) == ["installed", "build tree"])
        #expect(built[1].path == "/src/atlas/Resources/gazetteer.sqlite")
    }

    @Test func theErrorListsEveryPlaceTried() throws {
        let error = #expect(throws: GazetteerError.self) {
            try GazetteerLocation.resolve(explicit: nil, environment: [:], executable: "/nonexistent/prefix/bin/atlas")
        }
        let text = try #require(error).description
        #expect(text.contains("--gazetteer PATH: not given"))
        #expect(text.contains("ATLAS_GAZETTEER: not set"))
        #expect(text.contains("/nonexistent/prefix/share/travel-atlas/gazetteer.sqlite (installed): no such file"))
        #expect(text.contains("build tree: none"))
    }

    /// The built binary copied into `prefix/bin`, its data a symlink in
    /// `prefix/share/travel-atlas`, called as plain `atlas` through a symlink on `PATH` from an
    /// unrelated working directory: `argv[0]` says nothing about where the data is.
    @Test func anInstalledCopyCalledThroughPath() throws {
        let root = Scratch.root.appendingPathComponent("atlas-install-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        for directory in ["prefix/bin", "prefix/share/travel-atlas", "links", "elsewhere"] {
            try fm.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
        }
        // A copy, not a symlink: /proc/self/exe would lead a symlink back to the build tree.
        try fm.copyItem(atPath: AtlasBinary.path, toPath: "\(root)/prefix/bin/atlas")
        let data = "\(root)/prefix/share/travel-atlas/gazetteer.sqlite"
        try fm.createSymbolicLink(atPath: data, withDestinationPath: try GazetteerLocation.resolve(explicit: nil, environment: [:]))
        try fm.createSymbolicLink(atPath: "\(root)/links/atlas", withDestinationPath: "\(root)/prefix/bin/atlas")

        let found = try Self.runThroughPath(["search", "kyoto"], path: "\(root)/links", in: "\(root)/elsewhere")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("Kyoto"))
        let version = try Self.runThroughPath(["--version"], path: "\(root)/links", in: "\(root)/elsewhere")
        #expect(version.status == 0 && version.stdout == "atlas \(AtlasVersion.current)\n")

        try fm.removeItem(atPath: data)
        let missing = try Self.runThroughPath(["search", "kyoto"], path: "\(root)/links", in: "\(root)/elsewhere")
        #expect(missing.status == 2)
        for place in ["--gazetteer PATH: not given", "ATLAS_GAZETTEER: not set", "\(data) (installed): no such file", "build tree: none"] {
            #expect(missing.stderr.contains(place), "\(missing.stderr)")
        }
    }

    /// `env atlas ARGUMENTS` with only `PATH` set, from `directory`.
    static func runThroughPath(_ arguments: [String], path: String, in directory: String) throws -> AtlasBinary.Result {
        try AtlasBinary.run(program: "/usr/bin/env", ["atlas"] + arguments, environment: ["PATH": path], directory: directory)
    }
}
