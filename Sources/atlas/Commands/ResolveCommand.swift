import Foundation
import Gazetteer
import JSONWriter
import Resolver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `atlas resolve LAT LON` and `atlas resolve --batch [FILE|-]`: coordinates to place chains.
enum ResolveCommand: Command {
    static let batch = Flag("--batch", "Read coordinates from FILE or stdin, one a line: 'lat,lon[,id]' separated by ',', ';', a tab or spaces (the character after the first field decides; quote an id with \"…\"), or a JSON object {\"lat\":…,\"lon\":…,\"id\":…} (also latitude, lng, longitude). A first line naming the columns (lat, lon, id in any order) is a header. Write one JSON object per line, in input order, echoing id. A line that does not parse gives {\"id\":…,\"error\":\"line N: …\"} and the batch goes on; blank lines are skipped. Lines are resolved 16,384 at a time, a batch on each core, and written in input order; a line over 1 MiB is an error.", inUsage: false)
    static let declaration = CommandDeclaration(
        name: "resolve", summary: "Resolve coordinates to continent, country, region, subregion, city, district and airport", forms: ["LAT LON", "--batch [FILE|-]"],
        about: """
            Resolves a coordinate offline: polygon containment gives the country and region, the
            nearest city is searched inside them (with its district: neighbourhood, arrondissement,
            ward, when the gazetteer has one there), an airport is added within its radius, a point
            at sea is placed in a country's territorial waters (its time zone's territorial sea, else
            12 nmi from its coast) or in international waters, and the time zone is the IANA zone
            of the point (America/Denver in the Navajo Nation; Etc/GMT+3 in mid-Atlantic).

            The coordinate is written as map apps copy it, in one argument or several: 48.8584 2.2945,
            "48.8584, 2.2945", -33.86,151.21, 1e-5 1e-5, or degrees, minutes and seconds with
            hemisphere letters (48°51'30.2"N 2°17'40.2"E, "48.8584° N, 2.2945° E"). Latitude first
            unless letters say otherwise; a southern latitude or western longitude is negative
            (-33.86, -73.98): a word that starts with - and a digit is never an option. Numbers are
            read as in --batch.
            """,
        options: [SharedOptions.json("One JSON object instead of aligned text.").declaration,
                  batch.declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done, 1 usage error, 2 gazetteer problem or batch input that cannot be opened or read (a directory, a NUL byte), 3 some batch lines were bad, 4 output error.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let batch = arguments.flag(Self.batch)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        if batch {
            guard words.count <= 1 else { throw UsageError("--batch takes at most one file") }
            return try runBatch(Resolver(gazetteer: gazetteer), input: words.first ?? "-")
        }
        guard !words.isEmpty else { throw UsageError("expected a coordinate: LAT LON") }
        let chain = try chain(at: Position.parse(Position.joined(words)), gazetteer: gazetteer)
        if json {
            Console.out(chain.json())
        } else {
            Console.out(chain.text())
        }
        return .success
    }

    /// The place chain of one coordinate; a coordinate the resolver refuses is a usage error.
    static func chain(at coordinate: GeoCoordinate, gazetteer: Gazetteer) throws -> PlaceChain {
        let resolver = try Resolver(gazetteer: gazetteer)
        do {
            return try resolver.resolve(coordinate)
        } catch {
            throw UsageError("\(coordinate.latitude), \(coordinate.longitude): \(error.reason)", showsUsage: false)
        }
    }

    private static func runBatch(_ resolver: Resolver, input: String) throws -> ExitStatus {
        let descriptor = input == "-" ? STDIN_FILENO : open(input, O_RDONLY)
        guard descriptor >= 0 else {
            Console.error("atlas resolve: '\(input.shown)': cannot open: \(String(cString: strerror(errno)))")
            return .fatal
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var reader = BatchInput(descriptor: descriptor)
        do {
            let bad = try resolver.answer(&reader) { Console.outBytes($0) }
            return bad == 0 ? .success : .partial
        } catch {
            Console.error("atlas resolve: '\(input == "-" ? "stdin" : input.shown)': \(error.reason)")
            return .fatal
        }
    }
}
