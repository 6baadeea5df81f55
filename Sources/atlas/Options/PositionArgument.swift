import Gazetteer
import Passport
import Resolver
import TravelLog

/// A place argument that may also be a position (``PlaceOrPosition``): wherever a command
/// reads a place, a coordinate in any form `atlas resolve` takes (``Position``) stands for the
/// place it resolves to, so that a place can be given as a map app copies it.
enum PositionArgument {
    /// A home: a city, region or country (``PlaceArgument``), or a coordinate, which keeps its
    /// exact point and the places it resolves to.
    static func home(_ given: PlaceOrPosition, option: String? = nil, gazetteer: Gazetteer) throws -> Home {
        guard case .position(let coordinate, _) = given else {
            return Home(place: try PlaceArgument.resolve(given.text, kinds: [.city, .region, .country], option: option, in: gazetteer))
        }
        let chain = try ResolveCommand.chain(at: coordinate, gazetteer: gazetteer)
        func link(_ l: PlaceChain.Link?) -> PlaceLink? { l.map { PlaceLink(id: $0.id.description, name: $0.name) } }
        guard let named = link(chain.city) ?? link(chain.region) ?? link(chain.country) else {
            throw UsageError("\(coordinate.latitude), \(coordinate.longitude) is in no country (international waters)", showsUsage: false)
        }
        var home = Home(place: named)
        (home.latitude, home.longitude) = (coordinate.latitude, coordinate.longitude)
        (home.country, home.region, home.city) = (link(chain.country), link(chain.region), link(chain.city))
        return home
    }

    /// Any place (``PlaceArgument``), or for a coordinate the most precise place it resolves to:
    /// its district, else its city, region or country. The place found for a coordinate is
    /// said on stderr, as one found by name is.
    static func place(_ given: PlaceOrPosition, gazetteer: Gazetteer) throws -> Place {
        let text = given.text
        guard case .position(let coordinate, _) = given else { return try PlaceArgument.resolve(text, in: gazetteer) }
        let chain = try ResolveCommand.chain(at: coordinate, gazetteer: gazetteer)
        guard let link = chain.district ?? chain.city ?? chain.region ?? chain.country, let place = try gazetteer.place(link.id) else {
            throw UsageError("\(coordinate.latitude), \(coordinate.longitude) is in no country (international waters)", showsUsage: false)
        }
        Console.error("'\(text.shown)' is in \(place.label) (\(place.id))")
        return place
    }
}
